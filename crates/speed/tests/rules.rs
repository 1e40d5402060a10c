//! The rule book's worked example event by event, the public edge data, and one hand-made deal
//! for each rule, each worked out by hand.

use cards::Card;
use speed::Finish;
use speed::{Deal, Ending, Event, Kind, Pile, Place, Robot, contest, fast, reference};

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// The game ends at `end_ms` with A's last card `a` and B's `b` landing together, won by
/// `winner`, whose card is the stronger.
fn ends_together(game: &reference::Played, end_ms: u32, winner: Robot, a: &str, b: &str) {
    assert!(game.outcome.together);
    assert_eq!(game.outcome.end_ms, end_ms);
    assert_eq!(game.outcome.winner, winner);
    assert_eq!(
        game.finish,
        Finish::Together {
            a: card(a),
            b: card(b)
        }
    );
}

fn deal(a: &str, b: &str) -> Deal {
    Deal::new(&cards(a), &cards(b)).unwrap()
}

/// Plays with both engines, checks they agree, and returns the logged game.
fn play(a: &str, b: &str) -> reference::Played {
    let deal = deal(a, b);
    let game = reference::play(&deal);
    assert_eq!(
        fast::play(&deal),
        game.outcome,
        "fast and reference engines on {a} / {b}"
    );
    game
}

fn slot(n: u8) -> Place {
    Place::Slot(n)
}

fn table(t: Pile) -> Place {
    Place::Pile(t)
}

/// An event written compactly: robot, kind, card, from, to, (start, end), ending.
fn ev(
    robot: Robot,
    kind: Kind,
    c: &str,
    from: Place,
    to: Place,
    (start, end): (u32, u32),
    ending: Ending,
) -> Event {
    Event {
        robot,
        kind,
        card: card(c),
        from,
        to,
        start,
        end,
        ending,
    }
}

/// Events starting at `t`.
fn starting(game: &reference::Played, t: u32) -> Vec<Event> {
    game.events
        .iter()
        .filter(|e| e.start == t)
        .copied()
        .collect()
}

#[test]
fn the_worked_example_event_by_event() {
    use Ending::*;
    use Kind::*;
    use Robot::{A, B};
    let (ta, tb) = (table(Pile::A), table(Pile::B));
    let game = play("S3 S5 S8 S9 S2", "H7 H3 H4");
    let expected = [
        // 0 ms: A moves S2 from its deck to table A; B moves H7 (its rightmost card) to table B.
        ev(A, Opening, "S2", Place::Deck, ta, (0, 500), Done),
        ev(B, Opening, "H7", slot(1), tb, (0, 500), Done),
        // 500 ms: both land. A starts S3 to table A; B starts H3 to table A, its left.
        ev(A, Move, "S3", slot(1), ta, (500, 1000), Done),
        ev(B, Move, "H3", slot(2), ta, (500, 1000), Cancelled),
        // 1000 ms: S3 lands; B must return H3 (done at 1500). A starts S8 to table B.
        ev(B, Return, "H3", ta, slot(2), (1000, 1500), Done),
        ev(A, Move, "S8", slot(3), tb, (1000, 1700), Done),
        // 1500 ms: B starts H4 to table A.
        ev(B, Move, "H4", slot(3), ta, (1500, 2200), Done),
        // 1700 ms: S8 lands on table B; A starts S9 to table B.
        ev(A, Move, "S9", slot(4), tb, (1700, 2400), Done),
        // 2200 ms: H4 lands on table A; B starts H3 to table A.
        ev(B, Move, "H3", slot(2), ta, (2200, 2900), Done),
        // 2400 ms: S9 lands on table B; A starts S5 to table A.
        ev(A, Move, "S5", slot(2), ta, (2400, 2900), Cancelled),
        // 2900 ms: both reach table A; B moves to its left, so H3 lands and A returns S5.
        ev(A, Return, "S5", ta, slot(2), (2900, 2900), Unfinished),
    ];
    assert_eq!(game.events, expected);
    assert_eq!(game.outcome.winner, B);
    assert_eq!(game.outcome.end_ms, 2900);
    assert_eq!(game.outcome.deadends, 0);
    assert_eq!(game.outcome.returns, 2);
    assert_eq!(game.finish, Finish::Alone);
}

#[test]
fn the_public_data_sets() {
    let seed = contest::parse(include_str!("../../../testdata/speed/seed-example.in")).unwrap();
    let edge = contest::parse(include_str!("../../../testdata/speed/edge.in")).unwrap();
    for (deals, expected) in [
        (
            seed,
            include_str!("../../../testdata/speed/seed-example.out"),
        ),
        (edge, include_str!("../../../testdata/speed/edge.out")),
    ] {
        let got: String = deals
            .iter()
            .map(|deal| match reference::play(deal).outcome.winner {
                Robot::A => "A wins.\n",
                Robot::B => "B wins.\n",
            })
            .collect();
        assert_eq!(got, expected);
        for deal in &deals {
            assert_eq!(fast::play(deal), reference::play(deal).outcome);
        }
    }
}

#[test]
fn a_robot_refills_its_tableau_before_moving() {
    // S5 lands at 1000 and S4 could follow it, but slot 4 is empty and S7 waits in the deck.
    let game = play("S2 S3 S4 S5 S6 S7", "DK D9");
    assert_eq!(
        starting(&game, 1000),
        [ev(
            Robot::A,
            Kind::Draw,
            "S7",
            Place::Deck,
            slot(4),
            (1000, 1300),
            Ending::Done
        )]
    );
    assert_eq!(starting(&game, 1300)[0].card, card("S4"));
    // S4, S3, S2 follow; then neither S7 nor D9 fits: deadend at 2800, both restart from the
    // tableau and run out together at 3300, where D9 is stronger than S7.
    assert_eq!(game.outcome.deadends, 1);
    ends_together(&game, 3300, Robot::B, "S7", "D9");
}

#[test]
fn the_weakest_neighbour_goes_first() {
    // S6 on table A: D5, S5 and H7 all fit; D5 is the weakest.
    let game = play("S5 H7 D5 C2 S6", "DK D9");
    let first = starting(&game, 500);
    assert_eq!(first[0].card, card("D5"));
    assert_eq!(first[0].from, slot(3));
}

#[test]
fn the_ace_is_strong_so_a_three_goes_before_it() {
    // S2 on table A: HA and D3 both fit; the ace is the strongest rank, so D3 is the weakest.
    let game = play("HA D3 C9 CJ S2", "DK D7");
    assert_eq!(starting(&game, 500)[0].card, card("D3"));
}

#[test]
fn the_right_table_before_the_left() {
    // C7 fits S8 on table A (right), the weaker C4 fits D5 on table B (left): right first.
    let game = play("SK H9 C4 C7 S8", "D5 DJ");
    let first = starting(&game, 500);
    assert_eq!(
        first,
        [ev(
            Robot::A,
            Kind::Move,
            "C7",
            slot(4),
            table(Pile::A),
            (500, 1000),
            first[0].ending
        )]
    );
}

#[test]
fn a_return_is_timed_from_the_landing_that_cancelled_the_move() {
    // B starts H5 to table A (its left) at 1300; A's S3 lands there at 1500: H5 was carried
    // 200 ms, and is back in slot 2 at 2000, 500 ms after the landing.
    use Ending::*;
    use Kind::*;
    let game = play("S4 S3 C8 C7 S5", "HJ H5 D8 D7 HX C2");
    let ta = table(Pile::A);
    let tb = table(Pile::B);
    let moves: Vec<Event> = game
        .events
        .iter()
        .filter(|e| e.start >= 1000)
        .copied()
        .collect();
    assert_eq!(
        &moves[..4],
        [
            ev(Robot::A, Move, "S3", slot(2), ta, (1000, 1500), Done),
            ev(
                Robot::B,
                Draw,
                "C2",
                Place::Deck,
                slot(1),
                (1000, 1300),
                Done
            ),
            ev(Robot::B, Move, "H5", slot(2), ta, (1300, 1500), Cancelled),
            ev(Robot::B, Return, "H5", ta, slot(2), (1500, 2000), Done),
        ]
    );
    // Same-instant landings on different tables at 1000 (S4 on A, HJ on B) both stand.
    assert!(
        game.events
            .iter()
            .any(|e| e.card == card("S4") && e.end == 1000 && e.landed())
    );
    assert!(
        game.events
            .iter()
            .any(|e| e.card == card("HJ") && e.end == 1000 && e.landed())
    );
    // Then C2 to table A, a deadend at 2700 (restarts C8 and H5 from the tableau), C7 follows
    // C8 and lands at 3700 while B's D7 is on its way there: A wins.
    let restarts: Vec<Event> = game
        .events
        .iter()
        .filter(|e| e.kind == Restart)
        .copied()
        .collect();
    assert_eq!(
        restarts,
        [
            ev(Robot::A, Restart, "C8", slot(3), ta, (2700, 3200), Done),
            ev(Robot::B, Restart, "H5", slot(2), tb, (2700, 3200), Done),
        ]
    );
    assert_eq!(
        game.outcome,
        speed::Outcome {
            winner: Robot::A,
            end_ms: 3700,
            deadends: 1,
            returns: 2,
            together: false,
        }
    );
}

#[test]
fn left_movers_reaching_different_tables_together_both_land() {
    // Both move left at 500 (D6 to table B, H3 to table A) and land at 1200; then a deadend.
    let game = play("D6 CQ CJ C9 S2", "H3 H8 HQ CK D5");
    let landed_1200: Vec<Card> = game
        .events
        .iter()
        .filter(|e| e.end == 1200 && e.landed())
        .map(|e| e.card)
        .collect();
    assert_eq!(landed_1200, cards("D6 H3"));
    let restarts: Vec<(Card, Place)> = game
        .events
        .iter()
        .filter(|e| e.kind == Kind::Restart)
        .map(|e| (e.card, e.from))
        .collect();
    assert_eq!(restarts, [(card("CQ"), slot(2)), (card("H8"), slot(2))]);
    assert_eq!(game.outcome.winner, Robot::A);
    assert_eq!(game.outcome.end_ms, 2900);
    assert_eq!((game.outcome.deadends, game.outcome.returns), (1, 1));
    // B's HQ was still on its way at the end.
    let last = game.events.last().unwrap();
    assert_eq!(
        (last.card, last.ending, last.end),
        (card("HQ"), Ending::Unfinished, 2900)
    );
}

#[test]
fn a_deadend_restarts_from_the_deck_when_it_has_cards() {
    // Nothing fits right after the opening: A restarts with H4 from its deck, B with CK from
    // its tableau; B then plays out its queens and king first.
    let game = play("C5 C6 D5 D6 S2 H4", "CK CQ DK DQ HX");
    let restarts: Vec<(Robot, Card, Place, u32)> = game
        .events
        .iter()
        .filter(|e| e.kind == Kind::Restart)
        .map(|e| (e.robot, e.card, e.from, e.start))
        .collect();
    assert_eq!(
        restarts,
        [
            (Robot::A, card("H4"), Place::Deck, 500),
            (Robot::B, card("CK"), slot(1), 500)
        ]
    );
    assert_eq!(game.outcome.winner, Robot::B);
    assert_eq!(game.outcome.end_ms, 2500);
    assert_eq!((game.outcome.deadends, game.outcome.returns), (1, 0));
}

#[test]
fn the_same_table_at_the_same_instant_goes_to_the_left_mover() {
    // The worked example with the hands swapped: A moves H3 to table B, its left, while B's S5
    // heads for table B, its right; both arrive at 2900 and A's card lands.
    let game = play("H7 H3 H4", "S3 S5 S8 S9 S2");
    let at_2900: Vec<(Robot, Card, Ending)> = game
        .events
        .iter()
        .filter(|e| e.end == 2900)
        .map(|e| (e.robot, e.card, e.ending))
        .collect();
    assert_eq!(
        at_2900,
        [
            (Robot::A, card("H3"), Ending::Done),
            (Robot::B, card("S5"), Ending::Cancelled),
            (Robot::B, card("S5"), Ending::Unfinished),
        ]
    );
    assert_eq!(game.outcome.winner, Robot::A);
}

#[test]
fn finishing_together_is_decided_by_the_last_cards_strength() {
    ends_together(&play("HK", "SK"), 500, Robot::B, "HK", "SK");
    assert_eq!(play("SA", "C2").outcome.winner, Robot::A);
    assert_eq!(play("CA", "SK").outcome.winner, Robot::A);
    // A mid-game tie: S3 and H8 land together at 1000 as both robots' last cards.
    ends_together(&play("S2 S3", "H7 H8"), 1000, Robot::B, "S3", "H8");
}

#[test]
fn a_robot_out_of_cards_first_wins_at_once() {
    // B's only card lands at 500 while A still holds C3.
    let game = play("S2 C3", "D5");
    assert_eq!(game.outcome.winner, Robot::B);
    assert_eq!(game.outcome.end_ms, 500);
    assert_eq!(game.finish, Finish::Alone);
}

#[test]
fn waits_are_the_spans_without_an_action() {
    // The third example data set: after S3 lands at 1500, A can neither draw nor move until the
    // deadend's restart at 2700; B is busy throughout.
    let game = play("S4 S3 C8 C7 S5", "HJ H5 D8 D7 HX C2");
    assert_eq!(game.waits(Robot::A), [(1500, 2700)]);
    assert_eq!(game.waits(Robot::B), []);
    let worked = play("S3 S5 S8 S9 S2", "H7 H3 H4");
    assert_eq!(worked.waits(Robot::A), []);
    assert_eq!(worked.waits(Robot::B), []);
    // Actions and waits tile each robot's time from 0 to the end, on any deal.
    for index in 0..200 {
        let game = reference::play(&Deal::random(5, index, speed::Split::HALVES));
        for robot in [Robot::A, Robot::B] {
            let busy: u32 = game
                .events
                .iter()
                .filter(|e| e.robot == robot)
                .map(|e| e.end - e.start)
                .sum();
            let idle: u32 = game
                .waits(robot)
                .iter()
                .map(|(from, until)| until - from)
                .sum();
            assert_eq!(
                busy + idle,
                game.outcome.end_ms,
                "deal {index}, robot {robot}"
            );
        }
    }
}
