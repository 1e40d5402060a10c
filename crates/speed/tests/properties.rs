//! Invariants of every game, checked by replaying the log on its own: cards are conserved, the
//! clock never goes back, a robot never holds two cards; and the fast engine against the
//! reference one on many deals.

#[path = "common/deals.rs"]
mod deals;
#[path = "common/replay.rs"]
mod replay;

use deals::any_deal;
use proptest::prelude::*;
use replay::check_log;
use speed::{Deal, Split, fast, reference};

/// Every invariant of the game's log, and the fast engine's agreement.
fn check(deal: &Deal) -> Result<(), String> {
    let game = reference::play(deal);
    check_log(deal, &game.events, &game.outcome)?;
    if fast::play(deal) != game.outcome {
        return Err("the fast engine disagrees".into());
    }
    Ok(())
}

/// The same deal with the robots' cards swapped.
fn mirrored(deal: &Deal) -> Deal {
    Deal::new(deal.b(), deal.a()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    #[test]
    fn every_game_keeps_the_rules_invariants(deal in any_deal()) {
        prop_assert_eq!(check(&deal), Ok(()));
    }

    #[test]
    fn swapping_the_hands_mirrors_the_game(deal in any_deal()) {
        let game = fast::play(&deal);
        let swapped = fast::play(&mirrored(&deal));
        prop_assert_eq!(swapped.winner, game.winner.other());
        prop_assert_eq!(
            (swapped.end_ms, swapped.deadends, swapped.returns, swapped.together),
            (game.end_ms, game.deadends, game.returns, game.together)
        );
    }
}

#[test]
fn many_random_full_pack_deals_keep_the_invariants() {
    for i in 0..20_000 {
        let deal = Deal::random(2087, i, Split::HALVES);
        assert_eq!(check(&deal), Ok(()), "deal {i}");
    }
}

#[test]
fn the_fast_engine_agrees_on_many_more_deals() {
    for i in 0..100_000 {
        let deal = Deal::random(1210, i, Split::HALVES);
        assert_eq!(
            fast::play(&deal),
            reference::play(&deal).outcome,
            "deal {i}"
        );
    }
    for i in 0..50_000 {
        let split = Split::new(1 + (i % 30) as usize, 1 + (i % 21) as usize).unwrap();
        let deal = Deal::random(5, i, split);
        assert_eq!(
            fast::play(&deal),
            reference::play(&deal).outcome,
            "short deal {i}"
        );
    }
}
