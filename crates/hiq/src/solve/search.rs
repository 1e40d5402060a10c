//! The search behind [`solve`](super::solve): depth first over the classes of positions under the
//! goal's symmetries, each examined once through its representative, the jumps tried in the order
//! that gathers the pegs; and the path of classes it finds unfolded into jumps from the start.

use super::pagoda::Pagodas;
use crate::board::Board;
use crate::hash::BoardSet;
use crate::hole::Hole;
use crate::jump::{JUMP_COUNT, Jump};
use crate::memory::{OverMemory, fallibly};
use crate::symmetry::Group;

/// Why a search stopped before its end: memory, or its `check` (whose error is `E`) said so.
pub(super) enum Halt<E> {
    Over(OverMemory),
    Checked(E),
}

/// Depth-first search over the positions reachable from a start, each examined once: a position
/// seen before (or one of its images under the goal's symmetries) leads nowhere new.
///
/// The search goes from class to class of positions under those symmetries, always through the
/// class's representative (its canonical form): what it examines, and in which order, then
/// depends on the classes alone, so that a position and its mirror images are solved by the same
/// search, in the same time. [`unfold`] turns its path back into jumps from the start as given.
/// From each position the jumps are tried in the order of [`BY_SPREAD`].
pub(super) struct Search<F, P, C, E> {
    stop: F,
    /// The functions that rule positions out, each left unexamined, when the search only asks
    /// whether `stop` can hold (the line of the fewest pegs may pass through them).
    cuts: Option<Pagodas>,
    group: Group,
    seen: BoardSet,
    /// The representatives after each jump of the path being examined.
    path: Vec<Board>,
    best_path: Vec<Board>,
    best: Board,
    memory: u64,
    /// The most positions the search examines; past them it stops, [`Search::cut`] short.
    limit: usize,
    /// Set when the search stopped at `limit`.
    cut: bool,
    /// Set when the search stopped for want of memory, or because `check` said so.
    halt: Option<Halt<E>>,
    progress: P,
    /// Asked now and then whether to go on, told the bytes the table holds (or will hold while
    /// it grows: its old and new layouts together).
    check: C,
}

/// The spread of a peg in `hole`: its squared distance from the centre.
const fn spread(hole: Hole) -> i32 {
    let (dr, dc) = (hole.row() as i32 - 3, hole.col() as i32 - 3);
    dr * dr + dc * dc
}

/// What a jump takes off the pegs' spread (the sum of their squared distances from the centre):
/// the spreads of the pegs leaving `from` and `over`, less that of the one landing in `to`.
const fn gathering(jump: Jump) -> i32 {
    spread(jump.from) + spread(jump.over) - spread(jump.to)
}

/// Every jump, the ones that gather the pegs towards the centre the most first, and in the order
/// of [`Jump::ALL`] among equals. A search that tries them in this order finds a win where the
/// pegs close in on the centre early, and leaves stragglers on the arms less often: from the 151
/// won positions of 20 random games from the standard start, it examined 21.3 million positions
/// to find their wins against 62.0 million in the order of [`Jump::ALL`] (and 90 million with
/// that order on the positions' representatives). The order is the same for every image of a
/// position under the symmetries, so a position and its images are still searched alike.
const BY_SPREAD: [Jump; JUMP_COUNT] = {
    let mut jumps = Jump::ALL;
    // Insertion sort, stable: a constant cannot call the slice's sort.
    let mut i = 1;
    while i < JUMP_COUNT {
        let mut j = i;
        while j > 0 && gathering(jumps[j - 1]) < gathering(jumps[j]) {
            let before = jumps[j - 1];
            jumps[j - 1] = jumps[j];
            jumps[j] = before;
            j -= 1;
        }
        i += 1;
    }
    jumps
};

/// A jump of [`BY_SPREAD`] as cells: the pegs it needs, and the hole it lands in; and its index
/// in [`Jump::ALL`], by which the pagoda functions know it.
#[derive(Clone, Copy)]
struct Step {
    needs: u64,
    lands: u64,
    index: usize,
}

/// [`BY_SPREAD`] as cells, so that whether each can be made is two masks (the search's
/// innermost test: every jump is tried from every position examined).
const STEPS: [Step; JUMP_COUNT] = {
    let mut steps = [Step {
        needs: 0,
        lands: 0,
        index: 0,
    }; JUMP_COUNT];
    let mut i = 0;
    while i < JUMP_COUNT {
        let jump = BY_SPREAD[i];
        let (needs, lands) = (
            1 << jump.from.cell() | 1 << jump.over.cell(),
            1 << jump.to.cell(),
        );
        // Jumps differ in where they start or land: the two cells find the jump in the list.
        let mut index = 0;
        while 1 << Jump::ALL[index].from.cell() | 1 << Jump::ALL[index].over.cell() != needs
            || 1 << Jump::ALL[index].to.cell() != lands
        {
            index += 1;
        }
        steps[i] = Step {
            needs,
            lands,
            index,
        };
        i += 1;
    }
    steps
};

/// Positions examined between two calls of the solver's progress.
const PROGRESS_EVERY: usize = 1 << 16;

/// Positions examined between two calls of the solver's check: a few milliseconds of work, and
/// a divisor of [`PROGRESS_EVERY`], so that one test of the count serves both.
const CHECK_EVERY: usize = 1 << 12;

/// The bytes of a table of seen positions that has room for `capacity` of them: a key and a
/// control byte per bucket, at most 7 keys in 8 buckets.
fn table_bytes(capacity: usize) -> u64 {
    (capacity as u64 + 1) * 8 / 7 * 9
}

impl<F: Fn(Board) -> bool, P: FnMut(u64), C: FnMut(u64) -> Result<(), E>, E> Search<F, P, C, E> {
    /// Searches from `start` until `stop` holds, every position has been examined, or `limit`
    /// positions have been: whether `stop` held (never when cut short), and the search.
    pub(super) fn run(
        start: Board,
        group: Group,
        (stop, cuts): (F, Option<Pagodas>),
        (memory, limit): (u64, u64),
        progress: P,
        check: C,
    ) -> Result<(bool, Self), Halt<E>> {
        let start = group.canonical(start);
        let mut search = Search {
            stop,
            cuts,
            group,
            seen: BoardSet::default(),
            path: Vec::new(),
            best_path: Vec::new(),
            best: start,
            memory,
            limit: usize::try_from(limit).unwrap_or(usize::MAX),
            cut: false,
            halt: None,
            progress,
            check,
        };
        search.seen.insert(start.bits());
        let found = search.visit(start);
        if let Some(halt) = search.halt.take() {
            return Err(halt);
        }
        Ok((found && !search.cut, search))
    }

    /// Searches on from `board`, a representative.
    fn visit(&mut self, board: Board) -> bool {
        if board.peg_count() < self.best.peg_count() {
            self.best = board;
            self.best_path.clone_from(&self.path);
        }
        if (self.stop)(board) {
            self.best = board;
            self.best_path.clone_from(&self.path);
            return true;
        }
        let sums = self.cuts.as_ref().map(|cuts| cuts.sums(board));
        let bits = board.bits();
        for step in &STEPS {
            if bits & step.needs != step.needs || bits & step.lands != 0 {
                continue;
            }
            let next = Board::from_bits(bits ^ step.needs ^ step.lands);
            if let (Some(cuts), Some(sums)) = (&self.cuts, &sums)
                && cuts.rule_out(sums, step.index)
            {
                continue;
            }
            // The table doubles when full: old and new are held together while it moves.
            if self.seen.len() == self.seen.capacity() {
                let positions = self.seen.len() as u64;
                let held = table_bytes(self.seen.capacity());
                if held * 3 > self.memory {
                    self.halt = Some(Halt::Over(OverMemory::Bound {
                        limit: self.memory,
                        positions,
                    }));
                    return true;
                }
                if let Err(e) = (self.check)(held * 3) {
                    self.halt = Some(Halt::Checked(e));
                    return true;
                }
                let seen = &mut self.seen;
                if fallibly(|| seen.try_reserve(1)).is_err() {
                    self.halt = Some(Halt::Over(OverMemory::Refused { held, positions }));
                    return true;
                }
                if let Err(e) = (self.check)(table_bytes(self.seen.capacity())) {
                    self.halt = Some(Halt::Checked(e));
                    return true;
                }
            }
            let next = self.group.canonical(next);
            if !self.seen.insert(next.bits()) {
                continue;
            }
            if self.seen.len() > self.limit {
                self.cut = true;
                return true;
            }
            if self.seen.len().is_multiple_of(CHECK_EVERY) {
                if let Err(e) = (self.check)(table_bytes(self.seen.capacity())) {
                    self.halt = Some(Halt::Checked(e));
                    return true;
                }
                if self.seen.len().is_multiple_of(PROGRESS_EVERY) {
                    (self.progress)(self.seen.len() as u64);
                }
            }
            self.path.push(next);
            if self.visit(next) {
                return true;
            }
            self.path.pop();
        }
        false
    }

    /// The best line found, as jumps from `start`, and where it ends.
    pub(super) fn line(&self, start: Board) -> (Vec<Jump>, Board) {
        unfold(start, self.group, &self.best_path)
    }

    /// Whether the search stopped at its limit of positions, before `stop` held and before it
    /// had examined every position.
    pub(super) fn cut(&self) -> bool {
        self.cut
    }

    /// The positions examined: the classes seen.
    pub(super) fn positions(&self) -> u64 {
        self.seen.len() as u64
    }
}

/// The jumps from `start` through a position of each class of `path` in turn (classes under
/// `group`, given by their representatives), and the position they end in.
///
/// If `s` maps a position onto the representative before a step and the step is a jump `j`, the
/// image of `j` under the inverse of `s` leads from the position into the class after the step:
/// so a jump into each class always exists, and any one found will do.
fn unfold(start: Board, group: Group, path: &[Board]) -> (Vec<Jump>, Board) {
    let mut board = start;
    let mut jumps = Vec::with_capacity(path.len());
    for &class in path {
        let step = board.legal_jumps().find_map(|jump| {
            let next = board.apply(jump)?;
            (group.canonical(next) == class).then_some((jump, next))
        });
        let Some((jump, next)) = step else { break };
        jumps.push(jump);
        board = next;
    }
    (jumps, board)
}
