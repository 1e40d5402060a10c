//! An endpoint's answer, written as the command's `--json` writes it: one JSON object a line,
//! by the one writer both doors use. Such an answer is made for its request and holds memory
//! until its client has read it, which one of the bounds counts (`bounds::unsent`).

use crate::refusal::ApiError;
use axum::body::Body;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// What an endpoint answers: its JSON, or the refusal that says why not.
pub type Answer = Result<Response, ApiError>;

/// Marks an answer made for its request (not one of the page's files, compiled in).
#[derive(Clone, Copy)]
pub struct Made;

/// An answer of `bytes` of the type `mime`, made for this request.
fn made(bytes: Vec<u8>, mime: &'static str) -> Response {
    let mut response = Body::from(bytes).into_response();
    response.extensions_mut().insert(Made);
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    response
}

/// An answer as the command's `--json` writes it.
pub fn json(value: &impl Serialize) -> Response {
    written([value], "application/json")
}

/// Answers of a command that prints one JSON object per line (one per game), each written as
/// soon as it is made, so that no more than one is held beside the text.
pub fn json_lines<T: Serialize>(values: impl IntoIterator<Item = T>) -> Response {
    written(values, "application/x-ndjson")
}

/// `values`, a JSON line each, as an answer of the type `mime`.
fn written<T: Serialize>(values: impl IntoIterator<Item = T>, mime: &'static str) -> Response {
    let mut bytes = Vec::new();
    for value in values {
        if let Err(e) = lines::json(&mut bytes, &value) {
            // The answers are plain structs of numbers and strings, which always serialize.
            return ApiError::internal(format!("the answer cannot be written: {e}"))
                .into_response();
        }
    }
    made(bytes, mime)
}
