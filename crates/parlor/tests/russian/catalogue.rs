//! `catalogue`: a line for each deal, what `solve` says of it.

use super::*;

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
    let dir = scratch("catalogue");
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
