//! [`Lanes`] in AVX-512: one 512-bit register for the eight lanes, one mask register for a mask.
//! Every operation is one instruction (AVX-512 F, and VPOPCNTDQ for the population count).

use super::cpu::Avx512Cpu;
use super::{Lanes, MAX_LANES, Source};
use crate::game::Outcome;
use std::arch::x86_64::*;

/// Eight lanes in one register, with the proof that the processor has AVX-512: a register is
/// made only from a proof ([`Lanes::splat`], [`Lanes::from_array`]) or from registers that hold
/// one, which is what makes every intrinsic below sound (they are unsafe only because they need
/// AVX-512 F and VPOPCNTDQ). A mask is a plain mask register, which needs no proof: only
/// intrinsics on a register take one.
#[derive(Clone, Copy)]
struct Wide(__m512i, Avx512Cpu);

/// The register or mask `$intrinsics` make, with the proof `$cpu` (an [`Avx512Cpu`]) that they
/// may run.
macro_rules! avx512 {
    ($cpu:expr, $intrinsics:expr) => {{
        let _: Avx512Cpu = $cpu;
        // SAFETY: the intrinsics need AVX-512 F and VPOPCNTDQ, which `$cpu` proves the
        // processor has; they touch no memory.
        unsafe { $intrinsics }
    }};
}

/// The eight 64-bit lanes of a register.
pub(crate) fn to_array(v: __m512i) -> [u64; MAX_LANES] {
    // SAFETY: both are 64 bytes of plain integers; every bit pattern is valid for both.
    unsafe { std::mem::transmute::<__m512i, [u64; MAX_LANES]>(v) }
}

/// Lane operations that are one intrinsic on the two registers (the shifts give 0 for counts
/// of 64 or more, as `Lanes` asks).
macro_rules! one_intrinsic {
    ($($op:ident => $intrinsic:ident),* $(,)?) => {
        $(
            #[inline(always)]
            fn $op(self, other: Self) -> Self {
                Wide(avx512!(self.1, $intrinsic(self.0, other.0)), self.1)
            }
        )*
    };
}

impl Lanes for Wide {
    const N: usize = MAX_LANES;
    const CHEAP_SELECT: bool = true;
    type Mask = __mmask8;
    type Cpu = Avx512Cpu;

    #[inline(always)]
    fn splat(cpu: Avx512Cpu, x: u64) -> Self {
        Wide(avx512!(cpu, _mm512_set1_epi64(x as i64)), cpu)
    }

    #[inline(always)]
    fn from_array(cpu: Avx512Cpu, lanes: [u64; MAX_LANES]) -> Self {
        // SAFETY: the same 64 bytes, read unaligned; `cpu` proves AVX-512 F.
        Wide(unsafe { _mm512_loadu_si512(lanes.as_ptr().cast()) }, cpu)
    }

    #[inline(always)]
    fn cpu(self) -> Avx512Cpu {
        self.1
    }

    one_intrinsic!(
        add => _mm512_add_epi64,
        sub => _mm512_sub_epi64,
        and => _mm512_and_si512,
        or => _mm512_or_si512,
        shl => _mm512_sllv_epi64,
        shr => _mm512_srlv_epi64,
    );

    #[inline(always)]
    fn to_array(self) -> [u64; MAX_LANES] {
        to_array(self.0)
    }

    /// A shift by a constant count: the compiler makes it the instruction with an immediate.
    #[inline(always)]
    fn shl_by<const K: u32>(self) -> Self {
        self.shl(self.constant(u64::from(K)))
    }

    #[inline(always)]
    fn shr_by<const K: u32>(self) -> Self {
        self.shr(self.constant(u64::from(K)))
    }

    /// On the 32-bit halves: the high half of `self` is 0, so that of the minimum is too.
    #[inline(always)]
    fn min(self, other: Self) -> Self {
        Wide(avx512!(self.1, _mm512_min_epu32(self.0, other.0)), self.1)
    }

    /// The bits below it, counted (all 64 for 0).
    #[inline(always)]
    fn place(self) -> Self {
        Wide(
            avx512!(self.1, _mm512_popcnt_epi64(self.sub(self.constant(1)).0)),
            self.1,
        )
    }

    #[inline(always)]
    fn lt(self, other: Self) -> Self::Mask {
        avx512!(self.1, _mm512_cmplt_epi64_mask(self.0, other.0))
    }

    #[inline(always)]
    fn le(self, other: Self) -> Self::Mask {
        avx512!(self.1, _mm512_cmple_epi64_mask(self.0, other.0))
    }

    #[inline(always)]
    fn eq(self, other: Self) -> Self::Mask {
        avx512!(self.1, _mm512_cmpeq_epi64_mask(self.0, other.0))
    }

    #[inline(always)]
    fn select(mask: Self::Mask, yes: Self, no: Self) -> Self {
        Wide(
            avx512!(yes.1, _mm512_mask_blend_epi64(mask, no.0, yes.0)),
            yes.1,
        )
    }

    #[inline(always)]
    fn or_shifted_where(mask: Self::Mask, x: Self, y: Self, by: Self) -> Self {
        Wide(
            avx512!(x.1, _mm512_mask_or_epi64(x.0, mask, x.0, y.shl(by).0)),
            x.1,
        )
    }

    #[inline(always)]
    fn add_where(mask: Self::Mask, x: Self, y: Self) -> Self {
        Wide(
            avx512!(x.1, _mm512_mask_add_epi64(x.0, mask, x.0, y.0)),
            x.1,
        )
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

/// The lane engine in AVX-512, where `cpu` shows it runs (with BMI2 and POPCNT for the hands
/// made from packs).
pub(crate) fn play(
    cpu: Avx512Cpu,
    source: &mut impl Source,
    report: &mut impl FnMut(u64, Outcome),
) {
    #[target_feature(enable = "avx512f,avx512vpopcntdq,popcnt,bmi2")]
    fn entry(cpu: Avx512Cpu, source: &mut impl Source, report: &mut impl FnMut(u64, Outcome)) {
        super::play::<Wide, _>(cpu, source, report);
    }
    // SAFETY: `cpu` proves that the processor has the features of the entry.
    unsafe { entry(cpu, source, report) }
}

#[cfg(test)]
mod tests {
    use super::Avx512Cpu;

    #[target_feature(enable = "avx512f,avx512vpopcntdq")]
    fn check_masked_operations(cpu: Avx512Cpu) {
        super::super::tests::check_masked_operations::<super::Wide>(cpu);
    }

    #[test]
    #[cfg_attr(
        not(runs_avx512),
        ignore = "this processor has no AVX-512 (F, VPOPCNTDQ, with POPCNT and BMI2)"
    )]
    fn masked_operations_follow_their_plain_reading() {
        let cpu =
            Avx512Cpu::detect().expect("built where AVX-512 runs, but this processor has none");
        // SAFETY: `cpu` proves AVX-512 F and VPOPCNTDQ.
        unsafe { check_masked_operations(cpu) };
    }
}
