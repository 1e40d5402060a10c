//! The census of the central game must reproduce the published figures exactly.

use hiq::Board;
use hiq::census::census;

#[test]
fn the_standard_start_matches_the_published_figures() {
    let result = census(Board::standard_start(), hiq::memory::DEFAULT_MEMORY, |_| {}).unwrap();
    assert_eq!(result.positions(), 187_636_299);
    assert_eq!(result.positions_up_to_symmetry(), 23_475_688);
    assert_eq!(result.winnable(), 13_428_122);
    assert_eq!(result.winnable_up_to_symmetry(), 1_679_072);
    assert_eq!(result.games, 577_116_156_815_309_849_672);
    assert_eq!(result.games_won, 40_861_647_040_079_968);
    assert_eq!(result.levels.len(), 32);
    assert_eq!(result.levels[0].positions, 1);
    assert_eq!(result.levels[1].positions, 4);
    assert_eq!(result.levels[1].positions_up_to_symmetry, 1);
    assert_eq!(result.levels[31].pegs, 1);
}
