//! Solving any position: a line of jumps to a single peg (in a chosen hole, or anywhere), or a
//! proof that none exists together with the fewest pegs that can be left and a line leaving them.
//!
//! ```
//! use hiq::solve::{Goal, Verdict, solve};
//! use hiq::{Board, Hole};
//!
//! let start = Board::standard_start();
//! let solution = solve(start, Goal::Hole(Hole::CENTRE), 1 << 30, |_| {}).unwrap();
//! assert_eq!(solution.verdict, Verdict::Won);
//! assert_eq!(solution.jumps.len(), 31);
//! assert_eq!(solution.end, Board::from_holes([Hole::CENTRE]));
//!
//! // A corner is out of reach: de Bruijn's class says so before any search.
//! let corner = solve(start, Goal::Hole(Hole::new(1).unwrap()), 1 << 30, |_| {}).unwrap();
//! assert_eq!(corner.verdict, Verdict::LostByClass);
//! ```

use crate::board::Board;
use crate::hash::BoardSet;
use crate::hole::Hole;
use crate::jump::{JUMP_COUNT, Jump};
use crate::memory::{OverMemory, fallibly};
use crate::symmetry::Group;
use cancel::{Cancel, Cancelled};
use std::convert::Infallible;
use thiserror::Error;

/// What counts as a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// A single peg in this hole (the classic goal: the centre, hole 17).
    Hole(Hole),
    /// A single peg anywhere.
    Any,
}

impl Goal {
    fn is_won(self, board: Board) -> bool {
        match self {
            Goal::Hole(hole) => board == Board::from_holes([hole]),
            Goal::Any => board.peg_count() == 1,
        }
    }

    /// The symmetries that map winning positions to winning positions, so that a position and
    /// its images under them are won or lost together.
    fn group(self) -> Group {
        match self {
            Goal::Hole(hole) => Group::of(Board::from_holes([hole])),
            Goal::Any => Group::FULL,
        }
    }

    /// Whether some winning position has de Bruijn's class `class`.
    pub(crate) fn class_allows(self, class: u8) -> bool {
        match self {
            Goal::Hole(hole) => Board::from_holes([hole]).class() == class,
            Goal::Any => Hole::all().any(|hole| Board::from_holes([hole]).class() == class),
        }
    }
}

/// What the search found about the position: won, or lost and why. (Not an `Outcome`: that
/// word is for how one game ended.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The line of the [`Solution`] wins.
    Won,
    /// No line wins: every winning position differs from the start in de Bruijn's class, which
    /// no jump changes. The line leaves the fewest pegs possible.
    LostByClass,
    /// No line wins: every position reachable from the start was examined. The line leaves the
    /// fewest pegs possible.
    LostByExhaustion,
}

/// The answer of [`solve`]: the verdict and the line that shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Won, or lost and why.
    pub verdict: Verdict,
    /// A winning line, or one that leaves the fewest pegs.
    pub jumps: Vec<Jump>,
    /// The position the line ends in.
    pub end: Board,
    /// Distinct positions (up to the goal's symmetries) the search examined.
    pub positions: u64,
}

/// Why [`solve_cancellable`] has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Unsolved {
    /// The positions would pass the memory the search was given, or the system refused it.
    #[error(transparent)]
    OverMemory(#[from] OverMemory),
    /// The search was asked to stop.
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
}

/// Why a search stopped before its end: memory, or its `check` (whose error is `E`) said so.
enum Halt<E> {
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
struct Search<F, P, C, E> {
    stop: F,
    group: Group,
    seen: BoardSet,
    /// The representatives after each jump of the path being examined.
    path: Vec<Board>,
    best_path: Vec<Board>,
    best: Board,
    memory: u64,
    /// Set when the search stopped for want of memory, or because `check` said so.
    halt: Option<Halt<E>>,
    progress: P,
    /// Asked now and then whether to go on.
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

impl<F: Fn(Board) -> bool, P: FnMut(u64), C: FnMut() -> Result<(), E>, E> Search<F, P, C, E> {
    fn run(
        start: Board,
        group: Group,
        stop: F,
        memory: u64,
        progress: P,
        check: C,
    ) -> Result<(bool, Self), Halt<E>> {
        let start = group.canonical(start);
        let mut search = Search {
            stop,
            group,
            seen: BoardSet::default(),
            path: Vec::new(),
            best_path: Vec::new(),
            best: start,
            memory,
            halt: None,
            progress,
            check,
        };
        search.seen.insert(start.bits());
        let found = search.visit(start);
        if let Some(halt) = search.halt.take() {
            return Err(halt);
        }
        Ok((found, search))
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
        for jump in BY_SPREAD {
            let Some(next) = board.apply(jump) else {
                continue;
            };
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
                let seen = &mut self.seen;
                if fallibly(|| seen.try_reserve(1)).is_err() {
                    self.halt = Some(Halt::Over(OverMemory::Refused { held, positions }));
                    return true;
                }
            }
            let next = self.group.canonical(next);
            if !self.seen.insert(next.bits()) {
                continue;
            }
            if self.seen.len().is_multiple_of(CHECK_EVERY) {
                if let Err(e) = (self.check)() {
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
    fn line(&self, start: Board) -> (Vec<Jump>, Board) {
        unfold(start, self.group, &self.best_path)
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

/// Finds a winning line from `start`, or proves there is none and finds a line that leaves the
/// fewest pegs, holding at most `memory` bytes of positions seen; `progress` is told now and
/// then how many positions have been examined.
///
/// # Errors
///
/// [`OverMemory::Bound`] when the positions seen would pass `memory` (each takes 10 to 20 bytes,
/// and the table of them doubles when full, old and new held at once);
/// [`OverMemory::Refused`] if the system refuses the table memory before that.
pub fn solve(
    start: Board,
    goal: Goal,
    memory: u64,
    progress: impl FnMut(u64),
) -> Result<Solution, OverMemory> {
    searched(start, goal, memory, progress, || Ok::<(), Infallible>(())).map_err(
        |halt| match halt {
            Halt::Over(over) => over,
            Halt::Checked(never) => match never {},
        },
    )
}

/// [`solve`], stopping within some milliseconds of `cancel` being raised (it looks at it every
/// 4,096 positions): the same answer whenever it is not.
///
/// ```
/// use cancel::Cancel;
/// use hiq::solve::{Goal, Unsolved, solve, solve_cancellable};
/// use hiq::{Board, Hole};
///
/// let (start, centre) = (Board::standard_start(), Goal::Hole(Hole::CENTRE));
/// let cancel = Cancel::new();
/// let solution = solve_cancellable(start, centre, 1 << 30, &cancel, |_| {}).unwrap();
/// assert_eq!(solution, solve(start, centre, 1 << 30, |_| {}).unwrap());
/// cancel.cancel();
/// let stopped = solve_cancellable(start, centre, 1 << 30, &cancel, |_| {});
/// assert!(matches!(stopped, Err(Unsolved::Cancelled(_))));
/// ```
///
/// # Errors
///
/// As [`solve`]'s, as [`Unsolved::OverMemory`]; [`Unsolved::Cancelled`] once `cancel` is raised.
pub fn solve_cancellable(
    start: Board,
    goal: Goal,
    memory: u64,
    cancel: &Cancel,
    progress: impl FnMut(u64),
) -> Result<Solution, Unsolved> {
    searched(start, goal, memory, progress, || cancel.check()).map_err(|halt| match halt {
        Halt::Over(over) => Unsolved::OverMemory(over),
        Halt::Checked(cancelled) => Unsolved::Cancelled(cancelled),
    })
}

/// The search of [`solve`], asking `check` now and then whether to go on.
fn searched<E>(
    start: Board,
    goal: Goal,
    memory: u64,
    progress: impl FnMut(u64),
    check: impl FnMut() -> Result<(), E>,
) -> Result<Solution, Halt<E>> {
    let possible = goal.class_allows(start.class());
    if possible {
        let (won, search) = Search::run(
            start,
            goal.group(),
            |b| goal.is_won(b),
            memory,
            progress,
            check,
        )?;
        let verdict = if won {
            Verdict::Won
        } else {
            Verdict::LostByExhaustion
        };
        let (jumps, end) = search.line(start);
        return Ok(Solution {
            verdict,
            jumps,
            end,
            positions: search.seen.len() as u64,
        });
    }
    // Lost by class; still find the fewest pegs, stopping early at one (none can do better).
    let (_, search) = Search::run(
        start,
        Group::FULL,
        |b| b.peg_count() <= 1,
        memory,
        progress,
        check,
    )?;
    let (jumps, end) = search.line(start);
    Ok(Solution {
        verdict: Verdict::LostByClass,
        jumps,
        end,
        positions: search.seen.len() as u64,
    })
}

/// The next jump from `board` of a line that wins, or where none wins, of a line that leaves the
/// fewest pegs: the first jump of [`solve`]'s line, found with the same search and the same
/// bound on memory. `None` when no jump is possible (or the board is already won).
///
/// ```
/// use hiq::solve::{Goal, hint};
/// use hiq::{Board, Hole};
///
/// let start = hiq::position::parse_position("5 9 10 11 17 24").unwrap();
/// let jump = hint(start, Goal::Hole(Hole::CENTRE), 1 << 20).unwrap().unwrap();
/// assert_eq!(hiq::line::write(&[jump]), "10-12");
/// assert_eq!(hint(Board::from_holes([Hole::CENTRE]), Goal::Any, 1 << 20), Ok(None));
/// ```
///
/// # Errors
///
/// As [`solve`]'s.
pub fn hint(board: Board, goal: Goal, memory: u64) -> Result<Option<Jump>, OverMemory> {
    Ok(solve(board, goal, memory, |_| {})?.jumps.first().copied())
}

/// The jump of `jumps` played from `start` after which the goal could no longer be reached:
/// its index in `jumps`, or `None` when the line's end is still `winnable`, or its start was not.
///
/// A position from which some jump wins is winnable itself, so along a line the winnable
/// positions come first: the jump is found by halving, asking `winnable` of at most some
/// log₂ of the line's length positions (each a search for the solver), always including the
/// line's end. The first error of `winnable` is returned.
///
/// ```
/// use hiq::line;
/// use hiq::solve::{Goal, Verdict, losing_jump, solve};
///
/// // The cross of six pegs: winnable, until a peg jumps out of it.
/// let start = hiq::position::parse_position("5 9 10 11 17 24").unwrap();
/// let centre = Goal::Hole(hiq::Hole::CENTRE);
/// let winnable = |board| solve(board, centre, 1 << 30, |_| {}).map(|s| s.verdict == Verdict::Won);
/// let played = line::play(start, "10-12,24-10,9-11,11-13").unwrap();
/// assert_eq!(losing_jump(start, &played.jumps, winnable), Ok(Some(3)));
/// let played = line::play(start, "10-12,24-10,9-11").unwrap();
/// assert_eq!(losing_jump(start, &played.jumps, winnable), Ok(None));
/// ```
///
/// # Errors
///
/// `winnable`'s first error.
pub fn losing_jump<E>(
    start: Board,
    jumps: &[Jump],
    mut winnable: impl FnMut(Board) -> Result<bool, E>,
) -> Result<Option<usize>, E> {
    let mut boards = Vec::with_capacity(jumps.len() + 1);
    boards.push(start);
    for &jump in jumps {
        let Some(next) = boards.last().and_then(|b| b.apply(jump)) else {
            break;
        };
        boards.push(next);
    }
    let last = boards.len() - 1;
    if last == 0 || winnable(boards[last])? {
        return Ok(None);
    }
    // Position `won` is winnable (once checked) and `lost` is not.
    let (mut won, mut lost) = (0, last);
    if !winnable(boards[0])? {
        return Ok(None);
    }
    while lost - won > 1 {
        let middle = won + (lost - won) / 2;
        if winnable(boards[middle])? {
            won = middle;
        } else {
            lost = middle;
        }
    }
    Ok(Some(won))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashMap;
    use std::time::{Duration, Instant};

    fn board(holes: &[u8]) -> Board {
        Board::from_holes(holes.iter().map(|&n| Hole::new(n).unwrap()))
    }

    /// Solves with no bound on memory and no progress reports.
    fn solved(start: Board, goal: Goal) -> Solution {
        solve(start, goal, u64::MAX, |_| {}).unwrap()
    }

    fn replay(start: Board, jumps: &[Jump]) -> Board {
        jumps.iter().fold(start, |b, &j| {
            b.apply(j).expect("every jump of a line is legal")
        })
    }

    #[test]
    fn the_standard_start_is_won_in_the_centre() {
        let solution = solved(Board::standard_start(), Goal::Hole(Hole::CENTRE));
        assert_eq!(solution.verdict, Verdict::Won);
        assert_eq!(solution.jumps.len(), 31);
        assert_eq!(
            replay(Board::standard_start(), &solution.jumps),
            board(&[17])
        );
        assert_eq!(solution.end, board(&[17]));
    }

    #[test]
    fn the_standard_start_cannot_end_in_a_corner_by_class() {
        let solution = solved(Board::standard_start(), Goal::Hole(Hole::new(1).unwrap()));
        assert_eq!(solution.verdict, Verdict::LostByClass);
        assert_eq!(solution.end.peg_count(), 1);
        assert_eq!(
            replay(Board::standard_start(), &solution.jumps),
            solution.end
        );
    }

    #[test]
    fn a_won_position_needs_no_jump() {
        let solution = solved(board(&[17]), Goal::Hole(Hole::CENTRE));
        assert_eq!((solution.verdict, solution.jumps.len()), (Verdict::Won, 0));
    }

    #[test]
    fn small_dead_positions_are_lost_with_their_fewest_pegs() {
        // Two pegs far apart: nothing moves.
        let solution = solved(board(&[1, 33]), Goal::Any);
        assert_eq!(solution.verdict, Verdict::LostByExhaustion);
        assert_eq!((solution.end, solution.jumps.len()), (board(&[1, 33]), 0));
        // 16 17 18 in a row: one jump leaves two pegs side by side, and then one more jump
        // leaves one peg, but never in the centre... check both goals.
        let row = board(&[15, 16, 18]);
        let any = solved(row, Goal::Any);
        assert_eq!(any.verdict, Verdict::Won);
        assert_eq!(replay(row, &any.jumps).peg_count(), 1);
    }

    #[test]
    fn the_empty_board_is_lost_with_no_peg() {
        let solution = solved(Board::EMPTY, Goal::Any);
        assert_ne!(solution.verdict, Verdict::Won);
        assert_eq!(solution.end, Board::EMPTY);
    }

    /// Whether `goal` can be reached from `board`, and the fewest pegs any line leaves, worked
    /// out the plain way: every position as it is, each one's answer from its children's.
    fn plain(board: Board, goal: Goal, memo: &mut HashMap<Board, (bool, u32)>) -> (bool, u32) {
        if let Some(&known) = memo.get(&board) {
            return known;
        }
        let mut best = (goal.is_won(board), board.peg_count());
        for jump in board.legal_jumps() {
            let (won, fewest) = plain(board.apply(jump).unwrap(), goal, memo);
            best = (best.0 || won, best.1.min(fewest));
        }
        memo.insert(board, best);
        best
    }

    /// Positions of 6 to 14 pegs: random ones, and ones of random games from the standard start.
    fn positions(count: usize) -> Vec<Board> {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5EED);
        let mut boards = Vec::new();
        while boards.len() < count {
            let pegs = rng.random_range(6..=14);
            let mut board = Board::EMPTY;
            while board.peg_count() < pegs {
                board = board.with(Hole::new(rng.random_range(1..=33)).unwrap());
            }
            boards.push(board);
            let mut game = Board::standard_start();
            while game.peg_count() > rng.random_range(6..=14) {
                let jumps: Vec<Jump> = game.legal_jumps().collect();
                if jumps.is_empty() {
                    break;
                }
                game = game.apply(jumps[rng.random_range(0..jumps.len())]).unwrap();
            }
            boards.push(game);
        }
        boards
    }

    fn goals() -> [Goal; 5] {
        let hole = |n| Goal::Hole(Hole::new(n).unwrap());
        // Holes fixed by all 8 symmetries, by 2 (a flip, or a diagonal's), and by none but
        // the identity.
        [Goal::Any, hole(17), hole(2), hole(9), hole(1)]
    }

    #[test]
    fn agrees_with_the_plain_search_and_its_lines_are_legal() {
        for start in positions(150) {
            for goal in goals() {
                let (won, fewest) = plain(start, goal, &mut HashMap::new());
                let solution = solved(start, goal);
                assert_eq!(solution.verdict == Verdict::Won, won, "{start:?} {goal:?}");
                if solution.verdict == Verdict::LostByClass {
                    assert!(!goal.class_allows(start.class()));
                }
                assert_eq!(replay(start, &solution.jumps), solution.end);
                if won {
                    assert!(goal.is_won(solution.end), "{start:?} {goal:?}");
                } else {
                    assert_eq!(solution.end.peg_count(), fewest, "{start:?} {goal:?}");
                }
            }
        }
    }

    #[test]
    fn mirror_images_are_searched_alike() {
        let mut starts = positions(40);
        starts.push(board(&[
            4, 5, 6, 9, 10, 11, 15, 16, 17, 18, 19, 22, 23, 24, 25, 26, 29,
        ]));
        for start in starts {
            for goal in goals() {
                let solution = solved(start, goal);
                for symmetry in goal.group().symmetries() {
                    let image = symmetry.apply(start);
                    let mirrored = solved(image, goal);
                    assert_eq!(mirrored.verdict, solution.verdict);
                    assert_eq!(mirrored.positions, solution.positions);
                    assert_eq!(mirrored.jumps.len(), solution.jumps.len());
                    assert_eq!(replay(image, &mirrored.jumps), mirrored.end);
                    // The same end up to the goal's symmetries: from a start that is its own
                    // image, either of two mirrored jumps may be taken.
                    let class = |board| goal.group().canonical(board);
                    assert_eq!(
                        class(mirrored.end),
                        class(solution.end),
                        "{start:?} {goal:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_four_opening_jumps_are_searched_alike() {
        let centre = Goal::Hole(Hole::CENTRE);
        let openings: Vec<Solution> = Board::standard_start()
            .legal_jumps()
            .map(|jump| {
                let opened = Board::standard_start().apply(jump).unwrap();
                let solution = solved(opened, centre);
                assert_eq!(replay(opened, &solution.jumps), board(&[17]));
                solution
            })
            .collect();
        assert_eq!(openings.len(), 4);
        assert!(
            openings
                .iter()
                .all(|s| s.positions == openings[0].positions)
        );
    }

    #[test]
    fn a_hint_is_the_first_jump_of_a_best_line() {
        for start in positions(60) {
            for goal in goals() {
                let solution = solved(start, goal);
                let hint = hint(start, goal, u64::MAX).unwrap();
                assert_eq!(hint, solution.jumps.first().copied());
                let Some(jump) = hint else {
                    assert!(
                        solution.verdict == Verdict::Won || start.legal_jumps().next().is_none()
                    );
                    continue;
                };
                let next = solved(start.apply(jump).unwrap(), goal);
                if solution.verdict == Verdict::Won {
                    assert_eq!(next.verdict, Verdict::Won);
                } else {
                    assert_eq!(next.end.peg_count(), solution.end.peg_count());
                }
            }
        }
        let over = hint(Board::standard_start(), Goal::Hole(Hole::CENTRE), 1000);
        assert!(matches!(over, Err(OverMemory::Bound { limit: 1000, .. })));
    }

    #[test]
    fn a_flag_never_raised_changes_no_answer() {
        let cancel = Cancel::new();
        for start in positions(60) {
            for goal in goals() {
                let cancellable = solve_cancellable(start, goal, u64::MAX, &cancel, |_| {});
                assert_eq!(cancellable, Ok(solved(start, goal)), "{start:?} {goal:?}");
            }
        }
        let over = solve_cancellable(
            Board::standard_start(),
            Goal::Hole(Hole::CENTRE),
            1000,
            &cancel,
            |_| {},
        );
        assert!(matches!(
            over,
            Err(Unsolved::OverMemory(OverMemory::Bound { limit: 1000, .. }))
        ));
    }

    #[test]
    fn a_flag_raised_on_another_thread_stops_a_long_search_within_100_ms() {
        // 27 pegs, a single peg anywhere: past 64 MiB of positions after 3.7 s.
        let start = board(&[
            2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20, 21, 23, 25, 27, 28, 30,
            31, 32, 33,
        ]);
        let cancel = Cancel::new();
        let raiser = cancel.clone();
        let raised = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            raiser.cancel();
            Instant::now()
        });
        let stopped = solve_cancellable(start, Goal::Any, 64 << 20, &cancel, |_| {});
        let returned = Instant::now();
        let raised = raised.join().unwrap();
        assert!(matches!(stopped, Err(Unsolved::Cancelled(Cancelled))));
        let late = returned.saturating_duration_since(raised);
        assert!(
            late <= Duration::from_millis(100),
            "returned {late:?} after the flag"
        );
    }
}
