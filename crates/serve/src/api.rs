//! What every endpoint shares: its errors as JSON, its query parameters checked
//! by name, its body read as the command line reads a file, its answer written as `--json`
//! writes it, and the pool of solvers that bounds the work done at once.

use super::connections::Connection;
use super::limits::{
    ANSWER_PIECE, BODY_GRACE, BODY_RATE, MAX_BODY, REQUEST_TIMEOUT, SOLVER_WAIT, UNSENT,
};
use super::schedule::{Lanes, Unanswered};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{Query, Request};
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use cancel::Cancel;
use http_body_util::{BodyExt, LengthLimitError, Limited};
use report::error::ErrorJson;
use serde::Serialize;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// What the handlers share: where their work runs, and the memory their answers may hold.
pub struct Shared {
    lanes: Lanes,
    unsent: Arc<Semaphore>,
}

impl Shared {
    /// Lanes for the work, all cancelled when `stopping` is.
    pub fn new(stopping: Cancel) -> Shared {
        Shared {
            lanes: Lanes::new(stopping),
            unsent: Arc::new(Semaphore::new(UNSENT >> 10)),
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
    /// A refusal with `status`, its `reason` word and its message.
    pub fn new(status: StatusCode, reason: &'static str, message: impl Into<String>) -> ApiError {
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

    fn stopping() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "stopping",
            "the server is stopping and cancelled the work; start it again",
        )
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
    let mut bytes = Vec::new();
    // The answers are plain structs of numbers and strings, which always serialize.
    let _ = lines::json(&mut bytes, value);
    bytes
}

/// An answer of `bytes` made for this request, which hold memory until the client has read
/// them: [`bounded`] counts them against [`UNSENT`].
fn made(bytes: Vec<u8>) -> Response {
    let mut response = Body::from(bytes).into_response();
    response.extensions_mut().insert(Made);
    response
}

/// Marks an answer made for its request (not one of the page's files, compiled in).
#[derive(Clone, Copy)]
struct Made;

fn set_json(response: &mut Response) {
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
}

/// An answer as the command's `--json` writes it.
pub fn json(value: &impl Serialize) -> Response {
    let mut response = made(json_body(value));
    set_json(&mut response);
    response
}

/// Answers of a command that prints one JSON object per line (one per game), each written as
/// soon as it is made, so that no more than one is held beside the text.
pub fn json_lines<T: Serialize>(values: impl IntoIterator<Item = T>) -> Response {
    let mut bytes = Vec::new();
    for value in values {
        bytes.extend_from_slice(&json_body(&value));
    }
    let mut response = made(bytes);
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

/// The body as text, read as the command line reads a file. [`bounded`] has read it whole
/// already, within [`MAX_BODY`].
pub fn text(body: RequestBody) -> Result<String, ApiError> {
    let bytes = body.map_err(|rejection| {
        ApiError::input(format!("cannot read the body: {}", rejection.body_text()))
    })?;
    report::text::decode(bytes.into(), "the body").map_err(ApiError::input)
}

/// Runs `job` off the threads that answer connections, as [`Lanes::run`] does: the job is
/// handed a flag raised when nobody waits for its answer any more, and may be run twice.
pub async fn solver<T: Send + 'static>(
    state: &State,
    job: impl Fn(&Cancel) -> T + Send + Sync + 'static,
) -> Result<T, ApiError> {
    state
        .lanes
        .run(job)
        .await
        .map_err(|unanswered| match unanswered {
            Unanswered::Busy => ApiError::busy(),
            Unanswered::Stopping => ApiError::stopping(),
            Unanswered::Failed => ApiError::internal("the solver stopped without an answer"),
        })
}

/// What a contest's command prints for the contest input in the body, one JSON line a game:
/// the input read by `parse`, each game played by `play`, all on a solver's thread, since the
/// longest input (Speed's 404 games) takes some 50 ms and many clients may post it at once.
pub async fn contest_lines<G: 'static, E: std::fmt::Display + 'static, J: Serialize + 'static>(
    state: &State,
    uri: &Uri,
    body: RequestBody,
    parse: fn(&str) -> Result<Vec<G>, E>,
    play: fn(&G) -> J,
) -> Result<Response, ApiError> {
    Params::of(uri, &[])?;
    let input = text(body)?;
    solver(state, move |cancel| {
        let games = parse(&input).map_err(ApiError::input)?;
        Ok(json_lines(
            games
                .iter()
                .take_while(|_| !cancel.is_cancelled())
                .map(play),
        ))
    })
    .await?
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

/// Every request: its body read whole within [`MAX_BODY`] at [`BODY_RATE`] at least, its
/// answer within [`REQUEST_TIMEOUT`] and, while unread, within [`UNSENT`]; never sniffed or
/// cached by the browser as something else.
pub async fn bounded(shared: State, request: Request, next: Next) -> Response {
    let mut response = match tokio::time::timeout(REQUEST_TIMEOUT, read_body(request, next)).await {
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
    };
    if response.extensions().get::<Made>().is_some() {
        response = unsent(&shared.unsent, response).await;
    }
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

/// The request with its body read whole, or the refusal of a body too long or too slow. A
/// length announced past [`MAX_BODY`] is refused before a byte of the body is read (and so
/// before `100 Continue`, which a client that asks for it then never gets).
async fn read_body(request: Request, next: Next) -> Response {
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
            // Busy from now: until its body is in, a connection is as idle as one that sends
            // nothing, and closed first to make room.
            let _busy = parts
                .extensions
                .get::<Arc<Connection>>()
                .map(Connection::busy);
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

/// `response`, holding its share of `budget` until its client has read it, sent a piece of
/// [`ANSWER_PIECE`] at a time; or 503 when the answers not yet read hold the whole budget.
async fn unsent(budget: &Arc<Semaphore>, response: Response) -> Response {
    let (parts, body) = response.into_parts();
    // A made answer is one piece of memory already: this takes it whole, copying nothing.
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return ApiError::internal("the answer could not be read back").into_response();
    };
    let kib = u32::try_from(bytes.len().div_ceil(1024)).unwrap_or(u32::MAX);
    let Ok(held) = budget.clone().try_acquire_many_owned(kib) else {
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
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Bytes>, Self::Error>>> {
        if self.bytes.is_empty() {
            return std::task::Poll::Ready(None);
        }
        let length = self.bytes.len().min(ANSWER_PIECE);
        let piece = self.bytes.split_to(length);
        std::task::Poll::Ready(Some(Ok(http_body::Frame::data(piece))))
    }

    fn is_end_stream(&self) -> bool {
        self.bytes.is_empty()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        http_body::SizeHint::with_exact(self.bytes.len() as u64)
    }
}
