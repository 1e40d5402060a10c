//! [`Lanes`] as plain arrays of eight `u64`, written so that the compiler turns each operation
//! into vector instructions: SSE2 on any x86-64, AVX2 when the caller is compiled for it (see
//! [`super::avx2`]), NEON on aarch64. A mask is a lane of all ones or all zeros.

use super::{LANES, Lanes, Source};
use crate::game::Outcome;

#[derive(Clone, Copy)]
pub(crate) struct Portable([u64; LANES]);

#[inline(always)]
fn each(a: [u64; LANES], b: [u64; LANES], f: impl Fn(u64, u64) -> u64) -> [u64; LANES] {
    std::array::from_fn(|i| f(a[i], b[i]))
}

#[inline(always)]
fn truth(x: bool) -> u64 {
    0u64.wrapping_sub(u64::from(x))
}

impl Lanes for Portable {
    type Mask = [u64; LANES];

    #[inline(always)]
    fn splat(x: u64) -> Self {
        Portable([x; LANES])
    }

    #[inline(always)]
    fn from_array(lanes: [u64; LANES]) -> Self {
        Portable(lanes)
    }

    #[inline(always)]
    fn to_array(self) -> [u64; LANES] {
        self.0
    }

    #[inline(always)]
    fn add(self, other: Self) -> Self {
        Portable(each(self.0, other.0, u64::wrapping_add))
    }

    #[inline(always)]
    fn sub(self, other: Self) -> Self {
        Portable(each(self.0, other.0, u64::wrapping_sub))
    }

    #[inline(always)]
    fn and(self, other: Self) -> Self {
        Portable(each(self.0, other.0, |a, b| a & b))
    }

    #[inline(always)]
    fn andnot(self, other: Self) -> Self {
        Portable(each(self.0, other.0, |a, b| !a & b))
    }

    #[inline(always)]
    fn or(self, other: Self) -> Self {
        Portable(each(self.0, other.0, |a, b| a | b))
    }

    #[inline(always)]
    fn shl(self, by: Self) -> Self {
        Portable(each(self.0, by.0, |a, b| if b < 64 { a << b } else { 0 }))
    }

    #[inline(always)]
    fn shr(self, by: Self) -> Self {
        Portable(each(self.0, by.0, |a, b| if b < 64 { a >> b } else { 0 }))
    }

    #[inline(always)]
    fn shr2(self) -> Self {
        Portable(self.0.map(|a| a >> 2))
    }

    #[inline(always)]
    fn popcount(self) -> Self {
        Portable(self.0.map(|a| u64::from(a.count_ones())))
    }

    #[inline(always)]
    fn min(self, other: Self) -> Self {
        Portable(each(self.0, other.0, u64::min))
    }

    #[inline(always)]
    fn lt(self, other: Self) -> Self::Mask {
        each(self.0, other.0, |a, b| truth(a < b))
    }

    #[inline(always)]
    fn le(self, other: Self) -> Self::Mask {
        each(self.0, other.0, |a, b| truth(a <= b))
    }

    #[inline(always)]
    fn eq(self, other: Self) -> Self::Mask {
        each(self.0, other.0, |a, b| truth(a == b))
    }

    #[inline(always)]
    fn select(mask: Self::Mask, yes: Self, no: Self) -> Self {
        Portable(std::array::from_fn(|i| {
            (mask[i] & yes.0[i]) | (!mask[i] & no.0[i])
        }))
    }

    #[inline(always)]
    fn both(a: Self::Mask, b: Self::Mask) -> Self::Mask {
        each(a, b, |a, b| a & b)
    }

    #[inline(always)]
    fn either(a: Self::Mask, b: Self::Mask) -> Self::Mask {
        each(a, b, |a, b| a | b)
    }

    #[inline(always)]
    fn not(a: Self::Mask) -> Self::Mask {
        a.map(|a| !a)
    }

    #[inline(always)]
    fn bits(mask: Self::Mask) -> u8 {
        (0..LANES).fold(0, |bits, i| bits | ((mask[i] & 1) as u8) << i)
    }
}

/// The lane engine with the instructions every processor of the target has.
pub(crate) fn play(source: &mut impl Source, report: &mut impl FnMut(u64, Outcome)) {
    super::play::<Portable, _>(source, report);
}
