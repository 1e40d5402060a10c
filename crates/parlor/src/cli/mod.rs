//! One module per game: its arguments and how its results are written.

pub mod camicia;
pub mod hiq;
pub mod russian;
pub mod speed;

/// The two numbers of a range option `A..B` (`--range`, `--pysol`, `--seed`), each in plain
/// decimal digits; the options' own bounds and messages are their callers'.
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
    use super::range_numbers;

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
}
