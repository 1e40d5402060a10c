//! Long runs over numbered work — deal numbers, seeds, ranges of indices — on every core and
//! every machine, with results that never depend on how the work was shared, and that survive
//! being killed at any moment.
//!
//! A [`Job`] says how many items there are and how they are cut into chunks ([`Plan`]), plays
//! a chunk into a part, and commits parts into its summary; most jobs are a [`Fold`] of
//! statistics. [`run`] plays the chunks on many threads or many processes ([`Workers`]), and
//! commits the parts strictly in chunk order, so the summary is the same whatever the threads
//! and machines. Now and then it writes a checkpoint — the summary of the chunks committed so
//! far — atomically; a run started again with the same command resumes from it and ends
//! exactly as an uninterrupted run would. What a job reports as it commits goes to a journal
//! (the results file, or standard output), cut back on resuming to what the checkpoint
//! recorded, so nothing is lost and nothing written twice.
//!
//! ```
//! use std::ops::Range;
//! use sweep::{Commit, Identity, Job, Plan, Workers};
//!
//! /// The sum of the squares of 0 … n − 1.
//! struct Squares(u64);
//!
//! impl Job for Squares {
//!     type Part = u64;
//!     type Summary = u64;
//!     type Basis = ();
//!     fn plan(&self) -> Plan {
//!         Plan::new(self.0, 1000)
//!     }
//!     fn empty(&self) -> u64 {
//!         0
//!     }
//!     fn basis(&self, _: &u64) {}
//!     fn play(&self, _chunk: u64, items: Range<u64>, _: &()) -> u64 {
//!         items.map(|i| i * i).sum()
//!     }
//!     fn commit(&self, sum: &mut u64, part: u64, _: &mut Commit<'_>) -> Result<(), String> {
//!         *sum += part;
//!         Ok(())
//!     }
//!     fn check(&self, _: &u64, _: u64) -> Result<(), String> {
//!         Ok(())
//!     }
//! }
//!
//! let identity = Identity::new("example 1", "squares").with("--n", 100_000);
//! let finish = sweep::run(Squares(100_000), identity, Default::default(), &Workers::Threads(2),
//!     Box::new(|_progress| {})).unwrap().unwrap();
//! assert_eq!(finish.summary, (0..100_000u64).map(|i| i * i).sum::<u64>());
//! ```

pub mod checkpoint;
pub mod cluster;
mod error;
pub mod file;
mod fold;
mod fraction;
mod job;
pub mod journal;
mod ledger;
mod local;
mod options;

pub use checkpoint::Identity;
pub use cluster::{Cluster, Die};
pub use error::Error;
pub use fold::Fold;
pub use job::{Commit, Job, Plan};
pub use ledger::{Checkpointing, Files, Finish, Progress, Sink};

use ledger::Ledger;
use std::sync::Arc;

/// Who plays a run's chunks.
#[derive(Clone, Debug)]
pub enum Workers {
    /// This many threads of this process (at least one).
    Threads(usize),
    /// This process's threads, as one process of a cluster; `die` ends the process when the
    /// cluster cannot go on (a peer lost, a write failed).
    Cluster {
        /// The cluster, and which of its processes this is.
        cluster: Cluster,
        /// Worker threads of this process.
        threads: usize,
        /// Prints its message and ends the process with status 1.
        die: Die,
    },
}

/// Runs `job` on `workers`, resuming from its checkpoint if `files` has one, and calls
/// `progress` as chunks are committed. Gives the summary, or `None` in a process of a cluster
/// other than process 0, which does not hold it. The result does not depend on the workers.
pub fn run<J: Job>(
    job: J,
    identity: Identity,
    files: Files,
    workers: &Workers,
    mut progress: Box<dyn FnMut(&Progress) + Send>,
) -> Result<Option<Finish<J::Summary>>, Error> {
    match workers {
        Workers::Threads(threads) => {
            let ledger = Ledger::open(Arc::new(job), identity, files)?;
            local::run(ledger, *threads, &mut progress).map(Some)
        }
        Workers::Cluster {
            cluster,
            threads,
            die,
        } => cluster::run(
            Arc::new(job),
            identity,
            files,
            cluster,
            *threads,
            progress,
            *die,
        ),
    }
}

/// The most worker threads a process may run: four per core (more only shares the cores
/// thinner), and never more than 1,024.
pub fn max_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (4 * cores).min(1024)
}
