//! Russian Solitaire's long runs: `parlor russian simulate`, `russian bound` and
//! `russian catalogue`.

use crate::{Deals, Run};
use report::russian::{catalogue_line, numbered, numbering_name, read_catalogue_line};
use russian::bound::Stats as BoundStats;
use russian::catalogue::{Entry, Numbering, solve_deals};
use russian::{Stats, StrategyName};
use serde::{Serialize, Serializer};
use std::io::BufRead;
use std::ops::Range;
use sweep::{Commit, Fold, Job, Plan};
use tally::grouped;

/// Deals per chunk of a simulation: large enough to keep the engine's share small, small enough
/// to balance the threads and to move the bar often, so fewer for the slow strategies.
fn chunk(strategy: StrategyName) -> u64 {
    match strategy {
        StrategyName::Planner => 4,
        StrategyName::Clairvoyant => 256,
        _ => 2048,
    }
}

/// Deals of a range played by every strategy asked for, one statistics for each in the order
/// given.
#[derive(Clone, Debug, Serialize)]
pub struct SimulateRun {
    range: Deals,
    #[serde(serialize_with = "strategies")]
    strategy: Vec<StrategyName>,
    /// Only the planner samples.
    samples: Option<u32>,
}

impl SimulateRun {
    /// The simulation of `deals` by `strategies`, the planner drawing `samples` layouts at each
    /// decision.
    pub fn new(deals: Deals, strategies: Vec<StrategyName>, samples: u32) -> SimulateRun {
        let samples = strategies
            .contains(&StrategyName::Planner)
            .then_some(samples);
        SimulateRun {
            range: deals,
            strategy: strategies,
            samples,
        }
    }
}

/// `greedy,planner`, as `--strategy` takes it.
fn strategies<S: Serializer>(names: &[StrategyName], serializer: S) -> Result<S::Ok, S::Error> {
    let names: Vec<&str> = names.iter().map(|s| s.name()).collect();
    serializer.collect_str(&names.join(","))
}

impl Run for SimulateRun {
    const COMMAND: &'static str = "russian simulate";
    type Job = Fold<Vec<Stats>>;

    fn job(&self) -> Fold<Vec<Stats>> {
        let size = self.strategy.iter().map(|&s| chunk(s)).min().unwrap_or(1);
        let (deals, strategies) = (self.range, self.strategy.clone());
        let samples = self.samples.unwrap_or(russian::strategy::DEFAULT_SAMPLES);
        let empty = vec![Stats::default(); strategies.len()];
        let count = strategies.len();
        let play = move |items: Range<u64>| {
            strategies
                .iter()
                .map(|&strategy| {
                    // The deals of a run are below 2^64, checked when the range is read.
                    let numbers = items.clone().map(|i| deals.number(i) as u64);
                    Stats::of_deals(numbers, strategy, samples)
                })
                .collect()
        };
        Fold::new(Plan::new(deals.count, size), empty, play).checked_by(move |tallies, games| {
            if tallies.len() != count {
                return Err(format!("{} tallies for {count} strategies", tallies.len()));
            }
            tallies.iter().try_for_each(|t| t.check(games))
        })
    }
}

/// Deals per chunk of a bound: a deal takes some tens of milliseconds.
const BOUND_CHUNK: u64 = 16;

/// An upper bound on perfect fair play over a range of deals.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct BoundRun {
    range: Deals,
    samples: u32,
    turns: u32,
}

impl BoundRun {
    /// The bound of `deals` drawing `samples` layouts of the unseen cards, moves made blind
    /// until turn `turns`.
    pub fn new(deals: Deals, samples: u32, turns: u32) -> BoundRun {
        BoundRun {
            range: deals,
            samples,
            turns,
        }
    }
}

impl Run for BoundRun {
    const COMMAND: &'static str = "russian bound";
    type Job = Fold<BoundStats>;

    fn job(&self) -> Fold<BoundStats> {
        let BoundRun {
            range,
            samples,
            turns,
        } = *self;
        let plan = Plan::new(range.count, BOUND_CHUNK);
        let play = move |items: Range<u64>| {
            // The deals of a run are below 2^64, checked when the range is read.
            BoundStats::of_deals(items.map(|i| range.number(i) as u64), samples, turns)
        };
        // Sums of real numbers: appended in chunk order, so that their last bits never depend
        // on the threads.
        Fold::appending(plan, BoundStats::default(), play, BoundStats::append)
            .checked_by(|stats, deals| stats.check(deals))
    }
}

/// Deals per chunk of a catalogue: about a fifth of a second of one core.
const CATALOGUE_CHUNK: u64 = 1024;

/// Every deal of a range solved exactly: one JSON line per deal, in order, to the journal.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct CatalogueRun {
    /// `"pysol": "1..101"` or `"seed": "0..1000"`: the option names the numbering.
    #[serde(flatten, serialize_with = "numbered")]
    deals: (Numbering, Deals),
    budget: Option<u64>,
    winnable: bool,
}

impl CatalogueRun {
    /// The catalogue of `deals` numbered by `numbering`, searching at most `budget` positions a
    /// deal, writing the lines of every deal or only of the `winnable` ones.
    pub fn new(
        numbering: Numbering,
        deals: Deals,
        budget: Option<u64>,
        winnable: bool,
    ) -> CatalogueRun {
        CatalogueRun {
            deals: (numbering, deals),
            budget,
            winnable,
        }
    }
}

impl Run for CatalogueRun {
    const COMMAND: &'static str = "russian catalogue";
    type Job = Cataloguing;

    fn job(&self) -> Cataloguing {
        Cataloguing(*self)
    }
}

/// A catalogue on the long-run engine: a chunk's part is its deals' entries, each written as a
/// line when the chunk is committed.
pub struct Cataloguing(CatalogueRun);

impl Job for Cataloguing {
    type Part = Vec<Entry>;
    type Summary = russian::catalogue::Catalogue;
    type Basis = ();

    fn plan(&self) -> Plan {
        Plan::new(self.0.deals.1.count, CATALOGUE_CHUNK)
    }

    fn empty(&self) -> russian::catalogue::Catalogue {
        Default::default()
    }

    fn basis(&self, _: &russian::catalogue::Catalogue) {}

    fn play(&self, _chunk: u64, items: Range<u64>, _: &()) -> Vec<Entry> {
        let (numbering, deals) = self.0.deals;
        solve_deals(numbering, items.map(|i| deals.number(i)), self.0.budget)
    }

    fn commit(
        &self,
        catalogue: &mut russian::catalogue::Catalogue,
        part: Vec<Entry>,
        commit: &mut Commit<'_>,
    ) -> Result<(), String> {
        let (numbering, deals) = self.0.deals;
        let start = deals.number(self.plan().items_before(commit.chunk()));
        for (number, entry) in (start..).zip(part) {
            catalogue.add(entry);
            if !self.0.winnable || entry.won() {
                commit
                    .journal()
                    .extend_from_slice(catalogue_line(numbering, number, entry).as_bytes());
            }
        }
        Ok(())
    }

    fn check(&self, catalogue: &russian::catalogue::Catalogue, chunks: u64) -> Result<(), String> {
        catalogue.check(self.plan().items_before(chunks), self.0.budget)
    }

    fn check_journal(
        &self,
        catalogue: &russian::catalogue::Catalogue,
        journal: &mut dyn BufRead,
    ) -> Result<(), String> {
        let (numbering, deals) = self.0.deals;
        let name = numbering_name(numbering);
        let mut written = russian::catalogue::Catalogue::default();
        let mut after = None;
        for (n, line) in journal.lines().enumerate() {
            let line = line.map_err(|e| e.to_string())?;
            let place = || format!("line {}", grouped(n as u64 + 1));
            let (number, entry) = read_catalogue_line(numbering, &line)
                .ok_or_else(|| format!("{}: expected a line of this catalogue", place()))?;
            let in_order = after.is_none_or(|before| number > before)
                && number >= deals.number(0)
                && number <= deals.number(deals.count - 1);
            if !in_order || (self.0.winnable && !entry.won()) {
                return Err(format!(
                    "{}: {name} {number} is not the next deal this run writes",
                    place()
                ));
            }
            after = Some(number);
            written.add(entry);
        }
        catalogue.agrees_with(&written, self.0.winnable)
    }

    fn status(&self, catalogue: &russian::catalogue::Catalogue) -> Option<String> {
        Some(format!("{} winnable", grouped(catalogue.winnable())))
    }
}
