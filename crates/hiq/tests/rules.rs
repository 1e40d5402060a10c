//! Rule invariants of the automatic player on arbitrary boards, and the fast player against the
//! plain reading of the rule book.

use hiq::{Board, Hole, auto};
use proptest::prelude::*;

fn board_from_bits(bits: u64) -> Board {
    Board::from_holes(Hole::all().filter(|h| bits >> h.number() & 1 == 1))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn fast_choice_is_the_rule_books_choice(bits: u64) {
        let board = board_from_bits(bits);
        prop_assert_eq!(auto::choose(board), auto::choose_simple(board));
    }

    #[test]
    fn every_jump_is_legal_and_removes_one_peg(bits: u64) {
        let start = board_from_bits(bits);
        let mut board = start;
        let mut count = 0;
        while let Some(jump) = auto::choose(board) {
            prop_assert!(board.is_legal(jump));
            let next = board.apply(jump).unwrap();
            prop_assert_eq!(next.peg_count() + 1, board.peg_count());
            prop_assert!(next.contains(jump.to) && !next.contains(jump.from) && !next.contains(jump.over));
            board = next;
            count += 1;
        }
        prop_assert_eq!(board.legal_jumps().count(), 0);
        prop_assert_eq!(auto::finish(start), board);
        prop_assert_eq!(auto::jumps(start).count(), count);
        prop_assert_eq!(start.peg_count() - board.peg_count(), count as u32);
    }
}

#[test]
fn the_standard_start_plays_out_the_same_both_ways() {
    let mut board = Board::standard_start();
    let mut play = auto::jumps(board);
    while let Some(jump) = play.next() {
        assert_eq!(auto::choose_simple(board), Some(jump));
        board = play.board();
    }
    assert_eq!(auto::choose_simple(board), None);
    assert_eq!(board.hole_sum(), 98);
}
