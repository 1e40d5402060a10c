//! The written layout: seven lines, column 1 to 7, each column's cards from the first (deepest) to
//! the last, face-down cards in brackets: `[D4] [S9] HK D2 S3 C7 H8`.

use cards::{Card, CardError};
use excerpt::{Excerpt, tokens};
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
    /// A position in progress that the rules cannot reach, or a card not known where a deal
    /// needs every card.
    #[error("line {line}, column {column}: {message}")]
    Position {
        line: usize,
        column: usize,
        message: String,
    },
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

/// A face-down card the player does not know, in a [`Table`].
pub const UNKNOWN: &str = "[?]";

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
                if token == UNKNOWN {
                    return Err(LayoutError::Position {
                        line: line_number,
                        column,
                        message: "expected a card such as [D4], found \"[?]\": a deal needs \
                                  every card known"
                            .into(),
                    });
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

/// A position in the middle of a game, written as a player sees it: seven lines, column 1 to 7,
/// each column's face-down cards in brackets and then its face-up cards, `-` for an empty
/// column; a face-down card the player does not know is [`UNKNOWN`], `[?]`. An eighth line may
/// give the foundations as `play` prints them, `foundations: C3 HA` (the top card of each
/// foundation begun) or `foundations: none`; without it the foundations are empty.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Table {
    /// Each column's face-down cards, deepest first; `None` for a card not known.
    pub face_down: [Vec<Option<Card>>; 7],
    /// Each column's face-up cards, first to last.
    pub face_up: [Vec<Card>; 7],
    /// Cards of each suit on its foundation, by [`cards::Suit::index`].
    pub foundation: [u8; 4],
    /// The line each column was read from (1 on), for messages about it.
    pub lines: [usize; 7],
}

impl Table {
    /// Reads a position in progress. The rules decide what can be written: face-down cards lie
    /// only under the face-up ones, never more in column k than the k − 1 it was dealt, and
    /// never without a face-up card on them (the game turns the last card at once); every card
    /// is written once, in a column or under a foundation's top, and the `[?]` are as many as
    /// the cards written nowhere.
    ///
    /// # Errors
    ///
    /// The first place where the text is not such a position, as a [`LayoutError`].
    pub fn parse(text: &str) -> Result<Table, LayoutError> {
        let mut table = Table::default();
        let mut seen: [Option<(usize, usize)>; 52] = [None; 52];
        let mut columns = 0;
        let mut foundations = false;
        let mut last_line = 0;
        let mut unknown = 0;
        for (index, line) in text.lines().enumerate() {
            let line_number = index + 1;
            last_line = line_number;
            let mut words = tokens(line).peekable();
            let Some(&(first_column, first_token)) = words.peek() else {
                continue;
            };
            let at = |column: usize, message: String| LayoutError::Position {
                line: line_number,
                column,
                message,
            };
            if columns == 7 && first_token == "foundations:" && !foundations {
                foundations = true;
                words.next();
                table.foundation = read_foundations(words, &mut seen, line_number)?;
                continue;
            }
            if columns == 7 {
                return Err(LayoutError::TooManyColumns {
                    line: line_number,
                    column: first_column,
                    found: first_token.into(),
                });
            }
            let number = columns + 1;
            table.lines[columns] = line_number;
            let (down, up) = (&mut table.face_down[columns], &mut table.face_up[columns]);
            let mut end_column = first_column;
            if first_token == "-" {
                words.next();
                if let Some((column, token)) = words.next() {
                    return Err(at(
                        column,
                        format!(
                            "expected the end of the line after \"-\", an empty column, found {}",
                            Excerpt::of(token)
                        ),
                    ));
                }
                columns += 1;
                continue;
            }
            for (column, token) in words {
                end_column = column + token.chars().count();
                if token == "?" {
                    return Err(at(
                        column,
                        "expected a card such as HK, found \"?\": a card not known can only \
                         lie face down, written [?]"
                            .into(),
                    ));
                }
                let card = if token == UNKNOWN {
                    None
                } else {
                    let slot =
                        Slot::parse_at(token, column).map_err(|source| LayoutError::Card {
                            line: line_number,
                            source,
                        })?;
                    if slot.face_up {
                        up.push(slot.card);
                        if let Some(first) = seen[slot.card.index()] {
                            return Err(twice(line_number, column, token, first));
                        }
                        seen[slot.card.index()] = Some((line_number, column));
                        continue;
                    }
                    Some(slot.card)
                };
                if !up.is_empty() {
                    return Err(at(
                        column,
                        format!(
                            "expected a face-up card such as HK, found {}: face-down cards lie \
                             only under the face-up ones",
                            Excerpt::of(token)
                        ),
                    ));
                }
                if down.len() == number - 1 {
                    return Err(at(
                        column,
                        format!(
                            "expected a face-up card such as HK, found {}: column {number} was \
                             dealt {} face down, and no card is ever laid face down again",
                            Excerpt::of(token),
                            number - 1
                        ),
                    ));
                }
                match card {
                    Some(card) => {
                        if let Some(first) = seen[card.index()] {
                            return Err(twice(line_number, column, token, first));
                        }
                        seen[card.index()] = Some((line_number, column));
                    }
                    None => unknown += 1,
                }
                down.push(card);
            }
            if !down.is_empty() && up.is_empty() {
                return Err(at(
                    end_column,
                    format!(
                        "expected a face-up card after the face-down ones in column {number}, \
                         found the end of the line: the game turns the last card at once"
                    ),
                ));
            }
            columns += 1;
        }
        if columns < 7 {
            return Err(LayoutError::TooFewColumns {
                line: last_line + 1,
                columns,
            });
        }
        let missing: Vec<Card> = (0..52)
            .filter(|&c| seen[c].is_none())
            .map(crate::card_at)
            .collect();
        if missing.len() != unknown {
            let listed: Vec<String> = missing.iter().map(Card::to_string).collect();
            return Err(LayoutError::Position {
                line: last_line + 1,
                column: 1,
                message: format!(
                    "expected every card once: {} card{} in no column and on no foundation{}, \
                     but the layout has {unknown} [?]",
                    missing.len(),
                    if missing.len() == 1 { " is" } else { "s are" },
                    if missing.is_empty() || missing.len() > 8 {
                        String::new()
                    } else {
                        format!(" ({})", listed.join(" "))
                    }
                ),
            });
        }
        Ok(table)
    }

    /// The table of a game: what a player sees, each face-down card `None` (written `[?]`), or
    /// with `reveal` the whole game, every face-down card known.
    pub fn of_game(game: &crate::Game, reveal: bool) -> Table {
        let layout = game.layout();
        let mut table = Table {
            lines: std::array::from_fn(|k| k + 1),
            foundation: std::array::from_fn(|s| game.position().foundation(cards::Suit::ALL[s])),
            ..Table::default()
        };
        for (k, column) in layout.columns.iter().enumerate() {
            for slot in column {
                if slot.face_up {
                    table.face_up[k].push(slot.card);
                } else {
                    table.face_down[k].push(reveal.then_some(slot.card));
                }
            }
        }
        table
    }

    /// Face-down cards written `[?]`.
    pub fn unknown(&self) -> usize {
        self.face_down
            .iter()
            .flatten()
            .filter(|c| c.is_none())
            .count()
    }

    /// The layout of the columns with every `[?]` replaced by one of the cards written nowhere,
    /// in [`Card::index`] order: the same position to a player, and the whole game when no card
    /// is unknown.
    pub fn filled(&self) -> Layout {
        let mut written = [false; 52];
        for card in self.face_up.iter().flatten() {
            written[card.index()] = true;
        }
        for card in self.face_down.iter().flatten().flatten() {
            written[card.index()] = true;
        }
        for (s, &height) in self.foundation.iter().enumerate() {
            written[13 * s..13 * s + height as usize].fill(true);
        }
        let mut spare = (0..52).filter(|&c| !written[c]).map(crate::card_at);
        let columns = std::array::from_fn(|k| {
            let down = self.face_down[k].iter().map(|card| Slot {
                card: card.or_else(|| spare.next()).unwrap_or(crate::card_at(0)),
                face_up: false,
            });
            let down: Vec<Slot> = down.collect();
            down.into_iter()
                .chain(self.face_up[k].iter().map(|&card| Slot {
                    card,
                    face_up: true,
                }))
                .collect()
        });
        Layout { columns }
    }
}

impl fmt::Display for Table {
    /// As [`Table::parse`] reads it: seven lines, `-` for an empty column, then the foundations
    /// (`foundations: CA H3`, suits in [`cards::Suit::ALL`] order, or `foundations: none`).
    /// `{:#}` writes suit symbols.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let symbols = f.alternate();
        let card = |card: &Card| {
            if symbols {
                format!("{card:#}")
            } else {
                card.to_string()
            }
        };
        for (down, up) in self.face_down.iter().zip(&self.face_up) {
            let words: Vec<String> = down
                .iter()
                .map(|c| {
                    c.as_ref()
                        .map_or_else(|| UNKNOWN.into(), |c| format!("[{}]", card(c)))
                })
                .chain(up.iter().map(card))
                .collect();
            if words.is_empty() {
                writeln!(f, "-")?;
            } else {
                writeln!(f, "{}", words.join(" "))?;
            }
        }
        let tops: Vec<String> = cards::Suit::ALL
            .into_iter()
            .zip(self.foundation)
            .filter(|&(_, height)| height > 0)
            .map(|(suit, height)| card(&Card::new(cards::Rank::ALL[height as usize - 1], suit)))
            .collect();
        if tops.is_empty() {
            writeln!(f, "foundations: none")
        } else {
            writeln!(f, "foundations: {}", tops.join(" "))
        }
    }
}

fn twice(line: usize, column: usize, token: &str, first: (usize, usize)) -> LayoutError {
    LayoutError::Twice {
        line,
        column,
        found: token.into(),
        first_line: first.0,
        first_column: first.1,
    }
}

/// The foundations after `foundations:`: `none`, or the top card of each foundation begun, each
/// suit once; the cards under each top are marked seen.
fn read_foundations<'a>(
    words: impl Iterator<Item = (usize, &'a str)>,
    seen: &mut [Option<(usize, usize)>; 52],
    line: usize,
) -> Result<[u8; 4], LayoutError> {
    let mut foundation = [0u8; 4];
    let mut words = words.peekable();
    if words.peek().is_some_and(|&(_, t)| t == "none") {
        words.next();
        if let Some((column, token)) = words.next() {
            return Err(LayoutError::Position {
                line,
                column,
                message: format!(
                    "expected the end of the line after \"none\", found {}",
                    Excerpt::of(token)
                ),
            });
        }
        return Ok(foundation);
    }
    for (column, token) in words {
        let card =
            Card::parse_at(token, column).map_err(|source| LayoutError::Card { line, source })?;
        let s = card.suit.index();
        if foundation[s] > 0 {
            return Err(LayoutError::Position {
                line,
                column,
                message: format!(
                    "expected the top card of each foundation once, found {} after another \
                     card of its suit",
                    Excerpt::of(token)
                ),
            });
        }
        foundation[s] = card.rank.value();
        let under = &mut seen[13 * s..13 * s + foundation[s] as usize];
        for (rank, place) in under.iter_mut().enumerate() {
            if let Some(first) = *place {
                return Err(LayoutError::Position {
                    line: first.0,
                    column: first.1,
                    message: format!(
                        "expected each card once, found {}, which is on its foundation \
                         (line {line}, column {column})",
                        crate::card_at(13 * s + rank)
                    ),
                });
            }
            *place = Some((line, column));
        }
    }
    Ok(foundation)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deal 0 as `deal --seed 0` prints it, every face-down card written `[?]`.
    fn unknown_deal() -> String {
        crate::deal::deal(0)
            .to_string()
            .lines()
            .map(|line| {
                let words: Vec<&str> = line
                    .split(' ')
                    .map(|w| if w.starts_with('[') { UNKNOWN } else { w })
                    .collect();
                words.join(" ") + "\n"
            })
            .collect()
    }

    fn error(text: &str) -> String {
        Table::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn a_table_reads_unknown_cards_empty_columns_and_foundations() {
        let table = Table::parse(&unknown_deal()).unwrap();
        assert_eq!(table.unknown(), 21);
        assert_eq!(table.face_down[6], vec![None; 6]);
        assert_eq!(table.foundation, [0; 4]);
        // Filled in, it is a deal of the 52 cards whose face-up cards are deal 0's.
        let filled = table.filled();
        let deal = crate::deal::deal(0);
        for k in 0..7 {
            let up = |l: &Layout| -> Vec<Card> {
                l.columns[k]
                    .iter()
                    .filter(|s| s.face_up)
                    .map(|s| s.card)
                    .collect()
            };
            assert_eq!(up(&filled), up(&deal));
        }
        assert!(crate::Game::new(&filled).is_some());
        // A known deal reads as the layout it is.
        let known = Table::parse(&deal.to_string()).unwrap();
        assert_eq!(known.unknown(), 0);
        assert_eq!(known.filled(), deal);

        // A game in progress: an empty column, foundations, symbols.
        let mut cards: Vec<String> = (0..52).map(|c| crate::card_at(c).to_string()).collect();
        // Clubs to 3 and hearts to the ace are up.
        cards.retain(|c| !["CA", "C2", "C3", "HA"].contains(&c.as_str()));
        let text = format!(
            "-\n[?] {}\n{}\n-\n-\n-\n-\n\nfoundations: C3 ♥A\n",
            cards[1],
            cards[2..].join(" ")
        );
        let table = Table::parse(&text).unwrap();
        assert_eq!(table.foundation, [3, 0, 1, 0]);
        assert_eq!(table.unknown(), 1);
        assert!(table.face_up[0].is_empty() && table.face_down[0].is_empty());
        assert_eq!(table.filled().columns[1][0].card.to_string(), cards[0]);
        let twice = text.replace("foundations: C3 ♥A", "foundations: C3 C2");
        assert!(error(&twice).starts_with("line 9, column 17: expected the top card of each foundation once, found \"C2\" after another card of its suit"), "{}", error(&twice));
        let none = text.replace("foundations: C3 ♥A", "foundations: none");
        assert!(error(&none).starts_with("line 10, column 1: expected every card once: 5 cards are in no column and on no foundation (CA C2 C3 C4 HA), but the layout has 1 [?]"), "{}", error(&none));
    }

    #[test]
    fn unknown_cards_are_refused_where_the_rules_have_no_face_down_card() {
        let deal = unknown_deal();
        let with_line = |n: usize, line: &str| -> String {
            let mut lines: Vec<String> = deal.lines().map(str::to_owned).collect();
            lines[n - 1] = line.to_owned();
            lines.join("\n") + "\n"
        };
        let line2 = deal.lines().nth(1).unwrap().to_owned();
        // Face up, bare.
        let bare = with_line(2, &line2.replace("[?]", "?"));
        assert_eq!(
            error(&bare),
            "line 2, column 1: expected a card such as HK, found \"?\": a card not known can only lie face down, written [?]"
        );
        // Over a face-up card.
        let over = with_line(2, &format!("{} [?]", line2.replace("[?] ", "")));
        assert!(error(&over).starts_with("line 2, column 16: expected a face-up card such as HK, found \"[?]\": face-down cards lie only under the face-up ones"), "{}", error(&over));
        // In column 1, dealt none face down; two in column 2, dealt one.
        let line1 = deal.lines().next().unwrap().to_owned();
        assert!(error(&with_line(1, &format!("[?] {line1}"))).starts_with("line 1, column 1: expected a face-up card such as HK, found \"[?]\": column 1 was dealt 0 face down"));
        assert!(error(&with_line(2, &format!("[?] {line2}"))).starts_with("line 2, column 5: expected a face-up card such as HK, found \"[?]\": column 2 was dealt 1 face down"));
        // With nothing face up on it.
        assert!(error(&with_line(2, "[?]")).starts_with(
            "line 2, column 4: expected a face-up card after the face-down ones in column 2"
        ));
        // A deal that `play` reads needs every card.
        assert!(
            Layout::parse(&deal)
                .unwrap_err()
                .to_string()
                .starts_with("line 2, column 1: expected a card such as [D4], found \"[?]\"")
        );
        // More [?] than cards written nowhere.
        let extra = with_line(1, "-");
        assert!(error(&extra).starts_with("line 8, column 1: expected every card once: 22 cards are in no column and on no foundation, but the layout has 21 [?]"), "{}", error(&extra));
    }

    #[test]
    fn a_table_refuses_cards_twice_and_bad_foundations() {
        let deal = crate::deal::deal(0).to_string();
        // HA lies face down in column 5: it cannot be under the foundation's top too.
        assert_eq!(
            error(&format!("{deal}foundations: HK\n")),
            "line 5, column 1: expected each card once, found HA, which is on its foundation (line 8, column 14)"
        );
        assert!(
            error(&format!("{deal}foundations: none C2\n"))
                .starts_with("line 8, column 19: expected the end of the line after \"none\"")
        );
        assert!(
            error(&format!("{deal}foundations: Z2\n"))
                .starts_with("line 8, column 14: expected a card")
        );
        assert!(
            error(&format!("{deal}foundations: none\nfoundations: none\n"))
                .starts_with("line 9, column 1: expected the end of the input after 7 columns")
        );
        assert!(
            error(&deal.replacen("HK", "- HK", 1))
                .starts_with("line 1, column 3: expected the end of the line after \"-\"")
        );
    }

    /// Games played some moves into deals, as a player sees them and whole: each written table
    /// reads back as the same table, and the player's view hides exactly the face-down cards.
    #[test]
    fn tables_of_games_in_progress_read_back_as_written() {
        use crate::strategy::{self, Greedy};
        for number in 0..30 {
            let mut game = crate::Game::deal(number);
            let mut steps = 0;
            let _ = strategy::play_in_steps(&mut game, &mut Greedy, |game, _| {
                for reveal in [false, true] {
                    let table = Table::of_game(game, reveal);
                    let text = table.to_string();
                    assert_eq!(Table::parse(&text).as_ref(), Ok(&table), "{text}");
                    let symbols = format!("{table:#}");
                    assert_eq!(Table::parse(&symbols).as_ref(), Ok(&table), "{symbols}");
                    let down: usize = (0..7).map(|k| game.position().face_down(k)).sum();
                    assert_eq!(table.unknown(), if reveal { 0 } else { down });
                }
                steps += 1;
                if steps == 6 { Err(()) } else { Ok(()) }
            });
        }
    }
}
