//! The worker threads of the long runs: `--threads T`, or every core when it is not given.

use crate::error::CliError;
use std::io;

/// A pool of the requested number of threads (all cores for `None`), and that number.
pub fn pool(requested: Option<u16>) -> Result<(rayon::ThreadPool, usize), CliError> {
    let threads = requested.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CliError::Write(io::Error::other(e)))?;
    Ok((pool, threads))
}
