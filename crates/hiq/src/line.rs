//! A line of jumps written short, as a link or a page gives it: each jump as the hole a peg
//! leaves and the hole it lands in, `12-26`, the jumps separated by commas or spaces
//! (`12-26,25-27 10-24`). The hole jumped over follows from the two.
//!
//! ```
//! use hiq::line;
//!
//! let start = hiq::position::parse_position("10 12 17 19 25").unwrap();
//! let played = line::play(start, "12-26,25-27").unwrap();
//! assert_eq!(played.jumps.len(), 2);
//! assert_eq!(played.end, hiq::position::parse_position("10 17 27").unwrap());
//! // The first jump emptied 19, so the second has nothing to jump over.
//! let error = line::play(start, "12-26,26-12").unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "column 7: jump 2, 26 over 19 to 12: hole 19 holds no peg to jump over"
//! );
//! ```

use crate::board::Board;
use crate::hole::Hole;
use crate::jump::Jump;
use excerpt::Excerpt;
use std::fmt;
use thiserror::Error;

/// A line played out: its jumps and the board they leave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The jumps, in the order written.
    pub jumps: Vec<Jump>,
    /// The board after the last of them.
    pub end: Board,
}

/// Why a jump of a line cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The hole the peg should leave is empty.
    NoPeg(Hole),
    /// The hole to jump over is empty.
    NothingOver(Hole),
    /// The landing hole holds a peg.
    Occupied(Hole),
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::NoPeg(hole) => write!(f, "hole {hole} holds no peg"),
            Illegal::NothingOver(hole) => write!(f, "hole {hole} holds no peg to jump over"),
            Illegal::Occupied(hole) => write!(f, "hole {hole} is not empty"),
        }
    }
}

/// The first place where a written line is not a line of jumps from its start. Columns count
/// characters from 1; the text is one line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineError {
    /// A word that is not written as a jump.
    #[error(
        "column {column}: expected a jump such as 12-26 (the hole a peg leaves, a dash, the \
         hole it lands in), found {found}"
    )]
    NotAJump {
        /// Where the word starts.
        column: usize,
        /// The word.
        found: Excerpt,
    },
    /// Two holes that no jump links.
    #[error(
        "column {column}: {from}-{to} is no jump: a peg lands two holes away along a row or a \
         column, over the hole between"
    )]
    NotOnALine {
        /// Where the word starts.
        column: usize,
        /// The hole the peg would leave.
        from: Hole,
        /// The hole it would land in.
        to: Hole,
    },
    /// A jump the board does not allow when its turn comes.
    #[error("column {column}: jump {number}, {jump}: {why}")]
    Illegal {
        /// Where the jump is written.
        column: usize,
        /// The jump's place in the line, from 1.
        number: usize,
        /// The jump.
        jump: Jump,
        /// Which of its holes is wrong.
        why: Illegal,
    },
}

/// The jump that takes a peg from `from` to `to`, if the cross has one.
pub(crate) fn between(from: Hole, to: Hole) -> Option<Jump> {
    Jump::ALL
        .into_iter()
        .find(|jump| jump.from() == from && jump.to() == to)
}

/// `12-26` as a jump, `column` being where the word starts.
fn read_jump(word: &str, column: usize) -> Result<Jump, LineError> {
    let hole = |text: &str| {
        text.parse::<u8>()
            .ok()
            .filter(|_| text.bytes().all(|b| b.is_ascii_digit()))
            .and_then(Hole::new)
    };
    let holes = word
        .split_once('-')
        .and_then(|(from, to)| Some((hole(from)?, hole(to)?)));
    let Some((from, to)) = holes else {
        return Err(LineError::NotAJump {
            column,
            found: word.into(),
        });
    };
    between(from, to).ok_or(LineError::NotOnALine { column, from, to })
}

/// Why `jump`, which [`Board::apply`] refused, cannot be made on `board`.
fn why_illegal(board: Board, jump: Jump) -> Illegal {
    if !board.contains(jump.from()) {
        Illegal::NoPeg(jump.from())
    } else if !board.contains(jump.over()) {
        Illegal::NothingOver(jump.over())
    } else {
        Illegal::Occupied(jump.to())
    }
}

/// Plays the line written in `text` from `start`; an empty text is the empty line.
///
/// # Errors
///
/// [`LineError`] at the first word that is no jump, or the first jump that cannot be made
/// where the line has come to. A line stops there, so a long text costs no more than its
/// length.
pub fn play(start: Board, text: &str) -> Result<Line, LineError> {
    let mut board = start;
    let mut jumps = Vec::new();
    let mut column = 1;
    for word in text.split(|c: char| c == ',' || c.is_whitespace()) {
        if !word.is_empty() {
            let jump = read_jump(word, column)?;
            board = board.apply(jump).ok_or_else(|| LineError::Illegal {
                column,
                number: jumps.len() + 1,
                jump,
                why: why_illegal(board, jump),
            })?;
            jumps.push(jump);
        }
        column += word.chars().count() + 1;
    }
    Ok(Line { jumps, end: board })
}

/// A line written as [`play`] reads it: `12-26,25-27`.
pub fn write(jumps: &[Jump]) -> String {
    let words: Vec<String> = jumps
        .iter()
        .map(|jump| format!("{}-{}", jump.from(), jump.to()))
        .collect();
    words.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auto;
    use proptest::prelude::*;

    fn hole(n: u8) -> Hole {
        Hole::new(n).unwrap()
    }

    #[test]
    fn every_jump_of_the_cross_is_found_between_its_ends() {
        for jump in Jump::ALL {
            assert_eq!(between(jump.from(), jump.to()), Some(jump));
        }
        assert_eq!(between(hole(3), hole(5)), None);
        assert_eq!(between(hole(17), hole(17)), None);
    }

    #[test]
    fn each_fault_is_named_at_its_column() {
        let start = Board::standard_start();
        let error = |text: &str| play(start, text).unwrap_err();
        assert_eq!(
            error("5-17, x").to_string(),
            "column 7: expected a jump such as 12-26 (the hole a peg leaves, a dash, the hole it \
             lands in), found \"x\""
        );
        assert_eq!(
            error("5-17,34-2"),
            LineError::NotAJump {
                column: 6,
                found: "34-2".into()
            }
        );
        assert!(matches!(error("5-17,0-2"), LineError::NotAJump { .. }));
        assert!(matches!(error("+5-17"), LineError::NotAJump { .. }));
        assert_eq!(
            error("3-5"),
            LineError::NotOnALine {
                column: 1,
                from: hole(3),
                to: hole(5)
            }
        );
        assert_eq!(
            error("5-17 5-17"),
            LineError::Illegal {
                column: 6,
                number: 2,
                jump: between(hole(5), hole(17)).unwrap(),
                why: Illegal::NoPeg(hole(5))
            }
        );
        assert_eq!(
            error("1-9").to_string(),
            "column 1: jump 1, 1 over 4 to 9: hole 9 is not empty"
        );
    }

    #[test]
    fn empty_text_is_the_empty_line() {
        let start = Board::standard_start();
        for text in ["", " ", ",,", "\t"] {
            assert_eq!(
                play(start, text),
                Ok(Line {
                    jumps: vec![],
                    end: start
                })
            );
        }
    }

    proptest! {
        /// Any game of the contest's player, written and read back, is the same game.
        #[test]
        fn a_written_line_plays_back_to_the_same_board(bits in any::<u64>()) {
            let start = Board::from_holes(Hole::all().filter(|h| bits >> h.number() & 1 == 1));
            let jumps: Vec<Jump> = auto::jumps(start).collect();
            let played = play(start, &write(&jumps)).unwrap();
            prop_assert_eq!(&played.jumps, &jumps);
            prop_assert_eq!(played.end, auto::finish(start));
        }

        /// Whatever the text, reading never panics, and what reads is a line of legal jumps.
        #[test]
        fn any_text_reads_to_legal_jumps_or_an_error(text in "[0-9, -]{0,40}") {
            if let Ok(line) = play(Board::standard_start(), &text) {
                let mut board = Board::standard_start();
                for jump in &line.jumps {
                    board = board.apply(*jump).unwrap();
                }
                prop_assert_eq!(board, line.end);
            }
        }
    }
}
