//! A whole game as one JSON line, replayed without the rules.

use super::*;

/// Replays a `--trace --json` line as a program would, without the rules: each card comes off
/// the top of its layer's deck, and a trick's pile goes under its taker's. Returns both decks at
/// the end and checks every card laid against the deck it came from.
fn replay(trace: &serde_json::Value) -> [std::collections::VecDeque<char>; 2] {
    let text = |key: &str| trace[key].as_str().unwrap().chars().collect::<Vec<char>>();
    let deal = trace["deal"].as_str().unwrap();
    let (a, b) = deal.split_once('/').unwrap();
    let mut hands: [std::collections::VecDeque<char>; 2] =
        [a.chars().collect(), b.chars().collect()];
    let (laid, by, due, takers) = (text("laid"), text("by"), text("due"), text("takers"));
    let taken: Vec<usize> = trace["taken"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap() as usize)
        .collect();
    assert_eq!(laid.len(), by.len());
    assert_eq!(laid.len(), due.len());
    assert_eq!(taken.len(), takers.len());
    let side = |player: char| usize::from(player == 'B');
    let (mut pile, mut trick) = (Vec::new(), 0);
    for (i, (&card, &player)) in laid.iter().zip(&by).enumerate() {
        assert_eq!(
            hands[side(player)].pop_front(),
            Some(card),
            "card {}",
            i + 1
        );
        pile.push(card);
        while trick < taken.len() && taken[trick] == i + 1 {
            hands[side(takers[trick])].extend(pile.drain(..));
            trick += 1;
        }
    }
    assert_eq!(trick, taken.len(), "every trick taken after a card laid");
    hands
}

#[test]
fn a_whole_game_as_one_json_line() {
    assert_eq!(
        stdout_reading(&["camicia", "--trace", "--json"], SEED_EXAMPLES),
        concat!(
            r#"{"status":"finished","cards":13,"tricks":1,"deal":"2A78QX/3456K9J","laid":"23A456K78Q9JX","by":"ABABBBBAAABBA","due":"0043213212110","taken":[13],"takers":"B","unpaid":false}"#,
            "\n",
            r#"{"status":"loop","cards":8,"tricks":3,"deal":"J23/4J5","laid":"J42J35J2","by":"ABABABAB","due":"10010010","taken":[2,5,8],"takers":"ABA","unpaid":false,"repeat":{"earlier":2,"later":4}}"#,
            "\n"
        )
    );
    // The records: the same outcome as --json, and a trace that replays to it.
    let plain = stdout_of(&["camicia", "--json", "../../examples/camicia.txt"]);
    let traced = stdout_of(&["camicia", "--trace", "--json", "../../examples/camicia.txt"]);
    assert_eq!(traced.lines().count(), plain.lines().count());
    for (trace, plain) in traced.lines().zip(plain.lines()) {
        let trace: serde_json::Value = serde_json::from_str(trace).unwrap();
        let plain: serde_json::Value = serde_json::from_str(plain).unwrap();
        for key in ["status", "cards", "tricks"] {
            assert_eq!(trace[key], plain[key], "{key}");
        }
        let cards = trace["cards"].as_u64().unwrap() as usize;
        assert_eq!(trace["laid"].as_str().unwrap().len(), cards);
        let hands = replay(&trace);
        if trace["status"] == "finished" {
            assert!(hands.iter().any(|hand| hand.is_empty()), "{hands:?}");
        }
    }
    let record = traced.lines().nth(3).unwrap();
    assert!(record.len() < 40_000, "{} bytes", record.len());
    assert!(record.starts_with(
        r#"{"status":"finished","cards":8344,"tricks":1164,"deal":"---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---","#
    ));
    assert!(
        traced
            .lines()
            .nth(4)
            .unwrap()
            .ends_with(r#""repeat":{"earlier":5,"later":67}}"#)
    );
}

#[test]
fn a_game_over_before_it_begins_has_an_empty_trace() {
    assert_eq!(
        stdout_reading(&["camicia", "--trace", "--json"], "/2 3\n"),
        r#"{"status":"finished","cards":0,"tricks":0,"deal":"/23","laid":"","by":"","due":"","taken":[],"takers":"","unpaid":false}"#
            .to_owned()
            + "\n"
    );
}
