//! Speed's endpoints and page.

use super::*;

#[test]
fn speed_play_is_what_speed_json_prints() {
    let server = Server::start(&[]);
    server.plays_like_the_command("speed", "../../examples/speed.in");
    // The rule book's worked example, and a game with a deadend, a wait and a draw written with
    // the counts on the cards' lines.
    for input in [
        "5\nS3 S5 S8 S9 S2\n3\nH7 H3 H4\n0\n",
        "5 S4 S3 C8 C7 S5\n6 HJ H5 D8 D7 HX C2\n\n0\n",
    ] {
        let answer = server.post("/api/speed/play", input);
        assert_eq!(answer.status, 200, "{input:?}: {}", answer.text());
        assert_eq!(
            answer.text(),
            stdout_reading(&["speed", "--json", "-"], input),
            "{input:?}"
        );
    }
    server.stop(libc::SIGTERM);
}

#[test]
fn a_speed_deal_is_the_deal_stats_plays() {
    let server = Server::start(&[]);
    for (seed, split) in [
        ("1", "26/26"),
        ("7", "20/32"),
        ("18446744073709551615", "1/51"),
    ] {
        let answer = server.get(&format!("/api/speed/deal?seed={seed}&deal=0&split={split}"));
        assert_eq!(answer.status, 200, "{}", answer.text());
        let deal = answer.json();
        // One deal played by `stats` is its own longest game, named with its hands.
        let stats: Value = serde_json::from_str(&stdout_of(&[
            "speed", "stats", "--deals", "1", "--seed", seed, "--split", split, "--json", "--quiet",
        ]))
        .expect("stats --json is JSON");
        let longest = &stats["longest"];
        assert_eq!(longest["deal"], json!(0));
        assert_eq!(
            deal["input"],
            json!(format!(
                "{}\n{}\n0\n",
                longest["a"].as_str().unwrap(),
                longest["b"].as_str().unwrap()
            ))
        );
        assert_eq!(deal["seed"].to_string(), seed);
        // The deal played is what the command line plays for that input.
        let input = deal["input"].as_str().unwrap();
        let played = server.post("/api/speed/play", input);
        assert_eq!(
            played.text(),
            stdout_reading(&["speed", "--json", "-"], input)
        );
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
    server.stop(libc::SIGTERM);
}

#[test]
fn bad_speed_input_gets_the_readers_message_with_its_place() {
    let server = Server::start(&[]);
    for (bad, line, column) in [
        ("1\nSA\n1\nS1\n0\n", 4, 1),
        ("2\nSA H2\n1\nH2\n0\n", 4, 1),
        ("3\nSA H2\n1\nH3\n0\n", 2, 6),
        ("1\nSA\n1\nSK\n", 5, 1),
        ("1\nSA\n1\nSK\n0\nmore\n", 6, 1),
        ("", 1, 1),
    ] {
        let message = server.refused(
            &server.post("/api/speed/play", bad),
            400,
            input_at(line, column),
        );
        rejects(&["speed", "--json"], bad, &message);
    }
    server.refused(
        &server.post("/api/speed/play?lang=az", "1\nSA\n1\nSK\n0\n"),
        400,
        reason("parameter"),
    );
    server.refused(&server.get("/api/speed/play"), 405, reason("method"));
    server.stop(libc::SIGTERM);
}

#[test]
fn the_speed_page_is_served_with_everything_it_names() {
    let server = Server::start(&[]);
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
    server.stop(libc::SIGTERM);
}

#[test]
fn the_speed_times_are_those_every_finished_action_takes() {
    let server = Server::start(&[]);
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
    let contest = std::fs::read_to_string("../../examples/speed.in").expect("the sample");
    let mut seen = std::collections::BTreeSet::new();
    for game in server.post("/api/speed/play", &contest).text().lines() {
        let game: Value = serde_json::from_str(game).expect("a game a line");
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
    server.stop(libc::SIGTERM);
}
