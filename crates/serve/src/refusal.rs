//! Why a request got no answer, as JSON, whoever refuses it: the gate, a bound, an endpoint, or
//! the address that has none.

use crate::limits::{SOLVER_WAIT, WORK_MEMORY};
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use report::error::ErrorJson;

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

    /// The same refusal, about query parameter `name`.
    pub fn about(self, name: &'static str) -> ApiError {
        ApiError {
            parameter: Some(name),
            ..self
        }
    }

    /// The work would pass what the server allows one request; the same request will fail the
    /// same way, so the status is no invitation to retry.
    pub fn budget(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "budget", message)
    }

    /// The server is stopping, and cancelled the work.
    pub fn stopping() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "stopping",
            "the server is stopping and cancelled the work; start it again",
        )
    }

    /// No solver was free in time.
    pub fn busy() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            format!(
                "every solver was busy for {} s; try again in a moment",
                SOLVER_WAIT.as_secs()
            ),
        )
    }

    /// The searches at work held the memory they share: the job was cancelled.
    pub fn crowded() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            format!(
                "the searches at work hold the {} MiB the server gives them all; try again in a \
                 moment",
                WORK_MEMORY >> 20
            ),
        )
    }

    /// A fault of the server's own (a solver that failed): never the user's mistake.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }

    /// The message, as the answer carries it.
    #[cfg(test)]
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The query parameter at fault, if one is.
    #[cfg(test)]
    pub fn parameter_name(&self) -> Option<&'static str> {
        self.parameter
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = Vec::new();
        // A refusal is a message and some words, which always serialize.
        let _ = lines::json(
            &mut body,
            &ErrorJson::new(&self.message, self.reason, self.parameter),
        );
        let mut response = (self.status, body).into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
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
pub fn not_found(uri: &Uri) -> ApiError {
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
