//! Every address the server answers: each game's endpoints, the page's files, and what wraps
//! them all (the bound on a request's time and body, the answer for an unknown address).

use super::api::{Shared, bounded};
use super::limits::MAX_BODY;
use super::{assets, camicia, hiq, russian, speed};
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::middleware;
use std::sync::Arc;

pub fn router() -> Router {
    super::prospects::prepare();
    Router::new()
        .merge(hiq::routes())
        .merge(russian::routes())
        .merge(camicia::routes())
        .merge(speed::routes())
        .merge(assets::routes())
        .fallback(assets::not_found)
        .layer(middleware::from_fn(bounded))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(Arc::new(Shared::new()))
}
