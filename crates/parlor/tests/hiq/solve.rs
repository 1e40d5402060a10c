//! `hiq solve`: won or lost with its proof, the line replayed, the fewest moves, positions
//! from files and standard input, and bad positions and goals.

use super::*;
use hiq::Jump;

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
fn a_corner_goal_is_lost_by_class_before_any_long_search() {
    let solution = json(&["hiq", "solve", "--goal", "1", "--json"], "");
    assert_eq!(solution["won"], false);
    assert_eq!(solution["proof"], "class");
    // The line is a short search's, which the fewest pegs (one) would take longer to find.
    assert_eq!(solution["positions"], 4097);
    assert_eq!(solution["fewest"], false);
    assert_eq!(holes(&solution["remaining"]).len(), 2);
    replays(&solution);
    parlor()
        .args(["hiq", "solve", "--goal", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "a short search leaves 2 pegs, by this line; fewer may be possible\n",
        ));
}

#[test]
fn a_dead_position_is_lost_by_exhaustion() {
    parlor()
        .args(["hiq", "solve", "1", "33", "--goal", "centre"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "lost: no line of jumps leaves a single peg in 17: every position reachable from the start was examined or ruled out by a pagoda function (2 examined)\nthe fewest pegs that can be left: 2, with no jump\n",
        ))
        .stdout(predicate::str::ends_with("\nend: pegs in 1 33\n"));
}

#[test]
fn positions_drawn_or_listed_from_files_and_standard_input() {
    let drawn =
        "    O O O\n    O O O\nO O O X O X O\nO O O X O X O\nO O O O X O O\n    O O O\n    O O O\n";
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

#[test]
fn a_picture_of_the_fewest_moves() {
    Picture::new("hiq-solve").drawn(
        "hiq solve --min-moves --quiet --svg",
        "",
        &[
            "won in 18 moves (31 jumps)",
            "the peg that moved, and its path",
            "a peg it took",
            "18. ",
        ],
    );
}
