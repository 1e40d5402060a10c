use std::fmt;

/// The four suits, ordered as the Speed rule book ranks them for ties: clubs lowest, spades highest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// `C`, `♣`.
    Clubs,
    /// `D`, `♦`.
    Diamonds,
    /// `H`, `♥`.
    Hearts,
    /// `S`, `♠`.
    Spades,
}

impl Suit {
    /// The four suits, clubs to spades.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The letter of the project's notation: `C`, `D`, `H`, `S`.
    const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// The Unicode symbol: `♣`, `♦`, `♥`, `♠`.
    const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    /// The suit written as its letter or its symbol (white or black forms both accepted).
    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'C' | '♣' | '♧' => Some(Suit::Clubs),
            'D' | '♦' | '♢' => Some(Suit::Diamonds),
            'H' | '♥' | '♡' => Some(Suit::Hearts),
            'S' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// 0 for clubs up to 3 for spades.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Suit {
    /// The letter; `{:#}` gives the symbol.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = if f.alternate() {
            self.symbol()
        } else {
            self.letter()
        };
        write!(f, "{c}")
    }
}
