//! `parlor serve` as a page and a program meet it: the real binary on a free port, asked over
//! HTTP. Every endpoint that does what a command does answers exactly the command's `--json`;
//! every mistake is a 4xx JSON object carrying the reader's message and its place; every bound
//! of docs/serve.md holds; and the server stops cleanly when told to.
//!
//! Each test starts a server of its own (a few milliseconds), so that one test's stalled
//! connections or busy solvers cannot slow another's, and ends it with SIGTERM, checking that it
//! still answered, exited 0, said `stopped` and never panicked.
#![cfg(unix)]

#[path = "../common/mod.rs"]
mod common;
#[path = "../pages/mod.rs"]
mod pages;

// The bounds themselves, so that the tests follow them when they change.
use serve::limits;

// Named apart from the game crates, whose paths the tests use.
mod camicia_api;
mod hiq_api;
mod process;
mod refusals;
mod russian_api;
mod speed_api;
mod web;

use common::{parlor, refused, rejects, stdout_of, stdout_reading};
use pages::files_named;
use predicates::str::contains;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

const UNKNOWN: &str = include_str!("../data/russian/unknown.txt");

/// Hi-Q's standard start: every hole but the centre.
const STANDARD: &str =
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33";

/// The standard start with holes 2 and 17 empty: lost, and its search passes the server's
/// 64 MiB after some 4 s.
const PAST_THE_BUDGET: &str =
    "1 3 4 5 6 7 8 9 10 11 12 13 14 15 16 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33";

/// The longest a server may take to exit once signalled: its drain, and some slack.
const EXIT_WAIT: Duration = Duration::from_secs(15);

/// A running `parlor serve --port 0`, killed when dropped if [`Server::stop`] did not end it.
struct Server {
    child: Child,
    stdout: BufReader<ChildStdout>,
    /// The first line it printed: its address.
    printed: String,
    /// Where requests go: its port on the loopback interface, whatever address it listens on.
    address: SocketAddr,
    agent: ureq::Agent,
}

/// An answer: its status, its headers and its body.
struct Answer {
    status: u16,
    headers: ureq::http::HeaderMap,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("")
    }

    fn text(&self) -> &str {
        std::str::from_utf8(&self.body).expect("a UTF-8 answer")
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.text()))
    }
}

impl Server {
    /// `parlor serve --port 0 EXTRA`, once it has printed its address.
    fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("parlor serve starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut printed = String::new();
        stdout.read_line(&mut printed).expect("parlor serve prints");
        let port = printed
            .trim_end()
            .strip_prefix("http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .and_then(|host| host.rsplit_once(':'))
            .and_then(|(_, port)| port.parse::<u16>().ok());
        let Some(port) = port else {
            let _ = child.kill();
            let mut stderr = String::new();
            let _ = child
                .stderr
                .take()
                .map(|mut e| e.read_to_string(&mut stderr));
            panic!("the first line is not the address: {printed:?}; stderr: {stderr}");
        };
        // Shorter than the server's idle bound, so that no request goes out on a connection
        // the server is closing.
        let idle = limits::HEAD_TIMEOUT / 2;
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_idle_age(idle)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into();
        Server {
            child,
            stdout,
            printed,
            address: SocketAddr::from(([127, 0, 0, 1], port)),
            agent,
        }
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    fn answer(response: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Answer {
        let mut response = response.expect("the server answers");
        Answer {
            status: response.status().as_u16(),
            headers: response.headers().clone(),
            body: response.body_mut().read_to_vec().expect("a whole body"),
        }
    }

    fn get(&self, path: &str) -> Answer {
        Server::answer(self.agent.get(self.url(path)).call())
    }

    fn post(&self, path: &str, body: impl AsRef<[u8]>) -> Answer {
        Server::answer(self.agent.post(self.url(path)).send(body.as_ref()))
    }

    fn request(&self, method: &str, path: &str) -> Answer {
        let request = ureq::http::Request::builder()
            .method(method)
            .uri(self.url(path))
            .body(())
            .expect("a request");
        Server::answer(self.agent.run(request))
    }

    /// The server is up: a request that needs no solver is answered.
    fn still_answers(&self) {
        let answer = self.get("/api/russian/game?deal=1");
        assert_eq!(answer.status, 200, "{}", answer.text());
        assert!(answer.json()["table"].is_string());
    }

    /// `/api/GAME/play` answers the contest in `file` with JSON lines, exactly what
    /// `parlor GAME --json FILE` prints.
    fn plays_like_the_command(&self, game: &str, file: &str) {
        let body = std::fs::read(file).expect("the contest file");
        let answer = self.post(&format!("/api/{game}/play"), body);
        assert_eq!(answer.status, 200, "{}", answer.text());
        assert_eq!(answer.header("content-type"), "application/x-ndjson");
        assert_eq!(answer.text(), stdout_of(&[game, "--json", file]));
    }

    /// Each GET of a `path` is refused, naming its bad query parameter `name`.
    fn refuses_parameters(&self, cases: &[(&str, &str)]) {
        for &(path, name) in cases {
            self.refused(&self.get(path), 400, parameter(name));
        }
    }

    /// `answer` is a refusal with `status` whose JSON, but for its message, is `fields`; and
    /// the server answers the next request. The message.
    fn refused(&self, answer: &Answer, status: u16, fields: Value) -> String {
        assert_eq!(answer.status, status, "{}", answer.text());
        assert_eq!(answer.header("content-type"), "application/json");
        let mut json = answer.json();
        let message = json
            .as_object_mut()
            .and_then(|object| object.remove("error"))
            .and_then(|error| error.as_str().map(str::to_owned))
            .unwrap_or_else(|| panic!("no message: {}", answer.text()));
        assert_eq!(json, fields, "{message}");
        self.still_answers();
        message
    }

    /// Sends `bytes` on a connection of its own and reads until a whole answer is in or the
    /// server closes the connection; how long that took, and what came back.
    fn raw(&self, bytes: impl Into<Vec<u8>>) -> JoinHandle<(Duration, Vec<u8>)> {
        let address = self.address;
        let bytes = bytes.into();
        thread::spawn(move || {
            let mut stream = TcpStream::connect(address).expect("the server accepts");
            let started = Instant::now();
            stream.write_all(&bytes).expect("the request is sent");
            stream
                .set_read_timeout(Some(limits::REQUEST_TIMEOUT * 3))
                .expect("a read timeout");
            let mut answer = Vec::new();
            let mut buffer = [0; 4096];
            while !whole(&answer) {
                match stream.read(&mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => answer.extend_from_slice(&buffer[..n]),
                }
            }
            (started.elapsed(), answer)
        })
    }

    /// Sends `signal`: the server must still have answered, and then exit 0 saying `stopped`,
    /// with nothing more on standard output and no panic. Its standard error.
    fn stop(mut self, signal: libc::c_int) -> String {
        self.still_answers();
        let pid = libc::pid_t::try_from(self.child.id()).expect("a pid");
        // SAFETY: kill only sends a signal; the child is not reaped until `wait` below, so the
        // pid is still its.
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
        let deadline = Instant::now() + EXIT_WAIT;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                break status;
            }
            assert!(Instant::now() < deadline, "the server did not stop");
            thread::sleep(Duration::from_millis(20));
        };
        let mut rest = String::new();
        self.stdout.read_to_string(&mut rest).expect("stdout");
        let mut stderr = String::new();
        if let Some(mut pipe) = self.child.stderr.take() {
            pipe.read_to_string(&mut stderr).expect("stderr");
        }
        assert!(status.success(), "{status}: {stderr}");
        assert_eq!(rest, "", "only the address on standard output");
        assert!(stderr.lines().any(|l| l == "stopped"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        stderr
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A raw answer's head and what came after it, once the head is in.
fn split(answer: &[u8]) -> Option<(&str, &[u8])> {
    let end = answer.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&answer[..end]).ok()?;
    Some((head, &answer[end + 4..]))
}

/// Whether a raw answer is in: its head, and as many bytes after it as the head announces.
fn whole(answer: &[u8]) -> bool {
    split(answer).is_some_and(|(head, body)| {
        let length = head.lines().find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse::<usize>().ok())?
        });
        body.len() >= length.unwrap_or(0)
    })
}

/// A refusal's fields for `reason`, with nothing more to say.
fn reason(reason: &str) -> Value {
    json!({ "reason": reason })
}

/// A refusal's fields for a bad query parameter `name`.
fn parameter(name: &str) -> Value {
    json!({"reason": "parameter", "parameter": name})
}

/// A refusal's fields for bad input at `line` and `column`.
fn input_at(line: u64, column: u64) -> Value {
    json!({"reason": "input", "line": line, "column": column})
}

/// A raw answer is a refusal with `status` for `reason`.
fn raw_refusal(answer: &[u8], status: u16, reason: &str) {
    let lossy = String::from_utf8_lossy(answer);
    let code = answer
        .strip_prefix(b"HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|code| std::str::from_utf8(code).ok());
    assert_eq!(code, Some(status.to_string().as_str()), "{lossy}");
    let body = split(answer).map_or(&[][..], |(_, body)| body);
    let json: Value =
        serde_json::from_slice(body).unwrap_or_else(|e| panic!("not JSON ({e}): {lossy:?}"));
    assert_eq!(json["reason"], reason, "{lossy}");
}
