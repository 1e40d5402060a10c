//! The Speed endpoints: the robots' games with their whole logs (`parlor speed --json`), how
//! long each action takes, and random deals as contest input, so that the page can watch them
//! the same way.

use super::api::{
    ApiError, Params, RequestBody, Routes, State, contest_lines, json, only, whole_number,
};
use axum::http::Uri;
use axum::response::Response;
use axum::routing::{get, post};
use report::speed::{DealJson, GameJson, TimesJson, parse_split};
use speed::{Split, contest, reference};

/// `/api/speed/…`.
pub fn routes() -> Routes {
    Routes::new()
        .route("/api/speed/play", post(play).fallback(only("POST")))
        .route("/api/speed/deal", get(deal).fallback(only("GET")))
        .route("/api/speed/times", get(times).fallback(only("GET")))
}

/// `POST /api/speed/play`: what `parlor speed --json` prints for the contest input in the body.
pub async fn play(state: State, uri: Uri, body: RequestBody) -> Result<Response, ApiError> {
    contest_lines(&state, &uri, body, contest::parse, |deal| {
        GameJson::new(deal, &reference::play(deal))
    })
    .await
}

/// `GET /api/speed/times`: how long each action takes, which the page's cards travel for.
pub async fn times(uri: Uri) -> Result<Response, ApiError> {
    Params::of(&uri, &[])?;
    Ok(json(&TimesJson::rule_book()))
}

/// `GET /api/speed/deal?seed=S&deal=I&split=A/B`: deal I of seed S, as `parlor speed stats
/// --seed S --split A/B` plays it (defaults: seed 1, deal 0, 26/26).
pub async fn deal(uri: Uri) -> Result<Response, ApiError> {
    let params = Params::of(&uri, &["seed", "deal", "split"])?;
    let seed = params.parsed("seed", whole_number)?.unwrap_or(1);
    let index = params.parsed("deal", whole_number)?.unwrap_or(0);
    let split = params
        .parsed("split", parse_split)?
        .unwrap_or(Split::HALVES);
    Ok(json(&DealJson::new(seed, index, split)))
}
