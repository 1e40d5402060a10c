//! What a stateless server answers: given the deal, the player's seat, the robot's reaction, the
//! player's log so far and the page's clock, the game played on as if the player did nothing
//! more, up to the next instant at which the player's choice could matter, or to the game's end.
//!
//! The player's choice **could matter** at an instant when, once that instant is resolved, the
//! player is free and has a legal action, and the cards changed at that instant (a card landed,
//! was drawn or came back, an action started): what the player may do, or the race it would
//! join, has just changed. A robot that chooses to wait changes nothing. While the player is carrying a card or has nothing it may do,
//! the step plays on. When the player may act but nothing is under way and the robot waits for a
//! card to land, the game stands still until the player acts: the step stops there
//! ([`Stop::Stalled`]).

use crate::action::Action;
use crate::deal::Deal;
use crate::event::{Ending, Event};
use crate::log::Log;
use crate::outcome::{Finish, Outcome};
use crate::reaction::Reaction;
use crate::robot::Robot;
use crate::versus::{Refused, Versus};
use crate::view::View;
use thiserror::Error;

/// Why a step stopped where it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The player may act, and something has just changed. If it does nothing, the game next
    /// moves at `next` ms: ask again from the stop's instant to see what then happens.
    Choice {
        /// The next instant at which something happens if the player does nothing.
        next: u32,
    },
    /// The player may act, and nothing is under way: the robot waits for a card to land, so
    /// the game stands still until the player acts.
    Stalled,
    /// The game is over.
    Over {
        /// Who won, when, and the game's counts.
        outcome: Outcome,
        /// How the winner won.
        finish: Finish,
    },
}

/// The game from the opening up to the step's instant, if the player does nothing after the
/// page's clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The instant the step stopped at, in ms: the next at which the player's choice could
    /// matter, the page's clock when the game stands still, or the end of the game.
    pub at: u32,
    /// Why it stopped there.
    pub stop: Stop,
    /// Every action of both seats from the opening, in order of start as
    /// [`crate::reference::Played::events`]; one still under way at `at` is `Unfinished` and
    /// ends at `at` (when it is due is in the view's [`Carry`](crate::Carry)).
    pub events: Vec<Event>,
    /// The cards at `at`.
    pub view: View,
    /// What the player may do at `at` (draws, then moves to the right, then to the left, each by
    /// slot); empty at the end.
    pub legal: Vec<Action>,
}

/// Where playing on without the player stops.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Through {
    /// At the next instant at which the player's choice could matter.
    UpToAChoice,
    /// Only at the end, or where the game stands still.
    Choices,
}

/// Why no step could be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum StepError {
    /// An action of the log is refused.
    #[error(transparent)]
    Refused(#[from] Refused),
    /// The page's clock is before the instant of the log's last action.
    #[error("the clock, {now} ms, is before the log's last action at {clock} ms")]
    Before {
        /// The page's clock.
        now: u32,
        /// The last action's instant.
        clock: u32,
    },
}

/// The step of a stateless server: the log replayed on the deal (the player at `seat`, the
/// robot with `reaction`), then the game played on with no more action of the player from
/// `now`, the page's clock, up to the next instant after `now` at which the player's choice
/// could matter, or to the game's end. The same arguments always give the same step.
///
/// # Errors
///
/// [`StepError::Refused`] naming the first action the rules refuse, or [`StepError::Before`]
/// when `now` is before the log's last action.
pub fn step(
    deal: &Deal,
    seat: Robot,
    reaction: Reaction,
    log: &Log,
    now: u32,
) -> Result<Step, StepError> {
    Versus::replay(deal, seat, reaction, log)?.step(now)
}

impl Versus {
    /// The game played on from this one with no more action of the player: through `now`,
    /// then up to the next instant after `now` at which the player's choice could matter, or
    /// to the end; this game is left as it is.
    ///
    /// # Errors
    ///
    /// [`StepError::Before`] when `now` is before the game's clock.
    pub fn step(&self, now: u32) -> Result<Step, StepError> {
        self.played_on(now, Through::UpToAChoice)
    }

    /// The game played on from this one with no more action of the player: through `now`,
    /// then past every instant at which the player could act, up to the end, or to an instant
    /// at which the game stands still ([`Stop::Stalled`]). A finished game's log played out
    /// from its last action is the whole game, as a replay shows it.
    ///
    /// # Errors
    ///
    /// [`StepError::Before`] when `now` is before the game's clock.
    pub fn play_out(&self, now: u32) -> Result<Step, StepError> {
        self.played_on(now, Through::Choices)
    }

    fn played_on(&self, now: u32, through: Through) -> Result<Step, StepError> {
        if now < self.clock() {
            return Err(StepError::Before {
                now,
                clock: self.clock(),
            });
        }
        let mut game = self.clone();
        game.advance_to(now);
        loop {
            if let Some((outcome, finish)) = game.end() {
                return Ok(game.snapshot(Stop::Over { outcome, finish }));
            }
            game.leave();
            // Past `now`, every instant is one at which something was due, and the cards changed
            // at it: a completion, or the robot's choice, which when it is to wait while the
            // player may act leaves nothing due: the game stands still.
            let may_act = game.player_may_act();
            match game.next_instant() {
                None => return Ok(game.snapshot(Stop::Stalled)),
                Some(next) if may_act && game.clock() > now && through == Through::UpToAChoice => {
                    return Ok(game.snapshot(Stop::Choice { next }));
                }
                Some(next) => game.enter(next),
            }
        }
    }

    /// The step at the game's clock, stopped for `stop`.
    fn snapshot(&self, stop: Stop) -> Step {
        let at = self.clock();
        let mut events = self.board().events().to_vec();
        for event in &mut events {
            if event.ending == Ending::Unfinished {
                event.end = at;
            }
        }
        let legal = match stop {
            Stop::Over { .. } => Vec::new(),
            Stop::Choice { .. } | Stop::Stalled => self.board().legal(self.seat()),
        };
        Step {
            at,
            stop,
            events,
            view: self.board().view(),
            legal,
        }
    }
}
