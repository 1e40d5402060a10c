//! parlor's long runs, each defined once: the value that holds a run's options is the run. Its
//! checkpoint identity is read off that value ([`sweep::Identity::of`]), so an option that
//! changes the results cannot be left out of it; its job says how its deals are cut and played.
//! The command line, the round-trip checks and the tests all build runs here, never by hand.
//!
//! ```
//! use runs::Run;
//! use sweep::Job;
//!
//! let run = runs::speed::StatsRun::new(1000, 1, vec![speed::Split::new(26, 26).unwrap()]);
//! assert_eq!(run.identity().to_string(), "speed stats --deals 1000 --seed 1 --split 26/26");
//! assert_eq!(run.job().plan().items, 1000);
//! ```

pub mod camicia;
pub mod russian;
pub mod speed;

use serde::Serialize;
use sweep::{Identity, Job};

/// This program and its version, as checkpoints and cluster processes name it.
pub const PROGRAM: &str = concat!("parlor ", env!("CARGO_PKG_VERSION"));

/// A long run of parlor: a command and the options that decide its results.
///
/// What the value serializes is the run's identity: a field that does not change the results
/// (the engine that plays the deals, every engine giving the same answers) is skipped with
/// `#[serde(skip)]`, a deliberate statement next to the field.
pub trait Run: Serialize {
    /// The command, as checkpoints name it (`camicia search`).
    const COMMAND: &'static str;
    /// How the run's deals are cut, played and summed up.
    type Job: Job;

    /// The job that computes the run.
    fn job(&self) -> Self::Job;

    /// What a checkpoint of this run records of it.
    fn identity(&self) -> Identity {
        Identity::of(PROGRAM, Self::COMMAND, self)
    }
}

/// A range of deal numbers as the command line writes it, `A..B` (B excluded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deals {
    /// The first deal.
    pub first: u128,
    /// How many deals: one run covers at most 2^64 − 1.
    pub count: u64,
}

impl Deals {
    /// The deals `first` to `first + count − 1`.
    pub fn new(first: u128, count: u64) -> Deals {
        Deals { first, count }
    }

    /// The last deal.
    pub fn last(self) -> u128 {
        self.first + u128::from(self.count) - 1
    }

    /// The deal number of item `item` of the run.
    pub fn number(self, item: u64) -> u128 {
        self.first + u128::from(item)
    }
}

impl Serialize for Deals {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!(
            "{}..{}",
            self.first,
            self.first + u128::from(self.count)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::camicia::engine::Engine;
    use ::russian::StrategyName;
    use ::russian::catalogue::Numbering;

    /// The identities of the runs as their checkpoints have always written them: a checkpoint
    /// made by an earlier build of this version resumes.
    #[test]
    fn identities_are_those_checkpoints_hold() {
        let engine = Engine::scalar();
        let cases: Vec<(Identity, &str)> = vec![
            (
                camicia::StatsRun::new(1000, 1, engine).identity(),
                "camicia stats --deals 1000 --seed 1",
            ),
            (
                camicia::SearchRun::new(
                    camicia::Mode::Random {
                        deals: 3000,
                        seed: 1,
                    },
                    10,
                    Some(300),
                    engine,
                )
                .identity(),
                "camicia search --random --deals 3000 --seed 1 --top 10 --min-cards 300",
            ),
            (
                camicia::SearchRun::new(camicia::Mode::Range(Deals::new(5, 4)), 10, None, engine)
                    .identity(),
                "camicia search --range 5..9 --top 10",
            ),
            (
                camicia::SearchRun::new(
                    camicia::Mode::Climb {
                        from: u128::MAX - 1,
                        steps: 100,
                        seed: 2,
                    },
                    0,
                    None,
                    engine,
                )
                .identity(),
                "camicia search --climb --from 340282366920938463463374607431768211454 --steps \
                 100 --seed 2 --top 0",
            ),
            (
                camicia::WorkunitRun::new(0, 999, engine)
                    .unwrap()
                    .identity(),
                "camicia workunit START 0 END 999",
            ),
            (
                russian::SimulateRun::new(Deals::new(0, 5000), vec![StrategyName::Greedy], 30)
                    .identity(),
                "russian simulate --range 0..5000 --strategy greedy",
            ),
            (
                russian::SimulateRun::new(
                    Deals::new(7, 3),
                    vec![StrategyName::Greedy, StrategyName::Planner],
                    30,
                )
                .identity(),
                "russian simulate --range 7..10 --strategy greedy,planner --samples 30",
            ),
            (
                russian::BoundRun::new(Deals::new(0, 200), 50, 1).identity(),
                "russian bound --range 0..200 --samples 50 --turns 1",
            ),
            (
                russian::CatalogueRun::new(Numbering::Pysol, Deals::new(1, 100), Some(5), true)
                    .identity(),
                "russian catalogue --pysol 1..101 --budget 5 --winnable",
            ),
            (
                russian::CatalogueRun::new(Numbering::Seed, Deals::new(0, 10), None, false)
                    .identity(),
                "russian catalogue --seed 0..10",
            ),
            (
                speed::StatsRun::new(
                    1000,
                    1,
                    vec![::speed::Split::new(13, 39).unwrap(), ::speed::Split::HALVES],
                )
                .identity(),
                "speed stats --deals 1000 --seed 1 --split 13/39,26/26",
            ),
        ];
        for (identity, expected) in cases {
            assert_eq!(identity.to_string(), expected);
            assert_eq!(identity.program, PROGRAM);
        }
        let flag =
            camicia::SearchRun::new(camicia::Mode::Random { deals: 1, seed: 1 }, 1, None, engine)
                .identity();
        assert_eq!(flag.options[0], ("--random".to_owned(), String::new()));
    }
}
