//! What a player driven from outside may do, at which instant, and why the rules may refuse it.

use crate::robot::{Pile, Robot};
use crate::view::Carry;
use cards::Card;
use std::fmt;
use thiserror::Error;

/// The latest instant an action may have: 999,999,999 ms, some eleven and a half days of
/// thinking, so that the game's clock never overflows and an instant is at most nine digits.
pub const LATEST_MS: u32 = 999_999_999;

/// What a free player starts: one of the rule book's actions, with the slot chosen by the
/// player (the rule book's robot always draws into the rightmost empty slot and moves the
/// weakest card; a person is free to choose). Slots are 1 (rightmost) to 4 (leftmost).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Draw the top card of the deck into this empty slot (300 ms).
    Draw(u8),
    /// Carry this slot's card to the player's own right table (500 ms).
    Right(u8),
    /// Carry this slot's card to the player's left table (700 ms).
    Left(u8),
}

/// An action at an instant of the game's clock, in ms from the opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Timed {
    /// When the action starts.
    pub at: u32,
    /// What it is.
    pub action: Action,
}

/// Why the rules refuse an action at its instant. Its message speaks to the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Refusal {
    /// The instant is before the game's clock: an earlier action (or refusal) has already
    /// settled the game up to `clock`.
    #[error("{at} ms is before {clock} ms, where the game already is: actions go in time order")]
    OutOfOrder {
        /// The action's instant.
        at: u32,
        /// The game's clock.
        clock: u32,
    },
    /// The instant is past [`LATEST_MS`].
    #[error("{at} ms is past the latest instant an action may have, {LATEST_MS} ms")]
    TooLate {
        /// The action's instant.
        at: u32,
    },
    /// The game ended at `end` ms, at or before the action's instant.
    #[error("the game is over: it ended at {end} ms")]
    Over {
        /// The instant of the last landing.
        end: u32,
    },
    /// The slot number is not 1 to 4.
    #[error("there is no slot {0}: the slots are 1 (rightmost) to 4 (leftmost)")]
    NoSuchSlot(u8),
    /// The player has an action under way: the opening, a restart, a draw, a move, or a return
    /// after a cancelled move.
    #[error("you are still {0}")]
    Busy(Carry),
    /// A draw with no card left in the deck.
    #[error("your deck is empty: there is no card to draw")]
    DeckEmpty,
    /// A draw into a slot that holds a card.
    #[error("slot {slot} holds {card}: draw into an empty slot")]
    SlotTaken {
        /// The slot.
        slot: u8,
        /// Its card.
        card: Card,
    },
    /// A move from an empty slot.
    #[error("slot {0} is empty: there is no card to move")]
    SlotEmpty(u8),
    /// A move whose card's rank is not next to the rank of the table's top card (the neighbour
    /// test, made when the move starts).
    #[error("{card} cannot go on {pile}: {}", on_top(*top))]
    NotNeighbour {
        /// The card to move.
        card: Card,
        /// The table it was meant for.
        pile: Pile,
        /// The table's top card; none before the openings land at 500 ms.
        top: Option<Card>,
    },
}

fn on_top(top: Option<Card>) -> String {
    match top {
        Some(top) => format!("its top card is {top}, and a card must be one rank above or below"),
        None => "it holds no card yet".into(),
    }
}

impl Action {
    /// Every action a player could name, draws first, each by slot.
    pub const ALL: [Action; 12] = {
        let mut all = [Action::Draw(1); 12];
        let mut slot = 1;
        while slot <= 4 {
            let i = slot as usize - 1;
            all[i] = Action::Draw(slot);
            all[4 + i] = Action::Right(slot);
            all[8 + i] = Action::Left(slot);
            slot += 1;
        }
        all
    };

    /// The slot the action draws into or takes its card from.
    pub const fn slot(self) -> u8 {
        match self {
            Action::Draw(slot) | Action::Right(slot) | Action::Left(slot) => slot,
        }
    }

    /// The table a move of `robot` goes to; none for a draw.
    pub const fn pile(self, robot: Robot) -> Option<Pile> {
        match self {
            Action::Draw(_) => None,
            Action::Right(_) => Some(robot.right()),
            Action::Left(_) => Some(robot.left()),
        }
    }

    /// The letter of the log's notation: `d`, `r` or `l`.
    pub(crate) const fn letter(self) -> char {
        match self {
            Action::Draw(_) => 'd',
            Action::Right(_) => 'r',
            Action::Left(_) => 'l',
        }
    }
}

impl fmt::Display for Action {
    /// The log's notation: `d2`, `r3`, `l1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.letter(), self.slot())
    }
}

impl fmt::Display for Timed {
    /// The log's notation: `1200d2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.at, self.action)
    }
}
