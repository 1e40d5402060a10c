//! Hi-Q's endpoints: a verdict, a contest's play, and a search past the budget.

use super::*;

#[test]
fn a_hiq_verdict_is_what_solve_json_prints() {
    let server = Server::start(&[]);
    let cases = [
        // From the standard start the goal is the centre unless given.
        (STANDARD, None),
        (STANDARD, Some("any")),
        (STANDARD, Some("centre")),
        (STANDARD, Some("5")),
        // Won, lost by de Bruijn's class, lost by exhausting the positions.
        ("1 2 3 4 5 6 7 8 9 10", None),
        ("10 12 17 19 25", Some("any")),
        ("4 5 33", None),
        ("9 10 11 16 17 18 23 24 25", Some("17")),
    ];
    for (position, goal) in cases {
        let path = match goal {
            Some(goal) => format!("/api/hiq/solve?goal={goal}"),
            None => "/api/hiq/solve".into(),
        };
        let answer = server.post(&path, format!("{position}\n"));
        assert_eq!(answer.status, 200, "{position} {goal:?}: {}", answer.text());
        assert_eq!(answer.header("content-type"), "application/json");
        let mut args = vec!["hiq", "solve", "--json", "--quiet", "--memory", "64M"];
        if let Some(goal) = goal {
            args.extend(["--goal", goal]);
        }
        args.extend(position.split_whitespace());
        assert_eq!(answer.text(), stdout_of(&args), "{position} {goal:?}");
    }
    // The cross drawn with X and O, as `parlor hiq solve FILE` reads it too.
    let drawn = "    O O O\n    O O O\nO O O X O X O\nO O O X O X O\nO O O O X O O\n    O O O\n    \
                 O O O\n";
    let answer = server.post("/api/hiq/solve?goal=any", drawn);
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(
        answer.text(),
        stdout_reading(
            &["hiq", "solve", "--json", "--quiet", "--goal", "any", "-"],
            drawn
        )
    );
    assert_eq!(answer.json()["pegs"], json!([10, 12, 17, 19, 25]));
    server.stop(libc::SIGTERM);
}

#[test]
fn hiq_play_is_what_hiq_json_prints() {
    let server = Server::start(&[]);
    server.plays_like_the_command("hiq", "tests/data/hiq/sample.in");
    server.stop(libc::SIGTERM);
}

#[test]
fn a_verdict_past_the_budget_is_422_and_not_a_hang() {
    let server = Server::start(&[]);
    let url = server.url("/api/hiq/solve");
    let agent = server.agent.clone();
    let started = Instant::now();
    let verdict = thread::spawn(move || Server::answer(agent.post(url).send(PAST_THE_BUDGET)));
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
        // first; its search runs on past the answer, so this server is killed, not stopped.
        server.refused(&answer, 408, reason("timeout"));
        return;
    }
    let message = server.refused(&answer, 422, reason("budget"));
    assert!(message.contains("64 MiB"), "{message}");
    server.stop(libc::SIGTERM);
}
