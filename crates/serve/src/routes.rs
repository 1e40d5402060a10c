//! Every address the server answers, and what wraps them: each game's endpoints (`api`), the
//! page's files (`assets`), the answer for an unknown address; inside the bounds (`bounds`),
//! one layer each, and the gate (`gate`) outside them all.

use crate::api::{self, work::Shared};
use crate::assets;
use crate::bounds::{body, headers, timeout, unsent};
use crate::gate::{self, Access, Gate};
use axum::middleware::{from_fn, from_fn_with_state};
use cancel::Cancel;
use std::net::SocketAddr;
use std::sync::Arc;

/// The routes of a server listening at `bound` for whom `access` admits.
pub fn router(access: Access, bound: SocketAddr) -> Served {
    let stopping = Cancel::new();
    let routes = axum::Router::new()
        .merge(api::routes())
        .merge(assets::routes())
        .fallback(assets::not_found)
        .with_state(Arc::new(Shared::new(stopping.clone())))
        // The innermost first: each layer wraps those above it.
        .layer(from_fn(body::read_whole))
        .layer(from_fn(timeout::within))
        .layer(from_fn_with_state(unsent::Budget::new(), unsent::hold))
        .layer(from_fn(headers::set))
        .layer(from_fn_with_state(
            Arc::new(Gate::new(access, bound)),
            gate::check,
        ));
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
