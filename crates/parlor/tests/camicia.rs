//! `parlor camicia` run as a user runs it.

use assert_cmd::Command;
use predicates::prelude::*;

fn parlor() -> Command {
    Command::cargo_bin("parlor").expect("the parlor binary is built for tests")
}

const SEED_EXAMPLES: &str = "2 A 7 8 Q 10\n3 4 5 6 K 9 J\n\nJ 2 3\n4 J 5\n";

#[test]
fn the_exercise_cases_as_json_lines() {
    let input = include_str!("data/camicia/canonical.jsonl");
    let expected: String = input
        .lines()
        .map(|line| {
            let case: serde_json::Value = serde_json::from_str(line).unwrap();
            format!("{}\n", case["expected"])
        })
        .collect();
    // serde_json writes the expected objects with sorted keys; compare as values.
    let output = parlor()
        .args([
            "camicia",
            "--input",
            "jsonl",
            "--json",
            "tests/data/camicia/canonical.jsonl",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let got: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let want: Vec<serde_json::Value> = expected
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got.len(), 28);
    assert_eq!(got, want);
}

#[test]
fn the_json_form_to_the_character() {
    parlor()
        .args(["camicia", "--json"])
        .write_stdin(SEED_EXAMPLES)
        .assert()
        .success()
        .stdout(
            "{\"status\":\"finished\",\"cards\":13,\"tricks\":1}\n\
             {\"status\":\"loop\",\"cards\":8,\"tricks\":3}\n",
        );
}

#[test]
fn the_seed_examples_in_the_seed_form() {
    let expected = "status: \"finished\", cards: 13, tricks: 1\n\
                    status: \"loop\", cards: 8, tricks: 3\n";
    parlor()
        .args(["camicia", "-"])
        .write_stdin(SEED_EXAMPLES)
        .assert()
        .success()
        .stdout(expected);
    parlor()
        .arg("camicia")
        .write_stdin(SEED_EXAMPLES)
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn the_example_file_with_suits_and_record_notation() {
    parlor()
        .args(["camicia", "../../examples/camicia.txt"])
        .assert()
        .success()
        .stdout(
            "status: \"finished\", cards: 13, tricks: 1\n\
             status: \"loop\", cards: 8, tricks: 3\n\
             status: \"finished\", cards: 13, tricks: 1\n\
             status: \"finished\", cards: 8344, tricks: 1164\n\
             status: \"loop\", cards: 474, tricks: 66\n",
        );
}

#[test]
fn decks_of_hundreds_of_cards_from_the_exercise() {
    // The exercise's "story is starting to get a bit complicated": 361 cards, beyond the fast
    // engine, played by the simple one.
    let input = include_str!("data/camicia/canonical.jsonl")
        .lines()
        .find(|l| l.contains("complicated"))
        .unwrap()
        .to_string();
    parlor()
        .args(["camicia", "--input", "jsonl"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout("status: \"finished\", cards: 361, tricks: 1\n");
}

#[test]
fn the_traces_of_the_seed_examples() {
    let expected = "\
| Round | Player A | Player B | Pile | Penalty due |
|---|---|---|---|---|
| 1 | 2 A 7 8 Q 10 | 3 4 5 6 K 9 J | - | - |
| 1 | A 7 8 Q 10 | 3 4 5 6 K 9 J | 2 | - |
| 1 | A 7 8 Q 10 | 4 5 6 K 9 J | 2 3 | - |
| 1 | 7 8 Q 10 | 4 5 6 K 9 J | 2 3 A | Player B: 4 |
| 1 | 7 8 Q 10 | 5 6 K 9 J | 2 3 A 4 | Player B: 3 |
| 1 | 7 8 Q 10 | 6 K 9 J | 2 3 A 4 5 | Player B: 2 |
| 1 | 7 8 Q 10 | K 9 J | 2 3 A 4 5 6 | Player B: 1 |
| 1 | 7 8 Q 10 | 9 J | 2 3 A 4 5 6 K | Player A: 3 |
| 1 | 8 Q 10 | 9 J | 2 3 A 4 5 6 K 7 | Player A: 2 |
| 1 | Q 10 | 9 J | 2 3 A 4 5 6 K 7 8 | Player A: 1 |
| 1 | 10 | 9 J | 2 3 A 4 5 6 K 7 8 Q | Player B: 2 |
| 1 | 10 | J | 2 3 A 4 5 6 K 7 8 Q 9 | Player B: 1 |
| 1 | 10 | - | 2 3 A 4 5 6 K 7 8 Q 9 J | Player A: 1 |
| 1 | - | - | 2 3 A 4 5 6 K 7 8 Q 9 J 10 | - |
| 2 | - | 2 3 A 4 5 6 K 7 8 Q 9 J 10 | - | - |
status: \"finished\", cards: 13, tricks: 1

| Round | Player A | Player B | Pile | Penalty due |
|---|---|---|---|---|
| 1 | J 2 3 | 4 J 5 | - | - |
| 1 | 2 3 | 4 J 5 | J | Player B: 1 |
| 1 | 2 3 | J 5 | J 4 | - |
| 2 | 2 3 J 4 | J 5 | - | - |
| 2 | 3 J 4 | J 5 | 2 | - |
| 2 | 3 J 4 | 5 | 2 J | Player A: 1 |
| 2 | J 4 | 5 | 2 J 3 | - |
| 3 | J 4 | 5 2 J 3 | - | - |
| 3 | J 4 | 2 J 3 | 5 | - |
| 3 | 4 | 2 J 3 | 5 J | Player B: 1 |
| 3 | 4 | J 3 | 5 J 2 | - |
| 4 | 4 5 J 2 | J 3 | - | - |
The start of round 4 matches the start of round 2.
status: \"loop\", cards: 8, tricks: 3
";
    parlor()
        .args(["camicia", "--trace"])
        .write_stdin(SEED_EXAMPLES)
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn a_trace_in_record_notation_ends_like_the_plain_run() {
    let output = parlor()
        .args(["camicia", "--trace"])
        .write_stdin("---K---Q-KQAJ-----AAJ--J--\n----------Q----KQ-J-----KA\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    // A header, a separator, the first row, one row per card laid and one per trick.
    assert_eq!(text.lines().count(), 3 + 474 + 66 + 2);
    assert!(text.contains("| 1 | ? ? ? K ? ? ? Q ? K Q A J ? ? ? ? ? A A J ? ? J ? ? |"));
    assert!(text.ends_with(
        "The start of round 67 matches the start of round 5.\n\
         status: \"loop\", cards: 474, tricks: 66\n"
    ));
}

/// Bad input: one message on stderr, exit status 2, nothing on stdout.
fn rejects(args: &[&str], input: &str, message: &str) {
    parlor()
        .arg("camicia")
        .args(args)
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!("error: {message}\n"));
}

#[test]
fn a_card_that_is_not_a_card() {
    rejects(
        &[],
        "2 A\n3 4\n\nJ 2 Z3\n4 J 5\n",
        "line 4, column 5: expected a card (2 to 10, X, J, Q, K or A, perhaps after a suit: S2, \
         HQ, D10), found \"Z3\"",
    );
    rejects(
        &[],
        "2 A\n  ---AJ--Q--1-\n",
        "line 2, column 13: expected a card of record notation (-, 2 to 9, X, J, Q, K or A), \
         found \"1\"",
    );
    rejects(
        &["--input", "jsonl"],
        "{\"playerA\": [\"2\"], \"playerB\": [\"3\"]}\n{\"playerA\": [\"2\", \"1\"], \"playerB\": [\"3\"]}\n",
        "line 2, column 19: expected a card such as \"2\", \"10\", \"X\", \"K\" or \"SA\", found \"1\"",
    );
}

#[test]
fn an_odd_number_of_deck_lines() {
    rejects(
        &["--trace"],
        "2 A\n3 4\nJ 2 3\n\n",
        "line 5, column 1: expected player B's deck for the game whose player A's deck is on \
         line 3, found the end of the input",
    );
}

#[test]
fn both_decks_empty() {
    rejects(
        &["--input", "jsonl"],
        "{\"playerA\": [\"2\"], \"playerB\": [\"3\"]}\n  {\"playerA\": [], \"playerB\": []}\n",
        "line 2, column 3: both decks are empty: there is no game",
    );
}

#[test]
fn json_lines_that_are_not_games() {
    let cases = [
        (
            "[\"2\"]",
            "line 1, column 1: expected a JSON object with arrays \"playerA\" and \"playerB\", \
             found an array",
        ),
        (
            "{\"playerA\": [\"2\"], \"playerB\": \"3\"}",
            "line 1, column 1: expected an array \"playerB\" of card strings, found a string",
        ),
        (
            "{\"playerB\": [\"2\"]}",
            "line 1, column 1: expected an array \"playerA\" of card strings, found no such key",
        ),
        (
            "{\"playerA\": [\"2\"], \"playerB\": [\"3\"]",
            "line 1, column 35: expected a JSON object, found invalid JSON (EOF while parsing an \
             object)",
        ),
    ];
    for (input, message) in cases {
        rejects(&["--input", "jsonl"], input, message);
    }
}

#[test]
fn text_that_is_not_utf8() {
    parlor()
        .arg("camicia")
        .write_stdin(b"2 A\n3 \xff\n".to_vec())
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with("error: line 2, column 3: "));
}

#[test]
fn a_file_that_cannot_be_read() {
    parlor()
        .args(["camicia", "no/such/file.txt"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "error: cannot read no/such/file.txt",
        ));
}

#[test]
fn one_player_without_cards() {
    parlor()
        .args(["camicia", "--input", "jsonl", "--json"])
        .write_stdin("{\"playerA\": [], \"playerB\": [\"3\", \"K\"]}\n")
        .assert()
        .success()
        .stdout("{\"status\":\"finished\",\"cards\":0,\"tricks\":0}\n");
}

fn stats(args: &[&str]) -> String {
    let output = parlor()
        .args(["camicia", "stats"])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("throughput: "), "{stderr}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn stats_do_not_depend_on_the_threads() {
    let one = stats(&[
        "--deals",
        "70000",
        "--seed",
        "5",
        "--threads",
        "1",
        "--json",
    ]);
    let two = stats(&[
        "--deals",
        "70000",
        "--seed",
        "5",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(one, two);
    let summary: serde_json::Value = serde_json::from_str(&one).unwrap();
    assert_eq!(summary["deals"], 70000);
    assert_eq!(summary["seed"], 5);
    let mean = summary["cards"]["mean"].as_f64().unwrap();
    // Random deals last about 255 cards and 35 tricks.
    assert!((240.0..270.0).contains(&mean), "{mean}");
    let tricks = summary["tricks"]["mean"].as_f64().unwrap();
    assert!((32.0..38.0).contains(&tricks), "{tricks}");
    let counts: u64 = summary["histogram"]["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    let finished = summary["finished"].as_u64().unwrap();
    assert_eq!(
        counts + summary["histogram"]["tail"].as_u64().unwrap(),
        finished
    );
    assert_eq!(finished + summary["loops"].as_u64().unwrap(), 70000);
}

#[test]
fn the_longest_game_of_a_run_replays_to_the_same_result() {
    let text = stats(&["--deals", "3000", "--seed", "9"]);
    assert!(text.starts_with("camicia: 3,000 random one-pack deals (26 cards each), seed 9\n"));
    assert!(text.contains("\ncards laid per finished game:\n"));
    let longest = text
        .lines()
        .position(|l| l.starts_with("longest game: deal "))
        .unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let result = lines[longest].split_once(": status").unwrap().1;
    let a = lines[longest + 1].strip_prefix("  A: ").unwrap();
    let b = lines[longest + 2].strip_prefix("  B: ").unwrap();
    parlor()
        .arg("camicia")
        .write_stdin(format!("{a}\n{b}\n"))
        .assert()
        .success()
        .stdout(format!("status{result}\n"));
}

#[test]
fn stats_draw_a_picture() {
    let dir = std::env::temp_dir().join(format!("parlor-camicia-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("lengths.svg");
    stats(&[
        "--deals",
        "2000",
        "--plot",
        path.to_str().unwrap(),
        "--quiet",
        "--ascii",
    ]);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains("2,000 random one-pack deals"));
    assert!(svg.matches("<rect").count() > 20);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stats_need_at_least_one_deal() {
    parlor()
        .args(["camicia", "stats", "--deals", "0"])
        .assert()
        .code(2)
        .stdout("");
}
