//! Camicia's endpoints: a trace, a deal by index or seed, and what cannot be given.

use crate::support::{TestServer, input_at, parameter, reason};
use libtest_mimic::Trial;
use serde_json::json;
use serve::limits;
use std::time::{Duration, Instant};

pub fn trials() -> Vec<Trial> {
    crate::tests![
        a_camicia_trace_is_answered_for_every_notation,
        a_camicia_deal_is_given_by_index_or_seed,
        a_camicia_trace_or_deal_that_cannot_be_given_is_refused,
        a_camicia_trace_past_the_budget_is_422_at_once,
        camicia_decks_start_with_the_deal_and_follow_every_trick_of_the_trace,
    ]
}

const NESSLER: &str = "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---";

/// Two decks of 30,000 cards whose game lasts minutes: every round start it keeps holds 60,000
/// cards, past the budget after some hundreds of rounds.
const LONG: &str = include_str!(crate::testdata!("testdata/camicia/long.txt"));

fn a_camicia_trace_is_answered_for_every_notation() {
    let server = TestServer::start();
    let deals = [
        format!("{NESSLER}\n"),
        "# Casella 2024, on two lines\n---K---Q-KQAJ-----AAJ--J--\n----------Q----KQ-J-----KA\n"
            .to_owned(),
        "2 A 7 8 Q 10\n3 4 5 6 K 9 J\n".to_owned(),
        "S2 HA C7 D8 SQ HX/3 4 5 6 K 9 J".to_owned(),
    ];
    for deal in &deals {
        let answer = server.post("/api/camicia/trace", deal);
        assert_eq!(answer.status, 200, "{}", answer.text());
        assert_eq!(answer.header("content-type"), "application/json");
    }
    let record = server.post("/api/camicia/trace", &deals[0]).json();
    assert_eq!(
        (record["cards"].clone(), record["tricks"].clone()),
        (json!(8344), json!(1164))
    );
    let loop_ = server.post("/api/camicia/trace", &deals[1]).json();
    assert_eq!(loop_["status"], "loop");
    assert_eq!(loop_["repeat"], json!({"earlier": 5, "later": 67}));
    // The same deal in the exercise's JSON lines and in the record notation.
    let jsonl = r#"{"playerA": ["J", "2", "3"], "playerB": ["4", "J", "5"]}"#;
    let answer = server.post("/api/camicia/trace?input=jsonl", jsonl);
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(
        answer.text(),
        server.post("/api/camicia/trace", "J 2 3\n4 J 5\n").text()
    );
    server.stop();
}

fn a_camicia_deal_is_given_by_index_or_seed() {
    let server = TestServer::start();
    for index in ["0", "447247122283566119055", "653534134886878244999"] {
        let answer = server.get(&format!("/api/camicia/deal?index={index}"));
        assert_eq!(answer.status, 200, "{}", answer.text());
        let deal = answer.json();
        assert_eq!(deal["index"], index);
        // The deal given is the one of that index.
        let record = camicia::notation::parse_deal(deal["deal"].as_str().expect("a deal"))
            .expect("a deal in the record notation");
        let pack = camicia::index::pack_of(&record).expect("a deal of the standard pack");
        assert_eq!(
            camicia::index::index(&pack).map(|i| i.to_string()),
            Some(index.to_owned())
        );
    }
    // The longest game of `parlor camicia stats --deals 1000000 --seed 1` (docs/camicia.md).
    let longest = server.get("/api/camicia/deal?seed=1&number=45149").json();
    assert_eq!(
        longest,
        json!({
            "index": "133395515600348129335",
            "deal": "Q--J------K----A-K-J----A-/-KK---QJJ-A---Q--------A-Q"
        })
    );
    assert_eq!(
        server.get("/api/camicia/deal?seed=7").json(),
        server.get("/api/camicia/deal?seed=7&number=0").json()
    );
    server.stop();
}

fn a_camicia_trace_or_deal_that_cannot_be_given_is_refused() {
    let server = TestServer::start();
    let input = reason("input");
    let message = server.refused(
        &server.post("/api/camicia/trace", "2 3\n4 5\n6 7\n8 9\n"),
        400,
        input.clone(),
    );
    assert!(
        message.starts_with("expected one game, found more"),
        "{message}"
    );
    // No game at all is the reader's to name.
    server.refused(&server.post("/api/camicia/trace", ""), 400, input_at(1, 1));
    server.refused(
        &server.post("/api/camicia/trace", "J 2 Z3\n4 J 5\n"),
        400,
        input_at(1, 5),
    );
    server.refused(&server.post("/api/camicia/trace", ""), 400, input_at(1, 1));
    server.refused(
        &server.post("/api/camicia/trace?input=xml", "2/3"),
        400,
        parameter("input"),
    );
    server.refused(
        &server.post("/api/camicia/trace?input=jsonl", "2/3"),
        400,
        input_at(1, 2),
    );
    assert_eq!(server.get("/api/camicia/trace").status, 405);
    assert_eq!(server.post("/api/camicia/deal?index=0", "").status, 405);
    server.refuses_parameters(&[
        ("/api/camicia/deal?index=653534134886878245000", "index"),
        ("/api/camicia/deal?index=1&seed=1", "seed"),
        ("/api/camicia/deal?index=1&number=1", "number"),
        ("/api/camicia/deal?seed=-1", "seed"),
    ]);
    server.refused(&server.get("/api/camicia/deal"), 400, input);
    server.stop();
}

fn a_camicia_trace_past_the_budget_is_422_at_once() {
    let server = TestServer::start();
    let started = Instant::now();
    let message = server.refused(
        &server.post("/api/camicia/trace", LONG),
        422,
        reason("budget"),
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert!(
        message.contains(&limits::MAX_TRACE_KEPT.to_string()) && message.contains("--trace --json"),
        "{message}"
    );
    server.stop();
}

/// The decks `decks` (`A/B`) after a trick whose cards `laid` were laid by `by` (`A` or `B` each)
/// and taken by `taker`: the rule book's trick, done here to check the server's.
fn after_trick(decks: &str, laid: &str, by: &str, taker: char) -> String {
    let (a, b) = decks.split_once('/').expect("A/B");
    let by_a = by.matches('A').count();
    let (mut a, mut b) = (a[by_a..].to_owned(), b[by.len() - by_a..].to_owned());
    if taker == 'A' {
        a.push_str(laid);
    } else {
        b.push_str(laid);
    }
    format!("{a}/{b}")
}

fn camicia_decks_start_with_the_deal_and_follow_every_trick_of_the_trace() {
    let server = TestServer::start();
    for deal in [
        NESSLER,
        "2 A 7 8 Q 10/3 4 5 6 K 9 J",
        "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA",
    ] {
        let answer = server.post("/api/camicia/decks", deal);
        assert_eq!(answer.status, 200, "{}", answer.text());
        assert_eq!(answer.header("content-type"), "application/json");
        let answer = answer.json();
        let decks = answer["decks"].as_array().expect("decks");
        let trace = server.post("/api/camicia/trace", deal).json();
        let text = |name: &str| trace[name].as_str().expect(name).to_owned();
        let (laid, by, takers) = (text("laid"), text("by"), text("takers"));
        let taken = trace["taken"].as_array().expect("taken");
        assert_eq!(decks.len(), taken.len() + 1, "{deal}");
        assert_eq!(decks[0], trace["deal"], "{deal}");
        let mut from = 0;
        for (round, (to, taker)) in taken.iter().zip(takers.chars()).enumerate() {
            let to = to.as_u64().expect("a count") as usize;
            let start = decks[round].as_str().expect("A/B");
            let after = after_trick(start, &laid[from..to], &by[from..to], taker);
            assert_eq!(
                decks[round + 1],
                json!(after),
                "{deal}: round {}",
                round + 1
            );
            from = to;
        }
    }
    let jsonl = r#"{"playerA": ["J", "2", "3"], "playerB": ["4", "J", "5"]}"#;
    let decks = server.post("/api/camicia/decks?input=jsonl", jsonl).json();
    assert_eq!(decks["decks"][0], "J23/4J5");
    let unread = server.post("/api/camicia/decks", "J 2 Z3\n4 J 5\n");
    server.refused(&unread, 400, input_at(1, 5));
    let unknown = server.post("/api/camicia/decks?input=xml", "2/3");
    server.refused(&unknown, 400, parameter("input"));
    server.refused(&server.get("/api/camicia/decks"), 405, reason("method"));
    server.stop();
}
