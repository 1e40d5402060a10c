//! Adding up outcomes of many deals, in a way that does not depend on their order: integer sums,
//! minima and maxima with index tie-breaks. The [`Stats`] of any share of the deals merge into
//! the same total, so results do not depend on the number of threads.
//!
//! ```
//! use speed::Split;
//! use speed::stats::Stats;
//! use tally::Merge;
//!
//! let stats = Stats::of(1, 0..100, Split::HALVES);
//! assert_eq!(stats.games, 100);
//! assert!(stats.check(1, Split::HALVES, 100).is_ok());
//!
//! // Deals shared out in any way add up to the same statistics.
//! let mut parts = Stats::of(1, 40..100, Split::HALVES);
//! parts.merge(&Stats::of(1, 0..40, Split::HALVES));
//! assert_eq!(parts, stats);
//! let mean_ms = stats.length().mean();
//! println!("A wins {} of 100, games last {mean_ms:.0} ms on average", stats.a_wins);
//! ```

use crate::deal::{Deal, Split};
use crate::outcome::Outcome;
use crate::robot::Robot;
use serde::{Deserialize, Serialize};
use std::ops::Range;
use tally::{Merge, Moments};

/// The statistics of a run of games: what they add up to.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Games played.
    pub games: u64,
    /// Games A won.
    pub a_wins: u64,
    /// Games in which both robots ran out at the same instant.
    pub together: u64,
    /// Deadends (both robots stuck and restarting) per game.
    pub deadends: Moments,
    /// Cancelled moves per game.
    pub returns: Moments,
    /// The longest game: its length and index (the lowest index among equally long games).
    pub longest: Option<(u32, u64)>,
    /// Games by length: `lengths[k]` counts the games that ended at `k * STEP_MS` ms (every
    /// action lasts a multiple of [`STEP_MS`], so every game ends at one).
    pub lengths: Vec<u64>,
}

/// The clock's grain: every duration of the rules, so every instant of a game, is a multiple.
pub const STEP_MS: u32 = 100;

impl Stats {
    /// Plays deals `range` of seed `seed` (each split as `split`) with the fast engine.
    pub fn of(seed: u64, range: Range<u64>, split: Split) -> Stats {
        let mut stats = Stats::default();
        for index in range {
            stats.add(index, &crate::fast::play(&Deal::random(seed, index, split)));
        }
        stats
    }

    /// Whether these can be the statistics of deals `0..games` of `seed` split as `split`: the
    /// counts add up, and the longest game is among them and lasts as long as it says (played
    /// again).
    ///
    /// # Errors
    ///
    /// What does not agree, in words.
    pub fn check(&self, seed: u64, split: Split, games: u64) -> Result<(), String> {
        if self.games != games || self.a_wins > games || self.together > games {
            return Err(format!(
                "{} games counted ({} won by A, {} finished together), {games} played",
                self.games, self.a_wins, self.together
            ));
        }
        for (name, moments) in [
            ("deadends", &self.deadends),
            ("cancelled moves", &self.returns),
        ] {
            moments.check(games).map_err(|problem| {
                format!("the {name} do not add up over {games} games: {problem}")
            })?;
        }
        // Summed without overflow: a forged count must not wrap round to the right total.
        let counted = self
            .lengths
            .iter()
            .try_fold(0u64, |sum, &n| sum.checked_add(n));
        if counted != Some(games) || self.lengths.last() == Some(&0) {
            return Err(format!(
                "the histogram of game lengths does not count {games} games up to {} ms",
                self.lengths.len() as u64 * u64::from(STEP_MS)
            ));
        }
        match self.longest {
            None if games == 0 => Ok(()),
            Some((length, index))
                if index < games
                    && length == self.length().max
                    && crate::fast::play(&Deal::random(seed, index, split)).end_ms == length =>
            {
                Ok(())
            }
            _ => Err("the longest game is not the game of its deal".into()),
        }
    }

    /// Game lengths in ms (the instant of the last landing), from the histogram of lengths.
    pub fn length(&self) -> Moments {
        let mut moments = Moments::default();
        for (bin, &games) in (0..).zip(&self.lengths) {
            moments.add_times(bin * STEP_MS, games);
        }
        moments
    }

    /// Counts one more game: the outcome of deal `index`.
    pub fn add(&mut self, index: u64, outcome: &Outcome) {
        self.games += 1;
        self.a_wins += u64::from(outcome.winner == Robot::A);
        self.together += u64::from(outcome.together);
        self.deadends.add(outcome.deadends);
        self.returns.add(outcome.returns);
        self.longest = longer(self.longest, Some((outcome.end_ms, index)));
        debug_assert_eq!(
            outcome.end_ms % STEP_MS,
            0,
            "a game ends on the clock's grain"
        );
        let bin = (outcome.end_ms / STEP_MS) as usize;
        if self.lengths.len() <= bin {
            self.lengths.resize(bin + 1, 0);
        }
        self.lengths[bin] += 1;
    }
}

impl Merge for Stats {
    fn merge(&mut self, other: &Stats) {
        self.games += other.games;
        self.a_wins += other.a_wins;
        self.together += other.together;
        self.deadends.merge(&other.deadends);
        self.returns.merge(&other.returns);
        self.longest = longer(self.longest, other.longest);
        if self.lengths.len() < other.lengths.len() {
            self.lengths.resize(other.lengths.len(), 0);
        }
        for (mine, theirs) in self.lengths.iter_mut().zip(&other.lengths) {
            *mine += theirs;
        }
    }
}

/// The longer of two games, as (length, index); of two as long, the one of the lower index.
fn longer(x: Option<(u32, u64)>, y: Option<(u32, u64)>) -> Option<(u32, u64)> {
    match (x, y) {
        (Some((lx, ix)), Some((ly, iy))) => Some(if ly > lx || (ly == lx && iy < ix) {
            (ly, iy)
        } else {
            (lx, ix)
        }),
        (x, None) => x,
        (None, y) => y,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stats_of_deals_check_against_their_deals() {
        let stats = Stats::of(3, 0..500, Split::HALVES);
        let mut parts = Stats::of(3, 200..500, Split::HALVES);
        parts.merge(&Stats::of(3, 0..200, Split::HALVES));
        assert_eq!(parts, stats);
        assert!(stats.check(3, Split::HALVES, 500).is_ok());
        assert!(stats.check(3, Split::HALVES, 501).is_err());
        assert!(stats.check(4, Split::HALVES, 500).is_err());
        let edited = Stats {
            a_wins: 600,
            ..stats.clone()
        };
        assert!(edited.check(3, Split::HALVES, 500).is_err());
        let mut shifted = stats.clone();
        shifted.lengths.insert(0, 0);
        assert!(shifted.check(3, Split::HALVES, 500).is_err());
        let mut padded = stats.clone();
        padded.lengths.push(0);
        assert!(padded.check(3, Split::HALVES, 500).is_err());
        // Counts that wrap round to the right total, and deadends past what 500 games can sum.
        let mut wrapped = stats.clone();
        assert_eq!(wrapped.lengths[0], 0, "no game ends at once");
        let last = wrapped.lengths.len() - 1;
        wrapped.lengths[0] = wrapped.lengths[0].wrapping_add(u64::MAX);
        wrapped.lengths[last] += 1;
        assert!(
            wrapped
                .check(3, Split::HALVES, 500)
                .unwrap_err()
                .contains("histogram")
        );
        let mut deadends = stats.clone();
        deadends.deadends.sum = u64::from(deadends.deadends.max) * 500 + 1;
        assert!(
            deadends
                .check(3, Split::HALVES, 500)
                .unwrap_err()
                .contains("deadends")
        );
        assert_eq!(stats.lengths.iter().sum::<u64>(), 500);
        // The lengths read from the histogram are those of the games, exactly.
        let mut direct = Moments::default();
        for index in 0..500 {
            direct.add(crate::fast::play(&Deal::random(3, index, Split::HALVES)).end_ms);
        }
        assert_eq!(stats.length(), direct);
        let json = serde_json::to_string(&stats).unwrap();
        assert_eq!(serde_json::from_str::<Stats>(&json).unwrap(), stats);
    }

    fn outcome(winner: Robot, end_ms: u32, deadends: u32, returns: u32) -> Outcome {
        Outcome {
            winner,
            end_ms,
            deadends,
            returns,
            together: false,
        }
    }

    #[test]
    fn merging_in_any_order_gives_the_same_stats() {
        let games: Vec<Outcome> = (0..50u32)
            .map(|i| {
                let winner = if i % 3 == 0 { Robot::A } else { Robot::B };
                outcome(winner, 1000 + STEP_MS * ((i * 37) % 40), i % 4, i % 5)
            })
            .collect();
        let mut whole = Stats::default();
        for (i, g) in games.iter().enumerate() {
            whole.add(i as u64, g);
        }
        let mut parts = [Stats::default(), Stats::default(), Stats::default()];
        for (i, g) in games.iter().enumerate().rev() {
            parts[i % 3].add(i as u64, g);
        }
        let mut merged = Stats::default();
        for part in parts.iter().rev() {
            merged.merge(part);
        }
        assert_eq!(merged, whole);
        assert_eq!(whole.games, 50);
        assert_eq!(whole.a_wins, 17);
        let max = (0..50u32)
            .map(|i| 1000 + STEP_MS * ((i * 37) % 40))
            .max()
            .unwrap();
        let first = (0..50u32)
            .find(|i| 1000 + STEP_MS * ((i * 37) % 40) == max)
            .unwrap();
        assert_eq!(whole.longest, Some((max, u64::from(first))));
    }
}
