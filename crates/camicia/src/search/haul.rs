//! A run of deals played and its finds kept.

use super::{BATCH, ByLength, Catch, Keep, Top};
use crate::deal::Dealer;
use crate::engine::Engine;
use crate::game::{Outcome, Status};
use crate::pack::Pack;
use serde::{Deserialize, Serialize};
use tally::Merge;

/// The finds of a run of deals.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Haul {
    keep: Keep,
    /// Deals played.
    pub deals: u64,
    /// Every loop, in search order.
    pub loops: Vec<Catch>,
    /// Every finished game of at least `keep.min_cards` cards, in search order.
    pub long: Vec<Catch>,
    /// The run's K longest finished games.
    pub top: Top,
    /// The run's longest finished game, whatever K (the climb follows it).
    pub best: Option<Catch>,
}

impl Haul {
    /// No deals yet, keeping what `keep` says.
    pub fn new(keep: Keep) -> Haul {
        Haul {
            keep,
            deals: 0,
            loops: Vec::new(),
            long: Vec::new(),
            top: Top::new(keep.top),
            best: None,
        }
    }

    /// The haul of `deals` deals of which only some games are given, in search order: every
    /// loop, every finished game of at least `keep.min_cards` cards, and finished games among
    /// which the `keep.top` longest (and at least the longest, whatever `keep.top`); `pack` makes
    /// the deal at a place, for the games kept. This is how engines that play elsewhere (the GPU
    /// engine of the crate `camicia-gpu`) make their hauls.
    pub fn of_games(
        keep: Keep,
        deals: u64,
        games: impl IntoIterator<Item = (u128, Outcome)>,
        mut pack: impl FnMut(u128) -> Pack,
    ) -> Haul {
        let mut haul = Haul::new(keep);
        let mut at_least = haul.threshold();
        for (order, outcome) in games {
            haul.note(order, outcome, || pack(order), &mut at_least);
        }
        haul.deals = deals;
        haul
    }

    /// Plays deals whose places in the search start at `first`.
    fn play(&mut self, engine: Engine, packs: &[Pack], first: u128) {
        let mut at_least = self.threshold();
        engine.play_packs(packs.iter().copied(), |k, outcome| {
            let order = first + u128::from(k);
            self.note(order, outcome, || packs[k as usize], &mut at_least);
        });
        self.deals += packs.len() as u64;
    }

    /// The fewest cards a finished game needs to be looked at: most are shorter.
    fn threshold(&self) -> u64 {
        self.keep
            .min_cards
            .unwrap_or(u64::MAX)
            .min(self.top.floor())
            .min(self.best.map_or(0, |b| b.outcome.cards))
    }

    /// Keeps the game at `order` if it is a find; `pack` makes its deal, only then.
    #[inline(always)]
    fn note(
        &mut self,
        order: u128,
        outcome: Outcome,
        pack: impl FnOnce() -> Pack,
        at_least: &mut u64,
    ) {
        let find = |pack: Pack| Catch {
            order,
            pack,
            outcome,
        };
        match outcome.status {
            Status::Loop { .. } => self.loops.push(find(pack())),
            Status::Finished if outcome.cards >= *at_least => {
                let find = find(pack());
                if outcome.cards >= self.keep.min_cards.unwrap_or(u64::MAX) {
                    self.long.push(find);
                }
                self.top.offer(find);
                if self.best.is_none_or(|best| ByLength(find) > ByLength(best)) {
                    self.best = Some(find);
                }
                *at_least = self.threshold();
            }
            Status::Finished => {}
        }
    }

    fn sort(&mut self) {
        self.loops.sort_by_key(|f| f.order);
        self.long.sort_by_key(|f| f.order);
    }
}

/// The finds of both runs, in search order whatever the order of merging.
impl Merge for Haul {
    fn merge(&mut self, other: &Haul) {
        self.deals += other.deals;
        self.loops.extend_from_slice(&other.loops);
        self.long.extend_from_slice(&other.long);
        self.top.merge(&other.top);
        if let Some(best) = other.best
            && self.best.is_none_or(|mine| ByLength(best) > ByLength(mine))
        {
            self.best = Some(best);
        }
        self.sort();
    }
}

/// Plays deals whose places in the search start at `first` with `engine`, and keeps their finds.
pub fn haul(engine: Engine, packs: impl Iterator<Item = Pack>, first: u128, keep: Keep) -> Haul {
    let mut haul = Haul::new(keep);
    let mut packs = packs;
    let mut batch = Vec::with_capacity(BATCH.min(packs.size_hint().0.max(1)));
    let mut order = first;
    loop {
        batch.clear();
        batch.extend(packs.by_ref().take(BATCH));
        if batch.is_empty() {
            break;
        }
        haul.play(engine, &batch, order);
        order += batch.len() as u128;
    }
    haul.sort();
    haul
}

/// Plays the random deals `deals` of `dealer` (each at its index as its place in the search)
/// and keeps their finds: [`haul`] of `dealer.packs(deals)`, faster, as only finds are dealt
/// as packs.
pub fn haul_dealt(
    engine: Engine,
    dealer: &Dealer,
    deals: std::ops::Range<u64>,
    keep: Keep,
) -> Haul {
    let mut haul = Haul::new(keep);
    let mut at_least = haul.threshold();
    dealer.play(engine, deals.clone(), |index, outcome| {
        haul.note(index.into(), outcome, || dealer.pack(index), &mut at_least);
    });
    haul.deals = deals.end.saturating_sub(deals.start);
    haul.sort();
    haul
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::play_pack;
    use crate::index;
    use std::cmp::Reverse;

    const KEEP: Keep = Keep {
        top: 5,
        min_cards: Some(1000),
    };

    /// Every deal of a run played one by one, and what the run should keep.
    fn plainly(packs: &[Pack], first: u128, keep: Keep) -> (Vec<Catch>, Vec<Catch>, Vec<Catch>) {
        let finds: Vec<Catch> = (first..)
            .zip(packs)
            .map(|(order, &pack)| Catch {
                order,
                pack,
                outcome: play_pack(&pack),
            })
            .collect();
        let loops = finds.iter().filter(|f| f.is_loop()).copied().collect();
        let long = finds
            .iter()
            .filter(|f| !f.is_loop() && f.outcome.cards >= keep.min_cards.unwrap())
            .copied()
            .collect();
        let mut finished: Vec<Catch> = finds.into_iter().filter(|f| !f.is_loop()).collect();
        finished.sort_by_key(|f| Reverse(f.length()));
        finished.truncate(keep.top);
        (loops, long, finished)
    }

    #[test]
    fn a_haul_keeps_what_playing_one_by_one_finds() {
        // 20,000 random deals (over two batches) and the neighbourhood of Casella's loop.
        let random: Vec<Pack> = Dealer::new(4).packs(0..20_000).collect();
        let casella = 472_460_898_658_889_399_111 - 3000;
        let near: Vec<Pack> = index::packs(casella..casella + 6000).collect();
        for (packs, first) in [(random, 100), (near, casella)] {
            let haul = haul(Engine::best(), packs.iter().copied(), first, KEEP);
            let (loops, long, top) = plainly(&packs, first, KEEP);
            assert_eq!(haul.deals, packs.len() as u64);
            assert_eq!(haul.loops, loops);
            assert_eq!(haul.long, long);
            assert_eq!(haul.top.games(), top);
            assert_eq!(haul.best, top.first().copied());
        }
    }

    #[test]
    fn random_deals_dealt_by_every_engine_find_what_their_packs_find() {
        let dealer = Dealer::new(8);
        let keep = Keep {
            top: 6,
            min_cards: Some(900),
        };
        let summary = |h: Haul| (h.deals, h.loops, h.long, h.top.games(), h.best);
        for deals in [0..0, 3..5, 100..30_107] {
            let from_packs = haul(
                Engine::scalar(),
                dealer.packs(deals.clone()),
                deals.start.into(),
                keep,
            );
            let from_packs = summary(from_packs);
            for engine in Engine::available() {
                let dealt = haul_dealt(engine, &dealer, deals.clone(), keep);
                assert_eq!(dealt.best.is_some(), !deals.is_empty());
                assert_eq!(summary(dealt), from_packs, "{engine}, deals {deals:?}");
            }
        }
    }
}
