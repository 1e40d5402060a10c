//! Reading cards from text, with the column of every token kept for error messages.

use crate::{Card, Rank, Suit};
use excerpt::Excerpt;
use std::str::FromStr;
use thiserror::Error;

/// What a token should have been.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Suit then rank: `S3`, `HX`, `H10`, `♠A`.
    Card,
    /// A rank alone: `2`…`10`, `X`, `J`, `Q`, `K`, `A`.
    Rank,
}

/// A token that is not what was expected, with its 1-based column (in characters) on its line.
/// Its message starts with the column, so a reader that knows the line can prefix `line L, `.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("column {column}: {}, found {found}", match expected {
    Expected::Card => "expected a card such as S3 or HX",
    Expected::Rank => "expected a rank (2 to 10, X, J, Q, K or A)",
})]
pub struct CardError {
    /// Where the token starts on its line, from 1, in characters.
    pub column: usize,
    /// What the token should have been.
    pub expected: Expected,
    /// The token.
    pub found: Excerpt,
}

impl Card {
    /// Reads `S3`, `HX`, `H10`, `♠A` (suit first, letter or symbol); `column` is where the token
    /// stands, for the error.
    ///
    /// # Errors
    ///
    /// [`CardError`] when the token is no card.
    pub fn parse_at(token: &str, column: usize) -> Result<Card, CardError> {
        let mut chars = token.chars();
        let suit = chars.next().and_then(Suit::from_char);
        let rank = Rank::from_notation(chars.as_str());
        match (suit, rank) {
            (Some(suit), Some(rank)) => Ok(Card { rank, suit }),
            _ => Err(CardError {
                column,
                expected: Expected::Card,
                found: token.into(),
            }),
        }
    }
}

impl FromStr for Card {
    type Err = CardError;

    fn from_str(token: &str) -> Result<Card, CardError> {
        Card::parse_at(token, 1)
    }
}

impl Rank {
    /// Reads a rank alone (`2`…`10`, `X`, `J`, `Q`, `K`, `A`) at `column`.
    ///
    /// # Errors
    ///
    /// [`CardError`] when the token is no rank.
    pub fn parse_at(token: &str, column: usize) -> Result<Rank, CardError> {
        Rank::from_notation(token).ok_or_else(|| CardError {
            column,
            expected: Expected::Rank,
            found: token.into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reads_every_form_of_the_notation() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(c("S3"), Card::new(Rank::Three, Suit::Spades));
        assert_eq!(c("HX"), Card::new(Rank::Ten, Suit::Hearts));
        assert_eq!(c("H10"), Card::new(Rank::Ten, Suit::Hearts));
        assert_eq!(c("DA"), Card::new(Rank::Ace, Suit::Diamonds));
        assert_eq!(c("♠K"), Card::new(Rank::King, Suit::Spades));
        assert_eq!(c("♡2"), Card::new(Rank::Two, Suit::Hearts));
        assert_eq!(Rank::parse_at("10", 1), Ok(Rank::Ten));
        assert_eq!(Rank::parse_at("X", 1), Ok(Rank::Ten));
        assert_eq!(Rank::parse_at("J", 1), Ok(Rank::Jack));
    }

    #[test]
    fn rejects_what_is_not_a_card_with_its_column() {
        for bad in ["", "Z5", "S1", "S11", "s3", "3S", "S", "SXX", "H010"] {
            let err = Card::parse_at(bad, 7).unwrap_err();
            assert_eq!(err.column, 7);
            assert_eq!(err.found, bad.into());
        }
        assert_eq!(
            Card::parse_at("Z5", 7).unwrap_err().to_string(),
            "column 7: expected a card such as S3 or HX, found \"Z5\""
        );
        assert_eq!(
            Rank::parse_at("1", 3).unwrap_err().to_string(),
            "column 3: expected a rank (2 to 10, X, J, Q, K or A), found \"1\""
        );
    }

    #[test]
    fn the_pack_has_52_distinct_cards_in_index_order() {
        for (i, card) in Card::ALL.iter().enumerate() {
            assert_eq!(card.index(), i);
        }
    }

    proptest! {
        #[test]
        fn display_and_parse_round_trip(index in 0usize..52, symbol: bool) {
            let card = Card::ALL[index];
            let text = if symbol { format!("{card:#}") } else { card.to_string() };
            prop_assert_eq!(text.parse::<Card>(), Ok(card));
            prop_assert_eq!(Rank::from_value(card.rank.value()), Some(card.rank));
        }
    }
}
