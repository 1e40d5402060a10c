//! `parlor russian` run as a user runs it.

mod common;

use common::{parlor, refused, rejects, stdout_of};
use russian::{Event, Game, Layout, MoveKind, StrategyName, deal, play_deal};
use serde_json::Value;

const SAMPLE: &str = include_str!("data/russian/sample.txt");

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

/// Replays a `play --json` object with the rules crate: every move legal, every event as the game
/// makes it, the score what the foundations hold, and no move left at the end.
fn check_play_json(json: &Value) -> u32 {
    let score = replay_moves(json);
    assert_eq!(json["score"], score);
    score
}

/// Replays the deal and moves of a `play --json` or `solve --json` object; gives the score.
fn replay_moves(json: &Value) -> u32 {
    let columns: Vec<String> = json["deal"]["columns"]
        .as_array()
        .expect("deal columns")
        .iter()
        .map(|c| {
            c.as_array()
                .expect("a column")
                .iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let layout = Layout::parse(&columns.join("\n")).expect("the deal reads back");
    let mut game = Game::new(&layout).expect("a deal");
    let mut events = Vec::new();
    game.settle(&mut |e| events.push(e));
    let moves = json["moves"].as_array().expect("moves");
    let mut i = 0;
    let expect_events = |events: &mut Vec<Event>, i: &mut usize| {
        for event in events.drain(..) {
            let m = &moves[*i];
            *i += 1;
            let column = |n: u8| Value::from(n + 1);
            match event {
                Event::Move(mv) => {
                    let kind = if mv.kind == MoveKind::King {
                        "king"
                    } else {
                        "column"
                    };
                    assert_eq!(m["kind"], kind);
                    assert_eq!(m["card"], mv.card.to_string());
                    assert_eq!(m["from"], column(mv.from));
                    assert_eq!(m["to"], column(mv.to));
                }
                Event::Turn { card, column: k } => {
                    assert_eq!(m["kind"], "turn");
                    assert_eq!(m["card"], card.to_string());
                    assert_eq!(m["column"], column(k));
                }
                Event::Foundation { card, from } => {
                    assert_eq!(m["kind"], "foundation");
                    assert_eq!(m["card"], card.to_string());
                    assert_eq!(m["from"], column(from));
                }
            }
        }
    };
    expect_events(&mut events, &mut i);
    while i < moves.len() {
        let m = &moves[i];
        let legal = game.position().moves();
        let mv = legal
            .iter()
            .find(|mv| {
                m["card"] == mv.card.to_string() && m["from"] == mv.from + 1 && m["to"] == mv.to + 1
            })
            .copied()
            .unwrap_or_else(|| panic!("move {i} {m} is not legal"));
        game.make(mv, &mut |e| events.push(e)).unwrap();
        expect_events(&mut events, &mut i);
    }
    assert!(
        game.position().moves().is_empty(),
        "the game was stopped with a move left"
    );
    let on_foundations = moves.iter().filter(|m| m["kind"] == "foundation").count();
    assert_eq!(game.score() as usize, on_foundations);
    game.score()
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
            "tests/data/russian/symbols.txt",
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
    let run = |seed: &str| {
        stdout_of(&[
            "russian",
            "play",
            "--seed",
            seed,
            "--strategy",
            "random",
            "--json",
        ])
    };
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

#[test]
fn simulate_gives_the_same_numbers_whatever_the_threads() {
    let run = |threads: &str| {
        stdout_of(&[
            "russian",
            "simulate",
            "--range",
            "100..3100",
            "--strategy",
            "greedy",
            "--threads",
            threads,
            "--json",
            "--quiet",
        ])
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one, run("3"));
    let json: Value = serde_json::from_str(&one).expect("json");
    let scores: Vec<u32> = (100..3100)
        .map(|n| play_deal(n, StrategyName::Greedy))
        .collect();
    let mean = scores.iter().map(|&s| f64::from(s)).sum::<f64>() / 3000.0;
    assert_eq!(json["deals"], 3000);
    assert_eq!(json["first_deal"], 100);
    assert!((json["score"]["mean"].as_f64().expect("mean") - mean).abs() < 1e-9);
    assert_eq!(
        json["wins"]["count"],
        scores.iter().filter(|&&s| s == 52).count()
    );
    let profit = json["house_profit"]["mean"].as_f64().expect("profit");
    assert!((profit - (55.0 - 5.0 * mean)).abs() < 1e-9);
    assert!((json["house_edge"].as_f64().expect("edge") - profit / 55.0).abs() < 1e-12);
    let histogram: Vec<u64> = json["histogram"]
        .as_array()
        .expect("histogram")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    assert_eq!(histogram.len(), 53);
    assert_eq!(histogram.iter().sum::<u64>(), 3000);
    let (low, high) = (
        json["score"]["ci95"][0].as_f64().expect("low"),
        json["score"]["ci95"][1].as_f64().expect("high"),
    );
    assert!(low < mean && mean < high);
}

#[test]
fn simulate_text_summary_histogram_and_plot() {
    let plot = std::env::temp_dir().join(format!("russian-plot-{}.svg", std::process::id()));
    let text = stdout_of(&[
        "russian",
        "simulate",
        "--deals",
        "500",
        "--strategy",
        "random",
        "--ascii",
        "--quiet",
        "--plot",
        plot.to_str().expect("a path"),
    ]);
    let svg = std::fs::read_to_string(&plot).expect("the plot was written");
    let _ = std::fs::remove_file(&plot);
    assert!(svg.starts_with("<svg") && svg.contains("random: mean"));
    assert!(svg.contains("break-even: 11 cards pay back the $55 stake"));
    for needle in [
        "strategy random: 500 deals, 0 to 499",
        "score           mean ",
        "median",
        ", sd ",
        "wins (52 cards)",
        "95% Wilson interval",
        "house profit",
        "house edge",
        "score      games   share",
    ] {
        assert!(text.contains(needle), "{needle} in\n{text}");
    }
    assert!(text.contains('#') && !text.contains('█'));
}

#[test]
fn simulate_all_prints_one_table_of_every_strategy() {
    let text = stdout_of(&[
        "russian",
        "simulate",
        "--range",
        "7..307",
        "--strategy",
        "all",
        "--quiet",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2 + StrategyName::ALL.len());
    assert_eq!(lines[0], "deals 7 to 306, every strategy on the same deals");
    for (line, strategy) in lines[2..].iter().zip(StrategyName::ALL) {
        assert!(line.starts_with(strategy.name()), "{line}");
        assert!(line.contains("300"));
    }
}

#[test]
fn simulate_refuses_deals_past_the_last() {
    // Deals up to the last 64-bit number, never wrapped.
    let past = format!("{}..{}", u64::MAX - 1, 1u128 << 64 | 1);
    refused(&["russian", "simulate", "--range", &past], "")
        .stderr(predicates::str::contains("--range: expected A..B"));
    let all = format!("0..{}", 1u128 << 64);
    refused(&["russian", "simulate", "--range", &all], "").stderr(predicates::str::contains(
        "at most 18,446,744,073,709,551,615",
    ));
    refused(&["russian", "simulate", "--deals", "0"], "");
    refused(&["russian", "simulate", "--range", "5..5"], "");
    refused(
        &["russian", "simulate", "--deals", "3", "--range", "0..3"],
        "",
    );
    // As for every long run, zero threads is a usage error, not "all cores".
    refused(
        &["russian", "simulate", "--deals", "2", "--threads", "0"],
        "",
    )
    .stderr(predicates::str::contains("--threads <T>"));
}

fn json_of(args: &[&str]) -> Value {
    serde_json::from_str(&stdout_of(args)).expect("one JSON object")
}

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

#[test]
fn the_planner_plays_the_same_game_for_the_same_seed_and_samples() {
    let run = |seed: &str, samples: &str| {
        stdout_of(&[
            "russian",
            "play",
            "--seed",
            seed,
            "--strategy",
            "planner",
            "--samples",
            samples,
            "--json",
        ])
    };
    let once = run("21", "3");
    assert_eq!(once, run("21", "3"));
    let json: Value = serde_json::from_str(&once).expect("json");
    assert_eq!(json["strategy"], "planner");
    check_play_json(&json);
    refused(
        &[
            "russian",
            "play",
            "--seed",
            "1",
            "--strategy",
            "planner",
            "--samples",
            "0",
        ],
        "",
    );
}

#[test]
fn simulate_takes_a_list_of_strategies_and_the_planner_its_samples() {
    let text = stdout_of(&[
        "russian",
        "simulate",
        "--deals",
        "200",
        "--strategy",
        "greedy,planner,clairvoyant",
        "--samples",
        "2",
        "--quiet",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5);
    assert!(lines[2].starts_with("greedy "));
    assert!(lines[3].starts_with("planner (2 samples) "));
    assert!(lines[4].starts_with("clairvoyant "));
    let json = stdout_of(&[
        "russian",
        "simulate",
        "--deals",
        "200",
        "--strategy",
        "planner,clairvoyant",
        "--samples",
        "2",
        "--json",
        "--quiet",
    ]);
    let objects: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(objects[0]["samples"], 2);
    assert!(objects[1].get("samples").is_none());
    // The clairvoyant mean is the mean of the solver's maxima.
    let mut solver = russian::solver::Solver::new();
    let total: u32 = (0..200)
        .map(|n| solver.solve(&Game::deal(n), None).best)
        .sum();
    let mean = objects[1]["score"]["mean"].as_f64().expect("mean");
    assert!((mean - f64::from(total) / 200.0).abs() < 1e-12);
    assert!(objects[0]["score"]["mean"].as_f64().expect("mean") <= mean);
}

/// The lines of `catalogue ARGS --quiet` as JSON values.
fn catalogue_lines(args: &[&str]) -> Vec<Value> {
    let args = [&["russian", "catalogue", "--quiet"], args].concat();
    stdout_of(&args)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

#[test]
fn catalogue_lines_are_what_solve_says_of_each_deal() {
    // Both sides of the PySolFC generators' border at 32,000, and a budget that runs out.
    let cases: [(&[&str], &str, &[&str]); 3] = [
        (&["--pysol", "31990..32006"], "pysol", &[]),
        (&["--seed", "110..120"], "seed", &[]),
        (
            &["--seed", "2688..2698", "--budget", "1000"],
            "seed",
            &["--budget", "1000"],
        ),
    ];
    let mut unproven = 0;
    for (range, name, budget) in cases {
        let lines = catalogue_lines(range);
        assert!(lines.len() >= 10);
        let first = lines[0][name].as_u64().unwrap();
        for (i, line) in lines.iter().enumerate() {
            let number = (first + i as u64).to_string();
            assert_eq!(line[name].as_u64(), Some(first + i as u64), "in order");
            let flag = format!("--{name}");
            let solve =
                json_of(&[&["russian", "solve", &flag, &number, "--json"], budget].concat());
            assert_eq!(line["max"], solve["best"], "{name} {number}");
            assert_eq!(line["proven"], solve["complete"], "{name} {number}");
            assert_eq!(line["won"], solve["won"], "{name} {number}");
            unproven += usize::from(line["proven"] == false);
        }
    }
    assert!(unproven > 0, "the budget runs out on some deal");
}

#[test]
fn the_shipped_pysol_catalogue_is_regenerated_in_its_first_500_games() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/russian-pysol-winnable-1-32000.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let header: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
    assert!(
        header
            .iter()
            .any(|l| l.contains("parlor russian catalogue --pysol 1..32001 --winnable"))
    );
    let shipped: Vec<u64> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.parse().expect("a game number a line"))
        .collect();
    assert!(shipped.windows(2).all(|w| w[0] < w[1]));
    assert!(shipped.first() >= Some(&1) && shipped.last() <= Some(&32_000));
    let sample: Vec<u64> = shipped.iter().copied().filter(|&n| n <= 500).collect();
    let made: Vec<u64> = catalogue_lines(&["--pysol", "1..501", "--winnable"])
        .iter()
        .map(|line| {
            assert_eq!(line["won"], true);
            line["pysol"].as_u64().unwrap()
        })
        .collect();
    assert!(made.len() > 10);
    assert_eq!(made, sample);
}

#[test]
fn catalogue_summary_goes_where_the_lines_do_not() {
    let dir = std::env::temp_dir().join(format!("parlor-catalogue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("lines.jsonl");
    let streamed = parlor()
        .args(["russian", "catalogue", "--pysol", "1..201"])
        .output()
        .unwrap();
    assert!(streamed.status.success());
    let stderr = String::from_utf8(streamed.stderr).unwrap();
    assert!(
        stderr.starts_with(
            "catalogue of PySolFC games 1 to 200: 200 deals, 200 maxima proven\nwinnable  "
        ),
        "{stderr}"
    );
    let lines = String::from_utf8(streamed.stdout).unwrap();
    assert_eq!(lines.lines().count(), 200);
    let summary = json_of(&[
        "russian",
        "catalogue",
        "--pysol",
        "1..201",
        "--json",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), lines);
    assert_eq!(summary["deals"], 200);
    assert_eq!(summary["first"], "1");
    assert_eq!(summary["last"], "200");
    let histogram: Vec<u64> = summary["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert_eq!(histogram.len(), 53);
    assert_eq!(histogram.iter().sum::<u64>(), 200);
    let won = lines
        .lines()
        .filter(|l| l.ends_with("\"won\":true}"))
        .count() as u64;
    assert_eq!(summary["winnable"]["count"], won);
    assert_eq!(histogram[52], won);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn catalogue_refuses_bad_ranges_and_a_checkpoint_without_out() {
    for range in ["0..5", "5..5", "1..100000000000000000002", "x..3", "7"] {
        refused(&["russian", "catalogue", "--pysol", range], "").stderr(predicates::str::contains(
            "--pysol: expected A..B, PySolFC game numbers with 1 <= A < B",
        ));
    }
    refused(
        &["russian", "catalogue", "--seed", "3..18446744073709551617"],
        "",
    )
    .stderr(predicates::str::contains("--seed: expected A..B"));
    rejects(
        &[
            "russian",
            "catalogue",
            "--seed",
            "0..10",
            "--checkpoint",
            "c.json",
        ],
        "",
        "--checkpoint needs --out FILE: lines already written to standard output cannot be taken \
         back, so a resumed run could not end as an uninterrupted one",
    );
    refused(
        &["russian", "catalogue", "--seed", "0..3", "--pysol", "1..3"],
        "",
    );
    refused(&["russian", "catalogue"], "");
}

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

fn hint_json(input: &str, more: &[&str]) -> Value {
    let args = [&["russian", "hint", "--deal", "-", "--json"], more].concat();
    let output = parlor().args(&args).write_stdin(input).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).expect("one JSON object")
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
    let hidden: String = IN_PROGRESS
        .lines()
        .map(|line| {
            let words: Vec<&str> = line
                .split(' ')
                .map(|w| if w.starts_with('[') { "[?]" } else { w })
                .collect();
            words.join(" ") + "\n"
        })
        .collect();
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
fn unknown_cards_are_refused_where_the_rules_cannot_have_them() {
    let hidden = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/russian-unknown.txt"
    ))
    .unwrap();
    let hint = ["russian", "hint", "--deal", "-"];
    rejects(
        &hint,
        hidden.replacen("[?] SQ", "? SQ", 1),
        "line 2, column 1: expected a card such as HK, found \"?\": a card not known can only lie face down, written [?]",
    );
    rejects(
        &hint,
        hidden.replacen("C9 C8 H2", "[?] C9 C8 H2", 1),
        "line 1, column 1: expected a face-up card such as HK, found \"[?]\": column 1 was dealt 0 face down, and no card is ever laid face down again",
    );
    rejects(
        &hint,
        hidden.replacen("[?] [?] H7", "[?] H7 [?]", 1),
        "line 4, column 8: expected a face-up card such as HK, found \"[?]\": face-down cards lie only under the face-up ones",
    );
    rejects(
        &hint,
        hidden.replacen("[?] D7", "[?] [?] [?] D7", 1),
        "line 3, column 9: expected a face-up card such as HK, found \"[?]\": column 3 was dealt 2 face down, and no card is ever laid face down again",
    );
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

#[test]
fn bound_counts_the_same_for_any_number_of_threads_and_lies_with_the_clairvoyant_figures() {
    let run = |threads: &str| {
        stdout_of(&[
            "russian",
            "bound",
            "--range",
            "40..100",
            "--samples",
            "10",
            "--threads",
            threads,
            "--json",
            "--quiet",
        ])
    };
    let text = run("1");
    assert_eq!(run("2"), text);
    let json: Value = serde_json::from_str(&text).expect("one JSON object");
    assert_eq!(json["deals"], 60);
    assert_eq!(json["samples"], 10);
    assert_eq!(json["turns"], 1);
    assert_eq!(json["over_limit"], 0);
    let stats = russian::bound::Stats::of_deals(40..100, 10, 1);
    // Chunk by chunk the sums are added in another order than deal by deal.
    let bound = json["bound"]["mean"].as_f64().expect("bound");
    assert!((bound - stats.bound().mean).abs() < 1e-9);
    let layouts = json["layouts_clairvoyant"]["mean"]
        .as_f64()
        .expect("layouts");
    let below = json["below_clairvoyant"]["mean"].as_f64().expect("below");
    assert!(
        below >= 0.0 && (layouts - bound - below).abs() < 1e-9,
        "{layouts} {bound} {below}"
    );
    let mut solver = russian::solver::Solver::new();
    let total: u32 = (40..100)
        .map(|n| solver.solve(&Game::deal(n), None).best)
        .sum();
    let clairvoyant = json["clairvoyant"]["mean"].as_f64().expect("mean");
    assert!((clairvoyant - f64::from(total) / 60.0).abs() < 1e-12);
    let profit = json["house_profit"]["mean"].as_f64().expect("profit");
    assert!((profit - (55.0 - 5.0 * bound)).abs() < 1e-9);
    let text = stdout_of(&[
        "russian",
        "bound",
        "--deals",
        "20",
        "--samples",
        "3",
        "--quiet",
    ]);
    assert!(text.starts_with("upper bound on fair play: 20 deals, 0 to 19\n"));
    assert!(text.contains("\nlayouts         3 a deal of the unseen cards; "));
    assert!(text.contains("\nhouse edge      at least "));
}

#[test]
fn bound_fair_until_a_later_turn_counts_less_and_says_so() {
    let json_of = |turns: &str| -> Value {
        let text = stdout_of(&[
            "russian",
            "bound",
            "--range",
            "20..30",
            "--samples",
            "20",
            "--turns",
            turns,
            "--json",
            "--quiet",
        ]);
        serde_json::from_str(&text).expect("one JSON object")
    };
    let (first, second) = (json_of("1"), json_of("2"));
    assert_eq!(second["turns"], 2);
    assert_eq!(second["layouts_clairvoyant"], first["layouts_clairvoyant"]);
    // Deal 22 is tighter with 20 layouts fair until the second turn.
    let bound = |json: &Value| json["bound"]["mean"].as_f64().expect("bound");
    assert!(bound(&second) < bound(&first), "{second} against {first}");
    let text = stdout_of(&[
        "russian",
        "bound",
        "--range",
        "22..23",
        "--samples",
        "20",
        "--turns",
        "2",
        "--quiet",
    ]);
    assert!(
        text.contains(
            "every move before turn 2 made seeing face-up cards only, then every card seen"
        ),
        "{text}"
    );
    for (flag, value) in [
        ("--turns", "0"),
        ("--turns", "22"),
        ("--samples", "0"),
        ("--samples", "100001"),
    ] {
        refused(&["russian", "bound", "--deals", "1", flag, value], "")
            .stderr(predicates::str::contains(flag));
    }
}
