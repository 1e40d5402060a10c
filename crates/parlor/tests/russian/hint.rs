//! `hint`, with every card known or some face down.

use super::*;

/// Deal 55 after greedy's first moves (`play --seed 55 --trace`), every card known; the
/// example file writes its face-down cards `[?]`.
const IN_PROGRESS: &str = "C9 C8 H2
[C5] SQ S7 D3 C7 CK
[D5] D7 D6 H8 D2 D9 D8 CJ H6 DQ S5
[DK] [C4] H7
[H3] [S6] [H9] [DX] HX D4 SJ CQ
[SA] [C6] [HJ] [S9] [DA] C3 HA HK HQ DJ SK SX S4
[S2] [H4] [CX] [S8] [H5] S3
foundations: C2
";

/// The position `text` as its player sees it: every face-down card written `[?]`.
fn hidden(text: &str) -> String {
    text.lines()
        .map(|line| {
            let words: Vec<&str> = line
                .split(' ')
                .map(|w| if w.starts_with('[') { "[?]" } else { w })
                .collect();
            words.join(" ") + "\n"
        })
        .collect()
}

fn hint_json(input: &str, more: &[&str]) -> Value {
    let args = [&["russian", "hint", "--deal", "-", "--json"], more].concat();
    serde_json::from_str(&stdout_reading(&args, input)).expect("one JSON object")
}

#[test]
fn a_hint_on_a_known_layout_agrees_with_solve() {
    for seed in ["0", "113", "960", "2693"] {
        let deal = stdout_of(&["russian", "deal", "--seed", seed]);
        let hint = hint_json(&deal, &["--samples", "3"]);
        let solve = json_of(&["russian", "solve", "--seed", seed, "--json"]);
        assert_eq!(hint["maximum"], solve["best"], "deal {seed}");
        assert_eq!(hint["unknown"], 0);
        let moves = hint["moves"].as_array().unwrap();
        assert!(!moves.is_empty());
        assert!(
            moves
                .iter()
                .all(|m| m["max"].as_u64() <= solve["best"].as_u64())
        );
        let keep = moves.iter().find(|m| m["move"] == hint["keep"]).unwrap();
        assert_eq!(keep["max"], solve["best"]);
        assert!(moves.iter().any(|m| m["move"] == hint["fair"]));
    }
    // A game in progress: after the move that keeps the maximum, the maximum is the same.
    let hint = hint_json(IN_PROGRESS, &["--samples", "3"]);
    let keep = &hint["keep"];
    let maximum = hint["maximum"].as_u64().unwrap();
    assert!(maximum >= 2 && hint["score"] == 2);
    let moves = hint["moves"].as_array().unwrap();
    assert_eq!(
        moves.iter().filter_map(|m| m["max"].as_u64()).max(),
        Some(maximum)
    );
    assert!(keep.is_object());
}

#[test]
fn a_hint_with_unknown_cards_is_the_fair_players_and_sees_only_the_face_up_cards() {
    let example = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/russian-unknown.txt"
    ))
    .unwrap();
    let hidden = hidden(IN_PROGRESS);
    assert_eq!(example, hidden);
    let unknown = hint_json(&hidden, &["--samples", "8", "--seed", "4"]);
    let known = hint_json(IN_PROGRESS, &["--samples", "8", "--seed", "4"]);
    assert_eq!(unknown["unknown"], 18);
    assert_eq!(unknown["unseen"], 18);
    assert_eq!(unknown["samples"], 8);
    assert!(unknown["maximum"].is_null() && unknown["keep"].is_null());
    // The same face-up cards: the same means and the same move, whatever the face-down cards.
    assert_eq!(unknown["fair"], known["fair"]);
    let means = |v: &Value| -> Vec<Value> {
        v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["mean"].clone())
            .collect()
    };
    assert_eq!(means(&unknown), means(&known));
    assert!(unknown["moves"][0].get("max").is_none());
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/russian-unknown.txt"
    );
    let text = stdout_of(&["russian", "hint", "--deal", path]);
    assert!(
        text.starts_with("score 2, 18 cards unseen (18 of them written [?])\nmove "),
        "{text}"
    );
    assert!(text.contains("\nfair move: "));
    assert!(text.ends_with("exact maximum not known: 18 face-down cards are written [?]\n"));
}

#[test]
fn a_hint_names_a_tie_and_a_single_best_move_in_words() {
    // Every card face up, the planner's seven moves all reach 52; its figure is no average.
    let open = "CX CK\nCJ\nCQ\n-\n-\n-\n-\nfoundations: C9 DK HK SK\n";
    let text = stdout_reading(&["russian", "hint", "--deal", "-"], open);
    assert!(
        text.contains(
            "\nCK from 1 to 4               52.000        52\n\
             CK from 1 to 5 "
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "\nfair move: 7 moves tie; the planner picks CK from 1 to 4 (with no card unseen, the \
             best play after each gets 52.000 cards up; greedy's rule of thumb breaks the tie)\n"
        ),
        "{text}"
    );
    assert_eq!(hint_json(open, &[])["ties"], 7);
    // Deal 22's first position seen by a player: one move is best; deal 11's has one move.
    let seen = |seed: &str| hidden(&stdout_of(&["russian", "deal", "--seed", seed]));
    let text = stdout_reading(
        &["russian", "hint", "--deal", "-", "--samples", "5"],
        &seen("22"),
    );
    assert!(
        text.contains(
            "\nfair move: DA from 7 to 6 (on average over 5 layouts of the unseen cards, the best \
             play after it gets 4.200 cards up, more than after any other move)\n"
        ),
        "{text}"
    );
    let text = stdout_reading(
        &["russian", "hint", "--deal", "-", "--samples", "5"],
        &seen("11"),
    );
    assert!(
        text.contains(
            "\nfair move: H4 from 7 to 2, the only move (on average over 5 layouts of the unseen \
             cards, the best play after it gets 0.000 cards up)\n"
        ),
        "{text}"
    );
}

#[test]
fn unknown_cards_are_refused_where_the_rules_cannot_have_them() {
    let hidden = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/russian-unknown.txt"
    ))
    .unwrap();
    let hint = ["russian", "hint", "--deal", "-"];
    for (written, miswritten, message) in [
        (
            "[?] SQ",
            "? SQ",
            "line 2, column 1: expected a card such as HK, found \"?\": a card not known can only lie face down, written [?]",
        ),
        (
            "C9 C8 H2",
            "[?] C9 C8 H2",
            "line 1, column 1: expected a face-up card such as HK, found \"[?]\": column 1 was dealt 0 face down, and no card is ever laid face down again",
        ),
        (
            "[?] [?] H7",
            "[?] H7 [?]",
            "line 4, column 8: expected a face-up card such as HK, found \"[?]\": face-down cards lie only under the face-up ones",
        ),
        (
            "[?] D7",
            "[?] [?] [?] D7",
            "line 3, column 9: expected a face-up card such as HK, found \"[?]\": column 3 was dealt 2 face down, and no card is ever laid face down again",
        ),
    ] {
        rejects(&hint, hidden.replacen(written, miswritten, 1), message);
    }
    refused(
        &hint,
        hidden.replacen("foundations: C2", "foundations: C3", 1),
    )
    .stderr(predicates::str::starts_with(
        "error: line 6, column 21: expected each card once, found C3, which is on its foundation",
    ));
    refused(&hint, hidden.replacen("[?] S3", "S3", 1))
        .stderr(predicates::str::contains("but the layout has 17 [?]"));
    // Every card known is needed to play or solve.
    let deal = stdout_of(&["russian", "deal", "--seed", "3"]);
    let mut lines: Vec<String> = deal.lines().map(str::to_owned).collect();
    lines[1] = format!("[?]{}", &lines[1][4..]);
    rejects(
        &["russian", "solve", "--deal", "-"],
        lines.join("\n"),
        "line 2, column 1: expected a card such as [D4], found \"[?]\": a deal needs every card known",
    );
}

/// `--samples` at its most, 10,000: a position whose layouts are long to solve stops at the
/// planner's budget of positions and says so, in about 3 s; the test allows a loaded machine
/// twenty times that.
#[test]
fn a_hint_at_the_most_samples_answers_within_its_budget_and_says_it_stopped() {
    let unknown = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/russian-unknown.txt"
    ))
    .unwrap();
    let started = std::time::Instant::now();
    let text = stdout_reading(
        &["russian", "hint", "--deal", "-", "--samples", "10000"],
        &unknown,
    );
    assert!(
        started.elapsed() < std::time::Duration::from_secs(60),
        "{:?}",
        started.elapsed()
    );
    assert!(
        text.contains(
            "fair move: 3 moves tie; the planner picks S3 from 7 to 6 (on average over 3428 \
             layouts of the unseen cards, the best play after each gets 31.913 cards up; greedy's \
             rule of thumb breaks the tie)\n\
             the planner stopped after 3,428 of the 10,000 layouts asked: a decision searches at \
             most 3,000,000 positions (some 3 s of work); ask for fewer to have them all\n"
        ),
        "{text}"
    );
    // The JSON says it too; a hint that solved every layout asked for has no "stopped".
    let json = hint_json(&unknown, &["--samples", "10000"]);
    assert_eq!(
        (&json["samples"], &json["stopped"]),
        (&serde_json::json!(3428), &serde_json::json!(true))
    );
    let all = hint_json(&unknown, &["--samples", "30"]);
    assert_eq!(all["samples"], 30);
    assert!(all.get("stopped").is_none(), "{all}");
}
