//! A whole game card by card, for a replay: who laid which card and what was then owed, and who
//! took each trick after how many cards. A page can replay it without knowing the rules.
//!
//! ```
//! use camicia::trace::Trace;
//!
//! let deal = camicia::notation::parse_deal("2 A/10 K").unwrap();
//! let trace = Trace::of(&deal, None).unwrap();
//! assert_eq!(trace.laid.len() as u64, trace.outcome.cards);
//! assert_eq!(trace.tricks.len() as u64, trace.outcome.tricks);
//! ```

use crate::face::Face;
use crate::game::{Deal, Outcome, Player};
use crate::reference::{Event, Game};
use thiserror::Error;

/// One card laid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Laid {
    /// Who laid it.
    pub by: Player,
    /// The card.
    pub face: Face,
    /// The cards still owed under a penalty after it (0: none); the one who owes them lays the
    /// next card.
    pub due: u8,
}

/// One trick taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken {
    /// How many cards had been laid in the game when the pile was taken.
    pub cards: u64,
    /// Who took the pile.
    pub taker: Player,
}

/// A whole game as the reference engine ([`Game`]) plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// Every card laid, in order.
    pub laid: Vec<Laid>,
    /// Every trick, in order.
    pub tricks: Vec<Taken>,
    /// The last trick was taken because the other player had to lay a card and had none.
    pub unpaid: bool,
    /// How the game ended.
    pub outcome: Outcome,
}

/// The most a trace may hold, where one is set (a server sets one; the command line none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Cards laid.
    pub cards: u64,
    /// Cards of the round-start situations the game keeps to find a loop: every card in play,
    /// at every round start.
    pub kept: u64,
}

/// A game past its [`Budget`]: which bound it passed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OverBudget {
    /// More cards laid than [`Budget::cards`].
    #[error("the game lays more than {budget} cards, the most a trace from the server holds")]
    Cards {
        /// The bound.
        budget: u64,
    },
    /// More cards of round starts kept than [`Budget::kept`].
    #[error(
        "the game keeps more than {budget} cards of round starts to find a loop (its {in_play} \
         cards at each of {round_starts} round starts), the most a trace from the server may"
    )]
    Kept {
        /// The bound.
        budget: u64,
        /// The cards in play.
        in_play: u64,
        /// The round starts kept so far.
        round_starts: u64,
    },
}

/// A [`Budget`] being spent by a game played step by step.
#[derive(Clone, Debug)]
struct Meter {
    budget: Budget,
    in_play: u64,
    kept: u64,
}

impl Meter {
    /// The budget of the game of `deal`, before its first card.
    fn new(deal: &Deal, budget: Budget) -> Meter {
        let in_play = (deal.a().len() + deal.b().len()) as u64;
        Meter {
            budget,
            in_play,
            kept: in_play,
        }
    }

    /// Counts the step `event` that `game` has just taken.
    fn spend(&mut self, game: &Game, event: Event) -> Result<(), OverBudget> {
        if matches!(event, Event::Trick { .. }) {
            self.kept += self.in_play;
        }
        if game.cards() > self.budget.cards {
            return Err(OverBudget::Cards {
                budget: self.budget.cards,
            });
        }
        if self.kept > self.budget.kept {
            return Err(OverBudget::Kept {
                budget: self.budget.kept,
                in_play: self.in_play,
                round_starts: game.tricks() + 1,
            });
        }
        Ok(())
    }
}

/// A game of the reference engine ([`Game`]) stepped card by card within a budget, if one is
/// set: each step is the [`Event`] the game has just taken, and [`Steps::game`] shows the game
/// as that step left it. Every trace is read from it: [`Trace::of`], a table printed row by row
/// as the game goes, the decks at every round's start.
///
/// A step past the budget is the bound the game passed, and the last step: the game is played
/// no further.
///
/// ```
/// use camicia::reference::Event;
/// use camicia::trace::{Budget, OverBudget, Steps};
///
/// let deal = camicia::notation::parse_deal("2 A 7 8 Q 10/3 4 5 6 K 9 J").unwrap();
/// let mut steps = Steps::new(&deal, None);
/// let mut tricks = 0;
/// while let Some(step) = steps.next() {
///     if let Event::Trick { .. } = step.unwrap() {
///         tricks += 1;
///         assert_eq!(steps.game().tricks(), tricks);
///     }
/// }
/// assert_eq!(steps.game().outcome().unwrap().tricks, tricks);
///
/// let budget = Budget { cards: 3, kept: u64::MAX };
/// let steps: Vec<_> = Steps::new(&deal, Some(budget)).collect();
/// assert_eq!(steps.len(), 4);
/// assert_eq!(steps[3], Err(OverBudget::Cards { budget: 3 }));
/// ```
#[derive(Clone, Debug)]
pub struct Steps {
    game: Game,
    /// The budget being spent; `None` where none is set.
    meter: Option<Meter>,
    /// The budget has been passed: no more steps.
    over: bool,
}

impl Steps {
    /// The game of `deal` before its first card, to be played within `budget`.
    pub fn new(deal: &Deal, budget: Option<Budget>) -> Steps {
        Steps {
            game: Game::new(deal),
            meter: budget.map(|budget| Meter::new(deal, budget)),
            over: false,
        }
    }

    /// The game as the last step left it.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

impl Iterator for Steps {
    type Item = Result<Event, OverBudget>;

    fn next(&mut self) -> Option<Result<Event, OverBudget>> {
        if self.over {
            return None;
        }
        let event = self.game.step()?;
        if let Some(meter) = &mut self.meter
            && let Err(over) = meter.spend(&self.game, event)
        {
            self.over = true;
            return Some(Err(over));
        }
        Some(Ok(event))
    }
}

impl Trace {
    /// The game of `deal` played to its end, card by card.
    ///
    /// # Errors
    ///
    /// Past `budget`, the bound the game passed (the game is played no further).
    pub fn of(deal: &Deal, budget: Option<Budget>) -> Result<Trace, OverBudget> {
        let mut steps = Steps::new(deal, budget);
        let mut laid = Vec::new();
        let mut tricks = Vec::new();
        let mut unpaid = false;
        while let Some(step) = steps.next() {
            let game = steps.game();
            match step? {
                Event::Laid { player, face } => laid.push(Laid {
                    by: player,
                    face,
                    due: game.due().map_or(0, |(_, due)| due),
                }),
                Event::Trick {
                    taker,
                    unpaid: trick_unpaid,
                } => {
                    tricks.push(Taken {
                        cards: game.cards(),
                        taker,
                    });
                    unpaid = trick_unpaid;
                }
            }
        }
        let outcome = steps
            .game()
            .outcome()
            .expect("a game stops stepping only when it has an outcome");
        Ok(Trace {
            laid,
            tricks,
            unpaid,
            outcome,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_stops_the_game_at_the_bound_it_passes() {
        let deal = crate::notation::parse_deal("2 A 7 8 Q 10/3 4 5 6 K 9 J").unwrap();
        let whole = Trace::of(&deal, None).unwrap();
        assert_eq!(whole.laid.len() as u64, whole.outcome.cards);
        let cards = Budget {
            cards: 3,
            kept: u64::MAX,
        };
        assert_eq!(
            Trace::of(&deal, Some(cards)).unwrap_err(),
            OverBudget::Cards { budget: 3 }
        );
        let kept = Budget {
            cards: u64::MAX,
            kept: 13,
        };
        assert!(matches!(
            Trace::of(&deal, Some(kept)).unwrap_err(),
            OverBudget::Kept { in_play: 13, .. }
        ));
    }
}
