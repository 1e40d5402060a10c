//! What both engines give for a game, and how its winner won.

use crate::robot::Robot;
use cards::Card;

/// The result of a game, as both engines give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who ran out of cards first (or, together, with the stronger last card).
    pub winner: Robot,
    /// The instant of the last landing, when the winner ran out of cards.
    pub end_ms: u32,
    /// How many times both robots were stuck and restarted.
    pub deadends: u32,
    /// How many moves were cancelled (each followed by a return, unless the game ended first).
    pub returns: u32,
    /// Both robots ran out at the same instant; the stronger last card won.
    pub together: bool,
}

/// How the winner won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Finish {
    /// Only the winner ran out of cards at the end.
    Alone,
    /// Both ran out at the same instant; these are their last cards, the stronger one won.
    Together {
        /// A's last card.
        a: Card,
        /// B's last card.
        b: Card,
    },
}
