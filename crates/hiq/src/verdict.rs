//! What a player is told about a game in progress: whether the goal can still be reached from
//! where a line of jumps ends, and which jump of the line lost it.
//!
//! The answer comes at once from the table of prospects where it holds the position, or from
//! de Bruijn's class where it rules the goal out (before any search, whatever the position), and
//! from the solver otherwise, within the memory and the positions the caller allows: a verdict is
//! always answered when the solver can judge the line's end, and the losing jump, which takes
//! more searches, is left unknown rather than searched for past its budget. [`ahead`] judges
//! every position one jump further, where that is at once, so that a page can show a verdict
//! with the jump that reaches it.
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
//! let budget = Budget { memory: 1 << 26, positions: 1_000_000, line: 1_000 };
//! let judged = judge(None, start, &played, centre, budget, None, &Cancel::new()).unwrap();
//! assert!(!judged.won() && !judged.by_table);
//! assert_eq!(judged.losing_jump, Some(0));
//! ```

use crate::board::Board;
use crate::hole::Hole;
use crate::line::Line;
use crate::prospects::Table;
use crate::solve::{Goal, Solution, Unsolved, Verdict, losing_jump, solve_cancellable};
use cancel::{Cancel, Cancelled};
pub use memo::Memo;
use memo::Question;

mod memo;

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
    /// The most positions the search for the line leaving the fewest pegs examines, once the
    /// line's end is found lost ([`solve_cancellable`]'s `line_positions`): the verdict is known
    /// before it, and stands whatever it finds.
    pub line: u64,
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

/// Whether every verdict of a line from `start` for `goal` is answered at once: `table` holds
/// `start`, and so every position a line from it reaches; or de Bruijn's class of `start`, which
/// every position after it shares, rules the goal out (and the solver's line for it is a short
/// search, [`CLASS_LINE_POSITIONS`](crate::solve::CLASS_LINE_POSITIONS)). Such a verdict need not
/// be cancelled.
pub fn answered_at_once(table: Option<&Table>, start: Board, goal: Goal) -> bool {
    !goal.class_allows(start.class()) || table.is_some_and(|t| t.wins(start, goal).is_some())
}

/// A line one jump longer than the line judged by [`ahead`], and its verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ahead {
    /// The line, with the jump at its end.
    pub played: Line,
    /// Its verdict, as [`judge`] gives it.
    pub judged: Judged,
}

/// Every line one legal jump longer than `played` (from `start`), in the order of
/// [`Board::legal_jumps`], each with its verdict for `goal` as [`judge`] gives it within
/// `budget` (and `memo`), leaving out those it cannot judge within `budget.memory`. A page that
/// asks for them while the player thinks has the verdict of the jump that follows before it is
/// made. Where they are [`answered_at_once`], no search runs and no budget is spent; otherwise
/// each is a judging of its own (a few milliseconds for most positions, seconds for some).
///
/// # Errors
///
/// [`Cancelled`] once `cancel` is raised.
pub fn ahead(
    table: Option<&Table>,
    (start, played): (Board, &Line),
    goal: Goal,
    budget: Budget,
    memo: Option<&Memo>,
    cancel: &Cancel,
) -> Result<Vec<Ahead>, Cancelled> {
    // At once: no search to cancel, and none that the budget would cut.
    let unbounded = Budget {
        memory: u64::MAX,
        positions: u64::MAX,
        line: u64::MAX,
    };
    let never = Cancel::new();
    let (budget, cancel) = if answered_at_once(table, start, goal) {
        (unbounded, &never)
    } else {
        (budget, cancel)
    };
    let mut lines = Vec::new();
    for jump in played.end.legal_jumps() {
        let mut jumps = played.jumps.clone();
        jumps.push(jump);
        let Some(end) = played.end.apply(jump) else {
            continue;
        };
        let played = Line { jumps, end };
        match judge(table, start, &played, goal, budget, memo, cancel) {
            Ok(judged) => lines.push(Ahead { played, judged }),
            Err(Unsolved::Cancelled(cancelled)) => return Err(cancelled),
            Err(Unsolved::OverMemory(_)) => {}
        }
    }
    Ok(lines)
}

/// The verdict for the end of `played` (from `start`) for `goal`, asking `table` of every
/// position it holds, `memo` of those it has kept and the solver of the others (keeping their
/// solutions in `memo`), and the line's losing jump, found within `budget`. The answer is the
/// same with or without `memo`, and whatever it holds.
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
    memo: Option<&Memo>,
    cancel: &Cancel,
) -> Result<Judged, Unsolved> {
    let end = played.end;
    let asked = |board, line_positions| Question {
        board,
        goal,
        bounds: (budget.memory, line_positions),
    };
    let (solution, by_table) = judged(table, asked(end, budget.line), memo, cancel)?;
    let won = solution.verdict == Verdict::Won;
    if solution.verdict == Verdict::LostByClass {
        // The start has the end's class, and was lost from the first: no jump lost it.
        return Ok(Judged {
            solution,
            by_table,
            losing_jump: None,
        });
    }
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
        // Only the verdict: no line.
        let (solution, _) =
            judged(table, asked(board, 0), memo, cancel).map_err(Unjudged::Unsolved)?;
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

/// The table's answer to `question`, where it holds its position, or the solver's (kept in
/// `memo`, or found and kept); and whether the table answered.
fn judged(
    table: Option<&Table>,
    question: Question,
    memo: Option<&Memo>,
    cancel: &Cancel,
) -> Result<(Solution, bool), Unsolved> {
    let Question {
        board,
        goal,
        bounds: (memory, line_positions),
    } = question;
    if let Some(solution) = table.and_then(|t| t.solve(board, goal)) {
        return Ok((solution, true));
    }
    let solve = || solve_cancellable(board, goal, memory, line_positions, cancel, |_| {});
    let solution = match memo {
        Some(memo) => memo.solve(question, solve)?,
        None => solve()?,
    };
    Ok((solution, false))
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
            line: u64::MAX,
        };
        judge(
            None,
            start,
            &played,
            Goal::Hole(Hole::CENTRE),
            budget,
            None,
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

    /// One jump ahead, every line is judged as `judge` judges it alone: at once where de
    /// Bruijn's class rules the goal out (one jump ahead of a start of a class no single peg
    /// has), by the solver within the budget where only it can judge (the cross of six pegs),
    /// with a memo or without; and a raised flag stops it.
    #[test]
    fn one_jump_ahead_is_judged_as_each_line_alone() {
        let lost = position::parse_position("10 12 17 19 25").unwrap();
        let played = line::play(lost, "12-26").unwrap();
        let (cancel, at_once) = (
            Cancel::new(),
            Budget {
                memory: MEMORY,
                positions: 0,
                line: u64::MAX,
            },
        );
        let next_lines = ahead(None, (lost, &played), Goal::Any, at_once, None, &cancel).unwrap();
        let legal: Vec<_> = played.end.legal_jumps().collect();
        assert_eq!(next_lines.len(), legal.len());
        for (next, jump) in next_lines.iter().zip(legal) {
            assert_eq!(next.played.jumps.last(), Some(&jump));
            let alone = judge(None, lost, &next.played, Goal::Any, at_once, None, &cancel);
            assert_eq!(Ok(&next.judged), alone.as_ref());
            assert_eq!(next.judged.solution.verdict, Verdict::LostByClass);
        }
        let cross = position::parse_position("5 9 10 11 17 24").unwrap();
        let played = line::play(cross, "10-12").unwrap();
        let centre = Goal::Hole(Hole::CENTRE);
        let budget = Budget {
            memory: MEMORY,
            positions: 1_000_000,
            line: 1_000,
        };
        let memo = Memo::new(1_000);
        let next_lines = ahead(None, (cross, &played), centre, budget, Some(&memo), &cancel);
        let next_lines = next_lines.unwrap();
        assert_eq!(next_lines.len(), played.end.legal_jumps().count());
        assert!(next_lines.iter().any(|next| next.judged.won()));
        assert!(
            next_lines
                .iter()
                .any(|next| next.judged.losing_jump == Some(1))
        );
        for next in &next_lines {
            let alone = judge(None, cross, &next.played, centre, budget, None, &cancel);
            assert_eq!(Ok(&next.judged), alone.as_ref());
        }
        let raised = Cancel::new();
        raised.cancel();
        let stopped = ahead(None, (cross, &played), centre, budget, None, &raised);
        assert_eq!(stopped.err(), Some(Cancelled));
    }

    /// A memo too small for a line's solutions forgets them and begins again: the same answers.
    #[test]
    fn a_memo_full_or_not_gives_the_answers_of_none() {
        let start = position::parse_position("5 9 10 11 17 24").unwrap();
        let budget = Budget {
            memory: MEMORY,
            positions: 1_000_000,
            line: 1_000,
        };
        let (small, large) = (Memo::new(2), Memo::new(1_000));
        for line in ["10-12", "10-12,24-10", "17-29", "10-12,24-10,9-11,11-13"] {
            let played = line::play(start, line).unwrap();
            for goal in [Goal::Any, Goal::Hole(Hole::CENTRE)] {
                let judged = |memo| judge(None, start, &played, goal, budget, memo, &Cancel::new());
                let none = judged(None);
                for _ in 0..2 {
                    assert_eq!(judged(Some(&small)), none, "{line} {goal:?}");
                    assert_eq!(judged(Some(&large)), none, "{line} {goal:?}");
                }
            }
        }
        assert!(small.len() <= 2 && large.len() > 2);
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
