//! A player against the robot, worked out by hand: the referee's refusals word by word, the
//! player's free choice of a slot, the deadend and the stand-still, the robot's reaction, the
//! step's stops; and the player that acts as the rule book's robot would, which must replay
//! robot against robot on every game of the contest data the tests hold.

#[path = "common/mimic.rs"]
mod mimic;

use cards::Card;
use mimic::{mimics, played_out};
use speed::Finish;
use speed::{
    Action, Carry, Deal, Ending, Kind, LATEST_MS, Log, Pile, Place, Reaction, Refusal, Refused,
    Robot, StepError, Stop, Timed, Versus, contest,
};

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

fn deal(a: &str, b: &str) -> Deal {
    Deal::new(&cards(a), &cards(b)).unwrap()
}

fn log(text: &str) -> Log {
    text.parse().unwrap()
}

fn at(at: u32, action: Action) -> Timed {
    Timed { at, action }
}

#[test]
fn a_player_acting_as_the_robot_replays_every_game_of_the_contest_data() {
    let mut games = 0;
    for input in [
        include_str!("../../../testdata/speed/seed-example.in"),
        include_str!("../../../testdata/speed/edge.in"),
        include_str!("../../../examples/speed.in"),
    ] {
        for deal in contest::parse(input).unwrap() {
            mimics(&deal);
            games += 1;
        }
    }
    assert_eq!(games, 12);
    // The hand-made deals of the rule tests, one for each rule.
    for (a, b) in [
        ("S2 S3 S4 S5 S6 S7", "DK D9"),
        ("S5 H7 D5 C2 S6", "DK D9"),
        ("SK H9 C4 C7 S8", "D5 DJ"),
        ("D6 CQ CJ C9 S2", "H3 H8 HQ CK D5"),
        ("C5 C6 D5 D6 S2 H4", "CK CQ DK DQ HX"),
        ("S2 S3", "H7 H8"),
    ] {
        mimics(&deal(a, b));
    }
}

fn worked_example() -> Deal {
    deal("S3 S5 S8 S9 S2", "H7 H3 H4")
}

/// The refusal of `action` after `log`, through the referee and through a log.
fn refusal(deal: &Deal, log_text: &str, action: Timed) -> String {
    let mut game = Versus::replay(deal, Robot::A, Reaction::RULE_BOOK, &log(log_text)).unwrap();
    let reason = game.act(action).unwrap_err();
    let mut longer = log(log_text).actions().to_vec();
    longer.push(action);
    let Some(longer_log) = Log::new(longer.clone()) else {
        // No log names a slot past 4 or an instant past the latest: the referee alone refuses.
        assert!(
            matches!(reason, Refusal::NoSuchSlot(_) | Refusal::TooLate { .. }),
            "{reason}"
        );
        return reason.to_string();
    };
    let refused = Versus::replay(deal, Robot::A, Reaction::RULE_BOOK, &longer_log).unwrap_err();
    assert_eq!(
        refused,
        Refused {
            number: longer.len(),
            action,
            reason
        }
    );
    reason.to_string()
}

#[test]
fn every_refusal_says_why_in_words() {
    let worked = worked_example();
    // A log, then an action, and what the player is told (the last log is the rule book's game,
    // over at 2,900 ms; S2 was A's whole deck, and it opened).
    let cases = "
        | 400r1 | you are still putting S2 on table A until 500 ms
        500r1 | 700l3 | you are still carrying S3 to table A until 1000 ms
        500r1 | 500l3 | you are still carrying S3 to table A until 1000 ms
        | 500r2 | S5 cannot go on table A: its top card is S2, and a card must be one rank above or below
        500r1 | 400r2 | 400 ms is before 500 ms, where the game already is: actions go in time order
        500r1 | 1000r1 | slot 1 is empty: there is no card to move
        500r1 | 1000d1 | your deck is empty: there is no card to draw
        500r1,1000l3,1700l4,2400r2 | 2900l2 | the game is over: it ended at 2900 ms";
    for case in cases.lines().skip(1) {
        let parts: Vec<&str> = case.split('|').map(str::trim).collect();
        let [before, action, words] = parts[..] else {
            panic!("{case}")
        };
        let action = log(action).actions()[0];
        assert_eq!(refusal(&worked, before, action), words, "{case}");
    }
    // Beyond what a log's text can say.
    assert_eq!(
        refusal(&worked, "", at(500, Action::Draw(0))),
        "there is no slot 0: the slots are 1 (rightmost) to 4 (leftmost)"
    );
    assert_eq!(
        refusal(&worked, "", at(LATEST_MS + 1, Action::Draw(1))),
        "1000000000 ms is past the latest instant an action may have, 999999999 ms"
    );
    let with_a_deck = deal("S3 S5 S8 S9 S2 D4", "H7 H3 H4");
    assert_eq!(
        refusal(&with_a_deck, "", at(500, Action::Draw(2))),
        "slot 2 holds S5: draw into an empty slot"
    );
}

#[test]
fn a_refusal_for_its_instant_leaves_the_game_and_any_other_moves_the_clock() {
    let deal = worked_example();
    let mut game = Versus::new(&deal, Robot::A, Reaction::RULE_BOOK);
    game.act(at(500, Action::Right(1))).unwrap();
    assert_eq!(
        game.act(at(499, Action::Right(2))),
        Err(Refusal::OutOfOrder {
            at: 499,
            clock: 500
        })
    );
    assert_eq!(game.clock(), 500);
    assert!(matches!(
        game.act(at(900, Action::Left(3))),
        Err(Refusal::Busy(_))
    ));
    assert_eq!(game.clock(), 900);
    // The game went on as it would have: the same step from 900 as the log's.
    let from_the_log = speed::step(&deal, Robot::A, Reaction::RULE_BOOK, &log("500r1"), 900);
    assert_eq!(game.step(900), from_the_log);
    assert_eq!(
        game.step(899),
        Err(StepError::Before {
            now: 899,
            clock: 900
        })
    );
}

#[test]
fn the_player_chooses_the_slot_it_draws_into() {
    // S5 and then S4 go to table A; slots 3 and 4 are empty, and the player fills slot 4 first,
    // where the rule book's robot would fill slot 3.
    let deal = deal("S2 S3 S4 S5 S6 S7", "DK D9");
    let game = Versus::replay(
        &deal,
        Robot::A,
        Reaction::RULE_BOOK,
        &log("500r4,1000r3,1500d4"),
    )
    .unwrap();
    let step = game.step(1500).unwrap();
    let draw = step.events.iter().find(|e| e.kind == Kind::Draw).unwrap();
    assert_eq!(
        (draw.card.to_string(), draw.to, draw.start, draw.end),
        ("S7".into(), Place::Slot(4), 1500, 1800)
    );
    let a = step.view.seats[0];
    assert_eq!(
        a.slots,
        [Some("S2"), Some("S3"), None, Some("S7")].map(|c| c.map(card))
    );
    assert_eq!(a.deck, 0);
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

#[test]
fn the_game_stands_still_while_the_player_may_act_and_restarts_when_it_may_not() {
    // At 500 B's CQ fits neither table and waits; A may put D6 on H5 but does not.
    let deal = deal("H5 D6 S9", "C2 CQ");
    let step = speed::step(&deal, Robot::A, Reaction::RULE_BOOK, &Log::default(), 0).unwrap();
    assert_eq!((step.at, step.stop), (500, Stop::Stalled));
    assert_eq!(step.legal, [Action::Right(2)]);
    assert_eq!(
        speed::step(
            &deal,
            Robot::A,
            Reaction::RULE_BOOK,
            &Log::default(),
            60_000
        )
        .unwrap()
        .at,
        60_000
    );
    // D6 goes at 3,000 and lands at 3,500; then S9 fits nowhere, nor CQ: a deadend at once, and
    // both run out at 4,000, where CQ is stronger than S9.
    let step = speed::step(&deal, Robot::A, Reaction::RULE_BOOK, &log("3000r2"), 3000).unwrap();
    let restarts_at = |robot, t| {
        step.events
            .iter()
            .any(|e| (e.kind, e.robot, e.start) == (Kind::Restart, robot, t))
    };
    assert!(restarts_at(Robot::A, 3500) && restarts_at(Robot::B, 3500));
    let Stop::Over { outcome, finish } = step.stop else {
        panic!("{step:?}")
    };
    assert_eq!(
        (outcome.winner, outcome.end_ms, outcome.deadends),
        (Robot::B, 4000, 1)
    );
    assert_eq!(
        finish,
        Finish::Together {
            a: card("S9"),
            b: card("CQ")
        }
    );
    // The robot that reacts in 1,000 ms sees D6 land at 3,500 and chooses at 4,500: only then is
    // it a deadend.
    let slow = Reaction::new(1000).unwrap();
    let step = speed::step(&deal, Robot::A, slow, &log("3000r2"), 3000).unwrap();
    assert_eq!(step.at, 5000);
    assert_eq!(
        step.events
            .iter()
            .filter(|e| e.kind == Kind::Restart && e.start == 4500)
            .count(),
        2
    );
}

#[test]
fn a_robot_reacting_in_250_ms_chooses_250_ms_after_the_rule_books_robot_would() {
    use Robot::A;
    let deal = worked_example();
    let quarter = Reaction::new(250).unwrap();
    // The first stop: the player is free at 500, and B chooses at 750.
    let first = speed::step(&deal, A, quarter, &Log::default(), 0).unwrap();
    assert_eq!((first.at, first.stop), (500, Stop::Choice { next: 750 }));
    assert_eq!(first.legal, [Action::Right(1), Action::Left(3)]);
    let game = Versus::replay(&deal, A, quarter, &log("500r1,1000l3,1700l4,2450r2")).unwrap();
    let step = played_out(&game);
    // B chooses at 750 by the tables at 750; back at 1,500, it chooses at 1,750, S8 landing at
    // 1,700 changing only what it then sees.
    let expected = "
        A opening S2 deck to table A, 0 to 500 ms, done
        B opening H7 slot 1 to table B, 0 to 500 ms, done
        A move S3 slot 1 to table A, 500 to 1000 ms, done
        B move H3 slot 2 to table A, 750 to 1000 ms, cancelled
        B return H3 table A to slot 2, 1000 to 1500 ms, done
        A move S8 slot 3 to table B, 1000 to 1700 ms, done
        A move S9 slot 4 to table B, 1700 to 2400 ms, done
        B move H4 slot 3 to table A, 1750 to 2450 ms, done
        A move S5 slot 2 to table A, 2450 to 2950 ms, done
        B move H3 slot 2 to table A, 2700 to 2950 ms, cancelled
        B return H3 table A to slot 2, 2950 to 2950 ms, unfinished";
    let written: Vec<String> = step
        .events
        .iter()
        .map(|e| {
            let (r, k, c, f, t) = (e.robot, e.kind, e.card, e.from, e.to);
            format!(
                "{r} {k} {c} {f} to {t}, {} to {} ms, {}",
                e.start, e.end, e.ending
            )
        })
        .collect();
    let expected: Vec<&str> = expected.lines().skip(1).map(str::trim).collect();
    assert_eq!(written, expected);
    let Stop::Over { outcome, finish } = step.stop else {
        panic!("{step:?}")
    };
    assert_eq!(
        (outcome.winner, outcome.end_ms, outcome.returns),
        (A, 2950, 2)
    );
    assert_eq!(finish, Finish::Alone);
}

#[test]
fn a_step_plays_on_while_the_player_cannot_act_and_stops_when_it_may() {
    let deal = worked_example();
    // S8 leaves at 1,000 for table B; B's H3 is back at 1,500 and B sends H4 to table A, while
    // the player still carries S8: no stop. S8 lands at 1,700 and S9 may follow it: a stop,
    // the next thing being H4's landing at 2,200.
    let log = log("500r1,1000l3");
    let step = speed::step(&deal, Robot::A, Reaction::RULE_BOOK, &log, 1000).unwrap();
    assert_eq!((step.at, step.stop), (1700, Stop::Choice { next: 2200 }));
    assert_eq!(step.legal, [Action::Left(4)]);
    let h4 = Carry {
        kind: Kind::Move,
        card: card("H4"),
        from: Place::Slot(3),
        to: Place::Pile(Pile::A),
        start: 1500,
        due: 2200,
    };
    assert_eq!(step.view.seats[1].carry, Some(h4));
    assert_eq!(step.view.seats[0].carry, None);
    assert_eq!(step.view.tops, [Some(card("S3")), Some(card("S8"))]);
    // An action under way is cut at the stop, as at the end of a game.
    let last = step.events.last().unwrap();
    assert_eq!(
        (last.card, last.end, last.ending),
        (card("H4"), 1700, Ending::Unfinished)
    );
    // Asked again from the stop, the step goes on to the next; from before it, the same stop.
    let next = speed::step(&deal, Robot::A, Reaction::RULE_BOOK, &log, 1700).unwrap();
    assert_eq!((next.at, next.stop), (2200, Stop::Choice { next: 2900 }));
    let again = speed::step(&deal, Robot::A, Reaction::RULE_BOOK, &log, 1699).unwrap();
    assert_eq!(again, step);
}

#[test]
fn a_step_from_the_far_future_plays_to_the_end_or_stands_still_there() {
    let far = u32::MAX;
    let rule_book = Reaction::RULE_BOOK;
    let empty = Log::default();
    // Nobody plays at A: its cards leave only by the opening and the restarts, and B wins.
    let step = speed::step(&worked_example(), Robot::A, rule_book, &empty, far).unwrap();
    let Stop::Over { outcome, .. } = step.stop else {
        panic!("{step:?}")
    };
    assert_eq!((outcome.winner, step.at), (Robot::B, outcome.end_ms));
    let still = deal("H5 D6 S9", "C2 CQ");
    let step = speed::step(&still, Robot::A, rule_book, &empty, far).unwrap();
    assert_eq!((step.at, step.stop), (far, Stop::Stalled));
    let slowest = Reaction::new(Reaction::SLOWEST_MS).unwrap();
    let act = log(&format!("{LATEST_MS}r2"));
    let step = speed::step(&still, Robot::A, slowest, &act, far).unwrap();
    assert!(matches!(step.stop, Stop::Over { .. }), "{step:?}");
    assert_eq!(Reaction::new(Reaction::SLOWEST_MS + 1), None);
    assert_eq!(Reaction::OFFERED.map(Reaction::ms), [0, 250, 500, 1000]);
}

#[test]
fn a_game_played_out_is_every_step_asked_in_turn_to_the_end() {
    // The player sends S3 at 500 and then nothing: the steps stop at each of its chances.
    let game = Versus::replay(
        &worked_example(),
        Robot::A,
        Reaction::RULE_BOOK,
        &log("500r1"),
    )
    .unwrap();
    let mut step = game.step(500).unwrap();
    let mut stops = 0;
    while let Stop::Choice { .. } = step.stop {
        step = game.step(step.at).unwrap();
        stops += 1;
    }
    assert!(stops > 0);
    assert!(matches!(step.stop, Stop::Over { .. }), "{step:?}");
    assert_eq!(game.play_out(500), Ok(step));
    // Where the game stands still, so does a game played out.
    let still = Versus::new(&deal("H5 D6 S9", "C2 CQ"), Robot::A, Reaction::RULE_BOOK);
    let stalled = still.play_out(0).unwrap();
    assert_eq!((stalled.at, stalled.stop), (500, Stop::Stalled));
    assert_eq!(still.play_out(0), still.step(0));
    assert_eq!(
        game.play_out(499),
        Err(StepError::Before {
            now: 499,
            clock: 500
        })
    );
}
