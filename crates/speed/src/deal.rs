//! The robots' cards, and random deals from one pack.

use crate::robot::Robot;
use cards::Card;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use thiserror::Error;

/// The cards of one game: A's in the order A draws them, then B's. Each robot has at least one
/// card, and no card appears twice (so there are at most 52). Fits in 106 bytes, no allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    cards: [Card; 52],
    a_len: u8,
    b_len: u8,
}

/// Why cards cannot make a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum DealError {
    /// A robot was dealt no card.
    #[error("robot {0} has no cards")]
    NoCards(Robot),
    /// A card was dealt twice.
    #[error("{0} appears twice")]
    Twice(Card),
}

/// How many cards of the pack each robot gets in a random deal: at least one each, 52 in all at
/// most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Split {
    a: u8,
    b: u8,
}

impl Split {
    /// The whole pack, 26 cards each.
    pub const HALVES: Split = Split { a: 26, b: 26 };

    /// `a` cards for A and `b` for B, if each gets at least one and one pack holds them.
    pub const fn new(a: usize, b: usize) -> Option<Split> {
        if a >= 1 && b >= 1 && a + b <= 52 {
            Some(Split {
                a: a as u8,
                b: b as u8,
            })
        } else {
            None
        }
    }

    /// How many cards A gets.
    pub const fn a(self) -> usize {
        self.a as usize
    }

    /// How many cards B gets.
    pub const fn b(self) -> usize {
        self.b as usize
    }
}

impl Deal {
    /// The deal of A's cards `a` and B's cards `b`, each top of the deck first.
    ///
    /// # Errors
    ///
    /// [`DealError`] when a robot has no card or a card is dealt twice.
    pub fn new(a: &[Card], b: &[Card]) -> Result<Deal, DealError> {
        for (robot, hand) in [(Robot::A, a), (Robot::B, b)] {
            if hand.is_empty() {
                return Err(DealError::NoCards(robot));
            }
        }
        let mut seen = 0u64;
        for &card in a.iter().chain(b) {
            if seen >> card.index() & 1 == 1 {
                return Err(DealError::Twice(card));
            }
            seen |= 1 << card.index();
        }
        Ok(Deal::from_checked(a, b))
    }

    /// For callers that have checked the cards themselves (at least one each, all distinct).
    pub(crate) fn from_checked(a: &[Card], b: &[Card]) -> Deal {
        let mut cards = [Card::new(cards::Rank::Ace, cards::Suit::Clubs); 52];
        cards[..a.len()].copy_from_slice(a);
        cards[a.len()..a.len() + b.len()].copy_from_slice(b);
        Deal {
            cards,
            a_len: a.len() as u8,
            b_len: b.len() as u8,
        }
    }

    /// Deal `index` of the run with `seed`: the 52 cards in [`Card::index`] order are shuffled,
    /// A takes the first `split.a()` cards of the result and B the next `split.b()`.
    ///
    /// The generator is ChaCha8 (`rand_chacha`) seeded with `seed_from_u64(seed)` on stream
    /// `index`, so each deal has its own stream and any share of the indices between threads
    /// gives the same deals. The shuffle is [`cards::shuffle`]'s: Fisher–Yates from the last
    /// position down, for i from 51 to 1 swapping position i with position j, j uniform in
    /// 0..=i, drawn from one 32-bit output x as the high half of x·(i+1), outputs whose low half
    /// falls below 2^32 mod (i+1) being drawn again (Lemire's unbiased method). This is part of
    /// the public contract: deal N of seed S never changes.
    pub fn random(seed: u64, index: u64, split: Split) -> Deal {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(index);
        Deal {
            cards: cards::shuffle::pack(&mut rng),
            a_len: split.a,
            b_len: split.b,
        }
    }

    /// A's cards, top of the deck first.
    pub fn a(&self) -> &[Card] {
        &self.cards[..self.a_len as usize]
    }

    /// B's cards, top of the deck first.
    pub fn b(&self) -> &[Card] {
        &self.cards[self.a_len as usize..(self.a_len + self.b_len) as usize]
    }

    /// The robot's cards, top of the deck first.
    pub fn cards(&self, robot: Robot) -> &[Card] {
        match robot {
            Robot::A => self.a(),
            Robot::B => self.b(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::card_list;

    #[test]
    fn a_deal_keeps_both_hands_in_order() {
        let deal = Deal::new(&card_list("S3 S5 S8 S9 S2"), &card_list("H7 H3 H4")).unwrap();
        assert_eq!(deal.a(), card_list("S3 S5 S8 S9 S2"));
        assert_eq!(deal.b(), card_list("H7 H3 H4"));
        assert_eq!(deal.cards(Robot::B), deal.b());
    }

    #[test]
    fn a_deal_needs_cards_on_both_sides_and_no_card_twice() {
        assert_eq!(
            Deal::new(&[], &card_list("H7")),
            Err(DealError::NoCards(Robot::A))
        );
        assert_eq!(
            Deal::new(&card_list("H7"), &[]),
            Err(DealError::NoCards(Robot::B))
        );
        assert_eq!(
            Deal::new(&card_list("H7 S2"), &card_list("S3 S2")),
            Err(DealError::Twice("S2".parse().unwrap()))
        );
    }

    #[test]
    fn splits_give_each_robot_a_card_and_stay_in_one_pack() {
        assert_eq!(Split::new(26, 26), Some(Split::HALVES));
        assert!(Split::new(1, 51).is_some() && Split::new(3, 4).is_some());
        assert!(Split::new(0, 26).is_none() && Split::new(26, 0).is_none());
        assert!(Split::new(27, 26).is_none());
    }

    #[test]
    fn random_deals_are_permutations_fixed_by_seed_and_index() {
        let deal = Deal::random(7, 3, Split::HALVES);
        let mut all: Vec<usize> = deal.a().iter().chain(deal.b()).map(|c| c.index()).collect();
        all.sort_unstable();
        assert_eq!(all, (0..52).collect::<Vec<_>>());
        assert_eq!(deal, Deal::random(7, 3, Split::HALVES));
        assert_ne!(deal, Deal::random(7, 4, Split::HALVES));
        assert_ne!(deal, Deal::random(8, 3, Split::HALVES));
        let short = Deal::random(7, 3, Split::new(5, 2).unwrap());
        assert_eq!(short.a(), &deal.a()[..5]);
        assert_eq!(short.b(), &deal.a()[5..7]);
    }

    #[test]
    fn the_first_deals_of_seed_1_never_change() {
        // Pinned: the generator and the shuffle are part of the public contract.
        let show = |cards: &[Card]| {
            cards
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let deal = Deal::random(1, 0, Split::new(6, 6).unwrap());
        assert_eq!(
            format!("{} | {}", show(deal.a()), show(deal.b())),
            "C8 DQ C9 DX CQ SQ | D9 S2 C5 HQ DA SA"
        );
    }
}
