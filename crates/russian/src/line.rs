//! A line of play written short, as a link or a page gives it: each chosen move as the card
//! that leads it, a dash and the column (1 to 7) it goes to, `S7-5`, `HK-2`; moves separated by
//! commas or spaces. Which kind of move it is, and where the card comes from, follow from the
//! position; the turns and foundation moves after each move are the game's, as ever.
//!
//! ```
//! use russian::fast::Game;
//! use russian::line;
//!
//! let mut game = Game::deal(113);
//! game.settle(&mut |_| {});
//! let first = game.position().moves()[0];
//! let written = line::write(&[first]);
//! let mut replayed = Game::deal(113);
//! replayed.settle(&mut |_| {});
//! line::play(&mut replayed, &written, &mut |_| {}).unwrap();
//! game.make(first, &mut |_| {}).unwrap();
//! assert_eq!(replayed, game);
//! assert!(line::play(&mut replayed, "SQ-8", &mut |_| {}).is_err());
//! ```

use crate::Event;
use crate::fast::Game;
use crate::position::{Move, Place};
use cards::Card;
use excerpt::Excerpt;
use thiserror::Error;

/// The most legal moves written out in a message about a move that is not one of them.
const LISTED: usize = 25;

/// The first place where a written line is not a line of play from its position. Columns
/// count characters from 1; the text is one line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineError {
    /// A token that is no move.
    #[error(
        "column {column}: expected a move such as S7-5 (the card that moves, a dash, the \
         column it goes to, 1 to 7), found {found}"
    )]
    NotAMove {
        /// Where the token stands.
        column: usize,
        /// The token.
        found: Excerpt,
    },
    /// A move the position it is made in does not allow.
    #[error("column {column}: move {number}, {card} to column {to}: {why}")]
    Illegal {
        /// Where the move stands.
        column: usize,
        /// The move's place in the line, from 1.
        number: usize,
        /// The card that moves.
        card: Card,
        /// The column written, 1 to 7.
        to: u8,
        /// What the rules say against it.
        why: String,
    },
}

impl LineError {
    /// The column (in characters, from 1) where the move at fault is written.
    pub fn column(&self) -> usize {
        match *self {
            LineError::NotAMove { column, .. } | LineError::Illegal { column, .. } => column,
        }
    }
}

/// A move as [`play`] reads it: `S7-5`.
pub fn short(mv: Move) -> String {
    format!("{}-{}", mv.card, mv.to + 1)
}

/// A line of moves as [`play`] reads it: `S7-5,HK-2`.
pub fn write(moves: &[Move]) -> String {
    let words: Vec<String> = moves.iter().map(|&mv| short(mv)).collect();
    words.join(",")
}

/// `S7-5` as a card and a column from 0, `column` being where the word starts.
fn read_move(word: &str, column: usize) -> Result<(Card, u8), LineError> {
    let not_a_move = || LineError::NotAMove {
        column,
        found: word.into(),
    };
    let (card, to) = word.split_once('-').ok_or_else(not_a_move)?;
    let card = Card::parse_at(card, column).map_err(|_| not_a_move())?;
    match to.as_bytes() {
        [digit @ b'1'..=b'7'] => Ok((card, digit - b'1')),
        _ => Err(not_a_move()),
    }
}

/// Why `card` cannot go where it was written to go in `game`, in words a player reads.
fn why_illegal(game: &Game, card: Card) -> String {
    let position = game.position();
    let moves = position.moves();
    let place = match position.place(card) {
        Place::Unseen => format!("{card} is face down"),
        Place::Foundation => format!("{card} is on its foundation"),
        Place::Column(k) if moves.iter().any(|m| m.card == card) => {
            format!("{card} (in column {}) goes elsewhere", k + 1)
        }
        Place::Column(k) => format!("{card} (in column {}) has nowhere to go", k + 1),
    };
    if moves.is_empty() {
        return format!("{place}, and no move is left");
    }
    let listed: Vec<String> = moves.iter().take(LISTED).map(|&m| short(m)).collect();
    format!("{place}; the moves here are {}", listed.join(" "))
}

/// Makes the moves written in `text` in `game`, a game whose foundation moves are made
/// ([`Game::settle`]), each with the turns and foundation moves that follow, telling `log`
/// every event; an empty text makes none.
///
/// # Errors
///
/// [`LineError`] at the first word that is no move, or the first move that is not one of the
/// legal moves where the line has come to; the moves before it stay made. A line stops there,
/// so a long text costs no more than its length.
pub fn play(game: &mut Game, text: &str, log: &mut impl FnMut(Event)) -> Result<(), LineError> {
    let mut column = 1;
    let mut number = 0;
    for word in text.split(|c: char| c == ',' || c.is_whitespace()) {
        if !word.is_empty() {
            number += 1;
            let (card, to) = read_move(word, column)?;
            let chosen = game
                .position()
                .moves()
                .iter()
                .copied()
                .find(|m| m.card == card && m.to == to);
            let Some(mv) = chosen else {
                return Err(LineError::Illegal {
                    column,
                    number,
                    card,
                    to: to + 1,
                    why: why_illegal(game, card),
                });
            };
            game.make_unchecked(mv, log);
        }
        column += word.chars().count() + 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::{self, Greedy};

    fn settled(number: u64) -> Game {
        let mut game = Game::deal(number);
        game.settle(&mut |_| {});
        game
    }

    #[test]
    fn a_game_written_short_replays_event_for_event() {
        for number in 0..40 {
            let mut played = Game::deal(number);
            let mut events = Vec::new();
            strategy::play(&mut played, &mut Greedy, |e| events.push(e));
            let chosen: Vec<Move> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Move(mv) => Some(*mv),
                    _ => None,
                })
                .collect();
            let mut replayed = Game::deal(number);
            let mut again = Vec::new();
            replayed.settle(&mut |e| again.push(e));
            play(&mut replayed, &write(&chosen), &mut |e| again.push(e)).unwrap();
            assert_eq!(again, events, "deal {number}");
            assert_eq!(replayed, played);
        }
    }

    #[test]
    fn each_fault_is_named_at_its_column() {
        let mut game = settled(113);
        let before = game.clone();
        let error = play(&mut game, "S7-9", &mut |_| {}).unwrap_err();
        assert_eq!(
            error.to_string(),
            "column 1: expected a move such as S7-5 (the card that moves, a dash, the column it \
             goes to, 1 to 7), found \"S7-9\""
        );
        for bad in ["S7", "-5", "S7-", "S7-55", "Z7-5", "S7-0", "S7--5"] {
            assert!(
                matches!(
                    play(&mut game, bad, &mut |_| {}),
                    Err(LineError::NotAMove { .. })
                ),
                "{bad}"
            );
        }
        assert_eq!(game, before);
        let first = short(game.position().moves()[0]);
        let error = play(&mut game, &format!("{first} {first}"), &mut |_| {}).unwrap_err();
        assert_eq!(error.column(), first.len() + 2);
        assert!(
            matches!(error, LineError::Illegal { number: 2, .. }),
            "{error}"
        );
    }

    #[test]
    fn a_card_face_down_or_on_its_foundation_is_said_to_be() {
        let game = settled(113);
        let position = game.position();
        let down = Card::ALL
            .into_iter()
            .find(|&c| position.place(c) == Place::Unseen)
            .unwrap();
        let mut copy = game.clone();
        let error = play(&mut copy, &format!("{down}-1"), &mut |_| {}).unwrap_err();
        assert!(
            error
                .to_string()
                .contains(&format!("{down} is face down; the moves here are ")),
            "{error}"
        );
    }
}
