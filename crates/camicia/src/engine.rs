//! The engines that play one-pack deals in bulk, and which this processor can run.
//!
//! Every engine gives every deal [`crate::fast::play_pack`]'s outcome, in the same order; they
//! differ only in speed:
//!
//! | engine | what it is | needs |
//! |---|---|---|
//! | `avx512` | eight games at once in AVX-512 registers; random deals made eight at once too | AVX-512 F, VPOPCNTDQ, POPCNT, BMI2 |
//! | `avx2` | the same algorithm in AVX2 intrinsics, four games in a register a field | AVX2, POPCNT, BMI1, BMI2 |
//! | `portable` | the same algorithm in portable code, four games at once: compiled for AVX2 too and run so where the processor has it, else SSE2 on x86-64, NEON on aarch64 | nothing |
//! | `scalar` | one game at a time ([`crate::fast`]) | nothing |
//!
//! ```
//! use camicia::engine::Engine;
//!
//! let best = Engine::best();
//! let scalar: Engine = "scalar".parse().unwrap();
//! let pack = camicia::deal::Dealer::new(1).pack(0);
//! let mut outcomes = Vec::new();
//! for engine in [best, scalar] {
//!     engine.play_packs([pack; 3].into_iter(), |_, outcome| outcomes.push(outcome));
//! }
//! assert!(outcomes.windows(2).all(|w| w[0] == w[1]));
//! ```

use crate::game::Outcome;
use crate::lanes::{self, Packs, Source};
use crate::pack::Pack;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// An engine this processor can run: only such values exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Engine(Kind);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    Avx512,
    Avx2,
    Portable,
    Scalar,
}

const KINDS: [Kind; 4] = [Kind::Avx512, Kind::Avx2, Kind::Portable, Kind::Scalar];

impl Kind {
    const fn name(self) -> &'static str {
        match self {
            Kind::Avx512 => "avx512",
            Kind::Avx2 => "avx2",
            Kind::Portable => "portable",
            Kind::Scalar => "scalar",
        }
    }

    /// What the processor must have, in words.
    const fn needs(self) -> &'static str {
        match self {
            Kind::Avx512 => "an x86-64 processor with AVX-512 F, VPOPCNTDQ, POPCNT and BMI2",
            Kind::Avx2 => "an x86-64 processor with AVX2, POPCNT, BMI1 and BMI2",
            Kind::Portable | Kind::Scalar => "nothing",
        }
    }

    fn runs_here(self) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => {
                std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
                    && std::arch::is_x86_feature_detected!("popcnt")
                    && std::arch::is_x86_feature_detected!("bmi2")
            }
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => {
                std::arch::is_x86_feature_detected!("avx2")
                    && std::arch::is_x86_feature_detected!("popcnt")
                    && std::arch::is_x86_feature_detected!("bmi1")
                    && std::arch::is_x86_feature_detected!("bmi2")
            }
            #[cfg(not(target_arch = "x86_64"))]
            Kind::Avx512 | Kind::Avx2 => false,
            Kind::Portable | Kind::Scalar => true,
        }
    }
}

/// The processor's vendor is AMD (or Hygon, whose cores are AMD's), and its family. Asked of
/// the processor once.
#[cfg(target_arch = "x86_64")]
fn amd_like_and_family() -> (bool, u32) {
    use std::arch::x86_64::__cpuid;
    static ANSWER: std::sync::OnceLock<(bool, u32)> = std::sync::OnceLock::new();
    *ANSWER.get_or_init(|| {
        let (vendor, signature) = (__cpuid(0), __cpuid(1));
        let amd_like = matches!(
            (vendor.ebx, vendor.edx, vendor.ecx),
            // "AuthenticAMD" and "HygonGenuine", four bytes a register, little-endian.
            (0x6874_7541, 0x6974_6e65, 0x444d_4163) | (0x6f67_7948, 0x6e65_476e, 0x656e_6975)
        );
        let family = (signature.eax >> 8 & 0xf) + (signature.eax >> 20 & 0xff);
        (amd_like, family)
    })
}

/// Whether BMI2's `pext` and `pdep` take a few cycles, as on every processor that has them
/// except AMD's (and Hygon's) before family 0x19, Zen 3, which run them in microcode: tens to
/// hundreds of cycles an instruction, depending on the mask.
#[cfg(target_arch = "x86_64")]
pub(crate) fn pext_is_fast() -> bool {
    let (amd_like, family) = amd_like_and_family();
    std::arch::is_x86_feature_detected!("bmi2") && (!amd_like || family >= 0x19)
}

/// Whether AVX2's variable blend (`vpblendvb`) is one micro-operation, as on AMD's cores (and
/// Hygon's); Intel's take two (Haswell to Ice Lake) or three (Golden Cove on). Where they are
/// not, the AVX2 engine masks what a payment changes and swaps registers by exclusive ors
/// rather than blends (`lanes::Lanes::CHEAP_SELECT`): more instructions, fewer micro-operations,
/// 4% faster on this project's Intel Xeon; where they are, it keeps the blends and the fewest
/// instructions.
#[cfg(target_arch = "x86_64")]
pub(crate) fn blends_are_cheap() -> bool {
    amd_like_and_family().0
}

/// How random deals are made for an engine (see [`Engine::dealing`]).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dealing {
    /// In AVX-512 registers: needs AVX-512 F, POPCNT and BMI2.
    EightAtOnce,
    /// In AVX2 registers: needs AVX2, POPCNT and BMI2.
    FourAtOnce,
    OneByOne,
}

/// An engine that is not one, or that this processor cannot run.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EngineError {
    #[error("expected an engine: avx512, avx2, portable or scalar, found {0}")]
    Unknown(excerpt::Excerpt),
    #[error("the engine {name} needs {needs}; this processor can run {available}")]
    Unavailable {
        name: &'static str,
        needs: &'static str,
        available: String,
    },
}

impl Engine {
    /// The fastest engine this processor runs: AVX-512, else AVX2, else the scalar engine. The
    /// portable lane engine is never the fastest where it was measured (with AVX2 it is slower
    /// than the intrinsics; on x86-64 without AVX2 the compiler cannot vectorise it and it is
    /// four times slower than the scalar engine), so it is only chosen by name.
    pub fn best() -> Engine {
        let fastest = [Kind::Avx512, Kind::Avx2]
            .into_iter()
            .find(|k| k.runs_here());
        Engine(fastest.unwrap_or(Kind::Scalar))
    }

    /// The engines this processor runs, fastest first.
    pub fn available() -> Vec<Engine> {
        KINDS
            .into_iter()
            .filter(|k| k.runs_here())
            .map(Engine)
            .collect()
    }

    /// The scalar engine, which every processor runs.
    pub fn scalar() -> Engine {
        Engine(Kind::Scalar)
    }

    /// The portable lane engine, which every processor runs.
    pub fn portable() -> Engine {
        Engine(Kind::Portable)
    }

    /// `avx512`, `avx2`, `portable` or `scalar`.
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// How [`crate::deal::Dealer::play`] makes random deals for this engine: the lane engines
    /// in AVX intrinsics take them made in lanes as wide as theirs (only on x86-64).
    #[cfg(target_arch = "x86_64")]
    pub(crate) fn dealing(self) -> Dealing {
        match self.0 {
            Kind::Avx512 => Dealing::EightAtOnce,
            Kind::Avx2 => Dealing::FourAtOnce,
            Kind::Portable | Kind::Scalar => Dealing::OneByOne,
        }
    }

    /// Plays one-pack deals (52 penalties each, as [`crate::fast::play_pack`] takes them; at
    /// most 32 payment cards in a deal) and reports each outcome with the deal's place in
    /// `deals`, from 0. The order of the reports depends only on the deals, and every outcome
    /// is [`crate::fast::play_pack`]'s.
    pub fn play_packs(
        self,
        deals: impl Iterator<Item = Pack>,
        mut report: impl FnMut(u64, Outcome),
    ) {
        #[cfg(target_arch = "x86_64")]
        if matches!(self.0, Kind::Avx512 | Kind::Avx2) && pext_is_fast() {
            // SAFETY: these engines exist only where the processor has BMI2 and POPCNT.
            let mut packs = unsafe { lanes::PextPacks::new(deals) };
            return self.play(&mut packs, &mut report);
        }
        self.play(&mut Packs(deals), &mut report);
    }

    /// Plays every deal of `source`.
    pub(crate) fn play(self, source: &mut impl Source, report: &mut impl FnMut(u64, Outcome)) {
        match self.0 {
            // SAFETY: an `Engine` of this kind exists only where `runs_here` said the processor
            // has the features the entry is compiled for.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => unsafe { lanes::avx512::play(source, report) },
            // SAFETY: as above.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 if blends_are_cheap() => unsafe {
                lanes::avx2::play::<true>(source, report)
            },
            // SAFETY: as above.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => unsafe { lanes::avx2::play::<false>(source, report) },
            #[cfg(not(target_arch = "x86_64"))]
            Kind::Avx512 | Kind::Avx2 => unreachable!("no such engine off x86-64"),
            #[cfg(target_arch = "x86_64")]
            Kind::Portable if Kind::Avx2.runs_here() => unsafe {
                lanes::portable::play_avx2(source, report)
            },
            Kind::Portable => lanes::portable::play(source, report),
            Kind::Scalar => lanes::one_by_one(source, report),
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Engine {
    type Err = EngineError;

    /// The engine of that name, if this processor runs it.
    fn from_str(name: &str) -> Result<Engine, EngineError> {
        let kind = KINDS
            .into_iter()
            .find(|k| k.name() == name)
            .ok_or_else(|| EngineError::Unknown(excerpt::Excerpt::of(name)))?;
        if !kind.runs_here() {
            let available: Vec<&str> = Engine::available().iter().map(|e| e.name()).collect();
            return Err(EngineError::Unavailable {
                name: kind.name(),
                needs: kind.needs(),
                available: available.join(", "),
            });
        }
        Ok(Engine(kind))
    }
}
