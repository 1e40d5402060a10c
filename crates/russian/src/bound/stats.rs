//! What the bound counts for many deals, and the estimates it makes: the bound itself, the
//! clairvoyant mean of the layouts drawn and of the deals, and the gap between the first two.

use super::{Bound, DealBound};
use serde::{Deserialize, Serialize};
use tally::{Estimate, RealMoments};

/// The highest score: every card on the foundations.
const MAX_SCORE: u32 = 52;

/// The bound's statistics over many deals: the values counted, the layouts' and the deals'
/// clairvoyant maxima, and the squares of the gap between the first two.
///
/// The values are means over layouts, real numbers whose floating-point sums depend on their
/// order: statistics of parts are [appended](Stats::append) in the order of the deals (a long
/// run's chunks' order, which no split over threads changes), never merged in any order.
///
/// Saved as the flat record of sums that checkpoints have always held
/// (`{"deals":…,"over_limit":…,"sum":…,"sum_of_squares":…,"layouts_sum":…,…}`).
///
/// ```
/// use russian::bound::Stats;
///
/// // Deals 0 to 3 with 5 layouts each, fair until the first turn.
/// let mut stats = Stats::of_deals(0..2, 5, 1);
/// stats.append(&Stats::of_deals(2..4, 5, 1));
/// assert_eq!(stats.deals(), 4);
/// let (bound, clairvoyant) = (stats.bound(), stats.layouts_clairvoyant());
/// assert!(bound.mean <= clairvoyant.mean);
/// assert!(stats.gap().mean >= 0.0);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(from = "Sums", into = "Sums")]
pub struct Stats {
    /// Deals past [`FORESIGHT_LIMIT`](super::FORESIGHT_LIMIT).
    over_limit: u64,
    /// The values counted.
    value: RealMoments,
    /// The layouts' clairvoyant means.
    layouts: RealMoments,
    /// The sum of the squares of (layouts' clairvoyant mean − value counted). Its sum is the
    /// difference of the two sums, so it is not kept (nor ever was, in checkpoints).
    gap_sum_of_squares: f64,
    /// The deals' own clairvoyant maxima, whole numbers summed exactly.
    clairvoyant_sum: u64,
    clairvoyant_sum_of_squares: u64,
}

impl Stats {
    /// The bound of deals `numbers`, in order, fair until turn `turns`, over `samples` layouts
    /// a deal.
    pub fn of_deals(numbers: impl IntoIterator<Item = u64>, samples: u32, turns: u32) -> Stats {
        let mut bound = Bound::new();
        numbers
            .into_iter()
            .map(|number| bound.of_deal(number, samples, turns))
            .collect()
    }

    /// Counts one more deal, after those counted so far.
    pub(crate) fn add(&mut self, deal: DealBound) {
        self.over_limit += u64::from(deal.over_limit);
        self.value.add(deal.value);
        self.layouts.add(deal.layouts_clairvoyant);
        let gap = deal.layouts_clairvoyant - deal.value;
        self.gap_sum_of_squares += gap * gap;
        let c = u64::from(deal.clairvoyant);
        self.clairvoyant_sum += c;
        self.clairvoyant_sum_of_squares += c * c;
    }

    /// Adds the deals of `later`, which come after these: the floating-point sums, and so every
    /// estimate, depend on the order of the parts.
    pub fn append(&mut self, later: &Stats) {
        self.over_limit += later.over_limit;
        self.value.append(&later.value);
        self.layouts.append(&later.layouts);
        self.gap_sum_of_squares += later.gap_sum_of_squares;
        self.clairvoyant_sum += later.clairvoyant_sum;
        self.clairvoyant_sum_of_squares += later.clairvoyant_sum_of_squares;
    }

    /// Whether these can be the statistics of `deals` deals (a checkpoint's, say, that was not
    /// edited): every count is that of the deals, every sum one that scores from 0 to 52 can
    /// make, no value counted above the layouts' clairvoyant mean it is paired with, and no
    /// variance negative. Only the order of the sums' roundings is left to chance.
    ///
    /// # Errors
    ///
    /// What does not add up, in words.
    pub fn check(&self, deals: u64) -> Result<(), String> {
        let scores = 0.0..=f64::from(MAX_SCORE);
        if self.over_limit > deals {
            return Err(format!(
                "{} deals past the foresight limit of {deals}",
                self.over_limit
            ));
        }
        let named = |what: &'static str| move |problem| format!("the {what}: {problem}");
        self.value
            .check(deals, scores.clone())
            .map_err(named("values counted"))?;
        self.layouts
            .check(deals, scores.clone())
            .map_err(named("layouts' clairvoyant means"))?;
        // Each value is at most its layouts' mean, so each gap lies within 0 to 52; their sum
        // is the difference of two sums, each rounded by up to n × ε × 52 a deal.
        let rounding = (deals as f64 + 1.0) * f64::EPSILON * f64::from(MAX_SCORE);
        let gaps = RealMoments {
            count: deals,
            sum: self.layouts.sum - self.value.sum,
            sum_of_squares: self.gap_sum_of_squares,
        };
        gaps.check(deals, -rounding..=f64::from(MAX_SCORE))
            .map_err(named("gaps between the bound and the layouts' mean"))?;
        let clairvoyant = tally::Moments {
            count: deals,
            sum: self.clairvoyant_sum,
            sum_of_squares: self.clairvoyant_sum_of_squares.into(),
            // Extremes that any scores have: no deal, no extremes.
            min: 0,
            max: if deals == 0 { 0 } else { MAX_SCORE },
        };
        clairvoyant
            .check(deals)
            .map_err(named("deals' clairvoyant maxima"))
    }

    /// Deals counted.
    pub fn deals(&self) -> u64 {
        self.value.count
    }

    /// Deals past [`FORESIGHT_LIMIT`](super::FORESIGHT_LIMIT), which count their layouts'
    /// clairvoyant mean.
    pub fn over_limit(&self) -> u64 {
        self.over_limit
    }

    /// The bound: the mean value counted, with its 95% interval (normal approximation; the
    /// deals are independent, so their values are too).
    pub fn bound(&self) -> Estimate {
        self.value.estimate()
    }

    /// The mean of the layouts' clairvoyant maxima, with its 95% interval: an estimate of the
    /// clairvoyant mean, less spread than the deals' own since each deal's is a mean.
    pub fn layouts_clairvoyant(&self) -> Estimate {
        self.layouts.estimate()
    }

    /// The clairvoyant mean of the deals themselves, with its 95% interval.
    pub fn clairvoyant(&self) -> Estimate {
        RealMoments {
            count: self.deals(),
            sum: self.clairvoyant_sum as f64,
            sum_of_squares: self.clairvoyant_sum_of_squares as f64,
        }
        .estimate()
    }

    /// How far the bound lies below the layouts' clairvoyant mean, with its 95% interval:
    /// paired, so much narrower than either's.
    pub fn gap(&self) -> Estimate {
        RealMoments {
            count: self.deals(),
            sum: self.layouts.sum - self.value.sum,
            sum_of_squares: self.gap_sum_of_squares,
        }
        .estimate()
    }
}

impl FromIterator<DealBound> for Stats {
    /// The statistics of deals in the order given.
    fn from_iter<I: IntoIterator<Item = DealBound>>(deals: I) -> Stats {
        let mut stats = Stats::default();
        deals.into_iter().for_each(|deal| stats.add(deal));
        stats
    }
}

/// [`Stats`] as checkpoints save it: one count of deals and each sum by name.
#[derive(Serialize, Deserialize)]
struct Sums {
    deals: u64,
    over_limit: u64,
    sum: f64,
    sum_of_squares: f64,
    layouts_sum: f64,
    layouts_sum_of_squares: f64,
    gap_sum_of_squares: f64,
    clairvoyant_sum: u64,
    clairvoyant_sum_of_squares: u64,
}

impl From<Sums> for Stats {
    fn from(sums: Sums) -> Stats {
        let moments = |sum, sum_of_squares| RealMoments {
            count: sums.deals,
            sum,
            sum_of_squares,
        };
        Stats {
            over_limit: sums.over_limit,
            value: moments(sums.sum, sums.sum_of_squares),
            layouts: moments(sums.layouts_sum, sums.layouts_sum_of_squares),
            gap_sum_of_squares: sums.gap_sum_of_squares,
            clairvoyant_sum: sums.clairvoyant_sum,
            clairvoyant_sum_of_squares: sums.clairvoyant_sum_of_squares,
        }
    }
}

impl From<Stats> for Sums {
    fn from(stats: Stats) -> Sums {
        Sums {
            deals: stats.deals(),
            over_limit: stats.over_limit,
            sum: stats.value.sum,
            sum_of_squares: stats.value.sum_of_squares,
            layouts_sum: stats.layouts.sum,
            layouts_sum_of_squares: stats.layouts.sum_of_squares,
            gap_sum_of_squares: stats.gap_sum_of_squares,
            clairvoyant_sum: stats.clairvoyant_sum,
            clairvoyant_sum_of_squares: stats.clairvoyant_sum_of_squares,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deals() -> Stats {
        [
            (30.5, 31.0, 33, false),
            (52.0, 52.0, 52, true),
            (7.25, 9.0, 12, false),
        ]
        .into_iter()
        .map(|(value, layouts, clairvoyant, over)| DealBound {
            value,
            layouts_clairvoyant: layouts,
            clairvoyant,
            over_limit: over,
        })
        .collect()
    }

    /// Sums that no scores from 0 to 52 can make are refused by name, the CRC of the file that
    /// held them notwithstanding.
    #[test]
    fn sums_that_scores_cannot_make_are_refused() {
        let stats = deals();
        assert_eq!(stats.check(3), Ok(()));
        assert!(Stats::default().check(0).is_ok());
        assert!(
            stats
                .check(4)
                .unwrap_err()
                .contains("3 values counted, 4 expected")
        );
        let forged = |edit: fn(&mut Stats)| {
            let mut stats = deals();
            edit(&mut stats);
            stats.check(3).unwrap_err()
        };
        assert!(forged(|s| s.value.sum = 1e9).starts_with("the values counted: a sum of"));
        assert!(forged(|s| s.value.sum_of_squares = -4.0).contains("sum of squares of -4"));
        assert!(forged(|s| s.layouts.sum_of_squares = 0.0).starts_with("the layouts'"));
        assert!(forged(|s| s.value.sum += 3.0).starts_with("the gaps"));
        assert!(forged(|s| s.gap_sum_of_squares = -1.0).starts_with("the gaps"));
        assert!(forged(|s| s.clairvoyant_sum = 200).starts_with("the deals' clairvoyant"));
        assert!(forged(|s| s.over_limit = 4).contains("past the foresight limit"));
    }
}
