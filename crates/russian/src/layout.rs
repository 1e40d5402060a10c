//! The written layout: seven lines, column 1 to 7, each column's cards from the first (deepest) to
//! the last, face-down cards in brackets: `[D4] [S9] HK D2 S3 C7 H8`.

use cards::{Card, CardError, tokens};
use excerpt::Excerpt;
use std::fmt;
use thiserror::Error;

/// One card of a column as the layout shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    pub card: Card,
    pub face_up: bool,
}

impl Slot {
    /// Reads `HK` (face up) or `[D4]` (face down), letters or suit symbols, at `column`.
    ///
    /// # Errors
    ///
    /// [`CardError`] when the token is no card, bracketed or not.
    pub fn parse_at(token: &str, column: usize) -> Result<Slot, CardError> {
        match token.strip_prefix('[') {
            Some(rest) => {
                let inner = rest.strip_suffix(']').unwrap_or("\u{0}");
                Card::parse_at(inner, column + 1)
                    .map(|card| Slot {
                        card,
                        face_up: false,
                    })
                    .map_err(|_| CardError {
                        column,
                        expected: cards::Expected::Card,
                        found: token.into(),
                    })
            }
            None => Card::parse_at(token, column).map(|card| Slot {
                card,
                face_up: true,
            }),
        }
    }
}

impl fmt::Display for Slot {
    /// `HK`, `[D4]`; `{:#}` writes suit symbols, `♥K`, `[♦4]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let card = if f.alternate() {
            format!("{:#}", self.card)
        } else {
            self.card.to_string()
        };
        if self.face_up {
            f.write_str(&card)
        } else {
            write!(f, "[{card}]")
        }
    }
}

/// The seven columns, each from its first (deepest) card to its last. A layout may be any point of
/// a game; [`Layout::parse`] accepts only a deal as it is laid out before the first move.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Layout {
    pub columns: [Vec<Slot>; 7],
}

/// Why a written layout is not a deal. Every message starts with `line L, column C: `.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LayoutError {
    #[error("line {line}, {source}")]
    Card { line: usize, source: CardError },
    #[error(
        "line {line}, column {column}: expected {expected} in column {number} \
         ({} face down in brackets, then {} face up), found {found}",
        number - 1, face_up_count(*number)
    )]
    Shape {
        line: usize,
        column: usize,
        number: usize,
        expected: &'static str,
        found: Excerpt,
    },
    #[error(
        "line {line}, column {column}: expected {missing} more card{} in column {number} \
         ({} face down in brackets, then {} face up), found the end of the line",
        if *missing == 1 { "" } else { "s" }, number - 1, face_up_count(*number)
    )]
    Short {
        line: usize,
        column: usize,
        number: usize,
        missing: usize,
    },
    #[error(
        "line {line}, column {column}: expected each card once, found {found} again \
         (first at line {first_line}, column {first_column})"
    )]
    Twice {
        line: usize,
        column: usize,
        found: Excerpt,
        first_line: usize,
        first_column: usize,
    },
    #[error(
        "line {line}, column 1: expected 7 lines, one per column, found only {columns} before \
         the end of the input"
    )]
    TooFewColumns { line: usize, columns: usize },
    #[error(
        "line {line}, column {column}: expected the end of the input after 7 columns, \
         found {found}"
    )]
    TooManyColumns {
        line: usize,
        column: usize,
        found: Excerpt,
    },
}

/// Face-up cards of column `number` (1 to 7) in a fresh deal.
pub const fn face_up_count(number: usize) -> usize {
    if number == 1 { 1 } else { 5 }
}

impl Layout {
    /// Reads a deal: seven non-blank lines (blank lines are skipped), line k holding column k as
    /// k − 1 face-down cards then 1 (column 1) or 5 face-up cards, the 52 cards each once.
    ///
    /// # Errors
    ///
    /// The first place where the text is not a deal as it is laid out, as a [`LayoutError`].
    pub fn parse(text: &str) -> Result<Layout, LayoutError> {
        let mut layout = Layout::default();
        // Where each card was first seen, for the message about a card written twice.
        let mut seen: [Option<(usize, usize)>; 52] = [None; 52];
        let mut columns = 0;
        let mut last_line = 0;
        for (index, line) in text.lines().enumerate() {
            let line_number = index + 1;
            last_line = line_number;
            let mut words = tokens(line).peekable();
            let Some(&(first_column, first_token)) = words.peek() else {
                continue;
            };
            if columns == 7 {
                return Err(LayoutError::TooManyColumns {
                    line: line_number,
                    column: first_column,
                    found: first_token.into(),
                });
            }
            let number = columns + 1;
            let down = number - 1;
            let size = down + face_up_count(number);
            let mut end_column = first_column;
            for (position, (column, token)) in words.enumerate() {
                let shape = |expected| LayoutError::Shape {
                    line: line_number,
                    column,
                    number,
                    expected,
                    found: token.into(),
                };
                if position >= size {
                    return Err(shape("no more cards"));
                }
                let slot = Slot::parse_at(token, column).map_err(|source| LayoutError::Card {
                    line: line_number,
                    source,
                })?;
                if position < down && slot.face_up {
                    return Err(shape("a face-down card such as [D4]"));
                }
                if position >= down && !slot.face_up {
                    return Err(shape("a face-up card such as HK"));
                }
                if let Some((first_line, first_column)) = seen[slot.card.index()] {
                    return Err(LayoutError::Twice {
                        line: line_number,
                        column,
                        found: token.into(),
                        first_line,
                        first_column,
                    });
                }
                seen[slot.card.index()] = Some((line_number, column));
                layout.columns[columns].push(slot);
                end_column = column + token.chars().count();
            }
            let got = layout.columns[columns].len();
            if got < size {
                return Err(LayoutError::Short {
                    line: line_number,
                    column: end_column,
                    number,
                    missing: size - got,
                });
            }
            columns += 1;
        }
        if columns < 7 {
            return Err(LayoutError::TooFewColumns {
                line: last_line + 1,
                columns,
            });
        }
        Ok(layout)
    }
}

impl fmt::Display for Layout {
    /// Seven lines; an empty column is written `-`. `{:#}` writes suit symbols.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for column in &self.columns {
            if column.is_empty() {
                f.write_str("-")?;
            }
            for (i, slot) in column.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                if f.alternate() {
                    write!(f, "{slot:#}")?;
                } else {
                    write!(f, "{slot}")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
