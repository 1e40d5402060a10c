//! Long runs over numbered work — deal numbers, seeds, ranges of indices — on every core and
//! every machine, with results that never depend on how the work was shared, and that survive
//! being killed at any moment.
//!
//! A [`Job`] says how many items there are and how they are cut into chunks ([`Plan`]), plays
//! a chunk into a part, and commits parts into its summary. The engine plays the chunks on many
//! threads ([`local::run`]) or many processes ([`cluster::run`]), and its [`Ledger`] commits the
//! parts strictly in chunk order, so the summary is the same whatever the threads and machines.
//! Now and then the ledger writes a checkpoint — the summary of the chunks committed so far —
//! atomically; a run started again with the same command resumes from it and ends exactly as an
//! uninterrupted run would. What a job reports as it commits goes to a [`Journal`] (the
//! results file), cut back on resuming to what the checkpoint recorded, so nothing is lost and
//! nothing written twice.
//!
//! ```
//! use std::ops::Range;
//! use std::sync::Arc;
//! use sweep::{Identity, Job, Ledger, Plan};
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
//!     fn commit(&self, sum: &mut u64, _chunk: u64, part: u64, _journal: &mut Vec<u8>) {
//!         *sum += part;
//!     }
//!     fn check(&self, _: &u64, _: u64) -> Result<(), String> {
//!         Ok(())
//!     }
//! }
//!
//! let identity = Identity::new("example 1", "squares").with("--n", 100_000);
//! let ledger = Ledger::open(Arc::new(Squares(100_000)), identity, Default::default()).unwrap();
//! let finish = sweep::local::run(ledger, 2, &mut |_progress| {}).unwrap();
//! assert_eq!(finish.summary, (0..100_000u64).map(|i| i * i).sum::<u64>());
//! ```

pub mod checkpoint;
pub mod cluster;
mod error;
pub mod file;
mod job;
pub mod journal;
mod ledger;
pub mod local;

pub use checkpoint::Identity;
pub use error::Error;
pub use job::{Job, Plan};
pub use journal::Journal;
pub use ledger::{Checkpointing, Files, Finish, Ledger, Progress};

/// The most worker threads a process may run: four per core (more only shares the cores
/// thinner), and never more than 1,024.
pub fn max_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (4 * cores).min(1024)
}
