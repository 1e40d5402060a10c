//! The worker threads of the long runs: `--threads T`, or every core when it is not given.

use crate::error::CliError;
use clap::Args;

/// The `--threads` option of every long run.
#[derive(Args, Clone, Copy, Debug)]
pub struct Threads {
    /// Worker threads, 1 to 4 per core (default: one per core); the results do not depend on it
    #[arg(long = "threads", value_name = "T", value_parser = threads)]
    requested: Option<usize>,
}

/// Worker threads from 1 to [`sweep::max_threads`]: more would only share the cores thinner,
/// and thousands take minutes to start.
fn threads(text: &str) -> Result<usize, String> {
    let most = sweep::max_threads();
    match text.parse::<usize>() {
        Ok(t) if (1..=most).contains(&t) => Ok(t),
        _ => Err(format!(
            "expected a number of threads from 1 to {most} (4 per core of this machine)"
        )),
    }
}

impl Threads {
    /// The number of worker threads: as requested, or one per core.
    pub fn count(&self) -> usize {
        self.requested
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// A pool of [`Threads::count`] threads, and that number.
    pub fn pool(&self) -> Result<(rayon::ThreadPool, usize), CliError> {
        let threads = self.count();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(CliError::Threads)?;
        Ok((pool, threads))
    }
}
