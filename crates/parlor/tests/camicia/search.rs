//! `search`: the records found again, results that do not depend on the threads, a search
//! killed and resumed.

use super::*;

/// A search's `--json` summary.
fn search(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout_of(
        &[&["camicia", "search", "--json", "--quiet"], args].concat(),
    ))
    .unwrap()
}

fn window(centre: u128, width: u128) -> String {
    format!("{}..{}", centre - width / 2, centre + width / 2)
}

#[test]
fn a_million_deals_around_nessler_2022() {
    let dir = scratch("nessler");
    let out = dir.join("finds.jsonl");
    let summary = search(&[
        "--range",
        &window(NESSLER_INDEX, 1_000_000),
        "--top",
        "3",
        "--min-cards",
        "5000",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(summary["deals"], 1_000_000);
    let nessler = serde_json::json!({
        "index": NESSLER_INDEX.to_string(),
        "deal": NESSLER,
        "status": "finished",
        "cards": 8344,
        "tricks": 1164,
    });
    assert_eq!(summary["longest"][0], nessler);
    assert!(summary["longest"][1]["cards"].as_u64().unwrap() < 8344);
    assert_eq!(summary["loops"], 0);
    assert_eq!(summary["long_games"], 1);
    // The record is written as the issue shows it, to the character.
    let lines = std::fs::read_to_string(&out).unwrap();
    assert!(lines.contains(&format!(
        "{{\"index\":\"{NESSLER_INDEX}\",\"deal\":\"{NESSLER}\",\"status\":\"finished\",\
         \"cards\":8344,\"tricks\":1164}}\n"
    )));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_loop_of_casella_2024_in_its_neighbourhood() {
    let text = stdout_of(&[
        "camicia",
        "search",
        "--range",
        &window(CASELLA_INDEX, 200_000),
        "--top",
        "1",
        "--threads",
        "2",
        "--quiet",
    ]);
    assert!(text.starts_with(&format!(
        "camicia search: every deal of index {} to {} (200,000 deals)\nlongest finished games",
        CASELLA_INDEX - 100_000,
        CASELLA_INDEX + 99_999
    )));
    assert!(text.contains(&format!(
        "\nloops: 1\n   1. 474 cards, 66 tricks, index {CASELLA_INDEX}\n      {CASELLA}\n"
    )));
}

/// A directory of this test's own.

#[test]
fn results_do_not_depend_on_the_threads() {
    let dir = scratch("threads");
    for mode in [
        vec!["--range", "300000000000000000000..300000000000000700000"],
        vec![
            "--climb", "--from", CASELLA, "--steps", "150000", "--seed", "3",
        ],
    ] {
        let run = |threads: &str| {
            let out = dir.join(format!("t{threads}.jsonl"));
            let summary = search(
                &[
                    &mode[..],
                    &["--min-cards", "1500", "--threads", threads],
                    &["--out", out.to_str().unwrap()],
                ]
                .concat(),
            );
            (summary, std::fs::read_to_string(&out).unwrap())
        };
        let (one, one_out) = run("1");
        let (two, two_out) = run("2");
        assert_eq!(one, two);
        assert_eq!(one_out, two_out);
        assert!(one_out.lines().count() >= 10, "{mode:?}: {one_out}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_climb_from_a_short_game_finds_longer_ones() {
    let summary = search(&[
        "--climb", "--from", "9999", "--steps", "100000", "--top", "2",
    ]);
    assert_eq!(summary["deals"], 100_000);
    assert_eq!(summary["start"]["index"], "9999");
    let start = summary["start"]["cards"].as_u64().unwrap();
    let best = summary["longest"][0]["cards"].as_u64().unwrap();
    assert!(best > 4 * start, "{start} -> {best}");
    assert_eq!(summary["search"]["mode"], "climb");
}

#[test]
fn a_search_killed_at_any_moment_resumes_to_the_same_end() {
    let dir = scratch("search-resume");
    let out = dir.join("finds.jsonl");
    let checkpoint = dir.join("hunt.checkpoint");
    let args = |threads: &str, checkpoint: Option<&std::path::Path>| {
        let mut args: Vec<String> = [
            "camicia",
            "search",
            "--random",
            "--deals",
            "4000000",
            "--seed",
            "11",
            "--min-cards",
            "1800",
            "--top",
            "5",
            "--json",
            "--quiet",
            "--threads",
            threads,
            "--out",
        ]
        .map(String::from)
        .to_vec();
        args.push(out.to_str().unwrap().into());
        if let Some(path) = checkpoint {
            args.extend(["--checkpoint".into(), path.to_str().unwrap().into()]);
            args.extend(["--checkpoint-every".into(), "0".into()]);
        }
        args
    };
    // Uninterrupted, on one thread, without a checkpoint.
    let whole = parlor().args(args("1", None)).output().unwrap();
    assert!(whole.status.success());
    let whole_out = std::fs::read(&out).unwrap();
    assert!(whole_out.len() > 10_000);
    std::fs::remove_file(&out).unwrap();

    // 16 chunks of 262,144 deals: killed (SIGKILL) mid-run after 3, 6 and 9 chunks.
    let mut snapshot = None;
    for after in [3, 6, 9] {
        kill_after(spawn(&args("2", Some(&checkpoint))), &checkpoint, after);
        let done = committed(&checkpoint).unwrap();
        assert!(done < 16, "the search ended before it was killed");
        if after == 6 {
            snapshot = Some(std::fs::read(&checkpoint).unwrap());
        }
    }
    // Resumed from the checkpoint on `threads`, which must succeed; its standard output.
    let resume = |threads: &str| {
        let resumed = parlor()
            .args(args(threads, Some(&checkpoint)))
            .output()
            .unwrap();
        assert!(resumed.status.success(), "{resumed:?}");
        resumed.stdout
    };
    assert_eq!(resume("2"), whole.stdout);
    assert_eq!(std::fs::read(&out).unwrap(), whole_out);

    // A crash after results were written but before the checkpoint recorded them: an older
    // checkpoint, and a half-written line at the end of `--out`.
    std::fs::write(&checkpoint, snapshot.unwrap()).unwrap();
    let mut longer = whole_out.clone();
    longer.extend_from_slice(b"{\"index\":\"12");
    std::fs::write(&out, longer).unwrap();
    assert_eq!(resume("1"), whole.stdout);
    assert_eq!(std::fs::read(&out).unwrap(), whole_out);

    // A finished search started again only prints its summary.
    assert_eq!(resume("2"), whole.stdout);
    assert_eq!(std::fs::read(&out).unwrap(), whole_out);

    // Another search is refused, naming the difference.
    let mut other = args("2", Some(&checkpoint));
    other[6] = "12".into();
    let other: Vec<&str> = other.iter().map(String::as_str).collect();
    refused(&other, "").stderr(predicate::str::contains(
        "the checkpoint was made with --seed 11, this command has --seed 12",
    ));
    // A checkpoint edited by hand, even one that still reads, is refused.
    let good = std::fs::read_to_string(&checkpoint).unwrap();
    let edited = good.replacen("\"committed\":16", "\"committed\":15", 1);
    assert_ne!(edited, good);
    std::fs::write(&checkpoint, edited).unwrap();
    let same = args("2", Some(&checkpoint));
    let same: Vec<&str> = same.iter().map(String::as_str).collect();
    refused(&same, "").stderr(predicate::str::contains("edited or damaged"));
    // Results cut short, or changed, are refused: the output is not this search's.
    std::fs::write(&checkpoint, &good).unwrap();
    std::fs::write(&out, &whole_out[..100]).unwrap();
    refused(&same, "").stderr(predicate::str::contains("but the checkpoint recorded"));
    let mut changed = whole_out.clone();
    changed[10] ^= 1;
    std::fs::write(&out, &changed).unwrap();
    refused(&same, "").stderr(predicate::str::contains("it was changed"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_search_options() {
    for (args, message) in [
        (
            vec!["--range", "5..5"],
            "error: --range: expected START..END",
        ),
        (
            vec!["--range", "0..653534134886878245001"],
            "error: --range: expected START..END",
        ),
        (
            vec!["--range", "1-9"],
            "error: --range: expected START..END",
        ),
        (
            vec!["--climb", "--from", "---A/--"],
            "error: --from: expected one pack split 26/26",
        ),
        (
            vec!["--climb", "--from", "653534134886878245000"],
            "error: --from: expected a deal index",
        ),
        (vec!["--random"], "--deals <N>"),
        (
            vec!["--random", "--deals", "5", "--range", "0..9"],
            "cannot be used with",
        ),
        (
            vec!["--range", "0..9", "--seed", "4"],
            "cannot be used with",
        ),
        (
            vec!["--range", "0..9", "--deals", "7"],
            "cannot be used with",
        ),
        (
            vec!["--range", "0..9", "--from", "5"],
            "cannot be used with",
        ),
        (
            vec!["--range", "0..9", "--steps", "5"],
            "cannot be used with",
        ),
        (
            vec!["--random", "--deals", "5", "--steps", "5"],
            "cannot be used with",
        ),
        (
            vec!["--climb", "--from", "5", "--deals", "5"],
            "cannot be used with",
        ),
    ] {
        parlor()
            .args([&["camicia", "search"], &args[..]].concat())
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
}

#[test]
fn one_run_at_a_time_holds_a_checkpoint_or_an_output() {
    let dir = scratch("lock");
    let checkpoint = dir.join("c.json");
    let out = dir.join("finds.jsonl");
    let first = spawn(&with(
        &["camicia", "search", "--random", "--deals", "50000000"],
        &[
            "--quiet",
            "--checkpoint",
            checkpoint.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
    ));
    wait_until_committed(&checkpoint, 0, Duration::from_secs(30));
    refused_saying(
        &[
            "camicia",
            "search",
            "--random",
            "--deals",
            "50000000",
            "--checkpoint",
            checkpoint.to_str().unwrap(),
        ],
        "another run is using it",
    );
    // Another search writing the same --out, with no checkpoint, is refused too.
    refused_saying(
        &[
            "camicia",
            "search",
            "--range",
            "0..1000",
            "--out",
            out.to_str().unwrap(),
        ],
        "another run is using it",
    );
    let mut first = first;
    first.kill().unwrap();
    first.wait().unwrap();
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_climb_stays_on_one_machine() {
    let dir = scratch("climb");
    let run = with(
        &["camicia", "search", "--climb", "--from", "9999"],
        &["--quiet"],
    );
    let hosts = hostfile(&dir, 1);
    rejects(
        &strs(&in_cluster(&run, &hosts, 0, 1)),
        "",
        "camicia search goes in rounds that each start from the last one: it runs on one \
         machine (use --threads), not in a cluster",
    );
    std::fs::remove_dir_all(dir).unwrap();
}
