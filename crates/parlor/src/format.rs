//! How numbers are written for people.

pub use tally::grouped;

/// A count in at most seven characters: grouped below a million, and above in three figures
/// with a suffix (`12,345`, `1.23M`, `447G`).
pub fn compact(n: u64) -> String {
    if n < 1_000_000 {
        return grouped(n);
    }
    let mut value = n as f64;
    let mut suffix = "";
    for next in ["k", "M", "G", "T", "P", "E"] {
        if value < 999.5 {
            break;
        }
        value /= 1000.0;
        suffix = next;
    }
    let digits = if value < 9.995 {
        2
    } else if value < 99.95 {
        1
    } else {
        0
    };
    format!("{value:.digits$}{suffix}")
}

/// A share as a percentage with two decimals: `50.21%`.
pub fn percent(share: f64) -> String {
    format!("{:.2}%", 100.0 * share)
}

/// `12,345 of 100,000 = 12.35% (95% Wilson interval 12.14% to 12.55%)`.
pub fn rate(rate: &tally::Rate) -> String {
    format!(
        "{} of {} = {} (95% Wilson interval {} to {})",
        grouped(rate.count),
        grouped(rate.of),
        percent(rate.rate),
        percent(rate.wilson95[0]),
        percent(rate.wilson95[1])
    )
}

/// `mean 5.358 (95% CI 5.291 to 5.425), sd 3.217`, with `decimals` decimals and the unit after
/// each figure (" ms", say, or ""); thousands are grouped (`27,826.3`).
pub fn mean(mean: &tally::Mean, decimals: usize, unit: &str) -> String {
    let d = |x: f64| decimal(x, decimals);
    format!(
        "mean {}{unit} (95% CI {} to {}{unit}), sd {}{unit}",
        d(mean.mean),
        d(mean.ci95[0]),
        d(mean.ci95[1]),
        d(mean.sd)
    )
}

/// `6.526 ± 0.081`: a mean and the half-width of its 95% interval `low` to `high`, three
/// decimals.
pub fn plus_minus((mean, low, high): (f64, f64, f64)) -> String {
    format!("{mean:.3} ± {:.3}", (high - low) / 2.0)
}

/// `x` with `decimals` decimals and its whole part grouped by thousands: `27,826.3`.
pub fn decimal(x: f64, decimals: usize) -> String {
    let text = format!("{:.decimals$}", x.abs());
    let (whole, fraction) = text
        .split_once('.')
        .map_or((text.as_str(), ""), |(w, f)| (w, f));
    let grouped_whole = whole
        .parse::<u128>()
        .map_or_else(|_| whole.to_owned(), grouped);
    let sign = if x < 0.0 && text.bytes().any(|b| b.is_ascii_digit() && b != b'0') {
        "-"
    } else {
        ""
    };
    if fraction.is_empty() {
        format!("{sign}{grouped_whole}")
    } else {
        format!("{sign}{grouped_whole}.{fraction}")
    }
}

#[cfg(test)]
mod tests {
    use super::{compact, decimal, grouped, mean, rate};

    #[test]
    fn decimals_with_grouped_thousands() {
        assert_eq!(decimal(27_826.34, 1), "27,826.3");
        assert_eq!(decimal(5.3579, 3), "5.358");
        assert_eq!(decimal(-1_234.5, 0), "-1,234");
        assert_eq!(decimal(-0.04, 1), "0.0");
        assert_eq!(decimal(999.96, 1), "1,000.0");
        assert_eq!(decimal(12.0, 0), "12");
    }

    #[test]
    fn compact_counts() {
        assert_eq!(compact(999_999), "999,999");
        assert_eq!(compact(1_000_000), "1.00M");
        assert_eq!(compact(1_234_567), "1.23M");
        assert_eq!(compact(99_960_000), "100M");
        assert_eq!(compact(447_247_122_283), "447G");
        assert_eq!(compact(u64::MAX), "18.4E");
        assert!((0..64).all(|b| compact(1 << b).len() <= 7));
    }

    #[test]
    fn rates_and_means_in_words() {
        assert_eq!(
            rate(&tally::Rate::new(1, 4)),
            "1 of 4 = 25.00% (95% Wilson interval 4.56% to 69.94%)"
        );
        let mut m = tally::Moments::default();
        [2, 4, 6].into_iter().for_each(|x| m.add(x));
        assert_eq!(
            mean(&m.report().unwrap(), 1, " ms"),
            "mean 4.0 ms (95% CI 1.7 to 6.3 ms), sd 2.0 ms"
        );
    }

    #[test]
    fn groups_of_three() {
        assert_eq!(grouped(0u32), "0");
        assert_eq!(grouped(999u32), "999");
        assert_eq!(grouped(1000u32), "1,000");
        assert_eq!(grouped(187_636_299u64), "187,636,299");
        assert_eq!(
            grouped(577_116_156_815_309_849_672u128),
            "577,116,156,815,309,849,672"
        );
    }
}
