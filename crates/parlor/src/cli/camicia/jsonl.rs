//! The exercise's input: one JSON object per line with arrays `playerA` and `playerB` of card
//! strings; other keys are ignored, blank lines skipped.

use camicia::Deal;
use camicia::notation::parse_card;
use serde_json::Value;
use std::fmt;

/// A mistake in a JSON line: where, and what was expected.
#[derive(Debug)]
pub struct JsonlError {
    line: usize,
    column: usize,
    message: String,
}

impl fmt::Display for JsonlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

const KEYS: [&str; 2] = ["playerA", "playerB"];

/// Every game of the input, or the first mistake.
pub fn parse(text: &str) -> Result<Vec<Deal>, JsonlError> {
    let mut deals = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let error = |column: usize, message: String| JsonlError {
            line: index + 1,
            column,
            message,
        };
        let start = line.len() - line.trim_start().len();
        let start_column = line[..start].chars().count() + 1;
        let value: Value = serde_json::from_str(line).map_err(|e| {
            error(
                char_column(line, e.column()),
                format!(
                    "expected a JSON object, found invalid JSON ({})",
                    reason(&e)
                ),
            )
        })?;
        let Some(object) = value.as_object() else {
            return Err(error(
                start_column,
                format!(
                    "expected a JSON object with arrays \"playerA\" and \"playerB\", found {}",
                    kind(&value)
                ),
            ));
        };
        let mut decks = Vec::with_capacity(2);
        for key in KEYS {
            let Some(cards) = object.get(key).and_then(Value::as_array) else {
                let found = object.get(key).map_or("no such key", kind);
                return Err(error(
                    start_column,
                    format!("expected an array \"{key}\" of card strings, found {found}"),
                ));
            };
            let mut deck = Vec::with_capacity(cards.len());
            for (position, card) in cards.iter().enumerate() {
                let column = locate(line, key, position).unwrap_or(start_column);
                let face = card
                    .as_str()
                    .and_then(|token| parse_card(token, column).ok())
                    .ok_or_else(|| {
                        error(
                            column,
                            format!(
                                "expected a card such as \"2\", \"10\", \"X\", \"K\" or \"SA\", \
                                 found {card}"
                            ),
                        )
                    })?;
                deck.push(face);
            }
            decks.push(deck);
        }
        let b = decks.pop().unwrap_or_default();
        let a = decks.pop().unwrap_or_default();
        let deal = Deal::new(a, b).map_err(|e| error(start_column, e.to_string()))?;
        deals.push(deal);
    }
    Ok(deals)
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// serde_json's message without its own "at line L column C".
fn reason(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// serde_json counts columns in bytes; messages count characters.
fn char_column(line: &str, byte_column: usize) -> usize {
    let mut end = byte_column.saturating_sub(1).min(line.len());
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    line[..end].chars().count() + 1
}

/// The column where element `index` of the array under `key` of the top-level object starts.
/// Only used to place an error, on a line serde_json has already read as valid JSON.
fn locate(line: &str, key: &str, index: usize) -> Option<usize> {
    let bytes = line.as_bytes();
    let mut depth = 0usize;
    let mut last_string: Option<&str> = None;
    let mut key_matched = false;
    let mut in_target = false;
    let mut element = 0;
    let mut expecting = false;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if expecting && !c.is_ascii_whitespace() {
            if element == index {
                return Some(line[..i].chars().count() + 1);
            }
            expecting = false;
        }
        match c {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                last_string = line.get(start..i);
            }
            b'{' | b'[' => {
                depth += 1;
                if c == b'[' && depth == 2 && key_matched {
                    in_target = true;
                    expecting = true;
                }
                key_matched = false;
            }
            b'}' | b']' => {
                if in_target && depth == 2 {
                    return None;
                }
                depth = depth.saturating_sub(1);
            }
            b',' => {
                if in_target && depth == 2 {
                    element += 1;
                    expecting = true;
                }
                key_matched = false;
            }
            b':' => key_matched = depth == 1 && last_string == Some(key),
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_array_elements() {
        let line = r#"{"x": ["A"], "playerB": ["2",  "Z", "\"]"], "playerA": [ "K" ]}"#;
        assert_eq!(locate(line, "playerB", 0), Some(26));
        assert_eq!(locate(line, "playerB", 1), Some(32));
        assert_eq!(locate(line, "playerB", 2), Some(37));
        assert_eq!(locate(line, "playerA", 0), Some(58));
        assert_eq!(locate(line, "playerA", 1), None);
    }

    #[test]
    fn reads_the_exercise_shape_and_ignores_other_keys() {
        let text = "{\"description\": \"x\", \"playerA\": [\"2\", \"A\"], \"playerB\": [\"10\"], \
                    \"expected\": {}}\n\n{\"playerA\": [], \"playerB\": [\"SQ\"]}\n";
        let deals = parse(text).unwrap();
        assert_eq!(deals.len(), 2);
        assert_eq!(deals[0].a().len(), 2);
        assert!(deals[1].a().is_empty());
    }

    #[test]
    fn names_the_place_of_each_mistake() {
        let err = |text: &str| parse(text).unwrap_err().to_string();
        assert_eq!(
            err("{\"playerA\": [\"2\"], \"playerB\": [\"3\", \"Z\"]}"),
            "line 1, column 37: expected a card such as \"2\", \"10\", \"X\", \"K\" or \"SA\", \
             found \"Z\""
        );
        assert_eq!(
            err("\n  [1, 2]"),
            "line 2, column 3: expected a JSON object with arrays \"playerA\" and \"playerB\", \
             found an array"
        );
        assert_eq!(
            err("{\"playerA\": [\"2\"]}"),
            "line 1, column 1: expected an array \"playerB\" of card strings, found no such key"
        );
        assert_eq!(
            err("{\"playerA\": [], \"playerB\": []}"),
            "line 1, column 1: both decks are empty: there is no game"
        );
        assert!(err("{\"playerA\": [\"2\"], ").starts_with("line 1, column 19: expected a JSON"));
        assert_eq!(
            err("{\"playerA\": [2], \"playerB\": [\"3\"]}"),
            "line 1, column 14: expected a card such as \"2\", \"10\", \"X\", \"K\" or \"SA\", \
             found 2"
        );
    }
}
