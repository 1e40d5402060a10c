//! What happens in a game, as both engines log it.

use crate::position::Move;
use cards::Card;
use std::fmt;

/// Everything that happens in a game, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A move the player chose.
    Move(Move),
    /// `card` turned face up in `column` (0 to 6) as part of the move before it.
    Turn {
        /// The card turned.
        card: Card,
        /// Its column, 0 to 6.
        column: u8,
    },
    /// `card` went from the end of column `from` (0 to 6) to its foundation.
    Foundation {
        /// The card.
        card: Card,
        /// The column it left, 0 to 6.
        from: u8,
    },
}

impl fmt::Display for Event {
    /// `S7 from 3 to 5`, `king HK from 4 to 2`, `turn D4 in 6`, `SA to foundation from 1`;
    /// `{:#}` writes suit symbols.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let card = |card: &Card| {
            if f.alternate() {
                format!("{card:#}")
            } else {
                card.to_string()
            }
        };
        match self {
            Event::Move(mv) if f.alternate() => write!(f, "{mv:#}"),
            Event::Move(mv) => write!(f, "{mv}"),
            Event::Turn { card: c, column } => write!(f, "turn {} in {}", card(c), column + 1),
            Event::Foundation { card: c, from } => {
                write!(f, "{} to foundation from {}", card(c), from + 1)
            }
        }
    }
}
