//! The player who does what the rule book's robot did.

use speed::{
    Action, Deal, Kind, Log, Place, Reaction, Robot, Step, Stop, Timed, Versus, reference,
};

/// The log of the player at `seat` who does what the rule book's robot did in `game`.
pub fn as_the_robot_did(game: &reference::Played, seat: Robot) -> Log {
    let actions = game
        .events
        .iter()
        .filter(|e| e.robot == seat)
        .filter_map(|e| {
            let action = match (e.kind, e.from, e.to) {
                (Kind::Draw, _, Place::Slot(n)) => Action::Draw(n),
                (Kind::Move, Place::Slot(n), Place::Pile(pile)) if pile == seat.right() => {
                    Action::Right(n)
                }
                (Kind::Move, Place::Slot(n), Place::Pile(_)) => Action::Left(n),
                _ => return None,
            };
            Some(Timed {
                at: e.start,
                action,
            })
        })
        .collect();
    Log::new(actions).unwrap()
}

/// The game with no more action of the player, to its end.
pub fn played_out(game: &Versus) -> Step {
    let step = game.step(game.clock()).unwrap();
    assert!(matches!(step.stop, Stop::Over { .. }), "{step:?}");
    step
}

/// A player at either seat acting as the rule book's robot did gives robot against robot.
pub fn mimics(deal: &Deal) {
    let game = reference::play(deal);
    for seat in Robot::BOTH {
        let log = as_the_robot_did(&game, seat);
        let versus = Versus::replay(deal, seat, Reaction::RULE_BOOK, &log).unwrap();
        let step = played_out(&versus);
        let stop = Stop::Over {
            outcome: game.outcome,
            finish: game.finish,
        };
        assert_eq!((step.at, step.stop), (game.outcome.end_ms, stop), "{seat}");
        assert_eq!(step.events, game.events, "{seat}");
        assert_eq!(versus.log(), &log);
    }
}
