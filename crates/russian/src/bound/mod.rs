//! An upper bound on what perfect fair play can expect, tighter than the clairvoyant maximum:
//! the expected score of a player who chooses **every move before the first card is turned**
//! seeing only the face-up cards, as a fair player does, and who **sees every card** from then
//! on.
//!
//! Why it bounds fair play. Until a card is turned a fair player learns nothing new, so
//! whatever he does before it is one plan: a sequence of moves fixed from the start, ending
//! with the move that turns the first card or with the end of the game. After it, no fair
//! strategy scores more than the maximum the cards then allow. So a fair strategy's expected
//! score, given the face-up cards of the start, is at most the best plan's expected maximum
//! after it: max over plans p of E[M(p)], where M(p) is the maximum score after p, the
//! expectation over the arrangements of the unseen cards, every one equally likely. This is an
//! information relaxation in the sense of Brown, Smith and Sun ("Information relaxations and
//! duality in stochastic dynamic programs", *Operations Research* 58(4), 2010), without a
//! penalty: the player is told everything, but only after his first turn.
//!
//! Why it is below the clairvoyant maximum. The clairvoyant chooses his plan knowing the
//! cards: E[max over p of M(p)] ≥ max over p of E[M(p)].
//!
//! **Fair until a later turn.** The same holds when the player is told everything only after
//! his N-th turn (`turns`, 1 above). Before it he chooses every move from what he has seen —
//! the face-up cards of the start and the cards turned so far — so what he does is a tree of
//! plans that branches at each turn on the card it showed. Every fair strategy makes such a
//! tree, so its expected score is at most the best tree's expected maximum after turn N. A
//! later N can only lower the bound (a tree for N turns is one for N + 1 whose last branches
//! are all the same plan), and with N at least the number of unseen cards it is perfect fair
//! play itself. Sampled, the layouts fall after each turn into groups by what it showed, each
//! group drawn from the arrangements that agree with it, and each group plans on by itself:
//! again a maximum of means at every branch, so the value is biased upwards only, and with the
//! same layouts a later N never counts more for a deal. A group of one layout is worth its
//! maximum at once, since a plan for one layout can follow its every card. Each turn
//! multiplies the plans to search: N = 2 costs about 20 times N = 1.
//!
//! **Estimated without bias downwards.** The expectation is taken over K arrangements of the
//! unseen cards, drawn at random ([`crate::deal::bound_rng`]) and the same for every plan: the
//! value counted for a deal is max over p of the mean over the K layouts of M(p). A maximum of
//! means is, on average, at least the maximum of their expectations, so the value's expectation
//! is at least the bound's, and the mean over many deals of the values counted is an upper
//! bound on every fair strategy's expected score, for any K; a larger K only makes it tighter.
//! The layouts depend on the face-up cards and the generator alone, never on the deal's own
//! face-down cards, so the values of different deals are independent and the usual interval
//! holds. The mean over the same layouts of their clairvoyant maxima, max over p of M(p), is
//! counted beside it: no value counted exceeds it, and their paired difference is how much the
//! bound gains.
//!
//! The plans are searched as the tree of positions a player can foresee
//! ([`Position::advance`]): a move that turns no card leads to another such position, a move
//! that turns one ends a plan and is valued in each layout by the [solver](crate::solver),
//! whose table is kept from one plan to the next within a layout. A deal whose foreseeable
//! positions number more than [`FORESIGHT_LIMIT`] counts the mean of its layouts' clairvoyant
//! maxima instead: that depends on the face-up cards only, and it is an upper bound too.

//!
//! The module's parts: `tree` foresees the positions before a turn and values the best plan
//! through them, `search` values the plans of a deal over its layouts, and `stats` adds up what
//! the bound counts for many deals ([`Stats`]).

use crate::position::{Position, UNSEEN};

mod search;
mod stats;
#[cfg(test)]
mod tests;
mod tree;

pub(crate) use search::Bound;
pub use stats::Stats;

/// Layouts of the unseen cards drawn for each deal unless told otherwise: the bound tightens
/// with more (on deals 0 to 999 it lies 0.012, 0.032, 0.047 and 0.053 cards below the
/// clairvoyant mean of the same layouts with 10, 30, 100 and 300), and costs about 27 ms a deal
/// at 100.
pub const DEFAULT_SAMPLES: u32 = 100;

/// The most layouts a deal draws, whatever it is asked: every layout is held in memory while
/// the deal is searched (a few hundred bytes each, a few copies when fair past the first turn).
pub const MAX_SAMPLES: u32 = 100_000;

/// The latest turn a bound can be fair until: the most face-down cards a deal has (0 to 6 in
/// the seven columns). Later ones would count the same.
pub const MAX_TURNS: u32 = 21;

/// Positions foreseeable before the first turn beyond which a deal counts its layouts'
/// clairvoyant mean: deals 0 to 99,999 have 42 on average and 3,595 at most, and the limit
/// keeps a deal's memory to some megabytes.
pub const FORESIGHT_LIMIT: usize = 50_000;

/// What the bound counts for one deal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct DealBound {
    /// The value counted: the best plan's mean maximum over the layouts.
    pub(crate) value: f64,
    /// The mean over the same layouts of their clairvoyant maxima.
    pub(crate) layouts_clairvoyant: f64,
    /// The clairvoyant maximum of the deal itself.
    pub(crate) clairvoyant: u32,
    /// More positions were foreseeable than [`FORESIGHT_LIMIT`]: `value` is
    /// `layouts_clairvoyant`.
    pub(crate) over_limit: bool,
}

/// The unseen cards of `position`, in [`cards::Card::index`] order.
fn unseen(position: &Position) -> Vec<u8> {
    (0..52)
        .filter(|&c| position.place[c as usize] == UNSEEN)
        .collect()
}
