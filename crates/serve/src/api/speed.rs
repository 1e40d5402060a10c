//! The Speed endpoints: the robots' games with their whole logs (`parlor speed --json`), how
//! long each action takes, and random deals as contest input, so that the page can watch them
//! the same way.

use super::body::Text;
use super::query::{Nothing, Params, deal_number, read, seed};
use super::work::{State, contest_lines};
use crate::answer::{Answer, json};
use axum::response::Response;
use report::speed::{DealJson, GameJson, TimesJson, parse_split};
use serde::{Deserialize, Deserializer};
use speed::{Split, contest, reference};

fn split<'de, D: Deserializer<'de>>(parameter: D) -> Result<Option<Split>, D::Error> {
    read(parameter, parse_split)
}

/// The query of `deal`: as `parlor speed stats` numbers its deals.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(super) struct DealQuery {
    #[serde(deserialize_with = "seed")]
    seed: Option<u64>,
    #[serde(deserialize_with = "deal_number")]
    deal: Option<u64>,
    #[serde(deserialize_with = "split")]
    split: Option<Split>,
}

/// `POST /api/speed/play`: what `parlor speed --json` prints for the contest input in the body.
pub(super) async fn play(state: State, _: Params<Nothing>, Text(input): Text) -> Answer {
    contest_lines(&state, input, contest::parse, |deal| {
        GameJson::new(deal, &reference::play(deal))
    })
    .await
}

/// `GET /api/speed/times`: how long each action takes, which the page's cards travel for.
pub(super) async fn times(_: Params<Nothing>) -> Response {
    json(&TimesJson::rule_book())
}

/// `GET /api/speed/deal?seed=S&deal=I&split=A/B`: deal I of seed S, as `parlor speed stats
/// --seed S --split A/B` plays it (defaults: seed 1, deal 0, 26/26).
pub(super) async fn deal(Params(query): Params<DealQuery>) -> Response {
    json(&DealJson::new(
        query.seed.unwrap_or(1),
        query.deal.unwrap_or(0),
        query.split.unwrap_or(Split::HALVES),
    ))
}
