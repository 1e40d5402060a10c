//! The JSON API, one module a game (`/api/<game>/…`), and what their handlers share: the query
//! read into a struct ([`query`]), the body read as text ([`body`]), and the lanes their work
//! runs on ([`work`]). Every endpoint that does what a command does reads the command's input
//! with its reader and answers with its `--json` writer.

pub mod body;
pub mod camicia;
pub mod hiq;
pub mod query;
pub mod russian;
pub mod speed;
pub mod work;

use crate::refusal::only;
use axum::handler::Handler;
use axum::routing::{MethodRouter, get, post};
use std::sync::Arc;
use work::{Routes, Shared};

/// Every endpoint: its address, the one method it takes, and its handler.
pub fn routes() -> Routes {
    Routes::new()
        .route("/api/hiq/solve", posted(hiq::solve))
        .route("/api/hiq/verdict", posted(hiq::verdict))
        .route("/api/hiq/ahead", posted(hiq::ahead))
        .route("/api/hiq/board", posted(hiq::board))
        .route("/api/hiq/play", posted(hiq::play))
        .route("/api/russian/game", got(russian::game))
        .route("/api/russian/hint", posted(russian::hint))
        .route("/api/russian/peek", got(russian::peek))
        .route("/api/russian/play", got(russian::play))
        .route("/api/russian/casino", got(russian::casino))
        .route("/api/camicia/trace", posted(camicia::trace))
        .route("/api/camicia/decks", posted(camicia::decks))
        .route("/api/camicia/deal", got(camicia::deal))
        .route("/api/speed/play", posted(speed::play))
        .route("/api/speed/deal", got(speed::deal))
        .route("/api/speed/times", got(speed::times))
        .route("/api/speed/versus", posted(speed::versus))
}

/// An endpoint that takes POST alone.
fn posted<H: Handler<T, Arc<Shared>>, T: 'static>(handler: H) -> MethodRouter<Arc<Shared>> {
    post(handler).fallback(only("POST"))
}

/// An endpoint that takes GET alone.
fn got<H: Handler<T, Arc<Shared>>, T: 'static>(handler: H) -> MethodRouter<Arc<Shared>> {
    get(handler).fallback(only("GET"))
}
