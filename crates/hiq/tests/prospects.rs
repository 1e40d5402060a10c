//! The table of prospects of the standard start against the solver, position by position: the
//! table says a position can still end in the centre exactly when the solver finds a win, and
//! otherwise the fewest pegs of the solver's line. The table takes some 10 s to make in release
//! and minutes in debug, so these run with `cargo test --release`.

use hiq::prospects::{Expected, Prospect, STANDARD_FILE, Table};
use hiq::solve::{Goal, Verdict, hint, solve};
use hiq::{Board, Hole, Jump};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::sync::OnceLock;

const CENTRE: Goal = Goal::Hole(Hole::CENTRE);

/// What the solver may hold for one position: the lost positions of 28 pegs and more that the
/// tests meet need a few hundred megabytes.
const MEMORY: u64 = 2 << 30;

/// The table of the standard start, made once for every test. A test asks for it before it
/// shares work among rayon's threads: one of them waiting here for the table that another
/// test's thread is making, with rayon's threads, would leave that one no thread to make it on.
fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let memory = hiq::memory::DEFAULT_MEMORY;
        Table::build(Board::standard_start(), memory, |_| {}).unwrap()
    })
}

/// The table's prospect of `board`, checked against the solver's verdict and line.
fn agrees(board: Board) -> Prospect {
    let prospect = table()
        .prospect(board)
        .expect("every position of a game is in the table");
    let solution = solve(board, CENTRE, MEMORY, |_| {}).unwrap();
    if prospect.winnable {
        assert_eq!(solution.verdict, Verdict::Won, "{board:?}");
    } else {
        // Every position of a game has the class of the start, and so of the centre.
        assert_eq!(solution.verdict, Verdict::LostByExhaustion, "{board:?}");
        assert_eq!(
            solution.end.peg_count(),
            u32::from(prospect.fewest_pegs),
            "{board:?}"
        );
    }
    prospect
}

/// `count` positions of random games from the standard start, each cut after a random number
/// of jumps from 10 to 31 (or where it ends): positions of 22 pegs or fewer, which the solver
/// answers in a fraction of a second where some of 23 to 28 pegs take it seconds.
fn random_lines(count: usize) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    (0..count)
        .map(|_| {
            let mut board = Board::standard_start();
            for _ in 0..rng.random_range(10..=31) {
                let jumps: Vec<Jump> = board.legal_jumps().collect();
                if jumps.is_empty() {
                    break;
                }
                board = board
                    .apply(jumps[rng.random_range(0..jumps.len())])
                    .unwrap();
            }
            board
        })
        .collect()
}

/// The file of the table is known in advance, and the server believes no other: a file edited
/// with its CRC made right is refused.
#[test]
#[cfg_attr(debug_assertions, ignore = "makes the whole table: run with --release")]
fn the_standard_tables_file_is_the_one_expected() {
    assert_eq!(Expected::of(table()), STANDARD_FILE);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "makes the whole table: run with --release")]
fn the_table_holds_the_published_counts() {
    assert_eq!(table().positions(), 23_475_688);
    assert_eq!(table().winnable(), 1_679_072);
    assert_eq!(
        table().prospect(Board::standard_start()),
        Some(Prospect {
            winnable: true,
            fewest_pegs: 1
        })
    );
    assert_eq!(table().prospect(Board::FULL), None);
    assert_eq!(
        table().prospect(Board::from_holes([Hole::new(1).unwrap()])),
        None
    );
}

/// The holes holding pegs in the first of the board's 8 images under the symmetries of the
/// square (rows and columns exchanged, or reversed): the same for a board and its mirror images.
fn class(board: Board) -> Vec<u8> {
    let at = |row, col| {
        Hole::all()
            .find(|h| (h.row(), h.col()) == (row, col))
            .unwrap()
    };
    let image = |symmetry: u8| {
        let mut holes: Vec<u8> = board
            .pegs()
            .map(|h| {
                let (r, c) = if symmetry & 4 == 0 {
                    (h.row(), h.col())
                } else {
                    (h.col(), h.row())
                };
                let r = if symmetry & 1 == 0 { r } else { 6 - r };
                let c = if symmetry & 2 == 0 { c } else { 6 - c };
                at(r, c).number()
            })
            .collect();
        holes.sort_unstable();
        holes
    };
    (0..8).map(image).min().unwrap()
}

#[test]
#[cfg_attr(debug_assertions, ignore = "makes the whole table: run with --release")]
fn the_table_agrees_with_the_solver_after_one_to_four_jumps() {
    table();
    let mut level = vec![Board::standard_start()];
    for jumps in 1..=4 {
        let mut next: Vec<Board> = level
            .iter()
            .flat_map(|&b| b.legal_jumps().map(move |j| b.apply(j).unwrap()))
            .collect();
        next.sort_unstable_by_key(|&b| (class(b), b.pegs().map(Hole::number).collect::<Vec<_>>()));
        next.dedup();
        // The solver is asked once per class: it searches mirror images alike (its own tests
        // check that), and the table is asked about every position.
        let mut firsts: Vec<Board> = next.clone();
        firsts.dedup_by_key(|&mut b| class(b));
        let solved: Vec<(Vec<u8>, Prospect)> =
            firsts.par_iter().map(|&b| (class(b), agrees(b))).collect();
        let mut winnable = 0;
        for &board in &next {
            let prospect = table().prospect(board);
            let (_, solved) = solved.iter().find(|(c, _)| *c == class(board)).unwrap();
            assert_eq!(prospect, Some(*solved), "{board:?}");
            winnable += usize::from(solved.winnable);
        }
        // The census's figures: positions after 1 to 4 jumps, their classes, and the
        // positions that can still win.
        let expected = [(4, 1, 4), (12, 2, 12), (60, 8, 60), (296, 39, 292)][jumps - 1];
        assert_eq!(
            (next.len(), solved.len(), winnable),
            expected,
            "after {jumps} jumps"
        );
        level = next;
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "makes the whole table: run with --release")]
fn the_table_agrees_with_the_solver_along_random_lines() {
    table();
    let boards = random_lines(1000);
    let winnable = boards.par_iter().filter(|&&b| agrees(b).winnable).count();
    // Most random lines lose the centre early: both verdicts are met, and checked.
    assert!(
        winnable > 0 && winnable < 1000,
        "{winnable} of 1,000 winnable"
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "makes the whole table: run with --release")]
fn hints_of_the_table_and_of_the_solver_keep_the_prospect() {
    table();
    random_lines(200).par_iter().for_each(|&board| {
        let here = table().prospect(board).unwrap();
        let from_table = table().hint(board);
        let from_solver = hint(board, CENTRE, MEMORY).unwrap();
        assert_eq!(from_table.is_some(), from_solver.is_some(), "{board:?}");
        for jump in [from_table, from_solver].into_iter().flatten() {
            let next = board.apply(jump).unwrap();
            assert_eq!(agrees(next), here, "{board:?}, {jump}");
        }
    });
}
