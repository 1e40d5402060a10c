//! Speed as the contest "Speed" (Aizu 2087) has two robots play it, simulated exactly on an
//! integer millisecond clock.
//!
//! [`Deal`] holds the robots' cards; [`sim::play`] plays a deal the way the rule book reads,
//! keeping a log of every [`Event`]; [`fast::play`] gives the same [`Outcome`] without the log, for
//! experiments over millions of deals. [`contest`] reads the contest's input and [`stats`] adds
//! up outcomes. The rules live in `docs/speed.md` of the workspace.

mod card;
pub mod contest;
mod deal;
mod event;
pub mod fast;
mod robot;
pub mod sim;
pub mod stats;

pub use card::{are_neighbours, strength};
pub use cards::Card;
pub use deal::{Deal, DealError, Split};
pub use event::{Event, Kind, Place, Status};
pub use robot::{DRAW_MS, LEFT_MS, RETURN_MS, RIGHT_MS, Robot, Table};
pub use sim::{Finish, Game, Outcome};
