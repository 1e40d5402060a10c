//! `parlor camicia stats`: random one-pack deals played by the fast engine, summed up.
//!
//! Deal i of seed S is `camicia::deal::Dealer::new(S).pack(i)`. The deals are cut into fixed
//! chunks whatever the number of threads, and every summary is an order-free reduction (sums,
//! counts, maxima with the smallest index on ties), so the results are the same for any `--threads`.
//! Only the throughput depends on the machine: it goes to stderr, so stdout stays reproducible.

use crate::error::CliError;
use crate::format::grouped;
use crate::svg::{Anchor, Svg};
use crate::threads::Threads;
use camicia::deal::{Dealer, pack_deal};
use camicia::{Outcome, Status, record};
use clap::Args;
use rayon::prelude::*;
use serde::Serialize;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;
use tally::{Moments, histogram_median, wilson};

#[derive(Args)]
pub struct StatsArgs {
    /// How many deals to play
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    deals: u64,
    /// Deal i is made from the seed and i (ChaCha8; see docs/camicia.md)
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    threads: Threads,
    /// Also draw the histogram of game lengths as an SVG picture
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// The summary as one JSON object
    #[arg(long)]
    json: bool,
    /// Draw bars with '#' instead of '█'
    #[arg(long)]
    ascii: bool,
    /// No progress bar
    #[arg(long)]
    quiet: bool,
}

/// Deals per unit of work: fixed, so that the split does not depend on the threads.
const CHUNK: u64 = 1 << 15;
/// The terminal histogram: bins of this many cards, and one bin for all games this long or longer.
const BIN: u64 = 50;
const TAIL: u64 = 1000;
/// The picture: bins of this many cards up to `PLOT_TAIL`, the rest counted in a note.
const PLOT_BIN: u64 = 10;
const PLOT_TAIL: u64 = 1500;

pub fn run(args: &StatsArgs) -> Result<(), CliError> {
    let (pool, threads) = args.threads.pool()?;
    let progress = crate::progress::bar(args.deals, "deals", args.quiet);
    let dealer = Dealer::new(args.seed);
    let chunks = args.deals.div_ceil(CHUNK);
    let started = Instant::now();
    let tally = pool.install(|| {
        (0..chunks)
            .into_par_iter()
            .map(|chunk| {
                let range = chunk * CHUNK..((chunk + 1) * CHUNK).min(args.deals);
                let length = range.end - range.start;
                let tally = Tally::of(&dealer, range);
                progress.inc(length);
                tally
            })
            .reduce(Tally::default, Tally::merge)
    });
    let seconds = started.elapsed().as_secs_f64();
    progress.finish_and_clear();

    let summary = Summary::new(args, &dealer, &tally);
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        serde_json::to_writer(&mut out, &summary).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        write_text(&mut out, &summary, &tally, args.ascii)?;
    }
    out.flush()?;
    if let Some(path) = &args.plot {
        std::fs::write(path, plot(&tally, args.seed)).map_err(|e| {
            CliError::Write(io::Error::new(e.kind(), format!("{}: {e}", path.display())))
        })?;
    }
    eprintln!(
        "throughput: {} deals/s ({} deals in {:.3} s on {threads} thread{})",
        grouped((args.deals as f64 / seconds.max(1e-9)) as u64),
        grouped(args.deals),
        seconds,
        if threads == 1 { "" } else { "s" }
    );
    Ok(())
}

/// Sums over a set of deals; merging two tallies gives the tally of their union.
#[derive(Default)]
struct Tally {
    deals: u64,
    loops: u64,
    /// `card_counts[c]`: how many finished games laid c cards; likewise for tricks.
    card_counts: Vec<u64>,
    trick_counts: Vec<u64>,
    /// The longest finished game (most cards, then most tricks, then the smallest index).
    longest: Option<Found>,
    /// The loop of smallest index.
    first_loop: Option<Found>,
}

#[derive(Clone, Copy)]
struct Found {
    index: u64,
    outcome: Outcome,
}

impl Tally {
    fn of(dealer: &Dealer, range: std::ops::Range<u64>) -> Tally {
        let mut tally = Tally::default();
        dealer.play(range, |index, outcome| tally.add(index, outcome));
        tally
    }

    fn add(&mut self, index: u64, outcome: Outcome) {
        self.deals += 1;
        let found = Some(Found { index, outcome });
        if let Status::Loop { .. } = outcome.status {
            self.loops += 1;
            self.first_loop = earlier(self.first_loop, found);
            return;
        }
        count(&mut self.card_counts, outcome.cards);
        count(&mut self.trick_counts, outcome.tricks);
        self.longest = longer(self.longest, found);
    }

    fn merge(self, other: Tally) -> Tally {
        Tally {
            deals: self.deals + other.deals,
            loops: self.loops + other.loops,
            card_counts: add_counts(self.card_counts, other.card_counts),
            trick_counts: add_counts(self.trick_counts, other.trick_counts),
            longest: longer(self.longest, other.longest),
            first_loop: earlier(self.first_loop, other.first_loop),
        }
    }

    fn finished(&self) -> u64 {
        self.deals - self.loops
    }
}

fn count(counts: &mut Vec<u64>, value: u64) {
    let value = value as usize;
    if counts.len() <= value {
        counts.resize(value + 1, 0);
    }
    counts[value] += 1;
}

fn add_counts(mut a: Vec<u64>, b: Vec<u64>) -> Vec<u64> {
    if a.len() < b.len() {
        return add_counts(b, a);
    }
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
    a
}

fn longer(a: Option<Found>, b: Option<Found>) -> Option<Found> {
    let key = |f: &Found| {
        (
            f.outcome.cards,
            f.outcome.tricks,
            std::cmp::Reverse(f.index),
        )
    };
    match (a, b) {
        (Some(a), Some(b)) => Some(if key(&b) > key(&a) { b } else { a }),
        (a, b) => a.or(b),
    }
}

fn earlier(a: Option<Found>, b: Option<Found>) -> Option<Found> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if b.index < a.index { b } else { a }),
        (a, b) => a.or(b),
    }
}

/// What is printed, text or JSON.
#[derive(Serialize)]
struct Summary {
    deals: u64,
    seed: u64,
    finished: u64,
    loops: u64,
    loop_rate: Rate,
    cards: Distribution,
    tricks: Distribution,
    longest: Option<Game>,
    first_loop: Option<Game>,
    histogram: Histogram,
}

#[derive(Serialize)]
struct Rate {
    estimate: f64,
    wilson95: [f64; 2],
}

#[derive(Serialize)]
struct Distribution {
    mean: Option<f64>,
    ci95: Option<[f64; 2]>,
    median: Option<f64>,
    max: Option<u64>,
}

#[derive(Serialize)]
struct Game {
    deal: u64,
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
    fn new(args: &StatsArgs, dealer: &Dealer, tally: &Tally) -> Summary {
        let game = |found: Option<Found>| {
            found.map(|Found { index, outcome }| {
                let deal = pack_deal(&dealer.pack(index));
                Game {
                    deal: index,
                    a: record(deal.a()),
                    b: record(deal.b()),
                    status: outcome.status.name(),
                    cards: outcome.cards,
                    tricks: outcome.tricks,
                }
            })
        };
        Summary {
            deals: tally.deals,
            seed: args.seed,
            finished: tally.finished(),
            loops: tally.loops,
            loop_rate: Rate::wilson(tally.loops, tally.deals),
            cards: Distribution::new(&tally.card_counts),
            tricks: Distribution::new(&tally.trick_counts),
            longest: game(tally.longest),
            first_loop: game(tally.first_loop),
            histogram: Histogram::new(&tally.card_counts, BIN, TAIL),
        }
    }
}

impl Rate {
    fn wilson(hits: u64, trials: u64) -> Rate {
        let (low, high) = wilson(hits, trials);
        Rate {
            estimate: hits as f64 / trials as f64,
            wilson95: [low, high],
        }
    }
}

impl Distribution {
    /// From a histogram of the finished games.
    fn new(counts: &[u64]) -> Distribution {
        let moments = Moments::from_histogram(counts);
        let finished = moments.count > 0;
        Distribution {
            mean: finished.then(|| moments.mean()),
            ci95: (moments.count > 1).then(|| {
                let (low, high) = moments.mean_interval();
                [low, high]
            }),
            median: histogram_median(counts),
            max: finished.then_some(u64::from(moments.max)),
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
    tally: &Tally,
    ascii: bool,
) -> io::Result<()> {
    writeln!(
        out,
        "camicia: {} random one-pack deals (26 cards each), seed {}",
        grouped(summary.deals),
        summary.seed
    )?;
    let rate = &summary.loop_rate;
    writeln!(
        out,
        "finished: {}, loops: {} (rate {:.3e}, 95% Wilson interval {:.3e} to {:.3e})",
        grouped(summary.finished),
        grouped(summary.loops),
        rate.estimate,
        rate.wilson95[0],
        rate.wilson95[1]
    )?;
    for (name, d) in [("cards", &summary.cards), ("tricks", &summary.tricks)] {
        match (d.mean, d.median, d.max) {
            (Some(mean), Some(median), Some(max)) => {
                let ci = d.ci95.map_or_else(String::new, |[lo, hi]| {
                    format!(" (95% CI {lo:.2} to {hi:.2})")
                });
                writeln!(
                    out,
                    "{name} per finished game: mean {mean:.2}{ci}, median {median}, max {}",
                    grouped(max)
                )?;
            }
            _ => writeln!(out, "{name} per finished game: no game finished")?,
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
                    "{title}: deal {}: status: \"{}\", cards: {}, tricks: {}",
                    g.deal, g.status, g.cards, g.tricks
                )?;
                writeln!(out, "  A: {}", g.a)?;
                writeln!(out, "  B: {}", g.b)?;
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

/// The histogram of cards per finished game as an SVG picture.
fn plot(tally: &Tally, seed: u64) -> String {
    let histogram = Histogram::new(&tally.card_counts, PLOT_BIN, PLOT_TAIL);
    let (width, height) = (900.0, 480.0);
    let (left, right, top, bottom) = (80.0, 30.0, 60.0, 70.0);
    let plot_w = width - left - right;
    let plot_h = height - top - bottom;
    let bins = (PLOT_TAIL / PLOT_BIN) as f64;
    let most = histogram.counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    let mut svg = Svg::new(width, height);
    svg.text(
        width / 2.0,
        28.0,
        17.0,
        Anchor::Middle,
        &format!(
            "Camicia: cards laid per finished game, {} random one-pack deals (seed {seed})",
            grouped(tally.deals)
        ),
    );
    // Horizontal grid and count labels.
    let step = nice_step(most / 5.0);
    let mut y_value = 0.0;
    while y_value <= most {
        let y = top + plot_h - y_value / most * plot_h;
        svg.line((left, y), (left + plot_w, y), "#dddddd", 1.0);
        svg.text(
            left - 8.0,
            y + 4.0,
            12.0,
            Anchor::End,
            &grouped(y_value as u64),
        );
        y_value += step;
    }
    for (k, &count) in histogram.counts.iter().enumerate() {
        let x = left + k as f64 / bins * plot_w;
        let h = count as f64 / most * plot_h;
        svg.rect(x, top + plot_h - h, plot_w / bins, h, "#3b6ea8");
    }
    svg.line(
        (left, top + plot_h),
        (left + plot_w, top + plot_h),
        "black",
        1.0,
    );
    svg.line((left, top), (left, top + plot_h), "black", 1.0);
    let mut cards = 0;
    while cards <= PLOT_TAIL {
        let x = left + cards as f64 / PLOT_TAIL as f64 * plot_w;
        svg.line((x, top + plot_h), (x, top + plot_h + 5.0), "black", 1.0);
        svg.text(
            x,
            top + plot_h + 20.0,
            12.0,
            Anchor::Middle,
            &cards.to_string(),
        );
        cards += 250;
    }
    svg.text(
        left + plot_w / 2.0,
        height - 22.0,
        13.0,
        Anchor::Middle,
        &format!(
            "cards laid (bins of {PLOT_BIN}); {} games of {PLOT_TAIL} cards or more not shown; \
             {} loops",
            grouped(histogram.tail),
            grouped(tally.loops)
        ),
    );
    svg.text(18.0, top - 14.0, 13.0, Anchor::Start, "games");
    svg.finish()
}

/// 1, 2 or 5 times a power of ten, at least `raw`.
fn nice_step(raw: f64) -> f64 {
    let power = 10f64.powf(raw.max(1.0).log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * power)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_a_hand_computation() {
        // 0 of 100: [0, 0.0370]; 50 of 100: [0.4038, 0.5962].
        let r = Rate::wilson(0, 100);
        assert_eq!(r.wilson95[0], 0.0);
        assert!((r.wilson95[1] - 0.0370).abs() < 1e-4);
        let r = Rate::wilson(50, 100);
        assert!((r.wilson95[0] - 0.4038).abs() < 1e-4);
        assert!((r.wilson95[1] - 0.5962).abs() < 1e-4);
    }

    #[test]
    fn median_and_spread_from_counts() {
        // Values 1, 2, 2, 10: median 2, mean 3.75.
        let counts = [0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 1];
        let d = Distribution::new(&counts);
        assert_eq!(d.median, Some(2.0));
        assert_eq!(d.mean, Some(3.75));
        assert_eq!(d.max, Some(10));
        let d = Distribution::new(&[0, 1, 0, 1]);
        assert_eq!(d.median, Some(2.0));
        let none = Distribution::new(&[]);
        assert_eq!(
            (none.mean, none.ci95, none.median, none.max),
            (None, None, None, None)
        );
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(0.3), 1.0);
        assert_eq!(nice_step(7.0), 10.0);
        assert_eq!(nice_step(1234.0), 2000.0);
    }
}
