//! The HTTP client the tests and the bench ask the server with.

use serve::limits::HEAD_TIMEOUT;
use std::time::Duration;

/// A client keeping its connections alive for less than the server's idle bound, so that no
/// request goes out on a connection the server is closing; a status is an answer, not an error.
pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_idle_age(HEAD_TIMEOUT / 2)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into()
}
