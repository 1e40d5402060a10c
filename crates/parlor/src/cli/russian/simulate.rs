//! `parlor russian simulate`: many deals, one strategy or all, and the casino's answer.
//!
//! The deals are played on the long-run engine in chunks, each chunk by every strategy asked
//! for, so that the progress bar's time left is honest even when the planner runs beside
//! strategies a thousand times faster.

use crate::error::CliError;
use crate::format::{grouped, plus_minus};
use crate::longrun::{self, LongRun, Outputs};
use clap::{ArgGroup, Args};
use report::count::count;
use report::russian::{SimulateJson, parse_strategy};
use runs::Deals;
use runs::russian::SimulateRun;
use russian::strategy::{DEFAULT_SAMPLES, MAX_SAMPLES};
use russian::{PAY_PER_CARD, STAKE, Stats, StrategyName};
use std::io::{self, Write};
use std::path::PathBuf;

#[derive(Args)]
#[command(group(ArgGroup::new("deals_played").required(true).args(["deals", "range"])))]
#[command(
    after_help = "Examples:\n  parlor russian simulate --deals 10000\n  parlor russian simulate --range 0..1000 --strategy greedy,lookahead --json\n  parlor russian simulate --deals 2000 --strategy clairvoyant --plot scores.svg"
)]
pub struct SimulateArgs {
    /// Play deals 0 to N-1, N from 1 to 2^64 - 1
    #[arg(long, value_name = "N", value_parser = count("a number of deals", 1, u64::MAX))]
    deals: Option<u64>,
    /// Play deals A to B-1 (deal numbers as `deal --seed` takes them; B at most 2^64)
    #[arg(long, value_name = "A..B")]
    range: Option<String>,
    /// random, greedy, lookahead, planner, clairvoyant, a list of them (greedy,clairvoyant), or
    /// all; several strategies play the same deals and make one table
    #[arg(long, default_value = "greedy", value_parser = parse_choice)]
    strategy: Choice,
    /// Layouts the planner samples at each decision, 1 to 10,000 (a decision stops at a
    /// budget of positions, see docs/russian.md)
    #[arg(long, value_name = "K", default_value_t = DEFAULT_SAMPLES,
          value_parser = count("a number of samples", 1, MAX_SAMPLES))]
    samples: u32,
    #[command(flatten)]
    json: crate::output::Json,
    /// Also draw the score histogram as an SVG picture in FILE.svg
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    #[command(flatten)]
    ascii: crate::output::Ascii,
    #[command(flatten)]
    run: LongRun,
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

fn deals(args: &SimulateArgs) -> Result<Deals, CliError> {
    match args.deals {
        Some(count) => Ok(Deals::new(0, count)),
        None => {
            let text = args.range.as_deref().unwrap_or_default();
            crate::cli::deal_range("--range", "A..B", text, "deal numbers", 0, 1 << 64)
        }
    }
}

pub fn run(args: &SimulateArgs) -> Result<(), CliError> {
    let deals = deals(args)?;
    let strategies = args.strategy.0.clone();
    let simulate = SimulateRun::new(deals, strategies.clone(), args.samples);
    let outputs = Outputs::plot(args.plot.as_deref());
    longrun::run(&simulate, &args.run, "deals", None, outputs, |tallies| {
        let tallies: Vec<(StrategyName, Stats)> = strategies.into_iter().zip(tallies).collect();
        // The deals are below 2^64, as the range's bound says.
        let (first, last) = (deals.first as u64, deals.last() as u64);
        let mut out = crate::output::stdout();
        if args.json.on {
            for (strategy, tally) in &tallies {
                let json = SimulateJson::of(*strategy, tally, first, args.samples);
                crate::output::json_line(&mut out, &json)?;
            }
        } else if let [(strategy, tally)] = tallies.as_slice() {
            write_summary(&mut out, *strategy, tally, first, last, args.samples)?;
            writeln!(out)?;
            write_histogram(&mut out, tally, if args.ascii.on { '#' } else { '█' })?;
        } else {
            write_table(&mut out, &tallies, first, last, args.samples)?;
        }
        out.flush()?;
        if let Some(path) = &args.plot {
            let picture = plot(&tallies, first, last, args.samples);
            sweep::file::write_atomically(path, picture.as_bytes())?;
        }
        Ok(())
    })
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
    tally: &Stats,
    first: u64,
    last: u64,
    samples: u32,
) -> io::Result<()> {
    let (profit_low, profit_high) = tally.house_profit_interval();
    writeln!(
        out,
        "strategy {}: {} deals, {first} to {last}",
        label(strategy, samples),
        grouped(tally.games())
    )?;
    if let Some(score) = tally::Mean::of_histogram(&tally.histogram) {
        writeln!(
            out,
            "score           {}, median {}",
            crate::format::mean(&score, 4, ""),
            tally.median()
        )?;
    }
    writeln!(
        out,
        "wins (52 cards) {}",
        crate::format::rate(&tally::Rate::new(tally.wins(), tally.games()))
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
fn write_histogram(out: &mut impl Write, tally: &Stats, block: char) -> io::Result<()> {
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
    tallies: &[(StrategyName, Stats)],
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
            plus_minus((tally.mean(), low, high)),
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

/// The score histograms as a picture: the share of games ending with each score, one line per
/// strategy on a log axis, and the casino's break-even score marked.
fn plot(tallies: &[(StrategyName, Stats)], first: u64, last: u64, samples: u32) -> String {
    let series: Vec<crate::svg::Series> = tallies
        .iter()
        .map(|(strategy, tally)| crate::svg::Series {
            name: format!("{}: mean {:.3}", label(*strategy, samples), tally.mean()),
            values: tally
                .histogram
                .iter()
                .map(|&n| 100.0 * n as f64 / tally.games() as f64)
                .collect(),
        })
        .collect();
    let break_even = (STAKE / PAY_PER_CARD).ceil();
    crate::svg::share_lines(&crate::svg::ShareLines {
        title: format!(
            "Russian Solitaire: cards on the foundations, {} games (deals {first} to {last})",
            grouped(tallies.first().map_or(0, |(_, t)| t.games()))
        ),
        x_label: "score (cards on the foundations)".into(),
        y_label: "share of games (log scale)".into(),
        series,
        marks: vec![(
            break_even,
            format!(
                "break-even: {break_even} cards pay back the ${STAKE} stake (${PAY_PER_CARD} a card)"
            ),
        )],
    })
}
