//! Every address the server answers: each game's endpoints, the page's files, and what wraps
//! them all (who may ask, the bounds on a request's body, time and answer, the answer for an
//! unknown address).

use super::api::{Shared, bounded};
use super::guard::{Access, Gate, gate};
use super::{assets, camicia, hiq, russian, speed};
use axum::middleware;
use cancel::Cancel;
use std::net::SocketAddr;
use std::sync::Arc;

/// The routes of a server listening at `bound` for whom `access` admits.
pub fn router(access: Access, bound: SocketAddr) -> Served {
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
    Served::new(routes, stopping)
}

/// What the accepting loop serves: every route, and the flag that cancels their work.
pub struct Served {
    routes: axum::Router,
    stopping: Cancel,
}

impl Served {
    /// `routes`, whose work `stopping` cancels.
    fn new(routes: axum::Router, stopping: Cancel) -> Served {
        Served { routes, stopping }
    }

    /// The routes, and the flag to raise when the server stops.
    pub fn into_parts(self) -> (axum::Router, Cancel) {
        (self.routes, self.stopping)
    }
}
