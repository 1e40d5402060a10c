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
