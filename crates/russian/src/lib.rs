//! Russian Solitaire — the patience of Wetherell's *Etudes for Programmers*: the Yukon layout,
//! built down by suit. The rules only, no I/O:
//!
//! - [`deal`]: deal N from its number, by a documented generator and shuffle that never change;
//! - [`Layout`]: the written layout (`[D4] [S9] HK D2 S3 C7 H8`, one line per column), and
//!   [`Table`], a position in progress whose face-down cards may be unknown (`[?]`);
//! - [`Position`]: what a player sees, with the legal [`Moves`]; [`fast::Game`], the fast
//!   engine: a position plus the face-down cards, which only the game knows;
//! - [`strategy`]: the fair strategies `random`, `greedy`, `lookahead` and `planner`, the
//!   `clairvoyant` player who sees every card, and [`strategy::play`], which plays a
//!   [`fast::Game`] to its end with any [`Strategy`];
//! - [`line`](mod@line): a line of play written short (`S7-5,HK-2`), to replay a game from its deal;
//! - [`hint`]: the move to make in a position in progress, fair and, when every card is
//!   known, exact;
//! - [`bound`]: an upper bound on perfect fair play, tighter than the clairvoyant maximum;
//! - [`solver`]: the exact maximum score of a deal whose every card is known, with a line of play;
//! - [`catalogue`]: every deal of a range solved, and the counts of the range;
//! - [`pysol`]: the deals of the PySolFC program, by its game numbers;
//! - [`reference`](mod@reference): the reference engine, the rule book read straight, and a brute-force
//!   maximum, to check the fast engine and the solver against;
//! - [`Stats`]: scores of many games and their statistics.
//!
//! ```
//! use russian::fast::Game;
//! use russian::{StrategyName, deal, play_deal};
//!
//! // Deal 42, as `parlor russian deal --seed 42` prints it, played by the greedy strategy.
//! let layout = deal::deal(42);
//! assert_eq!(Game::new(&layout), Some(Game::deal(42)));
//! let score = play_deal(42, StrategyName::Greedy);
//! assert!(score <= 52);
//! ```

pub mod bound;
pub mod catalogue;
mod columns;
pub mod deal;
mod event;
pub mod fast;
pub mod hint;
mod layout;
pub mod line;
mod position;
pub mod pysol;
pub mod reference;
mod scores;
pub mod solver;
pub mod source;
pub mod strategy;
mod table;
#[cfg(test)]
mod timing;

pub use cards::{Card, Rank, Suit};
pub use columns::ColumnsError;
pub use columns::UNKNOWN;
pub use event::Event;
pub use layout::{Layout, LayoutError, Slot, face_up_count};
pub use position::{IllegalMove, Move, MoveKind, Moves, Place, Position};
pub use scores::{PAY_PER_CARD, STAKE, Stats, house_profit, net};
pub use strategy::{Strategy, StrategyName, UnknownStrategy};
pub use table::{Table, TableError};

/// Plays deal `number` with the named strategy to the end (`planner` with its default number
/// of samples); gives the score.
pub fn play_deal(number: u64, strategy: StrategyName) -> u32 {
    let mut game = fast::Game::deal(number);
    let mut player = strategy.player(&game, number, strategy::DEFAULT_SAMPLES);
    strategy::play(&mut game, &mut player, |_| {})
}
