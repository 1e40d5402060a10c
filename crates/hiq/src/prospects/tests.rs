use super::*;
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

fn board(holes: &[u8]) -> Board {
    Board::from_holes(holes.iter().map(|&n| Hole::new(n).unwrap()))
}

/// Every position reachable from `start`, as it is, with its prospect worked out the plain way:
/// each position's from its children's, remembered.
fn plain(start: Board) -> HashMap<Board, Prospect> {
    fn visit(board: Board, memo: &mut HashMap<Board, Prospect>) -> Prospect {
        if let Some(&known) = memo.get(&board) {
            return known;
        }
        let mut best = Prospect {
            winnable: board == Board::from_holes([Hole::CENTRE]),
            fewest_pegs: board.peg_count() as u8,
        };
        for jump in board.legal_jumps() {
            let child = visit(board.apply(jump).unwrap(), memo);
            best.winnable |= child.winnable;
            best.fewest_pegs = best.fewest_pegs.min(child.fewest_pegs);
        }
        memo.insert(board, best);
        best
    }
    let mut memo = HashMap::new();
    visit(start, &mut memo);
    memo
}

/// Starts of 0 to 15 pegs, and 33, with all 8 symmetries, some, or none.
fn starts() -> Vec<Board> {
    vec![
        Board::EMPTY,
        board(&[17]),
        board(&[1, 33]),
        board(&[10, 12, 17, 19, 25]),
        board(&[9, 10, 11, 16, 17, 18, 23, 24, 25]),
        board(&[4, 5, 9, 10, 11, 16, 17, 18, 24, 29]),
        board(&[10, 15, 16, 17, 18, 19, 24, 5, 29, 22, 26]),
        board(&[3, 8, 9, 10, 11, 12, 15, 16, 18, 19, 22, 23, 24, 25, 26]),
        Board::FULL,
    ]
}

fn table(start: Board) -> Table {
    Table::build(start, u64::MAX, |_| {}).unwrap()
}

#[test]
fn every_position_has_the_prospect_of_the_plain_search() {
    for start in starts() {
        let table = table(start);
        let plain = plain(start);
        for (&position, &prospect) in &plain {
            assert_eq!(
                table.prospect(position),
                Some(prospect),
                "{position:?} from {start:?}"
            );
        }
        // Each class once: the plain search's positions, each one's class counted once.
        let group = Group::of(start);
        let mut classes: Vec<u64> = plain
            .keys()
            .map(|b| group.canonical_bits(b.bits()))
            .collect();
        classes.sort_unstable();
        classes.dedup();
        assert_eq!(table.positions(), classes.len() as u64, "from {start:?}");
        let winnable = plain.iter().filter(|(_, p)| p.winnable);
        let mut classes: Vec<u64> = winnable
            .map(|(b, _)| group.canonical_bits(b.bits()))
            .collect();
        classes.sort_unstable();
        classes.dedup();
        assert_eq!(table.winnable(), classes.len() as u64, "from {start:?}");
    }
}

#[test]
fn positions_the_start_cannot_reach_are_not_in_the_table() {
    let start = board(&[3, 8, 9, 10, 11, 12, 15, 16, 18, 19, 22, 23, 24, 25, 26]);
    let table = table(start);
    let plain = plain(start);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..20_000 {
        // A peg in each hole with odds of one in four: boards about as full as the start's
        // positions.
        let other = Board::from_holes(Hole::all().filter(|_| rng.random_range(0..4) == 0));
        assert_eq!(
            table.prospect(other),
            plain.get(&other).copied(),
            "{other:?}"
        );
    }
    assert_eq!(table.prospect(Board::FULL), None);
    assert_eq!(table.prospect(Board::EMPTY), None);
}

#[test]
fn hints_and_lines_reach_what_the_prospect_promises() {
    for start in starts() {
        let table = table(start);
        for (position, prospect) in plain(start) {
            let hint = table.hint(position);
            assert_eq!(hint.is_some(), position.legal_jumps().next().is_some());
            if let Some(jump) = hint {
                let next = table.prospect(position.apply(jump).unwrap()).unwrap();
                assert_eq!(next, prospect, "{position:?}, {jump}");
            }
            let line = table.line(position).unwrap();
            let end = line.iter().fold(position, |b, &j| b.apply(j).unwrap());
            assert_eq!(line.first().copied(), hint);
            assert!(end.legal_jumps().next().is_none());
            assert_eq!(end.peg_count(), u32::from(prospect.fewest_pegs));
            if prospect.winnable {
                assert_eq!(end, Board::from_holes([Hole::CENTRE]));
            }
        }
        assert_eq!(table.hint(Board::FULL), None);
        assert_eq!(table.line(board(&[1, 2, 3, 4, 5, 6, 7, 8])), None);
    }
}

#[test]
fn the_tables_answer_is_the_solvers_for_the_goals_it_holds() {
    use crate::solve::solve;
    for start in starts() {
        let table = table(start);
        for position in plain(start).into_keys() {
            for goal in [Goal::Hole(Hole::CENTRE), Goal::Any] {
                let answer = table.solve(position, goal).unwrap();
                let solved = solve(position, goal, u64::MAX, |_| {}).unwrap();
                assert_eq!(answer.verdict, solved.verdict, "{position:?} {goal:?}");
                assert_eq!(answer.end.peg_count(), solved.end.peg_count());
                let end = answer.jumps.iter().try_fold(position, |b, &j| b.apply(j));
                assert_eq!(end, Some(answer.end));
            }
            assert_eq!(
                table.solve(position, Goal::Hole(Hole::new(9).unwrap())),
                None
            );
        }
    }
    assert_eq!(table(board(&[17])).solve(Board::FULL, Goal::Any), None);
}

#[test]
fn the_losing_jump_is_the_first_after_which_the_centre_is_out_of_reach() {
    use crate::solve::losing_jump;
    let start = board(&[4, 5, 9, 10, 11, 16, 17, 18, 24, 29]);
    let table = table(start);
    let winnable = |b: Board| Ok::<_, ()>(table.prospect(b).unwrap().winnable);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..300 {
        let mut line = Vec::new();
        let mut now = start;
        loop {
            let jumps: Vec<Jump> = now.legal_jumps().collect();
            if jumps.is_empty() {
                break;
            }
            let jump = jumps[rng.random_range(0..jumps.len())];
            line.push(jump);
            now = now.apply(jump).unwrap();
        }
        // One by one: the first jump from a winnable position to one that is not.
        let mut boards = vec![start];
        for &jump in &line {
            boards.push(boards.last().unwrap().apply(jump).unwrap());
        }
        let expected = boards
            .windows(2)
            .position(|w| winnable(w[0]).unwrap() && !winnable(w[1]).unwrap());
        assert_eq!(
            losing_jump(start, &line, winnable),
            Ok(expected),
            "{line:?}"
        );
    }
    assert_eq!(losing_jump(start, &[], winnable), Ok(None));
}

#[test]
fn the_walk_stops_at_its_memory_bound() {
    let start = board(&[
        4, 5, 6, 9, 10, 11, 15, 16, 17, 18, 19, 22, 23, 24, 25, 26, 29, 30,
    ]);
    let over = Table::build(start, 100_000, |_| {}).unwrap_err();
    assert!(
        matches!(over, OverMemory::Bound { limit: 100_000, .. }),
        "{over:?}"
    );
}

fn written(table: &Table) -> Vec<u8> {
    let mut bytes = Vec::new();
    table.write(&mut bytes).unwrap();
    bytes
}

/// The file with its checksum made right again after a change.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let end = bytes.len() - 4;
    let crc = crc32fast::hash(&bytes[..end]);
    bytes[end..].copy_from_slice(&crc.to_le_bytes());
    bytes
}

fn read(bytes: &[u8], start: Board) -> Result<Table, FileError> {
    Table::read(bytes, start, 1 << 30)
}

#[test]
fn a_table_reads_back_as_it_was_written() {
    for start in starts() {
        let table = table(start);
        assert_eq!(read(&written(&table), start).unwrap(), table);
    }
    let start = starts()[7];
    let table = table(start);
    let path = std::env::temp_dir().join(format!("hiq-prospects-test-{}", std::process::id()));
    table.save(&path).unwrap();
    assert_eq!(Table::load(&path, start, 1 << 30).unwrap(), table);
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(
        Table::load(&path, start, 1 << 30),
        Err(FileError::Read(_))
    ));
}

#[test]
fn only_the_file_expected_is_believed_and_its_kind_and_length_are_seen_before_it_is_read() {
    let start = starts()[7];
    let table = table(start);
    let expected = super::file::Expected::of(&table);
    let dir = std::env::temp_dir().join(format!("hiq-prospects-expected-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("table");
    let load = |path: &std::path::Path| Table::load_expected(path, start, 1 << 30, &expected);
    table.save(&path).unwrap();
    assert_eq!(load(&path).unwrap(), table);
    // The last position's prospect made one peg better (and never winnable, so that it makes
    // sense), its CRC made right: the CRC passes, the digest does not.
    let mut bytes = written(&table);
    let last = bytes.len() - 8;
    bytes[last] = (bytes[last] & PEGS).saturating_sub(1);
    let forged = resealed(bytes);
    assert!(
        read(&forged, start).is_ok(),
        "the CRC is right, and the entry makes sense"
    );
    std::fs::write(&path, &forged).unwrap();
    assert!(matches!(load(&path), Err(FileError::Digest { .. })));
    // A file of another length is refused by its metadata: here a sparse one of a gigabyte,
    // which would take that much memory to read.
    std::fs::File::create(&path)
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    assert_eq!(
        load(&path).unwrap_err().to_string(),
        format!(
            "not the table expected: the file holds 1073741824 bytes, and the table {}",
            expected.length
        )
    );
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    assert_eq!(
        load(&path).unwrap_err().to_string(),
        "not a table of Hi-Q prospects: the path names a folder, not a regular file"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn writers_saving_the_same_table_at_once_leave_one_whole_file() {
    let start = starts()[7];
    let table = table(start);
    let dir = std::env::temp_dir().join(format!("hiq-prospects-savers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("table");
    std::thread::scope(|scope| {
        for _ in 0..8 {
            scope.spawn(|| {
                for _ in 0..5 {
                    table.save(&path).unwrap();
                }
            });
        }
    });
    assert_eq!(Table::load(&path, start, 1 << 30).unwrap(), table);
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1, "parts left beside the table: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_damaged_or_foreign_file_is_refused_with_its_fault() {
    let start = starts()[7];
    let table = table(start);
    let bytes = written(&table);
    // The mark, the version, the start, the number of levels and each one's size.
    let header = 24 + 4 + 8 + 4 + 4 * table.levels.len();
    let message = |result: Result<Table, FileError>| result.unwrap_err().to_string();
    assert_eq!(
        message(read(b"hello", start)),
        "not a table of Hi-Q prospects: the file does not start with the mark parlor writes"
    );
    let mut version = bytes.clone();
    version[24] = 2;
    assert_eq!(
        message(read(&version, start)),
        "a table of Hi-Q prospects in version 2 of the format; this parlor reads version 1"
    );
    assert_eq!(
        message(read(&bytes, Board::standard_start())),
        format!(
            "a table made from another start (pegs in {}); the one asked for is from pegs in {}",
            "3 8 9 10 11 12 15 16 18 19 22 23 24 25 26",
            (1..=33)
                .filter(|&h| h != 17)
                .map(|h| h.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )
    );
    let cut = &bytes[..bytes.len() - 10];
    assert_eq!(
        message(read(cut, start)),
        format!(
            "the table is cut short: the file ends after {} bytes, and the table takes {}",
            cut.len(),
            bytes.len()
        )
    );
    assert!(matches!(
        read(&bytes[..header - 2], start),
        Err(FileError::Truncated { .. })
    ));
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        message(read(&longer, start)),
        format!(
            "the file goes on after the end of the table, at byte {}",
            bytes.len()
        )
    );
    let mut flipped = bytes.clone();
    flipped[bytes.len() / 2] ^= 4;
    assert!(matches!(
        read(&flipped, start),
        Err(FileError::Checksum { .. })
    ));
    assert!(message(read(&flipped, start)).starts_with("the table is damaged: its checksum is "));
    // The last position's prospect made to say 63 pegs, and the checksum made to match: not
    // a table that parlor writes.
    let mut senseless = bytes.clone();
    senseless[bytes.len() - 8] = 63;
    assert_eq!(
        message(read(&resealed(senseless), start)),
        format!(
            "the table's level of {} pegs is not one that parlor makes: a prospect makes no sense",
            16 - table.levels.len()
        )
    );
    assert_eq!(
        Table::read(&bytes[..], start, 1000)
            .unwrap_err()
            .to_string(),
        format!(
            "the table needs {} of memory, more than the 1,000 bytes allowed",
            crate::memory::size((bytes.len() - header - 4) as u64)
        )
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Whatever is changed in a file, and even if its checksum is made right again, reading it
    /// never panics: a table comes out only if every check passes.
    #[test]
    fn any_damage_is_an_error_or_a_sound_table(at in 0usize..4000, byte in any::<u8>(), seal in any::<bool>()) {
        let start = board(&[10, 15, 16, 17, 18, 19, 24, 5, 29, 22, 26]);
        let mut bytes = written(&table(start));
        let at = at % bytes.len();
        bytes[at] = byte;
        let bytes = if seal { resealed(bytes) } else { bytes };
        if let Ok(table) = read(&bytes, start) {
            prop_assert_eq!(table.start(), start);
            prop_assert!(table.positions() > 0);
        }
    }
}
