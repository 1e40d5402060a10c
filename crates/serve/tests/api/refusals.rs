//! What is refused, and how: a bad body or query, a wrong method or address, a request too
//! large or too slow.

use crate::support::{STANDARD, TestServer, UNKNOWN, input_at, parameter, raw_refusal, reason};
use libtest_mimic::Trial;
use serde_json::json;
use serve::limits;
use std::thread;
use std::time::{Duration, Instant};

pub fn trials() -> Vec<Trial> {
    crate::tests![
        a_bad_body_gets_the_readers_message_with_its_place,
        a_bad_query_names_its_parameter,
        a_wrong_method_a_missing_page_and_a_body_too_large_are_refused,
        a_stalled_request_is_cut_off_and_a_slow_body_answered_408_while_others_are_served,
    ]
}

fn a_bad_body_gets_the_readers_message_with_its_place() {
    let server = TestServer::start();
    for (bad, line, column) in [("1 2 99", 1, 5), ("x", 1, 1), ("", 1, 1)] {
        server.refused(
            &server.post("/api/hiq/solve", bad),
            400,
            input_at(line, column),
        );
    }
    let not_utf8 = b"10 12\n17 \xfe";
    let message = server.refused(
        &server.post("/api/hiq/solve", not_utf8),
        400,
        input_at(2, 4),
    );
    assert!(message.contains("UTF-8"), "{message}");
    server.refused(
        &server.post("/api/hiq/board?line=5-17", not_utf8),
        400,
        input_at(2, 4),
    );

    let contest = "1\n10 12 x 0\n";
    server.refused(&server.post("/api/hiq/play", contest), 400, input_at(2, 7));

    let table = UNKNOWN.replacen("D6 H8", "D6 H1", 1);
    server.refused(
        &server.post("/api/russian/hint", &table),
        400,
        input_at(3, 11),
    );
    server.refused(
        &server.post("/api/russian/hint", b"C9 \xff"),
        400,
        input_at(1, 4),
    );
    server.stop();
}

fn a_bad_query_names_its_parameter() {
    let server = TestServer::start();
    let at = |name: &str, column: u64| json!({"reason": "parameter", "parameter": name, "column": column});

    let message = server.refused(
        &server.post("/api/hiq/board?line=5-17,x", STANDARD),
        400,
        at("line", 6),
    );
    assert!(message.starts_with("line: column 6: "), "{message}");
    server.refused(
        &server.post("/api/hiq/board?line=5-17,5-17", STANDARD),
        400,
        at("line", 6),
    );
    let message = server.refused(
        &server.get("/api/russian/game?deal=113&moves=C3-1,C7-3"),
        400,
        at("moves", 6),
    );
    assert!(message.contains("face down"), "{message}");
    server.refused(
        &server.get("/api/russian/game?deal=113&moves=C3-1,zz"),
        400,
        at("moves", 6),
    );
    let message = server.refused(
        &server.get("/api/russian/game?deal=113&colour=red"),
        400,
        reason("parameter"),
    );
    assert!(message.contains("colour"), "{message}");
    let message = server.refused(
        &server.get("/api/russian/game?deal=113&deal=114"),
        400,
        parameter("deal"),
    );
    assert_eq!(message, "deal: given twice");
    server.refused(&server.get("/api/russian/game"), 400, reason("input"));
    server.refused(
        &server.post("/api/hiq/solve?goal=34", STANDARD),
        400,
        parameter("goal"),
    );
    server.refuses_parameters(&[
        ("/api/russian/game?seed=1&pysol=0", "pysol"),
        ("/api/russian/game?deal=-1", "deal"),
        ("/api/russian/play?deal=1", "strategy"),
        ("/api/russian/play?deal=1&strategy=psychic", "strategy"),
    ]);
    for samples in ["0", &(limits::MAX_SAMPLES + 1).to_string(), "x", "+5"] {
        let message = server.refused(
            &server.post(&format!("/api/russian/hint?samples={samples}"), UNKNOWN),
            400,
            parameter("samples"),
        );
        // The command line's rule and message for --samples, the value quoted (a query's `+`
        // is a space).
        assert!(
            message.starts_with("samples: expected a number of samples from 1 to 10,000, found \""),
            "{message}"
        );
        assert_eq!(limits::MAX_SAMPLES, 10_000);
        server.refused(
            &server.get(&format!("/api/russian/peek?deal=1&samples={samples}")),
            400,
            parameter("samples"),
        );
    }
    let most = server.get(&format!(
        "/api/russian/peek?deal=1&samples={}",
        limits::MAX_SAMPLES
    ));
    assert_eq!(most.status, 200, "{}", most.text());
    server.refused(
        &server.post("/api/russian/hint?seed=-1", UNKNOWN),
        400,
        parameter("seed"),
    );
    server.stop();
}

fn a_wrong_method_a_missing_page_and_a_body_too_large_are_refused() {
    let server = TestServer::start();
    for (method, path, allowed) in [
        ("GET", "/api/hiq/solve", "POST"),
        ("GET", "/api/hiq/play", "POST"),
        ("PUT", "/api/russian/hint", "POST"),
        ("POST", "/api/russian/game", "GET"),
        ("DELETE", "/api/russian/peek", "GET"),
        ("POST", "/hiq", "GET"),
        ("PUT", "/parlor.css", "GET"),
    ] {
        let answer = server.request(method, path);
        let message = server.refused(&answer, 405, reason("method"));
        assert_eq!(answer.header("allow"), allowed, "{method} {path}");
        assert!(message.starts_with(method), "{message}");
    }
    for path in ["/nowhere", "/api/hiq", "/hiq/", "/api/russian/game/1"] {
        let message = server.refused(&server.get(path), 404, reason("not-found"));
        assert!(message.contains(path), "{message}");
    }

    // A head past the bound is refused by the HTTP layer, before any route: 431 with no body.
    let line = vec!["C3-1"; limits::MAX_HEAD / 4].join(",");
    let answer = server.get(&format!("/api/russian/game?deal=113&moves={line}"));
    assert_eq!(answer.status, 431, "{}", answer.text());
    server.still_answers();

    let too_large = reason("too-large");
    let full = " ".repeat(limits::MAX_BODY);
    // The most the server reads is read, and refused by the reader, not for its size.
    server.refused(
        &server.post("/api/hiq/solve", &full),
        400,
        json!({"reason": "input", "line": 1, "column": 1}),
    );
    server.refused(
        &server.post("/api/hiq/solve", format!("{full} ")),
        413,
        too_large.clone(),
    );
    server.refused(
        &server.post("/api/russian/hint", format!("{full}{UNKNOWN}")),
        413,
        too_large.clone(),
    );
    // A body of unannounced length is cut off at the bound too.
    let chunk = limits::MAX_BODY + 1;
    let request = format!(
        "POST /api/hiq/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nTransfer-Encoding: \
         chunked\r\n\r\n{chunk:x}\r\n{}\r\n0\r\n\r\n",
        " ".repeat(chunk)
    );
    let (_, answer) = server.raw(request).join().expect("a raw exchange");
    raw_refusal(&answer, 413, "too-large");
    server.stop();
}

fn a_stalled_request_is_cut_off_and_a_slow_body_answered_408_while_others_are_served() {
    let server = TestServer::start();
    let silent = server.raw(b"");
    let half = server.raw(b"GET /api/russian/ga");
    let slow = server.raw(
        b"POST /api/hiq/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 40\r\n\r\n10 12 ",
    );
    let started = Instant::now();
    while started.elapsed() < limits::HEAD_TIMEOUT + Duration::from_secs(1) {
        let asked = Instant::now();
        server.still_answers();
        assert!(
            asked.elapsed() < Duration::from_secs(2),
            "{:?}",
            asked.elapsed()
        );
        thread::sleep(Duration::from_millis(250));
    }
    let slack = Duration::from_secs(2);
    for stalled in [silent, half] {
        let (took, _) = stalled.join().expect("a raw exchange");
        assert!(
            took >= limits::HEAD_TIMEOUT - slack / 4 && took <= limits::HEAD_TIMEOUT + slack,
            "closed after {took:?}"
        );
    }
    // A body of 40 bytes has the grace alone.
    let (took, answer) = slow.join().expect("a raw exchange");
    assert!(
        took >= limits::BODY_GRACE - slack / 4 && took <= limits::BODY_GRACE + slack,
        "answered after {took:?}"
    );
    raw_refusal(&answer, 408, "timeout");
    server.stop();
}
