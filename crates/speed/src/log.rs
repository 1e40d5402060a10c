//! The player's timed actions in a game against the robot, and their text for a link.
//!
//! The notation: the actions in order, separated by `,`; an action is its instant in ms (decimal
//! digits, no sign, no leading zero, at most [`LATEST_MS`]), a letter — `d` to draw into a slot,
//! `r` to move a slot's card to the player's right table, `l` to its left table — and the slot,
//! `1` (rightmost) to `4` (leftmost). No log is the empty text. Nothing else is read: no spaces,
//! no capitals, no trailing comma, so each log has one text and the text fits a URL as it is.
//!
//! ```
//! use speed::{Action, Log, Timed};
//!
//! let log: Log = "500r1,1000l3,1700d1".parse().unwrap();
//! assert_eq!(log.actions()[1], Timed { at: 1000, action: Action::Left(3) });
//! assert_eq!(log.to_string(), "500r1,1000l3,1700d1");
//! let error = "500r1,1000x3".parse::<Log>().unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "column 11: expected d (draw), r (to the right table) or l (to the left table), found \"x\""
//! );
//! ```

use crate::action::{Action, LATEST_MS, Timed};
use excerpt::{Excerpt, Found, LONGEST};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The most actions a log may hold: more than any game can take. With p cards of the 52 at the
/// player's seat, each accepted action draws one of the p − 4 cards of its deck, lands one of its
/// cards for good (p − 1 at most: its opening lands without an action), is cancelled by one of
/// the robot's at most 52 − p landings, or is cut by the end of the game (once): p + 48 at most,
/// 99 with p = 51. A longer text is refused as soon as the reader meets its 101st action.
pub const MAX_ACTIONS: usize = 100;

/// The player's actions in order of time, at most [`MAX_ACTIONS`]; its text is the log's
/// notation ([`FromStr`], [`fmt::Display`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Log {
    actions: Vec<Timed>,
}

/// Why a text is no log. Every variant names the column (from 1) where the reader stopped.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LogError {
    /// No instant where an action should start.
    #[error(
        "column {column}: expected an instant in ms (digits without a leading zero), found {found}"
    )]
    Instant {
        /// Where the instant should start.
        column: usize,
        /// What stood there instead.
        found: Found,
    },
    /// An instant of ten digits or more.
    #[error(
        "column {column}: {found} is past the latest instant an action may have, {LATEST_MS} ms"
    )]
    TooLate {
        /// Where the instant starts.
        column: usize,
        /// Its digits.
        found: Found,
    },
    /// No action's letter after the instant.
    #[error(
        "column {column}: expected d (draw), r (to the right table) or l (to the left table), found {found}"
    )]
    Letter {
        /// Where the letter should stand.
        column: usize,
        /// What stood there instead.
        found: Found,
    },
    /// No slot after the letter.
    #[error("column {column}: expected a slot, 1 (rightmost) to 4 (leftmost), found {found}")]
    Slot {
        /// Where the slot should stand.
        column: usize,
        /// What stood there instead.
        found: Found,
    },
    /// Something else than `,` or the end after an action.
    #[error(
        "column {column}: expected \",\" before the next action or the end of the log, found {found}"
    )]
    Separator {
        /// Where the comma should stand.
        column: usize,
        /// What stood there instead.
        found: Found,
    },
    /// More than [`MAX_ACTIONS`] actions.
    #[error(
        "column {column}: a log holds at most {MAX_ACTIONS} actions, more than any game can take"
    )]
    TooMany {
        /// Where the first action too many starts.
        column: usize,
    },
}

impl Log {
    /// The log of `actions`, if a text can name it: at most [`MAX_ACTIONS`] actions, each at
    /// [`LATEST_MS`] at the latest and with a slot from 1 to 4. So every log is written as a text
    /// that reads back as the same log.
    pub fn new(actions: Vec<Timed>) -> Option<Log> {
        let named = |timed: &Timed| timed.at <= LATEST_MS && (1..=4).contains(&timed.action.slot());
        (actions.len() <= MAX_ACTIONS && actions.iter().all(named)).then_some(Log { actions })
    }

    /// The actions, in the order given.
    pub fn actions(&self) -> &[Timed] {
        &self.actions
    }

    /// An action the referee accepted; a game accepts fewer than [`MAX_ACTIONS`].
    pub(crate) fn push(&mut self, timed: Timed) {
        self.actions.push(timed);
    }
}

/// The character at byte `i` of `text`, or the end.
fn found_at(text: &str, i: usize) -> Found {
    match text.get(i..).and_then(|rest| rest.chars().next()) {
        Some(c) => Found::Token(Excerpt::of(c.encode_utf8(&mut [0; 4]))),
        None => Found::EndOfInput,
    }
}

/// The instant starting at byte `start`, and the byte after it.
fn instant(text: &str, start: usize) -> Result<(u32, usize), LogError> {
    let column = start + 1;
    // Enough digits to show in a message; an instant has at most nine.
    let digits = text.as_bytes()[start..]
        .iter()
        .take(LONGEST + 1)
        .take_while(|b| b.is_ascii_digit())
        .count();
    let run = &text[start..start + digits];
    let found = || Found::Token(Excerpt::of(run));
    if digits == 0 {
        return Err(LogError::Instant {
            column,
            found: found_at(text, start),
        });
    }
    if digits > 1 && run.starts_with('0') {
        return Err(LogError::Instant {
            column,
            found: found(),
        });
    }
    if digits > 9 {
        return Err(LogError::TooLate {
            column,
            found: found(),
        });
    }
    let at = run
        .bytes()
        .fold(0, |at, digit| at * 10 + u32::from(digit - b'0'));
    Ok((at, start + digits))
}

impl FromStr for Log {
    type Err = LogError;

    /// Reads the notation; stops at the first fault, and at the 101st action.
    fn from_str(text: &str) -> Result<Log, LogError> {
        let mut actions = Vec::new();
        if text.is_empty() {
            return Ok(Log { actions });
        }
        let bytes = text.as_bytes();
        let mut i = 0;
        loop {
            if actions.len() == MAX_ACTIONS {
                return Err(LogError::TooMany { column: i + 1 });
            }
            let (at, after) = instant(text, i)?;
            let letter: fn(u8) -> Action = match bytes.get(after) {
                Some(b'd') => Action::Draw,
                Some(b'r') => Action::Right,
                Some(b'l') => Action::Left,
                _ => {
                    return Err(LogError::Letter {
                        column: after + 1,
                        found: found_at(text, after),
                    });
                }
            };
            let slot = match bytes.get(after + 1) {
                Some(&digit @ b'1'..=b'4') => digit - b'0',
                _ => {
                    return Err(LogError::Slot {
                        column: after + 2,
                        found: found_at(text, after + 1),
                    });
                }
            };
            actions.push(Timed {
                at,
                action: letter(slot),
            });
            i = after + 2;
            match bytes.get(i) {
                None => return Ok(Log { actions }),
                Some(b',') => i += 1,
                Some(_) => {
                    return Err(LogError::Separator {
                        column: i + 1,
                        found: found_at(text, i),
                    });
                }
            }
        }
    }
}

impl fmt::Display for Log {
    /// The notation, `500r1,1000l3,1700d1`; the empty text for no action.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, timed) in self.actions.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{timed}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        text.parse::<Log>().unwrap_err().to_string()
    }

    #[test]
    fn a_log_reads_and_writes_back_the_same_text() {
        for text in [
            "",
            "0d1",
            "500r1",
            "500r1,1000l3,1700d1",
            "999999999l4,999999999d2",
        ] {
            let log: Log = text.parse().unwrap();
            assert_eq!(log.to_string(), text);
        }
        let log: Log = "500r1,1000l3,1700d4".parse().unwrap();
        assert_eq!(
            log.actions(),
            [
                Timed {
                    at: 500,
                    action: Action::Right(1)
                },
                Timed {
                    at: 1000,
                    action: Action::Left(3)
                },
                Timed {
                    at: 1700,
                    action: Action::Draw(4)
                },
            ]
        );
    }

    #[test]
    fn every_fault_is_named_with_its_column() {
        let expected = "expected an instant in ms (digits without a leading zero)";
        assert_eq!(error(","), format!("column 1: {expected}, found \",\""));
        assert_eq!(
            error("500r1,"),
            format!("column 7: {expected}, found the end of the input")
        );
        assert_eq!(
            error("0500r1"),
            format!("column 1: {expected}, found \"0500\"")
        );
        assert_eq!(
            error(" 500r1"),
            format!("column 1: {expected}, found \" \"")
        );
        assert_eq!(
            error("1234567890r1"),
            "column 1: \"1234567890\" is past the latest instant an action may have, 999999999 ms"
        );
        assert_eq!(
            error(&"9".repeat(1_000_000)),
            format!(
                "column 1: \"{}…\" is past the latest instant an action may have, 999999999 ms",
                "9".repeat(40)
            )
        );
        assert_eq!(
            error("500R1"),
            "column 4: expected d (draw), r (to the right table) or l (to the left table), found \"R\""
        );
        assert_eq!(
            error("500"),
            "column 4: expected d (draw), r (to the right table) or l (to the left table), found the end of the input"
        );
        let slot = "expected a slot, 1 (rightmost) to 4 (leftmost)";
        assert_eq!(error("500r5"), format!("column 5: {slot}, found \"5\""));
        assert_eq!(error("500r0"), format!("column 5: {slot}, found \"0\""));
        assert_eq!(error("500d♠"), format!("column 5: {slot}, found \"♠\""));
        assert_eq!(
            error("500r1;700r2"),
            "column 6: expected \",\" before the next action or the end of the log, found \";\""
        );
        assert_eq!(
            error("500r12"),
            "column 6: expected \",\" before the next action or the end of the log, found \"2\""
        );
        assert_eq!(
            error("500r1\u{feff}"),
            "column 6: expected \",\" before the next action or the end of the log, found \"\\u{feff}\""
        );
    }

    #[test]
    fn a_log_longer_than_any_game_is_refused_at_its_first_action_too_many() {
        let most = vec!["1d1"; MAX_ACTIONS].join(",");
        assert_eq!(most.parse::<Log>().unwrap().actions().len(), MAX_ACTIONS);
        let longer = vec!["1d1"; 1_000_000].join(",");
        assert_eq!(
            longer.parse::<Log>(),
            Err(LogError::TooMany {
                column: 4 * MAX_ACTIONS + 1
            })
        );
        assert_eq!(
            error(&longer),
            "column 401: a log holds at most 100 actions, more than any game can take"
        );
        let actions = vec![
            Timed {
                at: 1,
                action: Action::Draw(1)
            };
            MAX_ACTIONS + 1
        ];
        assert_eq!(Log::new(actions.clone()), None);
        assert!(Log::new(actions[1..].to_vec()).is_some());
    }

    #[test]
    fn a_log_made_of_actions_is_one_a_text_can_name() {
        let at = |at, action| vec![Timed { at, action }];
        for unnamed in [
            at(5, Action::Draw(12)),
            at(5, Action::Left(0)),
            at(LATEST_MS + 1, Action::Right(1)),
        ] {
            assert_eq!(Log::new(unnamed.clone()), None, "{unnamed:?}");
        }
        for named in [at(5, Action::Draw(4)), at(LATEST_MS, Action::Left(1))] {
            let log = Log::new(named).unwrap();
            assert_eq!(log.to_string().parse::<Log>(), Ok(log));
        }
    }
}
