//! Every address the server answers, and what wraps them: each game's endpoints (`api`), the
//! page's files (`assets`), the answer for an unknown address; inside the bounds (`bounds`),
//! one layer each, and the gate (`gate`) outside them all.

use crate::api::{self, work::Shared};
use crate::assets;
use crate::bounds::{Memory, body, headers, timeout, unsent};
use crate::gate::{self, Access, Gate};
use crate::limits::{BODIES, UNSENT};
use axum::middleware::{from_fn, from_fn_with_state};
use cancel::Cancel;
use std::net::SocketAddr;
use std::sync::Arc;

/// The routes of a server listening at `bound` for whom `access` admits.
pub fn router(access: Access, bound: SocketAddr) -> Served {
    let stopping = Cancel::new();
    let (cutting, cut) = timeout::Cutting::new();
    let routes = axum::Router::new()
        .merge(api::routes())
        .merge(assets::routes())
        .fallback(assets::not_found)
        .with_state(Arc::new(Shared::new(stopping.clone())))
        // The innermost first: each layer wraps those above it.
        .layer(from_fn_with_state(Memory::new(BODIES), body::read_whole))
        .layer(from_fn_with_state(cut, timeout::within))
        .layer(from_fn_with_state(Memory::new(UNSENT), unsent::hold))
        .layer(from_fn(headers::set))
        .layer(from_fn_with_state(
            Arc::new(Gate::new(access, bound)),
            gate::check,
        ));
    Served {
        routes,
        cut: Cut { stopping, cutting },
    }
}

/// What the accepting loop serves: every route, and what cuts the requests in flight.
pub struct Served {
    routes: axum::Router,
    cut: Cut,
}

/// What cuts the requests still in flight when the server's drain is over.
pub struct Cut {
    stopping: Cancel,
    cutting: timeout::Cutting,
}

impl Cut {
    /// Answers every request still in flight 503 `stopping`, and cancels all work.
    pub fn cut(&self) {
        self.stopping.cancel();
        self.cutting.cut();
    }
}

impl Served {
    /// The routes, and what cuts their requests when the server stops.
    pub fn into_parts(self) -> (axum::Router, Cut) {
        (self.routes, self.cut)
    }
}
