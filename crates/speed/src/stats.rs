//! Adding up outcomes of many deals, in a way that does not depend on their order: integer sums,
//! minima and maxima with index tie-breaks. Tallies of any share of the deals merge into the same
//! total, so results do not depend on the number of threads.

use crate::robot::Robot;
use crate::sim::Outcome;

/// The 97.5% point of the standard normal distribution, for two-sided 95% intervals.
const Z95: f64 = 1.959_963_984_540_054;

/// Count, sum and sum of squares of a whole-number quantity, with its extremes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moments {
    pub count: u64,
    pub sum: u64,
    pub sum_of_squares: u128,
    pub min: u32,
    pub max: u32,
}

impl Moments {
    pub fn add(&mut self, x: u32) {
        self.min = if self.count == 0 { x } else { self.min.min(x) };
        self.max = self.max.max(x);
        self.count += 1;
        self.sum += u64::from(x);
        self.sum_of_squares += u128::from(x) * u128::from(x);
    }

    pub fn merge(&mut self, other: &Moments) {
        if other.count == 0 {
            return;
        }
        self.min = if self.count == 0 {
            other.min
        } else {
            self.min.min(other.min)
        };
        self.max = self.max.max(other.max);
        self.count += other.count;
        self.sum += other.sum;
        self.sum_of_squares += other.sum_of_squares;
    }

    pub fn mean(&self) -> f64 {
        if self.count == 0 {
            return f64::NAN;
        }
        self.sum as f64 / self.count as f64
    }

    /// The sample standard deviation (n − 1 in the denominator); 0 for a single value.
    pub fn sd(&self) -> f64 {
        if self.count < 2 {
            return 0.0;
        }
        let n = self.count as f64;
        // Exact integers up to this point keep the difference free of cancellation trouble.
        let spread = self.count as u128 * self.sum_of_squares - u128::from(self.sum).pow(2);
        (spread as f64 / (n * (n - 1.0))).sqrt()
    }

    /// The 95% confidence interval of the mean, by the normal approximation.
    pub fn mean_interval(&self) -> (f64, f64) {
        let half = Z95 * self.sd() / (self.count as f64).sqrt();
        (self.mean() - half, self.mean() + half)
    }
}

/// The 95% Wilson score interval of a proportion `successes / trials`.
pub fn wilson(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

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
    fn moments_of_a_small_sample() {
        let mut m = Moments::default();
        for x in [2, 4, 4, 4, 5, 5, 7, 9] {
            m.add(x);
        }
        assert_eq!((m.count, m.sum, m.min, m.max), (8, 40, 2, 9));
        assert_eq!(m.mean(), 5.0);
        assert!((m.sd() - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
        let (lo, hi) = m.mean_interval();
        let half = Z95 * (32.0f64 / 7.0).sqrt() / 8f64.sqrt();
        assert!((lo - (5.0 - half)).abs() < 1e-12 && (hi - (5.0 + half)).abs() < 1e-12);
    }

    #[test]
    fn wilson_matches_known_values() {
        // 50 of 100: 0.4038 to 0.5962; 0 of 10: 0 to 0.2775.
        let (lo, hi) = wilson(50, 100);
        assert!((lo - 0.4038).abs() < 1e-4 && (hi - 0.5962).abs() < 1e-4);
        let (lo, hi) = wilson(0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-4);
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
