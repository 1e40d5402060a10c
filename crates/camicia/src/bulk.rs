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
    fn haul(&self, packs: &mut Packs<'_>, first: u128, keep: Keep) -> Haul;

    /// [`Report::of`]: the work unit report of the deals of `indices`.
    fn report(&self, indices: Range<u128>) -> Report;

    /// How many deals the engine would rather be given at once, so that the long runs hand it
    /// spans of several of their chunks: a GPU fed batches of millions. 0, the CPU engines': a
    /// chunk at a time.
    fn span(&self) -> u64 {
        0
    }

    /// The [`Bulk::haul_dealt`] of each run of `chunk` deals of `deals` (the last one may be
    /// shorter), in order: a span of a search's chunks played at once, each chunk's finds kept
    /// apart, as the search reports them chunk by chunk.
    fn hauls_dealt(&self, dealer: &Dealer, deals: Range<u64>, chunk: u64, keep: Keep) -> Vec<Haul> {
        cuts(deals.start.into()..deals.end.into(), chunk.into())
            .map(|part| self.haul_dealt(dealer, part.start as u64..part.end as u64, keep))
            .collect()
    }

    /// The [`Bulk::haul_indices`] of each run of `chunk` indices of `indices`, in order.
    fn hauls_indices(&self, indices: Range<u128>, chunk: u64, keep: Keep) -> Vec<Haul> {
        cuts(indices, chunk.into())
            .map(|part| self.haul_indices(part, keep))
            .collect()
    }

    /// The [`Bulk::haul`] of each run of `chunk` of `packs`, in order, the first at place `first`.
    fn hauls(&self, packs: &mut Packs<'_>, first: u128, chunk: u64, keep: Keep) -> Vec<Haul> {
        let mut hauls = Vec::new();
        let mut place = first;
        loop {
            let part: Vec<Pack> = packs.take(chunk.max(1) as usize).collect();
            if part.is_empty() {
                return hauls;
            }
            hauls.push(self.haul(&mut part.iter().copied(), place, keep));
            place += part.len() as u128;
        }
    }
}

/// Packs handed to an engine one after another, as a climb makes them.
pub type Packs<'a> = dyn Iterator<Item = Pack> + 'a;

/// `range` cut into runs of `chunk` (at least one), the last one shorter if it must.
pub fn cuts(range: Range<u128>, chunk: u128) -> impl Iterator<Item = Range<u128>> {
    let chunk = chunk.max(1);
    let count = range.end.saturating_sub(range.start);
    (0..count.div_ceil(chunk)).map(move |k| {
        let start = range.start + k * chunk;
        start..(start + chunk).min(range.end)
    })
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

    fn haul(&self, packs: &mut Packs<'_>, first: u128, keep: Keep) -> Haul {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_cut_into_chunks() {
        let runs: Vec<_> = cuts(5..17, 5).collect();
        assert_eq!(runs, [5..10, 10..15, 15..17]);
        assert_eq!(cuts(3..3, 5).count(), 0);
        assert_eq!(cuts(0..4, 0).count(), 4);
    }

    #[test]
    fn hauls_of_chunks_are_the_hauls_of_each() {
        let engine = Engine::best();
        let dealer = Dealer::new(2);
        let keep = Keep {
            top: 3,
            min_cards: Some(900),
        };
        let summary = |h: &Haul| (h.deals, h.loops.clone(), h.long.clone(), h.top.games());
        let hauls = engine.hauls_dealt(&dealer, 100..5_100, 2_000, keep);
        let each: Vec<_> = [100..2_100, 2_100..4_100, 4_100..5_100]
            .into_iter()
            .map(|part| summary(&engine.haul_dealt(&dealer, part, keep)))
            .collect();
        assert_eq!(hauls.iter().map(summary).collect::<Vec<_>>(), each);
        let packs: Vec<Pack> = dealer.packs(100..5_100).collect();
        let given = engine.hauls(&mut packs.iter().copied(), 100, 2_000, keep);
        assert_eq!(given.iter().map(summary).collect::<Vec<_>>(), each);
        assert_eq!(engine.hauls_indices(7..7_007, 3_000, keep).len(), 3);
    }
}
