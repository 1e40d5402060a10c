//! [`Lanes`] in AVX2: the eight lanes in two 256-bit registers, a mask as two registers of all-ones
//! or all-zero lanes. AVX2 has the variable 64-bit shifts (which give 0 for counts of 64 or more,
//! as `Lanes` asks) but no 64-bit population count and no unsigned 64-bit compare: the count
//! sums a nibble table over the bytes, and compares are signed, right for values below 2^63.

use super::{LANES, Lanes, Source};
use crate::game::Outcome;
use std::arch::x86_64::*;

/// Eight lanes in two registers, lanes 0 to 3 and 4 to 7. A value exists only inside [`play`],
/// whose caller checked that the processor has AVX2: that is what makes every `unsafe` call
/// below sound (the intrinsics are unsafe only because they need AVX2).
#[derive(Clone, Copy)]
pub(crate) struct Avx2([__m256i; 2]);

#[inline(always)]
fn each(a: Avx2, b: Avx2, f: impl Fn(__m256i, __m256i) -> __m256i) -> Avx2 {
    Avx2([f(a.0[0], b.0[0]), f(a.0[1], b.0[1])])
}

#[inline(always)]
fn each1(a: Avx2, f: impl Fn(__m256i) -> __m256i) -> Avx2 {
    Avx2([f(a.0[0]), f(a.0[1])])
}

/// The number of set bits of each 64-bit lane: a table of the counts of the 16 nibbles, looked
/// up for every nibble of every byte, and the bytes of each lane summed.
#[inline(always)]
fn popcount(v: __m256i) -> __m256i {
    // SAFETY: see `Avx2`.
    unsafe {
        let table = _mm256_setr_epi8(
            0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2,
            3, 3, 4,
        );
        let low = _mm256_set1_epi8(0x0f);
        let lo = _mm256_and_si256(v, low);
        let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(v), low);
        let bytes = _mm256_add_epi8(
            _mm256_shuffle_epi8(table, lo),
            _mm256_shuffle_epi8(table, hi),
        );
        _mm256_sad_epu8(bytes, _mm256_setzero_si256())
    }
}

impl Lanes for Avx2 {
    type Mask = Avx2;

    #[inline(always)]
    fn splat(x: u64) -> Self {
        // SAFETY (here and below): see `Avx2`.
        let v = unsafe { _mm256_set1_epi64x(x as i64) };
        Avx2([v, v])
    }

    #[inline(always)]
    fn from_array(lanes: [u64; LANES]) -> Self {
        // SAFETY: 64 bytes read unaligned from the array; see `Avx2` for AVX2.
        unsafe {
            let p = lanes.as_ptr().cast::<__m256i>();
            Avx2([_mm256_loadu_si256(p), _mm256_loadu_si256(p.add(1))])
        }
    }

    #[inline(always)]
    fn to_array(self) -> [u64; LANES] {
        // SAFETY: two registers of 32 bytes are 64 bytes of plain integers, as the array is.
        unsafe { std::mem::transmute::<[__m256i; 2], [u64; LANES]>(self.0) }
    }

    #[inline(always)]
    fn add(self, other: Self) -> Self {
        each(self, other, |a, b| unsafe { _mm256_add_epi64(a, b) })
    }

    #[inline(always)]
    fn sub(self, other: Self) -> Self {
        each(self, other, |a, b| unsafe { _mm256_sub_epi64(a, b) })
    }

    #[inline(always)]
    fn and(self, other: Self) -> Self {
        each(self, other, |a, b| unsafe { _mm256_and_si256(a, b) })
    }

    #[inline(always)]
    fn andnot(self, other: Self) -> Self {
        each(self, other, |a, b| unsafe { _mm256_andnot_si256(a, b) })
    }

    #[inline(always)]
    fn or(self, other: Self) -> Self {
        each(self, other, |a, b| unsafe { _mm256_or_si256(a, b) })
    }

    #[inline(always)]
    fn shl(self, by: Self) -> Self {
        each(self, by, |a, b| unsafe { _mm256_sllv_epi64(a, b) })
    }

    #[inline(always)]
    fn shr(self, by: Self) -> Self {
        each(self, by, |a, b| unsafe { _mm256_srlv_epi64(a, b) })
    }

    #[inline(always)]
    fn shr2(self) -> Self {
        each1(self, |a| unsafe { _mm256_srli_epi64::<2>(a) })
    }

    #[inline(always)]
    fn popcount(self) -> Self {
        each1(self, popcount)
    }

    #[inline(always)]
    fn min(self, other: Self) -> Self {
        Avx2::select(self.lt(other), self, other)
    }

    #[inline(always)]
    fn lt(self, other: Self) -> Self::Mask {
        each(self, other, |a, b| unsafe { _mm256_cmpgt_epi64(b, a) })
    }

    #[inline(always)]
    fn le(self, other: Self) -> Self::Mask {
        Avx2::not(other.lt(self))
    }

    #[inline(always)]
    fn eq(self, other: Self) -> Self::Mask {
        each(self, other, |a, b| unsafe { _mm256_cmpeq_epi64(a, b) })
    }

    #[inline(always)]
    fn select(mask: Self::Mask, yes: Self, no: Self) -> Self {
        Avx2([0, 1].map(|i| unsafe { _mm256_blendv_epi8(no.0[i], yes.0[i], mask.0[i]) }))
    }

    #[inline(always)]
    fn both(a: Self::Mask, b: Self::Mask) -> Self::Mask {
        a.and(b)
    }

    #[inline(always)]
    fn either(a: Self::Mask, b: Self::Mask) -> Self::Mask {
        a.or(b)
    }

    #[inline(always)]
    fn not(a: Self::Mask) -> Self::Mask {
        each1(a, |v| unsafe {
            _mm256_xor_si256(v, _mm256_set1_epi64x(-1))
        })
    }

    #[inline(always)]
    fn bits(mask: Self::Mask) -> u8 {
        let half = |v| unsafe { _mm256_movemask_pd(_mm256_castsi256_pd(v)) } as u8;
        half(mask.0[0]) | half(mask.0[1]) << 4
    }
}

/// The lane engine in AVX2.
///
/// # Safety
///
/// The processor must have AVX2 ([`crate::engine::Engine`] checks).
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn play(source: &mut impl Source, report: &mut impl FnMut(u64, Outcome)) {
    super::play::<Avx2, _>(source, report);
}
