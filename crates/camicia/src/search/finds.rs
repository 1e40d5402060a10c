//! What a whole search has found, committed run after run.

use super::{Catch, Haul, Keep, Top};
use crate::pack::Pack;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::ops::Range;

/// Loops listed by the [`Finds`] of a search, the earliest first (all of them are reported as they are found).
pub const LOOPS_LISTED: usize = 100;

/// What a whole search has found, run after run, in search order.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Finds {
    pub(super) keep: Keep,
    deals: u128,
    top: Top,
    /// Loops reported, and the first [`LOOPS_LISTED`] of them.
    loops: u64,
    first_loops: Vec<Catch>,
    /// Finished games of at least `keep.min_cards` cards reported.
    long: u64,
    /// Deals reported so far, when a deal can be met twice (a climb); otherwise none is kept.
    #[serde(with = "reported")]
    reported: Option<HashSet<Pack>>,
}

/// The deals a climb has reported, saved as their indices in increasing order.
mod reported {
    use crate::{Pack, index};
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::collections::HashSet;

    pub fn serialize<S: Serializer>(
        set: &Option<HashSet<Pack>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let indices = set.as_ref().map(|set| {
            let mut indices: Vec<u128> = set.iter().filter_map(index::index).collect();
            indices.sort_unstable();
            indices
        });
        indices.serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<HashSet<Pack>>, D::Error> {
        let Some(indices) = Option::<Vec<u128>>::deserialize(deserializer)? else {
            return Ok(None);
        };
        indices
            .into_iter()
            .map(|i| index::pack(i).ok_or_else(|| D::Error::custom("a deal index past the last")))
            .collect::<Result<_, _>>()
            .map(Some)
    }
}

impl Finds {
    /// The finds of a search that has played nothing yet; `distinct` when the search can meet a
    /// deal twice and should report it once.
    pub fn new(keep: Keep, distinct: bool) -> Finds {
        Finds {
            keep,
            deals: 0,
            top: Top::new(keep.top),
            loops: 0,
            first_loops: Vec::new(),
            long: 0,
            reported: distinct.then(HashSet::new),
        }
    }

    /// What the search keeps.
    pub fn keep(&self) -> Keep {
        self.keep
    }

    /// Deals played.
    pub fn deals(&self) -> u128 {
        self.deals
    }

    /// The K longest finished games, longest first.
    pub fn longest(&self) -> Vec<Catch> {
        self.top.games()
    }

    /// Loops found.
    pub fn loops(&self) -> u64 {
        self.loops
    }

    /// The first [`LOOPS_LISTED`] loops, in search order.
    pub fn first_loops(&self) -> &[Catch] {
        &self.first_loops
    }

    /// Finished games of at least `keep.min_cards` cards.
    pub fn long(&self) -> u64 {
        self.long
    }

    /// Takes the next run's haul and gives the finds to report, in search order: its loops, its
    /// finished games of at least `min_cards` cards, and those of its longest games that are now
    /// among the K longest of the search. A deal is reported once.
    pub fn commit(&mut self, haul: Haul) -> Vec<Catch> {
        self.deals += u128::from(haul.deals);
        let candidates = haul.top.games();
        for &find in &candidates {
            self.top.offer(find);
        }
        let kept: HashSet<u128> = self.top.heap.iter().map(|r| r.0.0.order).collect();
        let mut report: Vec<Catch> = haul.loops;
        report.extend(haul.long);
        report.extend(candidates.into_iter().filter(|f| kept.contains(&f.order)));
        report.sort_by_key(|f| f.order);
        report.dedup_by_key(|f| f.order);
        if let Some(reported) = &mut self.reported {
            report.retain(|f| reported.insert(f.pack));
        }
        for find in &report {
            if find.is_loop() {
                self.loops += 1;
                if self.first_loops.len() < LOOPS_LISTED {
                    self.first_loops.push(*find);
                }
            } else if self.keep.min_cards.is_some_and(|c| find.outcome.cards >= c) {
                self.long += 1;
            }
        }
        report
    }

    /// Whether these can be the finds of the deals at `places` (in search order) with what they
    /// keep: the counts add up, and every game it lists lies in those places and ends as it
    /// says (each is played again).
    ///
    /// # Errors
    ///
    /// What does not agree, in words.
    pub fn check(&self, keep: Keep, places: Range<u128>) -> Result<(), String> {
        let deals = places.end - places.start;
        if self.keep != keep || self.top.size != keep.top {
            return Err("it keeps other games than this search".into());
        }
        if self.deals != deals {
            return Err(format!("{} deals counted, {deals} played", self.deals));
        }
        let games = self.top.games();
        let loops_listed = self.first_loops.len() as u64;
        if games.len() > keep.top
            || self.loops < loops_listed
            || (self.loops > loops_listed && self.first_loops.len() < LOOPS_LISTED)
            || u128::from(self.loops) + u128::from(self.long) > deals
        {
            return Err(format!(
                "{} games kept, {} loops with {loops_listed} listed, {} long games",
                games.len(),
                self.loops,
                self.long
            ));
        }
        if !self.first_loops.windows(2).all(|w| w[0].order < w[1].order) {
            return Err("the loops are not in search order".into());
        }
        let found = |f: &Catch| f.holds(&places);
        if !games.iter().all(|f| found(f) && !f.is_loop())
            || !self.first_loops.iter().all(|f| found(f) && f.is_loop())
        {
            return Err(
                "a game it lists is not the game of its deal, or not in this search".into(),
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Dealer;
    use crate::engine::Engine;
    use crate::search::haul;

    #[test]
    fn the_finds_sum_up_the_same_whatever_the_cut_into_runs() {
        let dealer = Dealer::new(8);
        let keep = Keep {
            top: 4,
            min_cards: Some(1200),
        };
        let whole = |cuts: &[u64]| {
            let mut finds = Finds::new(keep, false);
            let mut reported = Vec::new();
            for pair in cuts.windows(2) {
                let run = haul(
                    Engine::best(),
                    dealer.packs(pair[0]..pair[1]),
                    pair[0].into(),
                    keep,
                );
                reported.extend(finds.commit(run));
            }
            (reported, finds)
        };
        let (coarse, one) = whole(&[0, 30_000]);
        let (fine, other) = whole(&[0, 1, 7000, 7001, 12_345, 30_000]);
        let summary = |t: &Finds| (t.top.games(), t.deals, t.long, t.loops);
        assert_eq!(summary(&one), summary(&other));
        assert_eq!(one.deals, 30_000);
        // Reported: the long games, and the longest games as they joined the top at the end of
        // their run, so a finer cut reports more of them.
        let long = |r: &[Catch]| -> Vec<Catch> {
            r.iter()
                .filter(|f| f.outcome.cards >= 1200)
                .copied()
                .collect()
        };
        assert_eq!(long(&coarse), long(&fine));
        assert_eq!(long(&coarse).len() as u64, one.long);
        for reported in [&coarse, &fine] {
            assert!(one.top.games().iter().all(|f| reported.contains(f)));
            assert!(reported.windows(2).all(|w| w[0].order < w[1].order));
        }
        assert!(fine.len() > coarse.len());
    }

    #[test]
    fn the_finds_of_a_climb_report_a_deal_once() {
        let keep = Keep {
            top: 2,
            min_cards: Some(0),
        };
        let pack = Dealer::new(1).pack(0);
        let mut finds = Finds::new(keep, true);
        let first = finds.commit(haul(Engine::best(), [pack, pack].into_iter(), 0, keep));
        assert_eq!(first.len(), 1);
        assert!(
            finds
                .commit(haul(Engine::best(), [pack].into_iter(), 2, keep))
                .is_empty()
        );
        assert_eq!(finds.long, 1);
        assert_eq!(finds.deals, 3);
    }
}
