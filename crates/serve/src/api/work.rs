//! Where an endpoint's work runs: on the lanes ([`crate::lanes`]), off the threads that answer
//! connections, cancelled when nobody waits for its answer any more.

use crate::answer::{Answer, json_lines};
use crate::lanes::{Lanes, Unanswered};
use crate::refusal::ApiError;
use axum::Router;
use cancel::Cancel;
use serde::Serialize;
use std::sync::Arc;

/// What the handlers share: where their work runs.
pub struct Shared {
    lanes: Lanes,
}

impl Shared {
    /// Lanes for the work, all cancelled when `stopping` is.
    pub fn new(stopping: Cancel) -> Shared {
        Shared {
            lanes: Lanes::new(stopping),
        }
    }
}

/// The routes of one game, sharing the handlers' [`Shared`].
pub type Routes = Router<Arc<Shared>>;

/// A handler's share of [`Shared`].
pub type State = axum::extract::State<Arc<Shared>>;

/// Runs `job` off the threads that answer connections, as [`Lanes::run`] does: the job is
/// handed a flag raised when nobody waits for its answer any more, and may be run twice.
pub async fn solver<T: Send + 'static>(
    state: &State,
    job: impl Fn(&Cancel) -> T + Send + Sync + 'static,
) -> Result<T, ApiError> {
    state.lanes.run(job).await.map_err(refusal)
}

/// The refusal of work the lanes did not answer.
fn refusal(unanswered: Unanswered) -> ApiError {
    match unanswered {
        Unanswered::Busy => ApiError::busy(),
        Unanswered::Crowded => ApiError::crowded(),
        Unanswered::Stopping => ApiError::stopping(),
        Unanswered::Failed => ApiError::internal("the solver stopped without an answer"),
    }
}

/// [`solver`] for work that only guesses ahead of a client: where every solver is busy, or the
/// memory the work shares is taken, the answer is `instead` rather than 503, since the client
/// asks again for what it needs once it needs it (and a refused guess would read as a failure
/// in its page).
pub async fn solver_or<T: Send + 'static>(
    state: &State,
    instead: T,
    job: impl Fn(&Cancel) -> T + Send + Sync + 'static,
) -> Result<T, ApiError> {
    match state.lanes.run(job).await {
        Err(Unanswered::Busy | Unanswered::Crowded) => Ok(instead),
        answered => answered.map_err(refusal),
    }
}

/// [`solver`] for work whose memory its request bounds, rather than a table that grows as it
/// searches: the job holds `bytes` of the memory the work shares while it runs (all of it from
/// its start, its worst case), and is answered 503 `busy` when that much is not free.
pub async fn solver_holding<T: Send + 'static>(
    state: &State,
    bytes: u64,
    job: impl Fn(&Cancel) -> T + Send + Sync + 'static,
) -> Result<T, ApiError> {
    solver(state, move |cancel| {
        let mut held = cancel.share();
        // Refused, the job's flag is raised as crowded, and the lanes answer that instead.
        held.resize(bytes).ok()?;
        Some(job(cancel))
    })
    .await?
    .ok_or_else(ApiError::crowded)
}

/// What a contest's command prints for the contest `input`, one JSON line a game: the input
/// read by `parse`, each game played by `play`, all on a solver's thread, since the longest
/// input (Speed's 404 games) takes some 50 ms and many clients may post it at once. It holds of
/// the memory the work shares what it takes: the input's text, then the games read from it,
/// then the answer's text as it is written, line by line. An answer is as long as its games,
/// which no bound on the input's bytes vouches for.
pub async fn contest_lines<G: 'static, E: std::fmt::Display + 'static, J: Serialize + 'static>(
    state: &State,
    input: String,
    parse: fn(&str) -> Result<Vec<G>, E>,
    play: fn(&G) -> J,
) -> Answer {
    solver(state, move |cancel| {
        let mut held = cancel.share();
        let text = input.len() as u64;
        if held.resize(text).is_err() {
            return Err(ApiError::crowded());
        }
        let games = parse(&input).map_err(ApiError::input)?;
        let read = text + (games.capacity() * size_of::<G>()) as u64;
        if held.resize(read).is_err() {
            return Err(ApiError::crowded());
        }
        Ok(json_lines(
            games
                .iter()
                .take_while(|_| !cancel.is_cancelled())
                .map(play),
            |answer| held.resize(read + answer).is_ok(),
        ))
    })
    .await?
}
