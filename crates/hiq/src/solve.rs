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
use crate::jump::Jump;
use crate::memory::{OverMemory, fallibly};
use crate::symmetry::Group;

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
    fn class_allows(self, class: u8) -> bool {
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

/// Depth-first search over the positions reachable from a start, each examined once: a position
/// seen before (or one of its images under the goal's symmetries) leads nowhere new.
struct Search<F, P> {
    stop: F,
    group: Group,
    seen: BoardSet,
    line: Vec<Jump>,
    best_line: Vec<Jump>,
    best: Board,
    memory: u64,
    /// Set when the search stopped for want of memory.
    over: Option<OverMemory>,
    progress: P,
}

/// Positions examined between two calls of the solver's progress.
const PROGRESS_EVERY: usize = 1 << 16;

/// The bytes of a table of seen positions that has room for `capacity` of them: a key and a
/// control byte per bucket, at most 7 keys in 8 buckets.
fn table_bytes(capacity: usize) -> u64 {
    (capacity as u64 + 1) * 8 / 7 * 9
}

impl<F: Fn(Board) -> bool, P: FnMut(u64)> Search<F, P> {
    fn run(
        start: Board,
        group: Group,
        stop: F,
        memory: u64,
        progress: P,
    ) -> Result<(bool, Search<F, P>), OverMemory> {
        let mut search = Search {
            stop,
            group,
            seen: BoardSet::default(),
            line: Vec::new(),
            best_line: Vec::new(),
            best: start,
            memory,
            over: None,
            progress,
        };
        search.seen.insert(group.canonical(start).bits());
        let found = search.visit(start);
        if let Some(over) = search.over {
            return Err(over);
        }
        Ok((found, search))
    }

    fn visit(&mut self, board: Board) -> bool {
        if board.peg_count() < self.best.peg_count() {
            self.best = board;
            self.best_line.clone_from(&self.line);
        }
        if (self.stop)(board) {
            self.best = board;
            self.best_line.clone_from(&self.line);
            return true;
        }
        for jump in board.legal_jumps() {
            let Some(next) = board.apply(jump) else {
                continue;
            };
            // The table doubles when full: old and new are held together while it moves.
            if self.seen.len() == self.seen.capacity() {
                let positions = self.seen.len() as u64;
                let held = table_bytes(self.seen.capacity());
                if held * 3 > self.memory {
                    self.over = Some(OverMemory::Bound {
                        limit: self.memory,
                        positions,
                    });
                    return true;
                }
                let seen = &mut self.seen;
                if fallibly(|| seen.try_reserve(1)).is_err() {
                    self.over = Some(OverMemory::Refused { held, positions });
                    return true;
                }
            }
            if !self.seen.insert(self.group.canonical(next).bits()) {
                continue;
            }
            if self.seen.len().is_multiple_of(PROGRESS_EVERY) {
                (self.progress)(self.seen.len() as u64);
            }
            self.line.push(jump);
            if self.visit(next) {
                return true;
            }
            self.line.pop();
        }
        false
    }
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
    let possible = goal.class_allows(start.class());
    if possible {
        let (won, search) = Search::run(start, goal.group(), |b| goal.is_won(b), memory, progress)?;
        let verdict = if won {
            Verdict::Won
        } else {
            Verdict::LostByExhaustion
        };
        return Ok(Solution {
            verdict,
            jumps: search.best_line,
            end: search.best,
            positions: search.seen.len() as u64,
        });
    }
    // Lost by class; still find the fewest pegs, stopping early at one (none can do better).
    let (_, search) = Search::run(start, Group::FULL, |b| b.peg_count() <= 1, memory, progress)?;
    Ok(Solution {
        verdict: Verdict::LostByClass,
        jumps: search.best_line,
        end: search.best,
        positions: search.seen.len() as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
