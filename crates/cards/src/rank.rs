use std::fmt;

/// The thirteen ranks, ace low (value 1) to king (value 13), as in building by rank.
/// Games that rank the ace high (Speed's strength) say so themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    Ace = 1,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
}

impl Rank {
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// 1 for the ace, 2 to 10 for the number cards, 11 to 13 for jack, queen and king.
    pub const fn value(self) -> u8 {
        self as u8
    }

    pub const fn from_value(value: u8) -> Option<Rank> {
        if 1 <= value && value <= 13 {
            Some(Rank::ALL[value as usize - 1])
        } else {
            None
        }
    }

    /// The one-character form of the notation: `A`, `2`…`9`, `X` for ten, `J`, `Q`, `K`.
    pub const fn char(self) -> char {
        match self {
            Rank::Ace => 'A',
            Rank::Ten => 'X',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            number => (b'0' + number as u8) as char,
        }
    }

    /// Reads a rank as the notation writes it: `A`, `2`…`9`, `X` or `10`, `J`, `Q`, `K`.
    pub fn from_notation(text: &str) -> Option<Rank> {
        match text {
            "10" => Some(Rank::Ten),
            _ => {
                let mut chars = text.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return None;
                };
                Rank::ALL.into_iter().find(|rank| rank.char() == c)
            }
        }
    }

    /// Number cards are 2 to 10; jack, queen, king and ace are the court cards and the ace.
    pub const fn is_number(self) -> bool {
        matches!(self.value(), 2..=10)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
