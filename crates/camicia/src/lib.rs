//! Camicia, also known as Beggar-my-neighbour: the game exactly as the rule book plays it, for
//! decks of any length and any mix of ranks, with exact loop detection.
//!
//! - [`Game`] is the simple engine: one card at a time, every situation at a round start kept in
//!   a hash map. It also drives traces.
//! - [`fast`] is the fast engine for deals of up to 63 cards (one pack and less), with
//!   [`fast::play_pack`] taking a one-pack deal as 52 small codes.
//! - [`play`] plays any deal with the fast engine when it can and the simple one otherwise.
//! - [`jsonl`] reads the exercise's JSON lines.
//! - [`notation`] reads decks (`2 A 7 8 Q 10`, `S2 HQ D10`, record notation `---AJ--Q`).
//! - [`deal`] makes random one-pack deals, reproducibly from a seed and an index, and plays them
//!   in bulk ([`deal::Dealer::play`]), made straight into the fast engine where the processor
//!   allows.
//! - [`index`] numbers one-pack deals as camicia.dev does, and steps through them in that order.
//! - [`workunit`] computes camicia.dev's work units, byte for byte.
//! - [`stats`] sums up random one-pack deals: game lengths, loops, the longest game.
//! - [`search`] is the record hunt: deals played in bulk keeping the longest games and the loops,
//!   and a climb from a deal.
//!
//! The summaries of [`stats`] and [`search`] merge and serialise (serde), so that a long run can
//! share its deals among threads and machines and save what it has done.

pub mod deal;
pub mod engine;
mod face;
pub mod fast;
mod game;
mod hand;
pub mod index;
pub mod jsonl;
mod lanes;
pub mod notation;
mod pack;
pub mod search;
pub mod stats;
pub mod trace;
pub mod workunit;

pub use face::{Face, record};
pub use game::{Deal, EmptyDeal, Event, Game, Outcome, Player, Status};
pub use pack::{Pack, PackCodeError};

/// Plays a deal to its end with the fastest engine that can take it: the fast engine for one
/// pack and less, otherwise the simple one, looking for loops in memory that does not grow with
/// the game (Brent's method).
pub fn play(deal: &Deal) -> Outcome {
    fast::play(deal).unwrap_or_else(|| game::play_long(deal))
}
