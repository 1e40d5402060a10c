//! What every endpoint shares: its errors as JSON, its query parameters checked
//! by name, its body read as the command line reads a file, its answer written as `--json`
//! writes it, and the pool of solvers that bounds the work done at once.

use super::limits::{self, MAX_BODY, REQUEST_TIMEOUT, SOLVER_WAIT};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{Query, Request};
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use cancel::Cancel;
use report::error::ErrorJson;
use serde::Serialize;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// What the handlers share: the solvers' permits.
pub struct Shared {
    solvers: Arc<Semaphore>,
}

impl Shared {
    /// As many solvers as [`limits::solvers`] allows.
    pub fn new() -> Shared {
        Shared {
            solvers: Arc::new(Semaphore::new(limits::solvers())),
        }
    }
}

/// The routes of one game, sharing the handlers' [`Shared`].
pub type Routes = Router<Arc<Shared>>;

pub type State = axum::extract::State<Arc<Shared>>;

/// Why a request got no answer, as JSON: `{"error": message, "reason": …}`, with `line` and
/// `column` when the message starts with them (a reader's), and `parameter` when a query
/// parameter is at fault.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    reason: &'static str,
    message: String,
    parameter: Option<&'static str>,
}

impl ApiError {
    fn new(status: StatusCode, reason: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            reason,
            message: message.into(),
            parameter: None,
        }
    }

    /// The body is not what the endpoint reads; the message is its reader's.
    pub fn input(message: impl std::fmt::Display) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "input", message.to_string())
    }

    /// Query parameter `name` is not what the endpoint takes.
    pub fn parameter(name: &'static str, message: impl std::fmt::Display) -> ApiError {
        ApiError {
            parameter: Some(name),
            ..ApiError::new(
                StatusCode::BAD_REQUEST,
                "parameter",
                format!("{name}: {message}"),
            )
        }
    }

    /// The work would pass what the server allows one request; the same request will fail the
    /// same way, so the status is no invitation to retry.
    pub fn budget(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "budget", message)
    }

    fn busy() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            format!(
                "every solver was busy for {} s; try again in a moment",
                SOLVER_WAIT.as_secs()
            ),
        )
    }

    /// A fault of the server's own (a solver that failed): never the user's mistake.
    fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorJson::new(&self.message, self.reason, self.parameter);
        let mut response = (self.status, json_body(&body)).into_response();
        set_json(&mut response);
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// `value` as `--json` prints it: one line, ended by a newline.
fn json_body(value: &impl Serialize) -> Vec<u8> {
    // The answers are plain structs of numbers and strings, which always serialize.
    let mut bytes = serde_json::to_vec(value).unwrap_or_default();
    bytes.push(b'\n');
    bytes
}

fn set_json(response: &mut Response) {
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
}

/// An answer as the command's `--json` writes it.
pub fn json(value: &impl Serialize) -> Response {
    let mut response = Body::from(json_body(value)).into_response();
    set_json(&mut response);
    response
}

/// Answers of a command that prints one JSON object per line (one per game).
pub fn json_lines(values: &[impl Serialize]) -> Response {
    let bytes: Vec<u8> = values.iter().flat_map(json_body).collect();
    let mut response = Body::from(bytes).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    response
}

/// A request's query parameters, each named at most once and each one the endpoint takes.
pub struct Params(Vec<(String, String)>);

impl Params {
    pub fn of(uri: &Uri, known: &[&'static str]) -> Result<Params, ApiError> {
        let Query(pairs) = Query::<Vec<(String, String)>>::try_from_uri(uri)
            .map_err(|e| ApiError::input(format!("the query is not name=value pairs: {e}")))?;
        for (i, (name, _)) in pairs.iter().enumerate() {
            let Some(&known_name) = known.iter().find(|k| **k == name) else {
                let listed = if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                };
                return Err(ApiError::new(
                    StatusCode::BAD_REQUEST,
                    "parameter",
                    format!(
                        "unknown query parameter {}: this endpoint takes {listed}",
                        excerpt::Excerpt::of(name)
                    ),
                ));
            };
            if pairs[..i].iter().any(|(n, _)| n == name) {
                return Err(ApiError::parameter(known_name, "given twice"));
            }
        }
        Ok(Params(pairs))
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Parameter `name` read by `parse`, whose message says what was expected.
    pub fn parsed<T, E: std::fmt::Display>(
        &self,
        name: &'static str,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<Option<T>, ApiError> {
        self.get(name)
            .map(|text| parse(text).map_err(|e| ApiError::parameter(name, e)))
            .transpose()
    }
}

/// A whole number from 0 to `u64::MAX` written in plain digits, for a seed, a deal or an index.
pub fn whole_number(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .ok()
        .filter(|_| text.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| {
            format!(
                "expected a whole number from 0 to {}, found {}",
                u64::MAX,
                excerpt::Excerpt::of(text)
            )
        })
}

/// A request's body as it reaches a handler: its bytes, or why they could not be read.
pub type RequestBody = Result<Bytes, BytesRejection>;

/// The body as text, read as the command line reads a file.
pub fn text(body: RequestBody) -> Result<String, ApiError> {
    let bytes = body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too-large",
                format!(
                    "the body is longer than {} KiB, the most the server reads",
                    MAX_BODY >> 10
                ),
            )
        } else {
            ApiError::input(format!("cannot read the body: {}", rejection.body_text()))
        }
    })?;
    report::text::decode(bytes.into(), "the body").map_err(ApiError::input)
}

/// Runs `job` on a solver's thread once one is free, waiting at most [`SOLVER_WAIT`]. The job
/// is handed a [`Cancel`] raised when nobody waits for its answer any more (the client left,
/// the request timed out); it should then return soon, with anything: its answer is dropped.
pub async fn solver<T: Send + 'static>(
    state: &State,
    job: impl Fn(&Cancel) -> T + Send + Sync + 'static,
) -> Result<T, ApiError> {
    let permit = tokio::time::timeout(SOLVER_WAIT, state.solvers.clone().acquire_owned())
        .await
        .map_err(|_| ApiError::busy())?
        .map_err(|_| ApiError::busy())?;
    let cancel = Cancel::new();
    // Dropped with this future: when the request's time is up or its connection closes.
    let _unwaited = CancelOnDrop(cancel.clone());
    tokio::task::spawn_blocking(move || {
        let answer = job(&cancel);
        drop(permit);
        answer
    })
    .await
    .map_err(|_| ApiError::internal("the solver stopped without an answer"))
}

/// Raises its flag when dropped.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// The answer to a method an endpoint does not take, naming the one it does.
pub fn only(allowed: &'static str) -> impl Fn(Method) -> std::future::Ready<Response> + Clone {
    move |method| {
        let mut response = ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method",
            format!("{method} is not what this address takes; it takes {allowed}"),
        )
        .into_response();
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static(allowed));
        std::future::ready(response)
    }
}

/// What a program gets at an unknown address (a browser gets a page: `assets::not_found`).
pub async fn not_found(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not-found",
        format!(
            "no page or endpoint at {}; the pages are /, /hiq, /russian, /camicia and /speed, the \
             endpoints are listed in docs/serve.md",
            excerpt::Excerpt::of(uri.path())
        ),
    )
}

/// Every request: bounded in time, and never sniffed or cached by the browser as something
/// else.
pub async fn bounded(request: Request, next: Next) -> Response {
    let mut response = match tokio::time::timeout(REQUEST_TIMEOUT, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "timeout",
            format!(
                "the request took longer than {} s, the most the server gives one (a body sent \
                 too slowly?)",
                REQUEST_TIMEOUT.as_secs()
            ),
        )
        .into_response(),
    };
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    response
}
