//! Checkpoints forged with their CRC made right: a CRC catches a file damaged by accident, not
//! one written on purpose, so each summary is checked against what its figures can be — sums
//! within the count times the extremes, no negative variance, counts that agree with the chunks
//! committed, every named game played again. Each case below once resumed to a wrong answer.

use super::*;
use camicia::engine::Engine;
use serde_json::{Value, json};

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

#[test]
fn a_catalogue_without_budget_proves_every_maximum() {
    let dir = scratch("forged-catalogue");
    let (out, checkpoint) = (dir.join("out.jsonl"), dir.join("c.json"));
    let numbering = russian::catalogue::Numbering::Seed;
    let run = runs::russian::CatalogueRun::new(numbering, runs::Deals::new(0, 2048), None, false);
    let mut catalogue = russian::catalogue::Catalogue::default();
    russian::catalogue::solve_deals(numbering, 0..1024, None)
        .into_iter()
        .for_each(|entry| catalogue.add(entry));
    let mut forged = summary_of(&catalogue);
    forged["proven"] = json!(1000);
    forge(&checkpoint, &run, 1, &forged);
    refused_saying(
        &[
            "russian",
            "catalogue",
            "--seed",
            "0..2048",
            "--out",
            out.to_str().unwrap(),
            "--checkpoint",
            checkpoint.to_str().unwrap(),
        ],
        "its summary does not add up: 1000 maxima proven of 1024 deals, all solved without a \
         budget",
    );
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
