//! A request's body as its endpoint reads it: text, read as the command line reads a file.
//! The body is whole already (`bounds::body`), within the bound on its length.

use crate::refusal::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};

/// The body as text: UTF-8, without a byte-order mark, each mistake at its line and column.
pub struct Text(pub String);

impl<S: Send + Sync> FromRequest<S> for Text {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Text, ApiError> {
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| {
                ApiError::input(format!("cannot read the body: {}", rejection.body_text()))
            })?;
        report::text::decode(bytes.into(), "the body")
            .map(Text)
            .map_err(ApiError::input)
    }
}
