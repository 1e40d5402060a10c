use super::{Strategy, greedy};
use crate::position::{Move, Position};
use cards::{Card, Rank, Suit};

/// `lookahead`: searches every sequence of up to [`Lookahead::depth`] moves (3 by default) that a
/// player can foresee — moves and the foundation moves they allow, stopping where a face-down
/// card would be turned, since nobody knows what it is — and makes the first move of a sequence
/// that ends in the position of highest `evaluate` value. Ties go to the move `greedy` values
/// most, then to the first in [`Position::moves`] order.
pub struct Lookahead {
    /// Moves looked ahead, the first included (at least 1).
    pub depth: u32,
}

impl Default for Lookahead {
    fn default() -> Lookahead {
        Lookahead { depth: 3 }
    }
}

impl Strategy for Lookahead {
    fn choose(&mut self, position: &Position, moves: &[Move]) -> usize {
        if moves.len() == 1 {
            return 0;
        }
        let mut best = 0;
        let mut best_value = (i32::MIN, i32::MIN);
        for (i, &mv) in moves.iter().enumerate() {
            let mut next = position.clone();
            next.advance_unchecked(mv);
            let value = (
                search(&next, self.depth.max(1) - 1),
                greedy::value(position, mv),
            );
            if value > best_value {
                best = i;
                best_value = value;
            }
        }
        best
    }
}

/// The best [`evaluate`] value within `depth` more moves of `position` (stopping is allowed).
fn search(position: &Position, depth: u32) -> i32 {
    let mut best = evaluate(position);
    if depth > 0 {
        for &mv in position.moves().iter() {
            let mut next = position.clone();
            next.advance_unchecked(mv);
            best = best.max(search(&next, depth - 1));
        }
    }
    best
}

/// How promising a position is, from what a player sees:
///
/// - 1000 for each card on the foundations;
/// - −400 for each face-down card, not counting those about to be turned: turning cards is what
///   opens the game;
/// - −4 for each face-down card times the face-up cards piled on its column;
/// - −3 for each rank by which a card that is next for its foundation lies deep in its column
///   (the face-up cards covering it);
/// - 20 for each face-up card lying on the next higher card of its suit (built down: it moves
///   with that card and will follow it);
/// - 150 for each empty column while a king lies on other cards, as many as there are such kings.
pub(crate) fn evaluate(position: &Position) -> i32 {
    let mut value = 1000 * position.score() as i32;
    let mut empty = 0;
    for k in 0..7 {
        let mut down = position.face_down(k) as i32;
        if position.awaits_turn(k) {
            down -= 1;
        }
        let face_up = position.face_up(k).count() as i32;
        value -= 400 * down + 4 * down * face_up;
        if position.is_empty(k) {
            empty += 1;
        }
        for card in position.face_up(k) {
            if position.beneath(card) == higher(card) && higher(card).is_some() {
                value += 20;
            }
        }
    }
    for suit in Suit::ALL {
        let height = position.foundation(suit);
        if let Some(rank) = Rank::from_value(height + 1) {
            let mut depth = 0;
            let mut c = Card::new(rank, suit);
            while let Some(over) = position.covering(c) {
                depth += 1;
                c = over;
            }
            value -= 3 * depth;
        }
    }
    let waiting_kings = Suit::ALL
        .into_iter()
        .map(|suit| Card::new(Rank::King, suit))
        .filter(|&king| {
            matches!(position.place(king), crate::Place::Column(_)) && !position.heads_column(king)
        })
        .count() as i32;
    value + 150 * empty.min(waiting_kings)
}

/// The card of the same suit one rank higher, if any.
fn higher(card: Card) -> Option<Card> {
    Rank::from_value(card.rank.value() + 1).map(|rank| Card::new(rank, card.suit))
}
