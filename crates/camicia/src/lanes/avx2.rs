//! [`Lanes`] in AVX2: four lanes in a 256-bit register, a mask as a register of all-ones or
//! all-zero lanes. AVX2 has the variable 64-bit shifts (which give 0 for counts of 64 or more,
//! as `Lanes` asks) but no 64-bit count of trailing zeros, minimum or unsigned compare: the
//! trailing zeros come from a float's exponent, the minimum is taken on 32-bit halves, and
//! compares are signed, right for values below 2^63.
//!
//! Four lanes, not eight in two registers: the 12 fields then take 12 of the 16 registers rather
//! than 24, and measured the same or faster.

use super::cpu::Avx2Cpu;
use super::{Lanes, MAX_LANES, Source};
use crate::game::Outcome;
use std::arch::x86_64::*;

/// `v`, hidden from the optimiser: through an empty piece of assembly it is just a register.
/// Mostly for shift counts: the variable shifts' intrinsics are written as a shift guarded by
/// "the count is below 64", which the compiler makes the one instruction again when it finds the
/// guard intact; but a count computed in a way it can reason about (a count plus one, a word
/// shifted right by 31) has its guard rewritten into another compare, and the shift then costs a
/// compare and a mask more, with their constants.
#[inline]
#[target_feature(enable = "avx")]
fn opaque(mut v: __m256i) -> __m256i {
    // SAFETY: the assembly is empty; it only declares that it reads and writes this register.
    unsafe {
        std::arch::asm!(
            "/* {0} */",
            inout(ymm_reg) v,
            options(pure, nomem, nostack, preserves_flags)
        )
    };
    v
}

/// The four 64-bit lanes of a register, then four zeros.
#[inline(always)]
pub(crate) fn to_array(v: __m256i) -> [u64; MAX_LANES] {
    // SAFETY: both are 32 bytes of plain integers; every bit pattern is valid for both.
    let four = unsafe { std::mem::transmute::<__m256i, [u64; 4]>(v) };
    std::array::from_fn(|i| if i < 4 { four[i] } else { 0 })
}

/// Four lanes in one register, with the proof that the processor has AVX2: a register is made
/// only from a proof ([`Lanes::splat`], [`Lanes::from_array`]) or from registers that hold one,
/// which is what makes every intrinsic below sound (they are unsafe only because they need AVX2).
///
/// `CHEAP_BLENDS`: the variable blend is one micro-operation, as on AMD's cores, not two or three
/// as on Intel's ([`crate::engine::blends_are_cheap`] tells; see [`Lanes::CHEAP_SELECT`]).
/// Without them two registers are swapped where a mask says by three exclusive ors and an `and`.
#[derive(Clone, Copy)]
pub(crate) struct Avx2<const CHEAP_BLENDS: bool>(__m256i, Avx2Cpu);

/// The register `$intrinsics` make, with the proof `$cpu` (an [`Avx2Cpu`]) that they may run.
macro_rules! avx2 {
    ($cpu:expr, $intrinsics:expr) => {{
        let cpu: Avx2Cpu = $cpu;
        // SAFETY: the intrinsics need AVX2 (and `opaque` AVX), which `cpu` proves the processor
        // has; they touch no memory.
        Avx2(unsafe { $intrinsics }, cpu)
    }};
}

/// Lane operations that are one intrinsic on the two registers (`eq` gives its mask as a
/// register of all-ones or all-zero lanes).
macro_rules! one_intrinsic {
    ($($op:ident => $intrinsic:ident),* $(,)?) => {
        $(
            #[inline(always)]
            fn $op(self, other: Self) -> Self {
                avx2!(self.1, $intrinsic(self.0, other.0))
            }
        )*
    };
}

impl<const CHEAP_BLENDS: bool> Lanes for Avx2<CHEAP_BLENDS> {
    const N: usize = 4;
    const CHEAP_SELECT: bool = CHEAP_BLENDS;
    type Mask = Self;
    type Cpu = Avx2Cpu;

    #[inline(always)]
    fn splat(cpu: Avx2Cpu, x: u64) -> Self {
        avx2!(cpu, _mm256_set1_epi64x(x as i64))
    }

    #[inline(always)]
    fn from_array(cpu: Avx2Cpu, lanes: [u64; MAX_LANES]) -> Self {
        // SAFETY: 32 bytes read unaligned from the array's 64; `cpu` proves AVX2.
        Avx2(unsafe { _mm256_loadu_si256(lanes.as_ptr().cast()) }, cpu)
    }

    #[inline(always)]
    fn cpu(self) -> Avx2Cpu {
        self.1
    }

    one_intrinsic!(
        add => _mm256_add_epi64,
        sub => _mm256_sub_epi64,
        and => _mm256_and_si256,
        or => _mm256_or_si256,
        eq => _mm256_cmpeq_epi64,
    );

    #[inline(always)]
    fn to_array(self) -> [u64; MAX_LANES] {
        to_array(self.0)
    }

    #[inline(always)]
    fn shl(self, by: Self) -> Self {
        avx2!(self.1, _mm256_sllv_epi64(self.0, opaque(by.0)))
    }

    #[inline(always)]
    fn shr(self, by: Self) -> Self {
        avx2!(self.1, _mm256_srlv_epi64(self.0, opaque(by.0)))
    }

    /// A shift by a constant count, which the compiler makes the instruction with an immediate
    /// (the count is not hidden from it: it is known to be below 64).
    #[inline(always)]
    fn shl_by<const K: u32>(self) -> Self {
        avx2!(
            self.1,
            _mm256_sllv_epi64(self.0, _mm256_set1_epi64x(i64::from(K)))
        )
    }

    #[inline(always)]
    fn shr_by<const K: u32>(self) -> Self {
        avx2!(
            self.1,
            _mm256_srlv_epi64(self.0, _mm256_set1_epi64x(i64::from(K)))
        )
    }

    /// One instruction on the 32-bit halves: the high half of `self` is 0, so that of the
    /// minimum is too.
    #[inline(always)]
    fn min(self, other: Self) -> Self {
        avx2!(self.1, _mm256_min_epu32(self.0, other.0))
    }

    /// Without a count of trailing zeros, the bit (a power of two 2^k below 2^52, or 0) is made
    /// a float by the usual trick: its bits under the exponent of 2^52 read as the float
    /// 2^52 + 2^k exactly, and subtracting 2^52 leaves 2^k, whose exponent field is 1023 + k.
    /// With no bit set the exponent field is 0 and the subtraction, on the low 32 bits, wraps to
    /// 2^32 − 1023. (2^52 is hidden from the optimiser too, which would otherwise add −2^52, a
    /// second constant, broadcast from memory by an instruction of its own at every use.)
    #[inline(always)]
    fn place(self) -> Self {
        avx2!(self.1, {
            let two_52 = opaque(_mm256_set1_epi64x(0x4330_0000_0000_0000));
            let exact = _mm256_sub_pd(
                _mm256_castsi256_pd(_mm256_or_si256(self.0, two_52)),
                _mm256_castsi256_pd(two_52),
            );
            let exponent = _mm256_srli_epi64::<52>(_mm256_castpd_si256(exact));
            _mm256_sub_epi32(exponent, _mm256_set1_epi64x(1023))
        })
    }

    #[inline(always)]
    fn lt(self, other: Self) -> Self::Mask {
        avx2!(self.1, _mm256_cmpgt_epi64(other.0, self.0))
    }

    #[inline(always)]
    fn le(self, other: Self) -> Self::Mask {
        Avx2::not(other.lt(self))
    }

    #[inline(always)]
    fn select(mask: Self::Mask, yes: Self, no: Self) -> Self {
        avx2!(mask.1, _mm256_blendv_epi8(no.0, yes.0, mask.0))
    }

    #[inline(always)]
    fn swap_where(mask: Self::Mask, x: Self, y: Self) -> (Self, Self) {
        if CHEAP_BLENDS {
            (Self::select(mask, y, x), Self::select(mask, x, y))
        } else {
            let xor = |a: Self, b: Self| avx2!(a.1, _mm256_xor_si256(a.0, b.0));
            let change = mask.and(xor(x, y));
            (xor(x, change), xor(y, change))
        }
    }

    #[inline(always)]
    fn keep(mask: Self::Mask, x: Self) -> Self {
        mask.and(x)
    }

    /// Without cheap blends the mask is taken before the shift: 2% faster than after it, measured
    /// on an Intel Xeon.
    #[inline(always)]
    fn or_shifted_where(mask: Self::Mask, x: Self, y: Self, by: Self) -> Self {
        if CHEAP_BLENDS {
            Self::select(mask, x.or(y.shl(by)), x)
        } else {
            x.or(mask.and(y).shl(by))
        }
    }

    #[inline(always)]
    fn add_where(mask: Self::Mask, x: Self, y: Self) -> Self {
        if CHEAP_BLENDS {
            Self::select(mask, x.add(y), x)
        } else {
            x.add(mask.and(y))
        }
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
        avx2!(a.1, _mm256_xor_si256(a.0, _mm256_set1_epi64x(-1)))
    }

    #[inline(always)]
    fn bits(mask: Self::Mask) -> u8 {
        // SAFETY: the mask holds the proof that the processor has AVX2.
        (unsafe { _mm256_movemask_pd(_mm256_castsi256_pd(mask.0)) }) as u8
    }
}

/// The lane engine in AVX2, for a processor whose variable blends are cheap or not (see
/// [`Avx2`]; the engine asks [`crate::engine::blends_are_cheap`]), where `cpu` shows it runs.
pub(crate) fn play<const CHEAP_BLENDS: bool>(
    cpu: Avx2Cpu,
    source: &mut impl Source,
    report: &mut impl FnMut(u64, Outcome),
) {
    #[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
    fn entry<const CHEAP_BLENDS: bool>(
        cpu: Avx2Cpu,
        source: &mut impl Source,
        report: &mut impl FnMut(u64, Outcome),
    ) {
        super::play::<Avx2<CHEAP_BLENDS>, _>(cpu, source, report);
    }
    // SAFETY: `cpu` proves that the processor has the features of the entry.
    unsafe { entry::<CHEAP_BLENDS>(cpu, source, report) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The register operations that AVX2 lacks and the code builds from others, on four lanes.
    #[target_feature(enable = "avx2")]
    fn first_payment_and_min(
        cpu: Avx2Cpu,
        pay: [u64; 4],
        a: [u64; 4],
        b: [u64; 4],
    ) -> ([u64; 4], [u64; 4]) {
        let lanes = |v: [u64; 4]| Avx2::<false>::from_array(cpu, std::array::from_fn(|i| v[i % 4]));
        let back = |v: Avx2<false>| -> [u64; 4] { std::array::from_fn(|i| v.to_array()[i]) };
        (
            back(lanes(pay).first_payment()),
            back(lanes(a).min(lanes(b))),
        )
    }

    /// The build found AVX2 here (`runs_avx2`); a test that would run it fails rather than
    /// pass if the processor running it has none.
    fn avx2_runs() -> Avx2Cpu {
        Avx2Cpu::detect().expect("built where AVX2 runs, but this processor has none")
    }

    #[target_feature(enable = "avx2")]
    fn check_masked_operations(cpu: Avx2Cpu) {
        super::super::tests::check_masked_operations::<Avx2<false>>(cpu);
        super::super::tests::check_masked_operations::<Avx2<true>>(cpu);
    }

    #[test]
    #[cfg_attr(
        not(runs_avx2),
        ignore = "this processor has no AVX2 (with POPCNT, BMI1, BMI2)"
    )]
    fn masked_operations_follow_their_plain_reading() {
        let cpu = avx2_runs();
        // SAFETY: `cpu` proves AVX2.
        unsafe { check_masked_operations(cpu) };
    }

    /// The engine test plays the way this processor is given; this plays both.
    #[test]
    #[cfg_attr(
        not(runs_avx2),
        ignore = "this processor has no AVX2 (with POPCNT, BMI1, BMI2)"
    )]
    fn both_ways_of_masking_agree_with_the_scalar_engine() {
        use crate::deal::Dealer;
        use crate::lanes::tests::{reported, scalar_outcomes};
        let cpu = avx2_runs();
        let dealer = Dealer::new(81);
        let expected = scalar_outcomes(&dealer, 20_003);
        for cheap_blends in [false, true] {
            let mut got = reported(&dealer, 20_003, |packs, mut report| {
                if cheap_blends {
                    play::<true>(cpu, packs, &mut report)
                } else {
                    play::<false>(cpu, packs, &mut report)
                }
            });
            got.sort_by_key(|&(k, _)| k);
            assert_eq!(got, expected, "cheap blends: {cheap_blends}");
        }
    }

    #[test]
    #[cfg_attr(
        not(runs_avx2),
        ignore = "this processor has no AVX2 (with POPCNT, BMI1, BMI2)"
    )]
    fn first_payment_and_min_follow_their_plain_reading() {
        let cpu = avx2_runs();
        let mut random = super::super::tests::random();
        for chunk in super::super::tests::payment_bits().chunks(4) {
            let pays: [u64; 4] = std::array::from_fn(|i| chunk[i % chunk.len()]);
            let a: [u64; 4] = std::array::from_fn(|_| random() >> 32);
            // Any high half: the minimum ignores it.
            let b: [u64; 4] = std::array::from_fn(|i| {
                random() << 32 | if i == 0 { a[0] } else { random() >> 32 }
            });
            // SAFETY: `cpu` proves AVX2.
            let (first, min) = unsafe { first_payment_and_min(cpu, pays, a, b) };
            for i in 0..4 {
                super::super::tests::check_first_payment(pays[i], first[i]);
                assert_eq!(min[i], a[i].min(b[i] & 0xffff_ffff));
            }
        }
    }
}
