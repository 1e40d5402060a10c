//! The contest's input: data sets of two robots' cards, ended by a line holding `0`.
//!
//! A data set is A's count and cards, then B's count and cards. The cards stand on the line
//! after their count (the contest's four-line form) or on the count's own line after it
//! (`5 S3 S5 S8 S9 S2`); all of one robot's cards are on one line. Blank lines are skipped.
//! Each robot gets at least one card, and a data set is one pack: no card twice, 52 at most.
//!
//! ```
//! use speed::contest;
//!
//! let deals = contest::parse("5\nS3 S5 S8 S9 S2\n3\nH7 H3 H4\n0\n").unwrap();
//! assert_eq!(deals.len(), 1);
//! assert_eq!(deals[0].b(), ["H7".parse().unwrap(), "H3".parse().unwrap(), "H4".parse().unwrap()]);
//! let error = contest::parse("2 SA SK\n2 HK SA\n0").unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "line 2, column 6: SA appears twice in data set 1 (first at line 1, column 3)"
//! );
//! assert_eq!(contest::write(&deals), "5\nS3 S5 S8 S9 S2\n3\nH7 H3 H4\n0\n");
//! ```

use crate::deal::Deal;
use crate::robot::Robot;
use cards::{Card, CardError};
use excerpt::{Excerpt, Found, Lines, Pos, UntilError};
use thiserror::Error;

/// Why the contest input could not be read. Every variant says where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ContestError {
    /// No count of A's cards where a data set or the closing `0` should start.
    #[error(
        "{at}: expected the number of A's cards (1 to 51) or 0 to end the input, found {found}"
    )]
    CountA {
        /// Where the count should stand.
        at: Pos,
        /// What stood there instead.
        found: Found,
    },
    /// No count of B's cards after A's cards.
    #[error("{at}: expected the number of B's cards (1 to {max}: one pack in all), found {found}")]
    CountB {
        /// Where the count should stand.
        at: Pos,
        /// The cards A left of the pack.
        max: usize,
        /// What stood there instead.
        found: Found,
    },
    /// The input ended after a robot's count, before its cards.
    #[error("{at}: expected {robot}'s {}, found the end of the input", cards(*count))]
    NoCards {
        /// The end of the input.
        at: Pos,
        /// Whose cards are missing.
        robot: Robot,
        /// How many were announced.
        count: usize,
    },
    /// A token among a robot's cards is no card.
    #[error("line {line}, {source}")]
    NotACard {
        /// The line of the token.
        line: usize,
        /// The token, its column and what it should have been.
        source: CardError,
    },
    /// A card dealt a second time in one data set.
    #[error("{at}: {card} appears twice in data set {set} (first at {first})")]
    Twice {
        /// Where the card stands the second time.
        at: Pos,
        /// The card.
        card: Card,
        /// The data set, from 1.
        set: usize,
        /// Where the card stands the first time.
        first: Pos,
    },
    /// A robot's line ends before its count of cards.
    #[error("{at}: expected {} for {robot}, found only {found}", cards(*count))]
    TooFewCards {
        /// Just after the last character of the line.
        at: Pos,
        /// Whose cards they are.
        robot: Robot,
        /// How many were announced.
        count: usize,
        /// How many the line holds.
        found: usize,
    },
    /// A robot's line holds more than its count of cards.
    #[error("{at}: expected {} for {robot}, found more: {extra}", cards(*count))]
    TooManyCards {
        /// Where the first card too many stands.
        at: Pos,
        /// Whose cards they are.
        robot: Robot,
        /// How many were announced.
        count: usize,
        /// The first card too many.
        extra: Excerpt,
    },
    /// Something after the closing `0`.
    #[error("{at}: expected the end of the input after the closing 0, found {found}")]
    TrailingText {
        /// Where it starts.
        at: Pos,
        /// Its first token.
        found: Excerpt,
    },
}

/// `1 card`, `3 cards`.
fn cards(count: usize) -> String {
    if count == 1 {
        "1 card".into()
    } else {
        format!("{count} cards")
    }
}

/// One line that holds something: its number, its tokens with their columns, and the column
/// just after its last character.
struct Line<'a> {
    number: usize,
    tokens: Vec<(usize, &'a str)>,
    after: usize,
}

impl<'a> Line<'a> {
    /// The line's token `index` and where it stands.
    fn token(&self, index: usize) -> (Pos, &'a str) {
        let (column, token) = self.tokens[index];
        (Pos::new(self.number, column), token)
    }
}

/// A count between 0 and `max`, if the token is one.
fn count(token: &str, max: usize) -> Option<usize> {
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse().ok().filter(|&n| n <= max)
}

/// Cards of one data set seen so far, with where each stood.
type Seen = [Option<Pos>; 52];

/// The data sets of one input, read one at a time.
struct Reader<'a> {
    lines: Lines<'a>,
    /// Where the input ends, for what is missing there.
    end: Pos,
    set: usize,
    seen: Seen,
}

impl<'a> Reader<'a> {
    /// The next line that is not blank.
    fn next_line(&mut self) -> Option<Line<'a>> {
        self.lines.find_map(|(number, text)| {
            let tokens: Vec<_> = excerpt::tokens(text).collect();
            let after = text.trim_end().chars().count() + 1;
            (!tokens.is_empty()).then_some(Line {
                number,
                tokens,
                after,
            })
        })
    }

    /// The robot's `count` cards: what follows the count on its line, or else the next line.
    fn cards(
        &mut self,
        robot: Robot,
        count: usize,
        count_line: Line<'_>,
    ) -> Result<Vec<Card>, ContestError> {
        let line = if count_line.tokens.len() > 1 {
            Line {
                tokens: count_line.tokens[1..].to_vec(),
                ..count_line
            }
        } else {
            self.next_line().ok_or(ContestError::NoCards {
                at: self.end,
                robot,
                count,
            })?
        };
        let mut cards = Vec::with_capacity(count);
        for &(column, token) in &line.tokens {
            let at = Pos::new(line.number, column);
            if cards.len() == count {
                return Err(ContestError::TooManyCards {
                    at,
                    robot,
                    count,
                    extra: token.into(),
                });
            }
            let card = Card::parse_at(token, column).map_err(|source| ContestError::NotACard {
                line: line.number,
                source,
            })?;
            if let Some(first) = self.seen[card.index()] {
                return Err(ContestError::Twice {
                    at,
                    card,
                    set: self.set,
                    first,
                });
            }
            self.seen[card.index()] = Some(at);
            cards.push(card);
        }
        if cards.len() < count {
            return Err(ContestError::TooFewCards {
                at: Pos::new(line.number, line.after),
                robot,
                count,
                found: cards.len(),
            });
        }
        Ok(cards)
    }

    /// The next data set, or `None` after the closing `0`.
    fn set_or_end(&mut self) -> Result<Option<Deal>, ContestError> {
        self.set += 1;
        self.seen = [None; 52];
        let Some(line) = self.next_line() else {
            return Err(ContestError::CountA {
                at: self.end,
                found: Found::EndOfInput,
            });
        };
        let (at, token) = line.token(0);
        let a_count = match count(token, 51) {
            Some(0) => return self.trailing(&line).map(|()| None),
            Some(n) => n,
            None => {
                return Err(ContestError::CountA {
                    at,
                    found: Found::Token(token.into()),
                });
            }
        };
        let a = self.cards(Robot::A, a_count, line)?;
        let max = 52 - a_count;
        let Some(line) = self.next_line() else {
            return Err(ContestError::CountB {
                at: self.end,
                max,
                found: Found::EndOfInput,
            });
        };
        let (at, token) = line.token(0);
        let b_count =
            count(token, max)
                .filter(|&n| n >= 1)
                .ok_or_else(|| ContestError::CountB {
                    at,
                    max,
                    found: Found::Token(token.into()),
                })?;
        let b = self.cards(Robot::B, b_count, line)?;
        Ok(Some(Deal::from_checked(&a, &b)))
    }

    /// Nothing may follow the closing `0` on `zero`, its line, or after it.
    fn trailing(&mut self, zero: &Line<'_>) -> Result<(), ContestError> {
        let next = if zero.tokens.len() > 1 {
            Some(zero.token(1))
        } else {
            self.next_line().map(|line| line.token(0))
        };
        match next {
            Some((at, found)) => Err(ContestError::TrailingText {
                at,
                found: found.into(),
            }),
            None => Ok(()),
        }
    }
}

impl Iterator for Reader<'_> {
    type Item = Result<Deal, ContestError>;

    fn next(&mut self) -> Option<Result<Deal, ContestError>> {
        self.set_or_end().transpose()
    }
}

/// Reads the whole input: every data set before the closing `0`, checked.
///
/// # Errors
///
/// The first mistake of the input, with its line and column.
pub fn parse(text: &str) -> Result<Vec<Deal>, ContestError> {
    sets(text).collect()
}

/// The contest input of `deals` in the four-line form — each robot's count, then its cards on
/// the next line — ended by `0`: what [`parse`] reads back as `deals`.
pub fn write(deals: &[Deal]) -> String {
    let mut text = String::new();
    for deal in deals {
        for cards in [deal.a(), deal.b()] {
            let shown: Vec<String> = cards.iter().map(Card::to_string).collect();
            text.push_str(&format!("{}\n{}\n", cards.len(), shown.join(" ")));
        }
    }
    text.push_str("0\n");
    text
}

/// The data sets of the input one at a time, each checked as it is read, ending after the
/// closing `0` and what follows it are checked, or at the first mistake. Nothing but the set
/// being read is held, so an input of millions of sets needs no more memory than one.
pub fn sets(text: &str) -> Sets<'_> {
    Sets(UntilError::new(Reader {
        lines: Lines::new(text),
        end: Pos::end_of(text),
        set: 0,
        seen: [None; 52],
    }))
}

/// The iterator of [`sets`].
pub struct Sets<'a>(UntilError<Reader<'a>>);

impl Iterator for Sets<'_> {
    type Item = Result<Deal, ContestError>;

    fn next(&mut self) -> Option<Result<Deal, ContestError>> {
        self.0.next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::card_list;
    use cards::Expected;

    fn at(line: usize, column: usize) -> Pos {
        Pos::new(line, column)
    }

    #[test]
    fn reads_both_forms_crlf_and_blank_lines() {
        let deals =
            parse("5\r\nS3 S5 S8 S9 S2\r\n3\r\nH7 H3 H4\r\n\n1 HK\n  1   SK \n0\n").unwrap();
        assert_eq!(deals.len(), 2);
        assert_eq!(deals[0].a(), card_list("S3 S5 S8 S9 S2"));
        assert_eq!(deals[0].b(), card_list("H7 H3 H4"));
        assert_eq!(deals[1].a(), card_list("HK"));
        assert_eq!(deals[1].b(), card_list("SK"));
        assert_eq!(parse("0"), Ok(vec![]));
        assert_eq!(parse("\n0\n\n").map(|d| d.len()), Ok(0));
        // The same card may come back in another data set: each is its own pack.
        assert_eq!(parse("1 SA\n1 SK\n1 SK\n1 SA\n0").map(|d| d.len()), Ok(2));
    }

    #[test]
    fn a_whole_pack_and_one_card_left_for_b() {
        let pack: Vec<String> = Card::ALL.iter().map(|c| c.to_string()).collect();
        let text = format!(
            "26 {}\n26 {}\n0",
            pack[..26].join(" "),
            pack[26..].join(" ")
        );
        assert_eq!(parse(&text).map(|d| d.len()), Ok(1));
        let text = format!("51 {}\n1 {}\n0", pack[..51].join(" "), pack[51]);
        assert_eq!(parse(&text).map(|d| d.len()), Ok(1));
    }

    #[test]
    fn every_error_names_its_place() {
        let token = |s: &str| Found::Token(s.into());
        let cases: Vec<(&str, ContestError)> = vec![
            (
                "",
                ContestError::CountA {
                    at: at(1, 1),
                    found: Found::EndOfInput,
                },
            ),
            (
                "1 SA\n1 SK\n",
                ContestError::CountA {
                    at: at(3, 1),
                    found: Found::EndOfInput,
                },
            ),
            (
                "x",
                ContestError::CountA {
                    at: at(1, 1),
                    found: token("x"),
                },
            ),
            (
                "-1\nSA",
                ContestError::CountA {
                    at: at(1, 1),
                    found: token("-1"),
                },
            ),
            (
                "52\nSA",
                ContestError::CountA {
                    at: at(1, 1),
                    found: token("52"),
                },
            ),
            (
                "99999999999999999999999\nSA",
                ContestError::CountA {
                    at: at(1, 1),
                    found: token("99999999999999999999999"),
                },
            ),
            (
                "1 SA\n0\nSK\n0",
                ContestError::CountB {
                    at: at(2, 1),
                    max: 51,
                    found: token("0"),
                },
            ),
            (
                "1 SA\n",
                ContestError::CountB {
                    at: at(2, 1),
                    max: 51,
                    found: Found::EndOfInput,
                },
            ),
            (
                "50 SA\n3 SK",
                ContestError::TooFewCards {
                    at: at(1, 6),
                    robot: Robot::A,
                    count: 50,
                    found: 1,
                },
            ),
            (
                "2 SA SK\n 51 H2\n0",
                ContestError::CountB {
                    at: at(2, 2),
                    max: 50,
                    found: token("51"),
                },
            ),
            (
                "3\n",
                ContestError::NoCards {
                    at: at(2, 1),
                    robot: Robot::A,
                    count: 3,
                },
            ),
            (
                "1 SA\n2",
                ContestError::NoCards {
                    at: at(2, 2),
                    robot: Robot::B,
                    count: 2,
                },
            ),
            (
                "2\nSA Z5\n1 SK\n0",
                ContestError::NotACard {
                    line: 2,
                    source: CardError {
                        column: 4,
                        expected: Expected::Card,
                        found: "Z5".into(),
                    },
                },
            ),
            (
                "5\n3\nH7 H3 H4\n0",
                ContestError::NotACard {
                    line: 2,
                    source: CardError {
                        column: 1,
                        expected: Expected::Card,
                        found: "3".into(),
                    },
                },
            ),
            (
                "2 SA SK\n2 HK SA\n0",
                ContestError::Twice {
                    at: at(2, 6),
                    card: "SA".parse().unwrap(),
                    set: 1,
                    first: at(1, 3),
                },
            ),
            (
                "3\nS2 S3  \n1 SK\n0",
                ContestError::TooFewCards {
                    at: at(2, 6),
                    robot: Robot::A,
                    count: 3,
                    found: 2,
                },
            ),
            (
                "1 SA\n2\nH2 H3 H4\n0",
                ContestError::TooManyCards {
                    at: at(3, 7),
                    robot: Robot::B,
                    count: 2,
                    extra: "H4".into(),
                },
            ),
            (
                "1 SA\n1 SK\n0 x",
                ContestError::TrailingText {
                    at: at(3, 3),
                    found: "x".into(),
                },
            ),
            (
                "1 SA\n1 SK\n0\n\n 1 SA",
                ContestError::TrailingText {
                    at: at(5, 2),
                    found: "1".into(),
                },
            ),
        ];
        for (input, expected) in cases {
            assert_eq!(parse(input), Err(expected), "input {input:?}");
        }
    }

    #[test]
    fn messages_read_as_the_project_writes_them() {
        let message = |input: &str| parse(input).unwrap_err().to_string();
        assert_eq!(
            message("2\nSA Z5\n"),
            "line 2, column 4: expected a card such as S3 or HX, found \"Z5\""
        );
        assert_eq!(
            message("2 SA SK\n2 HK SA\n0"),
            "line 2, column 6: SA appears twice in data set 1 (first at line 1, column 3)"
        );
        assert_eq!(
            message("1 SA\n0\n"),
            "line 2, column 1: expected the number of B's cards (1 to 51: one pack in all), found \"0\""
        );
        assert_eq!(
            message("1 SA\n1 SK\n"),
            "line 3, column 1: expected the number of A's cards (1 to 51) or 0 to end the input, found the end of the input"
        );
        assert_eq!(
            message("3 S2 S3\n"),
            "line 1, column 8: expected 3 cards for A, found only 2"
        );
        assert_eq!(
            message("1 SA\n1\nH2 H3\n0"),
            "line 3, column 4: expected 1 card for B, found more: \"H3\""
        );
        assert_eq!(
            message("1 SA\n1"),
            "line 2, column 2: expected B's 1 card, found the end of the input"
        );
        assert_eq!(
            message("2\nS2 ·3\n"),
            "line 2, column 4: expected a card such as S3 or HX, found \"·3\""
        );
    }
}
