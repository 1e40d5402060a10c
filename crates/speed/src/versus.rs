//! A game of a player driven from outside against the rule book's robot: the crate as referee.
//!
//! The player sits at one seat and gives [`Timed`] actions; the other seat is the rule book's
//! robot, slowed by its [`Reaction`]. Everything else is the rule book's, on the same
//! [`Board`] as [`crate::reference`]: the times, collisions and returns, the opening, the
//! deadend's restarts, the end and its tie rule.
//!
//! Each instant is resolved in the rule book's order: the completions, the end check, the
//! choices (A's, then B's: the robot's when its reaction has run, the player's when its log
//! holds an action at that instant), then the deadend check. A **deadend** is the robot waiting
//! (it chose and found nothing to do, and no card has landed since) while the player is free
//! and has no legal action at that instant: then both put a card on their right table.

use crate::action::{LATEST_MS, Refusal, Timed};
use crate::board::Board;
use crate::deal::Deal;
use crate::log::Log;
use crate::outcome::{Finish, Outcome};
use crate::reaction::Reaction;
use crate::robot::Robot;
use thiserror::Error;

/// A log refused at one of its actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("action {number} ({action}): {reason}")]
pub struct Refused {
    /// The action's place in the log, from 1.
    pub number: usize,
    /// The action.
    pub action: Timed,
    /// Why the rules refuse it.
    pub reason: Refusal,
}

/// A game of a player against the robot, at its clock: every instant before the clock is
/// resolved, and the clock's own instant up to the player's choice.
///
/// ```
/// use speed::{Action, Card, Deal, Reaction, Robot, Stop, Timed, Versus};
///
/// let cards = |text: &str| -> Vec<Card> {
///     text.split_whitespace().map(|card| card.parse().unwrap()).collect()
/// };
/// // The rule book's worked example, the player at A's seat.
/// let deal = Deal::new(&cards("S3 S5 S8 S9 S2"), &cards("H7 H3 H4")).unwrap();
/// let mut game = Versus::new(&deal, Robot::A, Reaction::RULE_BOOK);
/// // Until its opening card lands at 500 ms the player is busy.
/// let early = game.act(Timed { at: 400, action: Action::Right(1) }).unwrap_err();
/// assert_eq!(early.to_string(), "you are still putting S2 on table A until 500 ms");
/// // At 500 S2 lies on table A: S3, in slot 1, goes there as the robot would send it.
/// game.act(Timed { at: 500, action: Action::Right(1) }).unwrap();
/// let step = game.step(500).unwrap();
/// // S3 lands at 1,000, cancelling B's H3; the player may act again.
/// assert_eq!((step.at, step.stop), (1000, Stop::Choice { next: 1500 }));
/// assert_eq!(game.log().to_string(), "500r1");
/// ```
#[derive(Clone, Debug)]
pub struct Versus {
    board: Board,
    seat: Robot,
    reaction: Reaction,
    clock: u32,
    /// When the robot, free, chooses next: r ms after it became free, or after a card landed
    /// while it waited. None while it carries a card or waits.
    robot_chooses_at: Option<u32>,
    end: Option<(Outcome, Finish)>,
    log: Log,
}

impl Versus {
    /// The game at 0 ms: set up, both openings under way, the player at `seat` and the rule
    /// book's robot with `reaction` at the other.
    pub fn new(deal: &Deal, seat: Robot, reaction: Reaction) -> Versus {
        Versus {
            board: Board::new(deal),
            seat,
            reaction,
            clock: 0,
            robot_chooses_at: None,
            end: None,
            log: Log::default(),
        }
    }

    /// The game of `log` on `deal`: each action given in turn to [`Versus::act`].
    ///
    /// # Errors
    ///
    /// [`Refused`] for the first action the rules refuse.
    pub fn replay(
        deal: &Deal,
        seat: Robot,
        reaction: Reaction,
        log: &Log,
    ) -> Result<Versus, Refused> {
        let mut game = Versus::new(deal, seat, reaction);
        for (i, &action) in log.actions().iter().enumerate() {
            game.act(action).map_err(|reason| Refused {
                number: i + 1,
                action,
                reason,
            })?;
        }
        Ok(game)
    }

    /// The player's seat.
    pub fn seat(&self) -> Robot {
        self.seat
    }

    /// The robot's reaction.
    pub fn reaction(&self) -> Reaction {
        self.reaction
    }

    /// The game's clock in ms: the instant of the last action given, accepted or refused (0 at
    /// first), or the end of the game when an action came after it.
    pub fn clock(&self) -> u32 {
        self.clock
    }

    /// The actions accepted so far.
    pub fn log(&self) -> &Log {
        &self.log
    }

    /// The player starts `timed.action` at `timed.at`, the game having gone on without it
    /// until then.
    ///
    /// # Errors
    ///
    /// [`Refusal`] when the rules refuse the action at its instant. A refusal for the instant
    /// itself ([`Refusal::OutOfOrder`], [`Refusal::TooLate`]) leaves the game as it was;
    /// otherwise the clock has moved on to the action's instant, as it would have, and an
    /// action may follow at that instant or later.
    pub fn act(&mut self, timed: Timed) -> Result<(), Refusal> {
        let Timed { at, action } = timed;
        if at < self.clock {
            return Err(Refusal::OutOfOrder {
                at,
                clock: self.clock,
            });
        }
        if at > LATEST_MS {
            return Err(Refusal::TooLate { at });
        }
        self.advance_to(at);
        if let Some((outcome, _)) = self.end {
            return Err(Refusal::Over {
                end: outcome.end_ms,
            });
        }
        self.board.check(self.seat, action)?;
        self.board.start(self.seat, action, at);
        self.log.push(timed);
        Ok(())
    }

    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    pub(crate) fn end(&self) -> Option<(Outcome, Finish)> {
        self.end
    }

    fn robot(&self) -> Robot {
        self.seat.other()
    }

    /// The next instant at which something is due: a completion or the robot's choice.
    pub(crate) fn next_instant(&self) -> Option<u32> {
        match (self.board.next_due(), self.robot_chooses_at) {
            (Some(due), Some(choice)) => Some(due.min(choice)),
            (due, choice) => due.or(choice),
        }
    }

    /// Whether the player is free and has a legal action.
    pub(crate) fn player_may_act(&self) -> bool {
        self.board.can_act(self.seat)
    }

    /// Plays on without the player through every instant before `t`, then enters `t`.
    pub(crate) fn advance_to(&mut self, t: u32) {
        while self.end.is_none() && t > self.clock {
            self.leave();
            let next = self.next_instant().map_or(t, |next| next.min(t));
            self.enter(next);
        }
    }

    /// Instant `t` up to the player's choice: the completions, the end check, the robot's
    /// trigger, and the robot's choice when the robot is A and it falls due.
    pub(crate) fn enter(&mut self, t: u32) {
        self.clock = t;
        let completed = self.board.complete(t);
        if let Some(end) = self.board.finish(t) {
            self.end = Some(end);
            return;
        }
        let robot = self.robot();
        let waiting = self.board.is_free(robot) && self.robot_chooses_at.is_none();
        if completed.freed[robot.index()] || (waiting && completed.landed) {
            self.robot_chooses_at = Some(t + self.reaction.ms());
        }
        if robot == Robot::A {
            self.robot_chooses();
        }
    }

    /// The rest of the clock's instant after the player's choice: the robot's choice when the
    /// robot is B and it falls due, then the deadend check. Doing it twice does no more.
    pub(crate) fn leave(&mut self) {
        if self.end.is_some() {
            return;
        }
        let robot = self.robot();
        if robot == Robot::B {
            self.robot_chooses();
        }
        let robot_waits = self.board.is_free(robot) && self.robot_chooses_at.is_none();
        if robot_waits && self.board.is_free(self.seat) && !self.board.can_act(self.seat) {
            self.board.restart(self.clock);
        }
    }

    /// The robot chooses by rule 3 if its choice falls due at the clock; finding nothing to
    /// do, it waits for a card to land.
    fn robot_chooses(&mut self) {
        if self.robot_chooses_at == Some(self.clock) {
            self.robot_chooses_at = None;
            let robot = self.robot();
            if let Some(action) = self.board.choice(robot) {
                self.board.start(robot, action, self.clock);
            }
        }
    }
}
