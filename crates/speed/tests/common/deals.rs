//! Deals for property tests.

use cards::Card;
use proptest::prelude::*;
use speed::Deal;

/// Any deal from one pack: a shuffled pack cut into A's and B's cards.
pub fn any_deal() -> impl Strategy<Value = Deal> {
    let pack: Vec<Card> = Card::ALL.to_vec();
    (Just(pack).prop_shuffle(), 1usize..=51)
        .prop_flat_map(|(pack, a)| (Just(pack), Just(a), 1usize..=52 - a))
        .prop_map(|(pack, a, b)| Deal::new(&pack[..a], &pack[a..a + b]).unwrap())
}
