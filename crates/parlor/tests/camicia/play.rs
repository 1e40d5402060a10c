//! Games played from every form of input: the exercise's cases, the seed examples, record
//! notation, and their traces.

use super::*;

#[test]
fn the_exercise_cases_as_json_lines() {
    let input = include_str!(crate::testdata!("examples/camicia-exercise.jsonl"));
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
            crate::testdata!("examples/camicia-exercise.jsonl"),
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
    assert_eq!(stdout_reading(&["camicia", "-"], SEED_EXAMPLES), expected);
    assert_eq!(stdout_reading(&["camicia"], SEED_EXAMPLES), expected);
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
    // engine, played by the reference one.
    let input = include_str!(crate::testdata!("examples/camicia-exercise.jsonl"))
        .lines()
        .find(|l| l.contains("complicated"))
        .unwrap()
        .to_string();
    assert_eq!(
        stdout_reading(&["camicia", "--input", "jsonl"], &input),
        "status: \"finished\", cards: 361, tricks: 1\n"
    );
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
    assert_eq!(
        stdout_reading(&["camicia", "--trace"], SEED_EXAMPLES),
        expected
    );
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

/// Two decks of `n` cards from a simple generator, payment cards 4 in 13, as one record line.
fn long_deal(n: usize) -> String {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut deck = || -> String {
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                [
                    '-', '-', '-', '-', '-', '-', '-', '-', '-', 'J', 'Q', 'K', 'A',
                ][(x % 13) as usize]
            })
            .collect()
    };
    let a = deck();
    format!("{a}/{}\n", deck())
}

#[test]
fn a_trace_of_long_decks_stops_at_its_bound() {
    // Every round start of 60,000 cards kept: the bound of 64,000,000 is passed at the 1,067th.
    parlor()
        .args(["camicia", "--trace", "--json"])
        .write_stdin(long_deal(30_000))
        .timeout(std::time::Duration::from_secs(120))
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "error: game 1: the game keeps more than 64,000,000 cards of round starts to find a \
             loop (its 60,000 cards at each of 1,067 round starts), the most a trace holds; \
             without --trace it is played up to 1,000,000,000 cards in the memory of two round \
             starts\n",
        );
}
