//! `parlor camicia` run as a user runs it.

mod common;

use common::{parlor, refused, rejects, stdout_of};
use predicates::prelude::*;

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
fn rejects_input(args: &[&str], input: &str, message: &str) {
    rejects(&[&["camicia"], args].concat(), input, message);
}

#[test]
fn a_card_that_is_not_a_card() {
    rejects_input(
        &[],
        "2 A\n3 4\n\nJ 2 Z3\n4 J 5\n",
        "line 4, column 5: expected a card (2 to 10, X, J, Q, K or A, perhaps after a suit: S2, \
         HQ, D10), found \"Z3\"",
    );
    rejects_input(
        &[],
        "2 A\n  ---AJ--Q--1-\n",
        "line 2, column 13: expected a card of record notation (-, 2 to 9, X, J, Q, K or A), \
         found \"1\"",
    );
    rejects_input(
        &["--input", "jsonl"],
        "{\"playerA\": [\"2\"], \"playerB\": [\"3\"]}\n{\"playerA\": [\"2\", \"1\"], \"playerB\": [\"3\"]}\n",
        "line 2, column 19: expected a card such as \"2\", \"10\", \"X\", \"K\" or \"SA\", found \"1\"",
    );
}

#[test]
fn an_odd_number_of_deck_lines() {
    rejects_input(
        &["--trace"],
        "2 A\n3 4\nJ 2 3\n\n",
        "line 5, column 1: expected player B's deck for the game whose player A's deck is on \
         line 3, found the end of the input",
    );
}

#[test]
fn both_decks_empty() {
    rejects_input(
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
        rejects_input(&["--input", "jsonl"], input, message);
    }
}

#[test]
fn text_that_is_not_utf8() {
    refused(&["camicia"], b"2 A\n3 \xff\n".to_vec())
        .stderr(predicate::str::starts_with("error: line 2, column 3: "));
}

#[test]
fn a_file_that_cannot_be_read() {
    refused(&["camicia", "no/such/file.txt"], "").stderr(predicate::str::starts_with(
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
    if args.contains(&"--quiet") {
        assert_eq!(stderr, "");
    } else {
        assert!(stderr.starts_with("throughput: "), "{stderr}");
    }
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
    assert_eq!(
        finished + summary["loops"]["count"].as_u64().unwrap(),
        70000
    );
    assert_eq!(summary["loops"]["of"], 70000);
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
    let (head, result) = lines[longest].split_once(": status").unwrap();
    let index = head
        .split_once("(index ")
        .and_then(|(_, rest)| rest.strip_suffix(')'))
        .unwrap();
    let deal = lines[longest + 1].strip_prefix("  ").unwrap();
    parlor()
        .arg("camicia")
        .write_stdin(format!("{deal}\n"))
        .assert()
        .success()
        .stdout(format!("status{result}\n"));
    parlor()
        .args(["camicia", "index", deal])
        .assert()
        .success()
        .stdout(format!("{index}\n"));
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
    assert!(svg.contains("(log scale)"));
    // The longest game is marked with the length the summary gives.
    let summary: serde_json::Value =
        serde_json::from_str(&stats(&["--deals", "2000", "--json", "--quiet"])).unwrap();
    let cards = summary["longest"]["cards"].as_u64().unwrap();
    assert_eq!(cards, 1490);
    assert!(svg.contains("longest: 1,490 cards"), "{cards}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stats_need_at_least_one_deal() {
    refused(&["camicia", "stats", "--deals", "0"], "");
}

const NESSLER: &str = "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---";
const NESSLER_INDEX: u128 = 447_247_122_283_566_119_055;
const CASELLA: &str = "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA";
const CASELLA_INDEX: u128 = 472_460_898_658_889_399_111;

#[test]
fn the_indices_of_the_records() {
    assert_eq!(
        stdout_of(&["camicia", "index", NESSLER, CASELLA]),
        format!("{NESSLER_INDEX}\n{CASELLA_INDEX}\n")
    );
    assert_eq!(
        stdout_of(&[
            "camicia",
            "deal",
            &NESSLER_INDEX.to_string(),
            &CASELLA_INDEX.to_string(),
            "0",
            "653534134886878244999"
        ]),
        format!(
            "{NESSLER}\n{CASELLA}\nAAAAKKKKQQQQJJJJ----------/--------------------------\n\
             --------------------------/----------JJJJQQQQKKKKAAAA\n"
        )
    );
    // Any notation `parlor camicia` reads, and games from standard input, one or two lines each.
    let cards = "2 3 4 SA HJ 5 6 DQ 7 8 9 10 2 3 4 5 6 CQ HA SK DQ CJ SJ 7 HQ CK/\
                 2 3 4 5 6 DA 7 8 9 10 HK SJ 2 DK 3 4 5 6 7 8 9 10 CA 2 3 4";
    assert_eq!(
        stdout_of(&["camicia", "index", cards]),
        format!("{NESSLER_INDEX}\n")
    );
    let (a, b) = CASELLA.split_once('/').unwrap();
    parlor()
        .args(["camicia", "index"])
        .write_stdin(format!("# two records\n{NESSLER}\n\n{a}\n{b}\n"))
        .assert()
        .success()
        .stdout(format!("{NESSLER_INDEX}\n{CASELLA_INDEX}\n"));
}

#[test]
fn a_deal_by_index_replays_and_indexes_back() {
    for index in ["0", "1", "123456789012345678901", "653534134886878244999"] {
        let deal = stdout_of(&["camicia", "deal", index]);
        parlor()
            .args(["camicia", "index"])
            .write_stdin(deal.clone())
            .assert()
            .success()
            .stdout(format!("{index}\n"));
        assert_eq!(
            stdout_of(&["camicia", "index", deal.trim_end()]),
            format!("{index}\n")
        );
    }
    parlor()
        .arg("camicia")
        .write_stdin(stdout_of(&["camicia", "deal", &NESSLER_INDEX.to_string()]))
        .assert()
        .success()
        .stdout("status: \"finished\", cards: 8344, tricks: 1164\n");
}

/// Exit status 2, nothing on stdout, and a message on stderr that starts so.
fn refuses(args: &[&str], input: &str, message: &str) {
    let output = parlor().args(args).write_stdin(input).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with(message), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn indices_out_of_range_and_decks_that_are_not_one_pack() {
    let out_of_range = "error: expected a deal index from 0 to 653534134886878244999, found";
    for bad in ["653534134886878245000", "-1", "12a", "", "+5"] {
        refuses(&["camicia", "deal", "7", bad], "", out_of_range);
    }
    refuses(
        &[
            "camicia",
            "index",
            NESSLER,
            "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A--",
        ],
        "",
        "error: deal 2: expected one pack split 26/26 (26 cards in each deck), found 25 cards in \
         player B's deck\n",
    );
    refuses(
        &[
            "camicia",
            "index",
            "A--AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---",
        ],
        "",
        "error: deal 1: expected one pack (four each of J, Q, K and A, and 36 number cards), \
         found 5 aces\n",
    );
    refuses(
        &["camicia", "index", "---AJ--Q---------QAKQJJ-QK"],
        "",
        "error: deal 1, column 27: expected '/' and then player B's deck after player A's deck, \
         found the end of the deal\n",
    );
    refuses(
        &["camicia", "index", "--?-/----"],
        "",
        "error: deal 1, column 3: expected a card of record notation",
    );
    refuses(
        &["camicia", "index"],
        "2 A 7\n3 4 5\n",
        "error: line 1, column 1: expected one pack split 26/26 (26 cards in each deck), found 3 \
         cards in player A's deck\n",
    );
}

/// A search's `--json` summary.
fn search(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout_of(
        &[&["camicia", "search", "--json", "--quiet"], args].concat(),
    ))
    .unwrap()
}

fn window(centre: u128, width: u128) -> String {
    format!("{}..{}", centre - width / 2, centre + width / 2)
}

#[test]
fn a_million_deals_around_nessler_2022() {
    let dir = scratch("nessler");
    let out = dir.join("finds.jsonl");
    let summary = search(&[
        "--range",
        &window(NESSLER_INDEX, 1_000_000),
        "--top",
        "3",
        "--min-cards",
        "5000",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(summary["deals"], 1_000_000);
    let nessler = serde_json::json!({
        "index": NESSLER_INDEX.to_string(),
        "deal": NESSLER,
        "status": "finished",
        "cards": 8344,
        "tricks": 1164,
    });
    assert_eq!(summary["longest"][0], nessler);
    assert!(summary["longest"][1]["cards"].as_u64().unwrap() < 8344);
    assert_eq!(summary["loops"], 0);
    assert_eq!(summary["long_games"], 1);
    // The record is written as the issue shows it, to the character.
    let lines = std::fs::read_to_string(&out).unwrap();
    assert!(lines.contains(&format!(
        "{{\"index\":\"{NESSLER_INDEX}\",\"deal\":\"{NESSLER}\",\"status\":\"finished\",\
         \"cards\":8344,\"tricks\":1164}}\n"
    )));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_loop_of_casella_2024_in_its_neighbourhood() {
    let text = stdout_of(&[
        "camicia",
        "search",
        "--range",
        &window(CASELLA_INDEX, 200_000),
        "--top",
        "1",
        "--threads",
        "2",
        "--quiet",
    ]);
    assert!(text.starts_with(&format!(
        "camicia search: every deal of index {} to {} (200,000 deals)\nlongest finished games",
        CASELLA_INDEX - 100_000,
        CASELLA_INDEX + 99_999
    )));
    assert!(text.contains(&format!(
        "\nloops: 1\n   1. 474 cards, 66 tricks, index {CASELLA_INDEX}\n      {CASELLA}\n"
    )));
}

/// A directory of this test's own.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("parlor-search-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn results_do_not_depend_on_the_threads() {
    let dir = scratch("threads");
    for mode in [
        vec!["--range", "300000000000000000000..300000000000000700000"],
        vec![
            "--climb", "--from", CASELLA, "--steps", "150000", "--seed", "3",
        ],
    ] {
        let run = |threads: &str| {
            let out = dir.join(format!("t{threads}.jsonl"));
            let summary = search(
                &[
                    &mode[..],
                    &["--min-cards", "1500", "--threads", threads],
                    &["--out", out.to_str().unwrap()],
                ]
                .concat(),
            );
            (summary, std::fs::read_to_string(&out).unwrap())
        };
        let (one, one_out) = run("1");
        let (two, two_out) = run("2");
        assert_eq!(one, two);
        assert_eq!(one_out, two_out);
        assert!(one_out.lines().count() >= 10, "{mode:?}: {one_out}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_climb_from_a_short_game_finds_longer_ones() {
    let summary = search(&[
        "--climb", "--from", "9999", "--steps", "100000", "--top", "2",
    ]);
    assert_eq!(summary["deals"], 100_000);
    assert_eq!(summary["start"]["index"], "9999");
    let start = summary["start"]["cards"].as_u64().unwrap();
    let best = summary["longest"][0]["cards"].as_u64().unwrap();
    assert!(best > 4 * start, "{start} -> {best}");
    assert_eq!(summary["search"]["mode"], "climb");
}

/// The checkpoint's count of committed chunks, if it can be read.
fn chunks_done(path: &std::path::Path) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    serde_json::from_str::<serde_json::Value>(&text).ok()?["body"]["state"]["committed"].as_u64()
}

#[test]
fn a_search_killed_at_any_moment_resumes_to_the_same_end() {
    let dir = scratch("resume");
    let out = dir.join("finds.jsonl");
    let checkpoint = dir.join("hunt.checkpoint");
    let args = |threads: &str, checkpoint: Option<&std::path::Path>| {
        let mut args: Vec<String> = [
            "camicia",
            "search",
            "--random",
            "--deals",
            "4000000",
            "--seed",
            "11",
            "--min-cards",
            "1800",
            "--top",
            "5",
            "--json",
            "--quiet",
            "--threads",
            threads,
            "--out",
        ]
        .map(String::from)
        .to_vec();
        args.push(out.to_str().unwrap().into());
        if let Some(path) = checkpoint {
            args.extend(["--checkpoint".into(), path.to_str().unwrap().into()]);
            args.extend(["--checkpoint-every".into(), "0".into()]);
        }
        args
    };
    // Uninterrupted, on one thread, without a checkpoint.
    let whole = parlor().args(args("1", None)).output().unwrap();
    assert!(whole.status.success());
    let whole_out = std::fs::read(&out).unwrap();
    assert!(whole_out.len() > 10_000);
    std::fs::remove_file(&out).unwrap();

    // 16 chunks of 262,144 deals: killed (SIGKILL) mid-run after 3, 6 and 9 chunks.
    let binary = env!("CARGO_BIN_EXE_parlor");
    let mut snapshot = None;
    for after in [3, 6, 9] {
        let mut child = std::process::Command::new(binary)
            .args(args("2", Some(&checkpoint)))
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        while chunks_done(&checkpoint).is_none_or(|done| done < after) {
            assert!(child.try_wait().unwrap().is_none(), "the search stopped");
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        child.kill().unwrap();
        child.wait().unwrap();
        let done = chunks_done(&checkpoint).unwrap();
        assert!(done < 16, "the search ended before it was killed");
        if after == 6 {
            snapshot = Some(std::fs::read(&checkpoint).unwrap());
        }
    }
    let resumed = parlor()
        .args(args("2", Some(&checkpoint)))
        .output()
        .unwrap();
    assert!(resumed.status.success(), "{resumed:?}");
    assert_eq!(std::fs::read(&out).unwrap(), whole_out);
    assert_eq!(resumed.stdout, whole.stdout);

    // A crash after results were written but before the checkpoint recorded them: an older
    // checkpoint, and a half-written line at the end of `--out`.
    std::fs::write(&checkpoint, snapshot.unwrap()).unwrap();
    let mut longer = whole_out.clone();
    longer.extend_from_slice(b"{\"index\":\"12");
    std::fs::write(&out, longer).unwrap();
    let again = parlor()
        .args(args("1", Some(&checkpoint)))
        .output()
        .unwrap();
    assert!(again.status.success(), "{again:?}");
    assert_eq!(std::fs::read(&out).unwrap(), whole_out);
    assert_eq!(again.stdout, whole.stdout);

    // A finished search started again only prints its summary.
    let done = parlor()
        .args(args("2", Some(&checkpoint)))
        .output()
        .unwrap();
    assert_eq!(done.stdout, whole.stdout);
    assert_eq!(std::fs::read(&out).unwrap(), whole_out);

    // Another search is refused, naming the difference.
    let mut other = args("2", Some(&checkpoint));
    other[6] = "12".into();
    let other: Vec<&str> = other.iter().map(String::as_str).collect();
    refused(&other, "").stderr(predicate::str::contains(
        "the checkpoint was made with --seed 11, this command has --seed 12",
    ));
    // A checkpoint edited by hand, even one that still reads, is refused.
    let good = std::fs::read_to_string(&checkpoint).unwrap();
    let edited = good.replacen("\"committed\":16", "\"committed\":15", 1);
    assert_ne!(edited, good);
    std::fs::write(&checkpoint, edited).unwrap();
    let same = args("2", Some(&checkpoint));
    let same: Vec<&str> = same.iter().map(String::as_str).collect();
    refused(&same, "").stderr(predicate::str::contains("edited or damaged"));
    // Results cut short, or changed, are refused: the output is not this search's.
    std::fs::write(&checkpoint, &good).unwrap();
    std::fs::write(&out, &whole_out[..100]).unwrap();
    refused(&same, "").stderr(predicate::str::contains("but the checkpoint recorded"));
    let mut changed = whole_out.clone();
    changed[10] ^= 1;
    std::fs::write(&out, &changed).unwrap();
    refused(&same, "").stderr(predicate::str::contains("it was changed"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_search_options() {
    for (args, message) in [
        (
            vec!["--range", "5..5"],
            "error: --range: expected START..END",
        ),
        (
            vec!["--range", "0..653534134886878245001"],
            "error: --range: expected START..END",
        ),
        (
            vec!["--range", "1-9"],
            "error: --range: expected START..END",
        ),
        (
            vec!["--climb", "--from", "---A/--"],
            "error: --from: expected one pack split 26/26",
        ),
        (
            vec!["--climb", "--from", "653534134886878245000"],
            "error: --from: expected a deal index",
        ),
        (vec!["--random"], "--deals <DEALS>"),
        (
            vec!["--random", "--deals", "5", "--range", "0..9"],
            "cannot be used with",
        ),
        (
            vec!["--range", "0..9", "--seed", "4"],
            "cannot be used with",
        ),
        (
            vec!["--range", "0..9", "--deals", "7"],
            "cannot be used with",
        ),
        (
            vec!["--range", "0..9", "--from", "5"],
            "cannot be used with",
        ),
        (
            vec!["--range", "0..9", "--steps", "5"],
            "cannot be used with",
        ),
        (
            vec!["--random", "--deals", "5", "--steps", "5"],
            "cannot be used with",
        ),
        (
            vec!["--climb", "--from", "5", "--deals", "5"],
            "cannot be used with",
        ),
    ] {
        parlor()
            .args([&["camicia", "search"], &args[..]].concat())
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
}

/// Replays a `--trace --json` line as a program would, without the rules: each card comes off
/// the top of its layer's deck, and a trick's pile goes under its taker's. Returns both decks at
/// the end and checks every card laid against the deck it came from.
fn replay(trace: &serde_json::Value) -> [std::collections::VecDeque<char>; 2] {
    let text = |key: &str| trace[key].as_str().unwrap().chars().collect::<Vec<char>>();
    let deal = trace["deal"].as_str().unwrap();
    let (a, b) = deal.split_once('/').unwrap();
    let mut hands: [std::collections::VecDeque<char>; 2] =
        [a.chars().collect(), b.chars().collect()];
    let (laid, by, due, takers) = (text("laid"), text("by"), text("due"), text("takers"));
    let taken: Vec<usize> = trace["taken"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap() as usize)
        .collect();
    assert_eq!(laid.len(), by.len());
    assert_eq!(laid.len(), due.len());
    assert_eq!(taken.len(), takers.len());
    let side = |player: char| usize::from(player == 'B');
    let (mut pile, mut trick) = (Vec::new(), 0);
    for (i, (&card, &player)) in laid.iter().zip(&by).enumerate() {
        assert_eq!(
            hands[side(player)].pop_front(),
            Some(card),
            "card {}",
            i + 1
        );
        pile.push(card);
        while trick < taken.len() && taken[trick] == i + 1 {
            hands[side(takers[trick])].extend(pile.drain(..));
            trick += 1;
        }
    }
    assert_eq!(trick, taken.len(), "every trick taken after a card laid");
    hands
}

#[test]
fn a_whole_game_as_one_json_line() {
    assert_eq!(
        stdout_reading(&["camicia", "--trace", "--json"], SEED_EXAMPLES),
        concat!(
            r#"{"status":"finished","cards":13,"tricks":1,"deal":"2A78QX/3456K9J","laid":"23A456K78Q9JX","by":"ABABBBBAAABBA","due":"0043213212110","taken":[13],"takers":"B","unpaid":false}"#,
            "\n",
            r#"{"status":"loop","cards":8,"tricks":3,"deal":"J23/4J5","laid":"J42J35J2","by":"ABABABAB","due":"10010010","taken":[2,5,8],"takers":"ABA","unpaid":false,"repeat":{"earlier":2,"later":4}}"#,
            "\n"
        )
    );
    // The records: the same outcome as --json, and a trace that replays to it.
    let plain = stdout_of(&["camicia", "--json", "../../examples/camicia.txt"]);
    let traced = stdout_of(&["camicia", "--trace", "--json", "../../examples/camicia.txt"]);
    assert_eq!(traced.lines().count(), plain.lines().count());
    for (trace, plain) in traced.lines().zip(plain.lines()) {
        let trace: serde_json::Value = serde_json::from_str(trace).unwrap();
        let plain: serde_json::Value = serde_json::from_str(plain).unwrap();
        for key in ["status", "cards", "tricks"] {
            assert_eq!(trace[key], plain[key], "{key}");
        }
        let cards = trace["cards"].as_u64().unwrap() as usize;
        assert_eq!(trace["laid"].as_str().unwrap().len(), cards);
        let hands = replay(&trace);
        if trace["status"] == "finished" {
            assert!(hands.iter().any(|hand| hand.is_empty()), "{hands:?}");
        }
    }
    let record = traced.lines().nth(3).unwrap();
    assert!(record.len() < 40_000, "{} bytes", record.len());
    assert!(record.starts_with(
        r#"{"status":"finished","cards":8344,"tricks":1164,"deal":"---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---","#
    ));
    assert!(
        traced
            .lines()
            .nth(4)
            .unwrap()
            .ends_with(r#""repeat":{"earlier":5,"later":67}}"#)
    );
}

#[test]
fn a_game_over_before_it_begins_has_an_empty_trace() {
    assert_eq!(
        stdout_reading(&["camicia", "--trace", "--json"], "/2 3\n"),
        r#"{"status":"finished","cards":0,"tricks":0,"deal":"/23","laid":"","by":"","due":"","taken":[],"takers":"","unpaid":false}"#
            .to_owned()
            + "\n"
    );
}

/// `parlor ARGS` reading `stdin`, which must succeed; its standard output.
fn stdout_reading(args: &[&str], stdin: &str) -> String {
    let output = parlor().args(args).write_stdin(stdin).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}
