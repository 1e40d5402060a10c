use super::Strategy;
use crate::position::{Move, MoveKind, Place, Position};
use cards::{Card, Rank};

/// `greedy`: looks one move ahead and takes the move of highest value, the first in
/// [`Position::moves`] order on ties. A move's value comes from what it leaves at the end of the
/// column it leaves (the card the moved card lay on):
///
/// | the move leaves | value |
/// |---|---|
/// | a face-down card, to be turned | 1000 + 10 × face-down cards in that column |
/// | a card that goes to its foundation | 500 |
/// | a card onto which another face-up card can move | 50 |
/// | an empty column, while a king lies elsewhere on other cards | 200 |
/// | anything else | 0 |
///
/// minus 100 for a king move that turns no card (it spends an empty column) and minus 1 for
/// each card the move piles onto a column's face-down cards. So it turns cards first, deepest
/// columns first; then frees cards for the foundations; then keeps moves available.
pub struct Greedy;

impl Strategy for Greedy {
    fn choose(&mut self, position: &Position, moves: &[Move]) -> usize {
        let mut best = 0;
        let mut best_value = i32::MIN;
        for (i, &mv) in moves.iter().enumerate() {
            let v = value(position, mv);
            if v > best_value {
                best = i;
                best_value = v;
            }
        }
        best
    }
}

/// The card of the same suit one rank lower, if any.
fn lower(card: Card) -> Option<Card> {
    Rank::from_value(card.rank.value() - 1).map(|rank| Card::new(rank, card.suit))
}

/// The value the table of [`Greedy`] gives `mv`.
pub(super) fn value(position: &Position, mv: Move) -> i32 {
    let from = mv.from as usize;
    let to = mv.to as usize;
    let mut value = match position.beneath(mv.card) {
        None if position.face_down(from) > 0 => 1000 + 10 * position.face_down(from) as i32,
        None => {
            let king_waits = [0usize, 1, 2, 3].into_iter().any(|s| {
                let king = Card::new(Rank::King, cards::Suit::ALL[s]);
                matches!(position.place(king), Place::Column(k) if k != from)
                    && !position.heads_column(king)
            });
            if king_waits { 200 } else { 0 }
        }
        Some(left) => {
            if left.rank.value() == position.foundation(left.suit) + 1 {
                500
            } else if lower(left)
                .is_some_and(|l| matches!(position.place(l), Place::Column(k) if k != from))
            {
                50
            } else {
                0
            }
        }
    };
    let turns = position.beneath(mv.card).is_none() && position.face_down(from) > 0;
    if mv.kind == MoveKind::King && !turns {
        value -= 100;
    }
    if position.face_down(to) > 0 {
        let mut moved = 1;
        let mut c = mv.card;
        while let Some(next) = position.covering(c) {
            moved += 1;
            c = next;
        }
        value -= moved;
    }
    value
}
