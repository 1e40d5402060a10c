//! Adding up outcomes of many deals, in a way that does not depend on their order: integer sums,
//! minima and maxima with index tie-breaks. Tallies of any share of the deals merge into the same
//! total, so results do not depend on the number of threads.

use crate::robot::Robot;
use crate::sim::Outcome;
pub use tally::{Moments, wilson};

/// What a run of games adds up to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    pub a_wins: u64,
    /// Games in which both robots ran out at the same instant.
    pub together: u64,
    /// Game length in ms (the instant of the last landing).
    pub length: Moments,
    pub deadends: Moments,
    /// Cancelled moves.
    pub returns: Moments,
    /// The longest game: its length and index (the lowest index among equally long games).
    pub longest: Option<(u32, u64)>,
}

impl Tally {
    pub fn add(&mut self, index: u64, outcome: &Outcome) {
        self.games += 1;
        self.a_wins += u64::from(outcome.winner == Robot::A);
        self.together += u64::from(outcome.together);
        self.length.add(outcome.end_ms);
        self.deadends.add(outcome.deadends);
        self.returns.add(outcome.returns);
        self.longest = longer(self.longest, Some((outcome.end_ms, index)));
    }

    pub fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.a_wins += other.a_wins;
        self.together += other.together;
        self.length.merge(&other.length);
        self.deadends.merge(&other.deadends);
        self.returns.merge(&other.returns);
        self.longest = longer(self.longest, other.longest);
    }
}

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
    fn merging_in_any_order_gives_the_same_tally() {
        let games: Vec<Outcome> = (0..50u32)
            .map(|i| {
                let winner = if i % 3 == 0 { Robot::A } else { Robot::B };
                outcome(winner, 1000 + (i * 37) % 400, i % 4, i % 5)
            })
            .collect();
        let mut whole = Tally::default();
        for (i, g) in games.iter().enumerate() {
            whole.add(i as u64, g);
        }
        let mut parts = [Tally::default(), Tally::default(), Tally::default()];
        for (i, g) in games.iter().enumerate().rev() {
            parts[i % 3].add(i as u64, g);
        }
        let mut merged = Tally::default();
        for part in parts.iter().rev() {
            merged.merge(part);
        }
        assert_eq!(merged, whole);
        assert_eq!(whole.games, 50);
        assert_eq!(whole.a_wins, 17);
        let max = (0..50u32).map(|i| 1000 + (i * 37) % 400).max().unwrap();
        let first = (0..50u32).find(|i| 1000 + (i * 37) % 400 == max).unwrap();
        assert_eq!(whole.longest, Some((max, u64::from(first))));
    }
}
