//! Statistics people can trust, shared by the games' experiments: exact integer sums that merge
//! in any order (so results do not depend on how deals are split among threads), means with their
//! 95% confidence intervals by the normal approximation, and rates with the Wilson score
//! interval. The intervals cover the sampling of the deals, not any error of the model.
//!
//! [`Mean`] and [`Rate`] are how every experiment reports a quantity and a proportion, in text
//! and in JSON (`{"mean":…,"ci95":[…,…],"sd":…}`, `{"count":…,"of":…,"rate":…,"wilson95":[…,…]}`),
//! so that one name means one thing in every game; [`Estimate`] is a mean and its interval alone
//! (`{"mean":…,"ci95":[…,…]}`). [`Moments`] gather whole numbers in any order and [`Merge`];
//! [`RealMoments`] gather real numbers, whose floating-point sums depend on their order, and are
//! only ever [appended](RealMoments::append) in a fixed one.
//!
//! ```
//! use tally::{Merge, Moments, Rate};
//!
//! // Two threads' scores, merged in either order, say the same.
//! let (mut a, mut b) = (Moments::default(), Moments::default());
//! [3, 5].into_iter().for_each(|x| a.add(x));
//! b.add(7);
//! let mut ab = a;
//! ab.merge(&b);
//! b.merge(&a);
//! assert_eq!(ab, b);
//! let mean = ab.report().expect("three values");
//! assert_eq!((mean.mean, mean.min, mean.max), (5.0, 3, 7));
//! assert!(mean.ci95[0] < 5.0 && 5.0 < mean.ci95[1]);
//! // 1 win in 4 games.
//! let wins = Rate::new(1, 4);
//! assert_eq!(wins.rate, 0.25);
//! assert!(wins.wilson95[0] < 0.25 && 0.25 < wins.wilson95[1]);
//! ```

use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;

/// The 97.5% point of the standard normal distribution, for two-sided 95% intervals.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A whole number with its thousands grouped by commas, as people read counts: `12,345`.
///
/// ```
/// assert_eq!(tally::grouped(1234567u64), "1,234,567");
/// assert_eq!(tally::grouped(999u32), "999");
/// ```
pub fn grouped(n: impl Into<u128>) -> String {
    let digits = n.into().to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Statistics that add up: the merge of the statistics of two sets of games is the statistics of
/// their union, whatever the order — so that a run's answer never depends on how its deals were
/// shared among threads and machines. The one signature of `merge` in every crate.
///
/// ```
/// use tally::{Merge, Moments};
///
/// let mut morning = Moments::default();
/// morning.add(4);
/// let mut evening = Moments::default();
/// evening.add(6);
/// morning.merge(&evening);
/// assert_eq!((morning.count, morning.sum), (2, 10));
/// ```
pub trait Merge {
    /// Adds `other`'s games to these.
    fn merge(&mut self, other: &Self);
}

/// Statistics kept side by side (one for each strategy, each split), merged pairwise; a shorter
/// list takes the other's extra statistics as they are.
impl<T: Merge + Clone> Merge for Vec<T> {
    fn merge(&mut self, other: &Vec<T>) {
        for (index, theirs) in other.iter().enumerate() {
            match self.get_mut(index) {
                Some(ours) => ours.merge(theirs),
                None => self.push(theirs.clone()),
            }
        }
    }
}

/// Count, sum and sum of squares of a whole-number quantity, with its extremes: exact integers,
/// so that they [`Merge`] in any order.
///
/// ```
/// use tally::Moments;
///
/// let mut cards = Moments::default();
/// for x in [2, 4, 4, 4, 5, 5, 7, 9] {
///     cards.add(x);
/// }
/// assert_eq!((cards.mean(), cards.min, cards.max), (5.0, 2, 9));
/// assert_eq!(cards, Moments::from_histogram(&[0, 0, 1, 0, 3, 2, 0, 1, 0, 1]));
/// let (low, high) = cards.mean_interval();
/// assert!(low < 5.0 && 5.0 < high);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moments {
    /// Values added.
    pub count: u64,
    /// Their sum.
    pub sum: u64,
    /// The sum of their squares.
    pub sum_of_squares: u128,
    /// The least value; 0 when there is none.
    pub min: u32,
    /// The greatest value; 0 when there is none.
    pub max: u32,
}

impl Moments {
    /// Adds one value.
    pub fn add(&mut self, x: u32) {
        self.add_times(x, 1);
    }

    /// The moments of values given as a histogram: `counts[v]` values equal to v.
    pub fn from_histogram(counts: &[u64]) -> Moments {
        let mut moments = Moments::default();
        for (x, &times) in (0..).zip(counts) {
            moments.add_times(x, times);
        }
        moments
    }

    /// Adds `times` values equal to `x` (a histogram's bar).
    pub fn add_times(&mut self, x: u32, times: u64) {
        if times == 0 {
            return;
        }
        self.min = if self.count == 0 { x } else { self.min.min(x) };
        self.max = self.max.max(x);
        self.count += times;
        self.sum += u64::from(x) * times;
        self.sum_of_squares += u128::from(x) * u128::from(x) * u128::from(times);
    }
}

impl Merge for Moments {
    fn merge(&mut self, other: &Moments) {
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
}

impl Moments {
    /// The mean; NaN when there is no value.
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

    /// Whether these can be the moments of `count` whole numbers (a checkpoint's moments, say,
    /// that were not edited): the count is `count`, the least value is not above the greatest,
    /// the sum lies within `count` times the extremes, and so does the sum of squares, which is
    /// also at least the square of the sum over the count (a variance is never negative).
    ///
    /// # Errors
    ///
    /// What does not add up, in words.
    pub fn check(&self, count: u64) -> Result<(), String> {
        if self.count != count {
            return Err(format!("{} values counted, {count} expected", self.count));
        }
        if count == 0 && *self != Moments::default() {
            return Err("no value counted, yet sums or extremes that are not 0".into());
        }
        if count == 0 {
            return Ok(());
        }
        let (low, high) = (u128::from(self.min), u128::from(self.max));
        let (n, sum) = (u128::from(count), u128::from(self.sum));
        if low > high {
            return Err(format!("a least value {low} above the greatest {high}"));
        }
        if !(n * low..=n * high).contains(&sum) {
            return Err(format!(
                "a sum of {sum} that {count} values from {low} to {high} cannot make"
            ));
        }
        // n × high² fits in 2^64 × 2^64 only when it does not overflow: past it, nothing a u128
        // holds is out of reach.
        let squares_reach = |x: u128| n.checked_mul(x * x);
        let above_least = squares_reach(low).is_none_or(|least| self.sum_of_squares >= least);
        let below_most = squares_reach(high).is_none_or(|most| self.sum_of_squares <= most);
        // n × Σx² ≥ (Σx)², by Cauchy–Schwarz: a variance that is not negative.
        let spread = self
            .sum_of_squares
            .checked_mul(n)
            .is_none_or(|scaled| scaled >= sum * sum);
        if !(above_least && below_most && spread) {
            return Err(format!(
                "a sum of squares of {} that {count} values from {low} to {high} summing to \
                 {sum} cannot make",
                self.sum_of_squares
            ));
        }
        Ok(())
    }

    /// The mean, its interval, the spread and the extremes, as reports give them; `None` when
    /// there is no value.
    pub fn report(&self) -> Option<Mean> {
        (self.count > 0).then(|| {
            let (low, high) = self.mean_interval();
            Mean {
                count: self.count,
                mean: self.mean(),
                ci95: [low, high],
                sd: self.sd(),
                median: None,
                min: self.min,
                max: self.max,
            }
        })
    }
}

/// Count, sum and sum of squares of a real-valued quantity (a mean over samples, say).
///
/// Floating-point sums depend on the order of their terms, so these do not [`Merge`]: a run
/// [appends](RealMoments::append) its parts in one fixed order (its chunks' order, which no
/// split over threads changes), and then gives the same numbers to the last bit every time.
///
/// ```
/// use tally::RealMoments;
///
/// let (mut first, mut later) = (RealMoments::default(), RealMoments::default());
/// first.add(1.5);
/// later.add(2.5);
/// first.append(&later);
/// let estimate = first.estimate();
/// assert_eq!(estimate.mean, 2.0);
/// assert!(estimate.ci95[0] < 2.0 && 2.0 < estimate.ci95[1]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RealMoments {
    /// Values added.
    pub count: u64,
    /// Their sum, in the order they came.
    pub sum: f64,
    /// The sum of their squares, in the same order.
    pub sum_of_squares: f64,
}

impl RealMoments {
    /// Adds one value after those added so far.
    pub fn add(&mut self, x: f64) {
        self.count += 1;
        self.sum += x;
        self.sum_of_squares += x * x;
    }

    /// Adds the values of `later`, which come after these: appending the same parts in the same
    /// order gives the same sums to the last bit, whatever else differs.
    pub fn append(&mut self, later: &RealMoments) {
        self.count += later.count;
        self.sum += later.sum;
        self.sum_of_squares += later.sum_of_squares;
    }

    /// Whether these can be the moments of `count` values each within `values` (a
    /// checkpoint's, say, that were not edited): the count is `count`, both sums are finite
    /// numbers, the sum lies within `count` times the range, the sum of squares within `count`
    /// times the squares of the range (for a range that is not negative), and the sum of
    /// squares is at least the square of the sum over the count (a variance is never negative).
    /// Sums of real numbers carry rounding errors, so each bound is widened by the most that
    /// `count` roundings can move it.
    ///
    /// # Errors
    ///
    /// What does not add up, in words.
    pub fn check(&self, count: u64, values: RangeInclusive<f64>) -> Result<(), String> {
        if self.count != count {
            return Err(format!("{} values counted, {count} expected", self.count));
        }
        let (n, sum, squares) = (count as f64, self.sum, self.sum_of_squares);
        if !sum.is_finite() || !squares.is_finite() {
            return Err(format!("a sum of {sum} and a sum of squares of {squares}"));
        }
        let (low, high) = (*values.start(), *values.end());
        // Each addition rounds by at most half a unit in the last place of the running sum,
        // which is at most the whole sum's magnitude: n of them move it by n × ε × |bound|.
        let slack = |bound: f64| (n + 1.0) * f64::EPSILON * bound.abs().max(1.0);
        let within =
            |x: f64, least: f64, most: f64| x >= least - slack(least) && x <= most + slack(most);
        if !within(sum, n * low, n * high) {
            return Err(format!(
                "a sum of {sum} that {count} values from {low} to {high} cannot make"
            ));
        }
        let (least, most) = if low >= 0.0 {
            (n * low * low, n * high * high)
        } else {
            (0.0, n * low.abs().max(high.abs()).powi(2))
        };
        // n × Σx² ≥ (Σx)²: a variance that is not negative.
        let spread = squares * n - sum * sum;
        if !within(squares, least, most) || spread < -slack(squares * n) {
            return Err(format!(
                "a sum of squares of {squares} that {count} values from {low} to {high} \
                 summing to {sum} cannot make"
            ));
        }
        Ok(())
    }

    /// The mean with its 95% confidence interval (normal approximation, sample variance with
    /// n − 1 in the denominator, a rounding below zero taken as zero); NaN when there is no
    /// value, and an interval of no width for a single one.
    pub fn estimate(&self) -> Estimate {
        let count = self.count as f64;
        let mean = self.sum / count;
        let variance = if self.count > 1 {
            ((self.sum_of_squares - self.sum * mean) / (count - 1.0)).max(0.0)
        } else {
            0.0
        };
        let half = Z95 * (variance / count).sqrt();
        Estimate {
            mean,
            ci95: [mean - half, mean + half],
        }
    }
}

/// A mean with its 95% confidence interval, and nothing else: `{"mean":…,"ci95":[…,…]}`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// The ends of its 95% confidence interval.
    pub ci95: [f64; 2],
}

/// A quantity over many games: its mean with the 95% confidence interval of the mean (normal
/// approximation; the interval covers the sampling of the deals), the sample standard deviation,
/// and the extremes.
///
/// ```
/// let scores = tally::Mean::of_histogram(&[1, 0, 2]).expect("three games");
/// assert_eq!((scores.count, scores.median), (3, Some(2.0)));
/// assert!((scores.mean - 4.0 / 3.0).abs() < 1e-15);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mean {
    /// Values.
    pub count: u64,
    /// Their mean.
    pub mean: f64,
    /// The ends of the 95% confidence interval of the mean.
    pub ci95: [f64; 2],
    /// The sample standard deviation (n − 1 in the denominator).
    pub sd: f64,
    /// Given when the values are kept as a histogram.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub median: Option<f64>,
    /// The least value.
    pub min: u32,
    /// The greatest value.
    pub max: u32,
}

impl Mean {
    /// The report of values given as a histogram (`counts[v]` values equal to v), median
    /// included.
    pub fn of_histogram(counts: &[u64]) -> Option<Mean> {
        let mut mean = Moments::from_histogram(counts).report()?;
        mean.median = histogram_median(counts);
        Some(mean)
    }
}

/// How often something happened: `count` of `of`, the rate, and its 95% Wilson interval.
///
/// ```
/// let wins = tally::Rate::new(0, 10);
/// assert_eq!((wins.rate, wins.wilson95[0]), (0.0, 0.0));
/// assert!((wins.wilson95[1] - 0.2775).abs() < 1e-4);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// Times it happened.
    pub count: u64,
    /// Times it could have.
    pub of: u64,
    /// `count / of`; 0 when `of` is.
    pub rate: f64,
    /// The ends of the rate's 95% Wilson score interval.
    pub wilson95: [f64; 2],
}

impl Rate {
    /// `count` of `of`, with its rate and interval.
    pub fn new(count: u64, of: u64) -> Rate {
        let (low, high) = wilson(count, of);
        Rate {
            count,
            of,
            rate: if of == 0 {
                0.0
            } else {
                count as f64 / of as f64
            },
            wilson95: [low, high],
        }
    }
}

/// The median of values given as a histogram (`counts[v]` values equal to v): the mean of the two
/// middle values when their number is even; `None` when there is none.
pub fn histogram_median(counts: &[u64]) -> Option<f64> {
    let n: u64 = counts.iter().sum();
    let nth = |rank: u64| {
        let mut seen = 0;
        (0u32..)
            .zip(counts)
            .find(|&(_, &c)| {
                seen += c;
                seen > rank
            })
            .map_or(0.0, |(value, _)| f64::from(value))
    };
    (n > 0).then(|| (nth((n - 1) / 2) + nth(n / 2)) / 2.0)
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
    // At 0 or n successes a bound is exactly 0 or 1, which rounding would miss by a speck.
    let low = if successes == 0 { 0.0 } else { centre - half };
    let high = if successes == trials {
        1.0
    } else {
        centre + half
    };
    (low.max(0.0), high.min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_of_a_small_sample() {
        let mut m = Moments::default();
        for x in [2, 4, 4, 4, 5, 5, 7, 9] {
            m.add(x);
        }
        assert_eq!((m.count, m.sum, m.min, m.max), (8, 40, 2, 9));
        let mut bars = Moments::default();
        for (x, times) in [(9, 1), (3, 0), (4, 3), (2, 1), (5, 2), (7, 1)] {
            bars.add_times(x, times);
        }
        assert_eq!(bars, m);
        let histogram = [0, 0, 1, 0, 3, 2, 0, 1, 0, 1];
        assert_eq!(Moments::from_histogram(&histogram), m);
        assert_eq!(histogram_median(&histogram), Some(4.5));
        assert_eq!(
            histogram_median(&[0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 1]),
            Some(2.0)
        );
        assert_eq!(histogram_median(&[0, 0]), None);
        assert_eq!(m.mean(), 5.0);
        assert!((m.sd() - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
        let (lo, hi) = m.mean_interval();
        let half = Z95 * (32.0f64 / 7.0).sqrt() / 8f64.sqrt();
        assert!((lo - (5.0 - half)).abs() < 1e-12 && (hi - (5.0 + half)).abs() < 1e-12);
    }

    #[test]
    fn reports_and_consistency() {
        let mut m = Moments::default();
        assert!(m.report().is_none() && m.check(0).is_ok() && m.check(1).is_err());
        for x in [3, 5, 7] {
            m.add(x);
        }
        let report = m.report().unwrap();
        assert_eq!(
            (report.count, report.mean, report.min, report.max),
            (3, 5.0, 3, 7)
        );
        assert!(m.check(3).is_ok());
        assert_eq!(m.check(4).unwrap_err(), "3 values counted, 4 expected");
        let edited = Moments { sum: 30, ..m };
        assert_eq!(
            edited.check(3).unwrap_err(),
            "a sum of 30 that 3 values from 3 to 7 cannot make"
        );
        // 3 × 35 < 15²: a negative variance, though within the extremes' squares.
        let squares = Moments {
            sum_of_squares: 35,
            ..m
        };
        assert!(
            squares
                .check(3)
                .unwrap_err()
                .contains("sum of squares of 35")
        );
        let upside_down = Moments { min: 8, ..m };
        assert!(
            upside_down
                .check(3)
                .unwrap_err()
                .contains("above the greatest")
        );
        let nothing = Moments {
            sum: 1,
            ..Moments::default()
        };
        assert!(nothing.check(0).is_err());
        // Sums near the types' ends are judged without overflowing.
        let huge = Moments {
            count: u64::MAX,
            sum: u64::MAX,
            sum_of_squares: u128::MAX / 2,
            min: 0,
            max: u32::MAX,
        };
        assert!(huge.check(u64::MAX).is_ok());
        let histogram = Mean::of_histogram(&[0, 0, 1, 0, 3, 2, 0, 1, 0, 1]).unwrap();
        assert_eq!((histogram.median, histogram.mean), (Some(4.5), 5.0));
        let rate = Rate::new(10, 100);
        assert_eq!(rate.rate, 0.1);
        assert_eq!(rate.wilson95, {
            let (l, h) = wilson(10, 100);
            [l, h]
        });
        assert_eq!(Rate::new(0, 0).rate, 0.0);
    }

    #[test]
    fn real_moments_append_in_order_and_estimate_the_mean() {
        let values = [0.25, 1.5, 1.5, 2.75, 4.0];
        let mut whole = RealMoments::default();
        values.iter().for_each(|&x| whole.add(x));
        let (mut first, mut later) = (RealMoments::default(), RealMoments::default());
        values[..2].iter().for_each(|&x| first.add(x));
        values[2..].iter().for_each(|&x| later.add(x));
        first.append(&later);
        assert_eq!(first.count, 5);
        assert!((first.sum - whole.sum).abs() < 1e-12);
        let estimate = whole.estimate();
        assert_eq!(estimate.mean, 2.0);
        // Sample variance: squares 28.125 less 5 × 2², over 4.
        let half = Z95 * (8.125f64 / 4.0 / 5.0).sqrt();
        assert!((estimate.ci95[0] - (2.0 - half)).abs() < 1e-12);
        assert!((estimate.ci95[1] - (2.0 + half)).abs() < 1e-12);
        let mut single = RealMoments::default();
        single.add(3.0);
        assert_eq!(single.estimate().ci95, [3.0, 3.0]);
        assert!(RealMoments::default().estimate().mean.is_nan());
        // A rounding that would make the variance negative makes it zero.
        let mut same = RealMoments::default();
        (0..3).for_each(|_| same.add(0.1));
        assert_eq!(same.estimate().ci95[0], same.estimate().mean);
    }

    #[test]
    fn real_moments_that_cannot_be_are_named() {
        let mut m = RealMoments::default();
        for x in [0.1, 0.7, 51.9, 3.3, 0.1] {
            m.add(x);
        }
        assert!(m.check(5, 0.0..=52.0).is_ok());
        assert!(RealMoments::default().check(0, 0.0..=52.0).is_ok());
        assert_eq!(
            m.check(6, 0.0..=52.0).unwrap_err(),
            "5 values counted, 6 expected"
        );
        let big = RealMoments { sum: 1e9, ..m };
        assert!(
            big.check(5, 0.0..=52.0)
                .unwrap_err()
                .starts_with("a sum of 1000000000 ")
        );
        let negative = RealMoments {
            sum_of_squares: -1.0,
            ..m
        };
        assert!(
            negative
                .check(5, 0.0..=52.0)
                .unwrap_err()
                .contains("sum of squares")
        );
        // Within 5 × 52², but less than the square of the sum over the count.
        let flat = RealMoments {
            sum_of_squares: m.sum * m.sum / 5.0 - 1.0,
            ..m
        };
        assert!(flat.check(5, 0.0..=52.0).is_err());
        let nan = RealMoments { sum: f64::NAN, ..m };
        assert!(nan.check(5, 0.0..=52.0).is_err());
        // The same values every time: no spread, only the rounding of the sums.
        let mut same = RealMoments::default();
        (0..1000).for_each(|_| same.add(0.1));
        assert!(same.check(1000, 0.0..=1.0).is_ok());
        assert!(same.check(1000, -1.0..=1.0).is_ok());
    }

    #[test]
    fn wilson_matches_known_values() {
        // 50 of 100: 0.4038 to 0.5962; 0 of 10: 0 to 0.2775.
        let (lo, hi) = wilson(50, 100);
        assert!((lo - 0.4038).abs() < 1e-4 && (hi - 0.5962).abs() < 1e-4);
        let (lo, hi) = wilson(0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-4);
        // 10 of 100, the textbook example: 0.0552 to 0.1744; 0 of 1000: 0 to 0.003827.
        let (lo, hi) = wilson(10, 100);
        assert!((lo - 0.0552).abs() < 1e-4 && (hi - 0.1744).abs() < 1e-4);
        let (lo, hi) = wilson(0, 1000);
        assert!(lo == 0.0 && (hi - 0.003827).abs() < 1e-5);
        assert_eq!(wilson(7, 7).1, 1.0);
    }
}
