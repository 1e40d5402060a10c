//! [`Lanes`] in AVX-512: one 512-bit register for the eight lanes, one mask register for a mask.
//! Every operation is one instruction (AVX-512 F, and VPOPCNTDQ for the population count).

use super::{Lanes, MAX_LANES, Source};
use crate::game::Outcome;
use std::arch::x86_64::*;

/// Eight lanes in one register. A value exists only inside [`play`], whose caller checked that
/// the processor has AVX-512 F and VPOPCNTDQ: that is what makes every `unsafe` call below sound
/// (the intrinsics are unsafe only because they need those features).
#[derive(Clone, Copy)]
struct Wide(__m512i);

/// The eight 64-bit lanes of a register.
pub(crate) fn to_array(v: __m512i) -> [u64; MAX_LANES] {
    // SAFETY: both are 64 bytes of plain integers; every bit pattern is valid for both.
    unsafe { std::mem::transmute::<__m512i, [u64; MAX_LANES]>(v) }
}

impl Lanes for Wide {
    const N: usize = MAX_LANES;
    const CHEAP_SELECT: bool = true;
    type Mask = __mmask8;

    #[inline(always)]
    fn splat(x: u64) -> Self {
        // SAFETY: see `Wide`.
        Wide(unsafe { _mm512_set1_epi64(x as i64) })
    }

    #[inline(always)]
    fn from_array(lanes: [u64; MAX_LANES]) -> Self {
        // SAFETY: the same 64 bytes, read unaligned; see `Wide` for the features.
        Wide(unsafe { _mm512_loadu_si512(lanes.as_ptr().cast()) })
    }

    #[inline(always)]
    fn to_array(self) -> [u64; MAX_LANES] {
        to_array(self.0)
    }

    #[inline(always)]
    fn add(self, other: Self) -> Self {
        // SAFETY (here and below): see `Wide`.
        Wide(unsafe { _mm512_add_epi64(self.0, other.0) })
    }

    #[inline(always)]
    fn sub(self, other: Self) -> Self {
        Wide(unsafe { _mm512_sub_epi64(self.0, other.0) })
    }

    #[inline(always)]
    fn and(self, other: Self) -> Self {
        Wide(unsafe { _mm512_and_si512(self.0, other.0) })
    }

    #[inline(always)]
    fn or(self, other: Self) -> Self {
        Wide(unsafe { _mm512_or_si512(self.0, other.0) })
    }

    #[inline(always)]
    fn shl(self, by: Self) -> Self {
        // Counts of 64 or more give 0, as `Lanes` asks.
        Wide(unsafe { _mm512_sllv_epi64(self.0, by.0) })
    }

    #[inline(always)]
    fn shr(self, by: Self) -> Self {
        Wide(unsafe { _mm512_srlv_epi64(self.0, by.0) })
    }

    /// A shift by a constant count: the compiler makes it the instruction with an immediate.
    #[inline(always)]
    fn shl_by<const K: u32>(self) -> Self {
        self.shl(Self::splat(u64::from(K)))
    }

    #[inline(always)]
    fn shr_by<const K: u32>(self) -> Self {
        self.shr(Self::splat(u64::from(K)))
    }

    /// On the 32-bit halves: the high half of `self` is 0, so that of the minimum is too.
    #[inline(always)]
    fn min(self, other: Self) -> Self {
        Wide(unsafe { _mm512_min_epu32(self.0, other.0) })
    }

    /// The bits below it, counted (all 64 for 0).
    #[inline(always)]
    fn place(self) -> Self {
        Wide(unsafe { _mm512_popcnt_epi64(self.sub(Self::splat(1)).0) })
    }

    #[inline(always)]
    fn lt(self, other: Self) -> Self::Mask {
        unsafe { _mm512_cmplt_epi64_mask(self.0, other.0) }
    }

    #[inline(always)]
    fn le(self, other: Self) -> Self::Mask {
        unsafe { _mm512_cmple_epi64_mask(self.0, other.0) }
    }

    #[inline(always)]
    fn eq(self, other: Self) -> Self::Mask {
        unsafe { _mm512_cmpeq_epi64_mask(self.0, other.0) }
    }

    #[inline(always)]
    fn select(mask: Self::Mask, yes: Self, no: Self) -> Self {
        Wide(unsafe { _mm512_mask_blend_epi64(mask, no.0, yes.0) })
    }

    #[inline(always)]
    fn or_shifted_where(mask: Self::Mask, x: Self, y: Self, by: Self) -> Self {
        Wide(unsafe { _mm512_mask_or_epi64(x.0, mask, x.0, y.shl(by).0) })
    }

    #[inline(always)]
    fn add_where(mask: Self::Mask, x: Self, y: Self) -> Self {
        Wide(unsafe { _mm512_mask_add_epi64(x.0, mask, x.0, y.0) })
    }

    #[inline(always)]
    fn both(a: Self::Mask, b: Self::Mask) -> Self::Mask {
        a & b
    }

    #[inline(always)]
    fn either(a: Self::Mask, b: Self::Mask) -> Self::Mask {
        a | b
    }

    #[inline(always)]
    fn not(a: Self::Mask) -> Self::Mask {
        !a
    }

    #[inline(always)]
    fn bits(mask: Self::Mask) -> u8 {
        mask
    }
}

/// The lane engine in AVX-512.
///
/// # Safety
///
/// The processor must have AVX-512 F, VPOPCNTDQ, POPCNT and BMI2 ([`crate::engine::Engine`]
/// checks): BMI2 and POPCNT for the hands made from packs.
#[target_feature(enable = "avx512f,avx512vpopcntdq,popcnt,bmi2")]
pub(crate) unsafe fn play(source: &mut impl Source, report: &mut impl FnMut(u64, Outcome)) {
    super::play::<Wide, _>(source, report);
}

#[cfg(test)]
mod tests {
    /// # Safety
    ///
    /// The processor must have AVX-512 F.
    #[target_feature(enable = "avx512f")]
    unsafe fn check_masked_operations() {
        super::super::tests::check_masked_operations::<super::Wide>();
    }

    #[test]
    #[cfg_attr(
        not(runs_avx512),
        ignore = "this processor has no AVX-512 (F, VPOPCNTDQ, with POPCNT and BMI2)"
    )]
    fn masked_operations_follow_their_plain_reading() {
        assert!(
            std::arch::is_x86_feature_detected!("avx512f"),
            "built where AVX-512 runs, but this processor has none"
        );
        // SAFETY: checked above.
        unsafe { check_masked_operations() };
    }
}
