//! `parlor speed stats`: random one-pack deals played by the fast engine, summed up.
//!
//! Deal i of seed S is `speed::Deal::random(S, i, split)`. The deals are tallied by
//! `speed::stats` in chunks on the long-run engine (integer sums, extremes with the smallest
//! index on ties), so the output is the same for any `--threads` and any cluster.

use super::contest_lines;
use crate::error::CliError;
use crate::format::grouped;
use crate::longrun::{self, LongRun, Outputs};
use clap::Args;
use serde::Serialize;
use speed::stats::Tally;
use speed::{Deal, Split};
use std::io::{self, BufWriter, Write};
use std::ops::Range;
use sweep::{Job, Plan};
use tally::{Mean, Rate};

#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor speed stats --deals 100000\n  parlor speed stats --deals 100000 --split 20/32 --json\n  parlor speed stats --deals 1000000 --checkpoint speed.checkpoint"
)]
pub struct StatsArgs {
    /// How many deals to play
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    deals: u64,
    /// Deal i is made from the seed and i (ChaCha8; see docs/speed.md)
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Cards for A and for B from one shuffled pack, at least 1 each and 52 in all at most
    #[arg(long, value_name = "A/B", default_value = "26/26", value_parser = parse_split)]
    split: Split,
    /// The summary as one JSON object
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    run: LongRun,
}

fn parse_split(text: &str) -> Result<Split, String> {
    let bad = || {
        format!(
            "expected A/B such as 26/26 (each at least 1, at most 52 in all), found {}",
            excerpt::Excerpt::of(text)
        )
    };
    let (a, b) = text.split_once('/').ok_or_else(bad)?;
    let (a, b) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    Split::new(a, b).ok_or_else(bad)
}

/// Deals per chunk of work: fixed, so that the split does not depend on the threads.
const CHUNK: u64 = 1 << 14;

/// Deals 0..N of a seed, tallied.
struct Stats {
    seed: u64,
    split: Split,
    deals: u64,
}

impl Job for Stats {
    type Part = Tally;
    type Summary = Tally;
    type Basis = ();

    fn plan(&self) -> Plan {
        Plan::new(self.deals, CHUNK)
    }

    fn empty(&self) -> Tally {
        Tally::default()
    }

    fn basis(&self, _: &Tally) {}

    fn play(&self, _chunk: u64, deals: Range<u64>, _: &()) -> Tally {
        Tally::of(self.seed, deals, self.split)
    }

    fn commit(&self, tally: &mut Tally, _chunk: u64, part: Tally, _journal: &mut Vec<u8>) {
        tally.merge(&part);
    }

    fn check(&self, tally: &Tally, chunks: u64) -> Result<(), String> {
        tally.check(self.seed, self.split, self.plan().items_before(chunks))
    }
}

pub fn run(args: &StatsArgs) -> Result<(), CliError> {
    let job = Stats {
        seed: args.seed,
        split: args.split,
        deals: args.deals,
    };
    let identity = longrun::identity("speed stats")
        .with("--deals", args.deals)
        .with("--seed", args.seed)
        .with("--split", format!("{}/{}", args.split.a(), args.split.b()));
    longrun::run(
        job,
        identity,
        &args.run,
        "deals",
        None,
        Outputs::default(),
        |tally| {
            let summary = Summary::new(args, &tally);
            let mut out = BufWriter::new(io::stdout().lock());
            if args.json {
                serde_json::to_writer(&mut out, &summary).map_err(io::Error::from)?;
                writeln!(out)?;
            } else {
                write_text(&mut out, &summary)?;
            }
            out.flush()?;
            Ok(())
        },
    )
}

#[derive(Serialize)]
struct Longest {
    deal: u64,
    end_ms: u32,
    a: String,
    b: String,
}

/// What `--json` prints; the text output says the same in words.
#[derive(Serialize)]
struct Summary {
    deals: u64,
    seed: u64,
    split: [usize; 2],
    a_wins: Rate,
    length_ms: Option<Mean>,
    deadends: Option<Mean>,
    cancelled_moves: Option<Mean>,
    same_instant_finishes: Rate,
    longest: Option<Longest>,
}

impl Summary {
    fn new(args: &StatsArgs, tally: &Tally) -> Summary {
        let longest = tally.longest.map(|(end_ms, deal)| {
            let [a, b] = contest_lines(&Deal::random(args.seed, deal, args.split));
            Longest { deal, end_ms, a, b }
        });
        Summary {
            deals: tally.games,
            seed: args.seed,
            split: [args.split.a(), args.split.b()],
            a_wins: Rate::new(tally.a_wins, tally.games),
            length_ms: tally.length.report(),
            deadends: tally.deadends.report(),
            cancelled_moves: tally.returns.report(),
            same_instant_finishes: Rate::new(tally.together, tally.games),
            longest,
        }
    }
}

fn write_text(out: &mut impl Write, s: &Summary) -> io::Result<()> {
    writeln!(
        out,
        "Speed: {} random deals from one pack, A {} cards and B {}, seed {}",
        grouped(s.deals),
        s.split[0],
        s.split[1],
        s.seed
    )?;
    let per_game = |name: &str, m: &Option<Mean>, decimals: usize, unit: &str| match m {
        Some(m) => format!(
            "{name:<22}{}, min {}{unit}, max {}{unit}",
            crate::format::mean(m, decimals, unit),
            grouped(m.min),
            grouped(m.max)
        ),
        None => format!("{name:<22}no game"),
    };
    writeln!(out, "{:<22}{}", "A wins", crate::format::rate(&s.a_wins))?;
    writeln!(out, "{}", per_game("game length", &s.length_ms, 1, " ms"))?;
    writeln!(out, "{}", per_game("deadends", &s.deadends, 3, ""))?;
    writeln!(
        out,
        "{}",
        per_game("cancelled moves", &s.cancelled_moves, 3, "")
    )?;
    writeln!(
        out,
        "{:<22}{}",
        "same-instant finishes",
        crate::format::rate(&s.same_instant_finishes)
    )?;
    if let Some(l) = &s.longest {
        writeln!(
            out,
            "{:<22}deal {}, {} ms; watch it with",
            "longest game",
            l.deal,
            grouped(l.end_ms)
        )?;
        writeln!(
            out,
            "  printf '{}\\n{}\\n0\\n' | parlor speed --trace",
            l.a, l.b
        )?;
    }
    writeln!(
        out,
        "The intervals cover the sampling error of the deals (95%, normal approximation for \
         means, Wilson for rates)."
    )
}
