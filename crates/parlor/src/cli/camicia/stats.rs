//! `parlor camicia stats`: random one-pack deals played by the fast engine, summed up.
//!
//! Deal i of seed S is `camicia::deal::Dealer::new(S).pack(i)`. The deals are tallied by
//! `camicia::stats` in chunks on the long-run engine, so the results are the same for any
//! `--threads` and any cluster. Only the throughput depends on the machine: it goes to stderr,
//! so stdout stays reproducible.

use crate::error::CliError;
use crate::format::grouped;
use crate::longrun::{LongRun, Outputs};
use crate::svg;
use camicia::deal::Dealer;
use clap::Args;
use report::camicia::{HistogramJson, StatsJson};
use report::count::count;
use std::io::{self, Write};
use std::path::PathBuf;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor camicia stats --deals 100000\n  parlor camicia stats --deals 1000000 --plot lengths.svg\n  parlor camicia stats --deals 100000 --seed 7 --json"
)]
pub struct StatsArgs {
    /// How many deals to play, 1 to 2^64 - 1
    #[arg(long, value_name = "N", value_parser = count("a number of deals", 1, u64::MAX))]
    deals: u64,
    /// Deal i is made from the seed and i (ChaCha8; see docs/camicia.md)
    #[arg(long, default_value_t = 1, value_parser = count("a seed", 0, u64::MAX))]
    seed: u64,
    /// Also draw the histogram of game lengths as an SVG picture
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    #[command(flatten)]
    json: crate::output::Json,
    #[command(flatten)]
    ascii: crate::output::Ascii,
    #[command(flatten)]
    engine: super::engine::EngineArg,
    #[command(flatten)]
    run: LongRun,
}

pub fn run(args: &StatsArgs) -> Result<(), CliError> {
    let dealer = Dealer::new(args.seed);
    let engine = args.engine.choose(args.run.quiet)?;
    let stats = runs::camicia::StatsRun::new(args.deals, args.seed, engine.engine());
    let outputs = Outputs::plot(args.plot.as_deref());
    super::run_deals(&engine, &stats, &args.run, outputs, |tally| {
        let mut summary = StatsJson::new(args.seed, &dealer, &tally, engine.name());
        summary.gpu = engine.gpu_json();
        let mut out = crate::output::stdout();
        if args.json.on {
            crate::output::json_line(&mut out, &summary)?;
        } else {
            write_text(&mut out, &summary, &tally, args.ascii.on)?;
        }
        out.flush()?;
        if let Some(path) = &args.plot {
            sweep::file::write_atomically(path, plot(&tally, args.seed).as_bytes())?;
        }
        Ok(())
    })
}

fn write_text(
    out: &mut impl Write,
    summary: &StatsJson,
    tally: &camicia::stats::Stats,
    ascii: bool,
) -> io::Result<()> {
    writeln!(
        out,
        "camicia: {} random one-pack deals (26 cards each), seed {}",
        grouped(summary.deals),
        summary.seed
    )?;
    writeln!(
        out,
        "finished: {}, loops: {}",
        grouped(summary.finished),
        crate::format::rate(&summary.loops)
    )?;
    for (name, d) in [("cards", &summary.cards), ("tricks", &summary.tricks)] {
        match d {
            Some(m) => writeln!(
                out,
                "{name} per finished game: {}, median {}, max {}",
                crate::format::mean(m, 2, ""),
                m.median.unwrap_or_default(),
                grouped(m.max)
            )?,
            None => writeln!(out, "{name} per finished game: no game finished")?,
        }
    }
    writeln!(
        out,
        "(the intervals cover the sampling of the deals, over {} finished games)",
        grouped(summary.finished)
    )?;
    for (title, game) in [
        ("longest game", &summary.longest),
        ("first loop", &summary.first_loop),
    ] {
        match game {
            Some(g) => {
                writeln!(
                    out,
                    "{title}: deal {} (index {}): status: \"{}\", cards: {}, tricks: {}",
                    g.deal, g.index, g.status, g.cards, g.tricks
                )?;
                // One line that `parlor camicia` and `parlor camicia index` read back.
                writeln!(out, "  {}/{}", g.a, g.b)?;
            }
            None if title == "first loop" => writeln!(out, "{title}: none found")?,
            None => {}
        }
    }
    write_histogram(out, &summary.histogram, tally.finished(), ascii)
}

fn write_histogram(
    out: &mut impl Write,
    histogram: &HistogramJson,
    finished: u64,
    ascii: bool,
) -> io::Result<()> {
    if finished == 0 {
        return Ok(());
    }
    writeln!(out, "cards laid per finished game:")?;
    let width = 40.0;
    let most = histogram
        .counts
        .iter()
        .copied()
        .chain([histogram.tail])
        .max()
        .unwrap_or(1)
        .max(1);
    let bar_char = if ascii { "#" } else { "█" };
    let bar = |count: u64| bar_char.repeat((count as f64 / most as f64 * width).ceil() as usize);
    for (k, &count) in histogram.counts.iter().enumerate() {
        let low = k as u64 * histogram.bin;
        let label = format!("{low:>5} to {:>5}", low + histogram.bin - 1);
        writeln!(out, "{label} {:>12} {}", grouped(count), bar(count))?;
    }
    if histogram.tail > 0 {
        let label = format!("{:>5} or more", histogram.tail_from);
        writeln!(
            out,
            "{label:<14} {:>12} {}",
            grouped(histogram.tail),
            bar(histogram.tail)
        )?;
    }
    Ok(())
}

/// The histogram of cards per finished game as an SVG picture: the whole range up to the
/// longest game, counts on a log axis so that its tail shows, the longest game marked.
fn plot(tally: &camicia::stats::Stats, seed: u64) -> String {
    let cards = tally.cards();
    let longest = cards.iter().rposition(|&n| n > 0).unwrap_or(0) as u64;
    // At most about 150 bins over the range, each a round number of cards.
    let bin = svg::nice_step(longest as f64 / 150.0).max(1.0) as u64;
    let mut counts = vec![0; (longest / bin + 1) as usize];
    for (length, &n) in cards.iter().enumerate() {
        if n > 0 {
            counts[length / bin as usize] += n;
        }
    }
    let mark = tally.longest().map(|found| {
        (
            found.outcome.cards,
            format!(
                "longest: {} cards, {} tricks (deal {})",
                grouped(found.outcome.cards),
                grouped(found.outcome.tricks),
                found.index
            ),
        )
    });
    svg::log_bars(&svg::LogBars {
        title: format!(
            "Camicia: cards laid per finished game, {} random one-pack deals (seed {seed})",
            grouped(tally.deals())
        ),
        x_label: match tally.loops() {
            0 => format!("cards laid, in bins of {bin}; no deal looped"),
            loops => format!(
                "cards laid, in bins of {bin}; {} loops, not shown",
                grouped(loops)
            ),
        },
        y_label: "finished games (log scale)".into(),
        bin,
        counts,
        mark,
    })
}
