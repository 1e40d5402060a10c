use super::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::time::{Duration, Instant};

fn board(holes: &[u8]) -> Board {
    Board::from_holes(holes.iter().map(|&n| Hole::new(n).unwrap()))
}

/// Solves with no bound on memory and no progress reports.
fn solved(start: Board, goal: Goal) -> Solution {
    solve(start, goal, u64::MAX, |_| {}).unwrap()
}

fn replay(start: Board, jumps: &[Jump]) -> Board {
    jumps.iter().fold(start, |b, &j| {
        b.apply(j).expect("every jump of a line is legal")
    })
}

#[test]
fn the_standard_start_is_won_in_the_centre() {
    let solution = solved(Board::standard_start(), Goal::Hole(Hole::CENTRE));
    assert_eq!(solution.verdict, Verdict::Won);
    assert_eq!(solution.jumps.len(), 31);
    assert_eq!(
        replay(Board::standard_start(), &solution.jumps),
        board(&[17])
    );
    assert_eq!(solution.end, board(&[17]));
}

#[test]
fn the_standard_start_cannot_end_in_a_corner_by_class() {
    let solution = solved(Board::standard_start(), Goal::Hole(Hole::new(1).unwrap()));
    assert_eq!(solution.verdict, Verdict::LostByClass);
    // Decided before any search; the short search for the line leaves two pegs, and would need
    // 13,941 positions to leave one.
    assert_eq!(solution.positions, CLASS_LINE_POSITIONS + 1);
    assert_eq!((solution.end.peg_count(), solution.fewest), (2, false));
    assert_eq!(
        replay(Board::standard_start(), &solution.jumps),
        solution.end
    );
}

#[test]
fn a_won_position_needs_no_jump() {
    let solution = solved(board(&[17]), Goal::Hole(Hole::CENTRE));
    assert_eq!((solution.verdict, solution.jumps.len()), (Verdict::Won, 0));
}

#[test]
fn small_dead_positions_are_lost_with_their_fewest_pegs() {
    // Two pegs far apart: nothing moves.
    let solution = solved(board(&[1, 33]), Goal::Any);
    assert_eq!(solution.verdict, Verdict::LostByExhaustion);
    assert_eq!((solution.end, solution.jumps.len()), (board(&[1, 33]), 0));
    // 16 17 18 in a row: one jump leaves two pegs side by side, and then one more jump
    // leaves one peg, but never in the centre... check both goals.
    let row = board(&[15, 16, 18]);
    let any = solved(row, Goal::Any);
    assert_eq!(any.verdict, Verdict::Won);
    assert_eq!(replay(row, &any.jumps).peg_count(), 1);
}

#[test]
fn the_empty_board_is_lost_with_no_peg() {
    let solution = solved(Board::EMPTY, Goal::Any);
    assert_ne!(solution.verdict, Verdict::Won);
    assert_eq!(solution.end, Board::EMPTY);
}

/// Whether `goal` can be reached from `board`, and the fewest pegs any line leaves, worked
/// out the plain way: every position as it is, each one's answer from its children's.
fn plain(board: Board, goal: Goal, memo: &mut HashMap<Board, (bool, u32)>) -> (bool, u32) {
    if let Some(&known) = memo.get(&board) {
        return known;
    }
    let mut best = (goal.is_won(board), board.peg_count());
    for jump in board.legal_jumps() {
        let (won, fewest) = plain(board.apply(jump).unwrap(), goal, memo);
        best = (best.0 || won, best.1.min(fewest));
    }
    memo.insert(board, best);
    best
}

/// Positions of 6 to 14 pegs: random ones, and ones of random games from the standard start.
fn positions(count: usize) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5EED);
    let mut boards = Vec::new();
    while boards.len() < count {
        let pegs = rng.random_range(6..=14);
        let mut board = Board::EMPTY;
        while board.peg_count() < pegs {
            board = board.with(Hole::new(rng.random_range(1..=33)).unwrap());
        }
        boards.push(board);
        let start = Board::standard_start();
        boards.push(played_randomly(&mut rng, start, |rng| {
            rng.random_range(6..=14)
        }));
    }
    boards
}

/// Random jumps from `game` while jumps are left and it has more pegs than `until` says, asked
/// before each jump.
fn played_randomly(
    rng: &mut ChaCha8Rng,
    mut game: Board,
    mut until: impl FnMut(&mut ChaCha8Rng) -> u32,
) -> Board {
    while game.peg_count() > until(rng) {
        let jumps: Vec<Jump> = game.legal_jumps().collect();
        if jumps.is_empty() {
            break;
        }
        game = game.apply(jumps[rng.random_range(0..jumps.len())]).unwrap();
    }
    game
}

fn goals() -> [Goal; 5] {
    let hole = |n| Goal::Hole(Hole::new(n).unwrap());
    // Holes fixed by all 8 symmetries, by 2 (a flip, or a diagonal's), and by none but
    // the identity.
    [Goal::Any, hole(17), hole(2), hole(9), hole(1)]
}

#[test]
fn agrees_with_the_plain_search_and_its_lines_are_legal() {
    for start in positions(150) {
        for goal in goals() {
            let (won, fewest) = plain(start, goal, &mut HashMap::new());
            let solution = solved(start, goal);
            assert_eq!(solution.verdict == Verdict::Won, won, "{start:?} {goal:?}");
            if solution.verdict == Verdict::LostByClass {
                assert!(!goal.class_allows(start.class()));
            }
            assert_eq!(replay(start, &solution.jumps), solution.end);
            if won {
                assert!(goal.is_won(solution.end), "{start:?} {goal:?}");
            } else if solution.fewest {
                assert_eq!(solution.end.peg_count(), fewest, "{start:?} {goal:?}");
            } else {
                assert!(solution.end.peg_count() >= fewest, "{start:?} {goal:?}");
            }
        }
    }
}

#[test]
fn mirror_images_are_searched_alike() {
    let mut starts = positions(40);
    starts.push(board(&[
        4, 5, 6, 9, 10, 11, 15, 16, 17, 18, 19, 22, 23, 24, 25, 26, 29,
    ]));
    for start in starts {
        for goal in goals() {
            let solution = solved(start, goal);
            for symmetry in goal.group().symmetries() {
                let image = symmetry.apply(start);
                let mirrored = solved(image, goal);
                assert_eq!(mirrored.verdict, solution.verdict);
                assert_eq!(mirrored.positions, solution.positions);
                assert_eq!(mirrored.jumps.len(), solution.jumps.len());
                assert_eq!(replay(image, &mirrored.jumps), mirrored.end);
                // The same end up to the goal's symmetries: from a start that is its own
                // image, either of two mirrored jumps may be taken.
                let class = |board| goal.group().canonical(board);
                assert_eq!(
                    class(mirrored.end),
                    class(solution.end),
                    "{start:?} {goal:?}"
                );
            }
        }
    }
}

#[test]
fn the_four_opening_jumps_are_searched_alike() {
    let centre = Goal::Hole(Hole::CENTRE);
    let openings: Vec<Solution> = Board::standard_start()
        .legal_jumps()
        .map(|jump| {
            let opened = Board::standard_start().apply(jump).unwrap();
            let solution = solved(opened, centre);
            assert_eq!(replay(opened, &solution.jumps), board(&[17]));
            solution
        })
        .collect();
    assert_eq!(openings.len(), 4);
    assert!(
        openings
            .iter()
            .all(|s| s.positions == openings[0].positions)
    );
}

#[test]
fn a_hint_is_the_first_jump_of_a_best_line() {
    for start in positions(60) {
        for goal in goals() {
            let solution = solved(start, goal);
            let hint = hint(start, goal, u64::MAX).unwrap();
            assert_eq!(hint, solution.jumps.first().copied());
            let Some(jump) = hint else {
                assert!(solution.verdict == Verdict::Won || start.legal_jumps().next().is_none());
                continue;
            };
            let next = solved(start.apply(jump).unwrap(), goal);
            if solution.verdict == Verdict::Won {
                assert_eq!(next.verdict, Verdict::Won);
            } else {
                assert_eq!(next.end.peg_count(), solution.end.peg_count());
            }
        }
    }
    let over = hint(Board::standard_start(), Goal::Hole(Hole::CENTRE), 1000);
    assert!(matches!(over, Err(OverMemory::Bound { limit: 1000, .. })));
}

#[test]
fn a_flag_never_raised_changes_no_answer() {
    let cancel = Cancel::new();
    for start in positions(60) {
        for goal in goals() {
            let cancellable = solve_cancellable(start, goal, u64::MAX, u64::MAX, &cancel, |_| {});
            assert_eq!(cancellable, Ok(solved(start, goal)), "{start:?} {goal:?}");
        }
    }
    let over = solve_cancellable(
        Board::standard_start(),
        Goal::Hole(Hole::CENTRE),
        1000,
        u64::MAX,
        &cancel,
        |_| {},
    );
    assert!(matches!(
        over,
        Err(Unsolved::OverMemory(OverMemory::Bound { limit: 1000, .. }))
    ));
}

#[test]
fn a_search_whose_table_takes_more_than_its_work_shares_is_cancelled_and_gives_it_back() {
    // The standard start to a peg in the centre: a search of some thousand positions.
    let (start, centre) = (Board::standard_start(), Goal::Hole(Hole::CENTRE));
    let whole = solve(start, centre, 64 << 20, |_| {}).expect("within 64 MiB");
    let shared = cancel::Memory::new(4 << 10);
    let work = Cancel::new().child_sharing(&shared);
    let crowded = solve_cancellable(start, centre, 64 << 20, u64::MAX, &work, |_| {});
    assert!(matches!(crowded, Err(Unsolved::Cancelled(Cancelled))));
    assert!(work.is_crowded());
    let shared = cancel::Memory::new(64 << 20);
    let work = Cancel::new().child_sharing(&shared);
    let within = solve_cancellable(start, centre, 64 << 20, u64::MAX, &work, |_| {});
    assert_eq!(within.ok(), Some(whole));
    assert_eq!(shared.free(), 64 << 20);
}

#[test]
fn a_flag_raised_on_another_thread_stops_a_long_search_within_100_ms() {
    // 25 pegs, a single peg anywhere (a random game's from the start without hole 10): lost,
    // which the verdict's search, pagoda functions and all, takes 1.2 million positions and a
    // second to show on a 2-core EPYC, and the line's search without them more.
    let start = board(&[
        1, 2, 3, 4, 6, 7, 8, 10, 13, 14, 16, 17, 20, 21, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33,
    ]);
    let cancel = Cancel::new();
    let raiser = cancel.clone();
    let raised = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        raiser.cancel();
        Instant::now()
    });
    let stopped = solve_cancellable(start, Goal::Any, 64 << 20, u64::MAX, &cancel, |_| {});
    let returned = Instant::now();
    let raised = raised.join().unwrap();
    assert!(matches!(stopped, Err(Unsolved::Cancelled(Cancelled))));
    let late = returned.saturating_duration_since(raised);
    assert!(
        late <= Duration::from_millis(100),
        "returned {late:?} after the flag"
    );
}

/// 1,000 random boards of 1 to 32 pegs: each one whose class rules out the goal (a single peg
/// anywhere, or in the centre) is answered lost by class within 16 ms, by [`solve`] (the
/// command's) and [`crate::verdict::judge`] (the server's and the page's) alike; and the search
/// for a win that ignores the class, run where it is small enough to end (up to 14 pegs), finds
/// none. The time is checked in release builds, the best of five tries at most, since a busy
/// machine may hold up any one.
#[test]
fn boards_their_class_decides_are_answered_at_once() {
    let mut rng = ChaCha8Rng::seed_from_u64(51);
    let (mut decided, mut searched) = (0, 0);
    for _ in 0..1_000 {
        let pegs = rng.random_range(1..=32);
        let mut start = Board::EMPTY;
        while start.peg_count() < pegs {
            start = start.with(Hole::new(rng.random_range(1..=33)).unwrap());
        }
        for goal in [Goal::Any, Goal::Hole(Hole::CENTRE)] {
            if goal.class_allows(start.class()) {
                continue;
            }
            decided += 1;
            let judged = || {
                let played = crate::line::play(start, "").unwrap();
                let budget = crate::verdict::Budget {
                    memory: 64 << 20,
                    positions: 4_000_000,
                    line: 1 << 17,
                };
                crate::verdict::judge(None, start, &played, goal, budget, None, &Cancel::new())
                    .unwrap()
                    .solution
            };
            for answer in [&(|| solved(start, goal)) as &dyn Fn() -> Solution, &judged] {
                let took = (0..5)
                    .map(|_| {
                        let begun = Instant::now();
                        let solution = answer();
                        assert_eq!(solution.verdict, Verdict::LostByClass, "{start:?} {goal:?}");
                        assert_eq!(replay(start, &solution.jumps), solution.end);
                        begun.elapsed()
                    })
                    .find(|took| *took <= Duration::from_millis(16) || cfg!(debug_assertions));
                assert!(took.is_some(), "{start:?} {goal:?}: over 16 ms five times");
            }
            if pegs <= 14 {
                let won = |b| goal.is_won(b);
                let ok = |()| Ok::<(), Infallible>(());
                let search = Search::run(
                    start,
                    goal.group(),
                    (won, None),
                    (u64::MAX, u64::MAX),
                    |_| {},
                    |_| ok(()),
                );
                let Ok((won, _)) = search else { unreachable!() };
                assert!(!won, "{start:?} {goal:?}: won against its class");
                searched += 1;
            }
        }
    }
    // Most boards are of a class that no single peg has, or that the centre's has not.
    assert!(
        decided > 1_000 && searched > 300,
        "{decided} decided, {searched} searched"
    );
}

/// Positions of 10 to 18 pegs from each single-vacancy start (holes 1, 2, 4, 5, 9, 10 and 17
/// empty, one of each start's class of holes up to symmetry): half of random games, half along
/// the solver's winning line.
fn positions_of_every_start(games: usize) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(0x9A60DA);
    let mut boards = Vec::new();
    for empty in [1, 2, 4, 5, 9, 10, 17] {
        let start = Board::from_holes(Hole::all().filter(|h| h.number() != empty));
        let winning = solved(start, Goal::Any).jumps;
        for game in 0..games {
            let until = rng.random_range(10..=18);
            if game % 2 == 1 {
                boards.push(replay(start, &winning[..32 - until as usize]));
                continue;
            }
            boards.push(played_randomly(&mut rng, start, |_| until));
        }
    }
    boards
}

/// The search with the pagoda functions' cuts, against the same search without them (the plain
/// path): the same verdict from every position, for every goal.
#[test]
fn the_pagoda_functions_never_change_a_verdict() {
    let (mut lost, mut won) = (0, 0);
    for start in positions_of_every_start(20) {
        for goal in goals() {
            if !goal.class_allows(start.class()) {
                continue;
            }
            let uncut = Search::run(
                start,
                goal.group(),
                (|b| goal.is_won(b), None),
                (u64::MAX, u64::MAX),
                |_| {},
                |_| Ok::<(), Infallible>(()),
            );
            let Ok((uncut, _)) = uncut else {
                unreachable!()
            };
            let solution = solved(start, goal);
            assert_eq!(
                solution.verdict == Verdict::Won,
                uncut,
                "{start:?} {goal:?}"
            );
            if uncut { won += 1 } else { lost += 1 }
        }
    }
    assert!(won > 50 && lost > 100, "{won} won, {lost} lost");
}

/// The line of a lost position is searched within the positions allowed: none, and the line is
/// empty and maybe not the best; all, and it leaves the fewest pegs. The verdict is the same.
#[test]
fn the_line_of_a_lost_position_is_searched_within_its_positions() {
    let cancel = Cancel::new();
    let mut cut_short = 0;
    for start in positions(60) {
        let goal = Goal::Hole(Hole::CENTRE);
        let whole = solve_cancellable(start, goal, u64::MAX, u64::MAX, &cancel, |_| {}).unwrap();
        if whole.verdict != Verdict::LostByExhaustion {
            continue;
        }
        let (_, fewest) = plain(start, goal, &mut HashMap::new());
        assert!(whole.fewest);
        assert_eq!(whole.end.peg_count(), fewest, "{start:?}");
        let none = solve_cancellable(start, goal, u64::MAX, 0, &cancel, |_| {}).unwrap();
        assert_eq!(none.verdict, whole.verdict);
        assert_eq!(replay(start, &none.jumps), none.end);
        if !none.fewest {
            assert!(none.jumps.is_empty(), "{start:?}");
            cut_short += 1;
        }
    }
    assert!(cut_short > 10, "{cut_short} lines cut short");
}
