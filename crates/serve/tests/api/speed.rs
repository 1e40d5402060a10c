//! Speed's endpoints and page.

use crate::support::pages::files_named;
use crate::support::random::Rng;
use crate::support::{TestServer, input_at, parameter, reason};
use libtest_mimic::Trial;
use serde_json::{Value, json};
use speed::{Action, Deal, Log, Reaction, Robot, Split, Timed, Versus};

pub fn trials() -> Vec<Trial> {
    crate::tests![
        speed_play_plays_every_game_of_the_input,
        a_speed_deal_is_given_by_seed_deal_and_split,
        bad_speed_input_gets_the_readers_message_with_its_place,
        the_speed_page_is_served_with_everything_it_names,
        the_speed_times_are_those_every_finished_action_takes,
        a_game_against_the_robot_is_the_referees_step_by_step,
        a_player_acting_as_the_robot_replays_robot_against_robot,
        an_illegal_action_is_refused_with_the_referees_reason,
        bad_input_against_the_robot_is_refused_with_its_reason,
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

/// The rule book's worked example, as contest input.
const WORKED: &str = "5\nS3 S5 S8 S9 S2\n3\nH7 H3 H4\n0\n";

/// The address of a step of the game against the robot.
fn versus(seat: Robot, reaction: u32, log: &str, rest: &str) -> String {
    format!("/api/speed/versus?seat={seat}&reaction={reaction}&log={log}{rest}")
}

fn a_game_against_the_robot_is_the_referees_step_by_step() {
    let server = TestServer::start();
    let deal = speed::contest::parse(WORKED).unwrap()[0];
    let quarter = Reaction::new(250).unwrap();
    for (seat, reaction, log, now) in [
        (Robot::A, Reaction::RULE_BOOK, "", None),
        (Robot::A, Reaction::RULE_BOOK, "500r1", Some(500)),
        (Robot::A, Reaction::RULE_BOOK, "500r1,1000l3", Some(1000)),
        (Robot::A, Reaction::RULE_BOOK, "500r1,1000l3", Some(1700)),
        (Robot::A, quarter, "500r1,1000l3,1700l4,2450r2", None),
        (Robot::B, Reaction::RULE_BOOK, "", None),
        (Robot::B, quarter, "", Some(900)),
    ] {
        let text = log;
        let log: Log = text.parse().unwrap();
        let game = Versus::replay(&deal, seat, reaction, &log).unwrap();
        let step = game
            .step(now.unwrap_or(game.log().actions().last().map_or(0, |a| a.at)))
            .unwrap();
        let expected = serde_json::to_value(report::speed::StepJson::new(&deal, &game, &step));
        let rest = now.map_or(String::new(), |now| format!("&now={now}"));
        let answer = server.post(&versus(seat, reaction.ms(), text, &rest), WORKED);
        assert_eq!(answer.status, 200, "{}", answer.text());
        assert_eq!(answer.header("content-type"), "application/json");
        assert_eq!(answer.json(), expected.unwrap(), "{seat} {text}");
    }
    // The first stop of the worked example: A's opening card has landed at 500 and S3 may
    // follow it; B's H3 is under way to table A.
    let first = server.post(&versus(Robot::A, 0, "", ""), WORKED).json();
    assert_eq!(
        (
            &first["at"],
            &first["stop"],
            &first["next"],
            &first["legal"]
        ),
        (
            &json!(500),
            &json!("choice"),
            &json!(1200),
            &json!(["r1", "l3"])
        )
    );
    assert_eq!(first["seats"][1]["carry"]["card"], "H3");
    assert_eq!(first["tops"], json!(["S2", "H7"]));
    // Seat A and the rule book's robot unless named; the game played out to its end.
    let out = server
        .post("/api/speed/versus?log=500r1&until=end", WORKED)
        .json();
    assert_eq!(
        (&out["stop"], &out["winner"]),
        (&json!("over"), &json!("B"))
    );
    assert_eq!(out["end_ms"], out["at"]);
    assert_eq!(out["legal"], json!([]));
    server.stop();
}

/// The log of the player at `seat` who does what the rule book's robot did in `game`, a game
/// of `/api/speed/play`.
fn as_the_robot_did(game: &Value, seat: &str, right: &str) -> String {
    let slot = |place: &Value| {
        place
            .as_str()
            .unwrap()
            .strip_prefix("slot ")
            .map(str::to_owned)
    };
    let actions: Vec<String> = game["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["robot"] == seat)
        .filter_map(|e| {
            let action = match e["kind"].as_str().unwrap() {
                "draw" => format!("d{}", slot(&e["to"])?),
                "move" if e["to"] == right => format!("r{}", slot(&e["from"])?),
                "move" => format!("l{}", slot(&e["from"])?),
                _ => return None,
            };
            Some(format!("{}{action}", e["start"]))
        })
        .collect();
    actions.join(",")
}

fn a_player_acting_as_the_robot_replays_robot_against_robot() {
    let server = TestServer::start();
    let contest = include_str!(crate::testdata!("testdata/speed/edge.in"));
    let games = server.post("/api/speed/play", contest);
    let deals = speed::contest::parse(contest).unwrap();
    let games: Vec<Value> = games
        .text()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(games.len(), deals.len());
    for (deal, game) in deals.iter().zip(&games) {
        let input = speed::contest::write(std::slice::from_ref(deal));
        for (seat, right) in [("A", "table A"), ("B", "table B")] {
            let log = as_the_robot_did(game, seat, right);
            let path = format!("/api/speed/versus?seat={seat}&log={log}&until=end");
            let answer = server.post(&path, &input);
            assert_eq!(answer.status, 200, "{}", answer.text());
            let played = answer.json();
            assert_eq!(played["log"], log.as_str());
            for field in [
                "winner", "end_ms", "deadends", "returns", "a", "b", "waits", "events",
            ] {
                assert_eq!(played[field], game[field], "{seat} {field} {input}");
            }
        }
    }
    server.stop();
}

/// A random action at a random instant from `clock`, often one the rules refuse.
fn any_action(rng: &mut Rng, clock: u32) -> Timed {
    let action = Action::ALL[rng.below(Action::ALL.len())];
    let at = match rng.below(8) {
        0 => clock.saturating_sub(1 + rng.below(300) as u32),
        _ => clock + rng.below(900) as u32,
    };
    Timed { at, action }
}

fn an_illegal_action_is_refused_with_the_referees_reason() {
    let server = TestServer::start();
    let mut rng = Rng::new(52);
    let mut refused = std::collections::HashSet::new();
    for game in 0..24 {
        let split = Split::new(2 + rng.below(24), 2 + rng.below(24)).unwrap();
        let deal = Deal::random(52, game, split);
        let input = speed::contest::write(std::slice::from_ref(&deal));
        let seat = Robot::BOTH[rng.below(2)];
        let reaction = Reaction::OFFERED[rng.below(4)];
        let mut referee = Versus::new(&deal, seat, reaction);
        // Actions at random: each refused one asked of the API after the accepted ones.
        for _ in 0..40 {
            let clock = referee.clock();
            let timed = any_action(&mut rng, clock);
            let mut longer = referee.log().actions().to_vec();
            longer.push(timed);
            let log = Log::new(longer).unwrap().to_string();
            let answer = server.post(&versus(seat, reaction.ms(), &log, ""), &input);
            // A refusal moves the clock on; the API's game is the accepted actions'.
            let mut trial = referee.clone();
            match trial.act(timed) {
                Ok(()) => {
                    assert_eq!(answer.status, 200, "{log}: {}", answer.text());
                    referee = trial;
                }
                Err(reason) => {
                    let number = referee.log().actions().len() + 1;
                    let message = server.refused(&answer, 422, parameter_refused());
                    assert_eq!(message, format!("log: action {number} ({timed}): {reason}"));
                    refused.insert(std::mem::discriminant(&reason));
                }
            }
            if referee
                .step(referee.clock())
                .is_ok_and(|s| s.legal.is_empty())
            {
                break;
            }
        }
    }
    // Out of order, busy, a slot taken or empty, not a neighbour, an empty deck, over.
    assert!(refused.len() >= 6, "{refused:?}");
    server.stop();
}

/// A refusal's fields for an action of the log the rules refuse.
fn parameter_refused() -> Value {
    json!({"reason": "refused", "parameter": "log"})
}

fn bad_input_against_the_robot_is_refused_with_its_reason() {
    let server = TestServer::start();
    let refused = |path: &str, body: &str, status, fields| {
        server.refused(&server.post(path, body), status, fields)
    };
    // Out of time order, and past the game's end (B wins at 2,900 ms if A plays S3 alone).
    let refused_log = |log: &str| {
        refused(
            &versus(Robot::A, 0, log, ""),
            WORKED,
            422,
            parameter_refused(),
        )
    };
    let message = refused_log("1000l3,500r1");
    assert_eq!(
        message,
        "log: action 2 (500r1): 500 ms is before 1000 ms, where the game already is: actions go \
         in time order"
    );
    let message = refused_log("500r1,3000l3");
    assert!(
        message.ends_with("(3000l3): the game is over: it ended at 2900 ms"),
        "{message}"
    );
    let message = refused(
        &versus(Robot::A, 0, "500r1", "&now=499"),
        WORKED,
        400,
        parameter("now"),
    );
    assert_eq!(
        message,
        "now: the clock, 499 ms, is before the log's last action at 500 ms"
    );
    // A card not in a pack, a card dealt twice, and more than one deal.
    refused(
        &versus(Robot::A, 0, "", ""),
        "2\nS3 ZZ\n1\nH7\n0\n",
        400,
        input_at(2, 4),
    );
    refused(
        &versus(Robot::A, 0, "", ""),
        "2\nS3 H7\n1\nH7\n0\n",
        400,
        input_at(4, 1),
    );
    let two = "1\nS3\n1\nH7\n1\nS4\n1\nH8\n0\n";
    let message = refused(&versus(Robot::A, 0, "", ""), two, 400, reason("input"));
    assert!(
        message.starts_with("expected one data set, found more"),
        "{message}"
    );
    let message = refused(&versus(Robot::A, 0, "", ""), "0\n", 400, reason("input"));
    assert!(
        message.starts_with("expected one data set, found none"),
        "{message}"
    );
    // A log longer than any game: read up to its 101st action, or past the head's bound.
    let long = vec!["1d1"; 101].join(",");
    let message = refused(
        &versus(Robot::A, 0, &long, ""),
        WORKED,
        400,
        json!({"reason": "parameter", "parameter": "log", "column": 401}),
    );
    assert_eq!(
        message,
        "log: column 401: a log holds at most 100 actions, more than any game can take"
    );
    let million = vec!["1d1"; 1_000_000].join(",");
    let head = format!(
        "POST {} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n{WORKED}",
        versus(Robot::A, 0, &million, ""),
        server.address(),
        WORKED.len()
    );
    // Refused once the head passes its bound, 8 KiB in: the rest of the 4 MB is never read, and a
    // client still writing it would find the connection reset, so only its first 16 KiB go.
    let (_, answer) = server.raw(&head.as_bytes()[..16 << 10]).join().unwrap();
    assert!(
        answer.starts_with(b"HTTP/1.1 431 "),
        "{:?}",
        &answer[..40.min(answer.len())]
    );
    server.still_answers();
    // A body past the bound.
    let full = format!("{WORKED}{}", " ".repeat(serve::limits::MAX_BODY));
    refused(
        &versus(Robot::A, 0, "", ""),
        &full,
        413,
        reason("too-large"),
    );
    for (query, name) in [
        ("seat=C", "seat"),
        ("reaction=10001", "reaction"),
        ("reaction=-1", "reaction"),
        ("now=1000000000", "now"),
        ("until=later", "until"),
        ("seat=A&seat=B", "seat"),
    ] {
        refused(
            &format!("/api/speed/versus?{query}"),
            WORKED,
            400,
            parameter(name),
        );
    }
    refused(
        "/api/speed/versus?colour=red",
        WORKED,
        400,
        reason("parameter"),
    );
    server.refused(&server.get("/api/speed/versus"), 405, reason("method"));
    server.stop();
}
