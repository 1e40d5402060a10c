//! The one rule of every count a user types — `--samples`, `--deals`, `--budget`, `--top`,
//! `--steps`, `--turns`, a picture's `--game K`, every `--seed`, and the server's parameters of
//! the same names (`samples`, `seed`, a deal's number): a whole number in plain decimal digits
//! within a documented range, whose ends are constants of the crate that does the work. A number
//! outside it is refused before any work, with one message shape: "expected a number of samples
//! from 1 to 10,000". No number a user can type makes parlor hang: each maximum is chosen so that
//! the work it asks for ends in a time the command's page states, or stops with a message.

use std::str::FromStr;
use tally::grouped;

/// The parser of a count of `what` ("a number of samples") from `low` to `high`: the number
/// `text` writes, or the message that says the range. The message does not quote `text`: the
/// argument parser does, and the server adds it.
pub fn count<T>(
    what: &'static str,
    low: T,
    high: T,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: FromStr + PartialOrd + Copy + Into<u128> + Send + Sync + 'static,
{
    move |text| {
        text.parse::<T>()
            .ok()
            .filter(|n| (low..=high).contains(n) && text.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| format!("expected {what} from {} to {}", grouped(low), grouped(high)))
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn a_count_is_plain_digits_within_its_range() {
        let samples = count("a number of samples", 1u32, 10_000);
        assert_eq!(samples("30"), Ok(30));
        assert_eq!(samples("10000"), Ok(10_000));
        for bad in ["0", "10001", "+5", "", "5x", " 5", "4294967296", "-1"] {
            assert_eq!(
                samples(bad),
                Err("expected a number of samples from 1 to 10,000".to_owned()),
                "{bad}"
            );
        }
        let deals = count("a number of deals", 1u64, u64::MAX);
        assert_eq!(deals("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            deals("18446744073709551616"),
            Err("expected a number of deals from 1 to 18,446,744,073,709,551,615".to_owned())
        );
    }
}
