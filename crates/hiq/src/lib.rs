//! Hi-Q, peg solitaire on the 33-hole cross, as the contest "Hi-Q" (UVa 379) plays it.
//!
//! The rules only: [`Hole`] and [`Board`] name the places and the pegs, [`Jump`] the one kind of
//! move, [`auto`] the contest's automatic player, [`contest`] reads the contest's input,
//! [`position`] a position listed or drawn and [`line`] a line of jumps written short.

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
pub mod shortest;
pub mod solve;
mod symmetry;
mod table;

pub use board::Board;
pub use hole::Hole;
pub use jump::{JUMP_COUNT, Jump, NotAJump};
pub use symmetry::{Group, Symmetry};
