//! Hi-Q, peg solitaire on the 33-hole cross, as the contest "Hi-Q" (UVa 379) plays it.
//!
//! The rules only: [`Hole`] and [`Board`] name the places and the pegs, [`Jump`] the one kind of
//! move, [`auto`] the contest's automatic player, [`contest`] reads the contest's input,
//! [`position`] a position listed or drawn and [`line`](mod@line) a line of jumps written short.
//!
//! A position and a jump:
//!
//! ```
//! use hiq::{Board, Hole, Jump};
//!
//! let hole = |number| Hole::new(number).unwrap();
//! let start = hiq::position::parse_position("10 12 17 19 25").unwrap();
//! assert_eq!(start.peg_count(), 5);
//! // The peg in 17 jumps over 10 into the empty hole 5.
//! let jump = Jump::new(hole(17), hole(10), hole(5)).unwrap();
//! let next = start.apply(jump).unwrap();
//! assert_eq!(next, Board::from_holes([5, 12, 19, 25].map(hole)));
//! assert!(Jump::new(hole(17), hole(10), hole(3)).is_err());
//! // No second peg stands in 10 to jump over.
//! assert_eq!(next.apply(jump), None);
//! ```
//!
//! The contest's automatic player, from the standard start:
//!
//! ```
//! use hiq::{Board, auto};
//!
//! let end = auto::finish(Board::standard_start());
//! assert!(end.legal_jumps().next().is_none());
//! assert_eq!(auto::jumps(Board::standard_start()).count() as u32, 32 - end.peg_count());
//! ```
//!
//! Solving a position is [`solve::solve`]; judging a game in progress, [`verdict::judge`];
//! reading the contest's input, [`contest::parse`].

pub mod auto;
mod board;
pub mod census;
pub mod contest;
mod hash;
mod hole;
mod jump;
pub mod line;
pub mod memory;
pub mod position;
pub mod prospects;
pub mod shortest;
pub mod solve;
mod symmetry;
mod table;
pub mod verdict;

pub use board::Board;
pub use hole::Hole;
pub use jump::{Jump, NotAJump};
