//! `parlor serve` as a process, and as the twin of the other commands. As a process, its first
//! line is its address, it warns when other machines can reach it, Ctrl-C and SIGTERM stop it
//! (exit 0, `stopped`, no panic), and its options are checked. As a twin, every endpoint that
//! does what a command does answers byte for byte what the command prints with `--json`, and
//! refuses bad input with the command's message.
//!
//! The server's own behaviour (statuses, bounds, pages, stopping) is tested in-process, in
//! crates/serve/tests.

use crate::harness::{STANDARD, Served, UNKNOWN};
use crate::run::{parlor, refused, rejects, stdout_of, stdout_reading};
use predicates::str::contains;
use serde_json::Value;
use std::net::TcpListener;

/// Stops `server` with `signal` once it has answered a game: with nothing in flight, it says
/// exactly `stopped`. Its standard error.
fn stop(server: Served, signal: libc::c_int) -> String {
    let (status, text) = server.ask("/api/russian/game?deal=1", None);
    assert_eq!(status, 200, "{text}");
    let stderr = server.stop(signal).stderr;
    assert!(stderr.lines().any(|l| l == "stopped"), "{stderr}");
    stderr
}

impl Served {
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
}

#[test]
fn open_to_other_machines_it_warns_and_ctrl_c_stops_it() {
    let server = Served::start(&["--bind", "0.0.0.0"]);
    assert!(
        server.printed.starts_with("http://0.0.0.0:"),
        "{}",
        server.printed
    );
    assert!(server.printed.contains("/#token="), "{}", server.printed);
    let stderr = stop(server, libc::SIGINT);
    let warning = stderr.lines().next().unwrap_or_default();
    assert!(
        warning.starts_with("warning: ") && warning.contains("token"),
        "{stderr}"
    );
}

#[test]
fn on_loopback_it_names_its_address_and_does_not_warn() {
    let server = Served::start(&[]);
    assert_eq!(server.printed, format!("http://{}/\n", server.address));
    let stderr = stop(server, libc::SIGTERM);
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
    let server = Served::start(&[]);
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
    let sample = crate::testdata!("examples/hiq.in");
    server.answers_as(
        "/api/hiq/play",
        Some(&std::fs::read_to_string(sample).expect("the sample")),
        &["hiq", "--json", sample],
    );
    stop(server, libc::SIGTERM);
}

#[test]
fn a_russian_hint_and_play_are_what_the_commands_print() {
    let server = Served::start(&[]);
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
    // PySolFC's deals seed the strategies with 0, as `--pysol` without `--seed` does, and with
    // the seed given beside them, as `--seed` beside `--pysol` does.
    for (query, args) in [
        ("pysol=ms5&strategy=random", "--pysol ms5 --strategy random"),
        (
            "seed=7&pysol=ms5&strategy=random",
            "--seed 7 --pysol ms5 --strategy random",
        ),
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
    stop(server, libc::SIGTERM);
}

#[test]
fn a_camicia_trace_and_deal_are_what_the_commands_print() {
    let server = Served::start(&[]);
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
    stop(server, libc::SIGTERM);
}

#[test]
fn speed_play_and_a_deal_are_what_the_commands_print() {
    let server = Served::start(&[]);
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
    stop(server, libc::SIGTERM);
}

#[test]
fn bad_input_is_refused_with_the_commands_message() {
    let server = Served::start(&[]);
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
    stop(server, libc::SIGTERM);
}
