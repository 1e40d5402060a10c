//! The crate's public constructors and entry points fed any values: each either refuses them
//! or builds a value every engine plays the same way; none panics.

use camicia::fast::{self, MAX_CARDS, MAX_PAYMENT};
use camicia::index::{self, DEALS};
use camicia::reference::Game;
use camicia::workunit::Unit;
use camicia::{Deal, Face, Pack, Status};
use cards::Rank;
use proptest::prelude::*;

fn any_code() -> impl Strategy<Value = u8> {
    prop_oneof![8 => 0u8..=4, 1 => any::<u8>()]
}

fn any_face() -> impl Strategy<Value = Face> {
    prop_oneof![
        1 => Just(Face::Number),
        4 => prop::sample::select(Rank::ALL.to_vec()).prop_map(Face::Rank),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn a_pack_holds_only_codes_every_engine_can_play(codes in prop::collection::vec(any_code(), 52)) {
        let codes: [u8; 52] = codes.try_into().unwrap();
        let valid = codes.iter().all(|&c| c <= 4)
            && codes.iter().filter(|&&c| c > 0).count() <= MAX_PAYMENT;
        match Pack::new(codes) {
            Ok(pack) => {
                prop_assert!(valid);
                prop_assert_eq!(&*pack, &codes);
                let reference = Game::play(&camicia::deal::pack_deal(&pack));
                prop_assert_eq!(fast::play_pack(&pack), reference);
                if let Some(i) = index::index(&pack) {
                    prop_assert_eq!(index::pack(i), Some(pack));
                }
            }
            Err(_) => prop_assert!(!valid),
        }
    }

    #[test]
    fn any_index_is_a_pack_or_refused(i in prop_oneof![0..DEALS, any::<u128>()]) {
        match index::pack(i) {
            Some(pack) => {
                prop_assert!(i < DEALS);
                prop_assert_eq!(index::index(&pack), Some(i));
            }
            None => prop_assert!(i >= DEALS),
        }
    }

    #[test]
    fn any_two_decks_are_a_deal_or_refused_and_play_to_an_end(
        a in prop::collection::vec(any_face(), 0..70),
        b in prop::collection::vec(any_face(), 0..70),
    ) {
        let both_empty = a.is_empty() && b.is_empty();
        match Deal::new(a, b) {
            Ok(deal) => {
                prop_assert!(!both_empty);
                let outcome = camicia::play(&deal);
                prop_assert_eq!(outcome, Game::play(&deal));
                if let Some(fast) = fast::play(&deal) {
                    prop_assert!(deal.a().len() + deal.b().len() <= MAX_CARDS);
                    prop_assert_eq!(fast, outcome);
                }
                // No card is laid only when a player has none from the start.
                let one_empty = deal.a().is_empty() || deal.b().is_empty();
                prop_assert_eq!(outcome.cards == 0, one_empty);
                if one_empty {
                    prop_assert_eq!(outcome.status, Status::Finished);
                }
            }
            Err(_) => prop_assert!(both_empty),
        }
    }

    #[test]
    fn a_unit_is_two_deal_indices_in_order(
        first in prop_oneof![0..DEALS, any::<u128>()],
        last in prop_oneof![0..DEALS, any::<u128>()],
    ) {
        match Unit::new(first, last) {
            Ok(unit) => {
                prop_assert!(first <= last && last < DEALS);
                prop_assert_eq!(unit.indices(), first..last + 1);
                prop_assert_eq!(unit.to_string().parse::<Unit>(), Ok(unit));
            }
            Err(_) => prop_assert!(first > last || last >= DEALS),
        }
    }
}
