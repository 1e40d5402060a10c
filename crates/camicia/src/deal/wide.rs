//! Deals made several at once in the 64-bit lanes of vector registers, straight into the fast
//! engine's hands: the contract of [`super`] read the way [`super::places`] reads it, with the
//! 32 numbers of each block taken in turn in every lane and no early exit. Each lane keeps the
//! places taken and, as two bit planes, the rank (0 to 3 for J to A) placed on each; a hand's
//! penalty queue is then its places' ranks gathered in order, which BMI2's `pext` does in one
//! instruction per plane. A deal whose block places fewer than 16 cards is made by
//! [`Dealer::pack`].
//!
//! Eight at once with AVX-512 (for the AVX-512 engine), four with AVX2 (for the AVX2 engine).
//! AMD's processors before Zen 3 have BMI2 but run `pext` in microcode, tens to hundreds of
//! cycles an instruction, and AVX2: for them the four-lane batch gathers the ranks with the
//! loop of [`Places::hands`] instead ([`crate::engine::pext_is_fast`]). Every AVX-512 processor
//! has a fast `pext`.

use super::{B_FIRST, BLOCK, Dealer, Dealt, Places};
use crate::fast::pack_hands;
use crate::game::Outcome;
use crate::hand::Hand;
use crate::lanes::avx2;
use crate::lanes::avx512::to_array;
use crate::lanes::{MAX_LANES, Source};
use rand_chacha::rand_core::Rng;
use std::arch::x86_64::*;
use std::marker::PhantomData;

/// The bytes of [`MAX_LANES`] blocks, the most a batch reads.
const BATCH_BYTES: usize = 4 * MAX_LANES * BLOCK as usize;

/// A way of making `N` deals at once from their `N` blocks of words.
pub(crate) trait Batch {
    /// At most [`MAX_LANES`].
    const N: usize;

    /// The deals of the first `N` blocks of `bytes` (64 bytes each, in turn), into the first `N`
    /// of `made`; a deal whose block places fewer than 16 cards gets empty hands.
    ///
    /// # Safety
    ///
    /// The processor must have the features the batch names.
    unsafe fn make(bytes: &[u8; BATCH_BYTES], made: &mut [(Hand, Hand); MAX_LANES]);
}

/// Eight deals in AVX-512 registers; needs AVX-512 F, POPCNT and BMI2.
pub(crate) struct Eight;

/// Four deals in AVX2 registers; needs AVX2, POPCNT and BMI2. `PEXT`: the ranks are gathered
/// by `pext` (else by a loop over the places).
pub(crate) struct Four<const PEXT: bool>;

impl Batch for Eight {
    const N: usize = 8;

    unsafe fn make(bytes: &[u8; BATCH_BYTES], made: &mut [(Hand, Hand); MAX_LANES]) {
        // SAFETY: the caller's contract.
        unsafe { eight(bytes, made) }
    }
}

impl<const PEXT: bool> Batch for Four<PEXT> {
    const N: usize = 4;

    unsafe fn make(bytes: &[u8; BATCH_BYTES], made: &mut [(Hand, Hand); MAX_LANES]) {
        // SAFETY: the caller's contract.
        unsafe { four::<PEXT>(bytes, made) }
    }
}

/// Deals of a range as hands, made `B::N` at a time.
pub(crate) struct Hands<'a, B> {
    /// The range, at the next deal to make: the last few deals are made there one by one.
    dealt: Dealt<'a>,
    /// The blocks of the batch, kept from one batch to the next rather than cleared each time.
    bytes: [u8; BATCH_BYTES],
    made: [(Hand, Hand); MAX_LANES],
    /// How many of `made` have been handed out.
    used: usize,
    batch: PhantomData<B>,
}

impl<'a, B: Batch> Hands<'a, B> {
    /// # Safety
    /// The processor must have the features `B` names.
    pub(crate) unsafe fn new(dealer: &'a Dealer, range: std::ops::Range<u64>) -> Hands<'a, B> {
        Hands {
            dealt: Dealt::new(dealer, range),
            bytes: [0; BATCH_BYTES],
            made: [(Hand::EMPTY, Hand::EMPTY); MAX_LANES],
            used: B::N,
            batch: PhantomData,
        }
    }

    /// Out of line: once every `B::N` deals, and the engine's loop keeps its registers.
    #[inline(never)]
    fn make(&mut self) {
        let dealt = &mut self.dealt;
        let bytes = &mut self.bytes;
        dealt
            .rng
            .fill_bytes(&mut bytes[..4 * B::N * BLOCK as usize]);
        // SAFETY: `Hands::new`'s contract is that the processor has these features.
        unsafe { B::make(bytes, &mut self.made) };
        for (lane, made) in self.made.iter_mut().enumerate().take(B::N) {
            if made.0.is_empty() {
                *made = pack_hands(&dealt.dealer.pack(dealt.next + lane as u64));
            }
        }
        dealt.next += B::N as u64;
        self.used = 0;
    }
}

impl<B: Batch> Source for Hands<'_, B> {
    type Kept = ();

    #[inline(always)]
    fn next(&mut self) -> Option<((), Hand, Hand)> {
        if self.used == B::N {
            if self.dealt.end - self.dealt.next < B::N as u64 {
                return self.dealt.next();
            }
            self.make();
        }
        let (a, b) = self.made[self.used];
        self.used += 1;
        Some(((), a, b))
    }

    fn replay(&self, number: u64, kept: &()) -> Outcome {
        self.dealt.replay(number, kept)
    }
}

impl Places {
    /// [`Places::hands`] with BMI2: each hand's two rank planes gathered at its places by
    /// `pext`, and spread to the even and odd bits of the queue by `pdep`.
    #[target_feature(enable = "bmi2,popcnt")]
    #[inline]
    fn gathered(self) -> (Hand, Hand) {
        // A hand from its payment places in the pack, the first of its deck at `top`.
        let hand = |places: u64, top: u32| {
            Hand::from_parts(
                places >> top,
                _pdep_u64(_pext_u64(self.low_rank, places), 0x5555_5555_5555_5555)
                    | _pdep_u64(_pext_u64(self.high_rank, places), 0xaaaa_aaaa_aaaa_aaaa),
                B_FIRST,
            )
        };
        let a_places = (1 << B_FIRST) - 1;
        (
            hand(self.taken & a_places, 0),
            hand(self.taken & !a_places, B_FIRST),
        )
    }
}

/// Into the first `N` of `made`, the hands of each lane's places, or empty hands for a lane
/// whose block fell short (`taken` 0); `PEXT`: by [`Places::gathered`], else [`Places::hands`].
#[target_feature(enable = "bmi2,popcnt")]
#[inline]
fn lanes_hands<const N: usize, const PEXT: bool>(
    taken: [u64; MAX_LANES],
    low_rank: [u64; MAX_LANES],
    high_rank: [u64; MAX_LANES],
    made: &mut [(Hand, Hand); MAX_LANES],
) {
    for k in 0..N {
        made[k] = if taken[k] == 0 {
            (Hand::EMPTY, Hand::EMPTY)
        } else {
            let places = Places {
                taken: taken[k],
                low_rank: low_rank[k],
                high_rank: high_rank[k],
            };
            if PEXT {
                places.gathered()
            } else {
                places.hands()
            }
        };
    }
}

#[target_feature(enable = "avx512f,popcnt,bmi2")]
fn eight(bytes: &[u8; BATCH_BYTES], made: &mut [(Hand, Hand); MAX_LANES]) {
    let one = _mm512_set1_epi64(1);
    let mut taken = _mm512_setzero_si512();
    let mut low_rank = taken;
    let mut high_rank = taken;
    let mut placed = taken;
    // Lane k reads the 64-bit word j of block k: its four 16-bit numbers, lowest first,
    // are the contract's numbers 4j to 4j + 3.
    let words = _mm512_setr_epi64(0, 8, 16, 24, 32, 40, 48, 56);
    for j in 0..8 {
        // SAFETY: the eight words read lie in `bytes` (at most 8 · (56 + 7) + 8 = 512).
        let word = unsafe {
            _mm512_i64gather_epi64::<8>(
                _mm512_add_epi64(words, _mm512_set1_epi64(j)),
                bytes.as_ptr().cast(),
            )
        };
        for quarter in 0..4 {
            let x = _mm512_and_si512(
                _mm512_srlv_epi64(word, _mm512_set1_epi64(16 * quarter)),
                _mm512_set1_epi64(0xffff),
            );
            let product = _mm512_mul_epu32(x, _mm512_set1_epi64(52));
            // Accepted when the low half of x · 52 is 16 or more: bits 4 to 15 not all 0.
            let accepted = _mm512_test_epi64_mask(product, _mm512_set1_epi64(0xfff0));
            let bit = _mm512_sllv_epi64(one, _mm512_srli_epi64::<16>(product));
            let open = _mm512_mask_testn_epi64_mask(
                accepted & _mm512_cmplt_epu64_mask(placed, _mm512_set1_epi64(16)),
                taken,
                bit,
            );
            let rank_low = _mm512_test_epi64_mask(placed, _mm512_set1_epi64(4));
            let rank_high = _mm512_test_epi64_mask(placed, _mm512_set1_epi64(8));
            taken = _mm512_mask_or_epi64(taken, open, taken, bit);
            low_rank = _mm512_mask_or_epi64(low_rank, open & rank_low, low_rank, bit);
            high_rank = _mm512_mask_or_epi64(high_rank, open & rank_high, high_rank, bit);
            placed = _mm512_mask_add_epi64(placed, open, placed, one);
        }
    }
    let complete = _mm512_cmpeq_epi64_mask(placed, _mm512_set1_epi64(16));
    let taken = _mm512_maskz_mov_epi64(complete, taken);
    lanes_hands::<8, true>(
        to_array(taken),
        to_array(low_rank),
        to_array(high_rank),
        made,
    );
}

/// [`eight`] in AVX2, four lanes, without mask registers. The four 16-bit numbers of a word are
/// multiplied by 52 at once in 16-bit lanes: the high halves are the places, the low halves say
/// which are rejected, and a rejected number's place is made 2^16 − 1, whose bit is 0. A lane
/// goes on placing cards after its 16th, which keeps the count of cards placed off the chain of
/// dependences from one number to the next: the places taken at the 16th card are kept aside,
/// and at the end the rank planes are cut down to them.
#[target_feature(enable = "avx2,popcnt,bmi2")]
fn four<const PEXT: bool>(bytes: &[u8; BATCH_BYTES], made: &mut [(Hand, Hand); MAX_LANES]) {
    let zero = _mm256_setzero_si256();
    let one = _mm256_set1_epi64x(1);
    let sixteen = _mm256_set1_epi64x(16);
    let mut taken = zero;
    let mut low_rank = zero;
    let mut high_rank = zero;
    let mut placed = zero;
    // The places taken when the 16th card was placed; 0 in a lane that never placed it.
    let mut complete = zero;
    // The plane `plane` with `new` added in the lanes whose sign bit `rank` sets.
    let add_where = |plane: __m256i, new: __m256i, rank: __m256i| {
        _mm256_castpd_si256(_mm256_blendv_pd(
            _mm256_castsi256_pd(plane),
            _mm256_castsi256_pd(_mm256_or_si256(plane, new)),
            _mm256_castsi256_pd(rank),
        ))
    };
    // Words 2p and 2p + 1 of the four blocks: two 16-byte loads make a register of blocks 0
    // and 2, two more one of blocks 1 and 3, and unpacking the pair gives each word in all four.
    let load = |at: usize| {
        // SAFETY: `at` + 16 ≤ 192 + 48 + 16 = 256, within `bytes`.
        unsafe { _mm_loadu_si128(bytes.as_ptr().add(at).cast()) }
    };
    let block_words = (0..4).flat_map(|p| {
        let words = |first: usize| {
            _mm256_inserti128_si256::<1>(
                _mm256_castsi128_si256(load(first + 16 * p)),
                load(first + 128 + 16 * p),
            )
        };
        let (even, odd) = (words(0), words(64));
        [
            _mm256_unpacklo_epi64(even, odd),
            _mm256_unpackhi_epi64(even, odd),
        ]
    });
    for word in block_words {
        let fifty_two = _mm256_set1_epi16(52);
        // Rejected when the low half of x · 52 is below 16: its bits 4 to 15 all 0.
        let rejected = _mm256_cmpeq_epi16(
            _mm256_and_si256(
                _mm256_mullo_epi16(word, fifty_two),
                _mm256_set1_epi16(0xfff0u16 as i16),
            ),
            zero,
        );
        let places = _mm256_or_si256(_mm256_mulhi_epu16(word, fifty_two), rejected);
        for quarter in 0..4 {
            let place = _mm256_and_si256(
                _mm256_srlv_epi64(places, _mm256_set1_epi64x(16 * quarter)),
                _mm256_set1_epi64x(0xffff),
            );
            let new = _mm256_andnot_si256(taken, _mm256_sllv_epi64(one, place));
            taken = _mm256_or_si256(taken, new);
            // The k-th card placed (k from 0) has rank k / 4: bits 2 and 3 of k.
            low_rank = add_where(low_rank, new, _mm256_slli_epi64::<61>(placed));
            high_rank = add_where(high_rank, new, _mm256_slli_epi64::<60>(placed));
            placed = _mm256_sub_epi64(placed, _mm256_cmpgt_epi64(new, zero));
            complete = _mm256_blendv_epi8(complete, taken, _mm256_cmpeq_epi64(placed, sixteen));
        }
    }
    lanes_hands::<4, PEXT>(
        avx2::to_array(complete),
        avx2::to_array(_mm256_and_si256(low_rank, complete)),
        avx2::to_array(_mm256_and_si256(high_rank, complete)),
        made,
    );
}
