//! The referee on random deals against random players: a player acting as the rule book's robot
//! plays robot against robot; any legal log replays to the same game, through its text too; any
//! action is refused with the same reason however it is reached, and that reason follows from
//! what the player sees; every game keeps the rules' invariants; the robot chooses its reaction
//! after what set it choosing.

#[path = "common/deals.rs"]
mod deals;
#[path = "common/mimic.rs"]
mod mimic;
#[path = "common/replay.rs"]
mod replay;

use deals::any_deal;
use mimic::mimics;
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use replay::check_log;
use speed::{
    Action, Deal, Ending, Kind, LATEST_MS, Log, Refusal, Refused, Robot, Step, StepError, Stop,
    Timed, Versus, View, are_neighbours,
};

fn any_seat() -> impl Strategy<Value = Robot> {
    prop_oneof![Just(Robot::A), Just(Robot::B)]
}

fn any_reaction() -> impl Strategy<Value = speed::Reaction> {
    proptest::sample::select(speed::Reaction::OFFERED.to_vec())
}

/// Every action a log can name, with slots that do not exist.
fn any_action() -> impl Strategy<Value = Action> {
    let kinds: [fn(u8) -> Action; 3] = [Action::Draw, Action::Right, Action::Left];
    (0u8..=5, 0..3usize).prop_map(move |(slot, kind)| kinds[kind](slot))
}

/// The reason the rules give for `action` from what the player at `seat` sees in `view`, in
/// the referee's order: the slot, the hand, then the deck and the slot for a draw, the slot and
/// the table's top for a move.
fn seen_reason(view: &View, seat: Robot, action: Action) -> Result<(), Refusal> {
    let slot = action.slot();
    if !(1..=4).contains(&slot) {
        return Err(Refusal::NoSuchSlot(slot));
    }
    let own = &view.seats[seat.index()];
    if let Some(carry) = own.carry {
        return Err(Refusal::Busy(carry));
    }
    let held = own.slots[usize::from(slot) - 1];
    let pile = match action {
        Action::Draw(_) if own.deck == 0 => return Err(Refusal::DeckEmpty),
        Action::Draw(_) => {
            return held.map_or(Ok(()), |card| Err(Refusal::SlotTaken { slot, card }));
        }
        Action::Right(_) => seat.right(),
        Action::Left(_) => seat.other().right(),
    };
    let card = held.ok_or(Refusal::SlotEmpty(slot))?;
    let top = view.tops[pile.index()];
    match top {
        Some(top) if are_neighbours(card.rank, top.rank) => Ok(()),
        _ => Err(Refusal::NotNeighbour { card, pile, top }),
    }
}

/// A player who, at each stop, may let the game go on, or acts at a random instant before the
/// next thing happens with a random legal action; at each stop every action is checked against
/// what the player sees. Returns the game, the page's clock at the end, and the last step.
fn random_game(
    deal: &Deal,
    seat: Robot,
    reaction: speed::Reaction,
    seed: u64,
) -> (Versus, u32, Step) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Versus::new(deal, seat, reaction);
    let mut now = 0;
    loop {
        let step = game.step(now).unwrap();
        check_the_stop(&game, &step);
        let until = match step.stop {
            Stop::Over { .. } => return (game, now, step),
            Stop::Choice { .. } if rng.random_bool(0.3) => {
                now = step.at;
                continue;
            }
            Stop::Choice { next } => next,
            Stop::Stalled => step.at + 5_000,
        };
        let at = rng.random_range(step.at..until);
        let action = step.legal[rng.random_range(0..step.legal.len())];
        game.act(Timed { at, action }).unwrap();
        now = at;
    }
}

/// At a stop the player may act until the next thing happens, exactly as what it sees allows.
fn check_the_stop(game: &Versus, step: &Step) {
    if let Stop::Over { outcome, .. } = step.stop {
        assert_eq!(step.at, outcome.end_ms);
        assert!(step.legal.is_empty());
        return;
    }
    assert!(!step.legal.is_empty(), "{step:?}");
    let until = match step.stop {
        Stop::Choice { next } => next - 1,
        _ => step.at + 1_000,
    };
    let pending = game.clone();
    for at in [step.at, until] {
        for slot in 0..=5 {
            for action in [Action::Draw(slot), Action::Right(slot), Action::Left(slot)] {
                let got = pending.clone().act(Timed { at, action });
                assert_eq!(
                    got,
                    seen_reason(&step.view, game.seat(), action),
                    "{action} at {at}"
                );
                assert_eq!(got.is_ok(), step.legal.contains(&action));
            }
        }
    }
}

/// The robot starts each draw or move its reaction after it became free, or after a card
/// landed while it waited.
fn check_the_reaction(step: &Step, robot: Robot, reaction: u32) -> Result<(), String> {
    let events = &step.events;
    for (i, e) in events.iter().enumerate() {
        if e.robot != robot || !matches!(e.kind, Kind::Draw | Kind::Move) {
            continue;
        }
        let Some(seen) = e.start.checked_sub(reaction) else {
            return Err(format!("{e:?} starts before its reaction"));
        };
        let freed = events[..i]
            .iter()
            .rev()
            .find(|p| p.robot == robot)
            .is_some_and(|p| p.ending == Ending::Done && p.end == seen);
        let landed = events.iter().any(|p| p.landed() && p.end == seen);
        if !freed && !landed {
            return Err(format!(
                "{e:?}: nothing set the robot choosing at {seen} ms"
            ));
        }
    }
    Ok(())
}

/// The step of `log` with `timed` after it, through the crate's stateless step.
fn refusal_through_the_step(
    deal: &Deal,
    game: &Versus,
    log: &Log,
    timed: Timed,
) -> Result<(), Refusal> {
    match speed::step(deal, game.seat(), game.reaction(), log, timed.at) {
        Ok(_) => Ok(()),
        Err(StepError::Refused(Refused { number, reason, .. })) => {
            assert_eq!(number, log.actions().len());
            Err(reason)
        }
        Err(before) => panic!("{before}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_player_acting_as_the_robot_plays_robot_against_robot(deal in any_deal()) {
        mimics(&deal);
    }

    #[test]
    fn any_legal_log_replays_to_the_same_game(
        deal in any_deal(),
        seat in any_seat(),
        reaction in any_reaction(),
        seed in any::<u64>(),
    ) {
        let (game, now, over) = random_game(&deal, seat, reaction, seed);
        let Stop::Over { outcome, .. } = over.stop else {
            panic!("{over:?}")
        };
        prop_assert_eq!(check_log(&deal, &over.events, &outcome), Ok(()));
        prop_assert_eq!(check_the_reaction(&over, seat.other(), reaction.ms()), Ok(()));
        let log = game.log();
        prop_assert!(log.actions().len() < speed::MAX_ACTIONS);
        let replayed = Versus::replay(&deal, seat, reaction, log).unwrap();
        prop_assert_eq!(replayed.step(now), Ok(over.clone()));
        let text = log.to_string();
        let read: Log = text.parse().unwrap();
        prop_assert_eq!(&read, log);
        prop_assert_eq!(speed::step(&deal, seat, reaction, &read, now), Ok(over));
    }

    #[test]
    fn any_action_is_refused_with_the_same_reason_however_it_is_reached(
        deal in any_deal(),
        seat in any_seat(),
        reaction in any_reaction(),
        seed in any::<u64>(),
        cut in any::<prop::sample::Index>(),
        offset in -1_000i64..3_000,
        action in any_action(),
    ) {
        let (played, _, _) = random_game(&deal, seat, reaction, seed);
        let actions = played.log().actions();
        let kept = &actions[..cut.index(actions.len() + 1)];
        let before = Log::new(kept.to_vec()).unwrap();
        let game = Versus::replay(&deal, seat, reaction, &before).unwrap();
        let at = (i64::from(game.clock()) + offset).clamp(0, i64::from(LATEST_MS) + 1) as u32;
        let timed = Timed { at, action };
        let by_the_referee = game.clone().act(timed);
        let mut longer = kept.to_vec();
        longer.push(timed);
        match Log::new(longer) {
            Some(longer) => {
                let by_the_log = Versus::replay(&deal, seat, reaction, &longer).map(|_| ()).map_err(|r| {
                    assert_eq!((r.number, r.action), (longer.actions().len(), timed));
                    r.reason
                });
                prop_assert_eq!(by_the_log, by_the_referee);
                let by_the_step = refusal_through_the_step(&deal, &game, &longer, timed);
                prop_assert_eq!(by_the_step, by_the_referee);
                let read: Log = longer.to_string().parse().unwrap();
                let by_the_text = Versus::replay(&deal, seat, reaction, &read).map(|_| ()).map_err(|r| r.reason);
                prop_assert_eq!(by_the_text, by_the_referee);
            }
            // No log names a slot past 4 or an instant past the latest: the referee alone
            // meets such an action, and refuses it.
            None => prop_assert!(by_the_referee.is_err(), "{} is in no log, yet taken", timed),
        }
        match by_the_referee {
            Err(Refusal::OutOfOrder { at: a, clock }) => prop_assert!(a == at && a < clock),
            Err(Refusal::TooLate { at: a }) => prop_assert!(a == at && a > LATEST_MS),
            Err(Refusal::Over { end }) => prop_assert!(end <= at),
            Err(Refusal::Busy(carry)) => prop_assert!(carry.start <= at && at < carry.due),
            Err(Refusal::NotNeighbour { card, top: Some(top), .. }) => {
                prop_assert!(!are_neighbours(card.rank, top.rank));
            }
            _ => {}
        }
    }
}
