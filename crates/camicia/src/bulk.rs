//! Engines that play one-pack deals in bulk and sum them up: the long runs' view of an engine.
//!
//! A long run (`parlor camicia stats`, `search`, `workunit`) asks its engine for summaries of
//! runs of deals — [`Stats`], [`Haul`], [`Report`] — and nothing else, so an engine that plays
//! and sums up elsewhere fits in beside the CPU's: the GPU engine of the crate `camicia-gpu`
//! implements [`Bulk`] too. Every engine gives every run's summary exactly as the CPU's scalar
//! engine does.
//!
//! ```
//! use camicia::bulk::Bulk;
//! use camicia::deal::Dealer;
//! use camicia::engine::Engine;
//! use std::sync::Arc;
//!
//! let engines: Vec<Arc<dyn Bulk>> = vec![Arc::new(Engine::best()), Arc::new(Engine::scalar())];
//! let dealer = Dealer::new(3);
//! let stats: Vec<_> = engines.iter().map(|e| e.stats(&dealer, 0..2000)).collect();
//! assert_eq!(stats[0], stats[1]);
//! ```

use crate::deal::Dealer;
use crate::engine::Engine;
use crate::pack::Pack;
use crate::search::{Haul, Keep, haul, haul_dealt};
use crate::stats::Stats;
use crate::workunit::Report;
use std::fmt::Debug;
use std::ops::Range;
use std::sync::Arc;

/// An engine that plays one-pack deals in bulk into the summaries of the long runs.
pub trait Bulk: Send + Sync + Debug {
    /// The engine's name (`avx2`, `gpu`), as the runs' `--json` gives it.
    fn name(&self) -> &'static str;

    /// [`Stats::of`]: deals `deals` of `dealer`, summed up.
    fn stats(&self, dealer: &Dealer, deals: Range<u64>) -> Stats;

    /// [`haul_dealt`]: the finds of deals `deals` of `dealer`, each at its number.
    fn haul_dealt(&self, dealer: &Dealer, deals: Range<u64>, keep: Keep) -> Haul;

    /// [`haul`] of the deals of `indices` in camicia.dev's order ([`crate::index::packs`]), each
    /// at its index.
    fn haul_indices(&self, indices: Range<u128>, keep: Keep) -> Haul;

    /// [`haul`]: the finds of `packs`, at places from `first` on.
    fn haul(&self, packs: &mut dyn Iterator<Item = Pack>, first: u128, keep: Keep) -> Haul;

    /// [`Report::of`]: the work unit report of the deals of `indices`.
    fn report(&self, indices: Range<u128>) -> Report;
}

impl Bulk for Engine {
    fn name(&self) -> &'static str {
        Engine::name(*self)
    }

    fn stats(&self, dealer: &Dealer, deals: Range<u64>) -> Stats {
        Stats::of(*self, dealer, deals)
    }

    fn haul_dealt(&self, dealer: &Dealer, deals: Range<u64>, keep: Keep) -> Haul {
        haul_dealt(*self, dealer, deals, keep)
    }

    fn haul_indices(&self, indices: Range<u128>, keep: Keep) -> Haul {
        let first = indices.start;
        haul(*self, crate::index::packs(indices), first, keep)
    }

    fn haul(&self, packs: &mut dyn Iterator<Item = Pack>, first: u128, keep: Keep) -> Haul {
        haul(*self, packs, first, keep)
    }

    fn report(&self, indices: Range<u128>) -> Report {
        Report::of(*self, indices)
    }
}

/// A CPU engine as a shared [`Bulk`] engine, as the long runs hold theirs.
impl From<Engine> for Arc<dyn Bulk> {
    fn from(engine: Engine) -> Arc<dyn Bulk> {
        Arc::new(engine)
    }
}
