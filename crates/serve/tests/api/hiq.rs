//! Hi-Q's endpoints: a verdict, a contest's play, and a search past the budget.

use crate::support::{STANDARD, TestServer, UNKNOWN, reason};
use libtest_mimic::Trial;
use serde_json::json;
use serve::limits;
use std::thread;
use std::time::{Duration, Instant};

pub fn trials() -> Vec<Trial> {
    crate::tests![
        a_hiq_verdict_is_answered_for_every_goal_and_drawing,
        hiq_play_plays_the_contest,
        a_verdict_past_the_budget_is_422_and_not_a_hang,
    ]
}

/// The standard start with holes 2 and 17 empty: lost, and its search passes the server's
/// 64 MiB after some 4 s.
const PAST_THE_BUDGET: &str =
    "1 3 4 5 6 7 8 9 10 11 12 13 14 15 16 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33";

fn a_hiq_verdict_is_answered_for_every_goal_and_drawing() {
    let server = TestServer::start();
    // Each position with the goal asked and the goal answered.
    let centre = json!(17);
    let any = json!("any");
    let cases = [
        // From the standard start the goal is the centre unless given.
        (STANDARD, None, &centre),
        (STANDARD, Some("any"), &any),
        (STANDARD, Some("centre"), &centre),
        (STANDARD, Some("5"), &json!(5)),
        // Won, lost by de Bruijn's class, lost by exhausting the positions; any hole unless
        // given.
        ("1 2 3 4 5 6 7 8 9 10", None, &any),
        ("10 12 17 19 25", Some("any"), &any),
        ("4 5 33", None, &any),
        ("9 10 11 16 17 18 23 24 25", Some("17"), &centre),
    ];
    for (position, goal, answered) in cases {
        let path = match goal {
            Some(goal) => format!("/api/hiq/solve?goal={goal}"),
            None => "/api/hiq/solve".into(),
        };
        let answer = server.post(&path, format!("{position}\n"));
        assert_eq!(answer.status, 200, "{position} {goal:?}: {}", answer.text());
        assert_eq!(answer.header("content-type"), "application/json");
        assert_eq!(&answer.json()["goal"], answered, "{position} {goal:?}");
    }
    // The cross drawn with X and O, as `parlor hiq solve FILE` reads it too.
    let drawn = "    O O O\n    O O O\nO O O X O X O\nO O O X O X O\nO O O O X O O\n    O O O\n    \
                 O O O\n";
    let answer = server.post("/api/hiq/solve?goal=any", drawn);
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(answer.json()["pegs"], json!([10, 12, 17, 19, 25]));
    // The same position given by its holes.
    let holes = server.post("/api/hiq/solve?goal=any", "10 12 17 19 25\n");
    assert_eq!(answer.text(), holes.text());
    server.stop();
}

fn hiq_play_plays_the_contest() {
    let server = TestServer::start();
    let answer = server.post("/api/hiq/play", crate::testdata!("hiq/sample.in"));
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(answer.header("content-type"), "application/x-ndjson");
    // One game a line, each leaving the sum the contest's expected output gives it.
    let sums: Vec<String> = answer
        .text()
        .lines()
        .map(|line| {
            let game: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            game["sum"].to_string()
        })
        .collect();
    let expected: Vec<&str> = crate::testdata!("hiq/sample.out")
        .lines()
        .filter(|line| line.parse::<u32>().is_ok())
        .collect();
    assert_eq!(sums, expected);
    server.stop();
}

fn a_verdict_past_the_budget_is_422_and_not_a_hang() {
    let server = TestServer::start();
    let url = server.url("/api/hiq/solve");
    let agent = server.agent.clone();
    let started = Instant::now();
    let verdict =
        thread::spawn(move || crate::support::Answer::of(agent.post(url).send(PAST_THE_BUDGET)));
    // The search holds one solver; the board needs none, and a hint gets the other.
    thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    let board = server.post("/api/hiq/board?line=10-2", PAST_THE_BUDGET);
    assert_eq!(board.status, 200, "{}", board.text());
    let hint = server.post("/api/russian/hint", UNKNOWN);
    assert_eq!(hint.status, 200, "{}", hint.text());
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    let answer = verdict.join().expect("an answer");
    let took = started.elapsed();
    assert!(
        took < limits::REQUEST_TIMEOUT + Duration::from_secs(2),
        "{took:?}"
    );
    if cfg!(debug_assertions) && answer.status == 408 {
        // An unoptimised build searches several times slower and meets the request's bound
        // first; its search runs on past the answer, on a thread the stop does not wait for.
        server.refused(&answer, 408, reason("timeout"));
    } else {
        let message = server.refused(&answer, 422, reason("budget"));
        assert!(message.contains("64 MiB"), "{message}");
    }
    server.stop();
}
