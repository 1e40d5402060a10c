//! Clusters of processes on 127.0.0.1: what one process gives, the runs that stay on one machine,
//! processes that never come or go away, Slurm, and a catalogue's lines streamed by one process.

use super::*;

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

#[test]
fn a_stopped_process_is_named_by_the_heartbeats() {
    let dir = scratch("stopped");
    let hosts = hostfile(&dir, 2);
    let checkpoint = dir.join("run.checkpoint");
    let run = with(
        &["camicia", "stats", "--deals", "100000000000", "--seed", "3"],
        &[
            "--quiet",
            "--threads",
            "1",
            "--checkpoint",
            checkpoint.to_str().unwrap(),
            "--checkpoint-every",
            "0",
        ],
    );
    let mut later = spawn(&in_cluster(&run, &hosts, 1, 2));
    let mut first = spawn(&in_cluster(&run, &hosts, 0, 2));
    // Once the two have met and work, process 1 is frozen with its connections open.
    let deadline = Instant::now() + Duration::from_secs(60);
    while committed(&checkpoint).is_none_or(|c| c < 4) {
        assert!(Instant::now() < deadline, "the cluster made no progress");
        std::thread::sleep(Duration::from_millis(5));
    }
    let stop = |signal: &str| {
        let sent = Command::new("kill")
            .args([signal, &later.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
    };
    stop("-STOP");
    let stopped = Instant::now();
    while first.try_wait().unwrap().is_none() && stopped.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let named = first.try_wait().unwrap().is_some();
    stop("-CONT");
    for child in [&mut first, &mut later] {
        let _ = child.kill();
    }
    later.wait().unwrap();
    let output = first.wait_with_output().unwrap();
    assert!(named, "process 0 still waits 30 s after process 1 stopped");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("error: lost process 1 (127.0.0.1:")
            && stderr.contains("it has said nothing for 10 s"),
        "{stderr}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_refusal_of_process_0_stops_the_others_at_once_with_its_reason() {
    let dir = scratch("refusal");
    let checkpoint = dir.join("c.json");
    let simulate = runs::russian::SimulateRun::new(
        runs::Deals::new(0, 5000),
        vec![russian::StrategyName::Greedy],
        russian::strategy::DEFAULT_SAMPLES,
    );
    let state = sweep::checkpoint::State {
        identity: simulate.identity(),
        plan: simulate.job().plan(),
        committed: 1,
        seconds: 0.0,
        journal: None,
    };
    sweep::checkpoint::save(&checkpoint, &state, &vec![russian::Stats::default()]).unwrap();
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
