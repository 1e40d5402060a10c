//! A hand as every fast engine holds it: two machine words and two counts.
//!
//! `pay` is the bit set of the places of its payment cards (bit i: the i-th card from the top),
//! `values` the queue of their penalties minus one, two bits each, the topmost payment card
//! lowest. Number cards are just the places whose bit is clear, which is all the rule book lets
//! them be. The invariants — no bit of `pay` at or above `len`, `count` the number of bits of
//! `pay`, no bit of `values` at or above `2 · count` — are kept by the operations here, the
//! only ones that change a hand.

/// The most cards a deal may hold for the fast engines: a hand's cards are the bits of one
/// word, and bit 63 serves as a sentinel.
pub const MAX_CARDS: usize = 63;
/// The most payment cards a deal may hold: their penalties fill two bits each of one word.
pub const MAX_PAYMENT: usize = 32;

/// Bit 63: never a card, so that the first set bit of `pay | SENTINEL` exists.
const SENTINEL: u64 = 1 << 63;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Hand {
    pay: u64,
    values: u64,
    len: u32,
    count: u32,
}

impl Hand {
    pub(crate) const EMPTY: Hand = Hand {
        pay: 0,
        values: 0,
        len: 0,
        count: 0,
    };

    /// From penalties, top first (0 for a number card, 1 to 4 for J Q K A); at most
    /// [`MAX_CARDS`] of them, at most 32 payment cards (the callers check).
    pub(crate) fn from_penalties(penalties: impl Iterator<Item = u8>) -> Hand {
        let mut hand = Hand::EMPTY;
        for penalty in penalties {
            debug_assert!((hand.len as usize) < MAX_CARDS && penalty <= 4);
            if penalty > 0 {
                hand.pay |= 1 << hand.len;
                hand.values |= u64::from(penalty - 1) << (2 * hand.count);
                hand.count += 1;
            }
            hand.len += 1;
        }
        hand
    }

    /// A hand of `len` cards with payment cards at the places of `pay` (below `len`) and their
    /// penalties minus one in `values`, two bits each (no bits beyond them).
    pub(crate) fn from_parts(pay: u64, values: u64, len: u32) -> Hand {
        let count = pay.count_ones();
        debug_assert!(len < 64 && pay >> len == 0);
        debug_assert!(count == 32 || values >> (2 * count) == 0);
        Hand {
            pay,
            values,
            len,
            count,
        }
    }

    pub(crate) fn pay(&self) -> u64 {
        self.pay
    }

    pub(crate) fn values(&self) -> u64 {
        self.values
    }

    pub(crate) fn len(&self) -> u32 {
        self.len
    }

    /// The number of payment cards.
    pub(crate) fn count(&self) -> u32 {
        self.count
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The place of the first payment card, or `len` (or more) when there is none.
    #[inline(always)]
    pub(crate) fn first_payment(&self) -> u32 {
        (self.pay | SENTINEL).trailing_zeros()
    }

    /// The penalty of the first payment card (meaningless when there is none).
    #[inline(always)]
    pub(crate) fn first_penalty(&self) -> u32 {
        (self.values & 3) as u32 + 1
    }

    /// Lays `n` number cards from the top.
    #[inline(always)]
    pub(crate) fn drop_numbers(&mut self, n: u32) {
        self.pay >>= n;
        self.len -= n;
    }

    /// Lays `n` number cards and then the payment card under them; gives its penalty.
    #[inline(always)]
    pub(crate) fn drop_through_payment(&mut self, n: u32) -> u32 {
        let penalty = self.first_penalty();
        self.pay >>= n + 1;
        self.values >>= 2;
        self.len -= n + 1;
        self.count -= 1;
        penalty
    }

    /// Puts the pile under this hand.
    #[inline(always)]
    pub(crate) fn take(&mut self, pile: Hand) {
        // Shift counts stay below 64 except `2 * count` when all 32 payment cards are here; then
        // the pile has none, its `values` is 0, and the wrapped shift still gives 0.
        self.pay |= pile.pay << self.len;
        self.values |= pile.values.wrapping_shl(2 * self.count);
        self.len += pile.len;
        self.count += pile.count;
    }

    /// Adds `n` number cards under the pile (this hand).
    #[inline(always)]
    pub(crate) fn lay_numbers(&mut self, n: u32) {
        self.len += n;
    }

    /// Adds `n` number cards and then a payment card of `penalty` on top of the pile (this hand).
    #[inline(always)]
    pub(crate) fn lay_through_payment(&mut self, n: u32, penalty: u32) {
        self.len += n;
        self.pay |= 1 << self.len;
        self.values |= u64::from(penalty - 1) << (2 * self.count);
        self.len += 1;
        self.count += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_keeps_its_cards_in_order_through_its_operations() {
        // 7 J 3 Q 8 A: payment cards at places 1, 3, 5.
        let mut hand = Hand::from_penalties([0, 1, 0, 2, 0, 4].into_iter());
        assert_eq!(
            (hand.pay(), hand.values(), hand.len()),
            (0b101010, 0b11_01_00, 6)
        );
        assert_eq!(hand, Hand::from_parts(0b101010, 0b11_01_00, 6));
        assert_eq!(hand.first_payment(), 1);
        assert_eq!(hand.drop_through_payment(1), 1);
        assert_eq!((hand.first_payment(), hand.first_penalty()), (1, 2));
        hand.drop_numbers(1);
        let mut pile = Hand::EMPTY;
        pile.lay_numbers(2);
        pile.lay_through_payment(0, 3);
        hand.take(pile);
        // Q 8 A then the pile: number, number, K.
        assert_eq!(hand, Hand::from_penalties([2, 0, 4, 0, 0, 3].into_iter()));
        assert_eq!(Hand::EMPTY.first_payment(), 63);
        assert!(Hand::EMPTY.is_empty());
    }
}
