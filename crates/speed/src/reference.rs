//! The reference engine: a game as the rule book reads, line by line, a discrete-event simulation
//! on an integer millisecond clock that keeps a log of every action. [`crate::fast`] computes the
//! same [`Outcome`] faster, and is tested against it.
//!
//! At each instant, in this order: actions that complete are resolved (landings, with the left
//! mover winning when both robots reach one table together; a landing cancels the other robot's
//! move to the same table, whose return then ends 500 ms later; returns and draws); then the end
//! check; then each free robot chooses (draw, else move to the right table, else to the left,
//! else wait); if both robots are then idle, it is a deadend and both restart. Each of these
//! steps is one method of the board the cards lie on, which the game against a person
//! ([`crate::Versus`]) plays on too; this loop is the rule book's order of them.

use crate::board::Board;
use crate::deal::Deal;
use crate::event::Event;
use crate::outcome::Finish;
use crate::outcome::Outcome;
use crate::robot::Robot;

/// A game played out, with its log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The result, as [`crate::fast::play`] gives it too.
    pub outcome: Outcome,
    /// How the winner won.
    pub finish: Finish,
    /// Every action, in order of start (A before B at the same instant, a return before the
    /// choices made at its instant).
    pub events: Vec<Event>,
}

impl Played {
    /// The spans `(from, until)` in ms in which `robot` had no action under way before the end of
    /// the game: it was waiting for a card to land (rule 3.4) or for the deadend's restart.
    pub fn waits(&self, robot: Robot) -> Vec<(u32, u32)> {
        crate::event::waits(&self.events, robot, self.outcome.end_ms)
    }
}

/// Plays the deal to its end, with the log.
pub fn play(deal: &Deal) -> Played {
    let mut board = Board::new(deal);
    loop {
        // Both robots idle never lasts past an instant (a deadend restarts them), so some
        // action is always under way here.
        let t = board
            .next_due()
            .expect("an action is under way between instants");
        board.complete(t);
        if let Some((outcome, finish)) = board.finish(t) {
            return Played {
                outcome,
                finish,
                events: board.into_events(),
            };
        }
        for robot in Robot::BOTH {
            if board.is_free(robot)
                && let Some(action) = board.choice(robot)
            {
                board.start(robot, action, t);
            }
        }
        if Robot::BOTH.iter().all(|&robot| board.is_free(robot)) {
            board.restart(t);
        }
    }
}
