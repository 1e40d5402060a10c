//! The exercise's input: one JSON object per line with arrays `playerA` and `playerB` of card
//! strings; other keys are ignored, blank lines skipped; a key given twice in an object is
//! refused, as JSON leaves its meaning open.
//!
//! ```
//! let deals = camicia::jsonl::parse(r#"{"playerA": ["2", "A"], "playerB": ["10", "K"]}"#).unwrap();
//! assert_eq!(camicia::play(&deals[0]).to_string(), "status: \"finished\", cards: 4, tricks: 1");
//! ```

use crate::game::Deal;
use crate::notation::{MAX_DECK, parse_card};
use excerpt::{Excerpt, Lines, Pos, UntilError};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt;

/// A mistake in a JSON line: where, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonlError {
    /// Where the mistake is.
    pub pos: Pos,
    message: String,
}

impl fmt::Display for JsonlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.message)
    }
}

impl std::error::Error for JsonlError {}

const KEYS: [&str; 2] = ["playerA", "playerB"];

/// Every game of the input, or the first mistake.
///
/// # Errors
///
/// The first line that is not an object with two arrays of card strings, a key given twice, a
/// deck of more than [`MAX_DECK`] cards, two empty decks, or no game at all.
pub fn parse(text: &str) -> Result<Vec<Deal>, JsonlError> {
    games(text).collect()
}

/// The games of the input one at a time, as [`parse`] reads them, ending at the first mistake:
/// only the line being read is held.
pub fn games(text: &str) -> Games<'_> {
    Games(UntilError::new(Reader {
        lines: Lines::new(text),
        any: false,
    }))
}

/// The iterator of [`games`].
pub struct Games<'a>(UntilError<Reader<'a>>);

impl Iterator for Games<'_> {
    type Item = Result<Deal, JsonlError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next()
    }
}

/// The games of the lines one after the other, with no regard for mistakes before.
struct Reader<'a> {
    lines: Lines<'a>,
    /// Whether a game has been read: an input of none is a mistake.
    any: bool,
}

impl Iterator for Reader<'_> {
    type Item = Result<Deal, JsonlError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some((number, line)) = self.lines.find(|(_, line)| !line.trim().is_empty()) {
            self.any = true;
            return Some(parse_line(number, line));
        }
        (!self.any).then(|| {
            Err(JsonlError {
                pos: Pos::new(self.lines.read() + 1, 1),
                message:
                    "expected a game (a JSON object with arrays \"playerA\" and \"playerB\"), \
                          found the end of the input"
                        .into(),
            })
        })
    }
}

fn parse_line(number: usize, line: &str) -> Result<Deal, JsonlError> {
    let error = |column: usize, message: String| JsonlError {
        pos: Pos::new(number, column),
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
    let places = Places::of(line);
    if let Some((key, column)) = places.duplicate {
        return Err(error(
            column,
            format!("expected each key once, found {} again", Excerpt::of(&key)),
        ));
    }
    let mut decks = Vec::with_capacity(2);
    for key in KEYS {
        let Some(cards) = object.get(key).and_then(Value::as_array) else {
            let found = object.get(key).map_or("no such key", kind);
            return Err(error(
                start_column,
                format!("expected an array \"{key}\" of card strings, found {found}"),
            ));
        };
        let columns = places.elements.get(key);
        let column = |position: usize| {
            columns
                .and_then(|c| c.get(position).copied())
                .unwrap_or(start_column)
        };
        if cards.len() > MAX_DECK {
            return Err(error(
                column(MAX_DECK),
                format!("a deck holds at most {MAX_DECK} cards, \"{key}\" has more"),
            ));
        }
        let mut deck = Vec::with_capacity(cards.len());
        for (position, card) in cards.iter().enumerate() {
            let at = column(position);
            let face = card
                .as_str()
                .and_then(|token| parse_card(token, at).ok())
                .ok_or_else(|| {
                    let found = match card.as_str() {
                        Some(text) => Excerpt::of(text).to_string(),
                        None => kind(card).to_owned(),
                    };
                    error(
                        at,
                        format!(
                            "expected a card such as \"2\", \"10\", \"X\", \"K\" or \"SA\", found \
                             {found}"
                        ),
                    )
                })?;
            deck.push(face);
        }
        decks.push(deck);
    }
    let b = decks.pop().unwrap_or_default();
    let a = decks.pop().unwrap_or_default();
    Deal::new(a, b).map_err(|e| error(start_column, e.to_string()))
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

/// Where things stand in a line that serde_json has read as valid JSON, found in one pass: the
/// columns of the elements of the top-level arrays, and the first top-level key given twice.
#[derive(Debug, Default)]
struct Places {
    elements: HashMap<String, Vec<usize>>,
    duplicate: Option<(String, usize)>,
}

impl Places {
    fn of(line: &str) -> Places {
        let mut places = Places::default();
        let mut keys: HashMap<String, ()> = HashMap::new();
        let mut depth = 0usize;
        // The last string read at depth 1, with its column, and whether it is a key.
        let mut last: Option<(String, usize)> = None;
        let mut array_of: Option<String> = None;
        let mut expecting = false;
        let mut column = 0;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            column += 1;
            if expecting && !c.is_whitespace() && c != ']' {
                if let Some(key) = &array_of {
                    places.elements.entry(key.clone()).or_default().push(column);
                }
                expecting = false;
            }
            match c {
                '"' => {
                    let at = column;
                    let mut text = String::new();
                    while let Some(c) = chars.next() {
                        column += 1;
                        match c {
                            '\\' => {
                                if let Some(escaped) = chars.next() {
                                    column += 1;
                                    text.push(escaped);
                                }
                            }
                            '"' => break,
                            c => text.push(c),
                        }
                    }
                    if depth == 1 {
                        last = Some((text, at));
                    }
                }
                ':' if depth == 1 => {
                    if let Some((key, at)) = last.take() {
                        if keys.insert(key.clone(), ()).is_some() && places.duplicate.is_none() {
                            places.duplicate = Some((key.clone(), at));
                        }
                        array_of = Some(key);
                    }
                }
                '{' | '[' => {
                    depth += 1;
                    if c == '[' && depth == 2 {
                        expecting = array_of.is_some();
                    } else if depth == 2 {
                        array_of = None;
                    }
                }
                '}' | ']' => {
                    depth = depth.saturating_sub(1);
                    if depth == 1 {
                        array_of = None;
                    }
                }
                ',' if depth == 2 && array_of.is_some() => expecting = true,
                ',' if depth == 1 => array_of = None,
                _ => {}
            }
        }
        places
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_array_elements_and_duplicate_keys_in_one_pass() {
        let line = r#"{"x": ["A"], "playerB": ["2",  "Z", "\"]"], "playerA": [ "K" ]}"#;
        let places = Places::of(line);
        assert_eq!(places.elements["playerB"], [26, 32, 37]);
        assert_eq!(places.elements["playerA"], [58]);
        assert_eq!(places.elements["x"], [8]);
        assert!(places.duplicate.is_none());
        let twice = Places::of(r#"{"playerA": [], "b": {"playerA": 1}, "playerA": ["2"]}"#);
        assert_eq!(twice.duplicate, Some(("playerA".into(), 38)));
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
             found a number"
        );
        assert_eq!(
            err("{\"playerA\": [\"2\"], \"playerB\": [\"3\"], \"playerA\": [\"4\"]}"),
            "line 1, column 38: expected each key once, found \"playerA\" again"
        );
        assert_eq!(
            err("\n \n"),
            "line 3, column 1: expected a game (a JSON object with arrays \"playerA\" and \
             \"playerB\"), found the end of the input"
        );
    }

    #[test]
    fn a_long_deck_is_read_in_linear_time() {
        let deck = vec!["\"7\""; 100_000].join(",");
        let line = format!("{{\"playerA\": [{deck}], \"playerB\": [\"K\"]}}");
        let started = std::time::Instant::now();
        let deals = parse(&line).unwrap();
        assert_eq!(deals[0].a().len(), 100_000);
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
        let too_long = format!("{{\"playerA\": [{deck},\"8\"], \"playerB\": [\"K\"]}}");
        assert!(
            parse(&too_long)
                .unwrap_err()
                .to_string()
                .contains("at most 100000 cards")
        );
    }
}
