//! One module per game: its arguments and how its results are written.

pub mod camicia;
pub mod hiq;
pub mod russian;
pub mod serve;
pub mod speed;

use crate::error::CliError;
use crate::format::grouped;
use clap::{Args, Subcommand};

/// A game's command line: one of its subcommands (`C`), or without one, its play of a file
/// (`P`): `parlor hiq FILE`, `parlor hiq solve …`.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct GameArgs<C: Subcommand, P: Args> {
    #[command(subcommand)]
    command: Option<C>,
    #[command(flatten)]
    play: P,
}

/// The deals of a range option `A..B` (`--range`, `--pysol`, `--seed`): two numbers in plain
/// decimal digits, `lowest <= A < B <= end`, at most 2^64 − 1 deals. `value_name` is how the
/// option's help writes it (`A..B`, `START..END`), `what` the numbers ("deal indices").
pub fn deal_range(
    option: &str,
    value_name: &str,
    text: &str,
    what: &str,
    lowest: u128,
    end: u128,
) -> Result<runs::Deals, CliError> {
    let (first, last) = value_name.split_once("..").unwrap_or(("A", "B"));
    let (a, b) = range_numbers(text)
        .filter(|&(a, b)| lowest <= a && a < b && b <= end)
        .ok_or_else(|| {
            CliError::BadInput(format!(
                "{option}: expected {value_name}, {what} with {lowest} <= {first} < {last} <= \
                 {end}, found {}",
                excerpt::Excerpt::of(text)
            ))
        })?;
    let count = u64::try_from(b - a).map_err(|_| {
        CliError::BadInput(format!(
            "{option}: {} deals, but one run takes at most {} (2^64 - 1); split the range",
            grouped(b - a),
            grouped(u64::MAX)
        ))
    })?;
    Ok(runs::Deals::new(a, count))
}

/// The two numbers of `A..B`, each in plain decimal digits.
fn range_numbers(text: &str) -> Option<(u128, u128)> {
    let number = |t: &str| {
        t.parse::<u128>()
            .ok()
            .filter(|_| t.bytes().all(|b| b.is_ascii_digit()))
    };
    let (a, b) = text.split_once("..")?;
    Some((number(a)?, number(b)?))
}

#[cfg(test)]
mod tests {
    use super::{deal_range, range_numbers};

    #[test]
    fn ranges_are_two_plain_numbers() {
        assert_eq!(range_numbers("3..17"), Some((3, 17)));
        assert_eq!(range_numbers("0..0"), Some((0, 0)));
        for bad in [
            "3..", "..3", "3", "+3..4", "3..4..5", " 3..4", "3...4", "a..b",
        ] {
            assert_eq!(range_numbers(bad), None, "{bad}");
        }
    }

    #[test]
    fn deal_ranges_say_what_they_expect() {
        let deals = deal_range("--range", "A..B", "7..10", "deal numbers", 0, 1 << 64).unwrap();
        assert_eq!((deals.first, deals.count), (7, 3));
        let refused = deal_range("--pysol", "A..B", "0..3", "games", 1, 100).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "--pysol: expected A..B, games with 1 <= A < B <= 100, found \"0..3\""
        );
        let huge = deal_range(
            "--range",
            "START..END",
            "0..18446744073709551616",
            "deals",
            0,
            1 << 70,
        );
        assert!(huge.unwrap_err().to_string().contains("split the range"));
    }
}
