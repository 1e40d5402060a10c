//! What random one-pack deals add up to: how many finish and how many loop, the cards and
//! tricks of every finished game as histograms, the longest game and the first loop.
//!
//! Every figure is an order-free reduction (counts, sums, the longest game with the smallest
//! index on ties), so the stats of any share of the deals merge into the same total.

use crate::deal::Dealer;
use crate::engine::Engine;
use crate::fast::play_pack;
use crate::game::{Outcome, Status};
use serde::{Deserialize, Serialize};
use std::ops::Range;
use tally::Merge;

/// A game worth naming: the deal's index and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notable {
    /// The deal's index in its dealer's sequence.
    pub index: u64,
    /// How its game ended.
    pub outcome: Outcome,
}

/// Sums over a set of deals of one seed; merging the stats of two sets gives those of their union.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    deals: u64,
    loops: u64,
    /// `cards[c]`: how many finished games laid c cards.
    cards: Vec<u64>,
    /// `tricks[t]`: how many finished games took t tricks.
    tricks: Vec<u64>,
    /// The longest finished game: most cards, then most tricks, then the smallest index.
    longest: Option<Notable>,
    /// The loop of smallest index.
    first_loop: Option<Notable>,
}

impl Stats {
    /// Plays deals `range` of `dealer` with `engine` and sums them up.
    pub fn of(engine: Engine, dealer: &Dealer, range: Range<u64>) -> Stats {
        let mut stats = Stats::default();
        dealer.play(engine, range, |index, outcome| stats.add(index, outcome));
        stats
    }

    /// The stats of deals of which only some games are given one by one (`games`, as [`add`]
    /// takes them): the others all finished, and are counted in the histograms `cards` and
    /// `tricks` (`cards[c]`: how many laid c cards), each game in both. The longest game must be
    /// among `games`. This is how engines that count most games elsewhere (the GPU engine of the
    /// crate `camicia-gpu`) make their stats.
    ///
    /// [`add`]: Stats::add
    pub fn of_counts(
        cards: &[u64],
        tricks: &[u64],
        games: impl IntoIterator<Item = (u64, Outcome)>,
    ) -> Stats {
        let used = |counts: &[u64]| {
            counts[..counts
                .iter()
                .rposition(|&n| n > 0)
                .map_or(0, |last| last + 1)]
                .to_vec()
        };
        let mut stats = Stats {
            deals: cards.iter().sum(),
            cards: used(cards),
            tricks: used(tricks),
            ..Stats::default()
        };
        for (index, outcome) in games {
            stats.add(index, outcome);
        }
        stats
    }

    /// Counts deal `index`, which ended so.
    pub fn add(&mut self, index: u64, outcome: Outcome) {
        self.deals += 1;
        let found = Some(Notable { index, outcome });
        if let Status::Loop { .. } = outcome.status {
            self.loops += 1;
            self.first_loop = earlier(self.first_loop, found);
            return;
        }
        count(&mut self.cards, outcome.cards);
        count(&mut self.tricks, outcome.tricks);
        self.longest = longer(self.longest, found);
    }

    /// Deals played.
    pub fn deals(&self) -> u64 {
        self.deals
    }

    /// Deals whose game loops.
    pub fn loops(&self) -> u64 {
        self.loops
    }

    /// Deals whose game finishes.
    pub fn finished(&self) -> u64 {
        self.deals - self.loops
    }

    /// `cards()[c]`: how many finished games laid c cards.
    pub fn cards(&self) -> &[u64] {
        &self.cards
    }

    /// `tricks()[t]`: how many finished games took t tricks.
    pub fn tricks(&self) -> &[u64] {
        &self.tricks
    }

    /// The longest finished game: most cards, then most tricks, then the smallest index.
    pub fn longest(&self) -> Option<Notable> {
        self.longest
    }

    /// The loop of smallest index.
    pub fn first_loop(&self) -> Option<Notable> {
        self.first_loop
    }

    /// Whether these can be the stats of deals `0..deals` of `dealer`: the counts add up, and the
    /// longest game and the first loop are among those deals and end as they say (they are
    /// played again).
    ///
    /// # Errors
    ///
    /// What does not agree, in words.
    pub fn check(&self, dealer: &Dealer, deals: u64) -> Result<(), String> {
        if self.deals != deals || self.loops > deals {
            return Err(format!(
                "{} deals and {} loops counted, {deals} deals played",
                self.deals, self.loops
            ));
        }
        let finished = self.finished();
        for (name, counts) in [("cards", &self.cards), ("tricks", &self.tricks)] {
            let sum = counts.iter().try_fold(0u64, |a, &c| a.checked_add(c));
            if sum != Some(finished) {
                return Err(format!(
                    "the {name} histogram does not count {finished} games"
                ));
            }
        }
        let replays = |found: Option<Notable>, looping: bool, name: &str| match found {
            None if (looping && self.loops > 0) || (!looping && finished > 0) => {
                Err(format!("no {name} recorded"))
            }
            Some(f)
                if f.index >= deals
                    || play_pack(&dealer.pack(f.index)) != f.outcome
                    || matches!(f.outcome.status, Status::Loop { .. }) != looping =>
            {
                Err(format!("the {name} is not deal {}'s game", f.index))
            }
            _ => Ok(()),
        };
        replays(self.longest, false, "longest game")?;
        replays(self.first_loop, true, "first loop")?;
        // The longest game has the most cards, and at least as many tricks as any other.
        if let Some(longest) = self.longest
            && (self.cards.len() as u64 != longest.outcome.cards + 1
                || self.cards.last() == Some(&0)
                || self.tricks.len() as u64 <= longest.outcome.tricks
                || self.tricks.last() == Some(&0))
        {
            return Err("the histograms do not end at the longest game".into());
        }
        Ok(())
    }
}

/// The order of merging never matters.
impl Merge for Stats {
    fn merge(&mut self, other: &Stats) {
        self.deals += other.deals;
        self.loops += other.loops;
        add_counts(&mut self.cards, &other.cards);
        add_counts(&mut self.tricks, &other.tricks);
        self.longest = longer(self.longest, other.longest);
        self.first_loop = earlier(self.first_loop, other.first_loop);
    }
}

fn count(counts: &mut Vec<u64>, value: u64) {
    let value = value as usize;
    if counts.len() <= value {
        counts.resize(value + 1, 0);
    }
    counts[value] += 1;
}

fn add_counts(counts: &mut Vec<u64>, more: &[u64]) {
    if counts.len() < more.len() {
        counts.resize(more.len(), 0);
    }
    for (mine, theirs) in counts.iter_mut().zip(more) {
        *mine += theirs;
    }
}

fn longer(a: Option<Notable>, b: Option<Notable>) -> Option<Notable> {
    let key = |f: &Notable| {
        (
            f.outcome.cards,
            f.outcome.tricks,
            std::cmp::Reverse(f.index),
        )
    };
    match (a, b) {
        (Some(a), Some(b)) => Some(if key(&b) > key(&a) { b } else { a }),
        (a, b) => a.or(b),
    }
}

fn earlier(a: Option<Notable>, b: Option<Notable>) -> Option<Notable> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if b.index < a.index { b } else { a }),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_of_parts_merge_into_the_stats_of_the_whole() {
        let dealer = Dealer::new(5);
        let whole = Stats::of(Engine::best(), &dealer, 0..20_000);
        let mut parts = Stats::of(Engine::best(), &dealer, 12_000..20_000);
        parts.merge(&Stats::of(Engine::best(), &dealer, 0..5));
        parts.merge(&Stats::of(Engine::best(), &dealer, 5..12_000));
        assert_eq!(parts, whole);
        assert_eq!(whole.deals(), 20_000);
        assert_eq!(whole.loops() > 0, whole.first_loop().is_some());
        let longest = whole.longest().unwrap();
        assert_eq!(play_pack(&dealer.pack(longest.index)), longest.outcome);
        assert!(whole.check(&dealer, 20_000).is_ok());
    }

    #[test]
    fn stats_that_do_not_add_up_are_named() {
        let dealer = Dealer::new(5);
        let stats = Stats::of(Engine::best(), &dealer, 0..3000);
        assert!(
            stats
                .check(&dealer, 3001)
                .unwrap_err()
                .contains("3000 deals")
        );
        assert!(
            stats
                .check(&Dealer::new(6), 3000)
                .unwrap_err()
                .contains("not deal")
        );
        let mut edited = stats.clone();
        edited.cards[20] += 1;
        assert!(
            edited
                .check(&dealer, 3000)
                .unwrap_err()
                .contains("histogram")
        );
        let mut moved = stats.clone();
        moved.longest.as_mut().unwrap().index += 1;
        assert!(moved.check(&dealer, 3000).is_err());
        let json = serde_json::to_string(&stats).unwrap();
        assert_eq!(serde_json::from_str::<Stats>(&json).unwrap(), stats);
    }
}
