//! The written layout: seven lines, column 1 to 7, each column's cards from the first (deepest) to
//! the last, face-down cards in brackets: `[D4] [S9] HK D2 S3 C7 H8`.

use crate::columns::{ColumnReader, ColumnsError, Line, Seen, UNKNOWN, read_columns};
use cards::{Card, CardError};
use excerpt::{Excerpt, Pos};
use std::fmt;
use thiserror::Error;

/// One card of a column as the layout shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    /// The card.
    pub card: Card,
    /// Whether it lies face up.
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
    /// Columns 1 to 7.
    pub columns: [Vec<Slot>; 7],
}

/// Why a written layout is not a deal. Every message starts with `line L, column C: `.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LayoutError {
    /// Not seven lines of cards, each card once.
    #[error(transparent)]
    Columns(#[from] ColumnsError),
    /// A card past the size of a fresh deal's column.
    #[error(
        "{at}: expected no more cards in column {number} ({} face down in brackets, then {} face \
         up), found {found}",
        number - 1, face_up_count(*number)
    )]
    TooLong {
        /// Where the card stands.
        at: Pos,
        /// The column, 1 to 7.
        number: usize,
        /// The card.
        found: Excerpt,
    },
    /// A face-up card where a fresh deal has a face-down one.
    #[error(
        "{at}: expected a face-down card such as [D4] in column {number} ({} face down in \
         brackets, then {} face up), found {found}",
        number - 1, face_up_count(*number)
    )]
    FaceUp {
        /// Where the card stands.
        at: Pos,
        /// The column, 1 to 7.
        number: usize,
        /// The card.
        found: Excerpt,
    },
    /// A face-down card where a fresh deal has a face-up one.
    #[error(
        "{at}: expected a face-up card such as HK in column {number} ({} face down in brackets, \
         then {} face up), found {found}",
        number - 1, face_up_count(*number)
    )]
    FaceDown {
        /// Where the card stands.
        at: Pos,
        /// The column, 1 to 7.
        number: usize,
        /// The card.
        found: Excerpt,
    },
    /// A column's line ends before the size of a fresh deal's column.
    #[error(
        "{at}: expected {missing} more card{} in column {number} ({} face down in brackets, \
         then {} face up), found the end of the line",
        if *missing == 1 { "" } else { "s" }, number - 1, face_up_count(*number)
    )]
    Short {
        /// Just past the line's last card.
        at: Pos,
        /// The column, 1 to 7.
        number: usize,
        /// Cards it lacks.
        missing: usize,
    },
    /// A card not known, `[?]`, where a deal needs every card.
    #[error("{at}: expected a card such as [D4], found \"[?]\": a deal needs every card known")]
    Unknown {
        /// Where it stands.
        at: Pos,
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
    /// ```
    /// let text = russian::deal::deal(7).to_string();
    /// let layout = russian::Layout::parse(&text).expect("a deal");
    /// assert_eq!(layout.to_string(), text);
    /// // Blank lines are skipped.
    /// assert_eq!(russian::Layout::parse(&format!("\n{text}\n")), Ok(layout));
    /// let error = russian::Layout::parse("HK\n").unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "line 2, column 1: expected 7 lines, one per column, found only 1 before the end of \
    ///      the input"
    /// );
    /// ```
    ///
    /// # Errors
    ///
    /// The first place where the text is not a deal as it is laid out, as a [`LayoutError`].
    pub fn parse(text: &str) -> Result<Layout, LayoutError> {
        let mut reader = DealReader {
            layout: Layout::default(),
            seen: Seen::new(),
        };
        read_columns(text, &mut reader)?;
        Ok(reader.layout)
    }
}

/// [`Layout::parse`]'s reading so far.
struct DealReader {
    layout: Layout,
    seen: Seen,
}

impl<'a> ColumnReader<'a> for DealReader {
    type Error = LayoutError;

    fn column(&mut self, k: usize, line: &Line<'a>) -> Result<(), LayoutError> {
        let number = k + 1;
        let down = number - 1;
        let size = down + face_up_count(number);
        for (position, &(at, token)) in line.words.iter().enumerate() {
            let found = || Excerpt::of(token);
            if position >= size {
                return Err(LayoutError::TooLong {
                    at,
                    number,
                    found: found(),
                });
            }
            if token == UNKNOWN {
                return Err(LayoutError::Unknown { at });
            }
            let slot = Slot::parse_at(token, at.column).map_err(|source| ColumnsError::Card {
                line: line.number,
                source,
            })?;
            if position < down && slot.face_up {
                return Err(LayoutError::FaceUp {
                    at,
                    number,
                    found: found(),
                });
            }
            if position >= down && !slot.face_up {
                return Err(LayoutError::FaceDown {
                    at,
                    number,
                    found: found(),
                });
            }
            self.seen.note(slot.card, at, token)?;
            self.layout.columns[k].push(slot);
        }
        let got = self.layout.columns[k].len();
        if got < size {
            return Err(LayoutError::Short {
                at: line.end(),
                number,
                missing: size - got,
            });
        }
        Ok(())
    }

    fn after(&mut self, _: &Line<'a>) -> Result<bool, LayoutError> {
        Ok(false)
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
