//! What both engines share: the players, a deal, and how a game ends.

use crate::face::Face;
use std::fmt;
use thiserror::Error;

/// The two players. A leads the first round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The first player.
    A,
    /// The second player.
    B,
}

impl Player {
    /// The other player.
    pub const fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::A => "A",
            Player::B => "B",
        })
    }
}

/// Two decks, A's and B's, top card first. At least one of them holds a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    a: Vec<Face>,
    b: Vec<Face>,
}

/// Both decks are empty: there is no game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("both decks are empty: there is no game")]
pub struct EmptyDeal;

impl Deal {
    /// # Errors
    ///
    /// [`EmptyDeal`] when both decks are empty.
    pub fn new(a: Vec<Face>, b: Vec<Face>) -> Result<Deal, EmptyDeal> {
        if a.is_empty() && b.is_empty() {
            Err(EmptyDeal)
        } else {
            Ok(Deal { a, b })
        }
    }

    /// Player A's deck, top card first.
    pub fn a(&self) -> &[Face] {
        &self.a
    }

    /// Player B's deck, top card first.
    pub fn b(&self) -> &[Face] {
        &self.b
    }

    /// `player`'s deck, top card first.
    pub fn deck(&self, player: Player) -> &[Face] {
        match player {
            Player::A => &self.a,
            Player::B => &self.b,
        }
    }
}

/// How a game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Status {
    /// After a trick one player held every card (or one player had no card from the start).
    Finished,
    /// The situation at the start of a round repeated that of the round `period` rounds earlier.
    Loop {
        /// Rounds from the earlier start to the one that repeats it.
        period: u64,
    },
}

impl Status {
    /// `finished` or `loop`, as the report writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Status::Finished => "finished",
            Status::Loop { .. } => "loop",
        }
    }
}

/// What the rule book reports: the status, the cards put on the pile and the tricks taken (for a
/// loop, up to the start of the round that repeats an earlier one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// How the game ended.
    pub status: Status,
    /// Cards put on the pile.
    pub cards: u64,
    /// Tricks taken.
    pub tricks: u64,
}

impl Outcome {
    /// For a loop, the round whose start was repeated and the round that repeated it (rounds are
    /// numbered from 1; round r starts after r - 1 tricks).
    pub fn repeated_rounds(&self) -> Option<(u64, u64)> {
        match self.status {
            Status::Finished => None,
            Status::Loop { period } => Some((self.tricks + 1 - period, self.tricks + 1)),
        }
    }
}

impl fmt::Display for Outcome {
    /// The seed's form: `status: "finished", cards: 13, tricks: 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "status: \"{}\", cards: {}, tricks: {}",
            self.status.name(),
            self.cards,
            self.tricks
        )
    }
}
