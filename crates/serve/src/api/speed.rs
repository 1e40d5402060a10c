//! The Speed endpoints: the robots' games with their whole logs (`parlor speed --json`), how
//! long each action takes, and random deals as contest input, so that the page can watch them
//! the same way; and a game of a player against the robot, step by step, the speed crate its
//! referee ([`speed::step()`]).

use super::body::Text;
use super::query::{Nothing, Params, deal_number, quoting, read, seed};
use super::work::{State, contest_lines, solver};
use crate::answer::{Answer, json};
use crate::refusal::ApiError;
use axum::http::StatusCode;
use axum::response::Response;
use report::count::count;
use report::speed::{DealJson, GameJson, StepJson, TimesJson, parse_split};
use serde::{Deserialize, Deserializer};
use speed::{Deal, LATEST_MS, Log, Reaction, Robot, Split, StepError, Versus, contest, reference};

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

/// `text` as the value one of `words` names, or a message saying which were expected.
fn one_of<T: Copy>(text: &str, words: &[(&str, T)]) -> Result<T, String> {
    let found = words.iter().find(|(word, _)| *word == text);
    found.map(|&(_, value)| value).ok_or_else(|| {
        let names: Vec<&str> = words.iter().map(|&(word, _)| word).collect();
        format!(
            "expected {}, found {}",
            names.join(" or "),
            excerpt::Excerpt::of(text)
        )
    })
}

fn seat<'de, D: Deserializer<'de>>(parameter: D) -> Result<Option<Robot>, D::Error> {
    read(parameter, |text| {
        one_of(text, &[("A", Robot::A), ("B", Robot::B)])
    })
}

fn reaction<'de, D: Deserializer<'de>>(parameter: D) -> Result<Option<Reaction>, D::Error> {
    let ms = count("a reaction in ms", 0, Reaction::SLOWEST_MS);
    read(
        parameter,
        quoting(move |text| ms(text).map(|ms| Reaction::new(ms).expect("in range"))),
    )
}

fn log<'de, D: Deserializer<'de>>(parameter: D) -> Result<Option<Log>, D::Error> {
    read(parameter, str::parse::<Log>)
}

fn instant<'de, D: Deserializer<'de>>(parameter: D) -> Result<Option<u32>, D::Error> {
    read(parameter, quoting(count("an instant in ms", 0, LATEST_MS)))
}

fn until<'de, D: Deserializer<'de>>(parameter: D) -> Result<Option<Until>, D::Error> {
    read(parameter, |text| {
        one_of(text, &[("choice", Until::Choice), ("end", Until::End)])
    })
}

/// How far `versus` plays on without the player.
#[derive(Clone, Copy, Default)]
enum Until {
    /// To the next instant at which the player's choice could matter ([`Versus::step`]).
    #[default]
    Choice,
    /// To the end, or where the game stands still ([`Versus::play_out`]): a finished game's
    /// log, whole.
    End,
}

/// The query of `versus`: the player's seat (A unless given), the robot's reaction (0 ms), the
/// player's log (none), the page's clock (the log's last instant) and how far to play on.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(super) struct VersusQuery {
    #[serde(deserialize_with = "seat")]
    seat: Option<Robot>,
    #[serde(deserialize_with = "reaction")]
    reaction: Option<Reaction>,
    #[serde(deserialize_with = "log")]
    log: Option<Log>,
    #[serde(deserialize_with = "instant")]
    now: Option<u32>,
    #[serde(deserialize_with = "until")]
    until: Option<Until>,
}

/// The one data set of the body, as contest input.
fn one_deal(input: &str) -> Result<Deal, ApiError> {
    match contest::parse(input).map_err(ApiError::input)?.as_slice() {
        [deal] => Ok(*deal),
        [] => Err(ApiError::input(
            "expected one data set, found none: a game against the robot is of one deal",
        )),
        _ => Err(ApiError::input(
            "expected one data set, found more: a game against the robot is of one deal",
        )),
    }
}

/// An action of the log that the rules refuse, naming it and why, in the referee's words.
fn refused(error: StepError) -> ApiError {
    match error {
        StepError::Refused(refused) => ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "refused",
            format!("log: {refused}"),
        )
        .about("log"),
        StepError::Before { .. } => ApiError::parameter("now", error),
    }
}

/// `POST /api/speed/versus?seat=A&reaction=250&log=500r1,1000l3&now=1200&until=choice`: the
/// game of the one deal in the body (contest input) with the player at `seat`, against the rule
/// book's robot slowed by `reaction`, the player's `log` replayed, then played on as if the
/// player did nothing more after `now`, up to the next instant at which its choice could matter
/// (`until=end`: to the end, or where the game stands still); an action the rules refuse is
/// 422 `refused`, naming it and why.
pub(super) async fn versus(
    state: State,
    Params(query): Params<VersusQuery>,
    Text(input): Text,
) -> Answer {
    let deal = one_deal(&input)?;
    let seat = query.seat.unwrap_or(Robot::A);
    let reaction = query.reaction.unwrap_or(Reaction::RULE_BOOK);
    let log = query.log.unwrap_or_default();
    let until = query.until.unwrap_or_default();
    let now = query
        .now
        .unwrap_or_else(|| log.actions().last().map_or(0, |last| last.at));
    solver(&state, move |_| {
        let game = Versus::replay(&deal, seat, reaction, &log)
            .map_err(|e| refused(StepError::Refused(e)))?;
        let step = match until {
            Until::Choice => game.step(now),
            Until::End => game.play_out(now),
        }
        .map_err(refused)?;
        Ok(json(&StepJson::new(&deal, &game, &step)))
    })
    .await?
}
