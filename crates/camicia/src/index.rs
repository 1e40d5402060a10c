//! The deal index of the record hunt, as camicia.dev numbers deals.
//!
//! A one-pack deal is a sequence of 52 symbols, A's 26 cards top first then B's, each `A` `K` `Q`
//! `J` or `-` (any number card): a permutation of the multiset of four of each payment card and 36
//! number cards. Its index is its rank among all such sequences in lexicographic order, with the
//! symbol order `A` < `K` < `Q` < `J` < `-`: from 0 (`AAAAKKKKQQQQJJJJ----…`) to
//! [`DEALS`] - 1 (`----…JJJJQQQQKKKKAAAA`).
//!
//! Deals here are packs of penalties as [`crate::fast::play_pack`] takes them (0 for a number
//! card, 1 to 4 for J Q K A), so the symbol order is the order of decreasing penalties.
//!
//! The rank is the sum, over the places, of the number of arrangements of the cards still to place
//! that start with a smaller symbol than the one there. The number of arrangements of a multiset of
//! n cards is n! / Π cᵢ!, at most [`DEALS`] < 2⁷⁰, and taking one card of a kind with c of n cards
//! left multiplies it by c / n exactly, so everything stays in exact `u128` arithmetic.

use crate::face::Face;
use crate::game::{Deal, Player};
use crate::pack::Pack;
use thiserror::Error;

/// The number of one-pack deals: 52! / (36! · 4!⁴). Indices run from 0 to `DEALS - 1`.
pub const DEALS: u128 = 653_534_134_886_878_245_000;

/// Cards of each penalty in one pack: 36 number cards, four each of J Q K A.
const PACK: [u32; 5] = [36, 4, 4, 4, 4];

/// A deal that is not one pack split 26/26.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PackError {
    /// A deck that is not 26 cards.
    #[error(
        "expected one pack split 26/26 (26 cards in each deck), found {cards} cards in player \
         {player}'s deck"
    )]
    Length {
        /// The player whose deck is not 26 cards.
        player: Player,
        /// Its cards.
        cards: usize,
    },
    /// Not four of each payment card and 36 number cards.
    #[error(
        "expected one pack (four each of J, Q, K and A, and 36 number cards), found {count} {}",
        kind_name(*.face, *.count)
    )]
    Count {
        /// The kind of card.
        face: Face,
        /// How many the deal holds.
        count: usize,
    },
}

fn kind_name(face: Face, count: usize) -> String {
    let name = match face.penalty() {
        0 => "number card",
        1 => "jack",
        2 => "queen",
        3 => "king",
        _ => "ace",
    };
    let plural = if count == 1 { "" } else { "s" };
    format!("{name}{plural}")
}

/// Whether 52 penalties are one pack: four of each payment card, every other card a number card.
fn counts(pack: &[u8; 52]) -> [usize; 5] {
    let mut counts = [0; 5];
    for &penalty in pack.iter() {
        counts[usize::from(penalty.min(4))] += 1;
    }
    counts
}

/// The deal as a pack of penalties, if it is one pack split 26/26.
///
/// # Errors
///
/// [`PackError`] unless the deal is one pack: 26 cards each, four each of J, Q, K and A.
pub fn pack_of(deal: &Deal) -> Result<Pack, PackError> {
    for player in [Player::A, Player::B] {
        let cards = deal.deck(player).len();
        if cards != 26 {
            return Err(PackError::Length { player, cards });
        }
    }
    let mut pack = [0; 52];
    for (place, face) in pack.iter_mut().zip(deal.a().iter().chain(deal.b())) {
        *place = face.penalty();
    }
    let found = counts(&pack);
    // Payment cards first: a fifth ace is a clearer message than 35 number cards.
    for penalty in [4, 3, 2, 1, 0] {
        if found[penalty] != PACK[penalty] as usize {
            return Err(PackError::Count {
                face: Face::from_penalty(penalty as u8),
                count: found[penalty],
            });
        }
    }
    Ok(Pack::of_valid(pack))
}

/// The index of a one-pack deal; `None` if the 52 penalties are not one pack.
pub fn index(pack: &Pack) -> Option<u128> {
    if pack.iter().any(|&p| p > 4) || counts(pack) != PACK.map(|c| c as usize) {
        return None;
    }
    let mut left = PACK;
    let mut cards: u128 = 52;
    // Arrangements of the cards still to place.
    let mut arrangements = DEALS;
    let mut rank = 0;
    for &penalty in pack.iter() {
        let here = usize::from(penalty);
        // Smaller symbols are the larger penalties.
        for &count in &left[here + 1..] {
            rank += arrangements * u128::from(count) / cards;
        }
        arrangements = arrangements * u128::from(left[here]) / cards;
        left[here] -= 1;
        cards -= 1;
    }
    Some(rank)
}

/// The deal of an index, as 52 penalties; `None` if the index is not below [`DEALS`].
pub fn pack(index: u128) -> Option<Pack> {
    if index >= DEALS {
        return None;
    }
    let mut rest = index;
    let mut left = PACK;
    let mut cards: u128 = 52;
    let mut arrangements = DEALS;
    let mut pack = [0; 52];
    for place in pack.iter_mut() {
        for penalty in (0..5).rev() {
            let starting_here = arrangements * u128::from(left[penalty]) / cards;
            if rest < starting_here {
                *place = penalty as u8;
                arrangements = starting_here;
                left[penalty] -= 1;
                break;
            }
            rest -= starting_here;
        }
        cards -= 1;
    }
    Some(Pack::of_valid(pack))
}

/// Steps to the deal of the next index, in place; false (and the deal unchanged) at the last one.
///
/// The next multiset permutation: the rightmost place followed by a larger symbol takes the
/// smallest larger symbol after it, and what follows is put in increasing order. In index order
/// the end of B's deck changes at nearly every step and the rest rarely, so this costs a few
/// comparisons on average where unranking costs hundreds of operations.
#[inline]
pub fn next(pack: &mut Pack) -> bool {
    // Symbol order is decreasing penalty: "a smaller symbol" is a larger penalty.
    let Some(i) = (0..51).rev().find(|&i| pack[i] > pack[i + 1]) else {
        return false;
    };
    let j = (i + 1..52)
        .rev()
        .find(|&j| pack[j] < pack[i])
        .expect("pack[i + 1] is a larger symbol");
    pack.permute(|codes| {
        codes.swap(i, j);
        codes[i + 1..].reverse();
    });
    true
}

/// The deals of indices `range.start` to `range.end - 1`, in index order, made by [`next`].
pub fn packs(range: std::ops::Range<u128>) -> impl Iterator<Item = Pack> {
    let first = pack(range.start.min(DEALS - 1)).expect("an index below DEALS");
    let count = range.end.min(DEALS).saturating_sub(range.start);
    let mut current = first;
    (0..count).map(move |k| {
        if k > 0 {
            next(&mut current);
        }
        current
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_deck;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    fn record_pack(a: &str, b: &str) -> Pack {
        let deal = Deal::new(parse_deck(a).unwrap(), parse_deck(b).unwrap()).unwrap();
        pack_of(&deal).unwrap()
    }

    /// The deal of these decks in record notation is deal `number`, both ways.
    fn is_deal(a: &str, b: &str, number: u128) {
        let deal = record_pack(a, b);
        assert_eq!(index(&deal), Some(number));
        assert_eq!(pack(number), Some(deal));
    }

    #[test]
    fn the_published_indices_of_the_records() {
        let nessler = ("---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---");
        is_deal(nessler.0, nessler.1, 447_247_122_283_566_119_055);
        let casella = ("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA");
        is_deal(casella.0, casella.1, 472_460_898_658_889_399_111);
    }

    #[test]
    fn the_first_and_the_last_deal() {
        is_deal(
            "AAAAKKKKQQQQJJJJ----------",
            "--------------------------",
            0,
        );
        is_deal(
            "--------------------------",
            "----------JJJJQQQQKKKKAAAA",
            DEALS - 1,
        );
        assert_eq!(pack(DEALS), None);
        assert_eq!(pack(u128::MAX), None);
        let last = pack(DEALS - 1).unwrap();
        let mut end = last;
        assert!(!next(&mut end));
        assert_eq!(end, last);
    }

    #[test]
    fn a_pack_that_is_not_one_pack_has_no_index() {
        let mut codes = *pack(12345).unwrap();
        let ace = codes.iter().position(|&p| p == 4).unwrap();
        codes[ace] = 3;
        assert_eq!(index(&Pack::new(codes).unwrap()), None);
        codes[ace] = 5;
        assert!(Pack::new(codes).is_err());
    }

    #[test]
    fn deals_that_are_not_one_pack_split_evenly() {
        let deal = |a: &str, b: &str| Deal::new(parse_deck(a).unwrap(), parse_deck(b).unwrap());
        let short = deal("---AJ--Q---------QAKQJJ-Q", "K-----A----KJ-K--------A---").unwrap();
        assert_eq!(
            pack_of(&short).unwrap_err().to_string(),
            "expected one pack split 26/26 (26 cards in each deck), found 25 cards in player \
             A's deck"
        );
        let five_aces = deal("A--AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---").unwrap();
        assert_eq!(
            pack_of(&five_aces).unwrap_err().to_string(),
            "expected one pack (four each of J, Q, K and A, and 36 number cards), found 5 aces"
        );
        let one_jack = deal("---AQ--Q---------QAKQQQ-QK", "-----A----KJ-K--------A---").unwrap();
        assert_eq!(
            pack_of(&one_jack).unwrap_err(),
            PackError::Count {
                face: Face::from_penalty(2),
                count: 7
            }
        );
        // Suits and number values are read and forgotten.
        let named = deal(
            "2 3 4 SA HJ 5 6 DQ 7 8 9 10 2 3 4 5 6 CQ HA SK DQ CJ SJ 7 HQ CK",
            "2 3 4 5 6 DA 7 8 9 10 HK SJ 2 DK 3 4 5 6 7 8 9 10 CA 2 3 4",
        )
        .unwrap();
        assert_eq!(
            index(&pack_of(&named).unwrap()),
            Some(447_247_122_283_566_119_055)
        );
    }

    #[test]
    fn stepping_follows_the_ranks() {
        // Around the records, and across places where long suffixes turn over.
        for start in [
            0,
            447_247_122_283_566_119_055 - 2000,
            472_460_898_658_889_399_111 - 2000,
            DEALS / 3,
            DEALS - 3000,
        ] {
            for (k, pack) in (start..).zip(packs(start..start + 3000)) {
                assert_eq!(Some(pack), super::pack(k), "index {k}");
                assert_eq!(index(&pack), Some(k));
            }
        }
        assert_eq!(packs(DEALS - 2..DEALS + 5).count(), 2);
        assert_eq!(packs(7..7).count(), 0);
    }

    #[test]
    fn ranks_are_a_bijection_on_a_spread_of_indices() {
        // Indices drawn over the whole range, so every place matters.
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..20_000 {
            let k = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) % DEALS;
            let pack = pack(k).unwrap();
            assert_eq!(counts(&pack), PACK.map(|c| c as usize));
            assert_eq!(index(&pack), Some(k));
        }
    }
}
