//! Rule invariants of the automatic player on arbitrary boards, and the fast player against the
//! reference, the rule book read straight.

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
        prop_assert_eq!(auto::choose_fast(board), auto::choose_reference(board));
    }

    #[test]
    fn every_jump_is_legal_and_removes_one_peg(bits: u64) {
        let start = board_from_bits(bits);
        let mut board = start;
        let mut count = 0;
        while let Some(jump) = auto::choose_fast(board) {
            prop_assert!(board.is_legal(jump));
            let next = board.apply(jump).unwrap();
            prop_assert_eq!(next.peg_count() + 1, board.peg_count());
            prop_assert!(next.contains(jump.to()) && !next.contains(jump.from()) && !next.contains(jump.over()));
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
        assert_eq!(auto::choose_reference(board), Some(jump));
        board = play.board();
    }
    assert_eq!(auto::choose_reference(board), None);
    assert_eq!(board.hole_sum(), 98);
}

mod solver {
    use super::board_from_bits;
    use hiq::solve::{Goal, Verdict, solve};
    use hiq::{Board, Hole};
    use proptest::prelude::*;

    fn replay(start: Board, jumps: &[hiq::Jump]) -> Board {
        jumps
            .iter()
            .fold(start, |b, &j| b.apply(j).expect("a solver's line is legal"))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3_000))]

        /// Sparse random positions (a peg in about one hole in four): whatever the verdict, the
        /// line replays to what it claims; a win ends in the goal; positions of another class
        /// than the centre's are lost by class.
        #[test]
        fn lines_replay_to_what_they_claim(a: u64, b: u64) {
            let start = board_from_bits(a & b);
            let centre = Board::from_holes([Hole::CENTRE]);
            for goal in [Goal::Hole(Hole::CENTRE), Goal::Any] {
                let solution = solve(start, goal, u64::MAX, |_| {}).unwrap();
                prop_assert_eq!(replay(start, &solution.jumps), solution.end);
                match solution.verdict {
                    Verdict::Won => prop_assert_eq!(solution.end.peg_count(), 1),
                    _ => prop_assert!(solution.end.peg_count() != 1 || goal != Goal::Any),
                }
                if goal == Goal::Hole(Hole::CENTRE) {
                    prop_assert_eq!(solution.verdict == Verdict::Won, solution.end == centre);
                    if start.class() != centre.class() {
                        prop_assert_eq!(solution.verdict, Verdict::LostByClass);
                    }
                }
            }
        }
    }

    /// Every hole's single-peg position has a class; a start made only of pegs whose holes
    /// share one class that the centre does not have is reported lost without a search.
    #[test]
    fn de_bruijn_classes_decide_at_once() {
        let centre = Board::from_holes([Hole::CENTRE]).class();
        let mut lost = 0;
        for hole in Hole::all() {
            let solution = solve(
                Board::from_holes([hole]),
                Goal::Hole(Hole::CENTRE),
                u64::MAX,
                |_| {},
            )
            .unwrap();
            let same = Board::from_holes([hole]).class() == centre;
            assert_eq!(
                solution.verdict == Verdict::LostByClass,
                !same,
                "hole {hole}"
            );
            lost += usize::from(!same);
        }
        // Only 17 and the four holes three steps away (2, 14, 20, 32) share the centre's class.
        assert_eq!(lost, 28);
    }

    #[test]
    fn the_standard_start_is_won_in_the_centre_but_not_in_a_corner() {
        let start = Board::standard_start();
        let won = solve(start, Goal::Hole(Hole::CENTRE), u64::MAX, |_| {}).unwrap();
        assert_eq!(won.verdict, Verdict::Won);
        assert_eq!(replay(start, &won.jumps), Board::from_holes([Hole::CENTRE]));
        let corner = solve(start, Goal::Hole(Hole::new(1).unwrap()), u64::MAX, |_| {}).unwrap();
        assert_eq!(corner.verdict, Verdict::LostByClass);
        assert_eq!(replay(start, &corner.jumps), corner.end);
    }
}
