//! The record hunt: one-pack deals played in bulk, keeping what a hunter wants — every loop, every
//! finished game of at least some length, and the K longest finished games — and the climb, a
//! local search from a deal.
//!
//! Every deal a search plays has a place in the search's order (its `order`: the deal's number in
//! a random search, its index in an exhaustive one, the step of a climb). A search is cut into
//! runs of consecutive places; [`haul`] plays a run and keeps its finds, and [`Finds::commit`]
//! takes the hauls in order and says which finds to report. Nothing here depends on how the runs
//! are shared among threads: ties between games of equal length go to the earlier place, so the
//! K longest are the same whatever order the runs are played in.

mod climb;
mod finds;
mod haul;
mod hunt;
mod top;

pub use climb::{Climb, PATIENCE, ROUND};
pub use finds::{Finds, LOOPS_LISTED};
pub use haul::{Haul, haul, haul_dealt};
pub use hunt::Hunt;
pub use top::{MAX_TOP, Top};

use crate::game::{Outcome, Status};
use crate::pack::Pack;
use serde::{Deserialize, Serialize};
use std::cmp::{Ordering, Reverse};
use std::ops::Range;

/// Deals played per call of the eight-lane engine: the deals of a batch are kept, so that a find
/// can be reported with its deal; 8,192 deals are 416 kB, which stay in the level-2 cache.
pub(crate) const BATCH: usize = 8192;

/// A deal worth reporting: its place in the search, the deal (52 penalties, as
/// [`crate::fast::play_pack`] takes them; saved as its index) and how the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Catch {
    /// The deal's place in the search.
    pub order: u128,
    /// The deal.
    #[serde(rename = "index", with = "as_index")]
    pub pack: Pack,
    /// How its game ends.
    pub outcome: Outcome,
}

/// One-pack deals saved as their camicia.dev index.
pub(super) mod as_index {
    use crate::{Pack, index};
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(pack: &Pack, serializer: S) -> Result<S::Ok, S::Error> {
        index::index(pack)
            .ok_or_else(|| serde::ser::Error::custom("a search plays one-pack deals"))?
            .serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Pack, D::Error> {
        let number = u128::deserialize(deserializer)?;
        index::pack(number)
            .ok_or_else(|| D::Error::custom(format!("{number} is past the last deal index")))
    }
}

impl Catch {
    /// Whether the game loops.
    pub(crate) fn is_loop(&self) -> bool {
        matches!(self.outcome.status, Status::Loop { .. })
    }

    /// Whether the find is at a place in `places` and its deal ends as it says (played again).
    pub(super) fn holds(&self, places: &Range<u128>) -> bool {
        places.contains(&self.order) && crate::fast::play_pack(&self.pack) == self.outcome
    }

    /// Greater is longer: more cards, then more tricks, then the earlier place.
    pub(super) fn length(&self) -> (u64, u64, Reverse<u128>) {
        (self.outcome.cards, self.outcome.tricks, Reverse(self.order))
    }
}

/// What a search keeps besides loops: the `top` longest finished games, and every finished game
/// of at least `min_cards` cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Keep {
    /// How many of the longest finished games to keep.
    pub top: usize,
    /// Every finished game of at least so many cards is kept too; none when `None`.
    pub min_cards: Option<u64>,
}

/// A finished game ordered by [`Catch::length`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ByLength(Catch);

impl Ord for ByLength {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.length().cmp(&other.0.length())
    }
}

impl PartialOrd for ByLength {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
