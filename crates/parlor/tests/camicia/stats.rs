//! `stats`: numbers that do not depend on the threads, and their picture.

use super::*;

fn stats(args: &[&str]) -> String {
    let output = parlor()
        .args(["camicia", "stats"])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    if args.contains(&"--quiet") {
        assert_eq!(stderr, "");
    } else {
        assert!(stderr.starts_with("throughput: "), "{stderr}");
    }
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn stats_do_not_depend_on_the_threads() {
    let one = stats(&[
        "--deals",
        "70000",
        "--seed",
        "5",
        "--threads",
        "1",
        "--json",
    ]);
    let two = stats(&[
        "--deals",
        "70000",
        "--seed",
        "5",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(one, two);
    let summary: serde_json::Value = serde_json::from_str(&one).unwrap();
    assert_eq!(summary["deals"], 70000);
    assert_eq!(summary["seed"], 5);
    let mean = summary["cards"]["mean"].as_f64().unwrap();
    // Random deals last about 255 cards and 35 tricks.
    assert!((240.0..270.0).contains(&mean), "{mean}");
    let tricks = summary["tricks"]["mean"].as_f64().unwrap();
    assert!((32.0..38.0).contains(&tricks), "{tricks}");
    let counts: u64 = summary["histogram"]["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    let finished = summary["finished"].as_u64().unwrap();
    assert_eq!(
        counts + summary["histogram"]["tail"].as_u64().unwrap(),
        finished
    );
    assert_eq!(
        finished + summary["loops"]["count"].as_u64().unwrap(),
        70000
    );
    assert_eq!(summary["loops"]["of"], 70000);
}

#[test]
fn the_longest_game_of_a_run_replays_to_the_same_result() {
    let text = stats(&["--deals", "3000", "--seed", "9"]);
    assert!(text.starts_with("camicia: 3,000 random one-pack deals (26 cards each), seed 9\n"));
    assert!(text.contains("\ncards laid per finished game:\n"));
    let longest = text
        .lines()
        .position(|l| l.starts_with("longest game: deal "))
        .unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let (head, result) = lines[longest].split_once(": status").unwrap();
    let index = head
        .split_once("(index ")
        .and_then(|(_, rest)| rest.strip_suffix(')'))
        .unwrap();
    let deal = lines[longest + 1].strip_prefix("  ").unwrap();
    parlor()
        .arg("camicia")
        .write_stdin(format!("{deal}\n"))
        .assert()
        .success()
        .stdout(format!("status{result}\n"));
    parlor()
        .args(["camicia", "index", deal])
        .assert()
        .success()
        .stdout(format!("{index}\n"));
}

#[test]
fn stats_draw_a_picture() {
    let dir = scratch("camicia-stats");
    let path = dir.join("lengths.svg");
    stats(&[
        "--deals",
        "2000",
        "--plot",
        path.to_str().unwrap(),
        "--quiet",
        "--ascii",
    ]);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains("2,000 random one-pack deals"));
    assert!(svg.matches("<rect").count() > 20);
    assert!(svg.contains("(log scale)"));
    // The longest game is marked with the length the summary gives.
    let summary: serde_json::Value =
        serde_json::from_str(&stats(&["--deals", "2000", "--json", "--quiet"])).unwrap();
    let cards = summary["longest"]["cards"].as_u64().unwrap();
    assert_eq!(cards, 1490);
    assert!(svg.contains("longest: 1,490 cards"), "{cards}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stats_need_at_least_one_deal() {
    refused(&["camicia", "stats", "--deals", "0"], "");
}

#[test]
fn a_picture_of_the_lengths() {
    let picture = Picture::new("camicia");
    let line = "camicia stats --deals 3000 --quiet --plot";
    picture.drawn(
        line,
        "",
        &[
            "cards laid per finished game",
            "finished games (log scale)",
            "cards laid, in bins of",
            "longest: ",
            "1,000",
        ],
    );
    // The picture changes nothing of what is printed.
    assert_eq!(
        stdout_of(&picture.args(line)),
        stdout_of(&["camicia", "stats", "--deals", "3000", "--quiet"])
    );
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
    let mut state = state_of(&run, 0);
    state.identity.program = "parlor 0.0.1".into();
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

/// `camicia stats --deals DEALS --seed 3 --quiet` on one thread, every chunk checkpointed at
/// `checkpoint` as it is committed, and `more`.
fn one_thread_checkpointed(deals: &str, checkpoint: &Path, more: &[&str]) -> Vec<String> {
    let stats = [
        "camicia", "stats", "--deals", deals, "--seed", "3", "--quiet",
    ];
    let checkpointed = [
        "--checkpoint",
        checkpoint.to_str().unwrap(),
        "--checkpoint-every",
        "0",
    ];
    with(
        &stats,
        &[&["--threads", "1"], &checkpointed[..], more].concat(),
    )
}

#[test]
fn a_process_lost_mid_run_stops_the_others_and_the_cluster_resumes() {
    let dir = scratch("lost");
    let checkpoint = dir.join("run.checkpoint");
    let run = one_thread_checkpointed("6000000", &checkpoint, &["--json"]);
    let alone = stdout_of(&strs(&with(
        &["camicia", "stats", "--deals", "6000000", "--seed", "3"],
        &["--json", "--quiet"],
    )));
    let hosts = hostfile(&dir, 2);
    for lost in [1, 0] {
        let mut later = spawn(&in_cluster(&run, &hosts, 1, 2));
        let mut first = spawn(&in_cluster(&run, &hosts, 0, 2));
        let done = committed(&checkpoint).unwrap_or(0);
        wait_until_committed(&checkpoint, done + 10, Duration::from_secs(60));
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
fn a_stopped_process_is_named_by_the_heartbeats() {
    let dir = scratch("stopped");
    let hosts = hostfile(&dir, 2);
    let checkpoint = dir.join("run.checkpoint");
    let run = one_thread_checkpointed("100000000000", &checkpoint, &[]);
    let mut later = spawn(&in_cluster(&run, &hosts, 1, 2));
    let mut first = spawn(&in_cluster(&run, &hosts, 0, 2));
    // Once the two have met and work, process 1 is frozen with its connections open.
    wait_until_committed(&checkpoint, 4, Duration::from_secs(60));
    let stop = |signal: &str| {
        let sent = std::process::Command::new("kill")
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
