//! `parlor hiq` run as a user runs it.

mod common;

use common::{parlor, refused, rejects, stdout_of, stdout_reading};
use hiq::{Board, Hole, auto};
use predicates::prelude::*;

/// The sum the rule book's player leaves, computed by the reference player.
fn reference_sum(mut board: Board) -> u32 {
    while let Some(jump) = auto::choose_reference(board) {
        board = board
            .apply(jump)
            .expect("the reference player only makes legal jumps");
    }
    board.hole_sum()
}

fn contest_input(boards: &[Board]) -> String {
    let mut text = format!("{}\n", boards.len());
    for board in boards {
        for hole in board.pegs() {
            text.push_str(&format!("{hole} "));
        }
        text.push_str("0\n");
    }
    text
}

fn contest_output(sums: impl IntoIterator<Item = u32>) -> String {
    let lines: Vec<String> = sums.into_iter().map(|s| s.to_string()).collect();
    format!("HI Q OUTPUT\n{}\nEND OF OUTPUT\n", lines.join("\n"))
}

#[test]
fn the_contest_sample_to_the_character() {
    assert_eq!(
        stdout_of(&["hiq", "tests/data/hiq/sample.in"]),
        include_str!("data/hiq/sample.out")
    );
}

#[test]
fn standard_input_when_the_file_is_dash_or_absent() {
    let input = include_str!("data/hiq/sample.in");
    let expected = include_str!("data/hiq/sample.out");
    assert_eq!(stdout_reading(&["hiq", "-"], input), expected);
    assert_eq!(stdout_reading(&["hiq"], input), expected);
}

#[test]
fn every_board_with_one_empty_hole() {
    let boards: Vec<Board> = Hole::all()
        .map(|empty| Board::from_holes(Hole::all().filter(|&h| h != empty)))
        .collect();
    assert_eq!(
        stdout_reading(&["hiq"], &contest_input(&boards)),
        contest_output(boards.iter().map(|&b| reference_sum(b)))
    );
}

#[test]
fn empty_full_and_single_peg_boards() {
    let mut boards = vec![Board::EMPTY, Board::FULL];
    boards.extend(Hole::all().map(|h| Board::from_holes([h])));
    let expected = [0, 561].into_iter().chain(1..=33);
    assert_eq!(
        stdout_reading(&["hiq"], &contest_input(&boards)),
        contest_output(expected)
    );
}

#[test]
fn more_than_ten_games_and_holes_in_any_order() {
    let input = format!("12\n{}", "25 19 17 12 10 0\n".repeat(12));
    assert_eq!(stdout_reading(&["hiq"], &input), contest_output([51; 12]));
}

#[test]
fn json_one_object_per_game() {
    let out = stdout_of(&["hiq", "--json", "tests/data/hiq/sample.in"]);
    assert!(
        out.starts_with(
            "{\"pegs\":[10,12,17,19,25],\"jumps\":[{\"from\":12,\"over\":19,\"to\":26},{\"from\":25,\"over\":26,\"to\":27},{\"from\":10,\"over\":17,\"to\":24}],\"remaining\":[24,27],\"sum\":51}\n{\"pegs\":[],\"jumps\":[],\"remaining\":[],\"sum\":0}\n"
        ),
        "{out}"
    );
    assert_eq!(out.lines().count(), 4, "{out}");
}

#[test]
fn trace_draws_every_jump() {
    let expected = "\
game 1 of 1: pegs in 10 12 17 19 25
    O O O
    O O O
O O O X O X O
O O O X O X O
O O O O X O O
    O O O
    O O O

12 over 19 to 26
    O O O
    O O O
O O O X O O O
O O O X O O O
O O O O X X O
    O O O
    O O O

25 over 26 to 27
    O O O
    O O O
O O O X O O O
O O O X O O O
O O O O O O X
    O O O
    O O O

10 over 17 to 24
    O O O
    O O O
O O O O O O O
O O O O O O O
O O O X O O X
    O O O
    O O O

no jump left: pegs in 24 27; sum 51
";
    assert_eq!(
        stdout_reading(&["hiq", "--trace", "--ascii"], "1\n10 12 17 19 25 0\n"),
        expected
    );
}

#[test]
fn trace_uses_unicode_by_default() {
    assert_eq!(
        stdout_reading(&["hiq", "--trace"], "1 17 0"),
        "game 1 of 1: pegs in 17\n    · · ·\n    · · ·\n· · · · · · ·\n· · · ● · · ·\n· · · · · · ·\n    · · ·\n    · · ·\n\nno jump left: pegs in 17; sum 17\n"
    );
}

/// Bad input: the message names the place, the status is 2 and nothing reaches stdout.
fn rejects_input(input: &[u8], message: &str) {
    rejects(&["hiq"], input.to_vec(), message);
}

#[test]
fn a_token_that_is_not_a_number() {
    rejects_input(
        b"2\n10 12 0\n5 x7 0\n",
        "line 3, column 3: expected a hole number (1 to 33) or 0 to end game 2, found \"x7\"",
    );
}

#[test]
fn a_hole_outside_the_board() {
    rejects_input(
        b"1\n10 34 0\n",
        "line 2, column 4: expected a hole number from 1 to 33 or 0 to end game 1, found \"34\"",
    );
    rejects_input(
        b"1\n-5 0\n",
        "line 2, column 1: expected a hole number from 1 to 33 or 0 to end game 1, found \"-5\"",
    );
}

#[test]
fn the_same_hole_twice_in_a_game() {
    rejects_input(
        b"1\n10 12\n 10 0\n",
        "line 3, column 2: hole 10 appears twice in game 1 (first at line 2, column 1)",
    );
}

#[test]
fn input_that_ends_inside_a_game_or_before_all_games() {
    rejects_input(
        b"2\n0\n5 10",
        "line 3, column 5: the input ends inside game 2 of 2: expected more hole numbers and a 0 to end it",
    );
    rejects_input(
        b"3\n0\n",
        "line 3, column 1: the input ends after 1 of the 3 games announced on line 1, column 1",
    );
}

#[test]
fn a_missing_zero_or_negative_count() {
    rejects_input(
        b"",
        "line 1, column 1: expected the number of games, found the end of the input",
    );
    rejects_input(
        b"0\n",
        "line 1, column 1: expected the number of games (a whole number, at least 1), found \"0\"",
    );
    rejects_input(
        b"-1\n0\n",
        "line 1, column 1: expected the number of games (a whole number, at least 1), found \"-1\"",
    );
}

#[test]
fn text_after_the_last_game() {
    rejects_input(
        b"1\n17 0\n17 0\n",
        "line 3, column 1: expected the end of the input after the 1 game announced, found \"17\"",
    );
}

#[test]
fn bytes_that_are_not_text() {
    rejects_input(
        b"1\n17 \xff 0\n",
        "line 2, column 4: expected UTF-8 text, found a byte that is not",
    );
}

#[test]
fn a_file_that_cannot_be_read_and_bad_flags() {
    refused(&["hiq", "no/such/file.in"], "").stderr(predicate::str::starts_with(
        "error: cannot read no/such/file.in: ",
    ));
    refused(&["hiq", "--no-such-flag"], "");
    refused(&["hiq", "--json", "--trace"], "");
}

mod solve_and_census {
    use super::{parlor, refused, stdout_of, stdout_reading};
    use hiq::{Board, Hole, Jump};
    use predicates::prelude::*;
    use serde_json::Value;

    fn json(args: &[&str], stdin: &str) -> Value {
        serde_json::from_str(&stdout_reading(args, stdin)).expect("one JSON object")
    }

    fn holes(value: &Value) -> Vec<u8> {
        value
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u8)
            .collect()
    }

    /// Replays the JSON jumps on the JSON start and checks they end in `remaining`.
    fn replays(solution: &Value) -> Board {
        let h = |v: &Value| Hole::new(v.as_u64().unwrap() as u8).unwrap();
        let start = Board::from_holes(holes(&solution["pegs"]).into_iter().filter_map(Hole::new));
        let end = solution["jumps"]
            .as_array()
            .unwrap()
            .iter()
            .fold(start, |b, j| {
                let jump = Jump::new(h(&j["from"]), h(&j["over"]), h(&j["to"]))
                    .expect("the line's jumps are jumps");
                b.apply(jump).expect("every jump of the line is legal")
            });
        assert_eq!(
            holes(&solution["remaining"]),
            end.pegs().map(Hole::number).collect::<Vec<_>>()
        );
        end
    }

    #[test]
    fn the_standard_start_is_solved_to_the_centre() {
        let solution = json(&["hiq", "solve", "--json"], "");
        assert_eq!(solution["goal"], 17);
        assert_eq!(solution["won"], true);
        assert_eq!(solution["proof"], Value::Null);
        assert_eq!(solution["jumps"].as_array().unwrap().len(), 31);
        assert_eq!(replays(&solution), Board::from_holes([Hole::CENTRE]));
        let ascii = stdout_of(&["hiq", "solve", "--ascii"]);
        assert!(
            ascii.starts_with(
                "start: the standard start (32 pegs); goal: a single peg in 17\n\n    X X X\n"
            ) && ascii.ends_with("\nwon: pegs in 17 after 31 jumps\n"),
            "{ascii}"
        );
    }

    #[test]
    fn the_fewest_moves_from_the_standard_start_are_18() {
        let solution = json(&["hiq", "solve", "--min-moves", "--json"], "");
        let moves = solution["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 18);
        for m in moves {
            let m = m.as_array().unwrap();
            for pair in m.windows(2) {
                assert_eq!(
                    pair[0]["to"], pair[1]["from"],
                    "a move is one peg's run of jumps"
                );
            }
        }
        assert_eq!(replays(&solution), Board::from_holes([Hole::CENTRE]));
    }

    #[test]
    fn a_corner_goal_is_lost_by_class_with_one_peg_left_elsewhere() {
        let solution = json(&["hiq", "solve", "--goal", "1", "--json"], "");
        assert_eq!(solution["won"], false);
        assert_eq!(solution["proof"], "class");
        assert_eq!(holes(&solution["remaining"]).len(), 1);
        replays(&solution);
    }

    #[test]
    fn a_dead_position_is_lost_by_exhaustion() {
        parlor()
            .args(["hiq", "solve", "1", "33", "--goal", "centre"])
            .assert()
            .success()
            .stdout(predicate::str::contains(
                "lost: no line of jumps leaves a single peg in 17: every position reachable from the start (1) was examined\nthe fewest pegs that can be left: 2, with no jump\n",
            ))
            .stdout(predicate::str::ends_with("\nend: pegs in 1 33\n"));
    }

    #[test]
    fn positions_drawn_or_listed_from_files_and_standard_input() {
        let drawn = "    O O O\n    O O O\nO O O X O X O\nO O O X O X O\nO O O O X O O\n    O O O\n    O O O\n";
        let from_drawing = json(&["hiq", "solve", "-", "--json"], drawn);
        let from_list = json(&["hiq", "solve", "10 12", "17", "19", "25", "--json"], "");
        assert_eq!(from_drawing, from_list);
        assert_eq!(holes(&from_list["pegs"]), [10, 12, 17, 19, 25]);
        assert_eq!(from_list["goal"], "any");
        assert_eq!(from_list["proof"], "class");
        assert_eq!(holes(&from_list["remaining"]).len(), 2);
        let file = std::env::temp_dir().join(format!("parlor-hiq-{}.txt", std::process::id()));
        std::fs::write(&file, drawn).unwrap();
        let from_file = json(&["hiq", "solve", file.to_str().unwrap(), "--json"], "");
        std::fs::remove_file(&file).unwrap();
        assert_eq!(from_file, from_list);
    }

    #[test]
    fn the_census_of_a_small_start() {
        let census = json(
            &["hiq", "census", "10", "12", "17", "19", "25", "--json"],
            "",
        );
        assert_eq!(census["positions"], 15);
        assert_eq!(census["games"], "14");
        assert_eq!(census["games_won"], "0");
        parlor()
            .args(["hiq", "census", "15", "16", "10"])
            .assert()
            .success()
            .stdout(
                // 15 over 16 to 17 then 17 over 10 to 5 or 10 over 17 to 24; or 16 over 15 to
                // 14, stuck with 10 and 14: three games, none ending in 17.
                "census of the game from pegs in 10 15 16 (3 pegs)\n\n\
                 pegs  positions  up to symmetry  can end in 17  up to symmetry\n\
                 \x20  3          1               1              0               0\n\
                 \x20  2          2               2              0               0\n\
                 \x20  1          2               2              0               0\n\
                 \x20all          5               5              0               0\n\n\
                 complete games (jump sequences that end with no jump left): 3\n\
                 complete games that end with a single peg in 17: 0\n",
            );
    }

    #[test]
    fn the_census_is_the_same_whatever_the_threads() {
        let census = |threads: &str| {
            stdout_of(&[
                "hiq",
                "census",
                "1",
                "2",
                "3",
                "4",
                "5",
                "6",
                "7",
                "8",
                "9",
                "10",
                "11",
                "12",
                "13",
                "14",
                "15",
                "16",
                "18",
                "19",
                "20",
                "21",
                "--quiet",
                "--threads",
                threads,
            ])
        };
        let one = census("1");
        assert!(one.contains(
            "complete games (jump sequences that end with no jump left): 57,102,451,183\n"
        ));
        assert_eq!(one, census("2"));
        assert_eq!(one, census("3"));
    }

    #[test]
    fn bad_positions_and_goals() {
        refused(&["hiq", "solve", "10", "34"], "")
            .stderr("error: line 1, column 4: expected a hole number from 1 to 33, found \"34\"\n");
        refused(
            &["hiq", "census", "-"],
            "    O O O\n    O O O\nO O O X O X O\n",
        )
        .stderr("error: line 3, column 1: a drawn board has 7 rows, found 3\n");
        refused(&["hiq", "solve", "--goal", "34"], "").stderr(predicate::str::contains(
            "expected centre, any or a hole number from 1 to 33",
        ));
    }
}
