//! The record hunt: one-pack deals played in bulk, keeping what a hunter wants — every loop, every
//! finished game of at least some length, and the K longest finished games — and the climb, a
//! local search from a deal.
//!
//! Every deal a search plays has a place in the search's order (its `order`: the deal's number in
//! a random search, its index in an exhaustive one, the step of a climb). A search is cut into
//! runs of consecutive places; [`haul`] plays a run and keeps its finds, and [`Tally::commit`]
//! takes the hauls in order and says which finds to report. Nothing here depends on how the runs
//! are shared among threads: ties between games of equal length go to the earlier place, so the
//! K longest are the same whatever order the runs are played in.

use crate::deal::Dealer;
use crate::engine::Engine;
use crate::game::{Outcome, Status};
use crate::pack::Pack;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::cmp::{Ordering, Reverse};
use std::collections::{BinaryHeap, HashSet};
use std::ops::Range;

/// Deals played per call of the eight-lane engine: the deals of a batch are kept, so that a find
/// can be reported with its deal; 8,192 deals are 416 kB, which stay in the level-2 cache.
pub(crate) const BATCH: usize = 8192;

/// Loops listed by a [`Tally`], the earliest first (all of them are reported as they are found).
pub const LOOPS_LISTED: usize = 100;

/// A deal worth reporting: its place in the search, the deal (52 penalties, as
/// [`crate::fast::play_pack`] takes them; saved as its index) and how the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Find {
    pub order: u128,
    #[serde(rename = "index", with = "as_index")]
    pub pack: Pack,
    pub outcome: Outcome,
}

/// One-pack deals saved as their camicia.dev index.
mod as_index {
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

impl Find {
    pub fn is_loop(&self) -> bool {
        matches!(self.outcome.status, Status::Loop { .. })
    }

    /// Whether the find is at a place in `places` and its deal ends as it says (played again).
    fn holds(&self, places: &Range<u128>) -> bool {
        places.contains(&self.order) && crate::fast::play_pack(&self.pack) == self.outcome
    }

    /// Greater is longer: more cards, then more tricks, then the earlier place.
    fn length(&self) -> (u64, u64, Reverse<u128>) {
        (self.outcome.cards, self.outcome.tricks, Reverse(self.order))
    }
}

/// What a search keeps besides loops: the `top` longest finished games, and every finished game
/// of at least `min_cards` cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Keep {
    pub top: usize,
    pub min_cards: Option<u64>,
}

/// A finished game ordered by [`Find::length`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ByLength(Find);

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

/// The K longest finished games, each deal once (a climb meets deals again; the earliest meeting
/// stands). Saved as its size and its games.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(into = "Kept", from = "Kept")]
pub struct Top {
    size: usize,
    /// The shortest kept game on top.
    heap: BinaryHeap<Reverse<ByLength>>,
    deals: HashSet<Pack>,
}

/// A [`Top`] as it is saved.
#[derive(Clone, Serialize, Deserialize)]
struct Kept {
    size: usize,
    games: Vec<Find>,
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

impl Top {
    pub fn new(size: usize) -> Top {
        Top {
            size,
            heap: BinaryHeap::new(),
            deals: HashSet::new(),
        }
    }

    /// Keeps a finished game if it is among the K longest; says whether it was kept.
    pub fn offer(&mut self, find: Find) -> bool {
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
    fn floor(&self) -> u64 {
        if self.heap.len() < self.size {
            return 0;
        }
        self.heap
            .peek()
            .map_or(u64::MAX, |Reverse(worst)| worst.0.outcome.cards)
    }

    pub fn len(&self) -> usize {
        self.heap.len()
    }

    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// The kept games, longest first.
    pub fn games(&self) -> Vec<Find> {
        let mut games: Vec<Find> = self.heap.iter().map(|Reverse(ByLength(f))| *f).collect();
        games.sort_by_key(|f| Reverse(f.length()));
        games
    }

    pub fn merge(&mut self, other: Top) {
        for Reverse(ByLength(find)) in other.heap {
            self.offer(find);
        }
    }
}

/// The finds of a run of deals.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Haul {
    keep: Keep,
    /// Deals played.
    pub deals: u64,
    /// Every loop, in search order.
    pub loops: Vec<Find>,
    /// Every finished game of at least `keep.min_cards` cards, in search order.
    pub long: Vec<Find>,
    /// The run's K longest finished games.
    pub top: Top,
    /// The run's longest finished game, whatever K (the climb follows it).
    pub best: Option<Find>,
}

impl Haul {
    pub fn new(keep: Keep) -> Haul {
        Haul {
            keep,
            deals: 0,
            loops: Vec::new(),
            long: Vec::new(),
            top: Top::new(keep.top),
            best: None,
        }
    }

    /// Plays deals whose places in the search start at `first`.
    fn play(&mut self, engine: Engine, packs: &[Pack], first: u128) {
        let mut at_least = self.threshold();
        engine.play_packs(packs.iter().copied(), |k, outcome| {
            let order = first + u128::from(k);
            self.note(order, outcome, || packs[k as usize], &mut at_least);
        });
        self.deals += packs.len() as u64;
    }

    /// The fewest cards a finished game needs to be looked at: most are shorter.
    fn threshold(&self) -> u64 {
        self.keep
            .min_cards
            .unwrap_or(u64::MAX)
            .min(self.top.floor())
            .min(self.best.map_or(0, |b| b.outcome.cards))
    }

    /// Keeps the game at `order` if it is a find; `pack` makes its deal, only then.
    #[inline(always)]
    fn note(
        &mut self,
        order: u128,
        outcome: Outcome,
        pack: impl FnOnce() -> Pack,
        at_least: &mut u64,
    ) {
        let find = |pack: Pack| Find {
            order,
            pack,
            outcome,
        };
        match outcome.status {
            Status::Loop { .. } => self.loops.push(find(pack())),
            Status::Finished if outcome.cards >= *at_least => {
                let find = find(pack());
                if outcome.cards >= self.keep.min_cards.unwrap_or(u64::MAX) {
                    self.long.push(find);
                }
                self.top.offer(find);
                if self.best.is_none_or(|best| ByLength(find) > ByLength(best)) {
                    self.best = Some(find);
                }
                *at_least = self.threshold();
            }
            Status::Finished => {}
        }
    }

    /// The finds of this run and the next one.
    pub fn merge(&mut self, other: Haul) {
        self.deals += other.deals;
        self.loops.extend(other.loops);
        self.long.extend(other.long);
        self.top.merge(other.top);
        if let Some(best) = other.best
            && self.best.is_none_or(|mine| ByLength(best) > ByLength(mine))
        {
            self.best = Some(best);
        }
        self.sort();
    }

    fn sort(&mut self) {
        self.loops.sort_by_key(|f| f.order);
        self.long.sort_by_key(|f| f.order);
    }
}

/// Plays deals whose places in the search start at `first` with `engine`, and keeps their finds.
pub fn haul(engine: Engine, packs: impl Iterator<Item = Pack>, first: u128, keep: Keep) -> Haul {
    let mut haul = Haul::new(keep);
    let mut packs = packs;
    let mut batch = Vec::with_capacity(BATCH.min(packs.size_hint().0.max(1)));
    let mut order = first;
    loop {
        batch.clear();
        batch.extend(packs.by_ref().take(BATCH));
        if batch.is_empty() {
            break;
        }
        haul.play(engine, &batch, order);
        order += batch.len() as u128;
    }
    haul.sort();
    haul
}

/// Plays the random deals `deals` of `dealer` (each at its index as its place in the search)
/// and keeps their finds: [`haul`] of `dealer.packs(deals)`, faster, as only finds are dealt
/// as packs.
pub fn haul_dealt(
    engine: Engine,
    dealer: &Dealer,
    deals: std::ops::Range<u64>,
    keep: Keep,
) -> Haul {
    let mut haul = Haul::new(keep);
    let mut at_least = haul.threshold();
    dealer.play(engine, deals.clone(), |index, outcome| {
        haul.note(index.into(), outcome, || dealer.pack(index), &mut at_least);
    });
    haul.deals = deals.end.saturating_sub(deals.start);
    haul.sort();
    haul
}

/// What a whole search has found, run after run, in search order.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Tally {
    keep: Keep,
    deals: u128,
    top: Top,
    /// Loops reported, and the first [`LOOPS_LISTED`] of them.
    loops: u64,
    first_loops: Vec<Find>,
    /// Finished games of at least `keep.min_cards` cards reported.
    long: u64,
    /// Deals reported so far, when a deal can be met twice (a climb); otherwise none is kept.
    #[serde(with = "reported")]
    reported: Option<HashSet<Pack>>,
}

/// The deals a climb has reported, saved as their indices in increasing order.
mod reported {
    use crate::{Pack, index};
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::collections::HashSet;

    pub fn serialize<S: Serializer>(
        set: &Option<HashSet<Pack>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let indices = set.as_ref().map(|set| {
            let mut indices: Vec<u128> = set.iter().filter_map(index::index).collect();
            indices.sort_unstable();
            indices
        });
        indices.serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<HashSet<Pack>>, D::Error> {
        let Some(indices) = Option::<Vec<u128>>::deserialize(deserializer)? else {
            return Ok(None);
        };
        indices
            .into_iter()
            .map(|i| index::pack(i).ok_or_else(|| D::Error::custom("a deal index past the last")))
            .collect::<Result<_, _>>()
            .map(Some)
    }
}

impl Tally {
    /// A new tally; `distinct` when the search can meet a deal twice and should report it once.
    pub fn new(keep: Keep, distinct: bool) -> Tally {
        Tally {
            keep,
            deals: 0,
            top: Top::new(keep.top),
            loops: 0,
            first_loops: Vec::new(),
            long: 0,
            reported: distinct.then(HashSet::new),
        }
    }

    pub fn keep(&self) -> Keep {
        self.keep
    }

    /// Deals played.
    pub fn deals(&self) -> u128 {
        self.deals
    }

    /// The K longest finished games, longest first.
    pub fn longest(&self) -> Vec<Find> {
        self.top.games()
    }

    /// Loops found.
    pub fn loops(&self) -> u64 {
        self.loops
    }

    /// The first [`LOOPS_LISTED`] loops, in search order.
    pub fn first_loops(&self) -> &[Find] {
        &self.first_loops
    }

    /// Finished games of at least `keep.min_cards` cards.
    pub fn long(&self) -> u64 {
        self.long
    }

    /// Takes the next run's haul and gives the finds to report, in search order: its loops, its
    /// finished games of at least `min_cards` cards, and those of its longest games that are now
    /// among the K longest of the search. A deal is reported once.
    pub fn commit(&mut self, haul: Haul) -> Vec<Find> {
        self.deals += u128::from(haul.deals);
        let candidates = haul.top.games();
        for &find in &candidates {
            self.top.offer(find);
        }
        let kept: HashSet<u128> = self.top.heap.iter().map(|r| r.0.0.order).collect();
        let mut report: Vec<Find> = haul.loops;
        report.extend(haul.long);
        report.extend(candidates.into_iter().filter(|f| kept.contains(&f.order)));
        report.sort_by_key(|f| f.order);
        report.dedup_by_key(|f| f.order);
        if let Some(reported) = &mut self.reported {
            report.retain(|f| reported.insert(f.pack));
        }
        for find in &report {
            if find.is_loop() {
                self.loops += 1;
                if self.first_loops.len() < LOOPS_LISTED {
                    self.first_loops.push(*find);
                }
            } else if self.keep.min_cards.is_some_and(|c| find.outcome.cards >= c) {
                self.long += 1;
            }
        }
        report
    }

    /// Whether this can be the tally of the deals at `places` (in search order) with what it
    /// keeps: the counts add up, and every game it lists lies in those places and ends as it
    /// says (each is played again).
    ///
    /// # Errors
    ///
    /// What does not agree, in words.
    pub fn check(&self, keep: Keep, places: Range<u128>) -> Result<(), String> {
        let deals = places.end - places.start;
        if self.keep != keep || self.top.size != keep.top {
            return Err("it keeps other games than this search".into());
        }
        if self.deals != deals {
            return Err(format!("{} deals counted, {deals} played", self.deals));
        }
        let games = self.top.games();
        let loops_listed = self.first_loops.len() as u64;
        if games.len() > keep.top
            || self.loops < loops_listed
            || (self.loops > loops_listed && self.first_loops.len() < LOOPS_LISTED)
            || u128::from(self.loops) + u128::from(self.long) > deals
        {
            return Err(format!(
                "{} games kept, {} loops with {loops_listed} listed, {} long games",
                games.len(),
                self.loops,
                self.long
            ));
        }
        if !self.first_loops.windows(2).all(|w| w[0].order < w[1].order) {
            return Err("the loops are not in search order".into());
        }
        let found = |f: &Find| f.holds(&places);
        if !games.iter().all(|f| found(f) && !f.is_loop())
            || !self.first_loops.iter().all(|f| found(f) && f.is_loop())
        {
            return Err(
                "a game it lists is not the game of its deal, or not in this search".into(),
            );
        }
        Ok(())
    }
}

/// A whole search as a long run keeps it, between the chunks it commits: the tally, and for a
/// climb the climb and the finds of the round in progress (the rounds' chunks are merged, and
/// the climb moves on at the end of each round).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Hunt {
    tally: Tally,
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
            tally: Tally::new(keep, false),
            climbing: None,
        }
    }

    /// A climb from where `climb` stands.
    pub fn climb(keep: Keep, climb: Climb) -> Hunt {
        Hunt {
            tally: Tally::new(keep, true),
            climbing: Some(Climbing {
                climb,
                round: Haul::new(keep),
            }),
        }
    }

    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The climb, as the next round starts from it.
    pub fn climbing(&self) -> Option<&Climb> {
        self.climbing.as_ref().map(|c| &c.climb)
    }

    /// Takes the next run's haul, and gives the finds to report ([`Tally::commit`]). A climb
    /// gathers the hauls of a round and reports them when `ends_round`, moving on to the next
    /// round.
    pub fn commit(&mut self, haul: Haul, ends_round: bool) -> Vec<Find> {
        let Some(climbing) = &mut self.climbing else {
            return self.tally.commit(haul);
        };
        climbing.round.merge(haul);
        if !ends_round {
            return Vec::new();
        }
        let round = std::mem::replace(&mut climbing.round, Haul::new(self.tally.keep));
        climbing.climb.advance(round.best);
        self.tally.commit(round)
    }

    /// Whether this can be the hunt of the search places `places` ([`Tally::check`]), the
    /// current round's finds included.
    ///
    /// # Errors
    ///
    /// What does not agree, in words.
    pub fn check(&self, keep: Keep, places: Range<u128>) -> Result<(), String> {
        let Some(climbing) = &self.climbing else {
            return self.tally.check(keep, places);
        };
        let round = u128::from(climbing.round.deals);
        let committed = places.start..places.end - round.min(places.end - places.start);
        self.tally.check(keep, committed)?;
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

/// The climb: a local search from a deal, one round of [`ROUND`] neighbours at a time.
///
/// Step 0 is the starting deal itself. Each later step is a neighbour of the round's base: the
/// base changed by one to three moves, a move taking one of the 16 payment cards and either
/// swapping it with a card of another kind or moving it elsewhere in the pack (the cards between
/// close up). After a round, the longest finished neighbour becomes the base if it is at least
/// as long as the base (equal lengths let the climb cross plateaus). After [`PATIENCE`] rounds
/// without a longer base, one wide round draws six or seven moves from the longest game found so
/// far, and its longest finished neighbour becomes the base whatever its length: a kick out of
/// the local maximum that stays near the best region.
///
/// Moves come from ChaCha8 (`ChaCha8Rng::seed_from_u64(seed)`, stream 1): step n reads the 16
/// words from word 16·n, the first giving the number of moves and each move two words (the
/// payment card, the kind of move and the place). Every step depends only on the seed and the
/// state after the round before, so a climb is the same whatever the threads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Climb {
    key: [u8; 32],
    /// Step 0.
    #[serde(with = "as_index")]
    pub start: Pack,
    /// The base of the next round, with its outcome.
    pub base: Find,
    /// The longest finished game so far (the start until a finished game is played).
    pub best: Find,
    /// Rounds since the base last got longer.
    pub stale: u32,
}

/// Neighbours per round.
pub const ROUND: u64 = 4096;
/// Rounds without progress before a wide round.
pub const PATIENCE: u32 = 8;

/// Words of randomness per step: one ChaCha block.
const BLOCK: u128 = 16;

impl Climb {
    /// A climb from a one-pack deal.
    pub fn new(start: Pack, seed: u64) -> Climb {
        let find = Find {
            order: 0,
            pack: start,
            outcome: crate::fast::play_pack(&start),
        };
        Climb::resume(seed, start, find, find, 0)
    }

    /// A climb in the state a checkpoint recorded.
    pub fn resume(seed: u64, start: Pack, base: Find, best: Find, stale: u32) -> Climb {
        Climb {
            key: ChaCha8Rng::seed_from_u64(seed).get_seed(),
            start,
            base,
            best,
            stale,
        }
    }

    /// Whether the next round is a wide one.
    pub fn is_wide(&self) -> bool {
        self.stale >= PATIENCE
    }

    /// The deals of steps `range.start` to `range.end - 1` of the next round.
    pub fn steps(&self, range: std::ops::Range<u64>) -> impl Iterator<Item = Pack> + '_ {
        let mut rng = ChaCha8Rng::from_seed(self.key);
        rng.set_stream(1);
        rng.set_word_pos(u128::from(range.start) * BLOCK);
        let wide = self.is_wide();
        let base = if wide { self.best.pack } else { self.base.pack };
        range.map(move |step| {
            let words: [u32; BLOCK as usize] = std::array::from_fn(|_| rng.next_u32());
            if step == 0 {
                return self.start;
            }
            let moves = if wide {
                6 + (words[0] & 1) as usize
            } else {
                1 + below(words[0], 3)
            };
            let mut pack = base;
            for m in 0..moves {
                shake(&mut pack, words[1 + 2 * m], words[2 + 2 * m]);
            }
            pack
        })
    }

    /// Moves to the next round after one whose longest finished game was `longest`.
    pub fn advance(&mut self, longest: Option<Find>) {
        let wide = self.is_wide();
        let Some(longest) = longest else {
            self.stale = if wide { 0 } else { self.stale + 1 };
            return;
        };
        if ByLength(longest) > ByLength(self.best) || self.best.is_loop() {
            self.best = longest;
        }
        // A looping base counts as no length at all.
        let base = if self.base.is_loop() {
            (0, 0)
        } else {
            (self.base.outcome.cards, self.base.outcome.tricks)
        };
        let length = (longest.outcome.cards, longest.outcome.tricks);
        if wide || length.0 > base.0 {
            self.stale = 0;
        } else {
            self.stale += 1;
        }
        if wide || length >= base {
            self.base = longest;
        }
    }
}

/// A number uniform enough in 0 … n - 1 from a 32-bit word (the high part of word · n).
fn below(word: u32, n: usize) -> usize {
    ((u64::from(word) * n as u64) >> 32) as usize
}

/// One move: the payment card picked by `card` (the k-th from the top, k from its high bits)
/// swaps with a card of another kind near place `place`, or moves to `place`, as the lowest bit
/// of `card` says.
fn shake(pack: &mut Pack, card: u32, place: u32) {
    let k = below(card, 16);
    let i = pack
        .iter()
        .enumerate()
        .filter(|&(_, &p)| p > 0)
        .nth(k)
        .map_or(0, |(i, _)| i);
    let j = below(place, 52);
    if card & 1 == 0 {
        // Swapping two cards of a kind changes nothing: take the next place holding another kind.
        let j = (0..52)
            .map(|d| (j + d) % 52)
            .find(|&p| pack[p] != pack[i])
            .unwrap_or(i);
        pack.permute(|codes| codes.swap(i, j));
    } else {
        let j = if j == i { (i + 1) % 52 } else { j };
        pack.permute(|codes| {
            if i < j {
                codes[i..=j].rotate_left(1);
            } else {
                codes[j..=i].rotate_right(1);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::play_pack;
    use crate::index;

    const KEEP: Keep = Keep {
        top: 5,
        min_cards: Some(1000),
    };

    fn find(order: u128, cards: u64, tricks: u64) -> Find {
        Find {
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

    /// Every deal of a run played one by one, and what the run should keep.
    fn plainly(packs: &[Pack], first: u128, keep: Keep) -> (Vec<Find>, Vec<Find>, Vec<Find>) {
        let finds: Vec<Find> = (first..)
            .zip(packs)
            .map(|(order, &pack)| Find {
                order,
                pack,
                outcome: play_pack(&pack),
            })
            .collect();
        let loops = finds.iter().filter(|f| f.is_loop()).copied().collect();
        let long = finds
            .iter()
            .filter(|f| !f.is_loop() && f.outcome.cards >= keep.min_cards.unwrap())
            .copied()
            .collect();
        let mut finished: Vec<Find> = finds.into_iter().filter(|f| !f.is_loop()).collect();
        finished.sort_by_key(|f| Reverse(f.length()));
        finished.truncate(keep.top);
        (loops, long, finished)
    }

    #[test]
    fn a_haul_keeps_what_playing_one_by_one_finds() {
        // 20,000 random deals (over two batches) and the neighbourhood of Casella's loop.
        let random: Vec<Pack> = Dealer::new(4).packs(0..20_000).collect();
        let casella = 472_460_898_658_889_399_111 - 3000;
        let near: Vec<Pack> = index::packs(casella..casella + 6000).collect();
        for (packs, first) in [(random, 100), (near, casella)] {
            let haul = haul(Engine::best(), packs.iter().copied(), first, KEEP);
            let (loops, long, top) = plainly(&packs, first, KEEP);
            assert_eq!(haul.deals, packs.len() as u64);
            assert_eq!(haul.loops, loops);
            assert_eq!(haul.long, long);
            assert_eq!(haul.top.games(), top);
            assert_eq!(haul.best, top.first().copied());
        }
    }

    #[test]
    fn a_tally_sums_up_the_same_whatever_the_cut_into_runs() {
        let dealer = Dealer::new(8);
        let keep = Keep {
            top: 4,
            min_cards: Some(1200),
        };
        let whole = |cuts: &[u64]| {
            let mut tally = Tally::new(keep, false);
            let mut reported = Vec::new();
            for pair in cuts.windows(2) {
                let run = haul(
                    Engine::best(),
                    dealer.packs(pair[0]..pair[1]),
                    pair[0].into(),
                    keep,
                );
                reported.extend(tally.commit(run));
            }
            (reported, tally)
        };
        let (coarse, one) = whole(&[0, 30_000]);
        let (fine, other) = whole(&[0, 1, 7000, 7001, 12_345, 30_000]);
        let summary = |t: &Tally| (t.top.games(), t.deals, t.long, t.loops);
        assert_eq!(summary(&one), summary(&other));
        assert_eq!(one.deals, 30_000);
        // Reported: the long games, and the longest games as they joined the top at the end of
        // their run, so a finer cut reports more of them.
        let long = |r: &[Find]| -> Vec<Find> {
            r.iter()
                .filter(|f| f.outcome.cards >= 1200)
                .copied()
                .collect()
        };
        assert_eq!(long(&coarse), long(&fine));
        assert_eq!(long(&coarse).len() as u64, one.long);
        for reported in [&coarse, &fine] {
            assert!(one.top.games().iter().all(|f| reported.contains(f)));
            assert!(reported.windows(2).all(|w| w[0].order < w[1].order));
        }
        assert!(fine.len() > coarse.len());
    }

    #[test]
    fn random_deals_dealt_by_every_engine_find_what_their_packs_find() {
        let dealer = Dealer::new(8);
        let keep = Keep {
            top: 6,
            min_cards: Some(900),
        };
        let summary = |h: Haul| (h.deals, h.loops, h.long, h.top.games(), h.best);
        for deals in [0..0, 3..5, 100..30_107] {
            let from_packs = haul(
                Engine::scalar(),
                dealer.packs(deals.clone()),
                deals.start.into(),
                keep,
            );
            let from_packs = summary(from_packs);
            for engine in Engine::available() {
                let dealt = haul_dealt(engine, &dealer, deals.clone(), keep);
                assert_eq!(dealt.best.is_some(), !deals.is_empty());
                assert_eq!(summary(dealt), from_packs, "{engine}, deals {deals:?}");
            }
        }
    }

    #[test]
    fn a_tally_of_a_climb_reports_a_deal_once() {
        let keep = Keep {
            top: 2,
            min_cards: Some(0),
        };
        let pack = Dealer::new(1).pack(0);
        let mut tally = Tally::new(keep, true);
        let first = tally.commit(haul(Engine::best(), [pack, pack].into_iter(), 0, keep));
        assert_eq!(first.len(), 1);
        assert!(
            tally
                .commit(haul(Engine::best(), [pack].into_iter(), 2, keep))
                .is_empty()
        );
        assert_eq!(tally.long, 1);
        assert_eq!(tally.deals, 3);
    }

    #[test]
    fn neighbours_are_one_pack_and_near() {
        let start = Dealer::new(3).pack(9);
        let climb = Climb::new(start, 5);
        let steps: Vec<Pack> = climb.steps(0..2000).collect();
        assert_eq!(steps[0], start);
        for pack in &steps {
            assert!(index::index(pack).is_some());
        }
        // Mostly near: a single swap changes two places.
        let changed_two = steps
            .iter()
            .filter(|p| p.iter().zip(start.iter()).filter(|(a, b)| a != b).count() == 2)
            .count();
        assert!(changed_two > 200, "{changed_two}");
        // The same steps, one by one or in runs.
        let again: Vec<Pack> = (0..2000).flat_map(|s| climb.steps(s..s + 1)).collect();
        assert_eq!(steps, again);
    }

    #[test]
    fn a_climb_goes_up_and_kicks_when_stuck() {
        let mut climb = Climb::new(Dealer::new(3).pack(9), 5);
        let start = climb.base.outcome.cards;
        let keep = Keep {
            top: 1,
            min_cards: None,
        };
        let mut wide_rounds = 0;
        for round in 0..40 {
            wide_rounds += u32::from(climb.is_wide());
            let first = round * ROUND;
            let haul = haul(
                Engine::best(),
                climb.steps(first..first + ROUND),
                first.into(),
                keep,
            );
            let best = climb.best.outcome.cards;
            climb.advance(haul.best);
            assert!(climb.best.outcome.cards >= best);
        }
        assert!(
            climb.best.outcome.cards > 2 * start,
            "{start} -> {:?}",
            climb.best
        );
        assert!(wide_rounds > 0);
    }

    #[test]
    fn a_move_swaps_or_moves_one_payment_card() {
        let start = index::pack(0).unwrap(); // AAAAKKKKQQQQJJJJ then 36 number cards
        let mut pack = start;
        // Card 0 (an ace) swapped with the next card of another kind from place 2: place 4.
        shake(&mut pack, 0, (2u64 << 32).div_ceil(52) as u32);
        assert_eq!(&pack[..6], &[3, 4, 4, 4, 4, 3]);
        let mut pack = start;
        // Card 0 moved to place 20: the others close up.
        shake(&mut pack, 1, (20u64 << 32).div_ceil(52) as u32);
        assert_eq!(pack[20], 4);
        assert_eq!(&pack[..4], &[4, 4, 4, 3]);
        assert_eq!(pack[14..20], [1, 0, 0, 0, 0, 0]);
    }
}
