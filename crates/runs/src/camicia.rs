//! Camicia's long runs: `parlor camicia stats`, `camicia search` and `camicia workunit`.

use crate::{Deals, Run};
use camicia::Pack;
use camicia::bulk::Bulk;
use camicia::deal::Dealer;
use camicia::index;
use camicia::search::{Climb, Haul, Hunt, Keep, ROUND};
use camicia::stats::Stats;
use camicia::workunit::Report;
use report::camicia::{FindJson, ModeJson};
use serde::Serialize;
use std::ops::Range;
use std::sync::Arc;
use sweep::{Commit, Fold, Job, Plan};
use tally::grouped;

/// Deals per chunk of `camicia stats`: fixed, so that the cut does not depend on the threads.
const STATS_CHUNK: u64 = 1 << 15;
/// Deals per chunk of a random or exhaustive search, and of a work unit: about a tenth of a
/// second of one core.
const SEARCH_CHUNK: u64 = 1 << 18;
/// Chunks per round of a climb: the round's deals are shared among the threads in these parts,
/// whatever the threads, so the climb is the same on any.
const PARTS: u64 = 8;

/// Deals 0..N of a seed, played by the fast engine and summed up.
#[derive(Clone, Debug, Serialize)]
pub struct StatsRun {
    deals: u64,
    seed: u64,
    /// Every engine gives the same results.
    #[serde(skip)]
    engine: Arc<dyn Bulk>,
}

impl StatsRun {
    /// The run of `deals` deals of `seed`, played by `engine` (a CPU engine, or the GPU's).
    pub fn new(deals: u64, seed: u64, engine: impl Into<Arc<dyn Bulk>>) -> StatsRun {
        StatsRun {
            deals,
            seed,
            engine: engine.into(),
        }
    }
}

impl Run for StatsRun {
    const COMMAND: &'static str = "camicia stats";
    type Job = Fold<Stats>;

    fn job(&self) -> Fold<Stats> {
        let (engine, dealer) = (self.engine.clone(), Dealer::new(self.seed));
        let checker = dealer.clone();
        let plan = Plan::new(self.deals, STATS_CHUNK);
        let spanning = self.engine.clone();
        Fold::new(plan, Stats::default(), move |deals| {
            engine.stats(&dealer, deals)
        })
        .checked_by(move |tally, deals| tally.check(&checker, deals))
        .spanning(move || spanning.span())
    }
}

/// What a search covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Random one-pack deals: deal i of the seed is the deal `camicia stats` plays.
    Random {
        /// How many.
        deals: u64,
        /// Whose.
        seed: u64,
    },
    /// Every deal of a range of indices, in index order.
    Range(Deals),
    /// A local search from a deal, following the longest game.
    Climb {
        /// The index of the first deal (as decimal digits: the options of a flattened enum
        /// pass through serde's buffer, which holds no 128-bit number).
        #[serde(serialize_with = "decimal")]
        from: u128,
        /// Deals played, the first included.
        steps: u64,
        /// The seed of the climb's moves.
        seed: u64,
    },
}

fn decimal<S: serde::Serializer>(value: &u128, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

impl From<Mode> for ModeJson {
    fn from(mode: Mode) -> ModeJson {
        match mode {
            Mode::Random { deals, seed } => ModeJson::Random { deals, seed },
            Mode::Range(deals) => ModeJson::Range {
                start: deals.first,
                end: deals.last() + 1,
            },
            Mode::Climb { from, steps, seed } => ModeJson::Climb { from, steps, seed },
        }
    }
}

/// The record hunt: a mode, and what is kept of what it finds.
#[derive(Clone, Debug, Serialize)]
pub struct SearchRun {
    #[serde(flatten)]
    mode: Mode,
    top: u64,
    min_cards: Option<u64>,
    /// Every engine gives the same results.
    #[serde(skip)]
    engine: Arc<dyn Bulk>,
}

impl SearchRun {
    /// The hunt of `mode` keeping the `top` longest games and every game of `min_cards` cards
    /// or more, played by `engine` (a CPU engine, or the GPU's).
    pub fn new(
        mode: Mode,
        top: u64,
        min_cards: Option<u64>,
        engine: impl Into<Arc<dyn Bulk>>,
    ) -> SearchRun {
        SearchRun {
            mode,
            top,
            min_cards,
            engine: engine.into(),
        }
    }

    /// What is searched.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// What is kept of the finds.
    pub fn keep(&self) -> Keep {
        Keep {
            top: self.top as usize,
            min_cards: self.min_cards,
        }
    }
}

impl Run for SearchRun {
    const COMMAND: &'static str = "camicia search";
    type Job = Hunting;

    fn job(&self) -> Hunting {
        let seed = match self.mode {
            Mode::Random { seed, .. } | Mode::Climb { seed, .. } => seed,
            Mode::Range(_) => 0,
        };
        Hunting {
            mode: self.mode,
            keep: self.keep(),
            dealer: Dealer::new(seed),
            engine: self.engine.clone(),
            start: match self.mode {
                Mode::Climb { from, .. } => index::pack(from),
                _ => None,
            },
        }
    }
}

/// A search on the long-run engine: a chunk is a run of deals, its part the run's haul, and the
/// finds go to the journal, one JSON line each, as their chunk is committed.
pub struct Hunting {
    mode: Mode,
    keep: Keep,
    dealer: Dealer,
    engine: Arc<dyn Bulk>,
    /// A climb's first deal.
    start: Option<Pack>,
}

impl Hunting {
    /// The places in the search of the deals of the first `chunks` chunks.
    fn places(&self, chunks: u64) -> Range<u128> {
        let first = match self.mode {
            Mode::Range(deals) => deals.first,
            _ => 0,
        };
        first..first + u128::from(self.plan().items_before(chunks))
    }
}

impl Job for Hunting {
    type Part = Haul;
    type Summary = Hunt;
    /// The climb, as the round starts from it.
    type Basis = Option<Climb>;

    fn plan(&self) -> Plan {
        match self.mode {
            Mode::Random { deals, .. } => Plan::new(deals, SEARCH_CHUNK),
            Mode::Range(deals) => Plan::new(deals.count, SEARCH_CHUNK),
            Mode::Climb { steps, .. } => Plan::new(steps, ROUND / PARTS).in_rounds(PARTS),
        }
    }

    fn empty(&self) -> Hunt {
        match (self.mode, self.start) {
            (Mode::Climb { seed, .. }, Some(start)) => {
                Hunt::climb(self.keep, Climb::new(start, seed))
            }
            _ => Hunt::new(self.keep),
        }
    }

    fn basis(&self, hunt: &Hunt) -> Option<Climb> {
        hunt.climbing().cloned()
    }

    fn play(&self, _chunk: u64, deals: Range<u64>, climb: &Option<Climb>) -> Haul {
        match (self.mode, climb) {
            (Mode::Random { .. }, _) => self.engine.haul_dealt(&self.dealer, deals, self.keep),
            (Mode::Range(range), _) => {
                let (first, end) = (range.number(deals.start), range.number(deals.end));
                self.engine.haul_indices(first..end, self.keep)
            }
            (Mode::Climb { .. }, Some(climb)) => self.engine.haul(
                &mut climb.steps(deals.clone()),
                deals.start.into(),
                self.keep,
            ),
            (Mode::Climb { .. }, None) => Haul::new(self.keep),
        }
    }

    /// As many chunks as the engine would rather be given at once (a GPU's batches).
    fn span(&self) -> u64 {
        self.engine.span().div_ceil(self.plan().chunk).max(1)
    }

    /// A span's chunks played at once, each chunk's finds kept apart: the search reports them
    /// chunk by chunk, as it does whatever the span.
    fn play_span(&self, chunks: Range<u64>, climb: &Option<Climb>) -> Vec<Haul> {
        let plan = self.plan();
        let deals = plan.range(chunks.start).start..plan.range(chunks.end - 1).end;
        let keep = self.keep;
        match (self.mode, climb) {
            (Mode::Random { .. }, _) => {
                self.engine
                    .hauls_dealt(&self.dealer, deals, plan.chunk, keep)
            }
            (Mode::Range(range), _) => {
                let (first, end) = (range.number(deals.start), range.number(deals.end));
                self.engine.hauls_indices(first..end, plan.chunk, keep)
            }
            (Mode::Climb { .. }, Some(climb)) => self.engine.hauls(
                &mut climb.steps(deals.clone()),
                deals.start.into(),
                plan.chunk,
                keep,
            ),
            (Mode::Climb { .. }, None) => chunks.map(|_| Haul::new(keep)).collect(),
        }
    }

    fn commit(&self, hunt: &mut Hunt, haul: Haul, commit: &mut Commit<'_>) -> Result<(), String> {
        for find in hunt.commit(haul, commit.ends_round()) {
            commit
                .journal()
                .extend_from_slice(FindJson::from(&find).line().as_bytes());
        }
        Ok(())
    }

    fn check(&self, hunt: &Hunt, chunks: u64) -> Result<(), String> {
        hunt.check(self.keep, self.places(chunks))
    }

    fn status(&self, hunt: &Hunt) -> Option<String> {
        let best = hunt.finds().longest().first().map(|f| f.outcome.cards);
        best.map(|cards| format!("best {}", grouped(cards)))
    }
}

/// A camicia.dev work unit: every deal from index START to END, END included.
#[derive(Clone, Debug, Serialize)]
pub struct WorkunitRun {
    #[serde(rename = "START")]
    start: u128,
    #[serde(rename = "END")]
    end: u128,
    /// Every engine gives the same results.
    #[serde(skip)]
    engine: Arc<dyn Bulk>,
}

impl WorkunitRun {
    /// The unit of deals `first` to `last` (included), played by `engine` (a CPU engine, or the
    /// GPU's); `None` when it holds more deals than one run covers (2^64 − 1).
    pub fn new(first: u128, last: u128, engine: impl Into<Arc<dyn Bulk>>) -> Option<WorkunitRun> {
        u64::try_from(last - first + 1).ok()?;
        Some(WorkunitRun {
            start: first,
            end: last,
            engine: engine.into(),
        })
    }
}

impl Run for WorkunitRun {
    const COMMAND: &'static str = "camicia workunit";
    type Job = Fold<Report>;

    fn job(&self) -> Fold<Report> {
        let (first, engine) = (self.start, self.engine.clone());
        // At most 2^64 - 1 deals, checked by `new`.
        let plan = Plan::new((self.end - self.start + 1) as u64, SEARCH_CHUNK);
        let spanning = engine.clone();
        let play = move |deals: Range<u64>| {
            engine.report(first + u128::from(deals.start)..first + u128::from(deals.end))
        };
        // A report lists its loops in index order: later chunks are appended.
        Fold::appending(plan, Report::default(), play, |report, later| {
            report.append(later.clone())
        })
        .checked_by(move |report, deals| report.check(first..first + u128::from(deals)))
        .spanning(move || spanning.span())
    }
}
