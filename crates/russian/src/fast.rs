//! The fast engine: a game in play, the [`Position`] everybody sees plus the face-down cards,
//! which only the game knows; [`crate::reference`] is the rule book read straight, which it is
//! tested against. The order of what happens after a move is fixed, so that move logs are
//! reproducible: the move; the turn of the card it uncovered, if any; then, again and again, the
//! last card of the lowest-numbered column that can go to its foundation goes there, followed by
//! the turn of the card it uncovered, if any — until no card can go.

use crate::event::Event;
use crate::layout::{Layout, Slot};
use crate::position::{IllegalMove, Move, Position};
use cards::Card;

/// A game: see the module documentation.
///
/// Every game ends after at most 52 chosen moves, however they are chosen: a card other than a king
/// that has led a column move lies on the next higher card of its suit, which it covers, so that
/// card is never again last in another column and the first card can never lead a move again; a
/// king that has led a move heads its column, and a king that heads its column may not move. So
/// each of the 52 cards leads at most one move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    pub(crate) position: Position,
    /// The face-down cards as dealt, column by column, each column's deepest first; column k's
    /// start at `start[k]`, and the position says how many remain.
    pub(crate) hidden: [u8; 52],
    pub(crate) start: [u8; 7],
}

impl Game {
    /// The game of a deal, before anything happens (not even the foundation moves the deal allows
    /// at once: [`Game::settle`] makes them). `None` unless the layout holds the 52 cards once
    /// each, with face-down cards only at the start of a column and a face-up card last.
    pub fn new(layout: &Layout) -> Option<Game> {
        Game::with_foundations(layout, [0; 4])
    }

    /// A game part-way through: `foundation[s]` cards of suit `s` ([`cards::Suit::index`]) are
    /// on their foundation, and `layout` holds every other card once, face-down cards only at
    /// the start of a column and a face-up card last in every column that has cards. `None`
    /// otherwise. Small positions like these let tests compare the solver with a brute force.
    pub fn with_foundations(layout: &Layout, foundation: [u8; 4]) -> Option<Game> {
        if foundation.iter().any(|&n| n > 13) {
            return None;
        }
        let mut seen = [false; 52];
        let mut position = Position::empty();
        for (s, &height) in foundation.iter().enumerate() {
            for rank in 0..height as usize {
                seen[13 * s + rank] = true;
                position.place[13 * s + rank] = crate::position::FOUNDATION;
            }
        }
        position.foundation = foundation;
        let mut hidden = [0; 52];
        let mut start = [0; 7];
        let mut hidden_count = 0;
        for (k, column) in layout.columns.iter().enumerate() {
            let mut down = 0;
            let mut face_up = false;
            start[k] = hidden_count as u8;
            for &Slot { card, face_up: up } in column {
                if std::mem::replace(&mut seen[card.index()], true) {
                    return None;
                }
                if up {
                    face_up = true;
                    position.put(k, card);
                } else if !face_up {
                    hidden[hidden_count] = card.index() as u8;
                    hidden_count += 1;
                    down += 1;
                } else {
                    return None;
                }
            }
            if down > 0 && !face_up {
                return None;
            }
            position.set_face_down(k, down);
        }
        if seen.contains(&false) {
            return None;
        }
        Some(Game {
            position,
            hidden,
            start,
        })
    }

    /// What a player sees, with `face_down` — the unseen cards, as many as the position has face
    /// down — laid face down column by column, 1 to 7, each column's deepest card first: one
    /// game the player cannot tell from the real one.
    pub(crate) fn with_face_down(position: &Position, face_down: &[u8]) -> Game {
        let mut hidden = [0; 52];
        let mut start = [0; 7];
        let mut next = 0;
        for (k, column_start) in start.iter_mut().enumerate() {
            *column_start = next as u8;
            let down = position.face_down(k);
            hidden[next..next + down].copy_from_slice(&face_down[next..next + down]);
            next += down;
        }
        Game {
            position: position.clone(),
            hidden,
            start,
        }
    }

    /// The game of deal `number` ([`crate::deal`]), as `Game::new(&deal::deal(number))` gives it
    /// but without building the layout.
    ///
    /// ```
    /// use russian::fast::Game;
    /// use russian::deal;
    ///
    /// let game = Game::deal(42);
    /// assert_eq!(Game::new(&deal::deal(42)), Some(game.clone()));
    /// assert_eq!(game.layout(), deal::deal(42));
    /// assert_eq!(game.layout().to_string().lines().next(), Some("H9"));
    /// ```
    pub fn deal(number: u64) -> Game {
        let pack = crate::deal::shuffled_pack(number);
        let mut position = Position::empty();
        let mut hidden = [0; 52];
        let mut start = [0; 7];
        let mut next = 0;
        let mut hidden_count = 0;
        for (k, column_start) in start.iter_mut().enumerate() {
            *column_start = hidden_count as u8;
            for _ in 0..k {
                hidden[hidden_count] = pack[next].index() as u8;
                hidden_count += 1;
                next += 1;
            }
            position.set_face_down(k, k as u8);
            for _ in 0..crate::face_up_count(k + 1) {
                position.put(k, pack[next]);
                next += 1;
            }
        }
        Game {
            position,
            hidden,
            start,
        }
    }

    /// What the player sees.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The layout now, face-down cards in brackets (the foundations are not part of it).
    pub fn layout(&self) -> Layout {
        let columns = std::array::from_fn(|k| {
            let down = self.position.face_down(k);
            let start = self.start[k] as usize;
            self.hidden[start..start + down]
                .iter()
                .map(|&c| Slot {
                    card: Card::ALL[c as usize],
                    face_up: false,
                })
                .chain(self.position.face_up(k).map(|card| Slot {
                    card,
                    face_up: true,
                }))
                .collect()
        });
        Layout { columns }
    }

    /// The cards on the foundations.
    pub fn score(&self) -> u32 {
        self.position.score()
    }

    /// Turns the top face-down card of `column` if nothing face up covers it.
    fn turn_if_uncovered(&mut self, column: u8, log: &mut impl FnMut(Event)) {
        let k = column as usize;
        if self.position.awaits_turn(k) {
            let top = self.start[k] as usize + self.position.face_down(k) - 1;
            let card = Card::ALL[self.hidden[top] as usize];
            self.position.turn(k, card);
            log(Event::Turn { card, column });
        }
    }

    /// Makes every foundation move there is (with the turns they cause), in the module's order.
    pub fn settle(&mut self, log: &mut impl FnMut(Event)) {
        while let Some((card, from)) = self.position.foundation_step() {
            log(Event::Foundation { card, from });
            self.turn_if_uncovered(from, log);
        }
    }

    /// Makes `mv` with its turn and the foundation moves that follow, telling `log` each event.
    ///
    /// ```
    /// use russian::fast::Game;
    /// use russian::Event;
    ///
    /// let mut game = Game::deal(0);
    /// game.settle(&mut |_| {});
    /// let mv = game.position().moves()[0];
    /// let mut events = Vec::new();
    /// game.make(mv, &mut |event| events.push(event)).expect("one of the moves");
    /// assert_eq!(events[0], Event::Move(mv));
    /// // The card has left the column it came from: the same move is refused, and changes nothing.
    /// let before = game.clone();
    /// assert!(game.make(mv, &mut |_| {}).is_err());
    /// assert_eq!(game, before);
    /// ```
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] if `mv` is not one of [`Position::moves`] of this settled game; the
    /// game is then unchanged.
    pub fn make(&mut self, mv: Move, log: &mut impl FnMut(Event)) -> Result<(), IllegalMove> {
        if !self.position.moves().contains(&mv) {
            return Err(IllegalMove(mv));
        }
        self.make_unchecked(mv, log);
        Ok(())
    }

    /// [`Game::make`] without the check, for callers that take `mv` from [`Position::moves`]
    /// (a solver's inner loop). Another move leaves a game that is not the rule book's (never
    /// undefined behaviour).
    pub fn make_unchecked(&mut self, mv: Move, log: &mut impl FnMut(Event)) {
        debug_assert!(self.position.moves().contains(&mv));
        self.position.shift(mv);
        log(Event::Move(mv));
        self.turn_if_uncovered(mv.from, log);
        self.settle(log);
    }
}
