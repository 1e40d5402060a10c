//! Statistics people can trust, shared by the games' experiments: exact integer sums that merge
//! in any order (so results do not depend on how deals are split among threads), means with their
//! 95% confidence intervals by the normal approximation, and rates with the Wilson score
//! interval. The intervals cover the sampling of the deals, not any error of the model.

/// The 97.5% point of the standard normal distribution, for two-sided 95% intervals.
pub const Z95: f64 = 1.959_963_984_540_054;

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
