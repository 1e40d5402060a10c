//! A request's body, read whole before its endpoint sees the request: within [`MAX_BODY`], at
//! [`BODY_RATE`] at least after [`BODY_GRACE`]. Until its body is in, a connection is as idle as
//! one that sends nothing, and may be closed first to make room; from then until its answer it
//! is busy, and its client is watched for leaving (`crate::client`).

use crate::connections::Connection;
use crate::limits::{BODY_GRACE, BODY_RATE, MAX_BODY};
use crate::refusal::ApiError;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, Version, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use std::sync::Arc;
use std::time::Duration;

/// The request with its body read whole, or the refusal of a body too long or too slow. A
/// length announced past [`MAX_BODY`] is refused before a byte of the body is read (and so
/// before `100 Continue`, which a client that asks for it then never gets).
pub async fn read_whole(request: Request, next: Next) -> Response {
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
    let deadline = BODY_GRACE + Duration::from_secs_f64(length as f64 / BODY_RATE as f64);
    let reading = Limited::new(body, MAX_BODY).collect();
    match tokio::time::timeout(deadline, reading).await {
        Ok(Ok(bytes)) => {
            // HTTP/1.0 has no interim answers (RFC 9110 §15.2).
            let interim = parts.version >= Version::HTTP_11;
            let _busy = parts
                .extensions
                .get::<Arc<Connection>>()
                .map(|connection| connection.busy(interim));
            next.run(Request::from_parts(parts, Body::from(bytes.to_bytes())))
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
    }
}

fn too_large() -> Response {
    let mut response = ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "too-large",
        format!(
            "the body is longer than {} KiB, the most the server reads",
            MAX_BODY >> 10
        ),
    )
    .into_response();
    // The rest of the body is not read, so the connection cannot carry another request.
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}
