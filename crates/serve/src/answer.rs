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
    written([value], "application/json", |_| true)
}

/// Answers of a command that prints one JSON object per line (one per game), each written as
/// soon as it is made, so that no more than one is held beside the text. The text is counted as
/// it grows: after each line `hold` is asked to hold the bytes it takes, and once it refuses,
/// the answer is 503 `crowded`.
pub fn json_lines<T: Serialize>(
    values: impl IntoIterator<Item = T>,
    hold: impl FnMut(u64) -> bool,
) -> Response {
    written(values, "application/x-ndjson", hold)
}

/// `values`, a JSON line each, as an answer of the type `mime`, as long as `hold` holds the
/// bytes of the text.
fn written<T: Serialize>(
    values: impl IntoIterator<Item = T>,
    mime: &'static str,
    mut hold: impl FnMut(u64) -> bool,
) -> Response {
    let mut bytes = Vec::new();
    for value in values {
        if let Err(e) = lines::json(&mut bytes, &value) {
            // The answers are plain structs of numbers and strings, which always serialize.
            return ApiError::internal(format!("the answer cannot be written: {e}"))
                .into_response();
        }
        if !hold(bytes.capacity() as u64) {
            return ApiError::crowded().into_response();
        }
    }
    made(bytes, mime)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    #[test]
    fn the_lines_are_held_as_they_are_written_and_refused_past_what_is_free() {
        let games = || (0..1000).map(|game| [game; 8]);
        let mut held = Vec::new();
        let answer = json_lines(games(), |bytes| {
            held.push(bytes);
            true
        });
        assert_eq!(answer.status(), StatusCode::OK);
        let written = http_body::Body::size_hint(answer.body())
            .exact()
            .expect("an answer of known length");
        assert_eq!(held.len(), 1000);
        assert!(held.windows(2).all(|w| w[0] <= w[1]));
        assert!(held[999] >= written);
        let refused = json_lines(games(), |bytes| bytes < written / 2);
        assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    }
}
