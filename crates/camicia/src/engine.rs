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
#[cfg(target_arch = "x86_64")]
use crate::lanes::cpu::{Avx2Cpu, Avx512Cpu};
use crate::lanes::{self, Packs, Source};
use crate::pack::Pack;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// An engine this processor can run: only such values exist, as those of the lane engines in
/// AVX intrinsics hold the proof that the processor has their instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Engine(Kind);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    #[cfg(target_arch = "x86_64")]
    Avx512(Avx512Cpu),
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2Cpu),
    Portable,
    Scalar,
}

/// An engine by name, with what the processor needs to run it.
struct Named {
    name: &'static str,
    needs: &'static str,
    /// The engine, where this processor runs it.
    here: Option<Kind>,
}

/// Every engine, fastest first.
fn every_engine() -> [Named; 4] {
    #[cfg(target_arch = "x86_64")]
    let (avx512, avx2) = (
        Avx512Cpu::detect().map(Kind::Avx512),
        Avx2Cpu::detect().map(Kind::Avx2),
    );
    #[cfg(not(target_arch = "x86_64"))]
    let (avx512, avx2) = (None, None);
    [
        Named {
            name: "avx512",
            needs: "an x86-64 processor with AVX-512 F, VPOPCNTDQ, POPCNT and BMI2",
            here: avx512,
        },
        Named {
            name: "avx2",
            needs: "an x86-64 processor with AVX2, POPCNT, BMI1 and BMI2",
            here: avx2,
        },
        Named {
            name: "portable",
            needs: "nothing",
            here: Some(Kind::Portable),
        },
        Named {
            name: "scalar",
            needs: "nothing",
            here: Some(Kind::Scalar),
        },
    ]
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
    /// In AVX-512 registers, on a processor that has them.
    EightAtOnce(Avx512Cpu),
    /// In AVX2 registers, on a processor that has them.
    FourAtOnce(Avx2Cpu),
    /// One deal at a time.
    OneByOne,
}

/// An engine that is not one, or that this processor cannot run.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EngineError {
    /// No engine has that name (given).
    #[error("expected an engine: {names}, found {0}", names = names_in_words())]
    Unknown(excerpt::Excerpt),
    /// The processor lacks what the engine needs.
    #[error("the engine {name} needs {needs}; this processor can run {available}")]
    Unavailable {
        /// The engine.
        name: &'static str,
        /// What it needs, in words.
        needs: &'static str,
        /// The engines this processor runs, by name.
        available: String,
    },
}

/// Every engine's name, in words: `avx512, avx2, portable or scalar`.
fn names_in_words() -> String {
    let names = Engine::names();
    let (last, others) = names.split_last().expect("there are engines");
    format!("{} or {last}", others.join(", "))
}

impl Engine {
    /// The fastest engine this processor runs: AVX-512, else AVX2, else the scalar engine. The
    /// portable lane engine is never the fastest where it was measured (with AVX2 it is slower
    /// than the intrinsics; on x86-64 without AVX2 the compiler cannot vectorise it and it is
    /// four times slower than the scalar engine), so it is only chosen by name.
    pub fn best() -> Engine {
        let fastest = every_engine().into_iter().take(2).find_map(|e| e.here);
        Engine(fastest.unwrap_or(Kind::Scalar))
    }

    /// Every engine's name, fastest first, whether or not this processor runs it: the names
    /// [`Engine::from_str`](FromStr::from_str) takes and [`Engine::name`] gives.
    pub fn names() -> [&'static str; 4] {
        every_engine().map(|e| e.name)
    }

    /// The engines this processor runs, fastest first.
    pub fn available() -> Vec<Engine> {
        every_engine()
            .into_iter()
            .filter_map(|e| e.here.map(Engine))
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
        match self.0 {
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512(_) => "avx512",
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2(_) => "avx2",
            Kind::Portable => "portable",
            Kind::Scalar => "scalar",
        }
    }

    /// How [`crate::deal::Dealer::play`] makes random deals for this engine: the lane engines
    /// in AVX intrinsics take them made in lanes as wide as theirs (only on x86-64).
    #[cfg(target_arch = "x86_64")]
    pub(crate) fn dealing(self) -> Dealing {
        match self.0 {
            Kind::Avx512(cpu) => Dealing::EightAtOnce(cpu),
            Kind::Avx2(cpu) => Dealing::FourAtOnce(cpu),
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
        if pext_is_fast() {
            let bmi2 = match self.0 {
                Kind::Avx512(cpu) => Some(cpu.bmi2()),
                Kind::Avx2(cpu) => Some(cpu.bmi2()),
                Kind::Portable | Kind::Scalar => None,
            };
            if let Some(bmi2) = bmi2 {
                return self.play(&mut lanes::PextPacks::new(deals, bmi2), &mut report);
            }
        }
        self.play(&mut Packs(deals), &mut report);
    }

    /// Plays every deal of `source`.
    pub(crate) fn play(self, source: &mut impl Source, report: &mut impl FnMut(u64, Outcome)) {
        match self.0 {
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512(cpu) => lanes::avx512::play(cpu, source, report),
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2(cpu) if blends_are_cheap() => lanes::avx2::play::<true>(cpu, source, report),
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2(cpu) => lanes::avx2::play::<false>(cpu, source, report),
            Kind::Portable => {
                #[cfg(target_arch = "x86_64")]
                if let Some(cpu) = Avx2Cpu::detect() {
                    return lanes::portable::play_avx2(cpu, source, report);
                }
                lanes::portable::play(source, report)
            }
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
        let named = every_engine()
            .into_iter()
            .find(|e| e.name == name)
            .ok_or_else(|| EngineError::Unknown(excerpt::Excerpt::of(name)))?;
        named.here.map(Engine).ok_or_else(|| {
            let available: Vec<&str> = Engine::available().iter().map(|e| e.name()).collect();
            EngineError::Unavailable {
                name: named.name,
                needs: named.needs,
                available: available.join(", "),
            }
        })
    }
}
