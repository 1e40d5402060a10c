//! `parlor camicia stats`: random one-pack deals played by the fast engine, summed up.
//!
//! Deal i of seed S is `camicia::deal::Dealer::new(S).pack(i)`. The deals are tallied by
//! `camicia::stats` in chunks on the long-run engine, so the results are the same for any
//! `--threads` and any cluster. Only the throughput depends on the machine: it goes to stderr,
//! so stdout stays reproducible.

use crate::error::CliError;
use crate::format::grouped;
use crate::longrun::{self, LongRun, Outputs};
use crate::svg;
use camicia::deal::{Dealer, pack_deal};
use camicia::record;
use camicia::stats::Notable;
use clap::Args;
use report::count::count;
use serde::Serialize;
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

/// The terminal histogram: bins of this many cards, and one bin for all games this long or longer.
const BIN: u64 = 50;
const TAIL: u64 = 1000;

pub fn run(args: &StatsArgs) -> Result<(), CliError> {
    let dealer = Dealer::new(args.seed);
    let engine = args.engine.choose()?;
    let stats = runs::camicia::StatsRun::new(args.deals, args.seed, engine.engine());
    let outputs = Outputs::plot(args.plot.as_deref());
    longrun::run(
        &stats,
        &args.run,
        "deals",
        Some(&engine.describe()),
        outputs,
        |tally| {
            let summary = Summary::new(args.seed, &dealer, &tally, engine.name());
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
        },
    )?;
    engine.tell_failure()
}

/// What is printed, text or JSON.
#[derive(Serialize)]
struct Summary {
    deals: u64,
    seed: u64,
    /// The engine that played the deals (every engine gives the same results).
    engine: &'static str,
    finished: u64,
    loops: tally::Rate,
    cards: Option<tally::Mean>,
    tricks: Option<tally::Mean>,
    longest: Option<Game>,
    first_loop: Option<Game>,
    histogram: Histogram,
}

#[derive(Serialize)]
struct Game {
    deal: u64,
    /// camicia.dev's index of the deal (`parlor camicia index`), in decimal.
    index: String,
    a: String,
    b: String,
    status: &'static str,
    cards: u64,
    tricks: u64,
}

#[derive(Serialize)]
struct Histogram {
    /// Cards per bin; bin k holds the finished games of k·bin to k·bin + bin - 1 cards.
    bin: u64,
    counts: Vec<u64>,
    /// Games of this many cards or more, counted in `tail`, not in `counts`.
    tail_from: u64,
    tail: u64,
}

impl Summary {
    fn new(
        seed: u64,
        dealer: &Dealer,
        tally: &camicia::stats::Stats,
        engine: &'static str,
    ) -> Summary {
        let game = |found: Option<Notable>| {
            found.map(|Notable { index, outcome }| {
                let pack = dealer.pack(index);
                let deal = pack_deal(&pack);
                Game {
                    deal: index,
                    index: camicia::index::index(&pack).unwrap_or_default().to_string(),
                    a: record(deal.a()),
                    b: record(deal.b()),
                    status: outcome.status.name(),
                    cards: outcome.cards,
                    tricks: outcome.tricks,
                }
            })
        };
        Summary {
            deals: tally.deals(),
            seed,
            engine,
            finished: tally.finished(),
            loops: tally::Rate::new(tally.loops(), tally.deals()),
            cards: tally::Mean::of_histogram(tally.cards()),
            tricks: tally::Mean::of_histogram(tally.tricks()),
            longest: game(tally.longest()),
            first_loop: game(tally.first_loop()),
            histogram: Histogram::new(tally.cards(), BIN, TAIL),
        }
    }
}

impl Histogram {
    fn new(counts: &[u64], bin: u64, tail_from: u64) -> Histogram {
        let mut bins = vec![0u64; (tail_from / bin) as usize];
        let mut tail = 0;
        for (value, &c) in counts.iter().enumerate() {
            let value = value as u64;
            if value >= tail_from {
                tail += c;
            } else {
                bins[(value / bin) as usize] += c;
            }
        }
        // No empty bins after the last game shorter than the tail.
        let used = bins.iter().rposition(|&c| c > 0).map_or(0, |last| last + 1);
        bins.truncate(if tail > 0 { bins.len() } else { used });
        Histogram {
            bin,
            counts: bins,
            tail_from,
            tail,
        }
    }
}

fn write_text(
    out: &mut impl Write,
    summary: &Summary,
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
    histogram: &Histogram,
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
