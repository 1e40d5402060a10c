//! A request's body, read whole before its endpoint sees the request: within [`MAX_BODY`], at
//! [`BODY_RATE`] at least after [`BODY_GRACE`], and the bodies of all connections together
//! within [`BODIES`], each taking its share (the length it announces, or [`MAX_BODY`]) before
//! a byte of it is read, until its answer is made: so that thousands of slow bodies cannot
//! hold a gigabyte. Until its body is in, a connection is as idle as
//! one that sends nothing, and may be closed first to make room; from then until its answer it
//! is busy, and its client is watched for leaving (`crate::client`).

use super::Memory;
use crate::connections::Connection;
use crate::limits::{BODIES, BODY_GRACE, BODY_RATE, MAX_BODY};
use crate::refusal::ApiError;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, Version, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use std::sync::Arc;
use std::time::Duration;

/// The request with its body read whole, or the refusal of a body too long or too slow. A
/// length announced past [`MAX_BODY`] is refused before a byte of the body is read (and so
/// before `100 Continue`, which a client that asks for it then never gets); one whose share of
/// `bodies` is not free is refused 503 at once, the connection closed.
pub async fn read_whole(State(bodies): State<Memory>, request: Request, next: Next) -> Response {
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|length| length > MAX_BODY as u64) {
        return too_large();
    }
    let (parts, body) = request.into_parts();
    let length = announced.map_or(MAX_BODY, |length| length as usize);
    // A request without a body (a GET) takes no share.
    let share = if http_body::Body::is_end_stream(&body) {
        None
    } else {
        let Some(share) = bodies.take(length.max(1)) else {
            return closed(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                format!(
                    "the bodies being read hold the {} MiB the server gives them; try again in \
                     a moment",
                    BODIES >> 20
                ),
            ));
        };
        Some(share)
    };
    let deadline = BODY_GRACE + Duration::from_secs_f64(length as f64 / BODY_RATE as f64);
    let answer = match tokio::time::timeout(deadline, copied(body, length)).await {
        Ok(Ok(bytes)) => {
            // HTTP/1.0 has no interim answers (RFC 9110 §15.2).
            let interim = parts.version >= Version::HTTP_11;
            let _busy = parts
                .extensions
                .get::<Arc<Connection>>()
                .map(|connection| connection.busy(interim));
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        // A body of unannounced length that runs past the bound.
        Ok(Err(error)) if error.is::<LengthLimitError>() => too_large(),
        Ok(Err(error)) => ApiError::input(format!("cannot read the body: {error}")).into_response(),
        Err(_) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "timeout",
            format!(
                "the body came slower than {} KiB/s (after {} s of grace), the least the server \
                 takes",
                BODY_RATE >> 10,
                BODY_GRACE.as_secs()
            ),
        )
        .into_response(),
    };
    drop(share);
    answer
}

/// `body`'s bytes, at most [`MAX_BODY`] of them, copied as they come into one buffer of the
/// `length` announced: the pieces hyper hands over are views of its own buffers, each of
/// which a byte kept would hold whole.
async fn copied(body: Body, length: usize) -> Result<Vec<u8>, axum::BoxError> {
    let mut body = Limited::new(body, MAX_BODY);
    let mut bytes = Vec::with_capacity(length.min(MAX_BODY));
    while let Some(frame) = body.frame().await {
        if let Some(data) = frame?.data_ref() {
            bytes.extend_from_slice(data);
        }
    }
    Ok(bytes)
}

fn too_large() -> Response {
    closed(ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "too-large",
        format!(
            "the body is longer than {} KiB, the most the server reads",
            MAX_BODY >> 10
        ),
    ))
}

/// `refusal`, closing the connection: the body is not read, so the connection cannot carry
/// another request.
fn closed(refusal: ApiError) -> Response {
    let mut response = refusal.into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}
