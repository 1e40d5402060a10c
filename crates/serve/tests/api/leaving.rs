//! A client that half-closes its connection after its requests (`shutdown(SHUT_WR)`) stays:
//! it gets every answer, and while its work runs, interim `102 Processing` answers that ask
//! whether it is still there (a client that closed answers them with a reset, and its work
//! stops: crates/parlor/tests/serve/attacks.rs measures that). The interim answers never fall
//! inside another answer, even while an earlier answer is still being written.

use crate::support::{TestServer, UNKNOWN};
use libtest_mimic::Trial;
use socket2::{Domain, Socket, Type};
use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::thread;
use std::time::Duration;

pub fn trials() -> Vec<Trial> {
    crate::tests![
        a_half_closed_client_is_answered,
        a_half_closed_client_at_work_is_asked_and_answered,
        interim_answers_wait_for_an_earlier_answer_being_written,
        a_client_that_reads_slowly_but_steadily_is_never_cut_off,
    ]
}

/// `method path` with `body`, as a pipelined request (the connection kept open).
fn request(server: &TestServer, method: &str, path: &str, body: &str) -> String {
    format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n{body}",
        server.address(),
        body.len()
    )
}

/// The answers in `bytes`, in order: each status, and the body of each final one.
fn answers(bytes: &[u8]) -> Vec<(u16, Vec<u8>)> {
    let mut answers = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let end = rest
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("an answer cut short: {:?}", String::from_utf8_lossy(rest)));
        let head = std::str::from_utf8(&rest[..end]).expect("a head in ASCII");
        let status: u16 = head
            .strip_prefix("HTTP/1.1 ")
            .and_then(|s| s.get(..3))
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("not an answer's head: {head:?}"));
        let length = head
            .lines()
            .find_map(|line| {
                let (name, value) = line.split_once(':')?;
                name.eq_ignore_ascii_case("content-length")
                    .then(|| value.trim().parse::<usize>().ok())?
            })
            .unwrap_or(0);
        assert!(
            status >= 200 || length == 0,
            "an interim answer with a body"
        );
        let body = &rest[end + 4..];
        assert!(body.len() >= length, "a body cut short");
        answers.push((status, body[..length].to_vec()));
        rest = &body[length..];
    }
    answers
}

/// Sends `requests`, half-closes, and reads until the server closes; the answers.
fn half_closed(server: &TestServer, requests: &str) -> Vec<(u16, Vec<u8>)> {
    let mut stream = TcpStream::connect(server.address()).expect("accepted");
    stream.write_all(requests.as_bytes()).expect("sent");
    stream.shutdown(Shutdown::Write).expect("half-closed");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("a timeout");
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).expect("read to the end");
    answers(&bytes)
}

fn a_half_closed_client_is_answered() {
    let server = TestServer::start();
    for (path, body, part) in [
        (
            "/api/hiq/solve?goal=any",
            "10 12 17 19 25\n",
            "\"remaining\":",
        ),
        ("/api/russian/hint", UNKNOWN, "\"fair\":"),
        ("/api/russian/game?deal=1", "", "\"table\":"),
    ] {
        let method = if body.is_empty() { "GET" } else { "POST" };
        let answers = half_closed(&server, &request(&server, method, path, body));
        let (status, body) = answers.last().expect("an answer");
        let body = String::from_utf8_lossy(body);
        assert_eq!(*status, 200, "{path}: {body}");
        assert!(body.contains(part), "{path}: {body}");
        assert!(answers[..answers.len() - 1].iter().all(|(s, _)| *s == 102));
    }
    server.stop();
}

fn a_half_closed_client_at_work_is_asked_and_answered() {
    let server = TestServer::start();
    // A hint at 1,000 samples takes a hundred milliseconds or more.
    let slow = request(&server, "POST", "/api/russian/hint?samples=1000", UNKNOWN);
    let quick = request(&server, "GET", "/api/russian/game?deal=1", "");
    let answers = half_closed(&server, &(slow + &quick));
    let statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
    let finals: Vec<u16> = statuses.iter().copied().filter(|&s| s != 102).collect();
    assert_eq!(finals, [200, 200], "{statuses:?}");
    assert_eq!(statuses[0], 102, "{statuses:?}: the client was not asked");
    assert!(String::from_utf8_lossy(&answers[answers.len() - 1].1).contains("\"table\":"));
    server.stop();
}

/// An answer some megabytes long, left unread while the next request works and the client
/// half-closes: the server may send no interim answer until the long one is all written, and
/// every answer read afterwards is whole.
fn interim_answers_wait_for_an_earlier_answer_being_written() {
    let server = TestServer::start();
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).expect("a socket");
    // A small window, so that the long answer stalls in the server.
    socket.set_recv_buffer_size(4096).expect("a receive buffer");
    socket.connect(&server.address().into()).expect("accepted");
    let mut stream: TcpStream = socket.into();
    let long = request(&server, "POST", "/api/speed/play", &speed_input(GAMES));
    let slow = request(&server, "POST", "/api/russian/hint?samples=1000", UNKNOWN);
    stream.write_all((long + &slow).as_bytes()).expect("sent");
    stream.shutdown(Shutdown::Write).expect("half-closed");
    // The long answer is made at once and stalls; the hint then works, unread.
    thread::sleep(Duration::from_millis(600));
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).expect("read to the end");
    let answers = answers(&bytes);
    let statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
    // The long answer's own work may be asked about before it is made.
    let finals: Vec<&(u16, Vec<u8>)> = answers.iter().filter(|(s, _)| *s != 102).collect();
    assert_eq!(finals.len(), 2, "{statuses:?}");
    assert!(finals.iter().all(|(s, _)| *s == 200), "{statuses:?}");
    let long = &finals[0].1;
    assert!(long.len() > 500_000, "{} bytes", long.len());
    assert_eq!(long.iter().filter(|&&b| b == b'\n').count(), GAMES);
    assert!(String::from_utf8_lossy(&finals[1].1).contains("\"fair\":"));
    server.stop();
}

/// A client on a slow line (some 100 KB/s, a piece every 80 ms) takes its answer for longer
/// than the write timeout without a pause of it: it is cut off only for a pause. (Linux wakes a
/// writer once a third of the send buffer is free, and that buffer grows to megabytes: at this
/// pace the server saw no progress for over 5 s and reset the connection some 560 KB in.)
fn a_client_that_reads_slowly_but_steadily_is_never_cut_off() {
    let server = TestServer::start();
    let mut stream = TcpStream::connect(server.address()).expect("accepted");
    // A body of 404 random deals (`parlor speed stats --seed 1`'s), whose 4.8 MB answer the
    // sockets' buffers cannot hold at once.
    let deals: Vec<speed::Deal> = (0..404)
        .map(|deal| speed::Deal::random(1, deal, speed::Split::HALVES))
        .collect();
    let input = speed::contest::write(&deals);
    let post = request(&server, "POST", "/api/speed/play", &input);
    stream.write_all(post.as_bytes()).expect("sent");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("a timeout");
    let started = std::time::Instant::now();
    let mut taken = 0;
    let mut piece = [0; 8 << 10];
    while started.elapsed() < serve::limits::WRITE_TIMEOUT + Duration::from_secs(3) {
        match stream.read(&mut piece) {
            Ok(0) => panic!("closed after {taken} bytes, {:?}", started.elapsed()),
            Ok(n) => taken += n,
            Err(e) => panic!("{e} after {taken} bytes, {:?}", started.elapsed()),
        }
        thread::sleep(Duration::from_millis(80));
    }
    assert!(taken > 500_000, "{taken} bytes");
    drop(stream);
    server.stop();
}

/// The games of the long answer: some 2 MB of it.
const GAMES: usize = 200;

/// Contest input of Speed: `games` times a game of two hands of 26 cards.
fn speed_input(games: usize) -> String {
    let game = "26 SA S2 S3 S4 S5 S6 S7 S8 S9 SX SJ SQ SK HA H2 H3 H4 H5 H6 H7 H8 H9 HX HJ HQ HK\n\
                26 DA D2 D3 D4 D5 D6 D7 D8 D9 DX DJ DQ DK CA C2 C3 C4 C5 C6 C7 C8 C9 CX CJ CQ CK\n";
    game.repeat(games) + "0\n"
}
