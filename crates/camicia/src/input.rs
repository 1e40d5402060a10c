//! A text of games in either of the notations parlor reads — its own text ([`crate::notation`])
//! or the exercise's JSON lines ([`crate::jsonl`]) — read the same way by the command line
//! (`--input text|jsonl`) and the server (`input=text|jsonl`).
//!
//! ```
//! use camicia::input::{Notation, games};
//!
//! let notation: Notation = "jsonl".parse().unwrap();
//! let text = r#"{"playerA": ["2", "A"], "playerB": ["10", "K"]}"#;
//! let deals: Vec<_> = games(text, notation).collect::<Result<_, _>>().unwrap();
//! assert_eq!(deals.len(), 1);
//! assert_eq!(
//!     "xml".parse::<Notation>().unwrap_err().to_string(),
//!     "expected text or jsonl, found \"xml\""
//! );
//! ```

use crate::game::Deal;
use crate::jsonl::{self, JsonlError};
use crate::notation::{self, InputError};
use excerpt::Excerpt;
use std::str::FromStr;
use thiserror::Error;

/// The notation of a text of games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    /// Two deck lines a game, or one with both decks separated by `/` ([`crate::notation`]).
    #[default]
    Text,
    /// One JSON object a line with arrays `playerA` and `playerB` ([`crate::jsonl`]).
    Jsonl,
}

/// A word that names no notation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("expected text or jsonl, found {0}")]
pub struct UnknownNotation(pub Excerpt);

impl FromStr for Notation {
    type Err = UnknownNotation;

    fn from_str(word: &str) -> Result<Notation, UnknownNotation> {
        match word {
            "text" => Ok(Notation::Text),
            "jsonl" => Ok(Notation::Jsonl),
            other => Err(UnknownNotation(Excerpt::of(other))),
        }
    }
}

/// A mistake in a text of games, as its notation's reader reports it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReadError {
    /// In text.
    #[error(transparent)]
    Text(#[from] InputError),
    /// In JSON lines.
    #[error(transparent)]
    Jsonl(#[from] JsonlError),
}

/// The games of `text`, written in `notation`, one at a time and ending at the first mistake:
/// only the game being read is held.
pub fn games(
    text: &str,
    notation: Notation,
) -> Box<dyn Iterator<Item = Result<Deal, ReadError>> + '_> {
    match notation {
        Notation::Text => Box::new(
            notation::games(text).map(|game| game.map(|(_, deal)| deal).map_err(ReadError::from)),
        ),
        Notation::Jsonl => Box::new(jsonl::games(text).map(|game| game.map_err(ReadError::from))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_notations_read_the_same_game_and_report_their_own_mistakes() {
        let text: Vec<Deal> = games("2 A\n10 K\n", Notation::Text)
            .collect::<Result<_, _>>()
            .unwrap();
        let jsonl: Vec<Deal> = games(
            r#"{"playerA": ["2", "A"], "playerB": ["10", "K"]}"#,
            Notation::Jsonl,
        )
        .collect::<Result<_, _>>()
        .unwrap();
        assert_eq!(text, jsonl);
        let mistake = games("2 Z\n", Notation::Text).next().unwrap().unwrap_err();
        assert!(matches!(mistake, ReadError::Text(_)), "{mistake}");
        assert!(
            mistake.to_string().starts_with("line 1, column 3: "),
            "{mistake}"
        );
        let mistake = games("[]", Notation::Jsonl).next().unwrap().unwrap_err();
        assert!(matches!(mistake, ReadError::Jsonl(_)), "{mistake}");
        assert_eq!("text".parse(), Ok(Notation::Text));
        assert_eq!(Notation::default(), Notation::Text);
    }
}
