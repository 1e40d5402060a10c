//! `parlor serve` as a process, and as the twin of the other commands: the real binary on a free
//! port. As a process, its first line is its address, it warns when other machines can reach it,
//! Ctrl-C and SIGTERM stop it (exit 0, `stopped`, no panic), and its options are checked. As a
//! twin, every endpoint that does what a command does answers byte for byte what the command
//! prints with `--json`, and refuses bad input with the command's message.
//!
//! The server's own behaviour (statuses, bounds, pages, stopping) is tested with it, in
//! crates/serve/tests.
use crate::support::{parlor, refused, rejects, stdout_of, stdout_reading};
use predicates::str::contains;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read};
use std::net::{SocketAddr, TcpListener};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The test data the server's tests read too.
macro_rules! testdata {
    ($file:literal) => {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/", $file)
    };
}

const UNKNOWN: &str = include_str!(testdata!("russian/unknown.txt"));

/// Hi-Q's standard start: every hole but the centre.
const STANDARD: &str =
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33";

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
    /// The token of the printed address, which every request carries, if there is one.
    token: Option<String>,
    agent: ureq::Agent,
}

impl Server {
    /// `parlor serve --port 0 EXTRA`, once it has printed its address.
    fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
            .args(["serve", "--port", "0"])
            .args(extra)
            // Hi-Q's table is cached beside the build, not in the user's cache.
            .env("XDG_CACHE_HOME", env!("CARGO_TARGET_TMPDIR"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("parlor serve starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut printed = String::new();
        stdout.read_line(&mut printed).expect("parlor serve prints");
        let (url, token) = match printed.trim_end().split_once("/?token=") {
            Some((url, token)) => (format!("{url}/"), Some(token.to_string())),
            None => (printed.trim_end().to_string(), None),
        };
        let port = url
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
        // Connections kept for less than the server's idle bound, so that no request goes out
        // on a connection the server is closing.
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_idle_age(serve::limits::HEAD_TIMEOUT / 2)
            .build()
            .into();
        Server {
            child,
            stdout,
            printed,
            address: SocketAddr::from(([127, 0, 0, 1], port)),
            token,
            agent,
        }
    }

    /// The status and the text of the answer to a GET of `path`, or a POST of `body` to it.
    fn ask(&self, path: &str, body: Option<&[u8]>) -> (u16, String) {
        let url = format!("http://{}{path}", self.address);
        let bearer = format!("Bearer {}", self.token.as_deref().unwrap_or_default());
        let response = match body {
            Some(body) => self
                .agent
                .post(url)
                .header("authorization", &bearer)
                .send(body),
            None => self.agent.get(url).header("authorization", &bearer).call(),
        };
        let mut response = response.expect("the server answers");
        let text = response
            .body_mut()
            .read_to_string()
            .expect("a whole UTF-8 body");
        (response.status().as_u16(), text)
    }

    /// `path` asked with `body` (a GET without one) is answered with exactly what `parlor ARGS`
    /// prints reading `body`.
    fn answers_as(&self, path: &str, body: Option<&str>, args: &[&str]) {
        let (status, text) = self.ask(path, body.map(str::as_bytes));
        assert_eq!(status, 200, "{path}: {text}");
        assert_eq!(
            text,
            stdout_reading(args, body.unwrap_or_default()),
            "{path} {body:?}"
        );
    }

    /// `body` posted to `path` is refused with the message `parlor ARGS` gives reading it.
    fn refuses_as(&self, path: &str, body: impl AsRef<[u8]>, args: &[&str]) {
        let body = body.as_ref();
        let (status, text) = self.ask(path, Some(body));
        assert_eq!(status, 400, "{path}: {text}");
        let json: Value = serde_json::from_str(&text).expect("a JSON refusal");
        let message = json["error"].as_str().expect("a message");
        rejects(args, body.to_vec(), message);
    }

    /// Sends `signal`: the server must still have answered, and then exit 0 saying `stopped`,
    /// with nothing more on standard output and no panic. Its standard error.
    fn stop(mut self, signal: libc::c_int) -> String {
        let (status, text) = self.ask("/api/russian/game?deal=1", None);
        assert_eq!(status, 200, "{text}");
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

#[test]
fn open_to_other_machines_it_warns_and_ctrl_c_stops_it() {
    let server = Server::start(&["--bind", "0.0.0.0"]);
    assert!(
        server.printed.starts_with("http://0.0.0.0:"),
        "{}",
        server.printed
    );
    assert!(server.printed.contains("/?token="), "{}", server.printed);
    let stderr = server.stop(libc::SIGINT);
    let warning = stderr.lines().next().unwrap_or_default();
    assert!(
        warning.starts_with("warning: ") && warning.contains("token"),
        "{stderr}"
    );
}

#[test]
fn on_loopback_it_names_its_address_and_does_not_warn() {
    let server = Server::start(&[]);
    assert_eq!(server.printed, format!("http://{}/\n", server.address));
    let stderr = server.stop(libc::SIGTERM);
    assert!(!stderr.contains("warning"), "{stderr}");
}

#[test]
fn a_port_in_use_is_exit_1_naming_the_option() {
    let taken = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = taken.local_addr().expect("an address").port().to_string();
    parlor()
        .args(["serve", "--port", &port])
        .assert()
        .code(1)
        .stdout("")
        .stderr(contains("--port"));
    refused(&["serve", "--port", "65536"], "").stderr(contains("--port"));
    refused(&["serve", "--bind", "localhost"], "").stderr(contains("--bind"));
}

#[test]
fn a_hiq_verdict_and_play_are_what_the_commands_print() {
    let server = Server::start(&[]);
    for (position, goal) in [
        (STANDARD, None),
        (STANDARD, Some("any")),
        (STANDARD, Some("centre")),
        (STANDARD, Some("5")),
        ("1 2 3 4 5 6 7 8 9 10", None),
        ("10 12 17 19 25", Some("any")),
        ("4 5 33", None),
        ("9 10 11 16 17 18 23 24 25", Some("17")),
    ] {
        let path = match goal {
            Some(goal) => format!("/api/hiq/solve?goal={goal}"),
            None => "/api/hiq/solve".into(),
        };
        let mut args = vec!["hiq", "solve", "--json", "--quiet", "--memory", "64M"];
        if let Some(goal) = goal {
            args.extend(["--goal", goal]);
        }
        args.extend(position.split_whitespace());
        server.answers_as(&path, Some(&format!("{position}\n")), &args);
    }
    // The cross drawn with X and O.
    let drawn = "    O O O\n    O O O\nO O O X O X O\nO O O X O X O\nO O O O X O O\n    O O O\n    \
                 O O O\n";
    server.answers_as(
        "/api/hiq/solve?goal=any",
        Some(drawn),
        &["hiq", "solve", "--json", "--quiet", "--goal", "any", "-"],
    );
    let sample = testdata!("hiq/sample.in");
    server.answers_as(
        "/api/hiq/play",
        Some(&std::fs::read_to_string(sample).expect("the sample")),
        &["hiq", "--json", sample],
    );
    server.stop(libc::SIGTERM);
}

#[test]
fn a_russian_hint_and_play_are_what_the_commands_print() {
    let server = Server::start(&[]);
    // Games' tables as the page holds them: after moves, and a PySolFC deal untouched.
    let mut tables = vec![UNKNOWN.to_owned()];
    for game in ["deal=113&moves=C3-1", "pysol=ms5", "deal=5&moves=CK-1,S5-5"] {
        let (status, text) = server.ask(&format!("/api/russian/game?{game}"), None);
        assert_eq!(status, 200, "{game}: {text}");
        let game: Value = serde_json::from_str(&text).expect("a game");
        tables.push(game["table"].as_str().expect("a table").to_owned());
    }
    for table in &tables {
        for (query, flags) in [
            ("", vec![]),
            ("?samples=5&seed=3", vec!["--samples", "5", "--seed", "3"]),
            ("?seed=12345678901234", vec!["--seed", "12345678901234"]),
            ("?samples=200", vec!["--samples", "200"]),
        ] {
            let mut args = vec!["russian", "hint", "--json", "--deal", "-"];
            args.extend(flags);
            server.answers_as(&format!("/api/russian/hint{query}"), Some(table), &args);
        }
    }
    for strategy in ["random", "greedy", "lookahead", "planner", "clairvoyant"] {
        for deal in ["7", "113"] {
            server.answers_as(
                &format!("/api/russian/play?deal={deal}&strategy={strategy}"),
                None,
                &[
                    "russian",
                    "play",
                    "--json",
                    "--seed",
                    deal,
                    "--strategy",
                    strategy,
                ],
            );
        }
    }
    // PySolFC's deals seed the strategies with 0, as `--pysol` without `--seed` does.
    for (query, args) in [
        ("pysol=ms5&strategy=random", "--pysol ms5 --strategy random"),
        (
            "deal=113&strategy=planner&samples=3",
            "--seed 113 --strategy planner --samples 3",
        ),
    ] {
        let args: Vec<&str> = ["russian", "play", "--json"]
            .into_iter()
            .chain(args.split(' '))
            .collect();
        server.answers_as(&format!("/api/russian/play?{query}"), None, &args);
    }
    server.stop(libc::SIGTERM);
}

#[test]
fn a_camicia_trace_and_deal_are_what_the_commands_print() {
    let server = Server::start(&[]);
    let trace = ["camicia", "--trace", "--json"];
    for deal in [
        "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---\n",
        "# Casella 2024, on two lines\n---K---Q-KQAJ-----AAJ--J--\n----------Q----KQ-J-----KA\n",
        "2 A 7 8 Q 10\n3 4 5 6 K 9 J\n",
        "S2 HA C7 D8 SQ HX/3 4 5 6 K 9 J",
    ] {
        server.answers_as("/api/camicia/trace", Some(deal), &trace);
    }
    server.answers_as(
        "/api/camicia/trace?input=jsonl",
        Some(r#"{"playerA": ["J", "2", "3"], "playerB": ["4", "J", "5"]}"#),
        &["camicia", "--trace", "--json", "--input", "jsonl"],
    );
    for index in ["0", "447247122283566119055", "653534134886878244999"] {
        let (status, text) = server.ask(&format!("/api/camicia/deal?index={index}"), None);
        assert_eq!(status, 200, "{text}");
        let deal: Value = serde_json::from_str(&text).expect("a deal");
        assert_eq!(
            format!("{}\n", deal["deal"].as_str().expect("a deal")),
            stdout_of(&["camicia", "deal", index])
        );
    }
    server.stop(libc::SIGTERM);
}

#[test]
fn speed_play_and_a_deal_are_what_the_commands_print() {
    let server = Server::start(&[]);
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/speed.in");
    server.answers_as(
        "/api/speed/play",
        Some(&std::fs::read_to_string(examples).expect("the examples")),
        &["speed", "--json", examples],
    );
    // The rule book's worked example, and a game with a deadend, a wait and a draw written with
    // the counts on the cards' lines.
    for input in [
        "5\nS3 S5 S8 S9 S2\n3\nH7 H3 H4\n0\n",
        "5 S4 S3 C8 C7 S5\n6 HJ H5 D8 D7 HX C2\n\n0\n",
    ] {
        server.answers_as("/api/speed/play", Some(input), &["speed", "--json", "-"]);
    }
    for (seed, split) in [
        ("1", "26/26"),
        ("7", "20/32"),
        ("18446744073709551615", "1/51"),
    ] {
        let (status, text) = server.ask(
            &format!("/api/speed/deal?seed={seed}&deal=0&split={split}"),
            None,
        );
        assert_eq!(status, 200, "{text}");
        let deal: Value = serde_json::from_str(&text).expect("a deal");
        // One deal played by `stats` is its own longest game, named with its hands.
        let stats: Value = serde_json::from_str(&stdout_of(&[
            "speed", "stats", "--deals", "1", "--seed", seed, "--split", split, "--json", "--quiet",
        ]))
        .expect("stats --json is JSON");
        let longest = &stats["longest"];
        assert_eq!(longest["deal"], 0);
        let input = format!(
            "{}\n{}\n0\n",
            longest["a"].as_str().expect("A's hand"),
            longest["b"].as_str().expect("B's hand")
        );
        assert_eq!(deal["input"], input.as_str());
        // The deal played is what the command line plays for that input.
        server.answers_as("/api/speed/play", Some(&input), &["speed", "--json", "-"]);
    }
    server.stop(libc::SIGTERM);
}

#[test]
fn bad_input_is_refused_with_the_commands_message() {
    let server = Server::start(&[]);
    let solve = ["hiq", "solve", "--json", "-"];
    for bad in ["1 2 99", "x", ""] {
        server.refuses_as("/api/hiq/solve", bad, &solve);
    }
    server.refuses_as("/api/hiq/solve", b"10 12\n17 \xfe", &solve);
    server.refuses_as("/api/hiq/play", "1\n10 12 x 0\n", &["hiq", "--json"]);
    let hint = ["russian", "hint", "--json", "--deal", "-"];
    server.refuses_as(
        "/api/russian/hint",
        UNKNOWN.replacen("D6 H8", "D6 H1", 1),
        &hint,
    );
    server.refuses_as("/api/russian/hint", b"C9 \xff", &hint);
    server.refuses_as(
        "/api/camicia/trace",
        "J 2 Z3\n4 J 5\n",
        &["camicia", "--trace", "--json"],
    );
    for bad in [
        "1\nSA\n1\nS1\n0\n",
        "2\nSA H2\n1\nH2\n0\n",
        "3\nSA H2\n1\nH3\n0\n",
        "1\nSA\n1\nSK\n",
        "1\nSA\n1\nSK\n0\nmore\n",
        "",
    ] {
        server.refuses_as("/api/speed/play", bad, &["speed", "--json"]);
    }
    server.stop(libc::SIGTERM);
}
