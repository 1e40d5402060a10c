//! Every address the server answers: each game's endpoints, the page's files, and what wraps
//! them all (who may ask, the bounds on a request's body, time and answer, the answer for an
//! unknown address).

use super::api::{Shared, bounded};
use super::guard::{Access, Gate, gate};
use super::http::Router;
use super::{assets, camicia, hiq, russian, speed};
use axum::middleware;
use cancel::Cancel;
use std::net::SocketAddr;
use std::sync::Arc;

/// The routes of a server listening at `bound` for whom `access` admits.
pub fn router(access: Access, bound: SocketAddr) -> Router {
    super::prospects::prepare();
    let stopping = Cancel::new();
    let shared = Arc::new(Shared::new(stopping.clone()));
    let routes = axum::Router::new()
        .merge(hiq::routes())
        .merge(russian::routes())
        .merge(camicia::routes())
        .merge(speed::routes())
        .merge(assets::routes())
        .fallback(assets::not_found)
        .layer(middleware::from_fn_with_state(shared.clone(), bounded))
        .layer(middleware::from_fn_with_state(
            Arc::new(Gate::new(access, bound)),
            gate,
        ))
        .with_state(shared);
    Router::new(routes, stopping)
}
