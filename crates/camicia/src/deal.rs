//! Random one-pack deals, reproducible from a seed and an index.
//!
//! The contract (deal `index` of seed `seed` never changes): a ChaCha8 generator
//! (`rand_chacha::ChaCha8Rng::seed_from_u64(seed)`, then `set_stream(index)`) gives 32-bit words.
//! Only the places of the 16 payment cards matter, so only they are drawn: a Fisher–Yates
//! shuffle of the 52 places stopped after 16 steps. Step t (0 to 15) draws r uniformly from
//! 0 to 51 - t by Lemire's multiply-and-reject method on one word (more only when a word is
//! rejected), swaps place t with place t + r, and puts at the place now in position t the card
//! J for t = 0…3, Q for 4…7, K for 8…11, A for 12…15. Places 0 to 25 are A's deck top first,
//! 26 to 51 B's. Every one of the 52!/(36!·4!⁴) deals has the same chance.

use crate::face::Face;
use crate::game::Deal;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Deals of one run: the generator's key is derived from the seed once.
#[derive(Clone, Debug)]
pub struct Dealer {
    key: [u8; 32],
}

impl Dealer {
    pub fn new(seed: u64) -> Dealer {
        Dealer {
            key: ChaCha8Rng::seed_from_u64(seed).get_seed(),
        }
    }

    /// Deal `index` as 52 penalties, A's 26 cards then B's, top first (0 for a number card, 1 to
    /// 4 for J Q K A): the input of [`crate::fast::play_pack`].
    pub fn pack(&self, index: u64) -> [u8; 52] {
        let mut rng = ChaCha8Rng::from_seed(self.key);
        rng.set_stream(index);
        let mut places: [u8; 52] = std::array::from_fn(|i| i as u8);
        let mut pack = [0u8; 52];
        for t in 0..16 {
            let r = below(&mut rng, 52 - t as u32) as usize;
            places.swap(t, t + r);
            pack[usize::from(places[t])] = t as u8 / 4 + 1;
        }
        pack
    }
}

/// Uniform in 0..bound (bound > 0) by Lemire's method: the high half of word × bound, rejecting
/// the few words whose low half falls below 2^32 mod bound.
#[inline(always)]
fn below(rng: &mut ChaCha8Rng, bound: u32) -> u32 {
    let mut product = u64::from(rng.next_u32()) * u64::from(bound);
    if (product as u32) < bound {
        let threshold = bound.wrapping_neg() % bound;
        while (product as u32) < threshold {
            product = u64::from(rng.next_u32()) * u64::from(bound);
        }
    }
    (product >> 32) as u32
}

/// A one-pack deal of penalties as decks of faces (number cards of unknown value).
pub fn pack_deal(pack: &[u8; 52]) -> Deal {
    let faces = |half: &[u8]| half.iter().map(|&p| Face::from_penalty(p)).collect();
    Deal::new(faces(&pack[..26]), faces(&pack[26..])).expect("a pack deal holds 52 cards")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pack_holds_four_of_each_payment_card() {
        let dealer = Dealer::new(7);
        for index in 0..1000 {
            let pack = dealer.pack(index);
            for penalty in 0..=4u8 {
                let count = pack.iter().filter(|&&p| p == penalty).count();
                assert_eq!(count, if penalty == 0 { 36 } else { 4 });
            }
        }
    }

    #[test]
    fn deals_depend_on_seed_and_index_only() {
        let dealer = Dealer::new(42);
        assert_eq!(dealer.pack(5), Dealer::new(42).pack(5));
        assert_ne!(dealer.pack(5), dealer.pack(6));
        assert_ne!(dealer.pack(5), Dealer::new(43).pack(5));
        // The contract pinned: deal 0 of seed 0 (a change here changes every published figure).
        let deal = pack_deal(&Dealer::new(0).pack(0));
        assert_eq!(crate::record(deal.a()), "KQ--A----Q---A--K--------J");
        assert_eq!(crate::record(deal.b()), "--Q--Q-KJ--JJ------AK--A--");
    }

    #[test]
    fn every_place_is_as_likely_to_hold_a_payment_card() {
        // 52,000 deals: each place holds a payment card 16,000 times on average, with a standard
        // deviation near 107; 6 deviations leave room for chance and none for a bias of 1/26.
        let dealer = Dealer::new(1);
        let mut counts = [0u32; 52];
        let mut aces = [0u32; 52];
        for index in 0..52_000 {
            for (place, &p) in dealer.pack(index).iter().enumerate() {
                counts[place] += u32::from(p > 0);
                aces[place] += u32::from(p == 4);
            }
        }
        for place in 0..52 {
            assert!(
                counts[place].abs_diff(16_000) < 650,
                "place {place}: {}",
                counts[place]
            );
            assert!(
                aces[place].abs_diff(4_000) < 380,
                "place {place}: {}",
                aces[place]
            );
        }
    }

    #[test]
    fn below_is_in_range() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for bound in [1, 2, 3, 36, 52, u32::MAX] {
            for _ in 0..1000 {
                assert!(below(&mut rng, bound) < bound);
            }
        }
    }
}
