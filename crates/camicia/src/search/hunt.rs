//! A whole search between the chunks a long run commits.

use super::{Catch, Climb, Finds, Haul, Keep};
use serde::{Deserialize, Serialize};
use std::ops::Range;
use tally::Merge;

/// A whole search as a long run keeps it, between the chunks it commits: the finds, and for a
/// climb the climb and the finds of the round in progress (the rounds' chunks are merged, and
/// the climb moves on at the end of each round).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Hunt {
    /// Saved under its former name, so that checkpoints written before still read.
    #[serde(rename = "tally")]
    finds: Finds,
    climbing: Option<Climbing>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Climbing {
    climb: Climb,
    round: Haul,
}

impl Hunt {
    /// A random or exhaustive search.
    pub fn new(keep: Keep) -> Hunt {
        Hunt {
            finds: Finds::new(keep, false),
            climbing: None,
        }
    }

    /// A climb from where `climb` stands.
    pub fn climb(keep: Keep, climb: Climb) -> Hunt {
        Hunt {
            finds: Finds::new(keep, true),
            climbing: Some(Climbing {
                climb,
                round: Haul::new(keep),
            }),
        }
    }

    /// What the search has committed.
    pub fn finds(&self) -> &Finds {
        &self.finds
    }

    /// The climb, as the next round starts from it.
    pub fn climbing(&self) -> Option<&Climb> {
        self.climbing.as_ref().map(|c| &c.climb)
    }

    /// Takes the next run's haul, and gives the finds to report ([`Finds::commit`]). A climb
    /// gathers the hauls of a round and reports them when `ends_round`, moving on to the next
    /// round.
    pub fn commit(&mut self, haul: Haul, ends_round: bool) -> Vec<Catch> {
        let Some(climbing) = &mut self.climbing else {
            return self.finds.commit(haul);
        };
        climbing.round.merge(&haul);
        if !ends_round {
            return Vec::new();
        }
        let round = std::mem::replace(&mut climbing.round, Haul::new(self.finds.keep));
        climbing.climb.advance(round.best);
        self.finds.commit(round)
    }

    /// Whether this can be the hunt of the search places `places` ([`Finds::check`]), the
    /// current round's finds included.
    ///
    /// # Errors
    ///
    /// What does not agree, in words.
    pub fn check(&self, keep: Keep, places: Range<u128>) -> Result<(), String> {
        let Some(climbing) = &self.climbing else {
            return self.finds.check(keep, places);
        };
        let round = u128::from(climbing.round.deals);
        let committed = places.start..places.end - round.min(places.end - places.start);
        self.finds.check(keep, committed)?;
        let climb = &climbing.climb;
        let round_finds = climbing.round.loops.iter().chain(&climbing.round.long);
        if !round_finds
            .chain(&climbing.round.top.games())
            .all(|f| f.holds(&places))
            || crate::fast::play_pack(&climb.base.pack) != climb.base.outcome
            || crate::fast::play_pack(&climb.best.pack) != climb.best.outcome
        {
            return Err("the climb's deals are not the games it says".into());
        }
        Ok(())
    }
}
