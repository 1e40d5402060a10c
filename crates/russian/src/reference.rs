//! The reference engine: the rule book read line by line — columns as lists of cards, every move
//! found by trying every card against every column — which [`crate::fast`] is tested against.

use crate::event::Event;
use crate::layout::{Layout, Slot};
use crate::position::{Move, MoveKind};
use cards::Rank;

/// A game in the reference engine.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// The seven columns, each from its first (deepest) card to its last.
    pub columns: [Vec<Slot>; 7],
    /// Cards on each suit's foundation.
    pub foundation: [u8; 4],
}

impl Game {
    /// The game of `layout`, its foundations empty, before its first foundation moves.
    pub fn new(layout: &Layout) -> Game {
        Game {
            columns: layout.columns.clone(),
            foundation: [0; 4],
        }
    }

    /// Every legal move: any face-up card, with all cards after it, onto the last card of another
    /// column if that card is the same suit and one rank higher; a king that is not the first
    /// card of its column into an empty column.
    pub fn moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        for (from, column) in self.columns.iter().enumerate() {
            for (i, slot) in column.iter().enumerate() {
                if !slot.face_up {
                    continue;
                }
                for (to, target) in self.columns.iter().enumerate() {
                    if to == from {
                        continue;
                    }
                    let kind = match target.last() {
                        Some(last)
                            if last.face_up
                                && last.card.suit == slot.card.suit
                                && last.card.rank.value() == slot.card.rank.value() + 1 =>
                        {
                            MoveKind::Column
                        }
                        None if slot.card.rank == Rank::King && i > 0 => MoveKind::King,
                        _ => continue,
                    };
                    moves.push(Move {
                        kind,
                        card: slot.card,
                        from: from as u8,
                        to: to as u8,
                    });
                }
            }
        }
        moves
    }

    /// Turns the last card of `column` if it is face down.
    fn turn(&mut self, column: usize, events: &mut Vec<Event>) {
        if let Some(last) = self.columns[column].last_mut()
            && !last.face_up
        {
            last.face_up = true;
            events.push(Event::Turn {
                card: last.card,
                column: column as u8,
            });
        }
    }

    /// The foundation moves, lowest column first, each followed by its turn, until none is left.
    pub fn settle(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        'again: loop {
            for k in 0..7 {
                if let Some(&last) = self.columns[k].last()
                    && last.face_up
                    && last.card.rank.value() == self.foundation[last.card.suit.index()] + 1
                {
                    self.columns[k].pop();
                    self.foundation[last.card.suit.index()] += 1;
                    events.push(Event::Foundation {
                        card: last.card,
                        from: k as u8,
                    });
                    self.turn(k, &mut events);
                    continue 'again;
                }
            }
            return events;
        }
    }

    /// Makes a legal move, then its turn and the foundation moves; gives what happened.
    pub fn make(&mut self, mv: Move) -> Vec<Event> {
        let from = &self.columns[mv.from as usize];
        let at = from
            .iter()
            .position(|slot| slot.card == mv.card)
            .unwrap_or(from.len());
        let group = self.columns[mv.from as usize].split_off(at);
        self.columns[mv.to as usize].extend(group);
        let mut events = vec![Event::Move(mv)];
        self.turn(mv.from as usize, &mut events);
        events.extend(self.settle());
        events
    }

    /// Cards on the foundations.
    pub fn score(&self) -> u32 {
        self.foundation.iter().map(|&n| u32::from(n)).sum()
    }
}

/// The highest score reachable from `game` (after its foundation moves), by trying every legal
/// move in every position reached, each position once; `None` if more than `limit` positions
/// would have to be visited. The reference for [`crate::solver`]: no bound, no reduction.
pub fn max_score(game: &Game, limit: usize) -> Option<u32> {
    let mut start = game.clone();
    start.settle();
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![start];
    let mut best = 0;
    while let Some(game) = stack.pop() {
        best = best.max(game.score());
        for mv in game.moves() {
            let mut next = game.clone();
            next.make(mv);
            if seen.insert(next.clone()) {
                if seen.len() > limit {
                    return None;
                }
                stack.push(next);
            }
        }
    }
    Some(best)
}
