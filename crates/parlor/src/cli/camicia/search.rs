//! `parlor camicia search`: the record hunt over one-pack deals — random, exhaustive by index, or
//! climbing from a deal — on the long-run engine: every core or a cluster, each find written to
//! `--out` as its chunk is committed, and a checkpoint to resume from.
//!
//! The rules of the hunt (what is kept, what is reported, the climb) are `camicia::search`'s;
//! this module wires them to the engine and writes what they find.

use super::index::{deal_argument, parse_index};
use crate::error::CliError;
use crate::format::grouped;
use crate::longrun::{self, LongRun, Outputs};
use camicia::Pack;
use camicia::deal::Dealer;
use camicia::engine::Engine;
use camicia::fast::play_pack;
use camicia::index::{self, DEALS};
use camicia::notation::pack_record;
use camicia::search::{Catch, Climb, Haul, Hunt, Keep, ROUND, haul, haul_dealt};
use clap::{ArgGroup, Args};
use serde::Serialize;
use std::io::{self, BufWriter, Write};
use std::ops::Range;
use std::path::PathBuf;
use sweep::{Job, Plan};

#[derive(Args)]
#[command(group(ArgGroup::new("mode").required(true).args(["random", "range", "climb"])))]
#[command(
    after_help = "Examples:\n  parlor camicia search --random --deals 1000000 --min-cards 1500\n  parlor camicia search --range 300000000000000000000..300000000000001000000 --out finds.jsonl\n  parlor camicia search --climb --from 300000000000000000000 --steps 100000 --checkpoint climb.checkpoint"
)]
pub struct SearchArgs {
    /// Random one-pack deals: deal i of seed S is the deal `parlor camicia stats` plays
    #[arg(long, requires = "deals")]
    random: bool,
    /// How many random deals (--random only)
    #[arg(long, conflicts_with_all = ["range", "climb"],
          value_parser = clap::value_parser!(u64).range(1..))]
    deals: Option<u64>,
    /// Every deal with index from START to END - 1, in index order
    #[arg(long, value_name = "START..END")]
    range: Option<String>,
    /// Local search from a deal: swaps and moves of payment cards, following the longest game
    #[arg(long, requires = "from")]
    climb: bool,
    /// Where the climb starts (--climb only): a deal (A's deck/B's deck, as `parlor camicia
    /// index` takes it) or its index
    #[arg(long, value_name = "DEAL", conflicts_with_all = ["random", "range"],
          allow_hyphen_values = true)]
    from: Option<String>,
    /// Deals the climb plays, its start included (--climb only) [default: 10000000]
    #[arg(long, conflicts_with_all = ["random", "range"],
          value_parser = clap::value_parser!(u64).range(1..))]
    steps: Option<u64>,
    /// Seed of the random deals or of the climb's moves (ChaCha8; see docs/camicia.md)
    /// [default: 1]
    #[arg(long, conflicts_with = "range")]
    seed: Option<u64>,
    /// Keep the K longest finished games
    #[arg(long, value_name = "K", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    top: u64,
    /// Also report every finished game of at least C cards
    #[arg(long, value_name = "C")]
    min_cards: Option<u64>,
    /// Write the finds here as they are found, one JSON object per line
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The summary as one JSON object
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    run: LongRun,
}

/// Deals per chunk of a random or exhaustive search: about a tenth of a second of one core.
const CHUNK: u64 = 1 << 18;
/// Chunks per round of a climb: the round's deals are shared among the threads in these parts,
/// whatever the threads, so the climb is the same on any.
const PARTS: u64 = 8;
/// The climb's default number of deals.
const STEPS: u64 = 10_000_000;

/// What is searched, as `--json` names it.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "mode", rename_all = "lowercase")]
enum Mode {
    Random {
        deals: u64,
        seed: u64,
    },
    Range {
        #[serde(serialize_with = "decimal")]
        start: u128,
        #[serde(serialize_with = "decimal")]
        end: u128,
    },
    Climb {
        #[serde(serialize_with = "decimal")]
        from: u128,
        steps: u64,
        seed: u64,
    },
}

/// Deal indices as decimal strings: JSON readers often hold numbers in doubles.
fn decimal<S: serde::Serializer>(value: &u128, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// A search on the long-run engine: a chunk is a run of deals, its part the run's haul.
struct Search {
    mode: Mode,
    keep: Keep,
    dealer: Dealer,
    engine: Engine,
    /// A climb's first deal.
    start: Option<Pack>,
}

impl Search {
    /// The places in the search of the deals of the first `chunks` chunks.
    fn places(&self, chunks: u64) -> Range<u128> {
        let first = match self.mode {
            Mode::Range { start, .. } => start,
            _ => 0,
        };
        first..first + u128::from(self.plan().items_before(chunks))
    }
}

impl Job for Search {
    type Part = Haul;
    type Summary = Hunt;
    /// The climb, as the round starts from it.
    type Basis = Option<Climb>;

    fn plan(&self) -> Plan {
        match self.mode {
            Mode::Random { deals, .. } => Plan::new(deals, CHUNK),
            // At most 2^64 - 1 deals, checked when the range is read.
            Mode::Range { start, end } => Plan::new((end - start) as u64, CHUNK),
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
            (Mode::Random { .. }, _) => haul_dealt(self.engine, &self.dealer, deals, self.keep),
            (Mode::Range { start, .. }, _) => {
                let first = start + u128::from(deals.start);
                let end = start + u128::from(deals.end);
                haul(self.engine, index::packs(first..end), first, self.keep)
            }
            (Mode::Climb { .. }, Some(climb)) => haul(
                self.engine,
                climb.steps(deals.clone()),
                deals.start.into(),
                self.keep,
            ),
            (Mode::Climb { .. }, None) => Haul::new(self.keep),
        }
    }

    fn commit(&self, hunt: &mut Hunt, chunk: u64, haul: Haul, journal: &mut Vec<u8>) {
        let ends_round = matches!(self.mode, Mode::Climb { .. })
            && ((chunk + 1).is_multiple_of(PARTS) || chunk + 1 == self.plan().chunks());
        for find in hunt.commit(haul, ends_round) {
            journal.extend_from_slice(FindJson::from(&find).line().as_bytes());
        }
    }

    fn check(&self, hunt: &Hunt, chunks: u64) -> Result<(), String> {
        hunt.check(self.keep, self.places(chunks))
    }

    fn status(&self, hunt: &Hunt) -> Option<String> {
        let best = hunt.ledger().longest().first().map(|f| f.outcome.cards);
        best.map(|cards| format!("best {}", grouped(cards)))
    }
}

/// A find as `--out` and the summary write it.
#[derive(Serialize)]
struct FindJson {
    index: String,
    deal: String,
    status: &'static str,
    cards: u64,
    tricks: u64,
}

impl From<&Catch> for FindJson {
    fn from(find: &Catch) -> FindJson {
        FindJson {
            index: index::index(&find.pack).unwrap_or_default().to_string(),
            deal: pack_record(&find.pack),
            status: find.outcome.status.name(),
            cards: find.outcome.cards,
            tricks: find.outcome.tricks,
        }
    }
}

impl FindJson {
    /// One line of `--out`. Written by hand: digits, record notation and a status name need no
    /// escaping, and this cannot fail.
    fn line(&self) -> String {
        format!(
            "{{\"index\":\"{}\",\"deal\":\"{}\",\"status\":\"{}\",\"cards\":{},\"tricks\":{}}}\n",
            self.index, self.deal, self.status, self.cards, self.tricks
        )
    }
}

pub fn run(args: &SearchArgs) -> Result<(), CliError> {
    let (mode, identity) = mode(args)?;
    let keep = Keep {
        top: args.top as usize,
        min_cards: args.min_cards,
    };
    let identity = identity
        .with("--top", args.top)
        .with_some("--min-cards", args.min_cards);
    let seed = match mode {
        Mode::Random { seed, .. } | Mode::Climb { seed, .. } => seed,
        Mode::Range { .. } => 0,
    };
    let engine = super::engine()?;
    let start = match mode {
        Mode::Climb { from, .. } => index::pack(from),
        _ => None,
    };
    let search = Search {
        mode,
        keep,
        dealer: Dealer::new(seed),
        engine,
        start,
    };
    let outputs = Outputs {
        out: args.out.as_deref(),
        at_the_end: Vec::new(),
        ..Outputs::default()
    };
    longrun::run(
        search,
        identity,
        &args.run,
        "deals",
        Some(engine.name()),
        outputs,
        |hunt| {
            let summary = Summary::new(mode, keep, &hunt, engine);
            let mut stdout = BufWriter::new(io::stdout().lock());
            if args.json {
                serde_json::to_writer(&mut stdout, &summary).map_err(io::Error::from)?;
                writeln!(stdout)?;
            } else {
                summary.write(&mut stdout)?;
                if let Some(path) = &args.out {
                    writeln!(stdout, "finds written to {}", path.display())?;
                }
            }
            stdout.flush()?;
            Ok(())
        },
    )
}

/// What is searched, and the options that decide it in the checkpoint's words.
fn mode(args: &SearchArgs) -> Result<(Mode, sweep::Identity), CliError> {
    let seed = args.seed.unwrap_or(1);
    let identity = longrun::identity("camicia search");
    if let Some(deals) = args.deals {
        let identity = identity
            .with_flag("--random", true)
            .with("--deals", deals)
            .with("--seed", seed);
        return Ok((Mode::Random { deals, seed }, identity));
    }
    if let Some(text) = &args.range {
        let (start, end) = parse_range(text)?;
        let identity = identity.with("--range", format!("{start}..{end}"));
        return Ok((Mode::Range { start, end }, identity));
    }
    let text = args.from.as_deref().unwrap_or_default();
    let from = if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        parse_index(text).map_err(|e| CliError::BadInput(format!("--from: {e}")))?
    } else {
        index::index(&deal_argument(text, "--from")?).unwrap_or_default()
    };
    let steps = args.steps.unwrap_or(STEPS);
    let identity = identity
        .with_flag("--climb", true)
        .with("--from", from)
        .with("--steps", steps)
        .with("--seed", seed);
    Ok((Mode::Climb { from, steps, seed }, identity))
}

fn parse_range(text: &str) -> Result<(u128, u128), CliError> {
    let (start, end) = crate::cli::range_numbers(text)
        .filter(|&(start, end)| start < end && end <= DEALS)
        .ok_or_else(|| {
            CliError::BadInput(format!(
                "--range: expected START..END, deal indices with START < END <= {DEALS}, found \
                 {}",
                excerpt::Excerpt::of(text)
            ))
        })?;
    if end - start > u128::from(u64::MAX) {
        return Err(CliError::BadInput(format!(
            "--range: {} deals, but one search covers at most {} (2^64 - 1); split the range",
            grouped(end - start),
            grouped(u64::MAX)
        )));
    }
    Ok((start, end))
}

/// What the search found, as `--json` prints it; the text says the same.
#[derive(Serialize)]
struct Summary {
    search: Mode,
    /// The engine that played the deals (every engine gives the same results).
    engine: &'static str,
    top_k: u64,
    min_cards: Option<u64>,
    /// A climb's first deal.
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<FindJson>,
    deals: u128,
    longest: Vec<FindJson>,
    loops: u64,
    first_loops: Vec<FindJson>,
    /// Finished games of at least `min_cards` cards, when it is given.
    long_games: Option<u64>,
}

impl Summary {
    fn new(mode: Mode, keep: Keep, hunt: &Hunt, engine: Engine) -> Summary {
        let tally = hunt.ledger();
        let start = hunt.climbing().map(|climb| {
            FindJson::from(&Catch {
                order: 0,
                pack: climb.start,
                outcome: play_pack(&climb.start),
            })
        });
        Summary {
            search: mode,
            engine: engine.name(),
            top_k: keep.top as u64,
            min_cards: keep.min_cards,
            start,
            deals: tally.deals(),
            longest: tally.longest().iter().map(FindJson::from).collect(),
            loops: tally.loops(),
            first_loops: tally.first_loops().iter().map(FindJson::from).collect(),
            long_games: keep.min_cards.map(|_| tally.long()),
        }
    }

    fn write(&self, out: &mut impl Write) -> io::Result<()> {
        match self.search {
            Mode::Random { deals, seed } => writeln!(
                out,
                "camicia search: {} random one-pack deals, seed {seed}",
                grouped(deals)
            )?,
            Mode::Range { start, end } => writeln!(
                out,
                "camicia search: every deal of index {start} to {} ({} deals)",
                end - 1,
                grouped(end - start)
            )?,
            Mode::Climb { from, steps, seed } => writeln!(
                out,
                "camicia search: climb of {} deals from index {from}, seed {seed}",
                grouped(steps)
            )?,
        }
        if let Some(start) = &self.start {
            writeln!(
                out,
                "start: {}, {} cards, {} tricks",
                start.status,
                grouped(start.cards),
                grouped(start.tricks)
            )?;
        }
        let list = |out: &mut dyn Write, finds: &[FindJson]| -> io::Result<()> {
            for (rank, find) in (1..).zip(finds) {
                writeln!(
                    out,
                    "{rank:>4}. {} cards, {} tricks, index {}",
                    grouped(find.cards),
                    grouped(find.tricks),
                    find.index
                )?;
                writeln!(out, "      {}", find.deal)?;
            }
            Ok(())
        };
        if self.top_k > 0 {
            writeln!(out, "longest finished games ({} kept):", self.longest.len())?;
            list(out, &self.longest)?;
        }
        write!(out, "loops: {}", grouped(self.loops))?;
        if self.loops > self.first_loops.len() as u64 {
            write!(out, " (the first {} listed)", self.first_loops.len())?;
        }
        writeln!(out)?;
        list(out, &self.first_loops)?;
        if let (Some(c), Some(n)) = (self.min_cards, self.long_games) {
            writeln!(
                out,
                "finished games of at least {} cards: {}",
                grouped(c),
                grouped(n)
            )?;
        }
        Ok(())
    }
}
