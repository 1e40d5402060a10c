//! Random one-pack deals, reproducible from a seed and an index.
//!
//! The contract (deal `index` of seed `seed` never changes): a ChaCha8 generator
//! (`rand_chacha::ChaCha8Rng::seed_from_u64(seed)`, stream 0) gives 32-bit words, and deal i
//! reads them from word 16·i on: each deal has its own 64-byte ChaCha8 block, so that deals can
//! be made in any order, and in sequence four deals share one refill of the generator.
//!
//! Only the places of the 16 payment cards matter, so only they are drawn. The block is read as
//! 32 numbers x of 16 bits (the low half of each word, then the high half), and each gives a
//! place uniform in 0 … 51 by Lemire's method: the high 16 bits of x · 52, except that the 16
//! values of x whose product has its low 16 bits below 2^16 mod 52 = 16 are skipped. A place
//! already taken is skipped too; the k-th place not skipped (k from 0) receives J for k = 0…3,
//! Q for 4…7, K for 8…11, A for 12…15, until 16 cards are placed. About 19 numbers make a deal;
//! the block's 32 fall short for about 3 deals in a million, whose numbers then go on with the
//! words that follow the block.
//! Places 0 to 25 are A's deck top first, 26 to 51 B's. Every one of the 52!/(36!·4!⁴) deals has
//! the same chance.

use crate::engine::Engine;
use crate::face::Face;
use crate::fast::{pack_hands, play_pack};
use crate::game::{Deal, Outcome};
use crate::hand::Hand;
use crate::lanes::Source;
use crate::pack::Pack;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Words per deal: one ChaCha block.
const BLOCK: u64 = 16;

/// Deals of one run: the generator's key is derived from the seed once.
#[derive(Clone, Debug)]
pub struct Dealer {
    key: [u8; 32],
}

impl Dealer {
    /// The dealer of `seed`.
    pub fn new(seed: u64) -> Dealer {
        Dealer {
            key: ChaCha8Rng::seed_from_u64(seed).get_seed(),
        }
    }

    /// The generator's key, ChaCha8's 32-byte seed: engines that make the deals elsewhere (the
    /// GPU engine of the crate `camicia-gpu`) read the contract's blocks from it.
    pub fn key(&self) -> [u8; 32] {
        self.key
    }

    /// The generator placed at deal `index`'s first word.
    fn at(&self, index: u64) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::from_seed(self.key);
        rng.set_word_pos(u128::from(index) * u128::from(BLOCK));
        rng
    }

    /// Deal `index` as 52 penalties, A's 26 cards then B's, top first (0 for a number card, 1 to
    /// 4 for J Q K A): the input of [`crate::fast::play_pack`].
    pub fn pack(&self, index: u64) -> Pack {
        let mut rng = self.at(index);
        let block = next_block(&mut rng);
        shuffle(block, || rng)
    }

    /// Deals `range.start` to `range.end - 1`, the same as [`Dealer::pack`] gives, faster.
    pub fn packs(&self, range: std::ops::Range<u64>) -> impl Iterator<Item = Pack> + '_ {
        let mut rng = self.at(range.start);
        range.map(move |index| {
            let block = next_block(&mut rng);
            shuffle(block, || self.at(index + 1))
        })
    }

    /// Plays deals `range.start` to `range.end - 1` with `engine` and reports each outcome with
    /// the deal's index, in an order that depends only on the deals. The deals are made
    /// straight into the engine's hands (eight at once for the AVX-512 engine, four for AVX2),
    /// which is faster than `engine.play_packs(dealer.packs(range), …)` and gives the same
    /// outcomes.
    pub fn play(
        &self,
        engine: Engine,
        range: std::ops::Range<u64>,
        mut report: impl FnMut(u64, Outcome),
    ) {
        let first = range.start;
        #[cfg(target_arch = "x86_64")]
        {
            use crate::engine::Dealing;
            match engine.dealing() {
                Dealing::EightAtOnce(_) => {
                    // SAFETY: the engine's dealing holds the proof that the processor has the
                    // features of this batch (AVX-512 F or AVX2, with POPCNT and BMI2).
                    unsafe { self.play_in_batches::<wide::Eight>(engine, range, report) };
                    return;
                }
                Dealing::FourAtOnce(_) if crate::engine::pext_is_fast() => {
                    // SAFETY: the engine's dealing holds the proof that the processor has the
                    // features of this batch (AVX-512 F or AVX2, with POPCNT and BMI2).
                    unsafe { self.play_in_batches::<wide::Four<true>>(engine, range, report) };
                    return;
                }
                Dealing::FourAtOnce(_) => {
                    // SAFETY: the engine's dealing holds the proof that the processor has the
                    // features of this batch (AVX-512 F or AVX2, with POPCNT and BMI2).
                    unsafe { self.play_in_batches::<wide::Four<false>>(engine, range, report) };
                    return;
                }
                Dealing::OneByOne => {}
            }
        }
        engine.play(&mut Dealt::new(self, range), &mut |k, outcome| {
            report(first + k, outcome)
        });
    }

    /// [`Dealer::play`] with the deals made `B::N` at once.
    ///
    /// # Safety
    ///
    /// The processor must have the features `B` names.
    #[cfg(target_arch = "x86_64")]
    unsafe fn play_in_batches<B: wide::Batch>(
        &self,
        engine: Engine,
        range: std::ops::Range<u64>,
        mut report: impl FnMut(u64, Outcome),
    ) {
        let first = range.start;
        // SAFETY: this function's contract.
        let mut hands = unsafe { wide::Hands::<B>::new(self, range) };
        engine.play(&mut hands, &mut |k, outcome| report(first + k, outcome));
    }
}

/// The next block of words: those 16 calls of `next_u32` give, copied out of the generator's
/// buffer in one call rather than taken one by one (the generator is always at a whole word, so
/// the bytes are the words', little-endian, in order).
#[inline(always)]
fn next_block(rng: &mut ChaCha8Rng) -> [u32; BLOCK as usize] {
    let mut bytes = [0u8; 4 * BLOCK as usize];
    rng.fill_bytes(&mut bytes);
    let (words, _) = bytes.as_chunks::<4>();
    std::array::from_fn(|i| u32::from_le_bytes(words[i]))
}

/// Deals of a range as the fast engine's hands, made one by one straight from their blocks,
/// with no pack in between.
pub(crate) struct Dealt<'a> {
    dealer: &'a Dealer,
    rng: ChaCha8Rng,
    /// The index of the first deal of the range, then of the next deal to make.
    first: u64,
    next: u64,
    end: u64,
}

impl<'a> Dealt<'a> {
    fn new(dealer: &'a Dealer, range: std::ops::Range<u64>) -> Dealt<'a> {
        Dealt {
            dealer,
            rng: dealer.at(range.start),
            first: range.start,
            next: range.start,
            end: range.end.max(range.start),
        }
    }
}

impl Source for Dealt<'_> {
    type Kept = ();

    #[inline(always)]
    fn next(&mut self) -> Option<((), Hand, Hand)> {
        if self.next == self.end {
            return None;
        }
        let block = next_block(&mut self.rng);
        self.next += 1;
        let (a, b) = match places(block) {
            Some(places) => places.hands(),
            None => pack_hands(&shuffle_on(block, self.dealer.at(self.next))),
        };
        Some(((), a, b))
    }

    fn replay(&self, number: u64, _: &()) -> Outcome {
        play_pack(&self.dealer.pack(self.first + number))
    }
}

/// A deal as bit planes over its 52 places: where its payment cards lie, and their ranks (0 to 3
/// for J to A) as two planes of bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Places {
    taken: u64,
    low_rank: u64,
    high_rank: u64,
}

impl Places {
    /// The rank (0 to 3) of the card at `place`.
    #[inline(always)]
    fn rank(self, place: u32) -> u64 {
        (self.low_rank >> place & 1) | (self.high_rank >> place & 1) << 1
    }

    fn pack(self) -> Pack {
        let mut pack = [0u8; 52];
        let mut rest = self.taken;
        while rest != 0 {
            let place = rest.trailing_zeros();
            pack[place as usize] = self.rank(place) as u8 + 1;
            rest &= rest - 1;
        }
        Pack::of_valid(pack)
    }

    /// The two hands of the fast engine: the penalty queue is the ranks read at the taken
    /// places in order (always 16 of them, so the loop is predicted), A's first.
    #[inline(always)]
    fn hands(self) -> (Hand, Hand) {
        let mut values = 0u64;
        let mut rest = self.taken;
        for slot in 0..16 {
            values |= self.rank(rest.trailing_zeros()) << (2 * slot);
            rest &= rest.wrapping_sub(1);
        }
        let a_pay = self.taken & ((1 << B_FIRST) - 1);
        let a_values = 2 * a_pay.count_ones();
        (
            Hand::from_parts(a_pay, values & ((1 << a_values) - 1), B_FIRST),
            Hand::from_parts(self.taken >> B_FIRST, values >> a_values, B_FIRST),
        )
    }
}

/// The first place of B's deck.
const B_FIRST: u32 = 26;

/// The deal from its block of words; `more` gives the words after the block.
#[inline(always)]
fn shuffle(block: [u32; BLOCK as usize], more: impl FnOnce() -> ChaCha8Rng) -> Pack {
    match places(block) {
        Some(places) => places.pack(),
        None => shuffle_on(block, more()),
    }
}

/// The deal of a block that places all 16 payment cards; `None` for the few that do not.
///
/// The ranks go by fours in the order the places are taken, so they are read off the places
/// taken when 4, 8 and 12 cards were placed: J are the first four, Q the next four, and so on.
#[inline(always)]
fn places(block: [u32; BLOCK as usize]) -> Option<Places> {
    let mut taken = 0u64;
    // `marks[k]` for k = 1, 2, 3: the places taken when 4k cards were placed, written by every
    // number that leaves 4k − 3 to 4k placed (a store, rather than a compare and a move for each);
    // the others write `marks[0]`, which is not read.
    let mut marks = [0u64; 4];
    let mut placed = 0u32;
    for word in block {
        for x in [word & 0xffff, word >> 16] {
            // Lemire's method on 16 bits: the high half of x · 52, rejecting the 16 values of x
            // whose low half falls below 2^16 mod 52 = 16. A rejected number, or a place
            // already taken, adds no bit: no branch the processor could not predict.
            let product = x * 52;
            let bit = u64::from(product & 0xffff >= 16) << (product >> 16);
            let new = bit & !taken;
            taken |= bit;
            placed += u32::from(new != 0);
            marks[(placed as usize).div_ceil(4) % 4] = taken;
            if placed == 16 {
                let [_, jacks, up_to_queens, up_to_kings] = marks;
                return Some(Places {
                    taken,
                    low_rank: (up_to_queens ^ jacks) | (taken ^ up_to_kings),
                    high_rank: taken ^ up_to_queens,
                });
            }
        }
    }
    None
}

/// The contract read plainly, number by number, from the block on into the words after it.
#[cold]
#[inline(never)]
fn shuffle_on(block: [u32; BLOCK as usize], mut more: ChaCha8Rng) -> Pack {
    let words = block
        .into_iter()
        .chain(std::iter::from_fn(|| Some(more.next_u32())));
    let mut numbers = words.flat_map(|word| [word & 0xffff, word >> 16]);
    let mut pack = [0u8; 52];
    let mut placed = 0;
    while placed < 16 {
        let x = numbers.next().expect("the words never run out");
        let product = x * 52;
        let place = (product >> 16) as usize;
        if product & 0xffff >= 16 && pack[place] == 0 {
            pack[place] = placed / 4 + 1;
            placed += 1;
        }
    }
    Pack::of_valid(pack)
}

#[cfg(target_arch = "x86_64")]
pub(crate) mod wide;

/// A one-pack deal of penalties as decks of faces (number cards of unknown value).
pub fn pack_deal(pack: &Pack) -> Deal {
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
        assert_eq!(crate::record(deal.a()), "--KA------A-J-A----A----Q-");
        assert_eq!(crate::record(deal.b()), "KK-K---QJ-JQ-Q----------J-");
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

    /// The plain reading of the contract: words one by one from `rng` on, halves low first.
    fn plain_from(mut rng: ChaCha8Rng) -> Pack {
        plain_from_words(std::iter::from_fn(|| Some(rng.next_u32())))
    }

    fn plain_from_words(mut words: impl Iterator<Item = u32>) -> Pack {
        let mut halves = Vec::new();
        let mut pack = [0u8; 52];
        let mut placed = 0;
        while placed < 16 {
            if halves.is_empty() {
                let word = words.next().unwrap();
                halves = vec![word >> 16, word & 0xffff];
            }
            let x = halves.pop().unwrap();
            if (x * 52) % 65536 < 65536 % 52 {
                continue;
            }
            let place = (x * 52 / 65536) as usize;
            if pack[place] == 0 {
                pack[place] = placed / 4 + 1;
                placed += 1;
            }
        }
        Pack::new(pack).unwrap()
    }

    #[test]
    fn the_fast_dealing_follows_the_plain_reading_of_the_contract() {
        let dealer = Dealer::new(11);
        let sequence: Vec<Pack> = dealer.packs(1000..3000).collect();
        for (k, pack) in sequence.iter().enumerate() {
            let index = 1000 + k as u64;
            assert_eq!(*pack, plain_from(dealer.at(index)));
            assert_eq!(*pack, dealer.pack(index));
        }
    }

    #[test]
    fn deals_made_in_sequence_equal_deals_made_one_by_one() {
        // A million deals: about three of them read past their block.
        // (The fast and plain readings must agree on those too.)
        let dealer = Dealer::new(12);
        for (index, pack) in (0..).zip(dealer.packs(0..1_000_000)) {
            assert_eq!(pack, dealer.pack(index), "deal {index}");
            assert_eq!(pack, plain_from(dealer.at(index)), "deal {index}");
        }
    }

    /// Checks that `source` hands out the deals of `range` of `dealer` as the packs give them,
    /// over a million deals from an index that is not a multiple of 4 or 8 (so that the last few
    /// are not a whole batch), among them deals whose block places fewer than 16 cards.
    fn hands_out_the_packs(source: &mut impl Source, dealer: &Dealer, range: std::ops::Range<u64>) {
        let short = range
            .clone()
            .filter(|&index| {
                let mut rng = dealer.at(index);
                places(std::array::from_fn(|_| rng.next_u32())).is_none()
            })
            .count();
        assert!(short >= 1, "no deal read past its block");
        for index in range {
            let (_, a, b) = source.next().expect("a deal for every index");
            assert_eq!((a, b), pack_hands(&dealer.pack(index)), "deal {index}");
        }
        assert!(source.next().is_none());
    }

    /// [`hands_out_the_packs`] for a batch, which needs the features of the engines that deal
    /// so (`dealing`).
    #[cfg(target_arch = "x86_64")]
    fn batch_hands_out_the_packs<B: wide::Batch>(deals_so: fn(crate::engine::Dealing) -> bool) {
        assert!(
            Engine::available().iter().any(|e| deals_so(e.dealing())),
            "built where this batch runs, but this processor cannot"
        );
        let dealer = Dealer::new(12);
        // SAFETY: checked above.
        let mut hands = unsafe { wide::Hands::<B>::new(&dealer, 5..1_000_002) };
        hands_out_the_packs(&mut hands, &dealer, 5..1_000_002);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    #[cfg_attr(
        not(runs_avx512),
        ignore = "this processor has no AVX-512 (F, with POPCNT and BMI2)"
    )]
    fn deals_made_eight_at_once_are_the_deals_made_as_packs() {
        batch_hands_out_the_packs::<wide::Eight>(|d| {
            matches!(d, crate::engine::Dealing::EightAtOnce(_))
        });
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    #[cfg_attr(not(runs_avx2), ignore = "this processor has no AVX2 (with BMI2)")]
    fn deals_made_four_at_once_are_the_deals_made_as_packs() {
        // Both ways of gathering the ranks, whichever this processor is fast at.
        batch_hands_out_the_packs::<wide::Four<true>>(|d| {
            matches!(d, crate::engine::Dealing::FourAtOnce(_))
        });
        batch_hands_out_the_packs::<wide::Four<false>>(|d| {
            matches!(d, crate::engine::Dealing::FourAtOnce(_))
        });
    }

    #[test]
    fn deals_made_one_by_one_straight_into_hands_are_the_deals_made_as_packs() {
        let dealer = Dealer::new(12);
        hands_out_the_packs(
            &mut Dealt::new(&dealer, 5..1_000_002),
            &dealer,
            5..1_000_002,
        );
    }

    #[test]
    fn a_block_used_up_by_rejections_reads_on_into_the_next_words() {
        // A word of 0 is rejected by every bound (2^32 mod bound is positive for these bounds),
        // so a block of zeros is used up and the whole deal comes from the words after it.
        let dealer = Dealer::new(3);
        assert_eq!(shuffle([0; 16], || dealer.at(5)), plain_from(dealer.at(5)));
        // 0x4001 is accepted and always lands on place 13: the block places one card only.
        let repeated = [0x4001_4001; 16];
        let mut after = dealer.at(9);
        let words = repeated
            .into_iter()
            .chain(std::iter::from_fn(|| Some(after.next_u32())));
        let expected = plain_from_words(words);
        assert_eq!(shuffle(repeated, || dealer.at(9)), expected);
    }
}
