//! `hiq census`: every position and game from a start, the same whatever the threads.

use super::*;

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
    assert!(
        one.contains(
            "complete games (jump sequences that end with no jump left): 57,102,451,183\n"
        )
    );
    assert_eq!(one, census("2"));
    assert_eq!(one, census("3"));
}
