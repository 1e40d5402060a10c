//! The Camicia endpoints: a whole game to replay (`parlor camicia --trace --json`) and both decks
//! at each of its rounds' start, and the deals of camicia.dev's numbering and of the random runs,
//! for a page to ask a trace of.

use super::body::Text;
use super::query::{Params, deal_number, read, seed};
use super::work::{State, solver_holding};
use crate::answer::{Answer, json};
use crate::limits::{DECKS_MEMORY, MAX_TRACE_CARDS, MAX_TRACE_KEPT, TRACE_MEMORY};
use crate::refusal::ApiError;
use axum::extract::{FromRequest, FromRequestParts, Request};
use camicia::Deal;
use camicia::deal::Dealer;
use camicia::input::{Notation, games};
use camicia::trace::{Budget, OverBudget};
use report::camicia::{DealJson, DecksJson, TraceJson, parse_index};
use serde::{Deserialize, Deserializer, Serialize};

fn notation<'de, D: Deserializer<'de>>(parameter: D) -> Result<Option<Notation>, D::Error> {
    read(parameter, str::parse::<Notation>)
}

fn index<'de, D: Deserializer<'de>>(parameter: D) -> Result<Option<u128>, D::Error> {
    read(parameter, parse_index)
}

/// The query of `trace` and `decks`: the notation of the game in the body, as `parlor
/// camicia --input` names it (`text` unless given).
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct GameQuery {
    #[serde(deserialize_with = "notation")]
    input: Option<Notation>,
}

/// The query of `deal`: an index of camicia.dev's numbering, or deal `number` of a seed.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(super) struct DealQuery {
    #[serde(deserialize_with = "index")]
    index: Option<u128>,
    #[serde(deserialize_with = "seed")]
    seed: Option<u64>,
    #[serde(deserialize_with = "deal_number")]
    number: Option<u64>,
}

/// The one game of the body, as `parlor camicia` reads a file, in the notation the query names
/// (`input=text|jsonl`, as `--input`; `text` unless given).
pub(super) struct OneGame(Deal);

impl<S: Send + Sync> FromRequest<S> for OneGame {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<OneGame, ApiError> {
        let (mut parts, body) = request.into_parts();
        let Params(query) = Params::<GameQuery>::from_request_parts(&mut parts, state).await?;
        let Text(text) = Text::from_request(Request::from_parts(parts, body), state).await?;
        let mut games: Vec<Deal> = games(&text, query.input.unwrap_or_default())
            .take(2)
            .collect::<Result<_, _>>()
            .map_err(ApiError::input)?;
        match games.len() {
            1 => Ok(OneGame(games.remove(0))),
            _ => Err(ApiError::input(
                "expected one game, found more: a trace is of one game",
            )),
        }
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
pub(super) async fn trace(state: State, OneGame(deal): OneGame) -> Answer {
    played(state, deal, TRACE_MEMORY, TraceJson::of).await
}

/// `POST /api/camicia/decks?input=text|jsonl`: both decks at every round's start of the one
/// game in the body, within the trace's bounds.
pub(super) async fn decks(state: State, OneGame(deal): OneGame) -> Answer {
    played(state, deal, DECKS_MEMORY, DecksJson::of).await
}

/// The answer `answer` makes of `deal`, played within [`BUDGET`] and written, holding `memory`
/// of the memory the work shares all the while.
async fn played<T: Serialize + 'static>(
    state: State,
    deal: Deal,
    memory: u64,
    answer: fn(&Deal, Option<Budget>) -> Result<T, OverBudget>,
) -> Answer {
    solver_holding(&state, memory, move |_| {
        answer(&deal, Some(BUDGET)).map(|answer| json(&answer))
    })
    .await?
    .map_err(over_budget)
}

/// `GET /api/camicia/deal?index=N`: the deal of index N, as `parlor camicia deal N` prints it;
/// `GET /api/camicia/deal?seed=S&number=I`: deal I of seed S, the deal `parlor camicia stats
/// --seed S` plays as its deal I (number 0 if not given).
pub(super) async fn deal(Params(query): Params<DealQuery>) -> Answer {
    let pack = match (query.index, query.seed) {
        (Some(index), None) => {
            if query.number.is_some() {
                return Err(ApiError::parameter(
                    "number",
                    "goes with seed, not with index",
                ));
            }
            camicia::index::pack(index).expect("an index below DEALS")
        }
        (None, Some(seed)) => Dealer::new(seed).pack(query.number.unwrap_or(0)),
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
