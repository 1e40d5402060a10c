//! The contest's input format: a count N, then N games, each a list of hole numbers ended by 0.
//!
//! ```
//! use hiq::{Board, contest};
//!
//! let boards = contest::parse("2\n10 12 17 19 25 0\n0\n").unwrap();
//! assert_eq!(boards[0].hole_sum(), 10 + 12 + 17 + 19 + 25);
//! assert_eq!(boards[1], Board::EMPTY);
//! let error = contest::parse("1\n5 17 5 0").unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "line 2, column 6: hole 5 appears twice in game 1 (first at line 2, column 1)"
//! );
//! ```

use crate::board::Board;
use crate::hole::Hole;
use excerpt::{Excerpt, Pos, text_tokens};
use thiserror::Error;

/// `1 game`, `3 games`.
fn games(count: u64) -> String {
    if count == 1 {
        "1 game".into()
    } else {
        format!("{count} games")
    }
}

/// Why the contest input could not be read. Every variant says where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ContestError {
    /// Nothing but white space.
    #[error("{at}: expected the number of games, found the end of the input")]
    MissingCount {
        /// The end of the input.
        at: Pos,
    },
    /// A first token that is no count of games.
    #[error("{at}: expected the number of games (a whole number, at least 1), found {found}")]
    BadCount {
        /// Where it starts.
        at: Pos,
        /// The token.
        found: Excerpt,
    },
    /// A token inside a game that is no number.
    #[error("{at}: expected a hole number (1 to 33) or 0 to end game {game}, found {found}")]
    NotANumber {
        /// Where it starts.
        at: Pos,
        /// The game, from 1.
        game: usize,
        /// The token.
        found: Excerpt,
    },
    /// A number inside a game that is no hole.
    #[error("{at}: expected a hole number from 1 to 33 or 0 to end game {game}, found {found}")]
    HoleOutOfRange {
        /// Where it starts.
        at: Pos,
        /// The game, from 1.
        game: usize,
        /// The number.
        found: Excerpt,
    },
    /// A hole given twice in one game.
    #[error("{at}: hole {hole} appears twice in game {game} (first at {first})")]
    DuplicateHole {
        /// The second time.
        at: Pos,
        /// The game, from 1.
        game: usize,
        /// The hole.
        hole: Hole,
        /// The first time.
        first: Pos,
    },
    /// The input ends before the 0 that ends a game.
    #[error(
        "{at}: the input ends inside game {game} of {count}: expected more hole numbers and a 0 to end it"
    )]
    UnfinishedGame {
        /// The end of the input.
        at: Pos,
        /// The game, from 1.
        game: usize,
        /// The games announced.
        count: u64,
    },
    /// The input ends between games, before the count announced.
    #[error("{at}: the input ends after {found} of the {count} games announced on {count_at}")]
    MissingGames {
        /// The end of the input.
        at: Pos,
        /// The games read.
        found: usize,
        /// The games announced.
        count: u64,
        /// Where they were announced.
        count_at: Pos,
    },
    /// Something after the last game announced.
    #[error(
        "{at}: expected the end of the input after the {} announced, found {found}", games(*count)
    )]
    TrailingText {
        /// Where it starts.
        at: Pos,
        /// The games announced.
        count: u64,
        /// Its first token.
        found: Excerpt,
    },
}

/// A token read as a whole number, if it is one: optional sign, then decimal digits.
/// `None` inside `Some` means a number too large for any purpose here.
fn whole_number(token: &str) -> Option<Option<i64>> {
    let digits = token.strip_prefix(['+', '-']).unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(token.parse().ok())
}

/// Reads the contest input: the games' starting boards, in order.
///
/// Beyond the contest's own limits, any number of games (at least 1) is accepted and holes may
/// come in any order; everything else that is not exactly the format is an error.
///
/// # Errors
///
/// The first place where the text departs from the format, as a [`ContestError`].
pub fn parse(text: &str) -> Result<Vec<Board>, ContestError> {
    let mut tokens = text_tokens(text);
    let Some((count_at, count_token)) = tokens.next() else {
        return Err(ContestError::MissingCount {
            at: Pos::end_of(text),
        });
    };
    let count = match whole_number(count_token) {
        Some(Some(n)) if n >= 1 => n as u64,
        _ => {
            return Err(ContestError::BadCount {
                at: count_at,
                found: count_token.into(),
            });
        }
    };
    let mut boards = Vec::new();
    while (boards.len() as u64) < count {
        let game = boards.len() + 1;
        let mut board = Board::EMPTY;
        let mut seen_at = [None; 34];
        loop {
            let Some((at, token)) = tokens.next() else {
                let at = Pos::end_of(text);
                return Err(if seen_at.iter().any(Option::is_some) {
                    ContestError::UnfinishedGame { at, game, count }
                } else {
                    ContestError::MissingGames {
                        at,
                        found: game - 1,
                        count,
                        count_at,
                    }
                });
            };
            let value = match whole_number(token) {
                None => {
                    return Err(ContestError::NotANumber {
                        at,
                        game,
                        found: token.into(),
                    });
                }
                Some(Some(0)) => break,
                Some(value) => value,
            };
            let Some(hole) = value.and_then(|v| u8::try_from(v).ok()).and_then(Hole::new) else {
                return Err(ContestError::HoleOutOfRange {
                    at,
                    game,
                    found: token.into(),
                });
            };
            if let Some(first) = seen_at[hole.number() as usize] {
                return Err(ContestError::DuplicateHole {
                    at,
                    game,
                    hole,
                    first,
                });
            }
            seen_at[hole.number() as usize] = Some(at);
            board = board.with(hole);
        }
        boards.push(board);
    }
    if let Some((at, found)) = tokens.next() {
        return Err(ContestError::TrailingText {
            at,
            count,
            found: found.into(),
        });
    }
    Ok(boards)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "4\n10 12 17 19 25 0\n0\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 0\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 0\n";

    fn at(line: usize, column: usize) -> Pos {
        Pos::new(line, column)
    }

    #[test]
    fn reads_the_sample() {
        let boards = parse(SAMPLE).unwrap();
        assert_eq!(boards.len(), 4);
        assert_eq!(boards[0].hole_sum(), 10 + 12 + 17 + 19 + 25);
        assert_eq!(boards[1], Board::EMPTY);
        assert_eq!(boards[2], Board::FULL);
        assert_eq!(boards[3], Board::standard_start());
    }

    #[test]
    fn games_may_span_lines_and_list_holes_in_any_order() {
        let boards = parse("2\r\n25 19\n\t17 12\n10 0 33\n 0").unwrap();
        assert_eq!(boards[0].hole_sum(), 83);
        assert_eq!(boards[1].hole_sum(), 33);
    }

    #[test]
    fn every_error_names_its_place() {
        let cases: [(&str, ContestError); 11] = [
            ("", ContestError::MissingCount { at: at(1, 1) }),
            ("\n  \n", ContestError::MissingCount { at: at(3, 1) }),
            (
                "0\n0",
                ContestError::BadCount {
                    at: at(1, 1),
                    found: "0".into(),
                },
            ),
            (
                "  -2\n0",
                ContestError::BadCount {
                    at: at(1, 3),
                    found: "-2".into(),
                },
            ),
            (
                "x",
                ContestError::BadCount {
                    at: at(1, 1),
                    found: "x".into(),
                },
            ),
            (
                "1\n10 l2 0",
                ContestError::NotANumber {
                    at: at(2, 4),
                    game: 1,
                    found: "l2".into(),
                },
            ),
            (
                "2\n0\n34 0",
                ContestError::HoleOutOfRange {
                    at: at(3, 1),
                    game: 2,
                    found: "34".into(),
                },
            ),
            (
                "1\n5 17 5 0",
                ContestError::DuplicateHole {
                    at: at(2, 6),
                    game: 1,
                    hole: Hole::new(5).unwrap(),
                    first: at(2, 1),
                },
            ),
            (
                "2\n0\n1 2",
                ContestError::UnfinishedGame {
                    at: at(3, 4),
                    game: 2,
                    count: 2,
                },
            ),
            (
                "3\n0\n0\n",
                ContestError::MissingGames {
                    at: at(4, 1),
                    found: 2,
                    count: 3,
                    count_at: at(1, 1),
                },
            ),
            (
                "1\n0\n0",
                ContestError::TrailingText {
                    at: at(3, 1),
                    count: 1,
                    found: "0".into(),
                },
            ),
        ];
        for (input, expected) in cases {
            assert_eq!(parse(input), Err(expected), "input {input:?}");
        }
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let err = parse("1\n·· 0").unwrap_err();
        let found = "··".into();
        assert_eq!(
            err,
            ContestError::NotANumber {
                at: at(2, 1),
                game: 1,
                found
            }
        );
        let err = parse("1\n17 ●").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 4: expected a hole number (1 to 33) or 0 to end game 1, found \"●\""
        );
    }

    #[test]
    fn huge_numbers_are_out_of_range_not_a_crash() {
        let err = parse("1\n99999999999999999999999 0").unwrap_err();
        assert!(matches!(err, ContestError::HoleOutOfRange { .. }));
        let err = parse("99999999999999999999999\n0").unwrap_err();
        assert!(matches!(err, ContestError::BadCount { .. }));
    }
}
