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

#[test]
fn a_picture_of_the_scores() {
    Picture::new("russian").drawn(
        "russian simulate --deals 400 --strategy random,greedy,clairvoyant --quiet --plot",
        "",
        &[
            "score (cards on the foundations)",
            "share of games (log scale)",
            "break-even: 11 cards",
            "random: mean",
            "greedy: mean",
            "clairvoyant: mean",
        ],
    );
}

/// The run of `simulate --deals 5000`: greedy, with the default samples.
fn greedy_on_5000_deals() -> runs::russian::SimulateRun {
    runs::russian::SimulateRun::new(
        runs::Deals::new(0, 5000),
        vec![russian::StrategyName::Greedy],
        russian::strategy::DEFAULT_SAMPLES,
    )
}

#[test]
fn a_checkpoint_whose_summary_does_not_add_up_is_refused() {
    let dir = scratch("forged");
    let checkpoint = dir.join("c.json");
    let path = checkpoint.to_str().unwrap();
    let simulate = greedy_on_5000_deals();
    // One chunk of 2,048 deals committed, but a tally of one game: its checksum is right (the
    // file was made by a program, not edited by hand), its content wrong.
    let mut tally = russian::Stats::default();
    tally.add(7);
    forge(&checkpoint, &simulate, 1, &vec![tally]);
    refused_saying(
        &[
            "russian",
            "simulate",
            "--deals",
            "5000",
            "--checkpoint",
            path,
        ],
        "its summary does not add up: its scores do not count 2048 games",
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_refusal_of_process_0_stops_the_others_at_once_with_its_reason() {
    let dir = scratch("refusal");
    let checkpoint = dir.join("c.json");
    let simulate = greedy_on_5000_deals();
    forge(&checkpoint, &simulate, 1, &vec![russian::Stats::default()]);
    let run = with(
        &["russian", "simulate", "--deals", "5000"],
        &["--quiet", "--checkpoint", checkpoint.to_str().unwrap()],
    );
    let hosts = hostfile(&dir, 3);
    let started = Instant::now();
    // The others first: before, they waited the whole --cluster-wait for process 0.
    let later: Vec<Child> = [2, 1]
        .map(|p| spawn(&in_cluster(&run, &hosts, p, 3)))
        .into();
    let first = spawn(&in_cluster(&run, &hosts, 0, 3))
        .wait_with_output()
        .unwrap();
    let reason = format!(
        "{}: its summary does not add up: its scores do not count 2048 games; it was damaged or \
         edited",
        checkpoint.display()
    );
    assert_eq!(first.status.code(), Some(2), "{first:?}");
    assert_eq!(
        String::from_utf8(first.stderr).unwrap(),
        format!("error: {reason}\n")
    );
    let address = std::fs::read_to_string(&hosts).unwrap();
    let address = address.lines().next().unwrap().to_owned();
    for child in later {
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        assert_eq!(
            String::from_utf8(output.stderr).unwrap(),
            format!("error: process 0 ({address}) cannot run: {reason}\n")
        );
    }
    assert!(started.elapsed() < Duration::from_secs(15));
    std::fs::remove_dir_all(dir).unwrap();
}
