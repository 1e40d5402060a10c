//! The contest's input: data sets of two robots' cards, ended by a line holding `0`.
//!
//! A data set is A's count and cards, then B's count and cards. The cards stand on the line
//! after their count (the contest's four-line form) or on the count's own line after it
//! (`5 S3 S5 S8 S9 S2`); all of one robot's cards are on one line. Blank lines are skipped.
//! Each robot gets at least one card, and a data set is one pack: no card twice, 52 at most.

use crate::deal::Deal;
use crate::robot::Robot;
use cards::{Card, CardError};
use excerpt::Excerpt;
use std::fmt;
use thiserror::Error;

/// A place in the input text: 1-based line, and 1-based column counted in characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What stood where something else was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    Token(Excerpt),
    EndOfInput,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Token(token) => write!(f, "{token}"),
            Found::EndOfInput => f.write_str("the end of the input"),
        }
    }
}

/// Why the contest input could not be read. Every variant says where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ContestError {
    #[error(
        "{at}: expected the number of A's cards (1 to 51) or 0 to end the input, found {found}"
    )]
    CountA { at: Pos, found: Found },
    #[error("{at}: expected the number of B's cards (1 to {max}: one pack in all), found {found}")]
    CountB { at: Pos, max: usize, found: Found },
    #[error("{at}: expected {robot}'s {}, found the end of the input", cards(*count))]
    NoCards { at: Pos, robot: Robot, count: usize },
    #[error("line {line}, {source}")]
    NotACard { line: usize, source: CardError },
    #[error("{at}: {card} appears twice in data set {set} (first at {first})")]
    Twice {
        at: Pos,
        card: Card,
        set: usize,
        first: Pos,
    },
    #[error("{at}: expected {} for {robot}, found only {found}", cards(*count))]
    TooFewCards {
        at: Pos,
        robot: Robot,
        count: usize,
        found: usize,
    },
    #[error("{at}: expected {} for {robot}, found more: {extra}", cards(*count))]
    TooManyCards {
        at: Pos,
        robot: Robot,
        count: usize,
        extra: Excerpt,
    },
    #[error("{at}: expected the end of the input after the closing 0, found {found}")]
    TrailingText { at: Pos, found: Excerpt },
}

impl ContestError {
    /// Where in the input the problem was found.
    pub fn pos(&self) -> Pos {
        match *self {
            ContestError::CountA { at, .. }
            | ContestError::CountB { at, .. }
            | ContestError::NoCards { at, .. }
            | ContestError::Twice { at, .. }
            | ContestError::TooFewCards { at, .. }
            | ContestError::TooManyCards { at, .. }
            | ContestError::TrailingText { at, .. } => at,
            ContestError::NotACard { line, ref source } => Pos {
                line,
                column: source.column,
            },
        }
    }
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

/// The lines that are not blank, and where the text ends.
struct Lines<'a> {
    rest: std::iter::Enumerate<std::str::Split<'a, char>>,
    end: Pos,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        let last = text.rsplit('\n').next().unwrap_or_default();
        Lines {
            rest: text.split('\n').enumerate(),
            end: Pos {
                line: text.matches('\n').count() + 1,
                column: last.chars().count() + 1,
            },
        }
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        self.rest.find_map(|(index, text)| {
            let tokens: Vec<_> = excerpt::tokens(text).collect();
            let after = text.trim_end().chars().count() + 1;
            (!tokens.is_empty()).then_some(Line {
                number: index + 1,
                tokens,
                after,
            })
        })
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

struct Reader<'a> {
    lines: Lines<'a>,
    set: usize,
    seen: Seen,
}

impl Reader<'_> {
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
            self.lines.next().ok_or(ContestError::NoCards {
                at: self.lines.end,
                robot,
                count,
            })?
        };
        let mut cards = Vec::with_capacity(count);
        for &(column, token) in &line.tokens {
            let at = Pos {
                line: line.number,
                column,
            };
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
                at: Pos {
                    line: line.number,
                    column: line.after,
                },
                robot,
                count,
                found: cards.len(),
            });
        }
        Ok(cards)
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

/// The data sets of the input one at a time, each checked as it is read, ending after the
/// closing `0` and what follows it are checked, or at the first mistake. Nothing but the set
/// being read is held, so an input of millions of sets needs no more memory than one.
pub fn sets(text: &str) -> Sets<'_> {
    Sets {
        reader: Reader {
            lines: Lines::new(text),
            set: 0,
            seen: [None; 52],
        },
        done: false,
    }
}

/// The iterator of [`sets`].
pub struct Sets<'a> {
    reader: Reader<'a>,
    done: bool,
}

impl Iterator for Sets<'_> {
    type Item = Result<Deal, ContestError>;

    fn next(&mut self) -> Option<Result<Deal, ContestError>> {
        if self.done {
            return None;
        }
        let next = self.reader.set_or_end().transpose();
        self.done = !matches!(next, Some(Ok(_)));
        next
    }
}

impl Reader<'_> {
    /// The next data set, or `None` after the closing `0`.
    fn set_or_end(&mut self) -> Result<Option<Deal>, ContestError> {
        self.set += 1;
        self.seen = [None; 52];
        let Some(line) = self.lines.next() else {
            return Err(ContestError::CountA {
                at: self.lines.end,
                found: Found::EndOfInput,
            });
        };
        let (column, token) = line.tokens[0];
        let at = Pos {
            line: line.number,
            column,
        };
        let a_count = match count(token, 51) {
            Some(0) => {
                return trailing(&line.tokens[1..], line.number, &mut self.lines).map(|()| None);
            }
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
        let Some(line) = self.lines.next() else {
            return Err(ContestError::CountB {
                at: self.lines.end,
                max,
                found: Found::EndOfInput,
            });
        };
        let (column, token) = line.tokens[0];
        let b_count =
            count(token, max)
                .filter(|&n| n >= 1)
                .ok_or_else(|| ContestError::CountB {
                    at: Pos {
                        line: line.number,
                        column,
                    },
                    max,
                    found: Found::Token(token.into()),
                })?;
        let b = self.cards(Robot::B, b_count, line)?;
        Ok(Some(Deal::from_checked(&a, &b)))
    }
}

/// Nothing may follow the closing `0`, on its line or after it.
fn trailing(
    rest: &[(usize, &str)],
    line: usize,
    lines: &mut Lines<'_>,
) -> Result<(), ContestError> {
    let next = rest
        .first()
        .map(|&(column, token)| (Pos { line, column }, token))
        .or_else(|| {
            lines.next().map(|l| {
                let (column, token) = l.tokens[0];
                (
                    Pos {
                        line: l.number,
                        column,
                    },
                    token,
                )
            })
        });
    match next {
        Some((at, found)) => Err(ContestError::TrailingText {
            at,
            found: found.into(),
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Expected;

    fn at(line: usize, column: usize) -> Pos {
        Pos { line, column }
    }

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect()
    }

    #[test]
    fn reads_both_forms_crlf_and_blank_lines() {
        let deals =
            parse("5\r\nS3 S5 S8 S9 S2\r\n3\r\nH7 H3 H4\r\n\n1 HK\n  1   SK \n0\n").unwrap();
        assert_eq!(deals.len(), 2);
        assert_eq!(deals[0].a(), cards("S3 S5 S8 S9 S2"));
        assert_eq!(deals[0].b(), cards("H7 H3 H4"));
        assert_eq!(deals[1].a(), cards("HK"));
        assert_eq!(deals[1].b(), cards("SK"));
        assert_eq!(parse("0"), Ok(vec![]));
        assert_eq!(parse("\n0\n\n").map(|d| d.len()), Ok(0));
        // The same card may come back in another data set: each is its own pack.
        assert_eq!(parse("1 SA\n1 SK\n1 SK\n1 SA\n0").map(|d| d.len()), Ok(2));
    }

    #[test]
    fn a_whole_pack_and_one_card_left_for_b() {
        let pack: Vec<String> = Card::pack().map(|c| c.to_string()).collect();
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
        assert_eq!(parse("2\nS2 ·3\n").unwrap_err().pos(), at(2, 4));
    }
}
