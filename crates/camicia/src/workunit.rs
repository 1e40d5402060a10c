//! camicia.dev's work units: the project walks every one-pack deal, by the index of [`crate::index`],
//! in units of consecutive indices, each computed by two volunteers and accepted when their two
//! result files are byte-identical. A unit's input is two decimal indices, `START END`, END
//! included; its result is one line `finished,INDEX,CARDS,TRICKS` for the longest finished game
//! (most cards; among equally long games the earliest index, whatever their tricks), absent when
//! no game of the unit finishes, then one line `loop,INDEX,CARDS,TRICKS` for every deal that
//! loops, in increasing index. Cards and tricks are counted as the rule book counts them.
//!
//! ```
//! use camicia::engine::Engine;
//! use camicia::workunit::{Report, Unit};
//!
//! let unit: Unit = "447247122283566119050 447247122283566119059\n".parse().unwrap();
//! let report = Report::of(Engine::best(), unit.indices());
//! assert_eq!(report.text(), "finished,447247122283566119055,8344,1164\n");
//! ```

use crate::engine::Engine;
use crate::game::Status;
use crate::index::{self, DEALS};
use excerpt::Excerpt;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Range;
use std::str::FromStr;
use thiserror::Error;

/// A unit: the deals of index `first` to `last`, both included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    first: u128,
    last: u128,
}

/// Why a unit's input cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UnitError {
    /// Not two deal indices.
    #[error("line {line}, column {column}: expected {expected}, found {found}")]
    Syntax {
        /// The line of the mistake, from 1.
        line: usize,
        /// Its column, from 1, in characters.
        column: usize,
        /// What was expected there.
        expected: &'static str,
        /// What stood there.
        found: String,
    },
    /// START after END.
    #[error(
        "line {line}, column {column}: expected START <= END, found START {first} after END {last}"
    )]
    Order {
        /// The line of START, from 1.
        line: usize,
        /// The column of START, from 1, in characters.
        column: usize,
        /// START.
        first: u128,
        /// END.
        last: u128,
    },
}

impl Unit {
    /// The unit of indices `first` to `last`, both included, if they are in order and are deal
    /// indices.
    ///
    /// # Errors
    ///
    /// [`UnitError::Order`] when `first > last`; [`UnitError::Syntax`] when `last` is not a deal
    /// index. Their places are those of the unit's text as [`Unit`]'s `Display` writes it.
    pub fn new(first: u128, last: u128) -> Result<Unit, UnitError> {
        if last >= DEALS {
            return Err(UnitError::Syntax {
                line: 1,
                column: 1,
                expected: "deal indices from 0 to 653534134886878244999",
                found: last.to_string(),
            });
        }
        if first > last {
            return Err(UnitError::Order {
                line: 1,
                column: 1,
                first,
                last,
            });
        }
        Ok(Unit { first, last })
    }

    /// The unit's first index.
    pub fn first(&self) -> u128 {
        self.first
    }

    /// The unit's last index (included).
    pub fn last(&self) -> u128 {
        self.last
    }

    /// The unit's indices, as a range.
    pub fn indices(&self) -> Range<u128> {
        self.first..self.last + 1
    }
}

impl fmt::Display for Unit {
    /// The unit as its input file holds it: `START END`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.first, self.last)
    }
}

impl FromStr for Unit {
    type Err = UnitError;

    /// Two decimal indices separated by whitespace, whitespace around them allowed; nothing else.
    fn from_str(text: &str) -> Result<Unit, UnitError> {
        // Each index with the line and column where it starts.
        let mut numbers = Vec::new();
        let (mut line, mut column) = (1, 1);
        let mut chars = text.char_indices().peekable();
        while let Some(&(at, c)) = chars.peek() {
            if c.is_whitespace() {
                chars.next();
                (line, column) = if c == '\n' {
                    (line + 1, 1)
                } else {
                    (line, column + 1)
                };
                continue;
            }
            let (start_line, start_column) = (line, column);
            let mut end = at;
            while let Some(&(i, c)) = chars.peek() {
                if c.is_whitespace() {
                    break;
                }
                end = i + c.len_utf8();
                column += 1;
                chars.next();
            }
            let token = &text[at..end];
            let syntax = |expected| UnitError::Syntax {
                line: start_line,
                column: start_column,
                expected,
                found: Excerpt::of(token).to_string(),
            };
            if numbers.len() == 2 {
                return Err(syntax("the end of the unit after START and END"));
            }
            let index = token
                .parse::<u128>()
                .ok()
                .filter(|_| token.bytes().all(|b| b.is_ascii_digit()))
                .filter(|&i| i < DEALS)
                .ok_or_else(|| syntax("a deal index from 0 to 653534134886878244999"))?;
            numbers.push((index, start_line, start_column));
        }
        match numbers[..] {
            [(first, line, column), (last, ..)] if first > last => Err(UnitError::Order {
                line,
                column,
                first,
                last,
            }),
            [(first, ..), (last, ..)] => Unit::new(first, last),
            _ => Err(UnitError::Syntax {
                line,
                column,
                expected: if numbers.is_empty() {
                    "two deal indices, START and END"
                } else {
                    "END, a second deal index"
                },
                found: "the end of the input".into(),
            }),
        }
    }
}

/// A game a unit reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The deal's index.
    pub index: u128,
    /// Cards laid, as the rule book counts them.
    pub cards: u64,
    /// Tricks taken.
    pub tricks: u64,
}

/// What a run of consecutive indices reports: the longest finished game and every loop, and
/// how many deals were played, so that a report read back can be checked against the indices
/// it claims. Reports of consecutive runs merge, earlier first, into the report of their union.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    deals: u64,
    longest: Option<Entry>,
    loops: Vec<Entry>,
}

impl Report {
    /// Plays the deals of `indices` (one-pack deal indices) with `engine`.
    pub fn of(engine: Engine, indices: Range<u128>) -> Report {
        let mut report = Report::default();
        let first = indices.start;
        let mut batch = Vec::with_capacity(crate::search::BATCH);
        let mut packs = index::packs(indices);
        let mut offset = 0u128;
        loop {
            batch.clear();
            batch.extend(packs.by_ref().take(crate::search::BATCH));
            if batch.is_empty() {
                break;
            }
            engine.play_packs(batch.iter().copied(), |k, outcome| {
                let game = Entry {
                    index: first + offset + u128::from(k),
                    cards: outcome.cards,
                    tricks: outcome.tricks,
                };
                report.note(game, matches!(outcome.status, Status::Loop { .. }));
            });
            offset += batch.len() as u128;
        }
        report
    }

    /// The report of `deals` consecutive deals of which only some games are given, in increasing
    /// index, each with whether it loops: every loop, and finished games among which the longest
    /// (with every other game as long). This is how engines that play elsewhere (the GPU engine
    /// of the crate `camicia-gpu`) make their reports.
    pub fn of_games(deals: u64, games: impl IntoIterator<Item = (Entry, bool)>) -> Report {
        let mut report = Report::default();
        for (game, looped) in games {
            report.note(game, looped);
        }
        report.deals = deals;
        report
    }

    /// Counts a game, games coming in increasing index.
    fn note(&mut self, game: Entry, looped: bool) {
        self.deals += 1;
        if looped {
            self.loops.push(game);
        } else {
            self.offer(game);
        }
    }

    /// Takes `game` as the longest if it is longer than the longest so far, which came before.
    fn offer(&mut self, game: Entry) {
        if self.longest.is_none_or(|best| game.cards > best.cards) {
            self.longest = Some(game);
        }
    }

    /// Adds the report of the indices that follow this report's.
    pub fn append(&mut self, later: Report) {
        self.deals += later.deals;
        if let Some(game) = later.longest {
            self.offer(game);
        }
        self.loops.extend(later.loops);
    }

    /// The longest finished game: most cards, the earliest index among equals.
    pub fn longest(&self) -> Option<Entry> {
        self.longest
    }

    /// Every deal that loops, in increasing index.
    pub fn loops(&self) -> &[Entry] {
        &self.loops
    }

    /// Whether this can be the report of `indices`: it counts their deals, it names a longest
    /// game unless every deal loops, and every game it names lies in them, in order, and ends
    /// as it says (each is played again).
    ///
    /// # Errors
    ///
    /// What does not agree, in words.
    pub fn check(&self, indices: Range<u128>) -> Result<(), String> {
        let deals = indices.end - indices.start;
        if u128::from(self.deals) != deals {
            return Err(format!("{} deals counted, {deals} played", self.deals));
        }
        let loops = self.loops.len() as u128;
        if loops > deals || self.longest.is_none() != (loops == deals) {
            return Err(format!(
                "{loops} loops of {deals} deals, and {} longest finished game",
                if self.longest.is_some() { "a" } else { "no" }
            ));
        }
        let plays = |game: &Entry, looped: bool| {
            indices.contains(&game.index)
                && index::pack(game.index).is_some_and(|pack| {
                    let outcome = crate::fast::play_pack(&pack);
                    matches!(outcome.status, Status::Loop { .. }) == looped
                        && (outcome.cards, outcome.tricks) == (game.cards, game.tricks)
                })
        };
        if !self.longest.iter().all(|g| plays(g, false))
            || !self.loops.iter().all(|g| plays(g, true))
            || !self.loops.windows(2).all(|w| w[0].index < w[1].index)
        {
            return Err("a game it lists is not the game of its deal, or not in the unit".into());
        }
        Ok(())
    }

    /// The result file, byte for byte as camicia.dev's worker writes it.
    pub fn text(&self) -> String {
        let mut text = String::new();
        let line = |text: &mut String, kind: &str, g: &Entry| {
            text.push_str(&format!("{kind},{},{},{}\n", g.index, g.cards, g.tricks));
        };
        if let Some(game) = &self.longest {
            line(&mut text, "finished", game);
        }
        for game in &self.loops {
            line(&mut text, "loop", game);
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_are_two_indices_in_order() {
        let unit: Unit = " 5\t 9 \n".parse().unwrap();
        assert_eq!((unit.first(), unit.last()), (5, 9));
        assert_eq!(unit.indices(), 5..10);
        assert_eq!(unit.to_string(), "5 9");
        let last = (DEALS - 1).to_string();
        assert!(format!("{last} {last}").parse::<Unit>().is_ok());
        let error = |text: &str| text.parse::<Unit>().unwrap_err().to_string();
        assert_eq!(
            error("\n  9 5"),
            "line 2, column 3: expected START <= END, found START 9 after END 5"
        );
        assert_eq!(
            Unit::new(9, 5).unwrap_err().to_string(),
            "line 1, column 1: expected START <= END, found START 9 after END 5"
        );
        assert_eq!(
            error("5"),
            "line 1, column 2: expected END, a second deal index, found the end of the input"
        );
        assert_eq!(
            error(""),
            "line 1, column 1: expected two deal indices, START and END, found the end of the input"
        );
        assert_eq!(
            error("1 2\n3"),
            "line 2, column 1: expected the end of the unit after START and END, found \"3\""
        );
        assert_eq!(
            error("1 653534134886878245000"),
            "line 1, column 3: expected a deal index from 0 to 653534134886878244999, found \
             \"653534134886878245000\""
        );
        assert_eq!(
            error("+1 2"),
            "line 1, column 1: expected a deal index from 0 to 653534134886878244999, found \"+1\""
        );
        assert!(error("1 2\u{0}").contains("\\0"));
        assert!(error(&"9".repeat(100)).contains('…'));
    }

    #[test]
    fn reports_of_parts_merge_into_the_report_of_the_whole() {
        let casella = 472_460_898_658_889_399_111;
        let whole = Report::of(Engine::best(), casella - 20_000..casella + 20_000);
        assert_eq!(whole.loops().len(), 1);
        assert_eq!(whole.loops()[0].index, casella);
        let mut parts = Report::of(Engine::best(), casella - 20_000..casella);
        parts.append(Report::of(Engine::best(), casella..casella + 1));
        parts.append(Report::of(Engine::best(), casella + 1..casella + 20_000));
        assert_eq!(parts, whole);
        assert!(whole.check(casella - 20_000..casella + 20_000).is_ok());
        assert!(whole.check(casella - 20_000..casella).is_err());
        // A report that claims more deals than it counts, or drops its longest game, is caught
        // though every game it names is right.
        let claimed = whole.check(casella - 20_000..casella + 30_000).unwrap_err();
        assert_eq!(claimed, "40000 deals counted, 50000 played");
        let unfinished = Report {
            longest: None,
            ..whole.clone()
        };
        assert_eq!(
            unfinished
                .check(casella - 20_000..casella + 20_000)
                .unwrap_err(),
            "1 loops of 40000 deals, and no longest finished game"
        );
        let json = serde_json::to_string(&whole).unwrap();
        assert_eq!(serde_json::from_str::<Report>(&json).unwrap(), whole);
    }

    #[test]
    fn equally_long_games_go_to_the_earliest_index_whatever_their_tricks() {
        let mut report = Report::default();
        report.note(
            Entry {
                index: 1,
                cards: 50,
                tricks: 3,
            },
            false,
        );
        report.note(
            Entry {
                index: 2,
                cards: 50,
                tricks: 9,
            },
            false,
        );
        assert_eq!(report.longest().unwrap().index, 1);
        let mut later = Report::default();
        later.note(
            Entry {
                index: 3,
                cards: 50,
                tricks: 9,
            },
            false,
        );
        report.append(later);
        assert_eq!(report.longest().unwrap().index, 1);
        assert_eq!(report.text(), "finished,1,50,3\n");
    }
}
