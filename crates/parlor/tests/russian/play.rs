//! `deal`, `play` and `trace`: the layout, the moves, and bad layouts.

use super::*;

#[test]
fn deal_prints_the_layout_in_letters_when_not_a_terminal() {
    let text = stdout_of(&["russian", "deal", "--seed", "0"]);
    assert_eq!(text, deal::deal(0).to_string());
    assert_eq!(text.lines().next(), Some("HK"));
    assert_eq!(text.lines().count(), 7);
    assert_eq!(
        stdout_of(&["russian", "deal", "--seed", "0", "--ascii"]),
        text
    );
}

#[test]
fn deal_json_uses_the_same_card_strings() {
    let json: Value =
        serde_json::from_str(&stdout_of(&["russian", "deal", "--seed", "42", "--json"]))
            .expect("one JSON object");
    let lines: Vec<String> = json["columns"]
        .as_array()
        .expect("columns")
        .iter()
        .map(|column| {
            let cards: Vec<&str> = column
                .as_array()
                .expect("a column")
                .iter()
                .filter_map(Value::as_str)
                .collect();
            cards.join(" ")
        })
        .collect();
    let text = lines.join("\n") + "\n";
    assert_eq!(text, deal::deal(42).to_string());
    assert_eq!(json["columns"][1][0], "[HQ]");
}

#[test]
fn play_json_replays_move_by_move_for_every_strategy() {
    for strategy in StrategyName::ALL {
        for seed in [0u64, 1, 5, 77, 1234] {
            let text = stdout_of(&[
                "russian",
                "play",
                "--seed",
                &seed.to_string(),
                "--strategy",
                strategy.name(),
                "--json",
            ]);
            assert_eq!(text.lines().count(), 1);
            let json: Value = serde_json::from_str(&text).expect("one JSON object");
            assert_eq!(json["strategy"], strategy.name());
            assert_eq!(check_play_json(&json), play_deal(seed, strategy));
        }
    }
}

#[test]
fn a_won_game_scores_52() {
    // Find a deal `greedy` wins, in the rules crate, and check the command agrees.
    let seed = (0..)
        .find(|&n| play_deal(n, StrategyName::Greedy) == 52)
        .expect("some deal is won");
    let json: Value = serde_json::from_str(&stdout_of(&[
        "russian",
        "play",
        "--seed",
        &seed.to_string(),
        "--json",
    ]))
    .expect("one JSON object");
    assert_eq!(check_play_json(&json), 52);
}

#[test]
fn play_text_lists_moves_then_the_final_layout_and_score() {
    let text = stdout_of(&["russian", "play", "--seed", "0", "--strategy", "lookahead"]);
    let lines: Vec<&str> = text.lines().collect();
    let score = play_deal(0, StrategyName::Lookahead);
    assert_eq!(
        lines.last().copied(),
        Some(format!("score {score}").as_str())
    );
    assert!(lines[lines.len() - 2].starts_with("foundations: "));
    let blank = lines
        .iter()
        .position(|l| l.is_empty())
        .expect("a blank line after the moves");
    assert!(blank > 0);
    for line in &lines[..blank] {
        let ok = line.contains(" from ") || line.starts_with("turn ");
        assert!(ok, "{line}");
    }
    assert_eq!(lines.len(), blank + 1 + 7 + 2);
}

#[test]
fn trace_shows_the_layout_after_each_move() {
    let text = stdout_of(&["russian", "play", "--seed", "3", "--trace"]);
    assert!(text.starts_with(&deal::deal(3).to_string()));
    let json: Value =
        serde_json::from_str(&stdout_of(&["russian", "play", "--seed", "3", "--json"]))
            .expect("json");
    let chosen = json["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter(|m| m["kind"] == "column" || m["kind"] == "king")
        .count();
    // One blank line after the deal and after each layout shown.
    let layouts = text.matches("\n\n").count();
    assert!(layouts >= chosen, "{layouts} layouts for {chosen} moves");
    assert!(text.ends_with(&format!("score {}\n", json["score"])));
}

#[test]
fn a_deal_file_plays_like_its_number_and_symbols_read_too() {
    let path = std::env::temp_dir().join(format!("russian-deal-{}.txt", std::process::id()));
    std::fs::write(&path, deal::deal(9).to_string()).expect("a temporary file");
    let from_file = stdout_of(&[
        "russian",
        "play",
        "--deal",
        path.to_str().expect("a path"),
        "--json",
    ]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        from_file,
        stdout_of(&["russian", "play", "--seed", "9", "--json"])
    );
    let letters = parlor()
        .args(["russian", "play", "--deal", "-", "--json"])
        .write_stdin(SAMPLE)
        .output()
        .expect("parlor runs");
    let symbols = parlor()
        .args([
            "russian",
            "play",
            "--deal",
            crate::testdata!("testdata/russian/symbols.txt"),
            "--json",
        ])
        .output()
        .expect("parlor runs");
    assert!(letters.status.success() && symbols.status.success());
    assert_eq!(letters.stdout, symbols.stdout);
    let json: Value = serde_json::from_slice(&letters.stdout).expect("json");
    check_play_json(&json);
}

#[test]
fn random_play_is_the_same_every_time_and_seeded() {
    let run = |seed: &str| russian(&format!("play --seed {seed} --strategy random --json"));
    assert_eq!(run("11"), run("11"));
    let with_file = |seed: &str| {
        let output = parlor()
            .args([
                "russian",
                "play",
                "--deal",
                "-",
                "--seed",
                seed,
                "--strategy",
                "random",
            ])
            .write_stdin(SAMPLE)
            .output()
            .expect("parlor runs");
        output.stdout
    };
    assert_eq!(with_file("4"), with_file("4"));
}

fn assert_bad_input(input: &str, message: &str) {
    rejects(&["russian", "play", "--deal", "-"], input, message);
}

#[test]
fn bad_layouts_exit_2_with_line_and_column() {
    assert_bad_input(
        &SAMPLE.replace("HQ CQ", "HQ Q♣"),
        "line 2, column 12: expected a card such as S3 or HX, found \"Q♣\"",
    );
    assert_bad_input(
        &SAMPLE.replace("DK", "S3"),
        "line 2, column 18: expected each card once, found \"S3\" again (first at line 1, column 1)",
    );
    assert_bad_input(
        &SAMPLE.replace(" CK\n", "\n"),
        "line 3, column 22: expected 1 more card in column 3 (2 face down in brackets, then 5 face \
         up), found the end of the line",
    );
    assert_bad_input(
        &SAMPLE.replace("[S4] [C9]", "S4 [C9]"),
        "line 6, column 1: expected a face-down card such as [D4] in column 6 (5 face down in \
         brackets, then 5 face up), found \"S4\"",
    );
    assert_bad_input(
        &SAMPLE.lines().take(6).collect::<Vec<_>>().join("\n"),
        "line 7, column 1: expected 7 lines, one per column, found only 6 before the end of the input",
    );
    assert_bad_input(
        &format!("{SAMPLE}SA\n"),
        "line 8, column 1: expected the end of the input after 7 columns, found \"SA\"",
    );
    assert_bad_input(
        "",
        "line 1, column 1: expected 7 lines, one per column, found only 0 before the end of the input",
    );
    refused(&["russian", "play", "--deal", "/nonexistent/deal.txt"], "");
}

#[test]
fn an_unknown_strategy_lists_the_known_ones() {
    for command in ["play", "simulate"] {
        let output = parlor()
            .args(["russian", command, "--deals", "1", "--strategy", "clever"])
            .output()
            .expect("parlor runs");
        if command == "play" {
            // `play` has no --deals: clap names that first; ask again without it.
            let output = parlor()
                .args(["russian", "play", "--seed", "1", "--strategy", "clever"])
                .output()
                .expect("parlor runs");
            assert_eq!(output.status.code(), Some(2));
            let err = String::from_utf8_lossy(&output.stderr);
            assert!(
                err.contains("random, greedy, lookahead, planner and clairvoyant"),
                "{err}"
            );
        } else {
            assert_eq!(output.status.code(), Some(2));
            let err = String::from_utf8_lossy(&output.stderr);
            assert!(
                err.contains(
                    "random, greedy, lookahead, planner and clairvoyant (or a list, or all)"
                ),
                "{err}"
            );
        }
        assert!(output.stdout.is_empty());
    }
}
