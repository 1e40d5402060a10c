//! Every card in sight at an instant, and what each seat is carrying: what the player is shown,
//! as the board the rules play on gives it.

use crate::event::{Kind, Place};
use cards::Card;
use std::fmt;

/// An action under way: what a seat is carrying, and until when.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Carry {
    /// The opening, a restart, a draw, a move, or a return.
    pub kind: Kind,
    /// The card.
    pub card: Card,
    /// Where it comes from (for a return, the table its move was heading for).
    pub from: Place,
    /// Where it goes (for a draw or a return, a slot).
    pub to: Place,
    /// When the action started, in ms.
    pub start: u32,
    /// When it completes unless a landing cancels it first, in ms.
    pub due: u32,
}

impl fmt::Display for Carry {
    /// `carrying S5 to table A until 2900 ms`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Carry { card, to, due, .. } = self;
        match self.kind {
            Kind::Opening | Kind::Restart => write!(f, "putting {card} on {to}"),
            Kind::Draw => write!(f, "drawing {card} into {to}"),
            Kind::Move => write!(f, "carrying {card} to {to}"),
            Kind::Return => write!(f, "bringing {card} back to {to}"),
        }?;
        write!(f, " until {due} ms")
    }
}

/// One seat as the table shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeatView {
    /// Slot 1 (rightmost) first; a slot whose card is in the hand is empty.
    pub slots: [Option<Card>; 4],
    /// How many cards are left in the deck.
    pub deck: usize,
    /// The action under way, if any.
    pub carry: Option<Carry>,
}

/// Every card in sight at an instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct View {
    /// A's seat, then B's.
    pub seats: [SeatView; 2],
    /// The top cards of table A and table B; none before the openings land.
    pub tops: [Option<Card>; 2],
}
