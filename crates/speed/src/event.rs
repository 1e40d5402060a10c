//! The log of a game: one [`Event`] per action a robot took.

use crate::robot::{Pile, Robot};
use cards::Card;
use std::fmt;

/// What a robot did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The first card, put on the robot's right table at 0 ms.
    Opening,
    /// A card put on the robot's right table after a deadend, whatever its rank.
    Restart,
    /// The top card of the deck drawn into the rightmost empty slot.
    Draw,
    /// A tableau card carried to a table whose top card is a neighbour.
    Move,
    /// A card carried back to its slot after its move was cancelled.
    Return,
}

/// Where a card comes from or goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// The robot's deck: its top card.
    Deck,
    /// A tableau slot, 1 (rightmost) to 4 (leftmost).
    Slot(u8),
    /// One of the two piles, table A or table B.
    Pile(Pile),
}

/// How an action ended (a game's end is its [`crate::Outcome`]). Traces write it as the action's
/// status: `done`, `cancelled`, `unfinished`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Completed: the card landed, was drawn or is back in its slot.
    Done,
    /// A move stopped by the other robot's card landing on the same table first; a
    /// [`Kind::Return`] starting at the same instant follows it.
    Cancelled,
    /// Still under way when the game ended.
    Unfinished,
}

/// One action of one robot, from `start` to `end` in ms.
///
/// `end` is when the action stopped: its completion, the instant it was cancelled, or the end of
/// the game if it was still under way. A return goes `from` the table its move was heading for
/// `to` the slot the card left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Event {
    /// Who acted.
    pub robot: Robot,
    /// What it did.
    pub kind: Kind,
    /// The card it carried.
    pub card: Card,
    /// Where the card came from.
    pub from: Place,
    /// Where the card was going.
    pub to: Place,
    /// When the action started, in ms from the opening.
    pub start: u32,
    /// When the action stopped, in ms from the opening.
    pub end: u32,
    /// Whether it completed, was cancelled or was cut short by the end of the game.
    pub ending: Ending,
}

impl Event {
    /// Whether the card came to lie on a table at `end`.
    pub fn landed(&self) -> bool {
        self.ending == Ending::Done && matches!(self.to, Place::Pile(_))
    }
}

/// The spans `(from, until)` in ms before `until` in which `robot` had no action of `events`
/// under way: it was waiting for a card to land (rule 3.4), for the deadend's restart, or, in a
/// game against the robot, for the player to act.
pub fn waits(events: &[Event], robot: Robot, until: u32) -> Vec<(u32, u32)> {
    let mut waits = Vec::new();
    let mut free_since = 0;
    for e in events.iter().filter(|e| e.robot == robot) {
        if e.start > free_since {
            waits.push((free_since, e.start));
        }
        free_since = free_since.max(e.end);
    }
    if until > free_since {
        waits.push((free_since, until));
    }
    waits
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Opening => "opening",
            Kind::Restart => "restart",
            Kind::Draw => "draw",
            Kind::Move => "move",
            Kind::Return => "return",
        })
    }
}

impl fmt::Display for Place {
    /// `deck`, `slot 3`, `table A`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Deck => f.write_str("deck"),
            Place::Slot(n) => write!(f, "slot {n}"),
            Place::Pile(pile) => write!(f, "{pile}"),
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::Done => "done",
            Ending::Cancelled => "cancelled",
            Ending::Unfinished => "unfinished",
        })
    }
}
