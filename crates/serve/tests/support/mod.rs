//! What the server's tests share: a server of a test's own with a client that asks it, the
//! answers and refusals it checks, the test data, and the trials' names.
//!
//! Each test starts a server of its own (a few milliseconds), so that one test's stalled
//! connections or busy solvers cannot slow another's, and stops it, checking that it still
//! answered, let every request finish and that no thread of any server panicked.

pub mod agent;
pub mod pages;
pub mod random;
// The one testdata! of every test program, kept with parlor's test support.
#[path = "../../../parlor/tests/support/testdata.rs"]
mod testdata;

// The bounds themselves, so that the tests follow them when they change.
use serve::limits;

use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Once;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// A Russian Solitaire table with face-down cards, as the page sends it for a hint.
pub const UNKNOWN: &str = include_str!(crate::testdata!("examples/russian-unknown.txt"));

/// Hi-Q's standard start: every hole but the centre.
pub const STANDARD: &str =
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33";

/// The longest a server may take to stop: its drain, and some slack.
const STOP_WAIT: Duration = Duration::from_secs(15);

/// Panics on the servers' threads, counted by the hook [`TestServer::start`] installs.
static PANICS: AtomicUsize = AtomicUsize::new(0);

/// The name of a trial of `test` in the module `module` (`tests::api::hiq`): the module's path
/// within the test program and the function's name, as libtest names a test.
pub fn trial_name(module: &str, test: &str) -> String {
    let module = module.split_once("::").map_or("", |(_, inner)| inner);
    format!("{module}::{test}")
}

/// `tests![a, b]`: the trials of the test functions `a` and `b`, each `fn()` that panics when
/// it fails.
#[macro_export]
macro_rules! tests {
    ($($test:ident),* $(,)?) => {
        vec![$(libtest_mimic::Trial::test(
            $crate::support::trial_name(module_path!(), stringify!($test)),
            || {
                $test();
                Ok(())
            },
        )),*]
    };
}

/// A server of a test's own on a free port of 127.0.0.1, with a client that asks it.
pub struct TestServer {
    server: serve::Server,
    pub agent: ureq::Agent,
}

/// An answer: its status, its headers and its body.
pub struct Answer {
    pub status: u16,
    pub headers: ureq::http::HeaderMap,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("")
    }

    pub fn text(&self) -> &str {
        std::str::from_utf8(&self.body).expect("a UTF-8 answer")
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.text()))
    }

    /// The answer of `response`, which the server must have given whole.
    pub fn of(response: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Answer {
        let mut response = response.expect("the server answers");
        Answer {
            status: response.status().as_u16(),
            headers: response.headers().clone(),
            body: response.body_mut().read_to_vec().expect("a whole body"),
        }
    }
}

impl TestServer {
    pub fn start() -> TestServer {
        static HOOK: Once = Once::new();
        HOOK.call_once(|| {
            let report = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                if thread::current().name() == Some(serve::THREADS) {
                    PANICS.fetch_add(1, Ordering::SeqCst);
                }
                report(info);
            }));
        });
        let server = serve::Server::bind(([127, 0, 0, 1], 0).into()).expect("the server starts");
        TestServer {
            server,
            agent: agent::agent(),
        }
    }

    pub fn address(&self) -> SocketAddr {
        self.server.address()
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address())
    }

    pub fn get(&self, path: &str) -> Answer {
        Answer::of(self.agent.get(self.url(path)).call())
    }

    pub fn post(&self, path: &str, body: impl AsRef<[u8]>) -> Answer {
        Answer::of(self.agent.post(self.url(path)).send(body.as_ref()))
    }

    pub fn request(&self, method: &str, path: &str) -> Answer {
        let request = ureq::http::Request::builder()
            .method(method)
            .uri(self.url(path))
            .body(())
            .expect("a request");
        Answer::of(self.agent.run(request))
    }

    /// The server is up: a request that needs no solver is answered.
    pub fn still_answers(&self) {
        let answer = self.get("/api/russian/game?deal=1");
        assert_eq!(answer.status, 200, "{}", answer.text());
        assert!(answer.json()["table"].is_string());
    }

    /// Each GET of a `path` is refused, naming its bad query parameter `name`.
    pub fn refuses_parameters(&self, cases: &[(&str, &str)]) {
        for &(path, name) in cases {
            self.refused(&self.get(path), 400, parameter(name));
        }
    }

    /// `answer` is a refusal with `status` whose JSON, but for its message, is `fields`; and
    /// the server answers the next request. The message.
    pub fn refused(&self, answer: &Answer, status: u16, fields: Value) -> String {
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
    pub fn raw(&self, bytes: impl Into<Vec<u8>>) -> JoinHandle<(Duration, Vec<u8>)> {
        let address = self.address();
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

    /// Stops the server: it must still have answered, then let every request in flight finish.
    pub fn stop(self) {
        self.still_answers();
        assert_eq!(self.stopped(), serve::Stopped::Drained);
    }

    /// Stops the server, which must stop in good time with no thread of any server panicked;
    /// how it stopped.
    pub fn stopped(self) -> serve::Stopped {
        let started = Instant::now();
        let stopped = self.server.stop();
        assert!(started.elapsed() < STOP_WAIT, "{:?}", started.elapsed());
        assert_eq!(
            PANICS.load(Ordering::SeqCst),
            0,
            "a thread of a server panicked"
        );
        stopped
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
pub fn reason(reason: &str) -> Value {
    json!({ "reason": reason })
}

/// A refusal's fields for a bad query parameter `name`.
pub fn parameter(name: &str) -> Value {
    json!({"reason": "parameter", "parameter": name})
}

/// A refusal's fields for bad input at `line` and `column`.
pub fn input_at(line: u64, column: u64) -> Value {
    json!({"reason": "input", "line": line, "column": column})
}

/// A raw answer is a refusal with `status` for `reason`.
pub fn raw_refusal(answer: &[u8], status: u16, reason: &str) {
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
