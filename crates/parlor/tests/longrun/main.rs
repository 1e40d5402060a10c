//! The long runs — `camicia search`, `camicia stats`, `speed stats`, `russian simulate` and
//! `russian bound` — as one engine: the same output for any threads, killed with SIGKILL and
//! resumed to the uninterrupted answer, files checked and held before any work, and clusters of
//! processes on 127.0.0.1 that give what one process gives and end cleanly when a process fails.

mod cluster;
#[path = "../common/mod.rs"]
mod common;
mod forged;
#[path = "../scratch/mod.rs"]
mod scratch;

use common::{parlor, refused, refused_saying, rejects, stdout_of};
use predicates::prelude::*;
use runs::Run;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use sweep::Job;

use scratch::scratch;

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

fn with(run: &[&str], more: &[&str]) -> Vec<String> {
    run.iter().chain(more).map(|s| s.to_string()).collect()
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
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

/// The chunks a checkpoint has committed, if it can be read.
fn committed(path: &Path) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let value: serde_json::Value = serde_json::from_str(&text).ok()?;
    value["body"]["state"]["committed"].as_u64()
}

fn spawn(args: &[String]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits until the checkpoint has `chunks` chunks committed, then kills the run with SIGKILL.
fn kill_after(mut child: Child, checkpoint: &Path, chunks: u64) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while committed(checkpoint).is_none_or(|c| c < chunks) {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before it was killed"
        );
        assert!(Instant::now() < deadline, "the run made no progress");
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
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
fn a_checkpoint_of_another_run_is_refused_with_the_difference_named() {
    let dir = scratch("other");
    let checkpoint = dir.join("c.json");
    let path = checkpoint.to_str().unwrap();
    stdout_of(&[
        "camicia",
        "stats",
        "--deals",
        "5000",
        "--quiet",
        "--checkpoint",
        path,
    ]);
    refused_saying(
        &["camicia", "stats", "--deals", "6000", "--checkpoint", path],
        "the checkpoint was made with --deals 5000, this command has --deals 6000",
    );
    refused_saying(
        &["speed", "stats", "--deals", "5000", "--checkpoint", path],
        "the checkpoint was made by camicia stats, this command is speed stats",
    );
    // A checkpoint of another version: well formed, its checksum right.
    let run = runs::camicia::StatsRun::new(5000, 1, camicia::engine::Engine::scalar());
    let mut identity = run.identity();
    identity.program = "parlor 0.0.1".into();
    let state = sweep::checkpoint::State {
        identity,
        plan: run.job().plan(),
        committed: 0,
        seconds: 0.0,
        journal: None,
    };
    sweep::checkpoint::save(&checkpoint, &state, &camicia::stats::Stats::default()).unwrap();
    refused_saying(
        &["camicia", "stats", "--deals", "5000", "--checkpoint", path],
        "the checkpoint was made by parlor 0.0.1, this is parlor ",
    );
    // Not a checkpoint at all.
    std::fs::write(&checkpoint, "hello\n").unwrap();
    refused_saying(
        &["camicia", "stats", "--deals", "5000", "--checkpoint", path],
        "line 1, column 1: expected a checkpoint",
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_checkpoint_whose_summary_does_not_add_up_is_refused() {
    let dir = scratch("forged");
    let checkpoint = dir.join("c.json");
    let path = checkpoint.to_str().unwrap();
    let simulate = runs::russian::SimulateRun::new(
        runs::Deals::new(0, 5000),
        vec![russian::StrategyName::Greedy],
        russian::strategy::DEFAULT_SAMPLES,
    );
    // One chunk of 2,048 deals committed, but a tally of one game: its checksum is right (the
    // file was made by a program, not edited by hand), its content wrong.
    let mut tally = russian::Stats::default();
    tally.add(7);
    let state = sweep::checkpoint::State {
        identity: simulate.identity(),
        plan: simulate.job().plan(),
        committed: 1,
        seconds: 0.0,
        journal: None,
    };
    sweep::checkpoint::save(&checkpoint, &state, &vec![tally]).unwrap();
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
    let deadline = Instant::now() + Duration::from_secs(30);
    while committed(&checkpoint).is_none() {
        assert!(Instant::now() < deadline);
        std::thread::sleep(Duration::from_millis(5));
    }
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
fn files_are_checked_before_any_work() {
    let dir = scratch("files");
    let same = dir.join("same.json");
    let same = same.to_str().unwrap();
    refused_saying(
        &[
            "camicia",
            "search",
            "--range",
            "0..1000",
            "--out",
            same,
            "--checkpoint",
            same,
        ],
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
