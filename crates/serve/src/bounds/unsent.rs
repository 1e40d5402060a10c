//! The memory of the answers made for their requests (the JSON) and not yet read by their
//! clients, over all connections: at most [`UNSENT`], each answer handed to its connection a
//! piece of [`ANSWER_PIECE`] at a time. Past it a new answer is 503.

use super::Memory;
use crate::answer::Made;
use crate::limits::{ANSWER_PIECE, UNSENT};
use crate::refusal::ApiError;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::sync::OwnedSemaphorePermit;

/// The answer to `request`, holding its share of `budget` until its client has read it if it
/// was made for the request; or 503 when the answers not yet read hold the whole budget.
pub async fn hold(State(budget): State<Memory>, request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    if response.extensions().get::<Made>().is_none() {
        return response;
    }
    let (parts, body) = response.into_parts();
    // A made answer is one piece of memory already: this takes it whole, copying nothing.
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return ApiError::internal("the answer could not be read back").into_response();
    };
    let Some(held) = budget.take(bytes.len()) else {
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            format!(
                "the answers that clients have not read yet hold the {} MiB the server gives \
                 them; try again in a moment",
                UNSENT >> 20
            ),
        )
        .into_response();
    };
    Response::from_parts(parts, Body::new(Unsent { bytes, _held: held }))
}

/// An answer being sent: its bytes, given to the connection a piece at a time, and its share
/// of [`UNSENT`], given back once the last piece is.
struct Unsent {
    bytes: Bytes,
    _held: OwnedSemaphorePermit,
}

impl http_body::Body for Unsent {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Self::Error>>> {
        if self.bytes.is_empty() {
            return Poll::Ready(None);
        }
        let length = self.bytes.len().min(ANSWER_PIECE);
        let piece = self.bytes.split_to(length);
        Poll::Ready(Some(Ok(http_body::Frame::data(piece))))
    }

    fn is_end_stream(&self) -> bool {
        self.bytes.is_empty()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        http_body::SizeHint::with_exact(self.bytes.len() as u64)
    }
}
