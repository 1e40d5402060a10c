//! The worker threads of the long runs: `--threads T`, or every core when it is not given.

use crate::error::CliError;
use clap::Args;

/// The `--threads` option of every long run.
#[derive(Args, Clone, Copy, Debug)]
pub struct Threads {
    /// Worker threads (default: all cores); the results do not depend on it
    #[arg(long = "threads", value_name = "T", value_parser = clap::value_parser!(u16).range(1..))]
    requested: Option<u16>,
}

impl Threads {
    /// The number of worker threads: as requested, or one per core.
    pub fn count(&self) -> usize {
        self.requested.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            usize::from,
        )
    }

    /// A pool of [`Threads::count`] threads, and that number.
    pub fn pool(&self) -> Result<(rayon::ThreadPool, usize), CliError> {
        let threads = self.count();
        Ok((pool(threads)?, threads))
    }
}

/// A pool of `threads` worker threads.
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, CliError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(CliError::Threads)
}
