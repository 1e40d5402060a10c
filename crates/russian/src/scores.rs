//! Scores of many games and what they say: exact integer counts, so that any split of the games
//! over threads gives the same numbers, and the statistics computed from them.

use crate::fast::Game;
use crate::{StrategyName, strategy};
use serde::{Deserialize, Serialize};
use tally::{Merge, Moments, histogram_median, wilson};

/// The casino's price of a game: $52 for the pack and $3 to start.
pub const STAKE: f64 = 55.0;
/// What the casino pays for each card on the foundations.
pub const PAY_PER_CARD: f64 = 5.0;

/// What a game that ends with `score` cards on the foundations is worth to its player: the pay
/// for its cards less the stake.
pub fn net(score: u32) -> f64 {
    PAY_PER_CARD * f64::from(score) - STAKE
}

/// The house's expected profit a game from a player whose expected score is `mean`.
pub fn house_profit(mean: f64) -> f64 {
    STAKE - PAY_PER_CARD * mean
}

/// The statistics of many games: how many ended with each score (0 to 52), which
/// [merge](Merge) in any order.
///
/// ```
/// use russian::{Stats, StrategyName};
/// use tally::Merge;
///
/// // Deals 0 to 99 played by the greedy strategy, in two parts.
/// let mut stats = Stats::of_deals(0..50, StrategyName::Greedy, 1);
/// stats.merge(&Stats::of_deals(50..100, StrategyName::Greedy, 1));
/// assert_eq!(stats, Stats::of_deals(0..100, StrategyName::Greedy, 1));
/// assert_eq!(stats.games(), 100);
/// let (low, high) = stats.mean_interval();
/// assert!(low <= stats.mean() && stats.mean() <= high);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Games by their score: `histogram[s]` games scored s.
    #[serde(with = "counts")]
    pub histogram: [u64; 53],
}

/// The histogram saved as a list of its 53 counts.
mod counts {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(counts: &[u64; 53], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(counts)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<[u64; 53], D::Error> {
        let counts = Vec::<u64>::deserialize(deserializer)?;
        let length = counts.len();
        counts.try_into().map_err(|_| {
            D::Error::custom(format!(
                "expected 53 counts (scores 0 to 52), found {length}"
            ))
        })
    }
}

impl Default for Stats {
    fn default() -> Stats {
        Stats { histogram: [0; 53] }
    }
}

impl Merge for Stats {
    fn merge(&mut self, other: &Stats) {
        for (mine, theirs) in self.histogram.iter_mut().zip(&other.histogram) {
            *mine += theirs;
        }
    }
}

impl FromIterator<u32> for Stats {
    /// The statistics of games with these scores (each at most 52).
    fn from_iter<I: IntoIterator<Item = u32>>(scores: I) -> Stats {
        let mut stats = Stats::default();
        scores.into_iter().for_each(|score| stats.add(score));
        stats
    }
}

impl Stats {
    /// Plays deals `numbers` with `strategy` (the planner with `samples` layouts a decision),
    /// each deal's number also seeding the strategy's choices, and counts the scores.
    pub fn of_deals(
        numbers: impl IntoIterator<Item = u64>,
        strategy: StrategyName,
        samples: u32,
    ) -> Stats {
        numbers
            .into_iter()
            .map(|number| {
                let mut game = Game::deal(number);
                let mut player = strategy.player(&game, number, samples);
                strategy::play(&mut game, &mut player, |_| {})
            })
            .collect()
    }

    /// Whether these can be the statistics of `games` games.
    ///
    /// # Errors
    ///
    /// What does not agree, in words.
    pub fn check(&self, games: u64) -> Result<(), String> {
        let counted = self
            .histogram
            .iter()
            .try_fold(0u64, |sum, &n| sum.checked_add(n));
        if counted == Some(games) {
            Ok(())
        } else {
            Err(format!("its scores do not count {games} games"))
        }
    }

    /// Counts one more game, which scored `score` (at most 52).
    pub fn add(&mut self, score: u32) {
        self.histogram[score as usize] += 1;
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.histogram.iter().sum()
    }

    fn moments(&self) -> Moments {
        Moments::from_histogram(&self.histogram)
    }

    /// The mean score; NaN when no game is counted.
    pub fn mean(&self) -> f64 {
        self.moments().mean()
    }

    /// The sample standard deviation of the scores (n − 1 in the denominator).
    pub fn std_dev(&self) -> f64 {
        self.moments().sd()
    }

    /// The 95% confidence interval of the expected score (normal approximation): it covers the
    /// sampling error of the deals only.
    pub fn mean_interval(&self) -> (f64, f64) {
        self.moments().mean_interval()
    }

    /// The median score (the mean of the two middle scores when the count is even).
    pub fn median(&self) -> f64 {
        histogram_median(&self.histogram).unwrap_or(0.0)
    }

    /// Games won: all 52 cards on the foundations.
    pub fn wins(&self) -> u64 {
        self.histogram[52]
    }

    /// The share of games won.
    pub fn win_rate(&self) -> f64 {
        self.wins() as f64 / self.games() as f64
    }

    /// The 95% Wilson score interval of the win rate.
    pub fn win_interval(&self) -> (f64, f64) {
        wilson(self.wins(), self.games())
    }

    /// The house's expected profit per game, 55 − 5 × the expected score.
    pub fn house_profit(&self) -> f64 {
        house_profit(self.mean())
    }

    /// The 95% interval of the house's profit per game.
    pub fn house_profit_interval(&self) -> (f64, f64) {
        let (low, high) = self.mean_interval();
        (house_profit(high), house_profit(low))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tally::Z95;

    fn stats(scores: &[u32]) -> Stats {
        scores.iter().copied().collect()
    }

    #[test]
    fn mean_deviation_median_and_interval() {
        let t = stats(&[2, 4, 4, 4, 5, 5, 7, 9]);
        assert_eq!(t.games(), 8);
        assert_eq!(t.mean(), 5.0);
        // Sample variance 32 / 7.
        assert!((t.std_dev() - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
        assert_eq!(t.median(), 4.5);
        assert_eq!(stats(&[1, 3, 52]).median(), 3.0);
        let (low, high) = t.mean_interval();
        let half = Z95 * (32.0f64 / 7.0).sqrt() / 8f64.sqrt();
        assert!((low - (5.0 - half)).abs() < 1e-12 && (high - (5.0 + half)).abs() < 1e-12);
        assert_eq!(t.house_profit(), 30.0);
        let (p_low, p_high) = t.house_profit_interval();
        assert!((p_low - (30.0 - 5.0 * half)).abs() < 1e-12);
        assert!((p_high - (30.0 + 5.0 * half)).abs() < 1e-12);
    }

    #[test]
    fn the_win_interval_is_wilsons() {
        let mut t = stats(&[52; 10]);
        t.merge(&stats(&[3; 90]));
        assert_eq!(t.win_interval(), wilson(10, 100));
        assert!((t.win_rate() - 0.1).abs() < 1e-15);
    }

    #[test]
    fn the_stats_of_deals_count_each_deal_once() {
        let whole = Stats::of_deals(10..40, StrategyName::Greedy, 1);
        let mut parts = Stats::of_deals(10..25, StrategyName::Greedy, 1);
        parts.merge(&Stats::of_deals(25..40, StrategyName::Greedy, 1));
        assert_eq!(parts, whole);
        assert!(whole.check(30).is_ok() && whole.check(31).is_err());
        let json = serde_json::to_string(&whole).unwrap();
        assert_eq!(serde_json::from_str::<Stats>(&json).unwrap(), whole);
        assert!(serde_json::from_str::<Stats>(r#"{"histogram":[1,2]}"#).is_err());
    }

    #[test]
    fn merging_in_any_order_gives_the_same_stats() {
        let (a, b, c) = (stats(&[1, 2]), stats(&[52, 0, 0]), stats(&[17]));
        let mut left = a.clone();
        left.merge(&b);
        left.merge(&c);
        let mut right = c;
        right.merge(&a);
        right.merge(&b);
        assert_eq!(left, right);
        assert_eq!(left.wins(), 1);
        assert_eq!(left.games(), 6);
    }
}
