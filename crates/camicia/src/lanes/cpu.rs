//! Proofs that the processor has an instruction set: values that only a check of the processor
//! makes (their field is private to this module), so that code taking one may use those
//! instructions. The lane registers in AVX intrinsics each hold one, and every function that
//! makes a register takes one: soundness rests on the types, not on each caller's care.

use std::arch::is_x86_feature_detected as has;

/// Proof that the processor has AVX2, POPCNT, BMI1 and BMI2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Avx2Cpu(());

/// Proof that the processor has AVX-512 F, AVX-512 VPOPCNTDQ, POPCNT and BMI2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Avx512Cpu(());

/// Proof that the processor has BMI2 and POPCNT (which every processor with [`Avx2Cpu`] or
/// [`Avx512Cpu`] has).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Bmi2Cpu(());

impl Avx2Cpu {
    /// The proof, if the processor has them.
    pub(crate) fn detect() -> Option<Avx2Cpu> {
        (has!("avx2") && has!("popcnt") && has!("bmi1") && has!("bmi2")).then_some(Avx2Cpu(()))
    }

    /// The BMI2 and POPCNT among them.
    pub(crate) fn bmi2(self) -> Bmi2Cpu {
        Bmi2Cpu(())
    }
}

impl Avx512Cpu {
    /// The proof, if the processor has them.
    pub(crate) fn detect() -> Option<Avx512Cpu> {
        let has_all = has!("avx512f") && has!("avx512vpopcntdq") && has!("popcnt") && has!("bmi2");
        has_all.then_some(Avx512Cpu(()))
    }

    /// The BMI2 and POPCNT among them.
    pub(crate) fn bmi2(self) -> Bmi2Cpu {
        Bmi2Cpu(())
    }
}
