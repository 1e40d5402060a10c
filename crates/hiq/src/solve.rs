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

mod pagoda;
mod search;
#[cfg(test)]
mod tests;

use crate::board::Board;
use crate::hole::Hole;
use crate::jump::Jump;
use crate::memory::OverMemory;
use crate::symmetry::Group;
use cancel::{Cancel, Cancelled};
use pagoda::Pagodas;
use search::{Halt, Search};
use std::convert::Infallible;
use thiserror::Error;

/// What counts as a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
        Hole::all().any(|hole| self.allows(hole) && Board::from_holes([hole]).class() == class)
    }

    /// Whether a single peg in `hole` wins.
    fn allows(self, hole: Hole) -> bool {
        match self {
            Goal::Hole(goal) => hole == goal,
            Goal::Any => true,
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
    /// no jump changes. Decided before any search; the line is the one leaving the fewest pegs
    /// that a short search finds (see [`Solution::fewest`]).
    LostByClass,
    /// No line wins: every position reachable from the start was examined, or ruled out by a
    /// pagoda function (weights on the holes whose sum over the pegs no jump raises, and which
    /// no single peg the goal allows could be left from). The line is the one leaving the
    /// fewest pegs that a second search, which rules out nothing, finds within the positions it
    /// is allowed (see [`Solution::fewest`]).
    LostByExhaustion,
}

/// The answer of [`solve`]: the verdict and the line that shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Won, or lost and why.
    pub verdict: Verdict,
    /// A winning line, or one that leaves the fewest pegs (that the search found, when lost by
    /// class).
    pub jumps: Vec<Jump>,
    /// The position the line ends in.
    pub end: Board,
    /// Whether no line leaves fewer pegs than the line's end: always when won; when lost,
    /// whether the search for the line examined every position, or left the least any line
    /// could (a single peg; two for [`Goal::Any`], which no line can leave one of), within the
    /// positions it was allowed (always for [`solve`]; [`CLASS_LINE_POSITIONS`] when lost by
    /// class).
    pub fewest: bool,
    /// Distinct positions (up to the symmetries of the goal) the searches examined: for the
    /// verdict, and for the line when lost.
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
    let unchecked = |_| Ok::<(), Infallible>(());
    searched(start, goal, (memory, u64::MAX), progress, unchecked).map_err(|halt| match halt {
        Halt::Over(over) => over,
        Halt::Checked(never) => match never {},
    })
}

/// [`solve`], stopping within some milliseconds of `cancel` being raised (it looks at it every
/// 4,096 positions), and searching for the line of a lost position through at most
/// `line_positions` (past them, the line found so far, [`Solution::fewest`] false): the same
/// answer as [`solve`] whenever `cancel` is not raised and `line_positions` is `u64::MAX`, and
/// the same verdict whatever `line_positions`.
///
/// ```
/// use cancel::Cancel;
/// use hiq::solve::{Goal, Unsolved, Verdict, solve, solve_cancellable};
/// use hiq::{Board, Hole};
///
/// let (start, centre) = (Board::standard_start(), Goal::Hole(Hole::CENTRE));
/// let cancel = Cancel::new();
/// let solution = solve_cancellable(start, centre, 1 << 30, u64::MAX, &cancel, |_| {}).unwrap();
/// assert_eq!(solution, solve(start, centre, 1 << 30, |_| {}).unwrap());
///
/// // Two pegs side by side and one far from them: lost (the class allows a last peg in 1, 16,
/// // 19 or 31); given no position for its line, the line is not searched, and may not leave
/// // the fewest pegs.
/// let apart = hiq::position::parse_position("1 2 32").unwrap();
/// let lost = solve_cancellable(apart, Goal::Any, 1 << 30, 0, &cancel, |_| {}).unwrap();
/// assert_eq!((lost.verdict, lost.fewest), (Verdict::LostByExhaustion, false));
/// let best = solve_cancellable(apart, Goal::Any, 1 << 30, u64::MAX, &cancel, |_| {}).unwrap();
/// assert_eq!((best.end.peg_count(), best.fewest), (2, true));
///
/// cancel.cancel();
/// let stopped = solve_cancellable(start, centre, 1 << 30, u64::MAX, &cancel, |_| {});
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
    line_positions: u64,
    cancel: &Cancel,
    progress: impl FnMut(u64),
) -> Result<Solution, Unsolved> {
    // The table's bytes are a share of the memory the work shares, if it shares some.
    let mut share = cancel.share();
    let check = |held| {
        share.resize(held)?;
        cancel.check()
    };
    searched(start, goal, (memory, line_positions), progress, check).map_err(|halt| match halt {
        Halt::Over(over) => Unsolved::OverMemory(over),
        Halt::Checked(cancelled) => Unsolved::Cancelled(cancelled),
    })
}

/// The most positions examined for the line of a position lost by class, which its class
/// decides before any search: the line leaving the fewest pegs may take a search of every
/// position reachable (40,055,662 and 7 minutes, on a busy machine, from the full board less 21
/// and 24 for the centre), where the verdict is known at once. About 2 ms of search, which finds
/// the fewest pegs from small positions (from large ones, a line towards them).
pub const CLASS_LINE_POSITIONS: u64 = 1 << 12;

/// The searches of [`solve`], asking `check` now and then whether to go on, telling it the bytes
/// their table holds: one for the verdict, which rules out what the pagoda functions can, and
/// where that finds no win, one for the line leaving the fewest pegs, through at most
/// `line_positions`.
fn searched<E>(
    start: Board,
    goal: Goal,
    (memory, line_positions): (u64, u64),
    mut progress: impl FnMut(u64),
    mut check: impl FnMut(u64) -> Result<(), E>,
) -> Result<Solution, Halt<E>> {
    let (verdict, examined) = if goal.class_allows(start.class()) {
        let cuts = Pagodas::towards(|hole| goal.allows(hole));
        let (won, search) = Search::run(
            start,
            goal.group(),
            (|b| goal.is_won(b), Some(cuts)),
            (memory, u64::MAX),
            &mut progress,
            &mut check,
        )?;
        if won {
            let (jumps, end) = search.line(start);
            return Ok(Solution {
                verdict: Verdict::Won,
                jumps,
                end,
                positions: search.positions(),
                fewest: true,
            });
        }
        (Verdict::LostByExhaustion, search.positions())
    } else {
        (Verdict::LostByClass, 0)
    };
    // The fewest pegs, stopping early at the least any line could leave: one, or two where no
    // single peg can be left anywhere (the goal of a single peg anywhere, lost).
    let least = if goal == Goal::Any { 2 } else { 1 };
    let (group, limit) = match verdict {
        Verdict::LostByClass => (Group::FULL, CLASS_LINE_POSITIONS),
        _ => (goal.group(), line_positions),
    };
    let (_, search) = Search::run(
        start,
        group,
        (|b: Board| b.peg_count() <= least, None),
        (memory, limit),
        |positions| progress(examined + positions),
        &mut check,
    )?;
    let (jumps, end) = search.line(start);
    Ok(Solution {
        verdict,
        jumps,
        end,
        positions: examined + search.positions(),
        fewest: !search.cut(),
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
