//! `speed stats`: numbers that do not depend on the threads, splits, the longest game, the
//! picture, and the run's checkpoint and cluster.

use super::*;

/// The tally of deals 0..n of a seed, computed here from the library.
fn a_wins(seed: u64, n: u64, split: Split) -> u64 {
    (0..n)
        .filter(|&i| fast::play(&Deal::random(seed, i, split)).winner == Robot::A)
        .count() as u64
}

#[test]
fn stats_are_the_same_whatever_the_threads() {
    let run = |threads: &str| {
        stdout_of(&[
            "speed",
            "stats",
            "--deals",
            "40000",
            "--seed",
            "9",
            "--quiet",
            "--threads",
            threads,
        ])
    };
    let text = run("1");
    assert_eq!(text, run("2"));
    assert_eq!(text, run("3"));
    let wins = a_wins(9, 40_000, Split::HALVES);
    assert!(
        text.starts_with("Speed: 40,000 random deals from one pack, A 26 cards and B 26, seed 9\n")
    );
    assert!(
        text.contains(&format!(
            "A wins                {},{:03} of 40,000 = ",
            wins / 1000,
            wins % 1000
        )),
        "{text}"
    );
    assert!(text.contains("longest game          deal "));
}

#[test]
fn stats_as_json_with_a_split() {
    let out = parlor()
        .args([
            "speed", "stats", "--deals", "3000", "--seed", "4", "--split", "10/12", "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let split = Split::new(10, 12).unwrap();
    assert_eq!(v["deals"], 3000);
    assert_eq!(v["split"], serde_json::json!([10, 12]));
    assert_eq!(v["a_wins"]["count"], a_wins(4, 3000, split));
    let longest = &v["longest"];
    let game = longest["deal"].as_u64().unwrap();
    let outcome = fast::play(&Deal::random(4, game, split));
    assert_eq!(longest["end_ms"], outcome.end_ms);
    assert_eq!(v["length_ms"]["max"], outcome.end_ms);
    assert!(longest["a"].as_str().unwrap().starts_with("10 "));
    let lo = v["a_wins"]["wilson95"][0].as_f64().unwrap();
    let hi = v["a_wins"]["wilson95"][1].as_f64().unwrap();
    let rate = v["a_wins"]["rate"].as_f64().unwrap();
    assert!(lo < rate && rate < hi);
}

#[test]
fn the_longest_game_can_be_replayed_from_the_stats() {
    let out = parlor()
        .args(["speed", "stats", "--deals", "500", "--quiet"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let line = text.lines().find(|l| l.starts_with("  printf '")).unwrap();
    let input = line
        .trim_start_matches("  printf '")
        .split("' |")
        .next()
        .unwrap()
        .replace("\\n", "\n");
    let ms: String = text
        .lines()
        .find(|l| l.starts_with("longest game"))
        .and_then(|l| l.split(", ").nth(1))
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .replace(',', "");
    let trace = stdout_reading(&["speed", "--trace"], &input);
    assert!(trace.contains(&format!(" wins at {ms} ms")), "{trace}");
}

#[test]
fn stats_refuse_bad_arguments() {
    for args in [
        &["--deals", "0"][..],
        &["--deals", "10", "--split", "27/26"],
        &["--deals", "10", "--split", "0/5"],
        &["--deals", "10", "--split", "26"],
        &["--deals", "10", "--threads", "0"],
        &["--games", "10"],
        &[],
    ] {
        parlor()
            .args(["speed", "stats"])
            .args(args)
            .assert()
            .code(2)
            .stdout("");
    }
}

#[test]
fn several_splits_play_the_same_deal_numbers_and_make_one_table() {
    let splits = ["13/39", "26/26", "5/7"];
    let stats = |split: &str, more: &[&str]| {
        let args = [
            "speed", "stats", "--deals", "2000", "--seed", "9", "--quiet",
        ];
        stdout_of(&[&args[..], &["--split", split], more].concat())
    };
    let both = stats("13/39,26/26,5/7,26/26", &["--json"]);
    let lines: Vec<&str> = both.lines().collect();
    assert_eq!(lines.len(), 3, "a split given twice is played once: {both}");
    for (line, split) in lines.iter().zip(splits) {
        let alone = stats(split, &["--json"]);
        assert_eq!(format!("{line}\n"), alone, "split {split}");
    }
    let table = stats("13/39,26/26,5/7", &[]);
    let rows: Vec<&str> = table.lines().collect();
    assert_eq!(rows.len(), 6, "{table}");
    assert!(rows[1].starts_with("split ") && rows[1].contains("A wins (95% Wilson)"));
    for (row, split) in rows[2..5].iter().zip(splits) {
        assert!(row.starts_with(&format!("{split:<8}")), "{row}");
        assert!(row.contains(" 2,000  "), "{row}");
    }
}

#[test]
fn the_stats_plot_shows_lengths_and_wins_for_every_split() {
    let dir = scratch("speed-plot");
    let path = dir.join("stats.svg");
    parlor()
        .args([
            "speed",
            "stats",
            "--deals",
            "3000",
            "--quiet",
            "--split",
            "20/32,32/20",
        ])
        .arg("--plot")
        .arg(&path)
        .assert()
        .success();
    let svg = std::fs::read_to_string(&path).unwrap();
    for label in [
        "Speed: 3,000 random deals for each split, seed 1",
        ">A 20 cards, B 32<",
        ">A 32 cards, B 20<",
        "game length in seconds",
        "A's cards (B has the rest of the split)",
        ">even: 50%<",
    ] {
        assert!(svg.contains(label), "{label} missing");
    }
    // A line of lengths for each split, and a point with its interval.
    assert_eq!(svg.matches("<polyline").count(), 2);
    assert_eq!(svg.matches("<circle").count(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_picture_of_two_splits() {
    Picture::new("speed-stats").drawn(
        "speed stats --deals 2000 --split 13/39,26/26 --quiet --plot",
        "",
        &[
            "A 13 cards, B 39",
            "A 26 cards, B 26",
            "game length in seconds",
            "A's cards (B has the rest of the split)",
            "even: 50%",
        ],
    );
}

#[test]
fn a_checkpoint_that_cannot_be_read_is_placed_in_the_file() {
    let dir = scratch("forged-place");
    let checkpoint = dir.join("c.json");
    let path = checkpoint.to_str().unwrap();
    std::fs::write(&checkpoint, "").unwrap();
    let command = ["speed", "stats", "--deals", "5000", "--checkpoint", path];
    rejects(
        &command,
        "",
        &format!(
            "{path}: line 1, column 1: expected a checkpoint of parlor (EOF while parsing a value)"
        ),
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn processes_of_different_runs_refuse_each_other() {
    let dir = scratch("differ");
    let hosts = hostfile(&dir, 2);
    let a = with(&["speed", "stats", "--deals", "5000"], &["--quiet"]);
    let b = with(&["speed", "stats", "--deals", "6000"], &["--quiet"]);
    let later = spawn(&in_cluster(&b, &hosts, 1, 2));
    let first = spawn(&in_cluster(&a, &hosts, 0, 2));
    for child in [first, later] {
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains("start every process with the same command"),
            "{stderr}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn under_slurm_a_process_takes_its_place_from_the_environment() {
    let dir = scratch("slurm");
    let hosts = hostfile(&dir, 1);
    let run = ["speed", "stats", "--deals", "3000", "--quiet"];
    let alone = stdout_of(&run);
    let output = parlor()
        .args(run)
        .args(["--cluster", "--hostfile", hosts.to_str().unwrap()])
        .env("SLURM_PROCID", "0")
        .env("SLURM_NTASKS", "1")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(String::from_utf8(output.stdout).unwrap(), alone);
    parlor()
        .args(run)
        .args(["--cluster", "--hostfile", hosts.to_str().unwrap()])
        .env_remove("SLURM_PROCID")
        .env_remove("SLURM_NTASKS")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--cluster needs --processes N"));
    parlor()
        .args(run)
        .args(["--cluster", "--hostfile", hosts.to_str().unwrap()])
        .env("SLURM_PROCID", "3")
        .env("SLURM_NTASKS", "2")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--process 3: expected a process from 0 to 1",
        ));
    std::fs::remove_dir_all(dir).unwrap();
}
