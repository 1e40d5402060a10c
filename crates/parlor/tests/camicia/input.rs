//! Input that is not a game: each refused with one message.

use super::*;

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
    assert_eq!(
        stdout_reading(
            &["camicia", "--input", "jsonl", "--json"],
            "{\"playerA\": [], \"playerB\": [\"3\", \"K\"]}\n"
        ),
        "{\"status\":\"finished\",\"cards\":0,\"tricks\":0}\n"
    );
}
