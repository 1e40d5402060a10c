//! The long runs — `camicia search`, `camicia stats`, `speed stats`, `russian simulate` and
//! `russian bound` — as one engine: the same output for any threads, killed with SIGKILL and
//! resumed to the uninterrupted answer, files checked before any work, bad options refused at
//! once, and a cluster of processes on 127.0.0.1 that gives what one process gives. What one
//! command's checkpoint or cluster does is tested with that command.

use crate::support::checkpoint::kill_after;
use crate::support::cluster::cluster;
use crate::support::{parlor, refused, refused_saying, scratch, spawn, stdout_of, strs, with};
use predicates::prelude::*;
use std::time::{Duration, Instant};

/// Each long run on a small budget, as the words of its command line.
fn runs() -> Vec<Vec<&'static str>> {
    vec![
        vec!["camicia", "stats", "--deals", "300000", "--seed", "4"],
        vec![
            "camicia",
            "search",
            "--range",
            "300000000000000000000..300000000000000600000",
            "--min-cards",
            "1500",
        ],
        vec![
            "camicia", "search", "--random", "--deals", "300000", "--seed", "2",
        ],
        vec![
            "camicia", "search", "--climb", "--from", "9999", "--steps", "60000", "--seed", "3",
        ],
        vec!["speed", "stats", "--deals", "60000", "--seed", "5"],
        vec![
            "russian",
            "simulate",
            "--range",
            "1000..1300",
            "--strategy",
            "greedy,lookahead,planner",
            "--samples",
            "2",
        ],
    ]
}

#[test]
fn every_long_run_gives_the_same_output_on_1_2_and_3_threads() {
    for run in runs() {
        for format in [&[][..], &["--json"]] {
            let output = |threads: &str| {
                let args = with(&run, &[&["--quiet", "--threads", threads], format].concat());
                stdout_of(&strs(&args))
            };
            let one = output("1");
            assert!(!one.is_empty());
            assert_eq!(one, output("2"), "{run:?} {format:?}");
            assert_eq!(one, output("3"), "{run:?} {format:?}");
        }
    }
}

#[test]
fn the_throughput_goes_to_stderr_and_quiet_means_nothing_there() {
    for run in runs() {
        let output = parlor().args(&run).output().unwrap();
        assert!(output.status.success());
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with("throughput: "), "{run:?}: {stderr}");
        assert!(stderr.contains(" deals/s ("), "{stderr}");
        let quiet = parlor().args(&run).arg("--quiet").output().unwrap();
        assert!(quiet.stderr.is_empty());
        assert_eq!(quiet.stdout, output.stdout);
    }
}

#[test]
fn every_long_run_killed_mid_run_resumes_to_the_uninterrupted_answer() {
    let dir = scratch("kill");
    let long_runs: [(Vec<&str>, u64); 5] = [
        (
            vec!["camicia", "stats", "--deals", "3000000", "--seed", "8"],
            20,
        ),
        (
            vec!["speed", "stats", "--deals", "600000", "--seed", "8"],
            10,
        ),
        (
            vec![
                "russian",
                "simulate",
                "--deals",
                "100000",
                "--strategy",
                "greedy,random",
            ],
            10,
        ),
        (
            vec![
                "camicia", "search", "--climb", "--from", "9999", "--steps", "2000000",
            ],
            60,
        ),
        (
            vec!["russian", "bound", "--deals", "640", "--samples", "5"],
            10,
        ),
    ];
    for (run, after) in long_runs {
        let checkpoint = dir.join("run.checkpoint");
        let whole = stdout_of(&strs(&with(&run, &["--quiet", "--json", "--threads", "1"])));
        let resumable = with(
            &run,
            &[
                "--quiet",
                "--json",
                "--threads",
                "2",
                "--checkpoint",
                checkpoint.to_str().unwrap(),
                "--checkpoint-every",
                "0",
            ],
        );
        kill_after(spawn(&resumable), &checkpoint, after);
        kill_after(spawn(&resumable), &checkpoint, after + 3);
        let resumed = stdout_of(&strs(&resumable));
        assert_eq!(resumed, whole, "{run:?}");
        // Done: started again, it only prints the answer.
        assert_eq!(stdout_of(&strs(&resumable)), whole);
        std::fs::remove_file(&checkpoint).unwrap();
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn files_are_checked_before_any_work() {
    let dir = scratch("files");
    let same = dir.join("same.json");
    let same = same.to_str().unwrap();
    let search = ["camicia", "search", "--range", "0..1000"];
    refused_saying(
        &[&search[..], &["--out", same, "--checkpoint", same]].concat(),
        "--out and --checkpoint are the same file",
    );
    let missing = dir.join("no/such/folder/plot.svg");
    for run in [
        vec!["camicia", "stats", "--deals", "100000000000"],
        vec!["russian", "simulate", "--deals", "100000000000"],
    ] {
        let started = Instant::now();
        parlor()
            .args(&run)
            .args(["--plot", missing.to_str().unwrap()])
            .assert()
            .code(1)
            .stdout("")
            .stderr(
                predicate::str::contains("the folder")
                    .and(predicate::str::contains("does not exist")),
            );
        assert!(started.elapsed() < Duration::from_secs(5), "{run:?}");
    }
    parlor()
        .args(["camicia", "search", "--range", "0..100000000000", "--out"])
        .arg(&missing)
        .assert()
        .code(1)
        .stdout("");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_long_run_options_fail_at_once() {
    for (run, message) in [
        (
            vec!["camicia", "stats", "--deals", "1", "--threads", "16000"],
            "expected a number of threads from 1 to",
        ),
        (
            vec![
                "camicia",
                "search",
                "--random",
                "--deals",
                "1",
                "--threads",
                "300",
            ],
            "expected a number of threads from 1 to",
        ),
        (
            vec![
                "camicia",
                "search",
                "--range",
                "0..9",
                "--checkpoint",
                "c",
                "--checkpoint-every",
                "1e30",
            ],
            "expected a number of seconds from 0 to 86400",
        ),
        (
            vec!["speed", "stats", "--deals", "1", "--cluster"],
            "--hostfile",
        ),
        (
            vec!["speed", "stats", "--deals", "1", "--process", "1"],
            "--cluster",
        ),
    ] {
        let started = Instant::now();
        refused(&run, "").stderr(predicate::str::contains(message));
        assert!(started.elapsed() < Duration::from_secs(5), "{run:?}");
    }
}

#[test]
fn a_cluster_on_loopback_gives_what_one_process_gives() {
    let dir = scratch("cluster");
    for run in runs() {
        if run.contains(&"--climb") {
            continue;
        }
        let run = with(&run, &["--json", "--quiet"]);
        let alone = stdout_of(&strs(&run));
        let threads = with(&strs(&run), &["--threads", "2"]);
        let (two_by_one, outputs) = cluster(&with(&strs(&run), &["--threads", "1"]), &dir, 2);
        assert_eq!(two_by_one, alone, "{run:?}");
        assert!(outputs[1].stdout.is_empty());
        let (one_by_two, _) = cluster(&threads, &dir, 1);
        assert_eq!(one_by_two, alone, "{run:?}");
    }
    // A search's --out is written by process 0, the same as without a cluster.
    let out = dir.join("finds.jsonl");
    let search = with(
        &[
            "camicia",
            "search",
            "--range",
            "472460898658889299111..472460898658889899111",
        ],
        &[
            "--min-cards",
            "2000",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    stdout_of(&strs(&search));
    let alone = std::fs::read(&out).unwrap();
    cluster(&search, &dir, 2);
    assert_eq!(std::fs::read(&out).unwrap(), alone);
    std::fs::remove_dir_all(dir).unwrap();
}
