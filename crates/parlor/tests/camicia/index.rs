//! Deals by camicia.dev index, and back.

use super::*;

#[test]
fn the_indices_of_the_records() {
    assert_eq!(
        stdout_of(&["camicia", "index", NESSLER, CASELLA]),
        format!("{NESSLER_INDEX}\n{CASELLA_INDEX}\n")
    );
    assert_eq!(
        stdout_of(&[
            "camicia",
            "deal",
            &NESSLER_INDEX.to_string(),
            &CASELLA_INDEX.to_string(),
            "0",
            "653534134886878244999"
        ]),
        format!(
            "{NESSLER}\n{CASELLA}\nAAAAKKKKQQQQJJJJ----------/--------------------------\n\
             --------------------------/----------JJJJQQQQKKKKAAAA\n"
        )
    );
    // Any notation `parlor camicia` reads, and games from standard input, one or two lines each.
    let cards = "2 3 4 SA HJ 5 6 DQ 7 8 9 10 2 3 4 5 6 CQ HA SK DQ CJ SJ 7 HQ CK/\
                 2 3 4 5 6 DA 7 8 9 10 HK SJ 2 DK 3 4 5 6 7 8 9 10 CA 2 3 4";
    assert_eq!(
        stdout_of(&["camicia", "index", cards]),
        format!("{NESSLER_INDEX}\n")
    );
    let (a, b) = CASELLA.split_once('/').unwrap();
    assert_eq!(
        stdout_reading(
            &["camicia", "index"],
            &format!("# two records\n{NESSLER}\n\n{a}\n{b}\n")
        ),
        format!("{NESSLER_INDEX}\n{CASELLA_INDEX}\n")
    );
}

#[test]
fn a_deal_by_index_replays_and_indexes_back() {
    for index in ["0", "1", "123456789012345678901", "653534134886878244999"] {
        let deal = stdout_of(&["camicia", "deal", index]);
        assert_eq!(
            stdout_reading(&["camicia", "index"], &deal),
            format!("{index}\n")
        );
        assert_eq!(
            stdout_of(&["camicia", "index", deal.trim_end()]),
            format!("{index}\n")
        );
    }
    parlor()
        .arg("camicia")
        .write_stdin(stdout_of(&["camicia", "deal", &NESSLER_INDEX.to_string()]))
        .assert()
        .success()
        .stdout("status: \"finished\", cards: 8344, tricks: 1164\n");
}

/// Exit status 2, nothing on stdout, and a message on stderr that starts so.
fn refuses(args: &[&str], input: &str, message: &str) {
    let output = parlor().args(args).write_stdin(input).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with(message), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn indices_out_of_range_and_decks_that_are_not_one_pack() {
    let out_of_range = "error: expected a deal index from 0 to 653534134886878244999, found";
    for bad in ["653534134886878245000", "-1", "12a", "", "+5"] {
        refuses(&["camicia", "deal", "7", bad], "", out_of_range);
    }
    refuses(
        &[
            "camicia",
            "index",
            NESSLER,
            "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A--",
        ],
        "",
        "error: deal 2: expected one pack split 26/26 (26 cards in each deck), found 25 cards in \
         player B's deck\n",
    );
    refuses(
        &[
            "camicia",
            "index",
            "A--AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---",
        ],
        "",
        "error: deal 1: expected one pack (four each of J, Q, K and A, and 36 number cards), \
         found 5 aces\n",
    );
    refuses(
        &["camicia", "index", "---AJ--Q---------QAKQJJ-QK"],
        "",
        "error: deal 1, column 27: expected '/' and then player B's deck after player A's deck, \
         found the end of the deal\n",
    );
    refuses(
        &["camicia", "index", "--?-/----"],
        "",
        "error: deal 1, column 3: expected a card of record notation",
    );
    refuses(
        &["camicia", "index"],
        "2 A 7\n3 4 5\n",
        "error: line 1, column 1: expected one pack split 26/26 (26 cards in each deck), found 3 \
         cards in player A's deck\n",
    );
}
