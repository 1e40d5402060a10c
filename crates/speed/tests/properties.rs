//! Invariants of every game, checked by replaying the log on its own: cards are conserved, the
//! clock never goes back, a robot never holds two cards; and the fast engine against the
//! reference one on many deals.

#[path = "common/deals.rs"]
mod deals;
#[path = "common/replay.rs"]
mod replay;

use cards::Card;
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

/// Deal 3 of seed 7, the whole pack in halves, as its cards read.
const SEED_7_DEAL_3: &str = "D4 D6 HJ SQ S2 C8 H6 D5 DX C2 S7 DA D8 H8 SX C6 CA S9 SK SJ DK D7 H5 H7 D9 S5/CQ H3 CJ C3 H4 HK SA HQ S3 DJ CK DQ HX D2 S4 C4 S6 C9 D3 C7 S8 H9 C5 HA CX H2";

/// FNV-1a of the cards of deals 0 to 999 of seeds 0, 7 and 2^64 − 1, each split three ways:
/// pins every card of nine thousand deals.
const GOLDEN_FNV: u64 = 0x50e1_0476_7afe_577c;

/// `Deal::random` is a public contract: deal N of seed S never changes.
#[test]
fn golden_deals_never_change() {
    let written = |deal: &Deal| {
        let hand = |cards: &[Card]| cards.iter().map(Card::to_string).collect::<Vec<_>>();
        format!("{}/{}", hand(deal.a()).join(" "), hand(deal.b()).join(" "))
    };
    assert_eq!(written(&Deal::random(7, 3, Split::HALVES)), SEED_7_DEAL_3);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let splits = [
        Split::HALVES,
        Split::new(1, 51).unwrap(),
        Split::new(6, 6).unwrap(),
    ];
    for seed in [0, 7, u64::MAX] {
        for split in splits {
            for index in 0..1000 {
                for byte in written(&Deal::random(seed, index, split)).bytes() {
                    hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
                }
            }
        }
    }
    assert_eq!(hash, GOLDEN_FNV);
}
