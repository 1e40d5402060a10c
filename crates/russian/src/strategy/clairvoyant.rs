use super::Strategy;
use crate::fast::Game;
use crate::position::{Move, Position};
use crate::solver::{Solution, Solver, Unsolved};
use cancel::Cancel;
use std::cell::RefCell;

thread_local! {
    /// One solver per thread, so that its table is allocated once for many games.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// `clairvoyant`: sees every card, face down or not, and plays the [solver](crate::solver)'s
/// line — the highest score the deal allows — then, once that score is reached, the first legal
/// move each time until none is left (the score cannot fall). Not a fair player: its mean score
/// is the upper bound on what any player can expect.
pub struct Clairvoyant {
    line: Vec<Move>,
    next: usize,
}

impl Clairvoyant {
    /// Solves `game` (searched to the end, however long that takes) and plays its line.
    pub fn new(game: &Game) -> Clairvoyant {
        let solution = SOLVER.with(|solver| solver.borrow_mut().solve(game, None));
        Clairvoyant::playing(&solution)
    }

    /// [`Clairvoyant::new`] within `allowed` positions searched, which it lessens by those it
    /// searched, and stopping when `cancel` is raised.
    ///
    /// # Errors
    ///
    /// [`Unsolved::OverBudget`] when the search would pass `allowed` before its line is proven
    /// the best; [`Unsolved::Cancelled`] once `cancel` is raised.
    pub fn within(
        game: &Game,
        allowed: &mut u64,
        cancel: &Cancel,
    ) -> Result<Clairvoyant, Unsolved> {
        let solution = SOLVER.with(|solver| {
            let mut solver = solver.borrow_mut();
            let solution = solver.solve_cancellable(game, Some(*allowed), cancel);
            *allowed -= solver.nodes();
            solution
        })?;
        if !solution.complete {
            return Err(Unsolved::OverBudget);
        }
        Ok(Clairvoyant::playing(&solution))
    }

    /// Plays the line of a solution found for the game it will play.
    pub fn playing(solution: &Solution) -> Clairvoyant {
        Clairvoyant {
            line: solution.line.clone(),
            next: 0,
        }
    }
}

impl Strategy for Clairvoyant {
    fn choose(&mut self, _: &Position, moves: &[Move]) -> usize {
        let Some(mv) = self.line.get(self.next) else {
            return 0;
        };
        self.next += 1;
        let index = moves.iter().position(|m| m == mv);
        debug_assert!(index.is_some(), "the solver's line is legal in its game");
        index.unwrap_or(0)
    }
}
