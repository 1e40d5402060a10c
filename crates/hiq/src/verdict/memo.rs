//! Solutions kept between the judging of one line and the next: a game in progress asks for
//! the same positions again and again (the line's earlier positions, halved for its losing jump;
//! the positions one jump ahead, then the one played), and each answer is the solver's, found
//! once.

use crate::board::Board;
use crate::solve::{Goal, Solution, Unsolved};
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

/// What a solution was asked for: the position, the goal, and the solver's bounds, so that a
/// kept solution is the one the solver gives for exactly that question (positions examined
/// included), and an answer never depends on the questions before it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Question {
    pub(super) board: Board,
    pub(super) goal: Goal,
    /// The memory of the search, and the positions of the search for the line of a lost
    /// position, as [`solve_cancellable`](crate::solve::solve_cancellable) takes them.
    pub(super) bounds: (u64, u64),
}

/// Solutions found by [`judge`](super::judge) and [`ahead`](super::ahead), shared by the threads
/// that judge. It holds at most a given number of them: past it, it forgets them all and begins
/// again (a solution is some 200 bytes). Only solutions are kept: a search past its memory, or
/// cancelled, is searched again when asked again, and fails the same way.
///
/// ```
/// use cancel::Cancel;
/// use hiq::solve::Goal;
/// use hiq::verdict::{Budget, Memo, judge};
///
/// let start = hiq::position::parse_position("5 9 10 11 17 24").unwrap();
/// let played = hiq::line::play(start, "17-29").unwrap();
/// let budget = Budget { memory: 1 << 26, positions: 1_000_000, line: 1_000 };
/// let memo = Memo::new(100);
/// let first = judge(None, start, &played, Goal::Any, budget, Some(&memo), &Cancel::new());
/// assert!(memo.len() > 0);
/// let again = judge(None, start, &played, Goal::Any, budget, Some(&memo), &Cancel::new());
/// assert_eq!(first, again);
/// ```
pub struct Memo {
    solutions: Mutex<HashMap<Question, Solution>>,
    capacity: usize,
}

impl Memo {
    /// An empty memo that holds at most `capacity` solutions.
    pub fn new(capacity: usize) -> Memo {
        Memo {
            solutions: Mutex::new(HashMap::new()),
            capacity,
        }
    }

    /// How many solutions it holds.
    pub fn len(&self) -> usize {
        self.held().len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The kept solution of `question`, or the one `solve` finds, kept.
    pub(super) fn solve(
        &self,
        question: Question,
        solve: impl FnOnce() -> Result<Solution, Unsolved>,
    ) -> Result<Solution, Unsolved> {
        if let Some(kept) = self.held().get(&question) {
            return Ok(kept.clone());
        }
        let solution = solve()?;
        let mut held = self.held();
        if held.len() >= self.capacity {
            held.clear();
        }
        held.insert(question, solution.clone());
        Ok(solution)
    }

    /// The map, even if a thread panicked holding it: each entry is whole, inserted at once.
    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<Question, Solution>> {
        self.solutions
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}
