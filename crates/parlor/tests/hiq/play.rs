//! `parlor hiq`: the contest's games to the character, JSON, traces, pictures, and bad input.

use super::*;
use hiq::auto;

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
        stdout_of(&["hiq", crate::testdata!("examples/hiq.in")]),
        include_str!(crate::testdata!("testdata/hiq/sample.out"))
    );
}

#[test]
fn standard_input_when_the_file_is_dash_or_absent() {
    let input = include_str!(crate::testdata!("examples/hiq.in"));
    let expected = include_str!(crate::testdata!("testdata/hiq/sample.out"));
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
    let out = stdout_of(&["hiq", "--json", crate::testdata!("examples/hiq.in")]);
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

#[test]
fn a_picture_of_a_game() {
    Picture::new("hiq").drawn(
        "hiq --svg",
        "1\n10 12 17 19 25 0\n",
        &[
            "Hi-Q, game 1 of 1",
            "hole numbers",
            "start: 5 pegs",
            "1. 12 over 19 to 26",
        ],
    );
}

#[test]
fn a_picture_of_a_game_past_the_input_is_refused_before_any_output() {
    let picture = Picture::new("hiq-refused");
    let game = "1\n10 12 17 19 25 0\n";
    rejects(
        &picture.args("hiq --game 2 --svg"),
        game,
        "--game 2: the input has 1 game",
    );
    assert!(!picture.path.exists());
    // --game says which game --svg draws: alone it is a usage error.
    refused(&["hiq", "--game", "1"], game);
}
