//! `parlor camicia workunit` against camicia.dev's format: units around the records, at both
//! ends of the index space and of one deal, each compared with a result file made here
//! independently — every deal played by the reference engine, the file written by the format's
//! own rules — killed and resumed, and bad units refused without an output.

use super::*;
use camicia::Status;
use camicia::deal::pack_deal;
use camicia::engine::Engine;
use camicia::index::{self, DEALS};
use camicia::reference::Game;
use std::path::PathBuf;

/// The result file of the unit `first ..= last` by the format's words: the longest finished
/// game, the earliest of equally long ones, then every loop; every deal played by the reference
/// engine, which reads the rule book line by line.
fn expected(first: u128, last: u128) -> String {
    let mut longest: Option<(u128, u64, u64)> = None;
    let mut loops = String::new();
    for i in first..=last {
        let outcome = Game::play(&pack_deal(&index::pack(i).unwrap()));
        match outcome.status {
            Status::Loop { .. } => {
                loops += &format!("loop,{i},{},{}\n", outcome.cards, outcome.tricks);
            }
            Status::Finished => {
                if longest.is_none_or(|(_, cards, _)| outcome.cards > cards) {
                    longest = Some((i, outcome.cards, outcome.tricks));
                }
            }
        }
    }
    let finished = longest.map_or(String::new(), |(i, cards, tricks)| {
        format!("finished,{i},{cards},{tricks}\n")
    });
    finished + &loops
}

/// `camicia workunit DIR/in DIR/out --quiet` and `more`.
fn quiet_unit(dir: &Path, more: &[&str]) -> Vec<String> {
    let (input, output) = (dir.join("in"), dir.join("out"));
    let unit = ["camicia", "workunit", input.to_str().unwrap()];
    with(
        &unit,
        &[&[output.to_str().unwrap(), "--quiet"], more].concat(),
    )
}

fn run_unit(dir: &Path, unit: &str, extra: &[&str]) -> (std::process::Output, PathBuf) {
    let input = dir.join("in");
    let output = dir.join("out");
    std::fs::write(&input, unit).unwrap();
    let _ = std::fs::remove_file(&output);
    let result = parlor()
        .args(["camicia", "workunit"])
        .arg(&input)
        .arg(&output)
        .args(extra)
        .output()
        .unwrap();
    (result, output)
}

#[test]
fn units_are_written_as_camicia_dev_writes_them() {
    let dir = scratch("units");
    let units = [
        (NESSLER_INDEX - 1500, NESSLER_INDEX + 1500),
        (CASELLA_INDEX - 1500, CASELLA_INDEX + 1500),
        (0, 2999),
        (DEALS - 3000, DEALS - 1),
        (NESSLER_INDEX, NESSLER_INDEX),
        (CASELLA_INDEX, CASELLA_INDEX),
        (DEALS - 1, DEALS - 1),
    ];
    let (input, output) = (dir.join("in"), dir.join("out"));
    let args = quiet_unit(&dir, &[]);
    for (first, last) in units {
        std::fs::write(&input, format!("{first} {last}\n")).unwrap();
        assert_eq!(stdout_of(&strs(&args)), "", "unit {first} {last}");
        let written = std::fs::read_to_string(&output).unwrap();
        assert_eq!(written, expected(first, last), "unit {first} {last}");
    }
    // The records are where they should be.
    for (unit, result) in [
        (
            format!("{NESSLER_INDEX} {NESSLER_INDEX}"),
            format!("finished,{NESSLER_INDEX},8344,1164\n"),
        ),
        (
            format!("{CASELLA_INDEX}\n{CASELLA_INDEX}\n"),
            format!("loop,{CASELLA_INDEX},474,66\n"),
        ),
    ] {
        let (_, output) = run_unit(&dir, &unit, &["--quiet"]);
        assert_eq!(std::fs::read_to_string(&output).unwrap(), result);
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_unit_killed_mid_way_resumes_to_the_same_result() {
    let dir = scratch("unit-resume");
    let unit = "300000000000000000000 300000000000004000000\n";
    let (whole, output) = run_unit(&dir, unit, &["--quiet", "--threads", "1"]);
    assert!(whole.status.success());
    let whole = std::fs::read(&output).unwrap();
    assert!(!whole.is_empty());
    std::fs::remove_file(&output).unwrap();

    let checkpoint = dir.join("state");
    let fraction = dir.join("fraction");
    let args = quiet_unit(
        &dir,
        &[
            "--checkpoint",
            checkpoint.to_str().unwrap(),
            "--checkpoint-every",
            "0",
            "--fraction-done",
            fraction.to_str().unwrap(),
        ],
    );
    kill_after(spawn(&args), &checkpoint, 4);
    assert!(
        !output.exists(),
        "a unit killed mid-way leaves no result file"
    );
    let done: f64 = std::fs::read_to_string(&fraction)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!((0.0..1.0).contains(&done), "{done}");
    parlor().args(&args).assert().success().stdout("");
    assert_eq!(std::fs::read(&output).unwrap(), whole);
    assert_eq!(std::fs::read_to_string(&fraction).unwrap(), "1.000000\n");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_units_are_refused_without_a_result() {
    let dir = scratch("bad");
    for (unit, code, message) in [
        (
            "",
            2,
            "expected two deal indices, START and END, found the end of the input",
        ),
        (
            "12",
            2,
            "line 1, column 3: expected END, a second deal index",
        ),
        (
            "1 2 3",
            2,
            "line 1, column 5: expected the end of the unit after START and END",
        ),
        (
            "1 x",
            2,
            "line 1, column 3: expected a deal index from 0 to 653534134886878244999, found \"x\"",
        ),
        ("-1 5", 2, "found \"-1\""),
        (
            "9 5",
            2,
            "line 1, column 1: expected START <= END, found START 9 after END 5",
        ),
        (
            "0 653534134886878245000",
            2,
            "found \"653534134886878245000\"",
        ),
        ("1 \u{7}5", 2, "found \"\\u{7}5\""),
    ] {
        let (result, output) = run_unit(&dir, unit, &[]);
        assert_eq!(result.status.code(), Some(code), "{unit:?}: {result:?}");
        let stderr = String::from_utf8(result.stderr).unwrap();
        assert!(
            stderr.starts_with("error: ") && stderr.contains(message),
            "{unit:?}: {stderr}"
        );
        assert!(!output.exists(), "{unit:?}");
    }
    let (result, output) = run_unit(&dir, &"1 ".repeat(3000), &[]);
    assert_eq!(result.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&result.stderr).contains("more than 4,096 bytes"));
    assert!(!output.exists());
    // An input that cannot be read, an output that cannot be written.
    let workunit = |input: &str, output: &str| {
        parlor()
            .args(["camicia", "workunit"])
            .args([dir.join(input), dir.join(output)])
            .assert()
    };
    workunit("missing", "out")
        .code(2)
        .stderr(predicate::str::contains("cannot read"));
    std::fs::write(dir.join("in"), "0 100\n").unwrap();
    workunit("in", "no/such/folder/out")
        .code(1)
        .stderr(predicate::str::contains("does not exist"));
    let input = dir.join("in");
    let input = input.to_str().unwrap();
    refused(&["camicia", "workunit", input, input], "")
        .stderr(predicate::str::contains("IN and OUT are the same file"));
    std::fs::write(dir.join("in"), "7 3\n").unwrap();
    let output = dir.join("out");
    rejects(
        &["camicia", "workunit", input, output.to_str().unwrap()],
        "",
        &format!("{input}: line 1, column 1: expected START <= END, found START 7 after END 3"),
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_work_unit_that_drops_a_game_is_refused() {
    let dir = scratch("forged-unit");
    let (unit, out, checkpoint) = (dir.join("in"), dir.join("out"), dir.join("c.json"));
    // Casella's loop in the second of three chunks of 2^18 deals.
    let first = CASELLA_INDEX - 300_000;
    std::fs::write(&unit, format!("{first} {}\n", first + 600_000)).unwrap();
    let run = runs::camicia::WorkunitRun::new(first, first + 600_000, Engine::scalar()).unwrap();
    let chunk = 1u128 << 18;
    let report = camicia::workunit::Report::of(Engine::best(), first..first + chunk);
    let command = quiet_unit(&dir, &["--checkpoint", checkpoint.to_str().unwrap()]);
    let command = strs(&command);
    // Indices pass 2^64, which a JSON value of serde's cannot hold: the text is edited.
    let text = serde_json::to_string(&report).unwrap();
    let longest = text.find("\"longest\":{").unwrap();
    let end = longest + text[longest..].find('}').unwrap() + 1;
    let unfinished = format!("{}\"longest\":null{}", &text[..longest], &text[end..]);
    let unfinished = serde_json::value::RawValue::from_string(unfinished).unwrap();
    forge(&checkpoint, &run, 1, &unfinished);
    refused_saying(
        &command,
        "its summary does not add up: 0 loops of 262144 deals, and no longest finished game",
    );
    // Two chunks claimed, the first one's report: Casella's loop would never be played.
    forge(&checkpoint, &run, 2, &report);
    refused_saying(
        &command,
        "its summary does not add up: 262144 deals counted, 524288 played",
    );
    forge(&checkpoint, &run, 1, &report);
    stdout_of(&command);
    let result = std::fs::read_to_string(&out).unwrap();
    assert!(
        result.contains(&format!("loop,{CASELLA_INDEX},")),
        "{result}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
