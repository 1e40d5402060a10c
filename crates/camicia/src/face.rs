use cards::Rank;
use std::fmt;

/// A card as the game sees it: its rank, or a number card whose value is not given (the `-` of
/// record notation). Suits play no part, so they are not kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    /// A card whose rank counts: a payment card, or a number card read with its value.
    Rank(Rank),
    /// A number card (2 to 10) of unknown value.
    Number,
}

impl Face {
    /// How many cards the opponent must pay: J 1, Q 2, K 3, A 4; 0 for a number card.
    pub const fn penalty(self) -> u8 {
        match self {
            Face::Rank(Rank::Jack) => 1,
            Face::Rank(Rank::Queen) => 2,
            Face::Rank(Rank::King) => 3,
            Face::Rank(Rank::Ace) => 4,
            _ => 0,
        }
    }

    /// The face with this penalty: 1 to 4 give J, Q, K, A; anything else a number card.
    pub const fn from_penalty(penalty: u8) -> Face {
        match penalty {
            1 => Face::Rank(Rank::Jack),
            2 => Face::Rank(Rank::Queen),
            3 => Face::Rank(Rank::King),
            4 => Face::Rank(Rank::Ace),
            _ => Face::Number,
        }
    }

    /// The character of record notation: `-` for every number card, else `J` `Q` `K` `A`.
    pub(crate) const fn record_char(self) -> char {
        match self.penalty() {
            1 => 'J',
            2 => 'Q',
            3 => 'K',
            4 => 'A',
            _ => '-',
        }
    }
}

impl fmt::Display for Face {
    /// As the rule book writes cards: `2` … `10`, `J`, `Q`, `K`, `A`; `?` for a number card of
    /// unknown value (`-` would read as "nothing" in a trace).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Face::Rank(Rank::Ten) => f.write_str("10"),
            Face::Rank(rank) => write!(f, "{rank}"),
            Face::Number => f.write_str("?"),
        }
    }
}

/// The record notation of a deck: one character per card, `-` for any number card.
pub fn record(deck: &[Face]) -> String {
    deck.iter().map(|face| face.record_char()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn penalties_follow_the_rule_book() {
        for rank in Rank::ALL {
            let expected = match rank {
                Rank::Jack => 1,
                Rank::Queen => 2,
                Rank::King => 3,
                Rank::Ace => 4,
                _ => 0,
            };
            assert_eq!(Face::Rank(rank).penalty(), expected, "{rank}");
            if expected > 0 {
                assert_eq!(Face::from_penalty(expected), Face::Rank(rank));
            }
        }
        assert_eq!(Face::Number.penalty(), 0);
        assert_eq!(Face::from_penalty(0), Face::Number);
    }

    #[test]
    fn writes_cards_as_the_rule_book_does() {
        let deck = [
            Face::Rank(Rank::Two),
            Face::Rank(Rank::Ten),
            Face::Rank(Rank::Queen),
            Face::Number,
        ];
        let text: Vec<String> = deck.iter().map(Face::to_string).collect();
        assert_eq!(text, ["2", "10", "Q", "?"]);
        assert_eq!(record(&deck), "--Q-");
    }
}
