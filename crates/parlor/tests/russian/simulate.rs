//! `simulate` and the planner: numbers that do not depend on the threads.

use super::*;

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

#[test]
fn the_planner_plays_the_same_game_for_the_same_seed_and_samples() {
    let run = |seed: &str, samples: &str| {
        russian(&format!(
            "play --seed {seed} --strategy planner --samples {samples} --json"
        ))
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
