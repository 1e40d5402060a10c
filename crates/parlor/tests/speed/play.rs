//! `parlor speed`: the contest's data to the character, traces, JSON, timelines, and bad input.

use super::*;

#[test]
fn the_public_data_to_the_character() {
    for (file, expected) in [
        (
            crate::testdata!("testdata/speed/seed-example.in"),
            include_str!(crate::testdata!("testdata/speed/seed-example.out")),
        ),
        (
            crate::testdata!("testdata/speed/edge.in"),
            include_str!(crate::testdata!("testdata/speed/edge.out")),
        ),
    ] {
        parlor()
            .args(["speed", file])
            .assert()
            .success()
            .stdout(expected)
            .stderr("");
    }
}

#[test]
fn standard_input_when_the_file_is_dash_or_absent() {
    let expected = include_str!(crate::testdata!("testdata/speed/edge.out"));
    assert_eq!(stdout_reading(&["speed", "-"], EDGE_IN), expected);
    assert_eq!(stdout_reading(&["speed"], EDGE_IN), expected);
}

#[test]
fn the_seeds_own_wording() {
    assert_eq!(
        stdout_reading(&["speed", "--lang", "az"], SEED_IN),
        "B qalibdir.\n"
    );
    assert_eq!(
        stdout_reading(&["speed", "--lang", "az"], "1 SA\n1 C2\n1 C2\n1 SA\n0\n"),
        "A qalibdir.\nB qalibdir.\n"
    );
}

#[test]
fn the_worked_example_traced_as_the_rule_book_tells_it() {
    let expected = "\
data set 1 of 1
set-up: A's slots 1-4 hold S3 S5 S8 S9, its deck S2; B's slots 1-3 hold H7 H3 H4, its deck is empty
0 ms: A opens with S2 from its deck to table A (500 ms); B opens with H7 from slot 1 to table B (500 ms)
500 ms: S2 lands on table A; H7 lands on table B; A starts S3 to table A (500 ms); B starts H3 to table A (700 ms)
1000 ms: S3 lands on table A; B must return H3 (back at 1500 ms); A starts S8 to table B (700 ms)
1500 ms: B starts H4 to table A (700 ms)
1700 ms: S8 lands on table B; A starts S9 to table B (700 ms)
2200 ms: H4 lands on table A; B starts H3 to table A (700 ms)
2400 ms: S9 lands on table B; A starts S5 to table A (500 ms)
2900 ms: H3 and S5 reach table A together; H3 lands (B moves to its left); A must return S5 (back at 3400 ms)
B wins at 2900 ms: B has no cards left, A still has 1.
";
    assert_eq!(stdout_reading(&["speed", "--trace"], SEED_IN), expected);
}

#[test]
fn traces_show_waits_deadends_and_ties() {
    // Hand-worked: see crates/speed/tests/rules.rs for the same deal.
    let out = stdout_reading(
        &["speed", "--trace"],
        "5 S4 S3 C8 C7 S5\n6 HJ H5 D8 D7 HX C2\n1 HK\n1 SK\n0\n",
    );
    for line in [
        "1000 ms: S4 lands on table A; HJ lands on table B; A starts S3 to table A (500 ms); B draws C2 into slot 1 (300 ms)",
        "1300 ms: B starts H5 to table A (700 ms)",
        "1500 ms: S3 lands on table A; B must return H5 (back at 2000 ms); A waits",
        "2700 ms: C2 lands on table A; deadend: neither robot can act; A restarts with C8 from slot 3 to table A (500 ms); B restarts with H5 from slot 2 to table B (500 ms)",
        "A wins at 3700 ms: A has no cards left, B still has 2.",
        "",
        "data set 2 of 2",
        "B wins at 500 ms: both robots ran out of cards at once, and B's last card SK is stronger than A's HK.",
    ] {
        assert!(out.lines().any(|l| l == line), "missing {line:?} in\n{out}");
    }
}

#[test]
fn json_one_object_per_data_set() {
    let out = stdout_reading(
        &["speed", "--json"],
        &format!("{}\n{}", SEED_IN.trim_end_matches("0\n"), EDGE_IN),
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 9);
    assert!(lines[0].starts_with(
        r#"{"winner":"B","end_ms":2900,"deadends":0,"returns":2,"a":["S3","S5","S8","S9","S2"],"b":["H7","H3","H4"],"waits":[],"events":[{"robot":"A","kind":"opening","card":"S2","from":"deck","to":"table A","start":0,"end":500,"status":"done"},{"robot":"B","kind":"opening","card":"H7","from":"slot 1","to":"table B","start":0,"end":500,"status":"done"},"#
    ));
    assert!(lines[0].ends_with(
        r#"{"robot":"A","kind":"return","card":"S5","from":"table A","to":"slot 2","start":2900,"end":2900,"status":"unfinished"}]}"#
    ));
    let winners: Vec<String> = lines
        .iter()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["winner"].to_string())
        .collect();
    assert_eq!(winners.join(""), r#""B""A""B""B""B""B""B""A""A""#);
}

#[test]
fn a_timeline_picture_of_the_chosen_data_set() {
    let dir = scratch("speed-timeline");
    let path = dir.join("t.svg");
    parlor()
        .args(["speed", "--timeline"])
        .arg(&path)
        .write_stdin(SEED_IN)
        .assert()
        .success()
        .stdout("B wins.\n");
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains("Speed, data set 1: B wins at 2,900 ms (0 deadends, 2 cancelled moves)"));
    for label in [
        "robot A", "table A", "table B", "robot B", ">S5<", ">H3<", ">2,800<", ">B wins<",
    ] {
        assert!(svg.contains(label), "{label} missing");
    }
    parlor()
        .args(["speed", "--game", "8", "--timeline"])
        .arg(&path)
        .write_stdin(EDGE_IN)
        .assert()
        .success();
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("Speed, data set 8: A wins at 18,100 ms (5 deadends, 0 cancelled moves)"));
    // Longer than ten seconds: two rows, each with its robots and its axis.
    assert_eq!(svg.matches(">robot A<").count(), 2);
    assert!(svg.contains(">10,000<") && svg.contains(">18,000<"));
    parlor()
        .args(["speed", "--game", "9", "--timeline"])
        .arg(&path)
        .write_stdin(EDGE_IN)
        .assert()
        .code(2)
        .stdout("")
        .stderr("error: --game 9: the input has 8 data sets\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Bad input: the message names the place, the status is 2 and nothing reaches stdout, not
/// even the results of the good data sets before the bad one.
fn rejects_input(input: &str, message: &str) {
    rejects(&["speed"], format!("1 SA\n1 SK\n{input}"), message);
}

#[test]
fn a_card_that_is_not_a_card() {
    rejects_input(
        "2\nS3 Z5\n1\nH2\n0\n",
        "line 4, column 4: expected a card such as S3 or HX, found \"Z5\"",
    );
    rejects_input(
        "1\nS1\n1\nH2\n0\n",
        "line 4, column 1: expected a card such as S3 or HX, found \"S1\"",
    );
}

#[test]
fn the_same_card_twice() {
    rejects_input(
        "2\nS3 H2\n1\nH2\n0\n",
        "line 6, column 1: H2 appears twice in data set 2 (first at line 4, column 4)",
    );
}

#[test]
fn a_count_that_does_not_match_the_cards() {
    rejects_input(
        "3\nS3 H2\n1\nH4\n0\n",
        "line 4, column 6: expected 3 cards for A, found only 2",
    );
    rejects_input(
        "1\nS3\n1\nH4 H5\n0\n",
        "line 6, column 4: expected 1 card for B, found more: \"H5\"",
    );
}

#[test]
fn a_robot_with_no_cards() {
    rejects_input(
        "1\nS3\n0\n\n0\n",
        "line 5, column 1: expected the number of B's cards (1 to 51: one pack in all), found \"0\"",
    );
}

#[test]
fn more_than_52_cards() {
    rejects_input(
        "60 S2\n",
        "line 3, column 1: expected the number of A's cards (1 to 51) or 0 to end the input, found \"60\"",
    );
    rejects_input(
        "30\nSA S2 S3 S4 S5 S6 S7 S8 S9 SX SJ SQ SK HA H2 H3 H4 H5 H6 H7 H8 H9 HX HJ HQ HK DA D2 D3 D4\n23\n",
        "line 5, column 1: expected the number of B's cards (1 to 22: one pack in all), found \"23\"",
    );
}

#[test]
fn input_ending_before_the_closing_zero() {
    rejects_input(
        "",
        "line 3, column 1: expected the number of A's cards (1 to 51) or 0 to end the input, found the end of the input",
    );
    rejects_input(
        "2\nS3 H2\n1",
        "line 5, column 2: expected B's 1 card, found the end of the input",
    );
}

#[test]
fn text_after_the_closing_zero() {
    rejects_input(
        "0\n1 SA\n",
        "line 4, column 1: expected the end of the input after the closing 0, found \"1\"",
    );
}

#[test]
fn bytes_that_are_not_text_and_bad_flags() {
    refused(&["speed"], &b"1\nS\xff\n"[..])
        .stderr("error: line 2, column 2: expected UTF-8 text, found a byte that is not\n");
    refused(&["speed", "no/such/file.in"], "");
    refused(&["speed", "--json", "--trace"], "");
    refused(&["speed", "--lang", "fr"], "");
    refused(&["speed", "--lang", "az", "--json"], "");
    refused(&["speed", "--game", "2"], SEED_IN);
}

#[test]
fn traces_of_random_deals_end_with_the_engines_verdict() {
    let deals: Vec<Deal> = (0..300)
        .map(|i| Deal::random(11, i, Split::new(1 + (i % 26) as usize, 26).unwrap()))
        .collect();
    let out = stdout_reading(&["speed", "--trace"], &speed::contest::write(&deals));
    let games: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(games.len(), deals.len());
    for (game, deal) in games.iter().zip(&deals) {
        let outcome = fast::play(deal);
        let last = game.trim_end().lines().last().unwrap();
        let winner = if outcome.winner == Robot::A { "A" } else { "B" };
        assert!(
            last.starts_with(&format!("{winner} wins at {} ms: ", outcome.end_ms)),
            "{last}"
        );
        for line in game
            .lines()
            .filter(|l| l.contains(" ms: ") && !l.contains(" wins at "))
        {
            let (time, what) = line.split_once(" ms: ").unwrap();
            assert!(time.parse::<u32>().is_ok() && !what.is_empty(), "{line}");
        }
        let deadends = game.matches("deadend: neither robot can act").count() as u32;
        assert_eq!(deadends, outcome.deadends);
    }
}

#[test]
fn timeline_pictures_short_and_long() {
    let picture = Picture::new("speed-timeline");
    let example = "5\nS3 S5 S8 S9 S2\n3\nH7 H3 H4\n1\nHK\n1\nSK\n5\nS4 S3 C8 C7 S5\n6\nHJ H5 D8 D7 HX C2\n0\n";
    picture.drawn(
        "speed --game 3 --timeline",
        example,
        &[
            "robot A",
            "table B",
            "ms",
            "waits",
            "deadend",
            "A wins",
            "opening / restart",
            "draw",
            "waiting (nothing it can do)",
            "where a move was cancelled",
        ],
    );
    // The longest game of a million deals: four rows of ten seconds, nothing outside.
    let longest = "26 DK CA CK CJ D8 H9 H8 SQ C8 SX C7 DQ C9 DJ S7 DX C3 SA D2 H2 S9 D3 C6 C5 CX HJ\n\
                   26 H7 HQ HA S6 HX S5 D5 D4 S4 C4 C2 H5 D7 SJ D6 S8 SK H4 HK H3 H6 D9 S3 S2 DA CQ\n0\n";
    let texts = picture.drawn("speed --timeline", longest, &["39,400 ms"]);
    assert_eq!(texts.iter().filter(|t| *t == "robot B").count(), 4);
}

#[test]
fn a_timeline_of_a_game_past_the_input_is_refused_before_any_output() {
    let picture = Picture::new("speed-refused");
    rejects(
        &picture.args("speed --game 2 --timeline"),
        "1\nSA\n1\nSK\n0\n",
        "--game 2: the input has 1 data set",
    );
    assert!(!picture.path.exists());
}
