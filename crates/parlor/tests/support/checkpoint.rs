//! A long run's checkpoint watched, its run killed part-way, or a checkpoint written as a
//! program would write it, its checksum right.

use runs::Run;
use std::path::Path;
use std::process::{Child, Output};
use std::time::{Duration, Instant};
use sweep::Job;
use sweep::checkpoint::State;

/// The chunks a checkpoint has committed, if it can be read.
pub fn committed(path: &Path) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let value: serde_json::Value = serde_json::from_str(&text).ok()?;
    value["body"]["state"]["committed"].as_u64()
}

/// Waits until the checkpoint exists and has at least `chunks` chunks committed, for `within`
/// at most.
pub fn wait_until_committed(checkpoint: &Path, chunks: u64, within: Duration) {
    let deadline = Instant::now() + within;
    while committed(checkpoint).is_none_or(|c| c < chunks) {
        assert!(Instant::now() < deadline, "the run made no progress");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Waits until the checkpoint has `chunks` chunks committed, then kills the run with SIGKILL.
pub fn kill_after(child: Child, checkpoint: &Path, chunks: u64) {
    assert!(
        kill_after_unless_ended(child, checkpoint, chunks).is_none(),
        "the run ended before it was killed"
    );
}

/// Waits until the checkpoint has `chunks` chunks committed, then kills the run with SIGKILL
/// (`None`), or until the run ends (its output). A GPU plays spans of chunks sized by its
/// speed, and a fast one may take what is left of a short run in one.
pub fn kill_after_unless_ended(mut child: Child, checkpoint: &Path, chunks: u64) -> Option<Output> {
    let deadline = Instant::now() + Duration::from_secs(120);
    while committed(checkpoint).is_none_or(|c| c < chunks) {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        assert!(Instant::now() < deadline, "the run made no progress");
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    None
}

/// A true summary as JSON, to be edited.
pub fn summary_of<T: serde::Serialize>(summary: &T) -> serde_json::Value {
    serde_json::to_value(summary).unwrap()
}

/// The state a checkpoint of `run` holds after `committed` chunks, with no journal.
pub fn state_of<R: Run>(run: &R, committed: u64) -> State {
    State {
        identity: run.identity(),
        plan: run.job().plan(),
        committed,
        seconds: 0.0,
        journal: None,
    }
}

/// Saves a checkpoint of `run` with `committed` chunks and `summary`, its CRC right: a CRC
/// catches a file damaged by accident, not one written on purpose.
pub fn forge<R: Run>(path: &Path, run: &R, committed: u64, summary: &impl serde::Serialize) {
    sweep::checkpoint::save(path, &state_of(run, committed), summary).unwrap();
}
