//! The time a request may take once its headers are in: its body, its wait for a solver, the
//! work and the answer. Past it the work is dropped, which cancels it.

use crate::limits::REQUEST_TIMEOUT;
use crate::refusal::ApiError;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The answer to `request` within [`REQUEST_TIMEOUT`], or 408.
pub async fn within(request: Request, next: Next) -> Response {
    match tokio::time::timeout(REQUEST_TIMEOUT, next.run(request)).await {
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
    }
}
