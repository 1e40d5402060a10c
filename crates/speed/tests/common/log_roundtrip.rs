//! The check of the log's reader on any bytes, which the fuzz target `speed_log` runs on
//! generated inputs and the tests on its kept corpus (`fuzz/corpus/speed_log`): whatever reads
//! is written back as the very text read (a log has one text), and replays on one deal, at
//! either seat against every reaction, to a step or a refusal, never a panic.

use speed::{Deal, Log, Reaction, Robot, Split, Versus};

/// Panics only on a failure of the reader or the referee.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(log) = text.parse::<Log>() else {
        return;
    };
    assert_eq!(log.to_string(), text);
    let deal = Deal::random(2087, 0, Split::HALVES);
    for seat in Robot::BOTH {
        for reaction in Reaction::OFFERED {
            if let Ok(game) = Versus::replay(&deal, seat, reaction, &log) {
                let step = game
                    .step(game.clock())
                    .expect("a step from the game's clock");
                assert!(step.at >= game.clock(), "{text}");
            }
        }
    }
}
