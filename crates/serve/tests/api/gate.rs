//! Who the server answers: a request naming it by another name, another site's request for
//! work, HTTP/1.1 without a Host, and a body announced too long, each refused before any work.

use crate::support::{STANDARD, TestServer, raw_refusal};
use libtest_mimic::Trial;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

pub fn trials() -> Vec<Trial> {
    crate::tests![
        another_name_for_the_server_is_refused_403,
        another_sites_request_for_work_is_refused_403_and_its_pages_still_open,
        http_1_1_without_a_host_or_with_a_malformed_one_is_400,
        two_hosts_are_400_and_an_absolute_target_is_judged_by_its_authority,
        a_hundred_header_fields_are_431,
        a_body_announced_too_long_is_refused_at_once_without_100_continue,
    ]
}

/// What the server says on a connection of its own to `head` and `body`, within 5 s.
fn exchange(server: &TestServer, head: &str, body: &str) -> (Duration, String) {
    let mut stream = TcpStream::connect(server.address()).expect("the server accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .expect("a read timeout");
    let asked = Instant::now();
    stream
        .write_all(format!("{head}Connection: close\r\n\r\n{body}").as_bytes())
        .expect("the request is sent");
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    (
        asked.elapsed(),
        String::from_utf8_lossy(&answer).into_owned(),
    )
}

fn another_name_for_the_server_is_refused_403() {
    let server = TestServer::start();
    let port = server.address().port();
    // A page of evil.example whose name now resolves to 127.0.0.1 (DNS rebinding).
    for host in [
        format!("evil.example:{port}"),
        "evil.example".into(),
        format!("localhost.evil.example:{port}"),
        format!("10.1.2.3:{port}"),
    ] {
        for path in ["/", "/api/russian/peek?deal=5"] {
            let (_, answer) = exchange(
                &server,
                &format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n"),
                "",
            );
            raw_refusal(answer.as_bytes(), 403, "host");
            assert!(answer.contains("--allow-host"), "{answer}");
        }
    }
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        "[::1]".into(),
    ] {
        let (_, answer) = exchange(&server, &format!("GET / HTTP/1.1\r\nHost: {host}\r\n"), "");
        assert!(answer.starts_with("HTTP/1.1 200 "), "{host}: {answer}");
    }
    server.stop();
}

fn another_sites_request_for_work_is_refused_403_and_its_pages_still_open() {
    let server = TestServer::start();
    let host = server.address();
    let solve = |extra: &str| {
        exchange(
            &server,
            &format!(
                "POST /api/hiq/solve?goal=any HTTP/1.1\r\nHost: {host}\r\n{extra}Content-Type: \
                 text/plain\r\nContent-Length: {}\r\n",
                STANDARD.len()
            ),
            STANDARD,
        )
    };
    for foreign in [
        "Origin: http://evil.example\r\n".to_string(),
        "Origin: null\r\n".into(),
        "Sec-Fetch-Site: cross-site\r\n".into(),
        format!("Origin: http://{host}\r\nSec-Fetch-Site: same-site\r\n"),
    ] {
        let (took, answer) = solve(&foreign);
        raw_refusal(answer.as_bytes(), 403, "cross-site");
        assert!(took < Duration::from_secs(1), "{took:?}: the work ran");
    }
    // An image of another site's page can send a GET: refused before the planner plays.
    let (_, answer) = exchange(
        &server,
        &format!(
            "GET /api/russian/play?deal=113&strategy=planner&samples=10000 HTTP/1.1\r\nHost: \
             {host}\r\nSec-Fetch-Site: cross-site\r\n"
        ),
        "",
    );
    raw_refusal(answer.as_bytes(), 403, "cross-site");
    // The server's own page asks, and a link from another site opens a page.
    let (_, answer) = exchange(
        &server,
        &format!(
            "GET /api/russian/game?deal=1 HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n\
             Sec-Fetch-Site: same-origin\r\n"
        ),
        "",
    );
    assert!(answer.starts_with("HTTP/1.1 200 "), "{answer}");
    let (_, answer) = exchange(
        &server,
        &format!("GET /hiq HTTP/1.1\r\nHost: {host}\r\nSec-Fetch-Site: cross-site\r\n"),
        "",
    );
    assert!(answer.starts_with("HTTP/1.1 200 "), "{answer}");
    server.stop();
}

fn http_1_1_without_a_host_or_with_a_malformed_one_is_400() {
    let server = TestServer::start();
    let (_, answer) = exchange(&server, "GET / HTTP/1.1\r\n", "");
    raw_refusal(answer.as_bytes(), 400, "host");
    // Nor is a Host that is no host and port.
    for host in ["a b", "user@127.0.0.1", "127.0.0.1:x", "[::1"] {
        let (_, answer) = exchange(&server, &format!("GET / HTTP/1.1\r\nHost: {host}\r\n"), "");
        raw_refusal(answer.as_bytes(), 400, "host");
    }
    // HTTP/1.0 had no Host.
    let (_, answer) = exchange(&server, "GET / HTTP/1.0\r\n", "");
    assert!(answer.starts_with("HTTP/1.0 200 "), "{answer}");
    server.stop();
}

fn two_hosts_are_400_and_an_absolute_target_is_judged_by_its_authority() {
    let server = TestServer::start();
    let own = server.address();
    // RFC 9112 §3.2: a request with more than one Host is refused 400, whichever they name.
    for second in [own.to_string(), "evil.example".into()] {
        let (_, answer) = exchange(
            &server,
            &format!("GET / HTTP/1.1\r\nHost: {own}\r\nHost: {second}\r\n"),
            "",
        );
        raw_refusal(answer.as_bytes(), 400, "host");
    }
    // RFC 9112 §3.2.2: the authority of an absolute-form target replaces the Host header.
    let (_, answer) = exchange(
        &server,
        &format!("GET http://evil.example/api/russian/game?deal=1 HTTP/1.1\r\nHost: {own}\r\n"),
        "",
    );
    raw_refusal(answer.as_bytes(), 403, "host");
    let (_, answer) = exchange(
        &server,
        &format!("GET http://{own}/api/russian/game?deal=1 HTTP/1.1\r\nHost: evil.example\r\n"),
        "",
    );
    assert!(answer.starts_with("HTTP/1.1 200 "), "{answer}");
    // Its own origin is the target's: a page of the server's own asks.
    let (_, answer) = exchange(
        &server,
        &format!(
            "GET http://{own}/api/russian/game?deal=1 HTTP/1.1\r\nHost: {own}\r\nOrigin: \
             http://{own}\r\n"
        ),
        "",
    );
    assert!(answer.starts_with("HTTP/1.1 200 "), "{answer}");
    server.stop();
}

/// hyper reads at most 100 header fields (RFC 9110 §5.4 lets a server bound them), however
/// short: past that, 431 with an empty body, as for a head past 8 KiB. (Host and Connection
/// are two of them.)
fn a_hundred_header_fields_are_431() {
    let server = TestServer::start();
    let fields = |count: usize| {
        (0..count)
            .map(|i| format!("X-{i}: 1\r\n"))
            .collect::<String>()
    };
    let host = server.address();
    let (_, answer) = exchange(
        &server,
        &format!("GET / HTTP/1.1\r\nHost: {host}\r\n{}", fields(98)),
        "",
    );
    assert!(answer.starts_with("HTTP/1.1 200 "), "{answer}");
    let (_, answer) = exchange(
        &server,
        &format!("GET / HTTP/1.1\r\nHost: {host}\r\n{}", fields(99)),
        "",
    );
    assert!(answer.starts_with("HTTP/1.1 431 "), "{answer}");
    server.stop();
}

fn a_body_announced_too_long_is_refused_at_once_without_100_continue() {
    let server = TestServer::start();
    let host = server.address();
    for extra in ["Expect: 100-continue\r\n", ""] {
        for length in ["10000000", "1000000000000"] {
            let (took, answer) = exchange(
                &server,
                &format!(
                    "POST /api/hiq/solve HTTP/1.1\r\nHost: {host}\r\n{extra}Content-Length: \
                     {length}\r\n"
                ),
                "10 12",
            );
            assert!(!answer.contains("100 Continue"), "{answer}");
            raw_refusal(answer.as_bytes(), 413, "too-large");
            assert!(took < Duration::from_secs(1), "refused after {took:?}");
        }
    }
    server.stop();
}
