//! The fraction of a run that is done, kept in a file for a volunteer-computing wrapper (BOINC's
//! reads it about once a second): always whole, never ahead of what is committed.

use crate::{Error, file};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How often the fraction done is written.
const EVERY: Duration = Duration::from_secs(1);

/// Writes the fraction done at most once an [`EVERY`]; keeps the first failure, to be reported
/// when the run ends (the run itself is not lost for a progress file).
#[derive(Debug)]
pub(crate) struct FractionDone {
    path: PathBuf,
    last: Option<Instant>,
    failure: Option<Error>,
}

impl FractionDone {
    pub(crate) fn new(path: PathBuf) -> FractionDone {
        FractionDone {
            path,
            last: None,
            failure: None,
        }
    }

    /// Tells that `done` of `total` items are committed.
    pub(crate) fn show(&mut self, done: u64, total: u64) {
        let due = self.last.is_none_or(|t| t.elapsed() >= EVERY);
        if due && self.failure.is_none() {
            self.write(done as f64 / total.max(1) as f64);
        }
    }

    /// Tells that the run is done, or why the fraction could not be written.
    pub(crate) fn finish(mut self) -> Result<(), Error> {
        if self.failure.is_none() {
            self.write(1.0);
        }
        self.failure.map_or(Ok(()), Err)
    }

    fn write(&mut self, fraction: f64) {
        let text = format!("{fraction:.6}\n");
        if let Err(e) = file::write_atomically(&self.path, text.as_bytes()) {
            self.failure.get_or_insert(e);
        }
        self.last = Some(Instant::now());
    }
}
