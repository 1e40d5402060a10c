//! A position in the middle of a game as a player writes it: the columns with `[?]` for a
//! face-down card not known, and the foundations.

use crate::columns::{ColumnReader, ColumnsError, Line, Seen, UNKNOWN, read_columns};
use crate::layout::{Layout, Slot};
use cards::Card;
use excerpt::{Excerpt, Pos};
use std::fmt;
use thiserror::Error;

/// Why a written position in progress is not one the rules can reach. Every message starts with
/// `line L, column C: `.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    /// Not seven lines of cards, each card once.
    #[error(transparent)]
    Columns(#[from] ColumnsError),
    /// Something after `-`, an empty column.
    #[error("{at}: expected the end of the line after \"-\", an empty column, found {found}")]
    AfterEmpty {
        /// Where it stands.
        at: Pos,
        /// What it is.
        found: Excerpt,
    },
    /// `?` bare, where only a face-up card can stand.
    #[error(
        "{at}: expected a card such as HK, found \"?\": a card not known can only lie face down, \
         written [?]"
    )]
    BareUnknown {
        /// Where it stands.
        at: Pos,
    },
    /// A face-down card over a face-up one.
    #[error(
        "{at}: expected a face-up card such as HK, found {found}: face-down cards lie only under \
         the face-up ones"
    )]
    DownOverUp {
        /// Where it stands.
        at: Pos,
        /// The card.
        found: Excerpt,
    },
    /// More face-down cards than the column was dealt.
    #[error(
        "{at}: expected a face-up card such as HK, found {found}: column {number} was dealt {} \
         face down, and no card is ever laid face down again",
        number - 1
    )]
    TooManyDown {
        /// Where the card stands.
        at: Pos,
        /// The column, 1 to 7.
        number: usize,
        /// The card.
        found: Excerpt,
    },
    /// Face-down cards with no face-up card on them.
    #[error(
        "{at}: expected a face-up card after the face-down ones in column {number}, found the end \
         of the line: the game turns the last card at once"
    )]
    Uncovered {
        /// Just past the line's last card.
        at: Pos,
        /// The column, 1 to 7.
        number: usize,
    },
    /// Something after `foundations: none`.
    #[error("{at}: expected the end of the line after \"none\", found {found}")]
    AfterNone {
        /// Where it stands.
        at: Pos,
        /// What it is.
        found: Excerpt,
    },
    /// A second top card for a foundation.
    #[error(
        "{at}: expected the top card of each foundation once, found {found} after another card \
         of its suit"
    )]
    SuitTwice {
        /// Where it stands.
        at: Pos,
        /// The card.
        found: Excerpt,
    },
    /// A card written in a column that lies under a foundation's top.
    #[error("{at}: expected each card once, found {card}, which is on its foundation ({top})")]
    OnFoundation {
        /// Where it is written in a column.
        at: Pos,
        /// The card.
        card: Card,
        /// Where its foundation's top is written.
        top: Pos,
    },
    /// The `[?]` are not as many as the cards written nowhere.
    #[error(
        "{at}: expected every card once: {} card{} in no column and on no foundation{}, but the \
         layout has {unknown} [?]",
        missing.len(),
        if missing.len() == 1 { " is" } else { "s are" },
        listed(missing)
    )]
    Unaccounted {
        /// Just past the last line.
        at: Pos,
        /// The cards written nowhere.
        missing: Vec<Card>,
        /// The `[?]` written.
        unknown: usize,
    },
}

/// ` (CA C2)`: the cards missing, when there are some and few enough to read.
fn listed(missing: &[Card]) -> String {
    if missing.is_empty() || missing.len() > 8 {
        return String::new();
    }
    let cards: Vec<String> = missing.iter().map(Card::to_string).collect();
    format!(" ({})", cards.join(" "))
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
    /// ```
    /// use russian::Table;
    ///
    /// // Deal 0 as a player sees it, every face-down card not known.
    /// let text = "HK\n[?] H3 S6 C8 DJ SX\n[?] [?] SA S2 SJ HQ D5\n\
    ///             [?] [?] [?] HX H9 S5 DA D6\n[?] [?] [?] [?] H4 C7 CK S3 D8\n\
    ///             [?] [?] [?] [?] [?] SK H2 CA DK C5\n[?] [?] [?] [?] [?] [?] HJ H5 S7 S4 CX\n";
    /// let table = Table::parse(text).expect("a position");
    /// assert_eq!(table.unknown(), 21);
    /// assert_eq!(table.to_string(), format!("{text}foundations: none\n"));
    /// let error = Table::parse(&text.replacen("[?] H3", "H3 [?]", 1)).unwrap_err();
    /// assert!(error.to_string().starts_with("line 2, column 4: expected a face-up card"));
    /// ```
    ///
    /// # Errors
    ///
    /// The first place where the text is not such a position, as a [`TableError`].
    pub fn parse(text: &str) -> Result<Table, TableError> {
        let mut reader = TableReader {
            table: Table::default(),
            seen: Seen::new(),
            foundations: false,
            unknown: 0,
        };
        let end = read_columns(text, &mut reader)?;
        let TableReader {
            table,
            seen,
            unknown,
            ..
        } = reader;
        let missing: Vec<Card> = (0..52)
            .filter(|&c| seen.first(c).is_none())
            .map(|c| Card::ALL[c])
            .collect();
        if missing.len() != unknown {
            return Err(TableError::Unaccounted {
                at: end,
                missing,
                unknown,
            });
        }
        Ok(table)
    }

    /// The table of a game: what a player sees, each face-down card `None` (written `[?]`), or
    /// with `reveal` the whole game, every face-down card known.
    pub fn of_game(game: &crate::fast::Game, reveal: bool) -> Table {
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
        let mut spare = (0..52).filter(|&c| !written[c]).map(|c| Card::ALL[c]);
        let columns = std::array::from_fn(|k| {
            let down = self.face_down[k].iter().map(|card| Slot {
                card: card.or_else(|| spare.next()).unwrap_or(Card::ALL[0]),
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

/// [`Table::parse`]'s reading so far.
struct TableReader {
    table: Table,
    seen: Seen,
    /// Whether the foundations' line was read.
    foundations: bool,
    /// `[?]` read.
    unknown: usize,
}

impl<'a> ColumnReader<'a> for TableReader {
    type Error = TableError;

    fn column(&mut self, k: usize, line: &Line<'a>) -> Result<(), TableError> {
        let number = k + 1;
        self.table.lines[k] = line.number;
        let (down, up) = (&mut self.table.face_down[k], &mut self.table.face_up[k]);
        if let [(_, "-"), rest @ ..] = line.words.as_slice() {
            return match rest.first() {
                Some(&(at, token)) => Err(TableError::AfterEmpty {
                    at,
                    found: token.into(),
                }),
                None => Ok(()),
            };
        }
        for &(at, token) in &line.words {
            if token == "?" {
                return Err(TableError::BareUnknown { at });
            }
            let card = if token == UNKNOWN {
                None
            } else {
                let slot =
                    Slot::parse_at(token, at.column).map_err(|source| ColumnsError::Card {
                        line: line.number,
                        source,
                    })?;
                if slot.face_up {
                    up.push(slot.card);
                    self.seen.note(slot.card, at, token)?;
                    continue;
                }
                Some(slot.card)
            };
            if !up.is_empty() {
                return Err(TableError::DownOverUp {
                    at,
                    found: token.into(),
                });
            }
            if down.len() == number - 1 {
                return Err(TableError::TooManyDown {
                    at,
                    number,
                    found: token.into(),
                });
            }
            match card {
                Some(card) => self.seen.note(card, at, token)?,
                None => self.unknown += 1,
            }
            down.push(card);
        }
        if !down.is_empty() && up.is_empty() {
            return Err(TableError::Uncovered {
                at: line.end(),
                number,
            });
        }
        Ok(())
    }

    /// The foundations, once: `foundations: none`, or the top card of each foundation begun,
    /// each suit once; the cards under each top are noted as written there.
    fn after(&mut self, line: &Line<'a>) -> Result<bool, TableError> {
        let [(_, "foundations:"), words @ ..] = line.words.as_slice() else {
            return Ok(false);
        };
        if self.foundations {
            return Ok(false);
        }
        self.foundations = true;
        if let [(_, "none"), rest @ ..] = words {
            return match rest.first() {
                Some(&(at, token)) => Err(TableError::AfterNone {
                    at,
                    found: token.into(),
                }),
                None => Ok(true),
            };
        }
        let foundation = &mut self.table.foundation;
        for &(at, token) in words {
            let card = Card::parse_at(token, at.column).map_err(|source| ColumnsError::Card {
                line: line.number,
                source,
            })?;
            let s = card.suit.index();
            if foundation[s] > 0 {
                return Err(TableError::SuitTwice {
                    at,
                    found: token.into(),
                });
            }
            foundation[s] = card.rank.value();
            for c in 13 * s..13 * s + usize::from(foundation[s]) {
                if let Some(first) = self.seen.first(c) {
                    return Err(TableError::OnFoundation {
                        at: first,
                        card: Card::ALL[c],
                        top: at,
                    });
                }
                self.seen.put(c, at);
            }
        }
        Ok(true)
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
        assert!(crate::fast::Game::new(&filled).is_some());
        // A known deal reads as the layout it is.
        let known = Table::parse(&deal.to_string()).unwrap();
        assert_eq!(known.unknown(), 0);
        assert_eq!(known.filled(), deal);

        // A game in progress: an empty column, foundations, symbols.
        let mut cards: Vec<String> = Card::ALL.iter().map(Card::to_string).collect();
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
            let mut game = crate::fast::Game::deal(number);
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
