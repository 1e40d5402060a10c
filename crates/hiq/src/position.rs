//! Reading a position: a list of the holes holding pegs (`10 12 17 19 25`), or the cross drawn
//! as seven rows with `X` or `●` for a peg, `O` or `·` for an empty hole and spaces for the
//! corners, either with a space between cells (as parlor draws boards) or without.

use crate::board::Board;
use crate::hole::{GRID, Hole};
use excerpt::{Excerpt, Pos, text_tokens};
use thiserror::Error;

/// Why a text is no position, and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// Nothing but white space.
    #[error(
        "line 1, column 1: expected a position (peg holes such as 10 12 17, or the cross drawn with X and O), found nothing"
    )]
    Empty,
    /// A word of a list that is no hole number.
    #[error("{at}: expected a hole number from 1 to 33, found {found}")]
    NotAHole {
        /// Where the word starts.
        at: Pos,
        /// The word.
        found: Excerpt,
    },
    /// A hole listed a second time.
    #[error("{at}: hole {hole} is listed twice (first at {first})")]
    DuplicateHole {
        /// The second time.
        at: Pos,
        /// The hole.
        hole: Hole,
        /// The first time.
        first: Pos,
    },
    /// A word after the `0` that ends a list.
    #[error("{at}: expected nothing after the 0 that ends the list (at {end}), found {found}")]
    AfterEnd {
        /// Where the word starts.
        at: Pos,
        /// The word.
        found: Excerpt,
        /// Where the `0` stands.
        end: Pos,
    },
    /// A character of a drawing that is neither a mark nor white space.
    #[error("{at}: expected X or ● (a peg), O or · (an empty hole) or a space, found {}", Excerpt::of(found.encode_utf8(&mut [0; 4])))]
    BadMark {
        /// Where it stands.
        at: Pos,
        /// The character.
        found: char,
    },
    /// A mark drawn where the cross has no hole.
    #[error("{at}: a mark outside the cross: the corners of the 7×7 square hold no holes")]
    OffBoard {
        /// Where it stands.
        at: Pos,
    },
    /// A row of a drawing too short for its holes.
    #[error("{at}: this row of the drawing ends before hole {hole}")]
    MissingHole {
        /// Just past the row's end.
        at: Pos,
        /// The first hole left out.
        hole: Hole,
    },
    /// A drawing of more or fewer than 7 rows.
    #[error("{at}: a drawn board has 7 rows, found {found}")]
    RowCount {
        /// The eighth row, or the end of the text when there are fewer than 7.
        at: Pos,
        /// How many rows there are.
        found: usize,
    },
}

fn is_mark(c: char) -> bool {
    matches!(c, 'X' | 'x' | '●' | 'O' | 'o' | '·' | '.')
}

/// Reads a position written either way.
///
/// # Errors
///
/// Nothing to read, a word that is no hole, a hole twice, or a drawing that is not the cross.
pub fn parse_position(text: &str) -> Result<Board, PositionError> {
    if text.chars().any(|c| is_mark(c) && c != '.') {
        parse_drawing(text)
    } else {
        parse_holes(text)
    }
}

/// The holes holding pegs, separated by white space, in any order; a final `0` (as in the
/// contest format) is allowed.
fn parse_holes(text: &str) -> Result<Board, PositionError> {
    let mut tokens: Vec<(Pos, &str)> = text_tokens(text).collect();
    // The contest format ends a list with 0, so 0 alone is the empty board; a word after it is
    // a mistake, not a hole to add.
    if let Some(end) = tokens.iter().position(|&(_, t)| t == "0") {
        if let Some(&(at, found)) = tokens.get(end + 1) {
            return Err(PositionError::AfterEnd {
                at,
                found: found.into(),
                end: tokens[end].0,
            });
        }
        tokens.truncate(end);
    } else if tokens.is_empty() {
        return Err(PositionError::Empty);
    }
    let mut board = Board::EMPTY;
    let mut first = [None; 34];
    for (at, token) in tokens {
        let hole = token.parse::<u8>().ok().and_then(Hole::new);
        let Some(hole) = hole.filter(|_| token.bytes().all(|b| b.is_ascii_digit())) else {
            return Err(PositionError::NotAHole {
                at,
                found: token.into(),
            });
        };
        if let Some(first) = first[hole.number() as usize] {
            return Err(PositionError::DuplicateHole { at, hole, first });
        }
        first[hole.number() as usize] = Some(at);
        board = board.with(hole);
    }
    Ok(board)
}

/// Seven rows of the cross. Blank lines before and after the drawing are ignored. A row that
/// holds exactly its holes' marks (3, or 7 for the middle rows) is read in order, whatever the
/// white space between them (spaces, tabs); any other row by the columns of its marks, so that a
/// mistake is reported where it stands.
fn parse_drawing(text: &str) -> Result<Board, PositionError> {
    let lines: Vec<(usize, &str)> = text.lines().map(str::trim_end).enumerate().collect();
    let first = lines.iter().position(|(_, l)| !l.is_empty()).unwrap_or(0);
    let last = lines
        .iter()
        .rposition(|(_, l)| !l.is_empty())
        .map_or(0, |i| i + 1);
    let rows = &lines[first..last];
    if rows.len() != GRID as usize {
        let line = rows
            .get(GRID as usize)
            .map_or(lines.len().max(1), |&(i, _)| i + 1);
        return Err(PositionError::RowCount {
            at: Pos::new(line, 1),
            found: rows.len(),
        });
    }
    // With a space between cells, cell c of a row stands at character 2c; without, at c.
    let spaced = rows.iter().all(|(_, row)| {
        let chars: Vec<char> = row.chars().collect();
        chars.windows(2).all(|w| !(is_mark(w[0]) && is_mark(w[1])))
    });
    let step = if spaced { 2 } else { 1 };
    let mut board = Board::EMPTY;
    for (r, &(index, row)) in rows.iter().enumerate() {
        let chars: Vec<char> = row.chars().collect();
        let holes: Vec<Hole> = (0..GRID).filter_map(|c| Hole::at(r as u8, c)).collect();
        let marks: Vec<char> = chars
            .iter()
            .copied()
            .filter(|c| !c.is_whitespace())
            .collect();
        if marks.len() == holes.len() && marks.iter().all(|&c| is_mark(c)) {
            for (&hole, &c) in holes.iter().zip(&marks) {
                if matches!(c, 'X' | 'x' | '●') {
                    board = board.with(hole);
                }
            }
            continue;
        }
        for (i, &c) in chars.iter().enumerate() {
            let at = Pos::new(index + 1, i + 1);
            if c.is_whitespace() {
                continue;
            }
            if !is_mark(c) {
                return Err(PositionError::BadMark { at, found: c });
            }
            let hole = (i % step == 0)
                .then(|| Hole::at(r as u8, (i / step) as u8))
                .flatten();
            let Some(hole) = hole else {
                return Err(PositionError::OffBoard { at });
            };
            if matches!(c, 'X' | 'x' | '●') {
                board = board.with(hole);
            }
        }
        for hole in (0..GRID).filter_map(|c| Hole::at(r as u8, c)) {
            let column = hole.col() as usize * step;
            if chars.get(column).is_none_or(|&c| !is_mark(c)) {
                // A row that stops short is reported just past its end, not at the column
                // where the missing mark would stand.
                let at = Pos::new(index + 1, column.min(chars.len()) + 1);
                return Err(PositionError::MissingHole { at, hole });
            }
        }
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawing_may_use_tabs_and_any_spacing() {
        let tabs = "\tX X X\n\tX\tX\tX\nX X X X X X X\nX X X O X X X\nXXXXXXX\n\t XXX\n\tX X X\n";
        let spaces = "    X X X\n    X X X\nX X X X X X X\nX X X O X X X\nX X X X X X X\n    X X X\n    X X X\n";
        assert_eq!(
            parse_position(tabs).unwrap(),
            parse_position(spaces).unwrap()
        );
        assert_eq!(parse_position(tabs).unwrap().pegs().count(), 32);
    }

    fn board(holes: &[u8]) -> Board {
        Board::from_holes(holes.iter().map(|&n| Hole::new(n).unwrap()))
    }

    #[test]
    fn lists_in_any_order_with_an_optional_zero() {
        assert_eq!(
            parse_position("25 19 17\n12 10"),
            Ok(board(&[10, 12, 17, 19, 25]))
        );
        assert_eq!(
            parse_position("10 12 17 19 25 0"),
            Ok(board(&[10, 12, 17, 19, 25]))
        );
        assert_eq!(parse_position("0"), Ok(Board::EMPTY));
        assert_eq!(parse_position(" \n0\n"), Ok(Board::EMPTY));
    }

    #[test]
    fn nothing_follows_the_ending_zero() {
        assert_eq!(
            parse_position("0 10"),
            Err(PositionError::AfterEnd {
                at: Pos::new(1, 3),
                found: "10".into(),
                end: Pos::new(1, 1)
            })
        );
        assert_eq!(
            parse_position("10 0\n0"),
            Err(PositionError::AfterEnd {
                at: Pos::new(2, 1),
                found: "0".into(),
                end: Pos::new(1, 4)
            })
        );
    }

    #[test]
    fn drawings_as_parlor_prints_them_and_compact() {
        let start = board(&[10, 12, 17, 19, 25]);
        assert_eq!(parse_position(&start.diagram('X', 'O')), Ok(start));
        assert_eq!(parse_position(&start.diagram('●', '·')), Ok(start));
        let compact = "  ooo\n  ooo\noooxoxo\noooxoxo\nooooxoo\n  ooo\n  ooo\n";
        assert_eq!(parse_position(compact), Ok(start));
        assert_eq!(
            parse_position(&format!(
                "\n\n{}\n\n",
                Board::standard_start().diagram('X', 'O')
            )),
            Ok(Board::standard_start())
        );
    }

    #[test]
    fn errors_name_their_place() {
        let at = Pos::new;
        assert_eq!(parse_position(""), Err(PositionError::Empty));
        assert_eq!(
            parse_position("10 34"),
            Err(PositionError::NotAHole {
                at: at(1, 4),
                found: "34".into()
            })
        );
        assert_eq!(
            parse_position("10 +3"),
            Err(PositionError::NotAHole {
                at: at(1, 4),
                found: "+3".into()
            })
        );
        assert_eq!(
            parse_position("10\n 10"),
            Err(PositionError::DuplicateHole {
                at: at(2, 2),
                hole: Hole::new(10).unwrap(),
                first: at(1, 1)
            })
        );
        let mut drawn = Board::FULL.diagram('X', 'O');
        drawn.replace_range(0..1, "X");
        assert_eq!(
            parse_position(&drawn),
            Err(PositionError::OffBoard { at: at(1, 1) })
        );
        let bad = Board::FULL.diagram('X', 'O').replacen('X', "Z", 1);
        assert_eq!(
            parse_position(&bad),
            Err(PositionError::BadMark {
                at: at(1, 5),
                found: 'Z'
            })
        );
        let short = Board::FULL
            .diagram('X', 'O')
            .replacen("X X X\n", "X X\n", 1);
        assert_eq!(
            parse_position(&short),
            Err(PositionError::MissingHole {
                at: at(1, 8),
                hole: Hole::new(3).unwrap()
            })
        );
        let six: String = Board::FULL
            .diagram('X', 'O')
            .lines()
            .skip(1)
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(matches!(
            parse_position(&six),
            Err(PositionError::RowCount { found: 6, .. })
        ));
    }
}
