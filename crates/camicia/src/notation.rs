//! Reading decks from text: cards separated by spaces (`2 A 7 8 Q 10`, `X` for ten, suits allowed
//! and ignored: `S2 HQ D10 CX`), or record notation, one character per card with `-` for any
//! number card (`---AJ--Q---------QAKQJJ-QK`). A whole deal fits on one line as A's deck and B's
//! separated by `/`, as the record hunt writes deals (`---AJ--Q…/-----A…`).

use crate::face::Face;
use crate::game::Deal;
use crate::pack::Pack;
use cards::{Card, Rank};
use excerpt::{Excerpt, Lines, UntilError, tokens};
use thiserror::Error;

/// A mistake in one deck line, with its 1-based column in characters. The message starts with
/// the column, so that a reader that knows the line can put `line L, ` before it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DeckError {
    /// Not a card.
    #[error(
        "column {column}: expected a card (2 to 10, X, J, Q, K or A, perhaps after a suit: \
         S2, HQ, D10), found {found}"
    )]
    Card {
        /// The column, from 1, in characters.
        column: usize,
        /// What stood there.
        found: Excerpt,
    },
    /// Not a card of record notation.
    #[error(
        "column {column}: expected a card of record notation (-, 2 to 9, X, J, Q, K or A), \
         found {found}"
    )]
    Record {
        /// The column, from 1, in characters.
        column: usize,
        /// What stood there.
        found: Excerpt,
    },
    /// A deck of more than [`MAX_DECK`] cards.
    #[error(
        "column {column}: a deck holds at most {MAX_DECK} cards (the longest games parlor \
         plays), this one has more"
    )]
    TooLong {
        /// The column, from 1, in characters.
        column: usize,
    },
}

/// The most cards a deck may hold: games of longer decks could outlast any patience.
pub const MAX_DECK: usize = 100_000;

/// A mistake in a deal written on one line, `A/B`. The message starts with the column.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DealError {
    /// A mistake in a deck.
    #[error("{0}")]
    Deck(DeckError),
    /// No '/' between the decks.
    #[error(
        "column {column}: expected '/' and then player B's deck after player A's deck, found the \
         end of the deal"
    )]
    NoSlash {
        /// The column, from 1, in characters.
        column: usize,
    },
    /// A second '/'.
    #[error("column {column}: expected a card, found a second '/'")]
    SecondSlash {
        /// The column, from 1, in characters.
        column: usize,
    },
    /// Two empty decks.
    #[error("column 1: both decks are empty: there is no game")]
    Empty,
}

/// A mistake in a text of games, with its line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InputError {
    /// A mistake in a deck.
    #[error("line {line}, {error}")]
    Deck {
        /// The line, from 1.
        line: usize,
        /// The mistake in the line.
        error: DeckError,
    },
    /// Player A's deck with no B's after it.
    #[error(
        "line {line}, column 1: expected player B's deck for the game whose player A's deck is \
         on line {a_line}, found the end of the input"
    )]
    MissingB {
        /// The line, from 1.
        line: usize,
        /// The line of player A's deck.
        a_line: usize,
    },
    /// A mistake in a deal on one line.
    #[error("line {line}, {error}")]
    Deal {
        /// The line, from 1.
        line: usize,
        /// The mistake in the line.
        error: DealError,
    },
    /// No game at all.
    #[error(
        "line {line}, column 1: expected a game (player A's deck on one line and player B's on \
         the next, or both on one line as A/B), found the end of the input"
    )]
    NoGame {
        /// The line, from 1.
        line: usize,
    },
    /// A whole deal where player B's deck was due.
    #[error(
        "line {line}, column 1: expected player B's deck for the game whose player A's deck is \
         on line {a_line}, found a whole deal (A's deck/B's deck)"
    )]
    DealAfterA {
        /// The line, from 1.
        line: usize,
        /// The line of player A's deck.
        a_line: usize,
    },
}

/// The characters of record notation.
const RECORD: &str = "-23456789XJQKA";

/// A longer token cannot be one card (`D10` is the longest), so it was meant as record notation.
const LONGEST_CARD: usize = 3;

fn record_face(c: char) -> Option<Face> {
    match c {
        '-' => Some(Face::Number),
        _ => Rank::from_notation(c.encode_utf8(&mut [0; 4])).map(Face::Rank),
    }
}

/// One card: a rank (`2` to `10`, `X`, `J`, `Q`, `K`, `A`), perhaps after a suit (`S2`, `♠2`).
///
/// # Errors
///
/// [`DeckError::Card`] when the token is no card.
pub fn parse_card(token: &str, column: usize) -> Result<Face, DeckError> {
    card_face(token).ok_or_else(|| DeckError::Card {
        column,
        found: token.into(),
    })
}

/// The face of one card, as [`parse_card`] reads it, for a reader that places its own mistakes.
pub(crate) fn card_face(token: &str) -> Option<Face> {
    Rank::from_notation(token)
        .or_else(|| token.parse::<Card>().ok().map(|card| card.rank))
        .map(Face::Rank)
}

/// One deck line: cards separated by spaces, or record notation (one token made only of the
/// characters `-23456789XJQKA`).
///
/// # Errors
///
/// The first token that is no card, or a deck of more than [`MAX_DECK`] cards.
pub fn parse_deck(line: &str) -> Result<Vec<Face>, DeckError> {
    let mut words = tokens(line);
    if let (Some((column, word)), None) = (words.next(), words.next()) {
        if word.chars().all(|c| RECORD.contains(c)) {
            if word.len() > MAX_DECK {
                return Err(DeckError::TooLong {
                    column: column + MAX_DECK,
                });
            }
            return Ok(word.chars().filter_map(record_face).collect());
        }
        if parse_card(word, column).is_err() && word.chars().count() > LONGEST_CARD {
            let (at, bad) = word
                .chars()
                .enumerate()
                .find(|&(_, c)| !RECORD.contains(c))
                .expect("a character outside record notation, since the whole word is not one");
            return Err(DeckError::Record {
                column: column + at,
                found: Excerpt::of(bad.encode_utf8(&mut [0; 4])),
            });
        }
    }
    let mut deck = Vec::new();
    for (column, token) in tokens(line) {
        if deck.len() == MAX_DECK {
            return Err(DeckError::TooLong { column });
        }
        deck.push(parse_card(token, column)?);
    }
    Ok(deck)
}

/// A whole deal on one line: A's deck, `/`, B's deck, each as [`parse_deck`] reads it
/// (`---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---`, or `2 A 7 8 Q 10/3 4 5 6 K 9 J`).
/// One deck may be empty, not both.
///
/// # Errors
///
/// No `/` or a second one, a deck [`parse_deck`] refuses, or two empty decks.
pub fn parse_deal(text: &str) -> Result<Deal, DealError> {
    let Some((a_text, b_text)) = text.split_once('/') else {
        return Err(DealError::NoSlash {
            column: text.chars().count() + 1,
        });
    };
    let a_chars = a_text.chars().count();
    if let Some(at) = b_text.find('/') {
        return Err(DealError::SecondSlash {
            column: a_chars + 2 + b_text[..at].chars().count(),
        });
    }
    let a = parse_deck(a_text).map_err(DealError::Deck)?;
    let b = parse_deck(b_text).map_err(|error| DealError::Deck(error.shifted(a_chars + 1)))?;
    Deal::new(a, b).map_err(|_| DealError::Empty)
}

impl DeckError {
    /// The same mistake in a text where the deck starts `by` characters further right.
    fn shifted(self, by: usize) -> DeckError {
        match self {
            DeckError::Card { column, found } => DeckError::Card {
                column: column + by,
                found,
            },
            DeckError::Record { column, found } => DeckError::Record {
                column: column + by,
                found,
            },
            DeckError::TooLong { column } => DeckError::TooLong {
                column: column + by,
            },
        }
    }
}

/// Whether a line holds no deck: blank, or a comment starting with `#`.
pub(crate) fn is_skipped(line: &str) -> bool {
    let line = line.trim_start();
    line.is_empty() || line.starts_with('#')
}

/// A one-pack deal of 52 penalties (as [`crate::fast::play_pack`] takes them) on one line in
/// record notation: `---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---`.
pub fn pack_record(pack: &Pack) -> String {
    let half = |cards: &[u8]| -> String {
        cards
            .iter()
            .map(|&p| Face::from_penalty(p).record_char())
            .collect()
    };
    format!("{}/{}", half(&pack[..26]), half(&pack[26..]))
}

/// Every game of a text: two consecutive deck lines each, A's deck then B's, or one line holding
/// both decks separated by `/`; blank lines and comments are skipped. Reads the whole text before
/// answering, so a mistake anywhere gives no game.
///
/// # Errors
///
/// The first line that is not a deck or a deal, an A deck without its B deck, or no game at all.
pub fn parse_games(text: &str) -> Result<Vec<Deal>, InputError> {
    Ok(parse_games_at(text)?
        .into_iter()
        .map(|(_, deal)| deal)
        .collect())
}

/// The games of a text as [`parse_games`] reads them, each with the line where it starts.
///
/// # Errors
///
/// As [`parse_games`].
pub fn parse_games_at(text: &str) -> Result<Vec<(usize, Deal)>, InputError> {
    games(text).collect()
}

/// The games of a text one at a time, each with the line where it starts, as
/// [`parse_games_at`] reads them, ending at the first mistake: only the game being read is
/// held, so a caller can check a whole input, then play it, in the memory of one game.
pub fn games(text: &str) -> Games<'_> {
    Games(UntilError::new(Reader {
        lines: Lines::new(text),
        a: None,
        any: false,
    }))
}

/// The iterator of [`games`].
pub struct Games<'a>(UntilError<Reader<'a>>);

impl Iterator for Games<'_> {
    type Item = Result<(usize, Deal), InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next()
    }
}

/// The games of the lines one after the other, with no regard for mistakes before.
struct Reader<'a> {
    lines: Lines<'a>,
    /// A's deck, and its line, waiting for B's on the next deck line.
    a: Option<(usize, Vec<Face>)>,
    /// Whether a game has been read: an input of none is a mistake.
    any: bool,
}

impl Iterator for Reader<'_> {
    type Item = Result<(usize, Deal), InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        let game = self.read();
        self.any |= matches!(game, Some(Ok(_)));
        game
    }
}

impl Reader<'_> {
    fn read(&mut self) -> Option<Result<(usize, Deal), InputError>> {
        for (number, line) in self.lines.by_ref() {
            if is_skipped(line) {
                continue;
            }
            if line.contains('/') {
                if let Some((a_line, _)) = self.a {
                    return Some(Err(InputError::DealAfterA {
                        line: number,
                        a_line,
                    }));
                }
                return Some(
                    parse_deal(line)
                        .map(|deal| (number, deal))
                        .map_err(|error| InputError::Deal {
                            line: number,
                            error,
                        }),
                );
            }
            let deck = match parse_deck(line) {
                Ok(deck) => deck,
                Err(error) => {
                    return Some(Err(InputError::Deck {
                        line: number,
                        error,
                    }));
                }
            };
            match self.a.take() {
                None => self.a = Some((number, deck)),
                Some((a_line, a_deck)) => {
                    // Decks read from text hold at least one card, so the deal is never empty.
                    let deal = Deal::new(a_deck, deck).expect("a deck line holds a card");
                    return Some(Ok((a_line, deal)));
                }
            }
        }
        let end = self.lines.read() + 1;
        match self.a.take() {
            Some((a_line, _)) => Some(Err(InputError::MissingB { line: end, a_line })),
            None if !self.any => Some(Err(InputError::NoGame { line: end })),
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranks(text: &str) -> Vec<Face> {
        text.chars()
            .map(|c| record_face(c).expect("a record character"))
            .collect()
    }

    #[test]
    fn reads_ranks_tens_and_suits() {
        let deck = parse_deck("2 A 7 8 Q 10 X S2 HQ D10 CX ♠K").unwrap();
        assert_eq!(deck, ranks("2A78QXX2QXXK"));
    }

    #[test]
    fn reads_record_notation() {
        let deck = parse_deck("  ---AJ--Q---------QAKQJJ-QK").unwrap();
        assert_eq!(deck.len(), 26);
        assert_eq!(crate::record(&deck), "---AJ--Q---------QAKQJJ-QK");
        assert_eq!(deck[0], Face::Number);
        // One character, one card: the two readings agree.
        assert_eq!(parse_deck("K").unwrap(), [Face::Rank(Rank::King)]);
        assert_eq!(parse_deck("X").unwrap(), [Face::Rank(Rank::Ten)]);
        assert_eq!(parse_deck("2X9").unwrap(), ranks("2X9"));
    }

    #[test]
    fn names_the_column_of_a_bad_card() {
        let err = parse_deck("2 A  Z5 8").unwrap_err();
        assert_eq!(
            err.to_string(),
            "column 6: expected a card (2 to 10, X, J, Q, K or A, perhaps after a suit: S2, HQ, \
             D10), found \"Z5\""
        );
        assert_eq!(
            parse_deck("1").unwrap_err(),
            DeckError::Card {
                column: 1,
                found: "1".into()
            }
        );
        assert_eq!(
            parse_deck(" ---AJ-?-Q").unwrap_err(),
            DeckError::Record {
                column: 8,
                found: "?".into()
            }
        );
        assert!(matches!(
            parse_deck("S11").unwrap_err(),
            DeckError::Card { column: 1, .. }
        ));
    }

    #[test]
    fn pairs_lines_into_games_skipping_blanks_and_comments() {
        let games = parse_games("# two games\n\n2 A\n  \n3 4\nJ 2 3\n# B:\n4 J 5\n").unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].a(), ranks("2A"));
        assert_eq!(games[1].b(), ranks("4J5"));
    }

    #[test]
    fn reads_a_deal_on_one_line() {
        let deal = parse_deal("---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---").unwrap();
        assert_eq!(crate::record(deal.a()), "---AJ--Q---------QAKQJJ-QK");
        assert_eq!(crate::record(deal.b()), "-----A----KJ-K--------A---");
        let deal = parse_deal(" 2 A 7 8 Q 10 / 3 4 5 6 K 9 J").unwrap();
        assert_eq!(deal.a(), ranks("2A78QX"));
        assert_eq!(deal.b(), ranks("3456K9J"));
        assert!(parse_deal("/2").unwrap().a().is_empty());
        assert_eq!(
            parse_deal("--A/-Z-").unwrap_err().to_string(),
            "column 5: expected a card (2 to 10, X, J, Q, K or A, perhaps after a suit: S2, HQ, \
             D10), found \"-Z-\""
        );
        assert_eq!(
            parse_deal("--A/--?-").unwrap_err(),
            DealError::Deck(DeckError::Record {
                column: 7,
                found: "?".into()
            })
        );
        assert_eq!(
            parse_deal("--A").unwrap_err().to_string(),
            "column 4: expected '/' and then player B's deck after player A's deck, found the end \
             of the deal"
        );
        assert_eq!(
            parse_deal("--A/--/-").unwrap_err(),
            DealError::SecondSlash { column: 7 }
        );
        assert_eq!(parse_deal(" / ").unwrap_err(), DealError::Empty);
    }

    #[test]
    fn writes_a_pack_on_one_line() {
        let mut pack = [0; 52];
        pack[3] = 4;
        pack[26] = 1;
        pack[51] = 2;
        assert_eq!(
            pack_record(&Pack::new(pack).unwrap()),
            "---A----------------------/J------------------------Q"
        );
    }

    #[test]
    fn games_on_one_line_mix_with_games_on_two() {
        let lines: Vec<usize> = parse_games_at("J 2 3/4 J 5\n2 A\n3 4\n# c\nA/-\n")
            .unwrap()
            .iter()
            .map(|(line, _)| *line)
            .collect();
        assert_eq!(lines, [1, 2, 5]);
        let games = parse_games("J 2 3/4 J 5\n2 A\n3 4\n# c\nA/-\n").unwrap();
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].b(), ranks("4J5"));
        assert_eq!(games[1].a(), ranks("2A"));
        assert_eq!(games[2].a(), ranks("A"));
        assert_eq!(
            parse_games("2 A\nJ/3\n").unwrap_err().to_string(),
            "line 2, column 1: expected player B's deck for the game whose player A's deck is on \
             line 1, found a whole deal (A's deck/B's deck)"
        );
        assert_eq!(
            parse_games("\n2 A/3 Y\n").unwrap_err().to_string(),
            "line 2, column 7: expected a card (2 to 10, X, J, Q, K or A, perhaps after a suit: \
             S2, HQ, D10), found \"Y\""
        );
    }

    #[test]
    fn reports_the_line_of_a_mistake() {
        let err = parse_games("2 A\n3 4\n\nJ 2 Q7\n").unwrap_err();
        assert_eq!(
            err,
            InputError::Deck {
                line: 4,
                error: DeckError::Card {
                    column: 5,
                    found: "Q7".into()
                }
            }
        );
        let err = parse_games("2 A\n3 4\n\nJ 2 3\n\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 6, column 1: expected player B's deck for the game whose player A's deck is on \
             line 4, found the end of the input"
        );
    }
}
