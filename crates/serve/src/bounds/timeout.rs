//! The time a request may take once its headers are in: its body, its wait for a solver, the
//! work and the answer; and no longer than the server's stop allows. Past either the work is
//! dropped, which cancels it, and the request is answered.

use crate::limits::REQUEST_TIMEOUT;
use crate::refusal::ApiError;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::watch;

/// Told once the server's drain is over: the requests still in flight are then cut.
#[derive(Clone)]
pub struct Cut(watch::Receiver<bool>);

/// What tells [`Cut`] that the drain is over.
pub struct Cutting(watch::Sender<bool>);

impl Cutting {
    /// A new signal, and what it tells.
    pub fn new() -> (Cutting, Cut) {
        let (send, receive) = watch::channel(false);
        (Cutting(send), Cut(receive))
    }

    /// Cuts every request still in flight: each is answered 503 `stopping`, its work dropped.
    pub fn cut(&self) {
        self.0.send_replace(true);
    }
}

/// The answer to `request` within [`REQUEST_TIMEOUT`], or 408; or 503 `stopping` once the
/// server's drain is over.
pub async fn within(State(Cut(mut cut)): State<Cut>, request: Request, next: Next) -> Response {
    let answered = tokio::time::timeout(REQUEST_TIMEOUT, next.run(request));
    tokio::select! {
        answer = answered => match answer {
            Ok(response) => response,
            Err(_) => ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "timeout",
                format!(
                    "the request took longer than {} s, the most the server gives one",
                    REQUEST_TIMEOUT.as_secs()
                ),
            )
            .into_response(),
        },
        // A closed sender is a server gone: nothing is left to answer.
        Ok(_) = cut.wait_for(|cut| *cut) => ApiError::stopping().into_response(),
    }
}
