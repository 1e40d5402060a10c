//! The fast engine, for deals of at most [`MAX_CARDS`] cards of which at most [`MAX_PAYMENT`] are
//! payment cards (one pack: 52 and 16).
//!
//! A hand is two machine words: a bit set of the places of its payment cards (bit i: the i-th card
//! from the top) and the queue of their penalties, two bits each, top first. Number cards are just
//! the places whose bit is clear, which is all the rule book lets them be. A whole run of cards is
//! then played at once: the first payment card in a hand is its lowest set bit, so
//! - at the start of a round, the players alternate number cards until the first payment card of
//!   either hand (or until one hand runs out): one comparison of two bit positions;
//! - a payer owing d cards pays up to the first payment card among its top d cards: one more.
//!
//! A game costs a few dozen of these steps rather than hundreds of single cards, on values that
//! stay in registers; the pile is a hand too, appended under the taker's hand by two shifts.
//!
//! Loops are found exactly with Brent's cycle detection on the situations at round starts (both
//! hands and the leader, which are all a situation is): the current situation is compared with a
//! snapshot taken at rounds 1, 2, 4, 8, …, which costs one comparison of lengths per round in the
//! usual case. A match proves a loop and gives its period λ exactly; a second pass then runs two
//! copies of the game λ rounds apart until their situations agree, which happens first at the
//! earliest repeat, the one the rule book reports.

use crate::face::Face;
use crate::game::{Deal, Outcome, Status};
use crate::hand::Hand;
use crate::pack::Pack;

pub use crate::hand::{MAX_CARDS, MAX_PAYMENT};

/// A game between two round starts: the leader's hand, the other's, and whether B leads. This is
/// all a situation is (the pile is empty at a round start).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Situation {
    pub(crate) leader: Hand,
    pub(crate) other: Hand,
    pub(crate) leader_is_b: bool,
}

impl Situation {
    /// Same situation. Lengths differ in nearly every call, so they are compared first.
    #[inline(always)]
    fn same(&self, other: &Situation) -> bool {
        self.leader.len() == other.leader.len() && self == other
    }

    /// Plays one round, from its first card to the trick, adding what was laid and taken to
    /// `counts` (cards, tricks). Returns true when the game is finished.
    #[inline(always)]
    fn round(&mut self, counts: &mut (u64, u64)) -> bool {
        // Alternation: the leader's k-th card is the 2k-th laid, the other's the (2k+1)-th. Each
        // player's event is its first payment card, or the card it does not have.
        let l = self.leader.first_payment().min(self.leader.len());
        let o = self.other.first_payment().min(self.other.len());
        let leader_first = l <= o;
        // The player whose event comes first, and the one who laid number cards meanwhile.
        let (mut event, mut waiting) = if leader_first {
            (self.leader, self.other)
        } else {
            (self.other, self.leader)
        };
        let before = l.min(o);
        // When the other's event comes first, the leader has laid one card more.
        let waited = before + u32::from(!leader_first);
        waiting.drop_numbers(waited);
        let laid = before + waited;
        let mut pile = Hand::EMPTY;
        if before == event.len() {
            // The event is a card the player does not have: the other takes the pile and wins.
            event.drop_numbers(before);
            pile.lay_numbers(laid);
            waiting.take(pile);
            counts.0 += u64::from(laid);
            counts.1 += 1;
            self.leader_is_b ^= leader_first;
            self.leader = waiting;
            self.other = event;
            return true;
        }
        let mut due = event.drop_through_payment(before);
        pile.lay_through_payment(laid, due);
        // Penalties: the payer lays number cards until it has paid `due` of them, turns up a
        // payment card (and the roles swap), or has no card left.
        let (mut payer, mut owner) = (waiting, event);
        let mut owner_is_leader = leader_first;
        loop {
            let first = payer.first_payment();
            if first >= due.min(payer.len()) {
                break;
            }
            due = payer.drop_through_payment(first);
            pile.lay_through_payment(first, due);
            std::mem::swap(&mut payer, &mut owner);
            owner_is_leader = !owner_is_leader;
        }
        let paid = due.min(payer.len());
        payer.drop_numbers(paid);
        pile.lay_numbers(paid);
        owner.take(pile);
        counts.0 += u64::from(pile.len());
        counts.1 += 1;
        self.leader_is_b ^= !owner_is_leader;
        self.leader = owner;
        self.other = payer;
        payer.is_empty()
    }
}

/// Whether the fast engine can play this deal: at most [`MAX_CARDS`] cards, at most
/// [`MAX_PAYMENT`] of them payment cards, and a card in each deck.
pub fn fits(a: &[Face], b: &[Face]) -> bool {
    let payments = a.iter().chain(b).filter(|f| f.penalty() > 0).count();
    !a.is_empty() && !b.is_empty() && a.len() + b.len() <= MAX_CARDS && payments <= MAX_PAYMENT
}

/// Plays a deal that [`fits`]; `None` for any other (play it with [`crate::play`]).
pub fn play(deal: &Deal) -> Option<Outcome> {
    fits(deal.a(), deal.b()).then(|| {
        play_hands(
            Hand::from_penalties(deal.a().iter().map(|f| f.penalty())),
            Hand::from_penalties(deal.b().iter().map(|f| f.penalty())),
        )
    })
}

/// Plays a one-pack deal given as 52 penalties, A's 26 cards then B's 26, top first: 0 for a
/// number card, 1 to 4 for J Q K A. This is the entry point for searches over deals.
pub fn play_pack(pack: &Pack) -> Outcome {
    let (a, b) = pack_hands(pack);
    play_hands(a, b)
}

/// The two hands of a one-pack deal. The bits of the payment cards come eight cards at a time:
/// each byte is folded onto its lowest bit, and one multiplication gathers the eight into a
/// byte. The penalties are then read at the set bits only.
#[inline(always)]
pub(crate) fn pack_hands(pack: &Pack) -> (Hand, Hand) {
    let mut pay = 0u64;
    for (chunk, bytes) in pack.chunks(8).enumerate() {
        pay |= eight_bits(payment_lowest_bits(eight_codes(bytes))) << (8 * chunk);
    }
    let mut values = 0u64;
    let mut count = 0;
    let mut rest = pay;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        values |= u64::from(pack[i % 52].wrapping_sub(1) & 3) << (2 * count);
        count += 1;
        rest &= rest - 1;
    }
    debug_assert!(count <= 32);
    split_pack(pay, values)
}

/// [`pack_hands`] with BMI2: eight cards at a time, their penalties less one are gathered at
/// the payment cards by `pext`, with no loop over the cards.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2,popcnt")]
#[inline]
pub(crate) fn pack_hands_pext(pack: &Pack) -> (Hand, Hand) {
    use std::arch::x86_64::_pext_u64;
    let mut pay = 0u64;
    let mut values = 0u64;
    let mut count = 0;
    for (chunk, bytes) in pack.chunks(8).enumerate() {
        let codes = eight_codes(bytes);
        let lowest = payment_lowest_bits(codes);
        pay |= eight_bits(lowest) << (8 * chunk);
        // A payment card's code less one is its penalty less one, in its byte's two low bits.
        let less_one = _pext_u64(codes - lowest, lowest * 3);
        // Once 32 payment cards are read the rest are number cards, whose bits are none: the
        // shift by 64 then wraps to 0 and adds nothing.
        values |= less_one.wrapping_shl(2 * count);
        count += lowest.count_ones();
    }
    split_pack(pay, values)
}

/// Codes of up to eight cards as the bytes of a word, the first lowest.
#[inline(always)]
fn eight_codes(bytes: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    word[..bytes.len()].copy_from_slice(bytes);
    u64::from_le_bytes(word)
}

/// Of eight codes (0 to 4, a byte each), the lowest bit of each byte that holds a payment card.
#[inline(always)]
fn payment_lowest_bits(codes: u64) -> u64 {
    (codes | codes >> 1 | codes >> 2) & 0x0101_0101_0101_0101
}

/// The lowest bits of eight bytes (the others 0) as one byte, gathered by one multiplication.
#[inline(always)]
fn eight_bits(lowest: u64) -> u64 {
    lowest.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// A pack's hands from the bits of its payment cards and their penalty queue, A's first.
#[inline(always)]
fn split_pack(pay: u64, values: u64) -> (Hand, Hand) {
    let a_pay = pay & ((1 << 26) - 1);
    let a_count = a_pay.count_ones();
    let a = Hand::from_parts(a_pay, values & ((1 << (2 * a_count)) - 1), 26);
    let b = Hand::from_parts(pay >> 26, values >> (2 * a_count), 26);
    (a, b)
}

/// Plays the game of these two hands, A's first, to its end.
pub(crate) fn play_hands(a: Hand, b: Hand) -> Outcome {
    let start = Situation {
        leader: a,
        other: b,
        leader_is_b: false,
    };
    let mut hare = start;
    let mut counts = (0, 0);
    // Brent: the snapshot is retaken whenever the distance to it reaches a power of two.
    let mut snapshot = start;
    let mut power: u64 = 1;
    let mut period: u64 = 0;
    loop {
        if hare.round(&mut counts) {
            return Outcome {
                status: Status::Finished,
                cards: counts.0,
                tricks: counts.1,
            };
        }
        period += 1;
        if hare.same(&snapshot) {
            return first_repeat(start, period);
        }
        if period == power {
            snapshot = hare;
            power *= 2;
            period = 0;
        }
    }
}

/// The game loops with this period: finds the first round whose start repeats an earlier one,
/// by running a copy `period` rounds ahead of another until their situations agree.
#[cold]
pub(crate) fn first_repeat(start: Situation, period: u64) -> Outcome {
    let mut behind = start;
    let mut ahead = start;
    let mut counts = (0, 0);
    for _ in 0..period {
        ahead.round(&mut counts);
    }
    while !ahead.same(&behind) {
        behind.round(&mut (0, 0));
        ahead.round(&mut counts);
    }
    Outcome {
        status: Status::Loop { period },
        cards: counts.0,
        tricks: counts.1,
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(not(runs_avx2), ignore = "this processor has no BMI2 (with AVX2)")]
    fn hands_made_with_pext_are_the_hands_made_by_the_loop() {
        assert!(
            std::arch::is_x86_feature_detected!("bmi2")
                && std::arch::is_x86_feature_detected!("popcnt"),
            "built where BMI2 runs, but this processor has none"
        );
        // 20,000 shuffles of one pack (36 number cards, four each of J Q K A), by Fisher–Yates:
        // any shuffle will do, so the dealer's own is not needed here.
        use rand_chacha::ChaCha8Rng;
        use rand_chacha::rand_core::{Rng, SeedableRng};
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut codes: [u8; 52] =
            std::array::from_fn(|i| if i < 36 { 0 } else { (i - 36) as u8 / 4 + 1 });
        let mut packs: Vec<Pack> = (0..20_000)
            .map(|_| {
                for i in (1..52).rev() {
                    codes.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
                }
                Pack::new(codes).unwrap()
            })
            .collect();
        // The most payment cards, in every arrangement of chunk boundaries, and none.
        for shift in 0..20 {
            let mut codes = [0u8; 52];
            for (i, code) in codes.iter_mut().enumerate().skip(shift).take(32) {
                *code = (i % 4) as u8 + 1;
            }
            packs.push(Pack::new(codes).unwrap());
        }
        packs.push(Pack::new([0; 52]).unwrap());
        packs.push(Pack::new(std::array::from_fn(|i| u8::from(i >= 20) * 4)).unwrap());
        for pack in packs {
            assert_eq!(
                // SAFETY: checked above.
                unsafe { pack_hands_pext(&pack) },
                pack_hands(&pack),
                "{pack:?}"
            );
        }
    }
}
