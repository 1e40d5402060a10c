//! Russian Solitaire's endpoints: a hint, a peek, a game played by a strategy.

use crate::support::{TestServer, UNKNOWN, reason};
use libtest_mimic::Trial;
use serde_json::json;
use serve::limits;

pub fn trials() -> Vec<Trial> {
    crate::tests![
        a_russian_hint_is_answered_for_every_table_and_query,
        a_peek_is_the_hint_for_the_table_with_every_card_shown,
        a_russian_game_is_played_by_every_strategy,
        the_russian_casino_nets_every_score_as_the_game_does,
        a_russian_hint_counts_its_ties_and_a_game_says_when_it_is_won,
        a_russian_hint_past_its_memory_or_a_play_past_its_positions_is_422,
    ]
}

/// Every card face up, spread over the seven columns: its exact maximum, 46, takes the solver
/// some 18 s (`parlor russian hint --deal FILE --samples 1`), and a table of hundreds of MB.
const EVERY_CARD_UP: &str = include_str!(crate::testdata!("testdata/russian/every-card-up.txt"));

fn a_russian_hint_past_its_memory_or_a_play_past_its_positions_is_422() {
    let server = TestServer::start();
    let hint = server.post("/api/russian/hint?samples=1", EVERY_CARD_UP);
    let message = server.refused(&hint, 422, reason("budget"));
    assert!(
        message.contains(&format!("{} MiB", limits::RUSSIAN_MEMORY >> 20))
            && message.contains("parlor russian hint"),
        "{message}"
    );
    // The planner at 10,000 layouts a decision examines 48,681,069 positions over deal 113.
    let play = server.get("/api/russian/play?deal=113&strategy=planner&samples=10000");
    let message = server.refused(&play, 422, reason("budget"));
    assert!(
        message.contains(&tally::grouped(limits::RUSSIAN_PLAY_POSITIONS))
            && message.contains("fewer samples")
            && message.contains("parlor russian play"),
        "{message}"
    );
    // Within it, the same game as ever.
    let fewer = server.get("/api/russian/play?deal=113&strategy=planner&samples=30");
    assert_eq!(fewer.status, 200, "{}", fewer.text());
    server.stop();
}

fn a_russian_hint_is_answered_for_every_table_and_query() {
    let server = TestServer::start();
    // Games' tables as the page holds them: after moves, and a PySolFC deal untouched.
    let mut tables = vec![UNKNOWN.to_owned()];
    for game in ["deal=113&moves=C3-1", "pysol=ms5", "deal=5&moves=CK-1,S5-5"] {
        let answer = server.get(&format!("/api/russian/game?{game}"));
        assert_eq!(answer.status, 200, "{game}: {}", answer.text());
        tables.push(answer.json()["table"].as_str().expect("a table").to_owned());
    }
    for table in &tables {
        for query in [
            "",
            "?samples=5&seed=3",
            "?seed=12345678901234",
            "?samples=200",
        ] {
            let answer = server.post(&format!("/api/russian/hint{query}"), table);
            assert_eq!(answer.status, 200, "{query}: {}", answer.text());
            assert_eq!(answer.header("content-type"), "application/json");
            // The same question, the same answer: a hint's layouts are drawn from its seed.
            let again = server.post(&format!("/api/russian/hint{query}"), table);
            assert_eq!(answer.text(), again.text(), "{query}\n{table}");
        }
    }
    server.stop();
}

/// The game's table (`[?]` for each face-down card) with its face-down cards shown: they are
/// the first cards of their columns in the deal, which never move until turned.
fn shown(table: &str, deal: &str) -> String {
    let mut columns = deal.lines();
    let mut text = String::new();
    for line in table.lines() {
        if line.starts_with("foundations:") {
            text.push_str(line);
        } else {
            let dealt: Vec<&str> = columns.next().expect("seven columns").split(' ').collect();
            let cards: Vec<&str> = line
                .split(' ')
                .enumerate()
                .map(|(i, card)| {
                    if card == russian::UNKNOWN {
                        dealt[i]
                    } else {
                        card
                    }
                })
                .collect();
            text.push_str(&cards.join(" "));
        }
        text.push('\n');
    }
    text
}

fn a_peek_is_the_hint_for_the_table_with_every_card_shown() {
    let server = TestServer::start();
    let mut won = 0;
    // Deal 5 begins by moving an ace to its foundation; on the game's table it is made.
    for (number, moves, samples) in [
        ("5", "", None),
        ("5", "CK-1,S5-5", Some("7")),
        ("113", "C3-1", None),
        // Two cards turned on the way.
        (
            "113",
            "D3-2,C3-1,H8-4,C9-2,SX-6,H7-4,C4-7,HA-2,DK-1,C5-2,S6-7,HQ-2",
            None,
        ),
    ] {
        let game = format!("deal={number}&moves={moves}");
        let table = server.get(&format!("/api/russian/game?{game}")).json()["table"]
            .as_str()
            .expect("a table")
            .to_owned();
        // The deal as `parlor russian deal --seed N` prints it.
        let deal = russian::deal::deal(number.parse().expect("a deal number")).to_string();
        let whole = shown(&table, &deal);
        assert!(!whole.contains(russian::UNKNOWN), "{whole}");
        let (query, hint) = match samples {
            Some(k) => (format!("{game}&samples={k}"), format!("?samples={k}")),
            None => (game, String::new()),
        };
        let answer = server.get(&format!("/api/russian/peek?{query}"));
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
        assert_eq!(
            answer.text(),
            server
                .post(&format!("/api/russian/hint{hint}"), &whole)
                .text(),
            "{query}\n{whole}"
        );
        let peek = answer.json();
        assert_eq!(peek["unknown"], 0);
        assert!(peek["maximum"].is_u64());
        // Won when the maximum is every card up: deal 113's is, after C3-1 too.
        assert_eq!(peek["won"], json!(peek["maximum"] == 52), "{query}");
        won += usize::from(peek["won"] == true);
    }
    assert!(won > 0, "no peek tried a game that can still be won");
    server.stop();
}

fn a_russian_game_is_played_by_every_strategy() {
    let server = TestServer::start();
    for strategy in ["random", "greedy", "lookahead", "planner", "clairvoyant"] {
        for deal in ["7", "113"] {
            let answer = server.get(&format!(
                "/api/russian/play?deal={deal}&strategy={strategy}"
            ));
            assert_eq!(answer.status, 200, "{}", answer.text());
            assert_eq!(answer.header("content-type"), "application/json");
            let played = answer.json();
            assert_eq!(played["strategy"], strategy, "deal {deal}");
            assert!(
                played["score"].as_u64().is_some_and(|score| score <= 52),
                "deal {deal}, {strategy}: {played}"
            );
        }
    }
    // PySolFC's deals, and the planner with its samples given.
    for query in [
        "pysol=ms5&strategy=random",
        "deal=113&strategy=planner&samples=3",
    ] {
        let answer = server.get(&format!("/api/russian/play?{query}"));
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
    }
    server.stop();
}

fn the_russian_casino_nets_every_score_as_the_game_does() {
    let server = TestServer::start();
    let answer = server.get("/api/russian/casino");
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(answer.header("content-type"), "application/json");
    let casino = answer.json();
    assert_eq!(
        (&casino["stake"], &casino["pay_per_card"]),
        (&json!(55.0), &json!(5.0))
    );
    // The planner's mean of docs/russian-etude.md, and what the house takes from it.
    assert_eq!(
        (&casino["planner_mean"], &casino["house_profit"]),
        (&json!(5.36), &json!(28.2))
    );
    assert_eq!(casino["pack"], 52);
    let net = casino["net"].as_array().expect("a net a score");
    assert_eq!(net.len(), 53);
    assert_eq!(
        (&net[0], &net[11], &net[52]),
        (&json!(-55.0), &json!(0.0), &json!(205.0))
    );
    // What a game shows as its net is the casino's for its score, as it goes and at its end.
    let played = server
        .get("/api/russian/play?deal=12&strategy=greedy")
        .json();
    let line: Vec<String> = played["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter(|m| m["kind"] == "column" || m["kind"] == "king")
        .map(|m| format!("{}-{}", m["card"].as_str().unwrap(), m["to"]))
        .collect();
    for played in [0, line.len() / 2, line.len()] {
        let game = server
            .get(&format!(
                "/api/russian/game?deal=12&moves={}",
                line[..played].join(",")
            ))
            .json();
        let score = game["score"].as_u64().expect("a score") as usize;
        assert_eq!(game["net"], net[score], "after {played} moves");
    }
    let unknown = server.get("/api/russian/casino?deal=1");
    server.refused(&unknown, 400, reason("parameter"));
    server.stop();
}

fn a_russian_hint_counts_its_ties_and_a_game_says_when_it_is_won() {
    let server = TestServer::start();
    // Deal 113 opens with four moves at the planner's best mean; the clairvoyant wins it.
    let start = server.get("/api/russian/game?deal=113").json();
    assert_eq!(start["won"], false);
    // `seed`, as the command line names a deal; `deal`, its older name, is the same.
    assert_eq!(server.get("/api/russian/game?seed=113").json(), start);
    let hint = server
        .post(
            "/api/russian/hint",
            start["table"].as_str().expect("a table"),
        )
        .json();
    let means: Vec<f64> = hint["moves"]
        .as_array()
        .expect("the moves")
        .iter()
        .map(|m| m["mean"].as_f64().expect("a mean"))
        .collect();
    let best = means.iter().copied().fold(f64::MIN, f64::max);
    let tied = means.iter().filter(|&&mean| mean == best).count();
    assert_eq!(hint["ties"], json!(tied));
    assert_eq!(hint["ties"], 4, "{hint}");
    // With cards face down the maximum, and whether it wins, are not known.
    assert!(hint["maximum"].is_null() && hint["won"].is_null(), "{hint}");
    let played = server
        .get("/api/russian/play?deal=113&strategy=clairvoyant")
        .json();
    assert_eq!(played["score"], 52);
    let line: Vec<String> = played["moves"]
        .as_array()
        .expect("the moves")
        .iter()
        .filter(|m| m["kind"] == "column" || m["kind"] == "king")
        .map(|m| format!("{}-{}", m["card"].as_str().expect("a card"), m["to"]))
        .collect();
    let end = server
        .get(&format!(
            "/api/russian/game?deal=113&moves={}",
            line.join(",")
        ))
        .json();
    assert_eq!((&end["score"], &end["won"]), (&json!(52), &json!(true)));
    server.stop();
}
