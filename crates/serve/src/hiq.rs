//! The Hi-Q endpoints: the solver's verdict (`parlor hiq solve --json`), the page's verdict
//! ([`hiq::verdict`]: from the table of prospects where it holds the position, the solver
//! otherwise), the contest's player (`parlor hiq --json`), and a position's legal jumps after a
//! line of jumps.

use super::api::{
    ApiError, Params, RequestBody, Routes, State, contest_lines, json, only, solver, text,
};
use super::limits::{HIQ_LOSING_JUMP_POSITIONS, HIQ_MEMORY};
use super::prospects;
use axum::http::Uri;
use axum::response::Response;
use axum::routing::post;
use cancel::Cancel;
use hiq::line;
use hiq::solve::{Unsolved, solve_cancellable};
use hiq::verdict::{self, Budget, default_goal};
use hiq::{Board, contest, position};
use report::hiq::{BoardJson, GameJson, SolutionJson, VerdictJson, parse_goal};

/// `/api/hiq/…`.
pub fn routes() -> Routes {
    Routes::new()
        .route("/api/hiq/solve", post(solve).fallback(only("POST")))
        .route("/api/hiq/verdict", post(verdict).fallback(only("POST")))
        .route("/api/hiq/board", post(board).fallback(only("POST")))
        .route("/api/hiq/play", post(play).fallback(only("POST")))
}

/// The position in the body, as `parlor hiq solve FILE` reads it.
fn position(body: RequestBody) -> Result<Board, ApiError> {
    position::parse_position(&text(body)?).map_err(ApiError::input)
}

/// `POST /api/hiq/solve?goal=G`: what `parlor hiq solve --json --memory 64M` prints.
pub async fn solve(state: State, uri: Uri, body: RequestBody) -> Result<Response, ApiError> {
    let params = Params::of(&uri, &["goal"])?;
    let goal = params.parsed("goal", parse_goal)?;
    let start = position(body)?;
    let goal = goal.unwrap_or(default_goal(start));
    let solution = solver(&state, move |cancel| {
        solve_cancellable(start, goal, HIQ_MEMORY, cancel, |_| {})
    })
    .await?
    .map_err(past_the_budget)?;
    Ok(json(&SolutionJson::new(start, goal, &solution, None)))
}

fn past_the_budget(unsolved: Unsolved) -> ApiError {
    match unsolved {
        Unsolved::OverMemory(over) => ApiError::budget(format!(
            "not known within the server's budget: {over}; `parlor hiq solve` on the command \
             line holds up to 4 GiB unless given another --memory"
        )),
        // Work is cancelled only when nobody waits for its answer, so no client reads this.
        Unsolved::Cancelled(cancelled) => ApiError::budget(cancelled.to_string()),
    }
}

/// `POST /api/hiq/verdict?goal=G&line=12-26,25-27`: the verdict for the position in the body
/// after the line, and the line's losing jump, as [`hiq::verdict`] judges them within the
/// server's budget. Where the table holds the line's start it answers at once; otherwise the
/// judging runs on a solver's thread.
pub async fn verdict(state: State, uri: Uri, body: RequestBody) -> Result<Response, ApiError> {
    let params = Params::of(&uri, &["goal", "line"])?;
    let goal = params.parsed("goal", parse_goal)?;
    let start = position(body)?;
    let goal = goal.unwrap_or(default_goal(start));
    let played = line::play(start, params.get("line").unwrap_or(""))
        .map_err(|e| ApiError::parameter("line", e))?;
    let table = prospects::table();
    let budget = Budget {
        memory: HIQ_MEMORY,
        positions: HIQ_LOSING_JUMP_POSITIONS,
    };
    let end = played.end;
    let judge = move |cancel: &Cancel| verdict::judge(table, start, &played, goal, budget, cancel);
    let judged = if verdict::answered_at_once(table, start, goal) {
        // Nothing to cancel, and nothing to wait for.
        judge(&Cancel::new())
    } else {
        solver(&state, judge).await?
    };
    Ok(json(&VerdictJson::new(
        end,
        goal,
        &judged.map_err(past_the_budget)?,
    )))
}

/// `POST /api/hiq/play`: what `parlor hiq --json` prints for the contest input in the body.
pub async fn play(state: State, uri: Uri, body: RequestBody) -> Result<Response, ApiError> {
    contest_lines(&state, &uri, body, contest::parse, |&board| {
        GameJson::play(board)
    })
    .await
}

/// `POST /api/hiq/board?line=12-26,25-27`: the position in the body after the line, and its
/// legal jumps.
pub async fn board(uri: Uri, body: RequestBody) -> Result<Response, ApiError> {
    let params = Params::of(&uri, &["line"])?;
    let start = position(body)?;
    let played = line::play(start, params.get("line").unwrap_or(""))
        .map_err(|e| ApiError::parameter("line", e))?;
    Ok(json(&BoardJson::new(start, &played)))
}
