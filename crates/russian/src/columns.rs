//! The one line loop of the two readers of columns, [`Layout::parse`](crate::Layout::parse) and
//! [`Table::parse`](crate::Table::parse): blank lines skipped, the first seven non-blank lines
//! the columns 1 to 7, any later line refused unless the reader knows it, and each card written
//! once.

use cards::{Card, CardError};
use excerpt::{Excerpt, Lines, Pos, tokens};
use thiserror::Error;

/// A face-down card the player does not know, in a [`Table`](crate::Table).
pub const UNKNOWN: &str = "[?]";

/// Why written columns are not seven lines of cards, each card once: what both readers of
/// columns refuse alike. Every message starts with `line L, column C: `.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ColumnsError {
    /// A token of line `line` that is no card, bracketed or not.
    #[error("line {line}, {source}")]
    Card {
        /// The line of the token; the column is the card error's.
        line: usize,
        /// What the token is not.
        source: CardError,
    },
    /// A card written a second time.
    #[error("{at}: expected each card once, found {found} again (first at {first})")]
    Twice {
        /// Where it is written again.
        at: Pos,
        /// The token.
        found: Excerpt,
        /// Where it was written first.
        first: Pos,
    },
    /// The input ends before the seventh column.
    #[error(
        "{at}: expected 7 lines, one per column, found only {columns} before the end of the input"
    )]
    TooFewColumns {
        /// Just past the last line.
        at: Pos,
        /// Columns read.
        columns: usize,
    },
    /// A line after the seventh column that the reader does not know.
    #[error("{at}: expected the end of the input after 7 columns, found {found}")]
    TooManyColumns {
        /// The line's first token.
        at: Pos,
        /// That token.
        found: Excerpt,
    },
}

/// A non-blank line: its number and its tokens, each where it stands.
pub(crate) struct Line<'a> {
    pub(crate) number: usize,
    /// At least one.
    pub(crate) words: Vec<(Pos, &'a str)>,
}

impl Line<'_> {
    /// Just past the last token: where a line that ends too soon says so.
    pub(crate) fn end(&self) -> Pos {
        let (at, last) = self.words[self.words.len() - 1];
        Pos::new(at.line, at.column + last.chars().count())
    }
}

/// What a reader of columns does with each line [`read_columns`] hands it.
pub(crate) trait ColumnReader<'a> {
    /// The reader's errors, of which [`ColumnsError`] are some.
    type Error: From<ColumnsError>;

    /// Reads column `k` (0 to 6) from `line`.
    fn column(&mut self, k: usize, line: &Line<'a>) -> Result<(), Self::Error>;

    /// Reads a line after the seventh column: `false` when it is none the reader knows.
    fn after(&mut self, line: &Line<'a>) -> Result<bool, Self::Error>;
}

/// Hands the non-blank lines of `text` to `reader`, the first seven as the columns; gives the
/// place just past the last line, where a reader missing something at the end says so.
pub(crate) fn read_columns<'a, R: ColumnReader<'a>>(
    text: &'a str,
    reader: &mut R,
) -> Result<Pos, R::Error> {
    let mut lines = Lines::new(text);
    let mut columns = 0;
    for (number, line) in lines.by_ref() {
        let words: Vec<(Pos, &str)> = tokens(line)
            .map(|(column, token)| (Pos::new(number, column), token))
            .collect();
        let Some(&(first, token)) = words.first() else {
            continue;
        };
        let line = Line { number, words };
        if columns < 7 {
            reader.column(columns, &line)?;
            columns += 1;
        } else if !reader.after(&line)? {
            return Err(ColumnsError::TooManyColumns {
                at: first,
                found: token.into(),
            }
            .into());
        }
    }
    let end = Pos::new(lines.read() + 1, 1);
    if columns < 7 {
        return Err(ColumnsError::TooFewColumns { at: end, columns }.into());
    }
    Ok(end)
}

/// Where each card was first written, so that a card written twice is refused.
pub(crate) struct Seen([Option<Pos>; 52]);

impl Seen {
    pub(crate) fn new() -> Seen {
        Seen([None; 52])
    }

    /// Where `card` was first written, if it was.
    pub(crate) fn first(&self, card: usize) -> Option<Pos> {
        self.0[card]
    }

    /// Notes `card`, written as `token` at `at`; refuses it if it was written before.
    pub(crate) fn note(&mut self, card: Card, at: Pos, token: &str) -> Result<(), ColumnsError> {
        match self.0[card.index()].replace(at) {
            Some(first) => Err(ColumnsError::Twice {
                at,
                found: token.into(),
                first,
            }),
            None => Ok(()),
        }
    }

    /// Notes `card` as lying at `at` without a check (under a foundation's top).
    pub(crate) fn put(&mut self, card: usize, at: Pos) {
        self.0[card] = Some(at);
    }
}
