//! The crate's public constructors fed any values: a deal is two non-empty hands of one pack,
//! a split leaves each robot a card within one pack, and whatever is built plays alike on both
//! engines.

use cards::{Card, Rank, Suit};
use proptest::prelude::*;
use speed::{Deal, Split, fast, reference};

fn any_card() -> impl Strategy<Value = Card> {
    (0usize..13, 0usize..4).prop_map(|(r, s)| Card::new(Rank::ALL[r], Suit::ALL[s]))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn a_deal_is_two_hands_of_one_pack(
        a in prop::collection::vec(any_card(), 0..30),
        b in prop::collection::vec(any_card(), 0..30),
    ) {
        let mut all: Vec<usize> = a.iter().chain(&b).map(|c| c.index()).collect();
        all.sort_unstable();
        let once = all.windows(2).all(|w| w[0] != w[1]);
        match Deal::new(&a, &b) {
            Ok(deal) => {
                prop_assert!(!a.is_empty() && !b.is_empty() && once);
                prop_assert_eq!((deal.a(), deal.b()), (&a[..], &b[..]));
                prop_assert_eq!(fast::play(&deal), reference::play(&deal).outcome);
            }
            Err(_) => prop_assert!(a.is_empty() || b.is_empty() || !once),
        }
    }

    #[test]
    fn a_split_leaves_each_robot_a_card_of_one_pack(a in 0usize..80, b in 0usize..80, seed: u64, index: u64) {
        match Split::new(a, b) {
            Some(split) => {
                prop_assert!(a >= 1 && b >= 1 && a + b <= 52);
                let deal = Deal::random(seed, index, split);
                prop_assert_eq!((deal.a().len(), deal.b().len()), (a, b));
            }
            None => prop_assert!(a == 0 || b == 0 || a + b > 52),
        }
    }
}
