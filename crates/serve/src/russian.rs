//! The Russian Solitaire endpoints. A game is named by its deal (`deal=N`, as `russian deal
//! --seed N`, or `pysol=N`, PySolFC's game N) and its line of moves (`moves=S7-5,HK-2`); the
//! server replays it for every request and keeps nothing. The face-down cards never leave the
//! server except through `peek`, which the page marks as peeking.

use super::api::{
    ApiError, Params, RequestBody, Routes, State, json, only, solver, text, whole_number,
};
use super::limits::{MAX_SAMPLES, RUSSIAN_HINT_POSITIONS, RUSSIAN_PLAY_POSITIONS};
use axum::http::Uri;
use axum::response::Response;
use axum::routing::{get, post};
use report::count::count;
use report::russian::{CasinoJson, HintJson, PlayJson, TableJson, parse_strategy};
use russian::fast::Game;
use russian::hint::HintError;
use russian::pysol::{self, GameNumber};
use russian::solver::Unsolved;
use russian::strategy::{DEFAULT_SAMPLES, play_within};
use russian::{Event, Layout, Table, line};
use tally::grouped;

/// `/api/russian/…`.
pub fn routes() -> Routes {
    Routes::new()
        .route("/api/russian/game", get(game).fallback(only("GET")))
        .route("/api/russian/hint", post(hint).fallback(only("POST")))
        .route("/api/russian/peek", get(peek).fallback(only("GET")))
        .route("/api/russian/play", get(play).fallback(only("GET")))
        .route("/api/russian/casino", get(casino).fallback(only("GET")))
}

/// A game as a request names it, replayed to where its line ends.
struct Replayed {
    layout: Layout,
    /// What seeds the strategies' random choices, as `--seed` does on the command line: the
    /// deal's number, or 0 for a PySolFC game.
    number: u64,
    game: Game,
    /// Every event since the deal: the foundation moves it allows at once, then each move
    /// with what followed it.
    events: Vec<Event>,
}

/// The deal named by `deal` or `pysol`, and the game after its line `moves`.
fn replay(params: &Params) -> Result<Replayed, ApiError> {
    let deal = params.parsed("deal", whole_number)?;
    let pysol = params.parsed("pysol", |text| text.parse::<GameNumber>())?;
    let (layout, number) = match (deal, pysol) {
        (Some(number), None) => (russian::deal::deal(number), number),
        (None, Some(game)) => (pysol::deal(game), 0),
        (Some(_), Some(_)) => {
            return Err(ApiError::parameter("pysol", "give deal or pysol, not both"));
        }
        (None, None) => {
            return Err(ApiError::input(
                "name the game: deal=N (as `parlor russian deal --seed N`) or pysol=N \
                 (PySolFC's game N)",
            ));
        }
    };
    let mut game = Game::new(&layout)
        .ok_or_else(|| ApiError::input("the deal does not hold the 52 cards once each"))?;
    let mut events = Vec::new();
    game.settle(&mut |event| events.push(event));
    line::play(&mut game, params.get("moves").unwrap_or(""), &mut |event| {
        events.push(event)
    })
    .map_err(|e| ApiError::parameter("moves", e))?;
    Ok(Replayed {
        layout,
        number,
        game,
        events,
    })
}

/// `samples`, by the command line's rule for `--samples`, its message quoting the value.
fn samples(params: &Params) -> Result<u32, ApiError> {
    let samples = count("a number of samples", 1, MAX_SAMPLES);
    Ok(params
        .parsed("samples", |text| {
            samples(text).map_err(|e| format!("{e}, found {}", excerpt::Excerpt::of(text)))
        })?
        .unwrap_or(DEFAULT_SAMPLES))
}

/// `GET /api/russian/game?deal=N&moves=LINE` (or `pysol=N`): the game after the line.
pub async fn game(uri: Uri) -> Result<Response, ApiError> {
    let params = Params::of(&uri, &["deal", "pysol", "moves"])?;
    let replayed = replay(&params)?;
    Ok(json(&TableJson::of(&replayed.game, &replayed.events)))
}

/// `POST /api/russian/hint?samples=K&seed=S`: what `parlor russian hint --json` prints for the
/// table in the body.
pub async fn hint(state: State, uri: Uri, body: RequestBody) -> Result<Response, ApiError> {
    let params = Params::of(&uri, &["samples", "seed"])?;
    let samples = samples(&params)?;
    let seed = params.parsed("seed", whole_number)?.unwrap_or(0);
    let table = Table::parse(&text(body)?).map_err(ApiError::input)?;
    answer_hint(&state, table, seed, samples).await
}

async fn answer_hint(
    state: &State,
    table: Table,
    seed: u64,
    samples: u32,
) -> Result<Response, ApiError> {
    let (hint, unknown) = solver(state, move |cancel| {
        let mut allowed = RUSSIAN_HINT_POSITIONS;
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
        // Work is cancelled only when nobody waits for its answer, so no client reads this.
        Unsolved::Cancelled(cancelled) => ApiError::budget(cancelled.to_string()),
    }
}

/// `GET /api/russian/peek?deal=N&moves=LINE`: the hint for the game with every card known —
/// what `parlor russian hint --json` prints for the whole game's table: the exact maximum and
/// the first move that keeps it. Not fair, and the page says so.
pub async fn peek(state: State, uri: Uri) -> Result<Response, ApiError> {
    let params = Params::of(&uri, &["deal", "pysol", "moves", "samples"])?;
    let samples = samples(&params)?;
    let replayed = replay(&params)?;
    answer_hint(&state, Table::of_game(&replayed.game, true), 0, samples).await
}

/// `GET /api/russian/casino`: the casino's terms, which the page counts the player's money by.
pub async fn casino(uri: Uri) -> Result<Response, ApiError> {
    Params::of(&uri, &[])?;
    Ok(json(&CasinoJson::rule_book()))
}

/// `GET /api/russian/play?deal=N&strategy=S&moves=LINE`: the game played on from the line by
/// the strategy, as `parlor russian play --json` prints a game (from the deal when there is no
/// line: then the very same answer).
pub async fn play(state: State, uri: Uri) -> Result<Response, ApiError> {
    let params = Params::of(&uri, &["deal", "pysol", "moves", "strategy", "samples"])?;
    let name = params.parsed("strategy", parse_strategy)?.ok_or_else(|| {
        ApiError::parameter(
            "strategy",
            "missing: random, greedy, lookahead, planner or clairvoyant",
        )
    })?;
    let samples = samples(&params)?;
    let replayed = replay(&params)?;
    let played = solver(&state, move |cancel| {
        let Replayed {
            layout,
            number,
            game,
            events,
        } = &replayed;
        let mut game = game.clone();
        let mut allowed = RUSSIAN_PLAY_POSITIONS;
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
