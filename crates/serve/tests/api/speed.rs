//! Speed's endpoints and page.

use crate::support::pages::files_named;
use crate::support::{TestServer, input_at, reason};
use libtest_mimic::Trial;
use serde_json::json;

pub fn trials() -> Vec<Trial> {
    crate::tests![
        speed_play_plays_every_game_of_the_input,
        a_speed_deal_is_given_by_seed_deal_and_split,
        bad_speed_input_gets_the_readers_message_with_its_place,
        the_speed_page_is_served_with_everything_it_names,
        the_speed_times_are_those_every_finished_action_takes,
    ]
}

fn speed_play_plays_every_game_of_the_input() {
    let server = TestServer::start();
    let examples = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/speed.in"
    ));
    // The examples, the rule book's worked example, and a game with a deadend, a wait and a
    // draw written with the counts on the cards' lines.
    for input in [
        examples,
        "5\nS3 S5 S8 S9 S2\n3\nH7 H3 H4\n0\n",
        "5 S4 S3 C8 C7 S5\n6 HJ H5 D8 D7 HX C2\n\n0\n",
    ] {
        let answer = server.post("/api/speed/play", input);
        assert_eq!(answer.status, 200, "{input:?}: {}", answer.text());
        assert_eq!(answer.header("content-type"), "application/x-ndjson");
        // One game a line, each won by whom and when the fast engine says.
        let games: Vec<serde_json::Value> = answer
            .text()
            .lines()
            .map(|line| serde_json::from_str(line).expect("a JSON line"))
            .collect();
        let fast: Vec<serde_json::Value> = speed::contest::parse(input)
            .expect("contest input")
            .iter()
            .map(|deal| {
                let outcome = speed::fast::play(deal);
                json!([outcome.winner.to_string(), outcome.end_ms])
            })
            .collect();
        let answered: Vec<serde_json::Value> = games
            .iter()
            .map(|game| json!([game["winner"], game["end_ms"]]))
            .collect();
        assert_eq!(answered, fast, "{input:?}");
    }
    server.stop();
}

fn a_speed_deal_is_given_by_seed_deal_and_split() {
    let server = TestServer::start();
    for (seed, split) in [
        ("1", "26/26"),
        ("7", "20/32"),
        ("18446744073709551615", "1/51"),
    ] {
        let answer = server.get(&format!("/api/speed/deal?seed={seed}&deal=0&split={split}"));
        assert_eq!(answer.status, 200, "{}", answer.text());
        let deal = answer.json();
        assert_eq!(deal["seed"].to_string(), seed);
        // Contest input of one game, each robot's cards as the split says.
        let input = deal["input"].as_str().expect("contest input");
        let deals = speed::contest::parse(input).expect("contest input");
        let [dealt] = deals.as_slice() else {
            panic!("one game: {input:?}");
        };
        let sizes = format!(
            "{}/{}",
            dealt.cards(speed::Robot::A).len(),
            dealt.cards(speed::Robot::B).len()
        );
        assert_eq!(sizes, split, "{input:?}");
        let played = server.post("/api/speed/play", input);
        assert_eq!(played.status, 200, "{}", played.text());
    }
    // Seed 1, deal 0 and a full pack unless named.
    assert_eq!(
        server.get("/api/speed/deal").json(),
        server
            .get("/api/speed/deal?seed=1&deal=0&split=26/26")
            .json()
    );
    server.refuses_parameters(&[
        ("/api/speed/deal?split=0/5", "split"),
        ("/api/speed/deal?split=30/30", "split"),
        ("/api/speed/deal?seed=-1", "seed"),
        ("/api/speed/deal?deal=1e3", "deal"),
        ("/api/speed/deal?deal=18446744073709551616", "deal"),
    ]);
    server.refused(&server.post("/api/speed/deal", ""), 405, reason("method"));
    server.stop();
}

fn bad_speed_input_gets_the_readers_message_with_its_place() {
    let server = TestServer::start();
    for (bad, line, column) in [
        ("1\nSA\n1\nS1\n0\n", 4, 1),
        ("2\nSA H2\n1\nH2\n0\n", 4, 1),
        ("3\nSA H2\n1\nH3\n0\n", 2, 6),
        ("1\nSA\n1\nSK\n", 5, 1),
        ("1\nSA\n1\nSK\n0\nmore\n", 6, 1),
        ("", 1, 1),
    ] {
        server.refused(
            &server.post("/api/speed/play", bad),
            400,
            input_at(line, column),
        );
    }
    server.refused(
        &server.post("/api/speed/play?lang=az", "1\nSA\n1\nSK\n0\n"),
        400,
        reason("parameter"),
    );
    server.refused(&server.get("/api/speed/play"), 405, reason("method"));
    server.stop();
}

fn the_speed_page_is_served_with_everything_it_names() {
    let server = TestServer::start();
    let page = server.get("/speed");
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-type"), "text/html; charset=utf-8");
    assert!(
        page.header("content-security-policy")
            .contains("default-src 'self'")
    );
    let mut files = files_named(page.text());
    files.extend(files_named(server.get("/speed.js").text()));
    assert!(files.contains(&"/speed.js".to_owned()), "{files:?}");
    for file in files {
        assert_eq!(server.get(&file).status, 200, "/speed names {file}");
    }
    server.stop();
}

fn the_speed_times_are_those_every_finished_action_takes() {
    let server = TestServer::start();
    let answer = server.get("/api/speed/times");
    assert_eq!(
        (answer.status, answer.header("content-type"), answer.text()),
        (
            200,
            "application/json",
            "{\"draw_ms\":300,\"right_ms\":500,\"left_ms\":700,\"return_ms\":500,\
             \"right\":{\"A\":\"table A\",\"B\":\"table B\"}}\n"
        )
    );
    let times = answer.json();
    // The contest's sample draws, returns and moves to either table: each action it finishes
    // lasts what the times say.
    let contest = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/speed.in"
    ));
    let mut seen = std::collections::BTreeSet::new();
    for game in server.post("/api/speed/play", contest).text().lines() {
        let game: serde_json::Value = serde_json::from_str(game).expect("a game a line");
        for event in game["events"].as_array().expect("events") {
            if event["status"] != "done" {
                continue;
            }
            let length = match event["kind"].as_str().expect("a kind") {
                "draw" => "draw_ms",
                "return" => "return_ms",
                _ if event["to"] == times["right"][event["robot"].as_str().unwrap()] => "right_ms",
                _ => "left_ms",
            };
            let lasted = event["end"].as_u64().unwrap() - event["start"].as_u64().unwrap();
            assert_eq!(json!(lasted), times[length], "{event}");
            seen.insert(length);
        }
    }
    assert_eq!(seen.len(), 4, "{seen:?}");
    let unknown = server.get("/api/speed/times?lang=az");
    server.refused(&unknown, 400, reason("parameter"));
    server.refused(&server.post("/api/speed/times", ""), 405, reason("method"));
    server.stop();
}
