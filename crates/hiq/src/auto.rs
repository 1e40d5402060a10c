//! The contest's automatic player: always the jump with the largest target hole, and among jumps
//! to that hole the one with the largest source hole.
//!
//! Two implementations answer the same question. [`choose_reference`] reads the rule straight off
//! the list of legal jumps. [`choose_fast`] finds all targets of each direction at once with shifts
//! of the bit set; because holes and bits are both numbered row by row, the largest target is the
//! highest set bit, and the largest source is found by trying the directions in a fixed order.

use crate::board::Board;
use crate::jump::{Jump, jump_at, targets_by_direction};

/// The automatic player's next jump, or `None` when no jump is left.
#[inline]
pub fn choose_fast(board: Board) -> Option<Jump> {
    let by_direction = targets_by_direction(board.bits());
    let all = by_direction[0] | by_direction[1] | by_direction[2] | by_direction[3];
    if all == 0 {
        return None;
    }
    let to = 63 - all.leading_zeros();
    // The directions come in order of the source's number, largest first.
    let direction = by_direction
        .iter()
        .position(|targets| targets >> to & 1 == 1)?;
    Some(jump_at(to, direction))
}

/// The rule book's choice, read directly off the list of legal jumps: the reference that
/// [`choose_fast`] is tested against.
pub fn choose_reference(board: Board) -> Option<Jump> {
    board.legal_jumps().max_by_key(|jump| (jump.to, jump.from))
}

/// Plays the automatic player to the end and returns the final board, without recording jumps.
#[inline]
pub fn finish(mut board: Board) -> Board {
    while let Some(jump) = choose_fast(board) {
        let moved = 1 << jump.from.cell() | 1 << jump.over.cell() | 1 << jump.to.cell();
        board = Board::from_bits(board.bits() ^ moved);
    }
    board
}

/// The jumps the automatic player makes from `board`, in order.
pub fn jumps(board: Board) -> Jumps {
    Jumps { board }
}

/// Iterator over the automatic player's jumps; [`Jumps::board`] is the position reached so far.
#[derive(Clone, Debug)]
pub struct Jumps {
    board: Board,
}

impl Jumps {
    /// The position after the jumps yielded so far.
    pub fn board(&self) -> Board {
        self.board
    }
}

impl Iterator for Jumps {
    type Item = Jump;

    fn next(&mut self) -> Option<Jump> {
        let jump = choose_fast(self.board)?;
        self.board = self.board.apply(jump)?;
        Some(jump)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hole::Hole;

    fn board(holes: &[u8]) -> Board {
        Board::from_holes(holes.iter().map(|&n| Hole::new(n).unwrap()))
    }

    fn numbers(jumps: impl Iterator<Item = Jump>) -> Vec<(u8, u8, u8)> {
        jumps
            .map(|j| (j.from.number(), j.over.number(), j.to.number()))
            .collect()
    }

    #[test]
    fn corrected_worked_example() {
        let start = board(&[10, 12, 17, 19, 25]);
        let mut play = jumps(start);
        assert_eq!(
            numbers(play.by_ref()),
            [(12, 19, 26), (25, 26, 27), (10, 17, 24)]
        );
        assert_eq!(play.board(), board(&[24, 27]));
        assert_eq!(finish(start).hole_sum(), 51);
    }

    #[test]
    fn ties_on_the_target_go_to_the_larger_source() {
        // 23 can be reached from 9 (over 16) and from 21 (over 22): 21 wins, then 16 jumps 23.
        let start = board(&[9, 16, 21, 22]);
        assert_eq!(numbers(jumps(start)), [(21, 22, 23), (16, 23, 28)]);
        assert_eq!(finish(start).hole_sum(), 37);
    }

    #[test]
    fn the_source_below_beats_right_left_and_above() {
        // From the standard start four jumps reach 17: from 5, 15, 19 and 29.
        let start = Board::standard_start();
        assert_eq!(numbers(choose_fast(start).into_iter()), [(29, 24, 17)]);
        let without_29 = board(&[5, 10, 15, 16, 18, 19, 20, 24]);
        assert_eq!(numbers(choose_fast(without_29).into_iter()), [(19, 18, 17)]);
        let only_left_and_above = board(&[5, 10, 15, 16]);
        assert_eq!(
            numbers(choose_fast(only_left_and_above).into_iter()),
            [(15, 16, 17)]
        );
    }

    #[test]
    fn two_pegs_in_line_jump_towards_the_larger_target() {
        for jump in Jump::ALL {
            let b = Board::from_holes([jump.from, jump.over]);
            let chosen = choose_fast(b).unwrap();
            assert_eq!(Some(chosen), choose_reference(b));
            let reverse = chosen.from == jump.over && chosen.over == jump.from;
            assert!(
                chosen == jump || (reverse && chosen.to > jump.to),
                "{jump}: {chosen}"
            );
        }
    }
}
