//! The table of docs/reliability.md holds: each of its commands, run by `sh` from a scratch
//! folder (with `examples/` at hand and this build's `parlor` first on the PATH), exits with the
//! status the table gives, prints exactly the message it gives on standard error, and nothing
//! on standard output. Beside it, the failures that need more than one line to set up.
#![cfg(unix)]

use crate::support::{repository, scratch, shell};
use std::path::Path;
use std::time::{Duration, Instant};

fn sh(dir: &Path, command: &str) -> std::process::Output {
    shell::run("sh", dir, command)
}

/// The rows of the table under `heading`: command, exit status, standard error.
fn rows(heading: &str) -> Vec<(String, i32, String)> {
    let page = std::fs::read_to_string(repository().join("docs/reliability.md")).unwrap();
    let code = |cell: &str| -> String {
        let cell = cell.trim();
        assert!(cell.starts_with('`') && cell.ends_with('`'), "{cell}");
        cell[1..cell.len() - 1].replace("\\|", "|")
    };
    let table = &page[page.find(heading).expect("the table's heading")..];
    // A section ends at the next heading of its level or above.
    let next = if heading.starts_with("### ") {
        "\n#"
    } else {
        "\n## "
    };
    let table = &table[..table[3..].find(next).map_or(table.len(), |end| end + 3)];
    table
        .lines()
        .filter(|line| line.starts_with("| `"))
        .map(|line| {
            // Cells are split at a `|` that is neither escaped nor inside the message's code.
            let cells: Vec<&str> = split_cells(line);
            assert_eq!(cells.len(), 3, "{line}");
            let status = cells[1].trim().parse().unwrap_or_else(|_| panic!("{line}"));
            (code(cells[0]), status, code(cells[2]))
        })
        .collect()
}

fn split_cells(line: &str) -> Vec<&str> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    let mut cells = Vec::new();
    let (mut start, mut previous) = (0, ' ');
    for (i, c) in inner.char_indices() {
        if c == '|' && previous != '\\' {
            cells.push(&inner[start..i]);
            start = i + 1;
        }
        previous = c;
    }
    cells.push(&inner[start..]);
    cells
}

/// Runs each row of the table under `heading`, which has at least `least` rows, by `sh` from a
/// scratch folder `name`: each must exit with its status within `longest`, print nothing on
/// standard output, and print on standard error its message followed by `after`. Fails naming
/// every row that does not hold.
fn every_row_holds(heading: &str, least: usize, name: &str, after: &str, longest: Duration) {
    let rows = rows(heading);
    assert!(rows.len() >= least, "{} rows", rows.len());
    let dir = scratch(name);
    let mut wrong = Vec::new();
    for (command, status, message) in &rows {
        let started = Instant::now();
        let output = sh(&dir, command);
        let took = started.elapsed();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let expected = format!("{message}\n{after}");
        if output.status.code() != Some(*status)
            || stderr != expected
            || !output.stdout.is_empty()
            || took > longest
        {
            wrong.push(format!(
                "{command}\n  expected {status}: {expected}  got {:?}: {stderr}  stdout: {:?}  \
                 in {took:?}",
                output.status.code(),
                String::from_utf8_lossy(&output.stdout)
            ));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

#[test]
fn every_row_of_the_reliability_table_holds() {
    every_row_holds("## Bad input", 30, "table", "", Duration::MAX);
}

/// The table of counts refused: each command gives a count one past its range, and the
/// argument parser refuses it with the range, exit 2, before any work.
#[test]
fn every_count_past_its_range_is_refused_before_any_work() {
    every_row_holds(
        "### Counts refused",
        20,
        "counts",
        "\nFor more information, try '--help'.\n",
        Duration::from_secs(10),
    );
}

/// Memory of a run, by the shell's own limit on the address space.
fn within(dir: &Path, kilobytes: u64, command: &str) -> std::process::Output {
    sh(dir, &format!("ulimit -v {kilobytes}; {command}"))
}

#[test]
fn two_decks_of_10000_cards_play_within_200_mb() {
    let dir = scratch("long-decks");
    // 40 KB: two decks of 10,000 cards, payment cards spread through both.
    let deck = |offset: usize| -> String {
        (0..10_000)
            .map(|i| {
                [
                    "2", "3", "J", "4", "5", "Q", "6", "7", "K", "8", "9", "A", "10",
                ][(i * 7 + offset) % 13]
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    std::fs::write(dir.join("long.txt"), format!("{}\n{}\n", deck(0), deck(5))).unwrap();
    let started = Instant::now();
    let output = within(&dir, 204_800, "parlor camicia long.txt");
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.starts_with("status: "), "{stdout}");
    assert!(started.elapsed() < Duration::from_secs(120));
}

#[test]
fn a_deck_of_200000_cards_as_json_reads_in_linear_time() {
    let cards = vec!["\"2\""; 200_000].join(",");
    let line = format!("{{\"playerA\": [{cards}], \"playerB\": [\"A\"]}}\n");
    let started = Instant::now();
    assert_cmd::Command::cargo_bin("parlor")
        .unwrap()
        .args(["camicia", "--input", "jsonl"])
        .write_stdin(line)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains(
            "a deck holds at most 100000 cards",
        ));
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn endless_input_stops_at_the_limit_within_bounded_memory() {
    let dir = scratch("endless");
    for command in [
        "parlor hiq /dev/zero",
        "yes 2 | parlor camicia",
        "yes 5 | parlor speed",
    ] {
        let output = within(&dir, 1_048_576, command);
        assert_eq!(output.status.code(), Some(2), "{command}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("(64 MiB), the most parlor reads"),
            "{command}: {stderr}"
        );
        assert!(output.stdout.is_empty(), "{command}");
    }
}

#[test]
fn a_position_that_names_a_file_is_read_as_holes() {
    let dir = scratch("seventeen");
    std::fs::write(dir.join("17"), "1 2 3\n").unwrap();
    let output = sh(&dir, "parlor hiq solve 17 --json");
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["pegs"], serde_json::json!([17]), "{json}");
    // A word that is not a number is a file.
    let output = sh(
        &dir,
        "printf '10 12 17\\n' > start.txt; parlor hiq solve start.txt --json",
    );
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["pegs"], serde_json::json!([10, 12, 17]), "{json}");
}

#[test]
fn closed_or_failing_standard_streams_exit_1_and_never_panic() {
    let dir = scratch("streams");
    let commands = [
        "parlor hiq examples/hiq.in >&-",
        "parlor speed examples/speed.in >&-",
        "parlor camicia examples/camicia.txt >&-",
        "parlor russian deal --seed 1 >&-",
        "parlor hiq examples/hiq.in > /dev/full",
        "parlor russian simulate --deals 100 --quiet > /dev/full",
        "printf -- '-1\\n10 0\\n' | parlor hiq 2>/dev/full",
        "printf -- '-1\\n10 0\\n' | parlor hiq 2>&-",
        "parlor camicia stats --deals 1000 2>/dev/full",
        "parlor speed stats --deals 1000 2>/dev/full",
        "parlor --help > /dev/full",
    ];
    shell::each_exits("sh", &dir, &commands, 1);
    // A reader that goes away early knows it: exit 1 without a message.
    let output = sh(
        &dir,
        "{ printf -- '---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---\\n' \
         | parlor camicia --trace; echo $? > status; } | head -c 1",
    );
    assert!(output.stderr.is_empty(), "{output:?}");
    let status = std::fs::read_to_string(dir.join("status")).unwrap();
    assert_eq!(status.trim(), "1");
}

/// `/dev/null` opened for reading and writing, as Python's `subprocess.DEVNULL` and systemd's
/// `StandardOutput=null` give it, is where the caller wants the output to go, not a closed
/// stream (once mistaken for the `/dev/null` Rust puts in a closed one's place).
#[test]
fn standard_streams_on_dev_null_opened_read_write_are_open() {
    let dir = scratch("streams-null");
    let commands = [
        "parlor hiq examples/hiq.in 1<>/dev/null",
        "parlor russian deal --seed 1 1<>/dev/null 2<>/dev/null",
        "parlor camicia stats --deals 1000 2<>/dev/null",
        "parlor --help 1<>/dev/null",
    ];
    shell::each_exits("sh", &dir, &commands, 0);
}

#[test]
fn a_work_unit_writes_nothing_on_standard_output_so_a_closed_one_does_not_matter() {
    let dir = scratch("unit-stdout");
    let output = sh(
        &dir,
        "printf '0 9\\n' > u.in; parlor camicia workunit u.in out.txt >&-",
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(dir.join("out.txt").exists());
    // Its help is written there: refused, as every command's.
    let output = sh(&dir, "parlor camicia workunit --help >&-");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped_by_every_reader() {
    let dir = scratch("bom");
    for (command, file) in [
        ("parlor hiq", "examples/hiq.in"),
        ("parlor speed", "examples/speed.in"),
        ("parlor camicia", "examples/camicia.txt"),
        (
            "parlor camicia --input jsonl",
            "examples/camicia-exercise.jsonl",
        ),
        ("parlor russian play --deal", "examples/russian.txt"),
    ] {
        let plain = sh(&dir, &format!("{command} {file}"));
        assert!(plain.status.success(), "{command}: {plain:?}");
        let marked = sh(
            &dir,
            &format!("printf '\\357\\273\\277' | cat - {file} > marked; {command} marked"),
        );
        assert!(marked.status.success(), "{command}: {marked:?}");
        assert_eq!(marked.stdout, plain.stdout, "{command}");
    }
}
