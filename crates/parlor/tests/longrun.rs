//! The long runs — `camicia search`, `camicia stats`, `speed stats`, `russian simulate` and
//! `russian bound` — as one engine: the same output for any threads, killed with SIGKILL and
//! resumed to the uninterrupted answer, files checked and held before any work, and clusters of
//! processes on 127.0.0.1 that give what one process gives and end cleanly when a process fails.

mod common;

use common::{parlor, refused, rejects, stdout_of};
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parlor-longrun-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

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
    refused(
        &["camicia", "stats", "--deals", "6000", "--checkpoint", path],
        "",
    )
    .stderr(predicate::str::contains(
        "the checkpoint was made with --deals 5000, this command has --deals 6000",
    ));
    refused(
        &["speed", "stats", "--deals", "5000", "--checkpoint", path],
        "",
    )
    .stderr(predicate::str::contains(
        "the checkpoint was made by camicia stats, this command is speed stats",
    ));
    // A checkpoint of another version: well formed, its checksum right.
    let mut identity = sweep::Identity::new("parlor 0.0.1", "camicia stats").with("--deals", 5000);
    identity = identity.with("--seed", 1);
    let state = sweep::checkpoint::State {
        identity,
        plan: sweep::Plan::new(5000, 1 << 15),
        committed: 0,
        seconds: 0.0,
        journal: None,
    };
    sweep::checkpoint::save(&checkpoint, &state, &camicia::stats::Stats::default()).unwrap();
    refused(
        &["camicia", "stats", "--deals", "5000", "--checkpoint", path],
        "",
    )
    .stderr(predicate::str::contains(
        "the checkpoint was made by parlor 0.0.1, this is parlor ",
    ));
    // Not a checkpoint at all.
    std::fs::write(&checkpoint, "hello\n").unwrap();
    refused(
        &["camicia", "stats", "--deals", "5000", "--checkpoint", path],
        "",
    )
    .stderr(predicate::str::contains(
        "line 1, column 1: expected a checkpoint",
    ));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_checkpoint_whose_summary_does_not_add_up_is_refused() {
    let dir = scratch("forged");
    let checkpoint = dir.join("c.json");
    let path = checkpoint.to_str().unwrap();
    let identity = sweep::Identity::new(
        concat!("parlor ", env!("CARGO_PKG_VERSION")),
        "russian simulate",
    )
    .with("--range", "0..5000")
    .with("--strategy", "greedy");
    // One chunk of 2,048 deals committed, but a tally of one game: its checksum is right (the
    // file was made by a program, not edited by hand), its content wrong.
    let mut tally = russian::Tally::default();
    tally.add(7);
    let state = sweep::checkpoint::State {
        identity,
        plan: sweep::Plan::new(5000, 2048),
        committed: 1,
        seconds: 0.0,
        journal: None,
    };
    sweep::checkpoint::save(&checkpoint, &state, &vec![tally]).unwrap();
    refused(
        &[
            "russian",
            "simulate",
            "--deals",
            "5000",
            "--checkpoint",
            path,
        ],
        "",
    )
    .stderr(predicate::str::contains(
        "its summary does not add up: its scores do not count 2048 games",
    ));
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
    refused(
        &[
            "camicia",
            "search",
            "--random",
            "--deals",
            "50000000",
            "--checkpoint",
            checkpoint.to_str().unwrap(),
        ],
        "",
    )
    .stderr(predicate::str::contains("another run is using it"));
    // Another search writing the same --out, with no checkpoint, is refused too.
    refused(
        &[
            "camicia",
            "search",
            "--range",
            "0..1000",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    )
    .stderr(predicate::str::contains("another run is using it"));
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
    refused(
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
        "",
    )
    .stderr(predicate::str::contains(
        "--out and --checkpoint are the same file",
    ));
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

/// Addresses on 127.0.0.1 that are free now.
fn free_addresses(n: usize) -> Vec<String> {
    let listeners: Vec<_> = (0..n)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    listeners
        .iter()
        .map(|l| l.local_addr().unwrap().to_string())
        .collect()
}

fn hostfile(dir: &Path, processes: usize) -> PathBuf {
    let path = dir.join("hosts");
    std::fs::write(&path, free_addresses(processes).join("\n") + "\n").unwrap();
    path
}

/// The arguments of process `process` of a cluster of `processes`.
fn in_cluster(run: &[String], hosts: &Path, process: usize, processes: usize) -> Vec<String> {
    let mut args = run.to_vec();
    args.extend(
        [
            "--cluster",
            "--process",
            &process.to_string(),
            "--processes",
            &processes.to_string(),
            "--hostfile",
            hosts.to_str().unwrap(),
            "--cluster-wait",
            "20",
        ]
        .map(String::from),
    );
    args
}

/// Runs a cluster of `processes` processes to its end; process 0's output, and the others'.
fn cluster(run: &[String], dir: &Path, processes: usize) -> (String, Vec<std::process::Output>) {
    let hosts = hostfile(dir, processes);
    let children: Vec<Child> = (0..processes)
        .rev()
        .map(|p| spawn(&in_cluster(run, &hosts, p, processes)))
        .collect();
    let mut outputs: Vec<_> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    outputs.reverse();
    for output in &outputs {
        assert!(output.status.success(), "{run:?}: {output:?}");
    }
    let first = String::from_utf8(outputs[0].stdout.clone()).unwrap();
    (first, outputs)
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
fn a_process_that_never_comes_is_named_and_the_others_stop() {
    let dir = scratch("never");
    let hosts = hostfile(&dir, 2);
    let address = std::fs::read_to_string(&hosts).unwrap();
    let address = address.lines().nth(1).unwrap();
    let mut args = in_cluster(
        &with(&["camicia", "stats", "--deals", "1000"], &["--quiet"]),
        &hosts,
        0,
        2,
    );
    let wait = args.iter().position(|a| a == "--cluster-wait").unwrap();
    args[wait + 1] = "3".into();
    let started = Instant::now();
    parlor()
        .args(&args)
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!(
            "error: process 1 ({address}) did not come within 3 s: start it with the same \
             command and --process 1, or check its address in the host file\n"
        ));
    assert!(started.elapsed() < Duration::from_secs(10));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_process_lost_mid_run_stops_the_others_and_the_cluster_resumes() {
    let dir = scratch("lost");
    let checkpoint = dir.join("run.checkpoint");
    let run = with(
        &["camicia", "stats", "--deals", "6000000", "--seed", "3"],
        &[
            "--json",
            "--quiet",
            "--threads",
            "1",
            "--checkpoint",
            checkpoint.to_str().unwrap(),
            "--checkpoint-every",
            "0",
        ],
    );
    let alone = stdout_of(&strs(&with(
        &["camicia", "stats", "--deals", "6000000", "--seed", "3"],
        &["--json", "--quiet"],
    )));
    let hosts = hostfile(&dir, 2);
    for lost in [1, 0] {
        let mut later = spawn(&in_cluster(&run, &hosts, 1, 2));
        let mut first = spawn(&in_cluster(&run, &hosts, 0, 2));
        let done = committed(&checkpoint).unwrap_or(0);
        let deadline = Instant::now() + Duration::from_secs(60);
        while committed(&checkpoint).is_none_or(|c| c < done + 10) {
            assert!(Instant::now() < deadline, "the cluster made no progress");
            std::thread::sleep(Duration::from_millis(5));
        }
        let (victim, survivor) = if lost == 1 {
            (&mut later, first)
        } else {
            (&mut first, later)
        };
        victim.kill().unwrap();
        victim.wait().unwrap();
        let killed = Instant::now();
        let output = survivor.wait_with_output().unwrap();
        assert!(killed.elapsed() < Duration::from_secs(15));
        assert_eq!(output.status.code(), Some(1), "{output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with(&format!("error: lost process {lost} (127.0.0.1:")),
            "{stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // The same commands again: the cluster resumes from process 0's checkpoint.
    let (resumed, _) = cluster(&run, &dir, 2);
    assert_eq!(resumed, alone);
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

#[test]
fn a_catalogue_killed_mid_run_resumes_to_the_same_lines_whatever_the_threads() {
    let dir = scratch("catalogue");
    let (whole, out, checkpoint) = (
        dir.join("whole.jsonl"),
        dir.join("out.jsonl"),
        dir.join("c"),
    );
    let run = |out: &Path, threads: &str| {
        with(
            &[
                "russian",
                "catalogue",
                "--seed",
                "0..20480",
                "--quiet",
                "--json",
            ],
            &["--threads", threads, "--out", out.to_str().unwrap()],
        )
    };
    let summary = stdout_of(&strs(&run(&whole, "1")));
    let resumable = with(
        &strs(&run(&out, "2")),
        &[
            "--checkpoint",
            checkpoint.to_str().unwrap(),
            "--checkpoint-every",
            "0",
        ],
    );
    kill_after(spawn(&resumable), &checkpoint, 3);
    kill_after(spawn(&resumable), &checkpoint, 6);
    assert_eq!(stdout_of(&strs(&resumable)), summary);
    let lines = std::fs::read_to_string(&whole).unwrap();
    assert_eq!(lines.lines().count(), 20480);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), lines);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_catalogue_on_a_cluster_streams_the_lines_of_one_process() {
    let dir = scratch("catalogue-cluster");
    // The winnable deals only: `cluster` reads the processes' pipes one after the other, so
    // process 0's lines must fit in a pipe's buffer.
    let run = with(
        &["russian", "catalogue", "--pysol", "31000..36000"],
        &["--winnable", "--quiet"],
    );
    let alone = stdout_of(&strs(&run));
    assert!((200..1000).contains(&alone.lines().count()));
    let (first, outputs) = cluster(&with(&strs(&run), &["--threads", "1"]), &dir, 2);
    assert_eq!(first, alone);
    assert!(outputs[1].stdout.is_empty());
    std::fs::remove_dir_all(dir).unwrap();
}
