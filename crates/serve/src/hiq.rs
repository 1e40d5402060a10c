//! The Hi-Q endpoints: the solver's verdict (`parlor hiq solve --json`), the contest's player
//! (`parlor hiq --json`), and a position's legal jumps after a line of jumps.

use super::api::{
    ApiError, Params, RequestBody, Routes, State, json, json_lines, only, solver, text,
};
use super::limits::HIQ_MEMORY;
use axum::http::Uri;
use axum::response::Response;
use axum::routing::post;
use hiq::{Board, contest, line, position};
use report::hiq::{BoardJson, GameJson, SolutionJson, default_goal, parse_goal};

/// `/api/hiq/…`.
pub fn routes() -> Routes {
    Routes::new()
        .route("/api/hiq/solve", post(solve).fallback(only("POST")))
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
    let solution = solver(&state, move || {
        hiq::solve::solve(start, goal, HIQ_MEMORY, |_| {})
    })
    .await?
    .map_err(|over| {
        ApiError::budget(format!(
            "not known within the server's budget: {over}; `parlor hiq solve` on the command \
             line holds up to 4 GiB unless given another --memory"
        ))
    })?;
    Ok(json(&SolutionJson::new(start, goal, &solution, None)))
}

/// `POST /api/hiq/play`: what `parlor hiq --json` prints for the contest input in the body.
pub async fn play(uri: Uri, body: RequestBody) -> Result<Response, ApiError> {
    Params::of(&uri, &[])?;
    let boards = contest::parse(&text(body)?).map_err(ApiError::input)?;
    let games: Vec<GameJson> = boards.into_iter().map(GameJson::play).collect();
    Ok(json_lines(&games))
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
