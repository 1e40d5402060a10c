//! The crate's public constructors fed any values: a jump exists only where the cross has one,
//! and a board applies only jumps its pegs allow.

use hiq::{Board, Hole, Jump};
use proptest::prelude::*;

fn any_hole() -> impl Strategy<Value = Hole> {
    (1u8..=33).prop_map(|n| Hole::new(n).unwrap())
}

/// The rule book's jump, from the holes' places alone: three holes in a row or a column, next
/// to each other, `over` between the other two.
fn is_a_jump(from: Hole, over: Hole, to: Hole) -> bool {
    let (fr, fc, orow, oc, tr, tc) = (
        i32::from(from.row()),
        i32::from(from.col()),
        i32::from(over.row()),
        i32::from(over.col()),
        i32::from(to.row()),
        i32::from(to.col()),
    );
    let straight = (fr == tr && (fc - tc).abs() == 2) || (fc == tc && (fr - tr).abs() == 2);
    straight && 2 * orow == fr + tr && 2 * oc == fc + tc
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn a_jump_is_made_only_of_three_holes_in_a_row(from in any_hole(), over in any_hole(), to in any_hole()) {
        match Jump::new(from, over, to) {
            Ok(jump) => {
                prop_assert!(is_a_jump(from, over, to));
                prop_assert_eq!((jump.from(), jump.over(), jump.to()), (from, over, to));
            }
            Err(_) => prop_assert!(!is_a_jump(from, over, to)),
        }
    }

    #[test]
    fn a_board_applies_a_jump_only_where_its_pegs_allow(
        pegs in prop::collection::vec(any_hole(), 0..33),
        from in any_hole(), over in any_hole(), to in any_hole(),
    ) {
        let board = Board::from_holes(pegs);
        let Ok(jump) = Jump::new(from, over, to) else { return Ok(()); };
        let allowed = board.contains(from) && board.contains(over) && !board.contains(to);
        match board.apply(jump) {
            Some(after) => {
                prop_assert!(allowed);
                prop_assert_eq!(after.peg_count() + 1, board.peg_count());
                prop_assert!(after.contains(to) && !after.contains(from) && !after.contains(over));
            }
            None => prop_assert!(!allowed),
        }
    }
}
