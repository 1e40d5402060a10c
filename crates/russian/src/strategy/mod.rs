//! Strategies: how a player chooses among the legal moves, seeing only what a player sees.
//!
//! A strategy receives a [`Position`], which holds the face-up cards, the number of face-down
//! cards in each column and the foundations, and nothing else: the face-down cards stay inside
//! [`crate::Game`], so no strategy can peek, by design rather than by good manners.

mod greedy;
mod lookahead;
mod random;

pub use greedy::Greedy;
pub use lookahead::Lookahead;
pub use random::Random;

use crate::position::{Move, Position};
use std::fmt;
use std::str::FromStr;

/// A way to choose moves.
pub trait Strategy {
    /// The index in `moves` of the move to make. `moves` are the legal moves of `position` in
    /// [`Position::moves`] order, never none.
    fn choose(&mut self, position: &Position, moves: &[Move]) -> usize;
}

/// The fair strategies by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StrategyName {
    Random,
    Greedy,
    Lookahead,
}

impl StrategyName {
    /// Every strategy, weakest first.
    pub const ALL: [StrategyName; 3] = [
        StrategyName::Random,
        StrategyName::Greedy,
        StrategyName::Lookahead,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            StrategyName::Random => "random",
            StrategyName::Greedy => "greedy",
            StrategyName::Lookahead => "lookahead",
        }
    }

    /// The strategy ready to play deal `number` (which seeds `random`'s choices, see
    /// [`crate::deal::strategy_rng`]).
    pub fn player(self, number: u64) -> Player {
        match self {
            StrategyName::Random => Player::Random(Box::new(Random::new(number))),
            StrategyName::Greedy => Player::Greedy(Greedy),
            StrategyName::Lookahead => Player::Lookahead(Lookahead::default()),
        }
    }
}

impl fmt::Display for StrategyName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a strategy's; its message lists the known ones.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown strategy \"{0}\": the strategies are random, greedy and lookahead")]
pub struct UnknownStrategy(pub String);

impl FromStr for StrategyName {
    type Err = UnknownStrategy;
    fn from_str(name: &str) -> Result<StrategyName, UnknownStrategy> {
        StrategyName::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| UnknownStrategy(name.into()))
    }
}

/// Any of the strategies, without dynamic dispatch.
pub enum Player {
    /// Boxed: the generator's buffer is large beside the other strategies.
    Random(Box<Random>),
    Greedy(Greedy),
    Lookahead(Lookahead),
}

impl Strategy for Player {
    fn choose(&mut self, position: &Position, moves: &[Move]) -> usize {
        match self {
            Player::Random(s) => s.choose(position, moves),
            Player::Greedy(s) => s.choose(position, moves),
            Player::Lookahead(s) => s.choose(position, moves),
        }
    }
}
