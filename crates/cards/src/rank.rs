use std::fmt;

/// The thirteen ranks, ace low (value 1) to king (value 13), as in building by rank.
/// Games that rank the ace high (Speed's strength) say so themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    /// Value 1, written `A`.
    Ace = 1,
    /// Value 2, written `2`.
    Two,
    /// Value 3, written `3`.
    Three,
    /// Value 4, written `4`.
    Four,
    /// Value 5, written `5`.
    Five,
    /// Value 6, written `6`.
    Six,
    /// Value 7, written `7`.
    Seven,
    /// Value 8, written `8`.
    Eight,
    /// Value 9, written `9`.
    Nine,
    /// Value 10, written `X` or `10`.
    Ten,
    /// Value 11, written `J`.
    Jack,
    /// Value 12, written `Q`.
    Queen,
    /// Value 13, written `K`.
    King,
}

impl Rank {
    /// The thirteen ranks, ace to king.
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

    /// The rank of [`Rank::value`] `value`, if it is 1 to 13.
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
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
