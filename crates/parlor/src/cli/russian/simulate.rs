//! `parlor russian simulate`: many deals, one strategy or all, and the casino's answer.

use super::parse_strategy;
use crate::error::CliError;
use crate::format::grouped;
use crate::threads::Threads;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use russian::strategy::DEFAULT_SAMPLES;
use russian::{Game, STAKE, StrategyName, Tally};
use serde::Serialize;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;

#[derive(Args)]
pub struct SimulateArgs {
    /// Number of deals to play
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// The first deal's number: deals S to S+N-1 are played
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// random, greedy, lookahead, planner, clairvoyant, a list of them (greedy,clairvoyant), or
    /// all; several strategies play the same deals and make one table
    #[arg(long, default_value = "greedy", value_parser = parse_choice)]
    strategy: Choice,
    /// Layouts planner samples at each decision
    #[arg(long, default_value_t = DEFAULT_SAMPLES, value_parser = clap::value_parser!(u32).range(1..))]
    samples: u32,
    #[command(flatten)]
    threads: Threads,
    /// One JSON object per strategy, one per line
    #[arg(long)]
    json: bool,
    /// Also draw the score histogram as an SVG picture in FILE.svg
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// No progress bar
    #[arg(long)]
    quiet: bool,
    /// Draw histogram bars with '#' instead of '█'
    #[arg(long)]
    ascii: bool,
}

/// The strategies to measure, in the order given.
#[derive(Clone)]
struct Choice(Vec<StrategyName>);

fn parse_choice(names: &str) -> Result<Choice, String> {
    if names == "all" {
        return Ok(Choice(StrategyName::ALL.to_vec()));
    }
    let mut chosen = Vec::new();
    for name in names.split(',') {
        let strategy = parse_strategy(name).map_err(|e| format!("{e} (or a list, or all)"))?;
        if !chosen.contains(&strategy) {
            chosen.push(strategy);
        }
    }
    Ok(Choice(chosen))
}

/// Deals per unit of work: large enough to keep the progress bar cheap, small enough to balance
/// the threads and to move the bar often, so fewer for the slow strategies.
fn chunk(strategy: StrategyName) -> u64 {
    match strategy {
        StrategyName::Planner => 4,
        StrategyName::Clairvoyant => 256,
        _ => 2048,
    }
}

pub fn run(args: &SimulateArgs) -> Result<(), CliError> {
    let last = args.seed.checked_add(args.games - 1).ok_or_else(|| {
        CliError::BadInput(format!(
            "--seed {} with --games {} goes past the last deal, {}",
            args.seed,
            args.games,
            u64::MAX
        ))
    })?;
    let strategies = &args.strategy.0;
    let (pool, _) = args.threads.pool()?;
    let bar = progress_bar(args.games * strategies.len() as u64, args.quiet);
    let tallies: Vec<(StrategyName, Tally)> = strategies
        .iter()
        .map(|&strategy| {
            bar.set_message(strategy.name());
            let tally = pool.install(|| tally(args.seed, last, strategy, args.samples, &bar));
            (strategy, tally)
        })
        .collect();
    bar.finish_and_clear();

    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        for (strategy, tally) in &tallies {
            let json = SummaryJson::of(*strategy, tally, args.seed, args.samples);
            serde_json::to_writer(&mut out, &json).map_err(io::Error::from)?;
            writeln!(out)?;
        }
    } else if let [(strategy, tally)] = tallies.as_slice() {
        write_summary(&mut out, *strategy, tally, args.seed, last, args.samples)?;
        writeln!(out)?;
        write_histogram(&mut out, tally, if args.ascii { '#' } else { '█' })?;
    } else {
        write_table(&mut out, &tallies, args.seed, last, args.samples)?;
    }
    out.flush()?;
    if let Some(path) = &args.plot {
        std::fs::write(path, plot(&tallies, args.seed, last, args.samples)).map_err(|source| {
            CliError::BadInput(format!("cannot write {}: {source}", path.display()))
        })?;
    }
    Ok(())
}

/// Deals `first` to `last` in chunks over the pool's threads; the histogram sums make the result
/// the same whatever the split.
fn tally(first: u64, last: u64, strategy: StrategyName, samples: u32, bar: &ProgressBar) -> Tally {
    let size = chunk(strategy);
    let chunks = (last - first) / size + 1;
    (0..chunks)
        .into_par_iter()
        .map(|chunk| {
            let start = first + chunk * size;
            let end = last.min(start + (size - 1));
            let mut tally = Tally::default();
            for number in start..=end {
                let mut game = Game::deal(number);
                let mut player = strategy.player(&game, number, samples);
                tally.add(game.play(&mut player, |_| {}));
            }
            bar.inc(end - start + 1);
            tally
        })
        .reduce(Tally::default, |a, b| a.merge(&b))
}

fn progress_bar(games: u64, quiet: bool) -> ProgressBar {
    if quiet || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{msg:>9} [{bar:40}] {human_pos}/{human_len} games, {per_sec}, ETA {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar
}

fn percent(rate: f64) -> String {
    format!("{:.3}%", 100.0 * rate)
}

/// `planner (10 samples)`, or the strategy's name.
fn label(strategy: StrategyName, samples: u32) -> String {
    if strategy == StrategyName::Planner {
        format!("planner ({samples} samples)")
    } else {
        strategy.name().into()
    }
}

fn write_summary(
    out: &mut impl Write,
    strategy: StrategyName,
    tally: &Tally,
    first: u64,
    last: u64,
    samples: u32,
) -> io::Result<()> {
    let (low, high) = tally.mean_interval();
    let (win_low, win_high) = tally.win_interval();
    let (profit_low, profit_high) = tally.house_profit_interval();
    writeln!(
        out,
        "strategy {}: {} games, deals {first} to {last}",
        label(strategy, samples),
        grouped(tally.games())
    )?;
    writeln!(
        out,
        "mean score      {:.4} ± {:.4} (95% CI {low:.4} to {high:.4})",
        tally.mean(),
        (high - low) / 2.0
    )?;
    writeln!(out, "median          {}", tally.median())?;
    writeln!(out, "std deviation   {:.4}", tally.std_dev())?;
    writeln!(
        out,
        "wins (52 cards) {} = {} (95% Wilson {} to {})",
        grouped(tally.wins()),
        percent(tally.win_rate()),
        percent(win_low),
        percent(win_high)
    )?;
    writeln!(
        out,
        "house profit    ${:.4} per $55 game (95% CI ${profit_low:.4} to ${profit_high:.4})",
        tally.house_profit()
    )?;
    writeln!(
        out,
        "house edge      {} of the stake (95% CI {} to {})",
        percent(tally.house_profit() / STAKE),
        percent(profit_low / STAKE),
        percent(profit_high / STAKE)
    )
}

/// One line per score from 0 to the highest reached, a bar scaled to the most common score.
fn write_histogram(out: &mut impl Write, tally: &Tally, block: char) -> io::Result<()> {
    let top = tally.histogram.iter().rposition(|&n| n > 0).unwrap_or(0);
    let most = tally.histogram.iter().copied().max().unwrap_or(0).max(1);
    writeln!(out, "score      games   share")?;
    for (score, &count) in tally.histogram.iter().enumerate().take(top + 1) {
        let width = (count as f64 / most as f64 * 50.0).round() as usize;
        let bar: String = std::iter::repeat_n(block, width.max(usize::from(count > 0))).collect();
        writeln!(
            out,
            "{score:>5} {:>10} {:>7} {bar}",
            grouped(count),
            format!("{:.2}%", 100.0 * count as f64 / tally.games() as f64)
        )?;
    }
    Ok(())
}

fn write_table(
    out: &mut impl Write,
    tallies: &[(StrategyName, Tally)],
    first: u64,
    last: u64,
    samples: u32,
) -> io::Result<()> {
    writeln!(
        out,
        "deals {first} to {last}, every strategy on the same deals"
    )?;
    writeln!(
        out,
        "{:<21} {:>10} {:>17} {:>6} {:>7} {:>27} {:>19} {:>10}",
        "strategy",
        "games",
        "mean ± 95% CI",
        "median",
        "sd",
        "win rate (95% Wilson)",
        "house profit/game",
        "house edge"
    )?;
    for (strategy, tally) in tallies {
        let (low, high) = tally.mean_interval();
        let (win_low, win_high) = tally.win_interval();
        writeln!(
            out,
            "{:<21} {:>10} {:>17} {:>6} {:>7.3} {:>27} {:>19} {:>10}",
            label(*strategy, samples),
            grouped(tally.games()),
            format!("{:.3} ± {:.3}", tally.mean(), (high - low) / 2.0),
            tally.median(),
            tally.std_dev(),
            format!(
                "{} ({}–{})",
                percent(tally.win_rate()),
                percent(win_low),
                percent(win_high)
            ),
            format!(
                "${:.3} ± {:.3}",
                tally.house_profit(),
                5.0 * (high - low) / 2.0
            ),
            percent(tally.house_profit() / STAKE)
        )?;
    }
    Ok(())
}

#[derive(Serialize)]
struct SummaryJson {
    strategy: &'static str,
    /// Layouts sampled per decision, for `planner` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    samples: Option<u32>,
    first_deal: u64,
    games: u64,
    mean: f64,
    mean_ci95: (f64, f64),
    median: f64,
    std_dev: f64,
    wins: u64,
    win_rate: f64,
    win_rate_wilson95: (f64, f64),
    house_profit: f64,
    house_profit_ci95: (f64, f64),
    house_edge: f64,
    /// Games ending with each score, 0 to 52.
    histogram: Vec<u64>,
}

impl SummaryJson {
    fn of(strategy: StrategyName, tally: &Tally, first: u64, samples: u32) -> SummaryJson {
        let profit = tally.house_profit_interval();
        SummaryJson {
            strategy: strategy.name(),
            samples: (strategy == StrategyName::Planner).then_some(samples),
            first_deal: first,
            games: tally.games(),
            mean: tally.mean(),
            mean_ci95: tally.mean_interval(),
            median: tally.median(),
            std_dev: tally.std_dev(),
            wins: tally.wins(),
            win_rate: tally.win_rate(),
            win_rate_wilson95: tally.win_interval(),
            house_profit: tally.house_profit(),
            house_profit_ci95: profit,
            house_edge: tally.house_profit() / STAKE,
            histogram: tally.histogram.to_vec(),
        }
    }
}

/// The score histograms as a picture: the share of games ending with each score, one colour per
/// strategy.
fn plot(tallies: &[(StrategyName, Tally)], first: u64, last: u64, samples: u32) -> String {
    let series: Vec<crate::svg::Series> = tallies
        .iter()
        .map(|(strategy, tally)| crate::svg::Series {
            name: format!("{} (mean {:.3})", label(*strategy, samples), tally.mean()),
            values: tally
                .histogram
                .iter()
                .map(|&n| 100.0 * n as f64 / tally.games() as f64)
                .collect(),
        })
        .collect();
    crate::svg::histogram(&crate::svg::Histogram {
        title: format!(
            "Russian Solitaire: cards on the foundations, {} games (deals {first} to {last})",
            grouped(tallies.first().map_or(0, |(_, t)| t.games()))
        ),
        x_label: "score (cards on the foundations)".into(),
        y_label: "share of games (%)".into(),
        labels: (0..=52).map(|s| s.to_string()).collect(),
        series,
    })
}
