//! The Russian Solitaire endpoints. A game is named as the command line names a deal
//! ([`russian::source`]: `seed=N`, deal N as `russian deal --seed N` prints it, or `pysol=N`,
//! PySolFC's game N; `deal=N`, the older name, is `seed=N`) and its line of moves
//! (`moves=S7-5,HK-2`); the server replays it for every request and keeps nothing. The
//! face-down cards never leave the server except through `peek`, which the page marks as
//! peeking.

use super::body::Text;
use super::query::{Nothing, Params, deal_number, quoting, read};
use super::work::{State, solver};
use crate::answer::{Answer, json};
use crate::limits::{MAX_SAMPLES, RUSSIAN_HINT_POSITIONS, RUSSIAN_MEMORY, RUSSIAN_PLAY_POSITIONS};
use crate::refusal::ApiError;
use axum::response::Response;
use report::count::count;
use report::russian::{CasinoJson, HintJson, PlayJson, TableJson, parse_strategy};
use russian::fast::Game;
use russian::hint::HintError;
use russian::pysol::GameNumber;
use russian::solver::{Allowance, Unsolved};
use russian::source::Source;
use russian::strategy::{DEFAULT_SAMPLES, play_within};
use russian::{Event, Layout, StrategyName, Table, line};
use serde::{Deserialize, Deserializer};
use tally::grouped;

fn pysol<'de, D: Deserializer<'de>>(parameter: D) -> Result<Option<GameNumber>, D::Error> {
    read(parameter, str::parse::<GameNumber>)
}

/// `samples`, by the command line's rule for `--samples`, its message quoting the value.
fn samples<'de, D: Deserializer<'de>>(parameter: D) -> Result<Option<u32>, D::Error> {
    read(
        parameter,
        quoting(count("a number of samples", 1, MAX_SAMPLES)),
    )
}

fn strategy<'de, D: Deserializer<'de>>(parameter: D) -> Result<Option<StrategyName>, D::Error> {
    read(parameter, parse_strategy)
}

/// The query of `game`: a game, named by its deal and its line of moves.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(super) struct GameQuery {
    #[serde(alias = "deal", deserialize_with = "deal_number")]
    seed: Option<u64>,
    #[serde(deserialize_with = "pysol")]
    pysol: Option<GameNumber>,
    moves: Option<String>,
}

/// The query of `peek`: a game, and the samples of the hint.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(super) struct PeekQuery {
    #[serde(alias = "deal", deserialize_with = "deal_number")]
    seed: Option<u64>,
    #[serde(deserialize_with = "pysol")]
    pysol: Option<GameNumber>,
    moves: Option<String>,
    #[serde(deserialize_with = "samples")]
    samples: Option<u32>,
}

/// The query of `play`: a game, the strategy that plays it on, and its samples.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(super) struct PlayQuery {
    #[serde(alias = "deal", deserialize_with = "deal_number")]
    seed: Option<u64>,
    #[serde(deserialize_with = "pysol")]
    pysol: Option<GameNumber>,
    moves: Option<String>,
    #[serde(deserialize_with = "strategy")]
    strategy: Option<StrategyName>,
    #[serde(deserialize_with = "samples")]
    samples: Option<u32>,
}

/// The query of `hint`: as `parlor russian hint`'s options.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(super) struct HintQuery {
    #[serde(deserialize_with = "samples")]
    samples: Option<u32>,
    #[serde(deserialize_with = "deal_number")]
    seed: Option<u64>,
}

/// A game as a request names it, replayed to where its line ends.
struct Replayed {
    layout: Layout,
    /// What seeds the strategies' random choices, as `--seed` does on the command line.
    number: u64,
    game: Game,
    /// Every event since the deal: the foundation moves it allows at once, then each move
    /// with what followed it.
    events: Vec<Event>,
}

/// The deal that `seed` or `pysol` names, and the game after its line `moves`.
fn replay(
    seed: Option<u64>,
    pysol: Option<GameNumber>,
    moves: Option<&str>,
) -> Result<Replayed, ApiError> {
    let source = Source {
        seed,
        pysol,
        layout: None,
    };
    let layout = source.layout().map_err(|_| {
        ApiError::input(
            "name the game: seed=N (as `parlor russian deal --seed N`) or pysol=N (PySolFC's \
             game N)",
        )
    })?;
    let mut game = Game::new(&layout)
        .ok_or_else(|| ApiError::input("the deal does not hold the 52 cards once each"))?;
    let mut events = Vec::new();
    game.settle(&mut |event| events.push(event));
    line::play(&mut game, moves.unwrap_or(""), &mut |event| {
        events.push(event)
    })
    .map_err(|e| ApiError::parameter("moves", e))?;
    Ok(Replayed {
        layout,
        number: source.number(),
        game,
        events,
    })
}

/// `GET /api/russian/game?seed=N&moves=LINE` (or `pysol=N`): the game after the line.
pub(super) async fn game(Params(query): Params<GameQuery>) -> Answer {
    let replayed = replay(query.seed, query.pysol, query.moves.as_deref())?;
    Ok(json(&TableJson::of(&replayed.game, &replayed.events)))
}

/// `POST /api/russian/hint?samples=K&seed=S`: what `parlor russian hint --json` prints for the
/// table in the body.
pub(super) async fn hint(
    state: State,
    Params(query): Params<HintQuery>,
    Text(text): Text,
) -> Answer {
    let table = Table::parse(&text).map_err(ApiError::input)?;
    let samples = query.samples.unwrap_or(DEFAULT_SAMPLES);
    answer_hint(&state, table, query.seed.unwrap_or(0), samples).await
}

pub(super) async fn answer_hint(state: &State, table: Table, seed: u64, samples: u32) -> Answer {
    let (hint, unknown) = solver(state, move |cancel| {
        let mut allowed = Allowance {
            positions: RUSSIAN_HINT_POSITIONS,
            memory: RUSSIAN_MEMORY,
        };
        let hint = russian::hint::hint_within(&table, seed, samples, &mut allowed, cancel);
        (hint, table.unknown())
    })
    .await?;
    let hint = hint.map_err(|e| match e {
        HintError::Unsolved(why) => unsolved(
            why,
            RUSSIAN_HINT_POSITIONS,
            "`parlor russian hint --json` on the command line, which has no such bound",
        ),
        other => ApiError::input(other),
    })?;
    Ok(json(&HintJson::of(&hint, unknown)))
}

/// A search stopped by the server's bound on a Russian request, `allowed` positions examined,
/// refused with what to do instead (`elsewhere`: the command that has no such bound).
fn unsolved(why: Unsolved, allowed: u64, elsewhere: &str) -> ApiError {
    match why {
        Unsolved::OverBudget | Unsolved::OverAllowance => ApiError::budget(format!(
            "not known within the server's budget: the searches would examine more than {} \
             positions, the most one request may; ask for fewer samples, or use {elsewhere}",
            grouped(allowed)
        )),
        Unsolved::OverMemory => ApiError::budget(format!(
            "not known within the server's budget: a search's table of positions would pass {} \
             MiB, the most one request may hold; ask for fewer samples, or use {elsewhere}",
            RUSSIAN_MEMORY >> 20
        )),
        // Work is cancelled only when nobody waits for its answer, so no client reads this.
        Unsolved::Cancelled(cancelled) => ApiError::budget(cancelled.to_string()),
    }
}

/// `GET /api/russian/peek?seed=N&moves=LINE`: the hint for the game with every card known —
/// what `parlor russian hint --json` prints for the whole game's table: the exact maximum and
/// the first move that keeps it. Not fair, and the page says so.
pub(super) async fn peek(state: State, Params(query): Params<PeekQuery>) -> Answer {
    let replayed = replay(query.seed, query.pysol, query.moves.as_deref())?;
    let samples = query.samples.unwrap_or(DEFAULT_SAMPLES);
    answer_hint(&state, Table::of_game(&replayed.game, true), 0, samples).await
}

/// `GET /api/russian/casino`: the casino's terms, which the page counts the player's money by.
pub(super) async fn casino(_: Params<Nothing>) -> Response {
    json(&CasinoJson::rule_book())
}

/// `GET /api/russian/play?seed=N&strategy=S&moves=LINE`: the game played on from the line by
/// the strategy, as `parlor russian play --json` prints a game (from the deal when there is no
/// line: then the very same answer).
pub(super) async fn play(state: State, Params(query): Params<PlayQuery>) -> Answer {
    let name = query.strategy.ok_or_else(|| {
        ApiError::parameter(
            "strategy",
            "missing: random, greedy, lookahead, planner or clairvoyant",
        )
    })?;
    let samples = query.samples.unwrap_or(DEFAULT_SAMPLES);
    let replayed = replay(query.seed, query.pysol, query.moves.as_deref())?;
    let played = solver(&state, move |cancel| {
        let Replayed {
            layout,
            number,
            game,
            events,
        } = &replayed;
        let mut game = game.clone();
        let mut allowed = Allowance {
            positions: RUSSIAN_PLAY_POSITIONS,
            memory: RUSSIAN_MEMORY,
        };
        let mut player = name.player_within(&game, *number, samples, &mut allowed, cancel)?;
        PlayJson::play_by(layout, name, events.clone(), |log| {
            play_within(&mut game, &mut player, &mut allowed, cancel, log)
        })
    })
    .await?
    .map_err(|why| {
        unsolved(
            why,
            RUSSIAN_PLAY_POSITIONS,
            "`parlor russian play --json` on the command line, which has no such bound",
        )
    })?;
    Ok(json(&played))
}
