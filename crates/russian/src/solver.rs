//! The exact solver: for a game whose every card is known, the highest score any sequence of
//! legal moves reaches, one sequence that reaches it, and a proof that nothing does better.
//!
//! The score never falls and every game can be played on to its end, so the highest final
//! score is the highest score of any reachable position. Positions form a graph without cycles
//! (every move is led by a card that never leads again, see [`Game`]), and the solver
//! computes the maximum score below each position depth first, remembering it:
//!
//! - a **transposition table** holds the maximum of every position searched, under an exact
//!   key (52 six-bit codes, see `Key`), so no position is searched twice and no hash collision
//!   can mislead it;
//! - **empty columns are treated as one**: a king goes only to the first empty column, and the
//!   key does not tell apart columns with no face-down card, since nothing else distinguishes
//!   them (the foundation moves they allow are the same in any order);
//! - **a bound**: [`upper_bound`] of the starting position, the score of a relaxed game. As soon
//!   as a line meets it, the search stops: that line is the proof. Otherwise the search goes
//!   through every position reachable, and that is the proof.
//!
//! With a node budget the search may stop early; it then reports the best score found and the
//! bound, and does not claim a maximum. The `_cancellable` searches also stop, with no answer,
//! within a millisecond or so of their [`Cancel`] being raised, or when they would pass the
//! positions they are allowed to examine: every move tried from a position searched, its
//! position seen before or not. That count, unlike the positions searched, follows the time a
//! search takes whatever the position: from one with every card face up, most moves lead to
//! positions seen before, and examining them is most of the work. They stop as well before
//! their table of positions would pass the memory they are allowed ([`Allowance`]), or take
//! more of the memory their work shares ([`cancel::Memory`]) than it has free.
//!
//! Two usual refinements were measured over deals 0 to 2,999 and left out: ordering moves by
//! promise, and bounding every position (not only the start), each change the number of
//! positions searched by under 3% and cost more time than they save — most deals are lost,
//! and a lost deal's positions must all be seen whatever the order. Committing to "safe" moves
//! was measured too: moving a card onto the next higher card of its suit is not always safe
//! (two such moves can exclude each other, each carrying the other's target into its own
//! column), and committing only where it provably is — onto a card that can never move again —
//! saved about 9% of the positions.

use crate::fast::Game;
use crate::position::{FOUNDATION, Move, MoveKind, Moves, NONE, Position, UNSEEN};
use cancel::{Cancel, Cancelled, Share};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The highest score found.
    pub best: u32,
    /// A proven upper bound on the score: equal to `best` when the search is complete.
    pub bound: u32,
    /// `best` is proven to be the maximum. False only when a node budget ran out first.
    pub complete: bool,
    /// Moves from the start (after its foundation moves) to a position scoring `best`.
    pub line: Vec<Move>,
    /// Positions generated and searched.
    pub nodes: u64,
}

impl Solution {
    /// All 52 cards can reach the foundations.
    pub fn won(&self) -> bool {
        self.best == 52
    }
}

/// Why a search has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unsolved {
    /// The search passed its budget of positions searched.
    #[error("the search passed its budget of positions searched")]
    OverBudget,
    /// The search passed the positions it was allowed to examine.
    #[error("the search passed the positions it was allowed to examine")]
    OverAllowance,
    /// The search's table of positions would pass the memory it was allowed.
    #[error("the search's table of positions would pass the memory it was allowed")]
    OverMemory,
    /// The search was asked to stop.
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
}

/// What the searches of one request may spend: the positions they examine, which they use
/// up, and the memory one search's table may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allowance {
    /// The positions the searches may still examine: every move tried from a position
    /// searched, its position seen before or not.
    pub positions: u64,
    /// The most bytes one search's table of positions may hold, counted as the table is laid
    /// out: while it grows, its old and its new layout together.
    pub memory: u64,
}

impl Allowance {
    /// No bound: what the command line allows.
    pub const UNBOUNDED: Allowance = Allowance {
        positions: u64::MAX,
        memory: u64::MAX,
    };

    /// `positions` to examine, and no bound on memory.
    pub const fn positions(positions: u64) -> Allowance {
        Allowance {
            positions,
            memory: u64::MAX,
        }
    }
}

/// Positions examined between two looks at the search's [`Cancel`]: well under a millisecond.
const CHECK_EVERY: u64 = 1 << 10;

/// A solver: its table and buffers are kept from one search to the next.
#[derive(Default)]
pub struct Solver {
    /// The maximum score of every position searched through.
    values: HashMap<Key, u8, BuildHasherDefault<KeyHasher>>,
    path: Vec<Move>,
    line: Vec<Move>,
    best: u32,
    nodes: u64,
    budget: u64,
    /// Moves tried from the positions searched.
    examined: u64,
    /// The most moves the search may try.
    allowance: u64,
    /// The most bytes the table may hold.
    memory: u64,
    /// What the table holds of the memory the search's work shares.
    share: Share,
    /// Why the search stopped before its end, if it did.
    stopped: Option<Unsolved>,
    cancel: Cancel,
}

impl Solver {
    /// A solver with an empty table.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Solves `game` from where it stands (its pending foundation moves made first), searching
    /// at most `budget` positions if a budget is given.
    ///
    /// ```
    /// use russian::fast::Game;
    /// use russian::solver::Solver;
    ///
    /// let game = Game::deal(0);
    /// let solution = Solver::new().solve(&game, None);
    /// assert!(solution.complete && solution.best == solution.bound);
    /// // Its line reaches the maximum.
    /// let mut replay = game.clone();
    /// replay.settle(&mut |_| {});
    /// for &mv in &solution.line {
    ///     replay.make(mv, &mut |_| {}).expect("a legal move");
    /// }
    /// assert_eq!(replay.score(), solution.best);
    /// ```
    pub fn solve(&mut self, game: &Game, budget: Option<u64>) -> Solution {
        self.searched(game, budget, Allowance::UNBOUNDED, Cancel::new())
    }

    /// [`Solver::solve`] examining at most `allowed` positions, which it lessens by those it
    /// examined, and stopping when `cancel` is raised: the same answer whenever neither stops
    /// it. Past `budget` the answer is not complete, as [`Solver::solve`]'s.
    ///
    /// # Errors
    ///
    /// [`Unsolved::OverAllowance`] when the search would pass `allowed`'s positions,
    /// [`Unsolved::OverMemory`] its memory; [`Unsolved::Cancelled`] once `cancel` is raised.
    pub fn solve_cancellable(
        &mut self,
        game: &Game,
        budget: Option<u64>,
        allowed: &mut Allowance,
        cancel: &Cancel,
    ) -> Result<Solution, Unsolved> {
        let solution = self.searched(game, budget, *allowed, cancel.clone());
        allowed.positions -= self.examined;
        match self.stopped {
            Some(
                why @ (Unsolved::OverAllowance | Unsolved::OverMemory | Unsolved::Cancelled(_)),
            ) => Err(why),
            _ => Ok(solution),
        }
    }

    fn searched(
        &mut self,
        game: &Game,
        budget: Option<u64>,
        allowed: Allowance,
        cancel: Cancel,
    ) -> Solution {
        let mut game = game.clone();
        game.settle(&mut |_| {});
        self.start(game.score(), budget, allowed, cancel);
        let bound = upper_bound(&game);
        if self.best < bound {
            self.value(&game, bound);
        }
        let complete = self.best == bound || self.stopped.is_none();
        Solution {
            best: self.best,
            bound: if complete { self.best } else { bound },
            complete,
            line: self.line.clone(),
            nodes: self.nodes,
        }
    }

    /// The maximum score after each of `moves` (legal moves of `game`, a settled game), from one
    /// search whose table the moves share.
    pub fn move_values(&mut self, game: &Game, moves: &[Move]) -> Vec<u32> {
        self.start(game.score(), None, Allowance::UNBOUNDED, Cancel::new());
        self.values_after(game, moves)
    }

    /// [`Solver::move_values`] searching at most `budget` positions and examining at most
    /// `allowed` (which it lessens by those it examined), and stopping when `cancel` is raised:
    /// the same answer whenever none of them stops it.
    ///
    /// ```
    /// use cancel::Cancel;
    /// use russian::fast::Game;
    /// use russian::solver::{Allowance, Solver, Unsolved};
    ///
    /// let mut game = Game::deal(113);
    /// game.settle(&mut |_| {});
    /// let moves = game.position().moves().to_vec();
    /// let mut solver = Solver::new();
    /// let values = solver.move_values(&game, &moves);
    /// let (cancel, mut allowed) = (Cancel::new(), Allowance::UNBOUNDED);
    /// let within = solver.move_values_cancellable(&game, &moves, u64::MAX, &mut allowed, &cancel);
    /// assert_eq!(within, Ok(values));
    /// let few = solver.move_values_cancellable(&game, &moves, 10, &mut allowed, &cancel);
    /// assert_eq!(few, Err(Unsolved::OverBudget));
    /// let mut little = Allowance::positions(10);
    /// let over = solver.move_values_cancellable(&game, &moves, u64::MAX, &mut little, &cancel);
    /// assert_eq!((over, little.positions), (Err(Unsolved::OverAllowance), 0));
    /// let mut small = Allowance { memory: 4096, ..Allowance::UNBOUNDED };
    /// let over = solver.move_values_cancellable(&game, &moves, u64::MAX, &mut small, &cancel);
    /// assert_eq!(over, Err(Unsolved::OverMemory));
    /// cancel.cancel();
    /// let stopped = solver.move_values_cancellable(&game, &moves, u64::MAX, &mut allowed, &cancel);
    /// assert!(matches!(stopped, Err(Unsolved::Cancelled(_))));
    /// ```
    ///
    /// # Errors
    ///
    /// [`Unsolved::OverBudget`] when the search would pass `budget` positions searched before
    /// every move's value is known, [`Unsolved::OverAllowance`] when it would pass `allowed`'s
    /// positions examined, [`Unsolved::OverMemory`] its memory; [`Unsolved::Cancelled`] once
    /// `cancel` is raised.
    pub fn move_values_cancellable(
        &mut self,
        game: &Game,
        moves: &[Move],
        budget: u64,
        allowed: &mut Allowance,
        cancel: &Cancel,
    ) -> Result<Vec<u32>, Unsolved> {
        self.start(game.score(), Some(budget), *allowed, cancel.clone());
        let values = self.values_after(game, moves);
        allowed.positions -= self.examined;
        match self.stopped {
            Some(why) => Err(why),
            None => Ok(values),
        }
    }

    /// Positions searched since the last search began.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// [`Solver::move_values`] keeping the table of the calls since [`Solver::forget`], which
    /// must all have been on games with the same face-down cards as `game`: the table's keys
    /// do not hold them.
    pub(crate) fn move_values_kept(&mut self, game: &Game, moves: &[Move]) -> Vec<u32> {
        let table = std::mem::take(&mut self.values);
        self.start(game.score(), None, Allowance::UNBOUNDED, Cancel::new());
        self.values = table;
        self.values_after(game, moves)
    }

    /// Empties the table, for a game with other face-down cards.
    pub(crate) fn forget(&mut self) {
        self.values.clear();
    }

    fn values_after(&mut self, game: &Game, moves: &[Move]) -> Vec<u32> {
        moves
            .iter()
            .map(|&mv| {
                let mut child = game.clone();
                child.make_unchecked(mv, &mut |_| {});
                let key = key(&child.position);
                if let Some(&value) = self.values.get(&key) {
                    return u32::from(value);
                }
                let value = self.value(&child, upper_bound(&child));
                if self.room() {
                    self.values.insert(key, value as u8);
                }
                value
            })
            .collect()
    }

    fn start(&mut self, score: u32, budget: Option<u64>, allowed: Allowance, cancel: Cancel) {
        self.values.clear();
        self.path.clear();
        self.line.clear();
        self.best = score;
        self.nodes = 0;
        self.budget = budget.unwrap_or(u64::MAX);
        self.examined = 0;
        self.allowance = allowed.positions;
        self.memory = allowed.memory;
        self.stopped = None;
        // The table keeps its layout from the last search, unless that is larger than this
        // one's memory lets a table grow to: where the search stops must not depend on the
        // searches before it.
        if table_bytes(self.values.capacity()) > largest_table(self.memory) {
            self.values = HashMap::default();
        }
        // This search's work holds the layout now.
        self.share = cancel.share();
        if self
            .share
            .resize(table_bytes(self.values.capacity()))
            .is_err()
        {
            self.stopped = Some(Unsolved::Cancelled(Cancelled));
        }
        self.cancel = cancel;
    }

    /// Whether the table has room for one more position: when full it grows, if the memory
    /// allowed and the memory shared let it hold its old and new layouts together; otherwise
    /// the search stops.
    fn room(&mut self) -> bool {
        if self.values.len() < self.values.capacity() {
            return true;
        }
        if self.stopped.is_some() {
            return false;
        }
        let held = table_bytes(self.values.capacity());
        let moving = held + table_bytes(self.values.len() + 1);
        if moving > self.memory {
            self.stopped = Some(Unsolved::OverMemory);
            return false;
        }
        if self.share.resize(moving).is_err() {
            self.stopped = Some(Unsolved::Cancelled(Cancelled));
            return false;
        }
        self.values.reserve(1);
        // The old layout is freed once the table has moved.
        let grown = self.share.resize(table_bytes(self.values.capacity()));
        debug_assert!(grown.is_ok(), "a share that shrinks is never refused");
        true
    }

    /// The maximum score reachable from `game`, given that it is at most `bound`; records the
    /// best score met anywhere and the moves to it. Once stopped (the budget spent, or
    /// cancelled), only a lower bound.
    fn value(&mut self, game: &Game, bound: u32) -> u32 {
        let score = game.score();
        if score > self.best {
            self.best = score;
            self.line.clone_from(&self.path);
        }
        let mut value = score;
        for &mv in search_moves(&game.position).iter() {
            if value == bound || self.stopped.is_some() {
                break;
            }
            if self.examined == self.allowance {
                self.stopped = Some(Unsolved::OverAllowance);
                break;
            }
            if self.examined.is_multiple_of(CHECK_EVERY) && self.cancel.is_cancelled() {
                self.stopped = Some(Unsolved::Cancelled(Cancelled));
                break;
            }
            self.examined += 1;
            let mut child = game.clone();
            child.make_unchecked(mv, &mut |_| {});
            let key = key(&child.position);
            let child_value = match self.values.get(&key) {
                Some(&known) => u32::from(known),
                None => {
                    if self.nodes == self.budget {
                        self.stopped = Some(Unsolved::OverBudget);
                        break;
                    }
                    self.nodes += 1;
                    self.path.push(mv);
                    let v = self.value(&child, bound);
                    self.path.pop();
                    if self.room() {
                        self.values.insert(key, v as u8);
                    }
                    v
                }
            };
            value = value.max(child_value);
        }
        value
    }
}

/// The bytes of a table laid out to hold `capacity` positions: a power of two of buckets with at
/// most 7 positions in 8 (4 or 8 buckets for the smallest), each bucket a key, its value and a
/// control byte.
fn table_bytes(capacity: usize) -> u64 {
    let buckets = match capacity {
        0 => 0,
        1..4 => 4,
        4..8 => 8,
        _ => (capacity * 8 / 7).next_power_of_two(),
    };
    buckets as u64 * BUCKET_BYTES
}

const BUCKET_BYTES: u64 = std::mem::size_of::<(Key, u8)>() as u64 + 1;

/// The bytes of the largest table a search allowed `memory` grows to, each growth holding the
/// old and the new layout together.
fn largest_table(memory: u64) -> u64 {
    let mut buckets: u64 = 4;
    while (3 * buckets).saturating_mul(BUCKET_BYTES) <= memory {
        if buckets > u64::MAX / 8 {
            return u64::MAX;
        }
        buckets *= 2;
    }
    buckets * BUCKET_BYTES
}

/// The legal moves worth searching: a king goes only to the first empty column, since all
/// empty columns are alike. (Ordering the moves by promise was measured: it changes the number
/// of positions searched by under 1% and costs more time than it saves.)
pub(crate) fn search_moves(position: &Position) -> Moves {
    let mut moves = position.moves();
    let first_empty = (0..7).find(|&k| position.is_empty(k)).unwrap_or(7) as u8;
    moves.retain(|mv| mv.kind == MoveKind::Column || mv.to == first_empty);
    moves
}

/// A position written exactly, as 52 six-bit codes (ten to a word), one per card: the card it
/// lies on (0 to 51), first face-up card of column k over face-down cards (52 + k), first card
/// of a column with nothing under it (59), on its foundation (60), face down (61). The
/// face-down cards of a column are known from the deal, so this is the whole position, up to
/// the order of the columns that have no face-down card.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Key([u64; 6]);

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut h = 0u64;
        for word in self.0 {
            h = (h.rotate_left(23) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        state.write_u64(h ^ (h >> 29));
    }
}

/// Passes on the key's own mixed 64 bits.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub(crate) fn key(p: &Position) -> Key {
    // The code of a card that lies on no face-up card, by its place.
    let mut first = [59u8; 9];
    for (k, code) in first.iter_mut().enumerate().take(7) {
        if p.down[k] > 0 {
            *code = 52 + k as u8;
        }
    }
    first[FOUNDATION as usize] = 60;
    first[UNSEEN as usize] = 61;
    let mut words = [0u64; 6];
    for (w, word) in words.iter_mut().enumerate() {
        let mut x = 0u64;
        for c in (10 * w..52.min(10 * w + 10)).rev() {
            let below = p.below[c];
            let code = if below != NONE {
                below
            } else {
                first[p.place[c] as usize]
            };
            x = x << 6 | u64::from(code);
        }
        *word = x;
    }
    Key(words)
}

/// An upper bound on the score reachable from `game`: the score of a relaxed game that can do
/// everything the real one can and more. In the relaxed game every column keeps its cards in
/// order; a card is *free* once it has been face up (it is last in its column, or was face up
/// to begin with); and
///
/// - the last card of a column goes to its foundation when it is next there;
/// - a free card leaves its column together with every card above it — to nowhere in
///   particular — when it is a king, or when the next higher card of its suit is free and not in
///   the same column (the real game needs that card to be last in another column, and a card
///   above or below it in its own column can never be: it leaves only with it);
/// - a card that has left goes to its foundation when it is next there.
///
/// Each real move is allowed in the relaxed game, and a relaxed move only ever makes more
/// moves possible, so playing every relaxed move until none is left reaches at least every
/// foundation card any real play can: the cards that stay buried are a deadlock no play can
/// break.
pub fn upper_bound(game: &Game) -> u32 {
    /// `column` of a card that has left the columns (gone somewhere or up).
    const OUT: u8 = 7;
    let p = &game.position;
    let mut cards = [[0u8; 52]; 7];
    let mut len = [0usize; 7];
    let mut column = [OUT; 52];
    let mut free = [false; 52];
    let mut up = p.foundation;
    for k in 0..7 {
        let start = game.start[k] as usize;
        for &c in &game.hidden[start..start + p.down[k] as usize] {
            cards[k][len[k]] = c;
            len[k] += 1;
            column[c as usize] = k as u8;
        }
        let mut c = p.first[k];
        while c != NONE {
            cards[k][len[k]] = c;
            len[k] += 1;
            column[c as usize] = k as u8;
            free[c as usize] = true;
            c = p.next[c as usize];
        }
    }
    loop {
        let mut changed = false;
        for k in 0..7 {
            while len[k] > 0 {
                let t = cards[k][len[k] - 1] as usize;
                // A card newly free may free cards in the columns already looked at.
                changed |= !std::mem::replace(&mut free[t], true);
                if (t % 13) as u8 == up[t / 13] {
                    up[t / 13] += 1;
                    column[t] = OUT;
                    len[k] -= 1;
                    changed = true;
                } else {
                    break;
                }
            }
            for i in 0..len[k] {
                let z = cards[k][i] as usize;
                let leaves = if z % 13 == 12 {
                    i > 0 && (0..7).any(|j| j != k && len[j] == 0)
                } else {
                    let target = z + 1;
                    let j = column[target] as usize;
                    j == OUT as usize || (j != k && cards[j][len[j] - 1] as usize == target)
                };
                if free[z] && leaves {
                    for &c in &cards[k][i..len[k]] {
                        column[c as usize] = OUT;
                        free[c as usize] = true;
                    }
                    len[k] = i;
                    changed = true;
                    break;
                }
            }
        }
        for (s, height) in up.iter_mut().enumerate() {
            while *height < 13 && column[13 * s + *height as usize] == OUT {
                *height += 1;
                changed = true;
            }
        }
        if !changed {
            return up.iter().map(|&n| u32::from(n)).sum();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timing::{PROMPTLY, raised_after};
    use std::time::Duration;

    #[test]
    fn a_flag_never_raised_changes_no_answer() {
        let (mut solver, cancel) = (Solver::new(), Cancel::new());
        for number in 0..200 {
            let game = Game::deal(number);
            for budget in [None, Some(500)] {
                let solution = solver.solve(&game, budget);
                let mut allowed = Allowance::UNBOUNDED;
                let cancellable = solver.solve_cancellable(&game, budget, &mut allowed, &cancel);
                assert_eq!(cancellable, Ok(solution), "deal {number}");
            }
            let mut settled = game.clone();
            settled.settle(&mut |_| {});
            let moves = settled.position().moves().to_vec();
            let values = solver.move_values(&settled, &moves);
            let mut allowed = Allowance::UNBOUNDED;
            let cancellable =
                solver.move_values_cancellable(&settled, &moves, u64::MAX, &mut allowed, &cancel);
            assert_eq!(cancellable, Ok(values), "deal {number}");
        }
    }

    #[test]
    fn a_search_stops_before_its_table_passes_its_memory_or_takes_more_than_its_work_shares() {
        // The largest search among the first million deals: 120,169 positions, some 22 MB.
        let game = Game::deal(138_136);
        let whole = Solver::new().solve(&game, None);
        let within = |memory: u64, cancel: &Cancel| {
            let mut allowed = Allowance {
                memory,
                ..Allowance::UNBOUNDED
            };
            Solver::new().solve_cancellable(&game, None, &mut allowed, cancel)
        };
        assert_eq!(within(32 << 20, &Cancel::new()), Ok(whole.clone()));
        assert_eq!(within(16 << 20, &Cancel::new()), Err(Unsolved::OverMemory));
        let shared = cancel::Memory::new(16 << 20);
        let work = Cancel::new().child_sharing(&shared);
        let crowded = within(u64::MAX, &work);
        assert_eq!(crowded, Err(Unsolved::Cancelled(Cancelled)));
        assert!(work.is_crowded());
        let shared = cancel::Memory::new(32 << 20);
        let work = Cancel::new().child_sharing(&shared);
        assert_eq!(within(u64::MAX, &work), Ok(whole));
        // Each solver gave back its share when it was dropped.
        assert_eq!(shared.free(), 32 << 20);
    }

    #[test]
    fn a_flag_raised_on_another_thread_stops_the_longest_deal_within_100_ms() {
        // The largest search among the first million deals: 120,169 positions, 0.1 s.
        let game = Game::deal(138_136);
        let mut solver = Solver::new();
        let (solution, late) = raised_after(Duration::from_millis(20), |cancel| {
            let mut allowed = Allowance::UNBOUNDED;
            solver.solve_cancellable(&game, None, &mut allowed, cancel)
        });
        assert_eq!(solution, Err(Unsolved::Cancelled(Cancelled)));
        assert!(late <= PROMPTLY, "returned {late:?} after the flag");
        assert!(solver.nodes() < 120_169);
    }
}
