//! The server's answer to a request it cannot answer: the message the command line would print,
//! why (`reason`), the query parameter at fault, and the line and column of the body's first
//! mistake when the message starts with them, as a reader's message does.
//!
//! ```
//! use report::error::ErrorJson;
//!
//! let answer = ErrorJson::new("line 3, column 7: expected a card", "input", None);
//! assert_eq!(
//!     serde_json::to_string(&answer).unwrap(),
//!     r#"{"error":"line 3, column 7: expected a card","reason":"input","line":3,"column":7}"#
//! );
//! ```

use serde::Serialize;

/// Why a request got no answer: `{"error": message, "reason": …}`, with `parameter`, `line` and
/// `column` when they are known.
#[derive(Serialize)]
pub struct ErrorJson<'a> {
    error: &'a str,
    reason: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    parameter: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
}

impl ErrorJson<'_> {
    /// The answer saying `error`, for `reason`; a message about query parameter `parameter`
    /// starts with its name and a colon.
    pub fn new<'a>(
        error: &'a str,
        reason: &'static str,
        parameter: Option<&'static str>,
    ) -> ErrorJson<'a> {
        let (line, column) = place(error, parameter);
        ErrorJson {
            error,
            reason,
            parameter,
            line,
            column,
        }
    }
}

/// `line 3, column 7: …` or `column 7: …` at the start of `message`, after the parameter's
/// name.
fn place(message: &str, parameter: Option<&str>) -> (Option<usize>, Option<usize>) {
    let number = |text: &str| text.parse::<usize>().ok();
    let message = match parameter {
        Some(name) => message
            .strip_prefix(name)
            .and_then(|m| m.strip_prefix(": "))
            .unwrap_or(message),
        None => message,
    };
    let Some((head, _)) = message.split_once(':') else {
        return (None, None);
    };
    if let Some(rest) = head.strip_prefix("line ")
        && let Some((line, column)) = rest.split_once(", column ")
    {
        return (number(line), number(column));
    }
    (None, head.strip_prefix("column ").and_then(number))
}

#[cfg(test)]
mod tests {
    use super::place;

    #[test]
    fn a_readers_place_is_taken_from_its_message() {
        assert_eq!(
            place("line 3, column 7: expected a card", None),
            (Some(3), Some(7))
        );
        assert_eq!(
            place("line: column 6: expected a jump", Some("line")),
            (None, Some(6))
        );
        assert_eq!(place("the body is empty", None), (None, None));
        assert_eq!(place("line x, column 2: no", None), (None, Some(2)));
    }
}
