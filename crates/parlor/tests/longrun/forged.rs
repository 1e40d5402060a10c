//! Checkpoints forged with their CRC made right: a CRC catches a file damaged by accident, not
//! one written on purpose, so each summary is checked against what its figures can be — sums
//! within the count times the extremes, no negative variance, counts that agree with the chunks
//! committed, every named game played again. Each case below once resumed to a wrong answer.

use super::*;
use camicia::engine::Engine;
use russian::catalogue::Catalogue;
use serde_json::{Value, json};
use std::path::PathBuf;

/// Saves a checkpoint of `run` with `committed` chunks and `summary`, its CRC right.
fn forge<R: Run>(path: &Path, run: &R, committed: u64, summary: &impl serde::Serialize) {
    let state = sweep::checkpoint::State {
        identity: run.identity(),
        plan: run.job().plan(),
        committed,
        seconds: 0.0,
        journal: None,
    };
    sweep::checkpoint::save(path, &state, summary).unwrap();
}

/// A true summary as JSON, to be edited.
fn summary_of<T: serde::Serialize>(summary: &T) -> Value {
    serde_json::to_value(summary).unwrap()
}

#[test]
fn a_bound_whose_sums_scores_cannot_make_is_refused() {
    let dir = scratch("forged-bound");
    let checkpoint = dir.join("c.json");
    let path = checkpoint.to_str().unwrap();
    let run = runs::russian::BoundRun::new(runs::Deals::new(0, 64), 5, 1);
    // The first chunk's 16 deals, as the run counts them.
    let first = russian::bound::Stats::of_deals(0..16, 5, 1);
    let command = [
        "russian",
        "bound",
        "--deals",
        "64",
        "--samples",
        "5",
        "--checkpoint",
        path,
    ];
    let cases = [
        (
            "sum",
            json!(1e9),
            "its summary does not add up: the values counted: a sum of 1000000000 that 16 \
             values from 0 to 52 cannot make",
        ),
        (
            "sum_of_squares",
            json!(-1.0),
            "its summary does not add up: the values counted: a sum of squares of -1",
        ),
        (
            "gap_sum_of_squares",
            json!(-1.0),
            "its summary does not add up: the gaps between the bound and the layouts' mean",
        ),
    ];
    for (field, value, message) in cases {
        let mut forged = summary_of(&first);
        forged[field] = value;
        forge(&checkpoint, &run, 1, &forged);
        refused_saying(&command, message);
    }
    // The true summary resumes.
    forge(&checkpoint, &run, 1, &summary_of(&first));
    stdout_of(&[&command[..], &["--quiet"]].concat());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_work_unit_that_drops_a_game_is_refused() {
    let dir = scratch("forged-unit");
    let (unit, out, checkpoint) = (dir.join("in"), dir.join("out"), dir.join("c.json"));
    // Casella's loop in the second of three chunks of 2^18 deals.
    let casella: u128 = 472_460_898_658_889_399_111;
    let first = casella - 300_000;
    std::fs::write(&unit, format!("{first} {}\n", first + 600_000)).unwrap();
    let run = runs::camicia::WorkunitRun::new(first, first + 600_000, Engine::scalar()).unwrap();
    let chunk = 1u128 << 18;
    let report = camicia::workunit::Report::of(Engine::best(), first..first + chunk);
    let command = [
        "camicia",
        "workunit",
        unit.to_str().unwrap(),
        out.to_str().unwrap(),
        "--quiet",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
    ];
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
    assert!(result.contains(&format!("loop,{casella},")), "{result}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A catalogue of seeds 0..2048 with its first chunk solved: the folder, the run, the first
/// chunk's catalogue and lines, and the command that resumes it from `c.json` into `out.jsonl`.
fn first_chunk_of_a_catalogue(
    name: &str,
) -> (
    PathBuf,
    runs::russian::CatalogueRun,
    Catalogue,
    String,
    Vec<String>,
) {
    let dir = scratch(name);
    let numbering = russian::catalogue::Numbering::Seed;
    let run = runs::russian::CatalogueRun::new(numbering, runs::Deals::new(0, 2048), None, false);
    let mut catalogue = Catalogue::default();
    let mut lines = String::new();
    for (seed, entry) in russian::catalogue::solve_deals(numbering, 0..1024, None)
        .into_iter()
        .enumerate()
    {
        catalogue.add(entry);
        lines += &format!(
            "{{\"seed\":{seed},\"max\":{},\"proven\":{},\"won\":{}}}\n",
            entry.max,
            entry.proven,
            entry.won()
        );
    }
    let command = ["russian", "catalogue", "--seed", "0..2048", "--out"]
        .map(str::to_owned)
        .into_iter()
        .chain([dir.join("out.jsonl").display().to_string()])
        .chain([
            "--checkpoint".to_owned(),
            dir.join("c.json").display().to_string(),
        ])
        .collect();
    (dir, run, catalogue, lines, command)
}

#[test]
fn a_catalogue_without_budget_proves_every_maximum() {
    let (dir, run, catalogue, _, command) = first_chunk_of_a_catalogue("forged-catalogue");
    let mut forged = summary_of(&catalogue);
    forged["proven"] = json!(1000);
    forge(&dir.join("c.json"), &run, 1, &forged);
    refused_saying(
        &command.iter().map(String::as_str).collect::<Vec<_>>(),
        "its summary does not add up: 1000 maxima proven of 1024 deals, all solved without a \
         budget",
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_catalogue_whose_counts_its_lines_do_not_make_is_refused() {
    let (dir, run, catalogue, lines, command) =
        first_chunk_of_a_catalogue("forged-catalogue-lines");
    let (out, checkpoint) = (dir.join("out.jsonl"), dir.join("c.json"));
    std::fs::write(&out, &lines).unwrap();
    let command: Vec<&str> = command.iter().map(String::as_str).collect();
    // One deal moved from the lowest score to the highest, every total kept: the summary alone
    // adds up, the lines do not make it.
    let mut moved = catalogue.clone();
    let low = (0..52).find(|&s| moved.maxima.histogram[s] > 0).unwrap();
    moved.maxima.histogram[low] -= 1;
    moved.maxima.histogram[51] += 1;
    let state = |journal: &str| sweep::checkpoint::State {
        identity: run.identity(),
        plan: run.job().plan(),
        committed: 1,
        seconds: 0.0,
        journal: Some(sweep::journal::mark_of(journal.as_bytes())),
    };
    sweep::checkpoint::save(&checkpoint, &state(&lines), &moved).unwrap();
    refused_saying(
        &command,
        &format!(
            "does not agree with the checkpoint's summary: {} deals of best score {low} \
             written, {} counted",
            catalogue.maxima.histogram[low], moved.maxima.histogram[low]
        ),
    );
    // The lines edited to match, their mark made right: a line this run never writes.
    let edited = lines.replacen("\"max\":", "\"max\": ", 1);
    sweep::checkpoint::save(&checkpoint, &state(&edited), &catalogue).unwrap();
    std::fs::write(&out, &edited).unwrap();
    refused_saying(&command, "line 1: expected a line of this catalogue");
    // The true pair resumes and ends as an uninterrupted run would.
    sweep::checkpoint::save(&checkpoint, &state(&lines), &catalogue).unwrap();
    std::fs::write(&out, &lines).unwrap();
    parlor().args(command).args(["--quiet"]).assert().success();
    let whole = dir.join("whole.jsonl");
    parlor()
        .args([
            "russian",
            "catalogue",
            "--seed",
            "0..2048",
            "--quiet",
            "--out",
        ])
        .arg(&whole)
        .assert()
        .success();
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&whole).unwrap());
    std::fs::remove_dir_all(dir).unwrap();
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
