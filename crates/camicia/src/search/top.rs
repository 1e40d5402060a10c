//! The K longest finished games of a search.

use super::{ByLength, Catch};
use crate::pack::Pack;
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};
use tally::Merge;

/// The K longest finished games, each deal once (a climb meets deals again; the earliest meeting
/// stands). Saved as its size and its games.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(into = "Kept", from = "Kept")]
pub struct Top {
    pub(super) size: usize,
    /// The shortest kept game on top.
    pub(super) heap: BinaryHeap<Reverse<ByLength>>,
    deals: HashSet<Pack>,
}

/// A [`Top`] as it is saved.
#[derive(Clone, Serialize, Deserialize)]
struct Kept {
    pub(super) size: usize,
    games: Vec<Catch>,
}

impl From<Top> for Kept {
    fn from(top: Top) -> Kept {
        Kept {
            size: top.size,
            games: top.games(),
        }
    }
}

impl From<Kept> for Top {
    fn from(kept: Kept) -> Top {
        let mut top = Top::new(kept.size);
        for find in kept.games {
            top.offer(find);
        }
        top
    }
}

/// The most games a search may keep as its longest: each holds its deal, some 120 bytes, so a
/// million keep some 120 MB.
pub const MAX_TOP: u64 = 1_000_000;

impl Top {
    /// Room for the `size` longest games.
    pub fn new(size: usize) -> Top {
        Top {
            size,
            heap: BinaryHeap::new(),
            deals: HashSet::new(),
        }
    }

    /// Keeps a finished game if it is among the K longest; says whether it was kept.
    pub fn offer(&mut self, find: Catch) -> bool {
        if find.is_loop() || self.size == 0 {
            return false;
        }
        if self.heap.len() == self.size
            && self
                .heap
                .peek()
                .is_some_and(|Reverse(worst)| ByLength(find) <= *worst)
        {
            return false;
        }
        if self.deals.contains(&find.pack) {
            // The same deal, so the same game: only an earlier place changes anything.
            let later = self
                .heap
                .iter()
                .any(|Reverse(ByLength(kept))| kept.pack == find.pack && kept.order > find.order);
            if !later {
                return false;
            }
            self.heap
                .retain(|Reverse(ByLength(kept))| kept.pack != find.pack);
        }
        self.heap.push(Reverse(ByLength(find)));
        self.deals.insert(find.pack);
        if self.heap.len() > self.size
            && let Some(Reverse(ByLength(out))) = self.heap.pop()
        {
            self.deals.remove(&out.pack);
        }
        true
    }

    /// The least number of cards a game needs to be kept: 0 while there is room.
    pub(super) fn floor(&self) -> u64 {
        if self.heap.len() < self.size {
            return 0;
        }
        self.heap
            .peek()
            .map_or(u64::MAX, |Reverse(worst)| worst.0.outcome.cards)
    }

    /// The games kept.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// Whether no game is kept.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// The kept games, longest first.
    pub fn games(&self) -> Vec<Catch> {
        let mut games: Vec<Catch> = self.heap.iter().map(|Reverse(ByLength(f))| *f).collect();
        games.sort_by_key(|f| Reverse(f.length()));
        games
    }
}

/// The K longest of both: ties go to the earlier place, so the order of merging never matters.
impl Merge for Top {
    fn merge(&mut self, other: &Top) {
        for Reverse(ByLength(catch)) in &other.heap {
            self.offer(*catch);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Outcome, Status};
    use crate::index;

    fn find(order: u128, cards: u64, tricks: u64) -> Catch {
        Catch {
            order,
            pack: index::pack(order).unwrap(),
            outcome: Outcome {
                status: Status::Finished,
                cards,
                tricks,
            },
        }
    }

    #[test]
    fn the_top_keeps_the_longest_and_the_earliest_on_ties() {
        let mut top = Top::new(3);
        for (order, cards, tricks) in [(1, 10, 2), (2, 30, 4), (3, 20, 3), (4, 30, 4), (5, 30, 5)] {
            top.offer(find(order, cards, tricks));
        }
        let kept: Vec<u128> = top.games().iter().map(|f| f.order).collect();
        assert_eq!(kept, [5, 2, 4]);
        assert!(!top.offer(find(6, 30, 4)));
        assert!(top.offer(find(0, 30, 4)));
        let kept: Vec<u128> = top.games().iter().map(|f| f.order).collect();
        assert_eq!(kept, [5, 0, 2]);
        assert!(!Top::new(0).offer(find(1, 1, 1)));
    }

    #[test]
    fn the_top_holds_a_deal_once_at_its_earliest_place() {
        let mut top = Top::new(3);
        let mut twice = find(7, 50, 5);
        assert!(top.offer(twice));
        twice.order = 9;
        assert!(!top.offer(twice));
        twice.order = 3;
        assert!(top.offer(twice));
        assert_eq!(top.len(), 1);
        assert_eq!(top.games()[0].order, 3);
    }
}
