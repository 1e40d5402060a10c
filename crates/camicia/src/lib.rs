//! Camicia, also known as Beggar-my-neighbour: the game exactly as the rule book plays it, for
//! decks of any length and any mix of ranks, with exact loop detection.
//!
//! - [`reference`](mod@reference) is the reference engine, [`reference::Game`]: one card at a
//!   time, every situation at a round start kept in a hash map. It also drives traces.
//! - [`fast`] is the fast engine for deals of up to 63 cards (one pack and less), with
//!   [`fast::play_pack`] taking a one-pack deal as 52 small codes.
//! - [`play`] plays any deal with the fast engine when it can and the reference one otherwise;
//!   [`play_within`] stops a game past a number of cards.
//! - [`jsonl`] reads the exercise's JSON lines.
//! - [`notation`] reads decks (`2 A 7 8 Q 10`, `S2 HQ D10`, record notation `---AJ--Q`).
//! - [`deal`] makes random one-pack deals, reproducibly from a seed and an index, and plays them
//!   in bulk ([`deal::Dealer::play`]), made straight into the fast engine where the processor
//!   allows.
//! - [`index`] numbers one-pack deals as camicia.dev does, and steps through them in that order.
//! - [`workunit`] computes camicia.dev's work units, byte for byte.
//! - [`bulk`] is what the long runs ask of an engine: summaries of runs of deals, from the CPU's
//!   engines or from elsewhere (the GPU engine of the crate `camicia-gpu`).
//! - [`stats`] sums up random one-pack deals: game lengths, loops, the longest game.
//! - [`search`] is the record hunt: deals played in bulk keeping the longest games and the loops,
//!   and a climb from a deal.
//!
//! The summaries of [`stats`] and [`search`] merge and serialise (serde), so that a long run can
//! share its deals among threads and machines and save what it has done.
//!
//! A deal read from notation and played by the reference engine, card by card or to its end:
//!
//! ```
//! use camicia::reference::{Event, Game};
//! use camicia::{Deal, Player, Status};
//!
//! let deal: Deal = camicia::notation::parse_deal("2 A 7 8 Q 10/3 4 5 6 K 9 J").unwrap();
//! let mut game = Game::new(&deal);
//! assert_eq!(game.step(), Some(Event::Laid { player: Player::A, face: deal.a()[0] }));
//! let outcome = Game::play(&deal);
//! assert_eq!(outcome.status, Status::Finished);
//! // The fast engine, and `play` (which picks it), agree.
//! assert_eq!(camicia::fast::play(&deal), Some(outcome));
//! assert_eq!(camicia::play(&deal), outcome);
//! ```
//!
//! Random one-pack deals played in bulk by the fastest engine this processor runs, and a search
//! keeping the longest games:
//!
//! ```
//! use camicia::deal::Dealer;
//! use camicia::engine::Engine;
//! use camicia::search::{Keep, haul};
//!
//! let dealer = Dealer::new(7);
//! let mut longest = 0;
//! dealer.play(Engine::best(), 0..1000, |_, outcome| longest = longest.max(outcome.cards));
//! let keep = Keep { top: 3, min_cards: None };
//! let found = haul(Engine::best(), dealer.packs(0..1000), 0, keep);
//! assert_eq!(found.top.games()[0].outcome.cards, longest);
//! ```

pub mod bulk;
pub mod deal;
pub mod engine;
mod face;
pub mod fast;
mod game;
mod hand;
pub mod index;
pub mod input;
pub mod jsonl;
mod lanes;
pub mod notation;
mod pack;
pub mod reference;
pub mod search;
pub mod stats;
pub mod trace;
pub mod workunit;

pub use face::{Face, record};
pub use game::{Deal, EmptyDeal, Outcome, Player, Status};
pub use pack::{Pack, PackCodeError};

/// Plays a deal to its end with the fastest engine that can take it: the fast engine for one
/// pack and less, otherwise the reference one, looking for loops in memory that does not grow with
/// the game (Brent's method).
pub fn play(deal: &Deal) -> Outcome {
    fast::play(deal)
        .or_else(|| reference::play_long(deal, u64::MAX))
        .expect("no game lays 2^64 cards: the fastest engine lays a few hundred million a second")
}

/// Plays a deal as [`play`] does, but no further than `cards` cards laid: decks of tens of
/// thousands of cards can play for billions. Every game that ends within the bound (finished,
/// or found to loop) is reported exactly as [`play`] reports it.
///
/// # Errors
///
/// [`Unfinished`] once the game has laid more than `cards` cards without ending.
pub fn play_within(deal: &Deal, cards: u64) -> Result<Outcome, Unfinished> {
    fast::play(deal)
        .filter(|outcome| outcome.cards <= cards)
        .or_else(|| reference::play_long(deal, cards))
        .ok_or(Unfinished { cards })
}

/// A game stopped by [`play_within`]'s bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the game lays more than {cards} cards without finishing or repeating the start of a round"
)]
pub struct Unfinished {
    /// The bound it passed.
    pub cards: u64,
}
