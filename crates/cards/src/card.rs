use crate::{Rank, Suit};
use std::fmt;

/// One card of a standard pack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    /// Ace to king.
    pub rank: Rank,
    /// Clubs, diamonds, hearts or spades.
    pub suit: Suit,
}

impl Card {
    /// The card of `rank` in `suit`.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// 0 to 51: suit by suit (clubs, diamonds, hearts, spades), ace to king within a suit.
    pub const fn index(self) -> usize {
        self.suit.index() * 13 + self.rank.value() as usize - 1
    }

    /// The 52 cards in [`Card::index`] order: `Card::ALL[i].index() == i`.
    pub const ALL: [Card; 52] = {
        let mut all = [Card::new(Rank::Ace, Suit::Clubs); 52];
        let mut index = 0;
        while index < 52 {
            all[index] = Card::new(Rank::ALL[index % 13], Suit::ALL[index / 13]);
            index += 1;
        }
        all
    };
}

impl fmt::Display for Card {
    /// `S3`, `HX`; `{:#}` writes the suit as its symbol, `♠3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write!(f, "{:#}{}", self.suit, self.rank)
        } else {
            write!(f, "{}{}", self.suit, self.rank)
        }
    }
}
