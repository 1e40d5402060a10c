//! `bound`: the fair player's bound, clairvoyant figures beside it.

use super::*;

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

#[test]
fn a_bound_whose_sums_scores_cannot_make_is_refused() {
    let dir = scratch("forged-bound");
    let checkpoint = dir.join("c.json");
    let path = checkpoint.to_str().unwrap();
    let run = runs::russian::BoundRun::new(runs::Deals::new(0, 64), 5, 1);
    // The first chunk's 16 deals, as the run counts them.
    let first = russian::bound::Stats::of_deals(0..16, 5, 1);
    let command = [
        "russian",
        "bound",
        "--deals",
        "64",
        "--samples",
        "5",
        "--checkpoint",
        path,
    ];
    let cases = [
        (
            "sum",
            json!(1e9),
            "its summary does not add up: the values counted: a sum of 1000000000 that 16 \
             values from 0 to 52 cannot make",
        ),
        (
            "sum_of_squares",
            json!(-1.0),
            "its summary does not add up: the values counted: a sum of squares of -1",
        ),
        (
            "gap_sum_of_squares",
            json!(-1.0),
            "its summary does not add up: the gaps between the bound and the layouts' mean",
        ),
    ];
    for (field, value, message) in cases {
        let mut forged = summary_of(&first);
        forged[field] = value;
        forge(&checkpoint, &run, 1, &forged);
        refused_saying(&command, message);
    }
    // The true summary resumes.
    forge(&checkpoint, &run, 1, &summary_of(&first));
    stdout_of(&[&command[..], &["--quiet"]].concat());
    std::fs::remove_dir_all(dir).unwrap();
}
