//! What a player is told about a game in progress: whether the goal can still be reached from
//! where a line of jumps ends, and which jump of the line lost it.
//!
//! The answer comes from the table of prospects where it holds the position (at once), and from
//! the solver otherwise, within the memory and the positions the caller allows: a verdict is
//! always answered when the solver can judge the line's end, and the losing jump, which takes
//! more searches, is left unknown rather than searched for past its budget.
//!
//! ```
//! use cancel::Cancel;
//! use hiq::solve::Goal;
//! use hiq::verdict::{Budget, judge};
//!
//! // The cross of six pegs, and a peg that jumps out of it.
//! let start = hiq::position::parse_position("5 9 10 11 17 24").unwrap();
//! let played = hiq::line::play(start, "17-29").unwrap();
//! let centre = Goal::Hole(hiq::Hole::CENTRE);
//! let budget = Budget { memory: 1 << 26, positions: 1_000_000 };
//! let judged = judge(None, start, &played, centre, budget, &Cancel::new()).unwrap();
//! assert!(!judged.won() && !judged.by_table);
//! assert_eq!(judged.losing_jump, Some(0));
//! ```

use crate::board::Board;
use crate::hole::Hole;
use crate::line::Line;
use crate::prospects::Table;
use crate::solve::{Goal, Solution, Unsolved, Verdict, losing_jump, solve_cancellable};
use cancel::Cancel;

/// The goal when none is given: a single peg in the centre from the standard start, a single
/// peg anywhere from any other position.
pub fn default_goal(start: Board) -> Goal {
    if start == Board::standard_start() {
        Goal::Hole(Hole::CENTRE)
    } else {
        Goal::Any
    }
}

/// What judging a line may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The memory of each search, in bytes, as [`solve_cancellable`] takes it.
    pub memory: u64,
    /// The most positions the searches for the losing jump may examine together, beyond the
    /// search of the line's end: no search is begun past it.
    pub positions: u64,
}

/// The verdict for the end of a line, and the jump that lost it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// The solution from the line's end: won or lost, and the line that shows it.
    pub solution: Solution,
    /// Whether the table of prospects answered (then `solution.positions` is 0).
    pub by_table: bool,
    /// The index in the line of the first jump after which the goal could no longer be
    /// reached; `None` when it still can, never could, or is not known within the budget.
    pub losing_jump: Option<usize>,
}

impl Judged {
    /// Whether the goal can still be reached from the line's end.
    pub fn won(&self) -> bool {
        self.solution.verdict == Verdict::Won
    }
}

/// Whether `table` answers every search of a verdict from `start` for `goal` at once: it holds
/// `start`, and so every position a line from it reaches. Such a verdict need not be cancelled.
pub fn answered_at_once(table: Option<&Table>, start: Board, goal: Goal) -> bool {
    table.is_some_and(|t| t.wins(start, goal).is_some())
}

/// The verdict for the end of `played` (from `start`) for `goal`, asking `table` of every
/// position it holds and the solver of the others, and the line's losing jump, found within
/// `budget`.
///
/// # Errors
///
/// When the solver cannot judge the line's end within `budget.memory`, or `cancel` is raised.
pub fn judge(
    table: Option<&Table>,
    start: Board,
    played: &Line,
    goal: Goal,
    budget: Budget,
    cancel: &Cancel,
) -> Result<Judged, Unsolved> {
    let end = played.end;
    let (solution, by_table) = judged(table, end, goal, budget.memory, cancel)?;
    let won = solution.verdict == Verdict::Won;
    // The end's verdict is known; a position the solver cannot judge, or one past what the
    // searches for the losing jump may examine together, leaves the losing jump unknown rather
    // than the verdict unanswered.
    let mut examined = 0;
    let winnable = |board: Board| {
        if board == end {
            return Ok(won);
        }
        if let Some(won) = table.and_then(|t| t.wins(board, goal)) {
            return Ok(won);
        }
        if examined >= budget.positions {
            return Err(Unjudged::Spent);
        }
        let (solution, _) =
            judged(table, board, goal, budget.memory, cancel).map_err(Unjudged::Unsolved)?;
        examined += solution.positions;
        Ok(solution.verdict == Verdict::Won)
    };
    let losing_jump = match losing_jump(start, &played.jumps, winnable) {
        Ok(lost) => lost,
        Err(Unjudged::Spent | Unjudged::Unsolved(Unsolved::OverMemory(_))) => None,
        Err(Unjudged::Unsolved(cancelled)) => return Err(cancelled),
    };
    Ok(Judged {
        solution,
        by_table,
        losing_jump,
    })
}

/// Why a position along a verdict's line was not judged.
enum Unjudged {
    /// The searches for the losing jump examined their budget before it.
    Spent,
    /// Its own search stopped.
    Unsolved(Unsolved),
}

/// The table's answer for `board`, where it holds it, or the solver's within `memory`; and
/// whether the table answered.
fn judged(
    table: Option<&Table>,
    board: Board,
    goal: Goal,
    memory: u64,
    cancel: &Cancel,
) -> Result<(Solution, bool), Unsolved> {
    match table.and_then(|t| t.solve(board, goal)) {
        Some(solution) => Ok((solution, true)),
        None => Ok((
            solve_cancellable(board, goal, memory, cancel, |_| {})?,
            false,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{line, position};

    /// The memory of each search: the server's bound, far more than the cross needs.
    const MEMORY: u64 = 64 << 20;

    /// The cross of six pegs after `line`, judged for the centre with `positions` for the
    /// losing jump.
    fn judged_cross(line: &str, positions: u64) -> Judged {
        let start = position::parse_position("5 9 10 11 17 24").unwrap();
        let played = line::play(start, line).unwrap();
        let budget = Budget {
            memory: MEMORY,
            positions,
        };
        judge(
            None,
            start,
            &played,
            Goal::Hole(Hole::CENTRE),
            budget,
            &Cancel::new(),
        )
        .unwrap()
    }

    /// A jump out of the cross loses it: one search (of the cross) beyond the end's tells so,
    /// which the budget allows only while it is not spent.
    #[test]
    fn the_losing_jump_is_found_within_the_budget_and_left_unknown_past_it() {
        let found = judged_cross("17-29", 1);
        assert_eq!(found.losing_jump, Some(0), "{found:?}");
        let spent = judged_cross("17-29", 0);
        assert_eq!(spent.losing_jump, None, "{spent:?}");
        // The end's own search is outside the budget: its verdict is answered all the same.
        assert!(!spent.won(), "{spent:?}");
        assert!(!spent.by_table, "{spent:?}");
        assert_eq!(spent.solution.positions, found.solution.positions);
        // Halving a longer line takes more searches than the first allows.
        let long = "10-12,24-10,9-11,11-13";
        assert_eq!(judged_cross(long, 4_000_000).losing_jump, Some(3));
        assert_eq!(judged_cross(long, 1).losing_jump, None);
    }

    #[test]
    fn the_default_goal_is_the_centre_only_from_the_standard_start() {
        assert_eq!(
            default_goal(Board::standard_start()),
            Goal::Hole(Hole::CENTRE)
        );
        let cross = position::parse_position("5 9 10 11 17 24").unwrap();
        assert_eq!(default_goal(cross), Goal::Any);
    }
}
