//! `solve`, and PySolFC's deals for every command.

use super::*;

#[test]
fn solve_json_is_the_proven_maximum_with_a_line_that_reaches_it() {
    let mut solver = russian::solver::Solver::new();
    for seed in [0u64, 55, 960, 2693] {
        let seed_text = seed.to_string();
        let args = ["russian", "solve", "--seed", &seed_text, "--json"];
        let text = stdout_of(&args);
        assert_eq!(text, stdout_of(&args), "the JSON is the same every run");
        let json: Value = serde_json::from_str(&text).expect("one JSON object");
        let solution = solver.solve(&Game::deal(seed), None);
        assert_eq!(json["best"], solution.best);
        assert_eq!(json["complete"], true);
        assert_eq!(json["won"], solution.best == 52);
        assert_eq!(json["bound"], solution.best);
        assert_eq!(json["nodes"], solution.nodes);
        assert_eq!(replay_moves(&json), solution.best);
        // Nobody beats it: not the strategies, not the clairvoyant player of `play`.
        for strategy in ["random", "greedy", "lookahead", "clairvoyant"] {
            let play = json_of(&[
                "russian",
                "play",
                "--seed",
                &seed_text,
                "--strategy",
                strategy,
                "--json",
            ]);
            assert!(check_play_json(&play) <= solution.best);
            if strategy == "clairvoyant" {
                assert_eq!(play["score"], solution.best);
            }
        }
    }
}

#[test]
fn solve_text_shows_the_line_the_maximum_and_the_search() {
    let text = stdout_of(&["russian", "solve", "--seed", "55"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[lines.len() - 2], "maximum 52 (proven): won");
    assert!(lines[lines.len() - 1].starts_with("searched "));
    assert!(lines[lines.len() - 1].ends_with(" ms"));
    assert_eq!(lines[lines.len() - 3], "foundations: CK DK HK SK");
    let blank = lines
        .iter()
        .position(|l| l.is_empty())
        .expect("a blank line");
    for line in &lines[..blank] {
        assert!(
            line.contains(" from ") || line.starts_with("turn "),
            "{line}"
        );
    }
    let lost = stdout_of(&["russian", "solve", "--seed", "960"]);
    assert!(lost.contains("\nmaximum 1 (proven): not won\n"), "{lost}");
    let traced = stdout_of(&["russian", "solve", "--seed", "55", "--trace"]);
    assert!(traced.starts_with(&deal::deal(55).to_string()));
}

#[test]
fn a_solve_budget_that_runs_out_says_the_maximum_is_unknown() {
    let json = json_of(&[
        "russian", "solve", "--seed", "2693", "--budget", "100", "--json",
    ]);
    assert_eq!(json["complete"], false);
    assert!(json["nodes"].as_u64().expect("nodes") <= 100);
    let best = replay_moves(&json);
    assert_eq!(json["best"], best);
    assert!(json["bound"].as_u64().expect("bound") >= 17 && best <= 17);
    let text = stdout_of(&["russian", "solve", "--seed", "2693", "--budget", "100"]);
    assert!(
        text.contains("maximum unknown (at most 25): the budget of 100 positions ran out"),
        "{text}"
    );
}

#[test]
fn pysol_deals_for_deal_play_and_solve() {
    // PySolFC's Russian Solitaire game 1, as its dealing code lays it out.
    let game_1 = "\
D3
[DJ] SA HQ DX D7 C8
[D2] [C7] HA H4 S4 D6 CX
[H9] [H5] [S5] C3 CA HX S8 S6
[CJ] [DK] [DA] [H3] C4 D4 H8 D8 C9
[D5] [CK] [CQ] [S2] [D9] C5 S7 C2 SQ H2
[H7] [S9] [HK] [SK] [DQ] [SJ] SX S3 HJ C6 H6
";
    assert_eq!(stdout_of(&["russian", "deal", "--pysol", "1"]), game_1);
    let from_file = parlor()
        .args(["russian", "solve", "--deal", "-", "--json"])
        .write_stdin(game_1)
        .output()
        .expect("parlor runs");
    assert_eq!(
        String::from_utf8_lossy(&from_file.stdout),
        stdout_of(&["russian", "solve", "--pysol", "1", "--json"])
    );
    let play = json_of(&["russian", "play", "--pysol", "ms123456", "--json"]);
    check_play_json(&play);
    for number in ["123456", "100000000000000000000", "ms8589934591"] {
        let layout = Layout::parse(&stdout_of(&["russian", "deal", "--pysol", number]));
        assert!(layout.is_ok(), "{number}");
    }
    for bad in ["0", "ms0", "100000000000000000001", "12x"] {
        let output = parlor()
            .args(["russian", "solve", "--pysol", bad])
            .output()
            .expect("parlor runs");
        assert_eq!(output.status.code(), Some(2), "{bad}");
        assert!(output.stdout.is_empty());
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.contains("expected a PySolFC game number"), "{err}");
    }
    refused(&["russian", "play", "--pysol", "1", "--deal", "-"], game_1);
}
