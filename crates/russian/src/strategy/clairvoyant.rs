use super::Strategy;
use crate::fast::Game;
use crate::position::{Move, Position};
use crate::solver::{Allowance, Solution, Solver, Unsolved};
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

    /// [`Clairvoyant::new`] examining at most `allowed` positions (as
    /// [`Solver::solve_cancellable`] counts them), which it lessens by those it examined, and
    /// stopping when `cancel` is raised.
    ///
    /// # Errors
    ///
    /// As [`Solver::solve_cancellable`]'s.
    pub fn within(
        game: &Game,
        allowed: &mut Allowance,
        cancel: &Cancel,
    ) -> Result<Clairvoyant, Unsolved> {
        let solution = SOLVER.with(|solver| {
            solver
                .borrow_mut()
                .solve_cancellable(game, None, allowed, cancel)
        })?;
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
