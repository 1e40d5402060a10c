//! `parlor speed stats`: random one-pack deals played by the fast engine, summed up.
//!
//! Deal i of seed S is `speed::Deal::random(S, i, split)`. The deals are tallied by
//! `speed::stats` in chunks on the long-run engine (integer sums, extremes with the smallest
//! index on ties), so the output is the same for any `--threads` and any cluster.

use crate::error::CliError;
use crate::format::{grouped, percent};
use crate::longrun::{self, LongRun, Outputs};
use clap::Args;
use report::count::count;
use report::speed::{StatsJson, parse_split};
use speed::Split;
use std::io::{self, Write};
use std::path::PathBuf;
use tally::Mean;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor speed stats --deals 100000\n  parlor speed stats --deals 100000 --split 20/32 --json\n  parlor speed stats --deals 20000 --split 13/39,26/26,39/13 --plot speed.svg"
)]
pub struct StatsArgs {
    /// How many deals to play, 1 to 2^64 - 1
    #[arg(long, value_name = "N", value_parser = count("a number of deals", 1, u64::MAX))]
    deals: u64,
    /// Deal i is made from the seed and i (ChaCha8; see docs/speed.md)
    #[arg(long, default_value_t = 1, value_parser = count("a seed", 0, u64::MAX))]
    seed: u64,
    /// Cards for A and for B from one shuffled pack, at least 1 each and 52 in all at most; a
    /// list (13/39,26/26) plays every split on the same deal numbers and makes one table
    #[arg(long, value_name = "A/B", default_value = "26/26", value_parser = parse_splits)]
    split: Splits,
    #[command(flatten)]
    json: crate::output::Json,
    /// Also draw game lengths and A's wins by split as an SVG picture in FILE.svg
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    #[command(flatten)]
    run: LongRun,
}

/// The splits to play, in the order given, each once.
#[derive(Clone)]
struct Splits(Vec<Split>);

fn parse_splits(text: &str) -> Result<Splits, String> {
    let mut splits = Vec::new();
    for part in text.split(',') {
        let split = parse_split(part)?;
        if !splits.contains(&split) {
            splits.push(split);
        }
    }
    Ok(Splits(splits))
}

pub fn run(args: &StatsArgs) -> Result<(), CliError> {
    let splits = args.split.0.clone();
    let stats = runs::speed::StatsRun::new(args.deals, args.seed, splits.clone());
    let outputs = Outputs::plot(args.plot.as_deref());
    longrun::run(&stats, &args.run, "deals", None, outputs, |tallies| {
        let summaries: Vec<StatsJson> = splits
            .iter()
            .zip(&tallies)
            .map(|(&split, tally)| StatsJson::new(args.seed, split, tally))
            .collect();
        let mut out = crate::output::stdout();
        if args.json.on {
            for summary in &summaries {
                crate::output::json_line(&mut out, summary)?;
            }
        } else if let [summary] = summaries.as_slice() {
            write_text(&mut out, summary)?;
        } else {
            write_table(&mut out, &summaries)?;
        }
        out.flush()?;
        if let Some(path) = &args.plot {
            let pairs: Vec<(Split, &speed::stats::Stats)> =
                splits.iter().copied().zip(&tallies).collect();
            let picture = super::plot::draw(args.seed, &pairs);
            sweep::file::write_atomically(path, picture.as_bytes())?;
        }
        Ok(())
    })
}

/// `26/26`, as `--split` takes it.
fn split_name(a: usize, b: usize) -> String {
    format!("{a}/{b}")
}

fn write_text(out: &mut impl Write, s: &StatsJson) -> io::Result<()> {
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

/// Several splits on the same deal numbers: a line each.
fn write_table(out: &mut impl Write, summaries: &[StatsJson]) -> io::Result<()> {
    let first = &summaries[0];
    writeln!(
        out,
        "Speed: deals 0 to {} from one pack for each split, seed {}",
        grouped(first.deals.saturating_sub(1)),
        first.seed
    )?;
    writeln!(
        out,
        "{:<7} {:>11}  {:<26} {:>20} {:>9} {:>10} {:>13}",
        "split",
        "games",
        "A wins (95% Wilson)",
        "length ms ± 95% CI",
        "deadends",
        "cancelled",
        "same instant"
    )?;
    for s in summaries {
        let mean = |m: &Option<Mean>, decimals: usize| {
            m.as_ref()
                .map_or_else(|| "-".into(), |m| format!("{:.decimals$}", m.mean))
        };
        let length = s.length_ms.as_ref().map_or_else(
            || "-".into(),
            |m| {
                format!(
                    "{} ± {:.1}",
                    crate::format::decimal(m.mean, 1),
                    (m.ci95[1] - m.ci95[0]) / 2.0
                )
            },
        );
        writeln!(
            out,
            "{:<7} {:>11}  {:<26} {:>20} {:>9} {:>10} {:>12.2}%",
            split_name(s.split[0], s.split[1]),
            grouped(s.deals),
            format!(
                "{} ({}–{})",
                percent(s.a_wins.rate),
                percent(s.a_wins.wilson95[0]),
                percent(s.a_wins.wilson95[1])
            ),
            length,
            mean(&s.deadends, 3),
            mean(&s.cancelled_moves, 3),
            100.0 * s.same_instant_finishes.rate
        )?;
    }
    writeln!(
        out,
        "The intervals cover the sampling error of the deals (95%, normal approximation for \
         means, Wilson for rates)."
    )
}
