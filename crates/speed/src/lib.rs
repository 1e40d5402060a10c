//! Speed as the contest "Speed" (Aizu 2087) has two robots play it, simulated exactly on an
//! integer millisecond clock.
//!
//! [`Deal`] holds the robots' cards; [`reference::play`], the reference engine, plays a deal the
//! way the rule book reads, keeping a log of every [`Event`]; [`fast::play`], the fast engine,
//! gives the same [`Outcome`] without the log, for experiments over millions of deals.
//! [`contest`] reads the contest's input and [`stats`] adds up outcomes. The rules live in
//! `docs/speed.md` of the workspace.
//!
//! [`Versus`] referees a player driven from outside against the rule book's robot, slowed by a
//! [`Reaction`] (a variant of the rule book, written beside it in `docs/speed.md`): the player's
//! [`Timed`] actions are checked at their instant and a refused one says why ([`Refusal`]); a
//! game is its deal and the player's [`Log`], which has a text for links; [`step()`] is what a
//! server that keeps no state answers: the game played on, as if the player did nothing more, to
//! the next instant at which the player's choice could matter.
//!
//! The rule book's worked example, played:
//!
//! ```
//! use speed::Finish;
//! use speed::{Card, Deal, Robot, fast, reference};
//!
//! let cards = |text: &str| -> Vec<Card> {
//!     text.split_whitespace().map(|card| card.parse().unwrap()).collect()
//! };
//! let deal = Deal::new(&cards("S3 S5 S8 S9 S2"), &cards("H7 H3 H4")).unwrap();
//! let played = reference::play(&deal);
//! assert_eq!((played.outcome.winner, played.outcome.end_ms), (Robot::B, 2900));
//! assert_eq!(played.finish, Finish::Alone);
//! // The first action: A opens with the top of its deck, S2, onto table A.
//! let first = played.events[0];
//! assert_eq!((first.card.to_string(), first.to.to_string()), ("S2".into(), "table A".into()));
//! // The fast engine finds the same outcome, without the log.
//! assert_eq!(fast::play(&deal), played.outcome);
//! ```
//!
//! Random deals are fixed by a seed and an index, and split the pack as asked:
//!
//! ```
//! use speed::{Deal, Split, fast};
//!
//! let deal = Deal::random(1, 0, Split::new(6, 6).unwrap());
//! assert_eq!(deal.a().len() + deal.b().len(), 12);
//! assert_eq!(deal, Deal::random(1, 0, Split::new(6, 6).unwrap()));
//! let outcome = fast::play(&Deal::random(1, 0, Split::HALVES));
//! assert_eq!(outcome.end_ms % speed::stats::STEP_MS, 0);
//! ```

mod action;
mod board;
mod card;
pub mod contest;
mod deal;
mod event;
pub mod fast;
mod log;
mod outcome;
mod reaction;
pub mod reference;
mod robot;
pub mod stats;
mod step;
mod versus;
mod view;

pub use action::{Action, LATEST_MS, Refusal, Timed};
pub use card::{are_neighbours, strength};
pub use cards::Card;
pub use deal::{Deal, DealError, Split};
pub use event::{Ending, Event, Kind, Place, waits};
pub use log::{Log, LogError, MAX_ACTIONS};
pub use outcome::{Finish, Outcome};
pub use reaction::Reaction;
pub use robot::{DRAW_MS, LEFT_MS, Pile, RETURN_MS, RIGHT_MS, Robot};
pub use step::{Step, StepError, Stop, step};
pub use versus::{Refused, Versus};
pub use view::{Carry, SeatView, View};
