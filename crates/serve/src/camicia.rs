//! The Camicia endpoints: a whole game to replay (`parlor camicia --trace --json`) and both decks
//! at each of its rounds' start, and the deals of camicia.dev's numbering and of the random runs,
//! for a page to ask a trace of.

use super::api::{
    ApiError, Params, RequestBody, Routes, State, json, only, solver, text, whole_number,
};
use super::limits::{MAX_TRACE_CARDS, MAX_TRACE_KEPT};
use axum::http::Uri;
use axum::response::Response;
use axum::routing::{get, post};
use camicia::Deal;
use camicia::deal::Dealer;
use camicia::input::{Notation, games};
use camicia::trace::{Budget, OverBudget};
use report::camicia::{DealJson, DecksJson, TraceJson, parse_index};
use serde::Serialize;

pub fn routes() -> Routes {
    Routes::new()
        .route("/api/camicia/trace", post(trace).fallback(only("POST")))
        .route("/api/camicia/decks", post(decks).fallback(only("POST")))
        .route("/api/camicia/deal", get(deal).fallback(only("GET")))
}

/// The one game of the body, as `parlor camicia` reads a file, in the notation the query names
/// (`input=text|jsonl`, as `--input`; `text` unless given).
fn posted_game(uri: &Uri, body: RequestBody) -> Result<Deal, ApiError> {
    let params = Params::of(uri, &["input"])?;
    let notation = params
        .parsed("input", str::parse::<Notation>)?
        .unwrap_or_default();
    let mut games: Vec<Deal> = games(&text(body)?, notation)
        .take(2)
        .collect::<Result<_, _>>()
        .map_err(ApiError::input)?;
    match games.len() {
        1 => Ok(games.remove(0)),
        _ => Err(ApiError::input(
            "expected one game, found more: a trace is of one game",
        )),
    }
}

/// What one request may play: [`MAX_TRACE_CARDS`] cards, [`MAX_TRACE_KEPT`] kept.
const BUDGET: Budget = Budget {
    cards: MAX_TRACE_CARDS,
    kept: MAX_TRACE_KEPT,
};

/// A game past [`BUDGET`], refused as too long for the server.
fn over_budget(over: OverBudget) -> ApiError {
    ApiError::budget(format!(
        "{over}; `parlor camicia --trace --json` on the command line allows more"
    ))
}

/// `POST /api/camicia/trace?input=text|jsonl`: what `parlor camicia --trace --json` prints for
/// the one game in the body, if it lays at most [`MAX_TRACE_CARDS`] cards.
pub async fn trace(state: State, uri: Uri, body: RequestBody) -> Result<Response, ApiError> {
    played(state, &uri, body, TraceJson::of).await
}

/// `POST /api/camicia/decks?input=text|jsonl`: both decks at every round's start of the one
/// game in the body, within the trace's bounds.
pub async fn decks(state: State, uri: Uri, body: RequestBody) -> Result<Response, ApiError> {
    played(state, &uri, body, DecksJson::of).await
}

/// The answer `answer` makes of the one game in the body, played within [`BUDGET`].
async fn played<T: Serialize + Send + 'static>(
    state: State,
    uri: &Uri,
    body: RequestBody,
    answer: fn(&Deal, Option<Budget>) -> Result<T, OverBudget>,
) -> Result<Response, ApiError> {
    let deal = posted_game(uri, body)?;
    let answer = solver(&state, move |_| answer(&deal, Some(BUDGET)))
        .await?
        .map_err(over_budget)?;
    Ok(json(&answer))
}

/// `GET /api/camicia/deal?index=N`: the deal of index N, as `parlor camicia deal N` prints it;
/// `GET /api/camicia/deal?seed=S&number=I`: deal I of seed S, the deal `parlor camicia stats
/// --seed S` plays as its deal I (number 0 if not given).
pub async fn deal(uri: Uri) -> Result<Response, ApiError> {
    let params = Params::of(&uri, &["index", "seed", "number"])?;
    let index = params.parsed("index", parse_index)?;
    let seed = params.parsed("seed", whole_number)?;
    let number = params.parsed("number", whole_number)?;
    let pack = match (index, seed) {
        (Some(index), None) => {
            if number.is_some() {
                return Err(ApiError::parameter(
                    "number",
                    "goes with seed, not with index",
                ));
            }
            camicia::index::pack(index).expect("an index below DEALS")
        }
        (None, Some(seed)) => Dealer::new(seed).pack(number.unwrap_or(0)),
        (Some(_), Some(_)) => {
            return Err(ApiError::parameter("seed", "give index or seed, not both"));
        }
        (None, None) => {
            return Err(ApiError::input(
                "name the deal: index=N (camicia.dev's numbering) or seed=S&number=I (deal I of \
                 `parlor camicia stats --seed S`)",
            ));
        }
    };
    Ok(json(&DealJson::of(&pack)))
}
