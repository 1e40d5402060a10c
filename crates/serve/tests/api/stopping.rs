//! The server as the library gives it: where it listens, and how it stops with requests in
//! flight.

use crate::support::TestServer;
use libtest_mimic::Trial;
use serve::Stopped;
use serve::limits::{self, DRAIN};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::thread;
use std::time::{Duration, Instant};

pub fn trials() -> Vec<Trial> {
    crate::tests![
        on_a_listener_it_serves_where_the_listener_listens,
        a_request_in_flight_is_answered_before_the_server_stops,
        a_request_still_running_after_the_drain_is_cut,
    ]
}

fn on_a_listener_it_serves_where_the_listener_listens() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let address = listener.local_addr().expect("an address");
    let server = serve::Server::on(listener, serve::Access::local()).expect("the server starts");
    assert_eq!(server.address(), address);
    let answer = crate::support::agent::agent()
        .get(format!("http://{address}/api/russian/game?deal=1"))
        .call()
        .expect("an answer");
    assert_eq!(answer.status(), 200);
    assert_eq!(server.stop(), Stopped::Drained);
    assert!(TcpStream::connect(address).is_err(), "still listening");
}

/// A connection on which a request for a Hi-Q verdict of `length` bytes of body is in flight:
/// the server has read its head and waits for the body, which is not sent yet.
fn begun(server: &TestServer, length: usize) -> TcpStream {
    let mut stream = TcpStream::connect(server.address()).expect("the server accepts");
    // The server says `100 Continue` once the endpoint reads the body.
    let head = format!(
        "POST /api/hiq/solve?goal=any HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
         Expect: 100-continue\r\nContent-Length: {length}\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).expect("the head is sent");
    stream
        .set_read_timeout(Some(DRAIN))
        .expect("a read timeout");
    let mut said = Vec::new();
    let mut byte = [0];
    while !said.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).expect("the server goes on");
        said.push(byte[0]);
    }
    let said = String::from_utf8_lossy(&said);
    assert!(said.starts_with("HTTP/1.1 100 Continue\r\n"), "{said}");
    stream
}

/// All that comes back on `stream` until the server closes it.
fn rest(mut stream: TcpStream) -> String {
    stream
        .set_read_timeout(Some(DRAIN * 2))
        .expect("a read timeout");
    let mut answer = Vec::new();
    stream
        .read_to_end(&mut answer)
        .expect("the server closes the connection");
    String::from_utf8_lossy(&answer).into_owned()
}

fn a_request_in_flight_is_answered_before_the_server_stops() {
    let server = TestServer::start();
    let address = server.address();
    let body = "10 12 17 19 25\n";
    let mut stream = begun(&server, body.len());
    let stopping = thread::spawn(move || server.stopped());
    // A stopping server soon accepts no more connections.
    let asked = Instant::now();
    while TcpStream::connect(address).is_ok() {
        assert!(asked.elapsed() < DRAIN, "still accepting");
        thread::sleep(Duration::from_millis(20));
    }
    stream.write_all(body.as_bytes()).expect("the body is sent");
    let answer = rest(stream);
    assert!(answer.starts_with("HTTP/1.1 200 "), "{answer}");
    assert!(answer.contains("\"pegs\":[10,12,17,19,25]"), "{answer}");
    assert_eq!(stopping.join().expect("stopped"), Stopped::Drained);
}

fn a_request_still_running_after_the_drain_is_cut() {
    let server = TestServer::start();
    // Its body comes at 5 KiB/s, which the server would wait for until past the drain.
    let length = limits::MAX_BODY - 4096;
    assert!(
        limits::BODY_GRACE.as_secs_f64() + length as f64 / limits::BODY_RATE as f64
            > DRAIN.as_secs_f64() + 1.0
    );
    let stream = begun(&server, length);
    let mut dribbled = stream.try_clone().expect("a second handle");
    thread::spawn(move || {
        for _ in 0..length / 1024 {
            if dribbled.write_all(&[b' '; 1024]).is_err() {
                break;
            }
            thread::sleep(Duration::from_millis(200));
        }
    });
    let started = Instant::now();
    assert_eq!(server.stopped(), Stopped::Cut);
    let took = started.elapsed();
    assert!(took >= DRAIN && took < DRAIN * 2, "{took:?}");
    // Cut, it is told why, as docs/serve.md says.
    crate::support::raw_refusal(rest(stream).as_bytes(), 503, "stopping");
}
