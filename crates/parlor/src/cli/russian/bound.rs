//! `parlor russian bound`: an upper bound on perfect fair play over many deals, beside the
//! clairvoyant maximum of the same deals, and the least the casino keeps against any fair
//! player.

use crate::error::CliError;
use crate::format::{grouped, plus_minus};
use crate::longrun::{self, LongRun, Outputs};
use clap::{ArgGroup, Args};
use report::count::count;
use report::russian::BoundJson;
use russian::STAKE;
use russian::bound::{DEFAULT_SAMPLES, FORESIGHT_LIMIT, MAX_SAMPLES, MAX_TURNS, Stats};
use std::io::{self, Write};
use tally::Estimate;

#[derive(Args)]
#[command(group(ArgGroup::new("deals_bounded").required(true).args(["deals", "range"])))]
#[command(
    after_help = "Examples:\n  parlor russian bound --deals 200\n  parlor russian bound --range 1000..1100 --samples 30 --json\n  parlor russian bound --range 20..30 --samples 20 --turns 2"
)]
pub struct BoundArgs {
    /// Bound deals 0 to N-1, N from 1 to 2^64 - 1
    #[arg(long, value_name = "N", value_parser = count("a number of deals", 1, u64::MAX))]
    deals: Option<u64>,
    /// Bound deals A to B-1 (deal numbers as `deal --seed` takes them; B at most 2^64)
    #[arg(long, value_name = "A..B")]
    range: Option<String>,
    /// Layouts of the unseen cards drawn for each deal, 1 to 100,000: more make the bound
    /// tighter and slower
    #[arg(long, value_name = "K", default_value_t = DEFAULT_SAMPLES,
          value_parser = count("a number of samples", 1, MAX_SAMPLES))]
    samples: u32,
    /// Moves are made seeing face-up cards only until this turn, 1 to 21: more make the bound
    /// tighter and far slower (each turn multiplies the plans)
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = count("a number of turns", 1, MAX_TURNS))]
    turns: u32,
    #[command(flatten)]
    json: crate::output::Json,
    #[command(flatten)]
    run: LongRun,
}

pub fn run(args: &BoundArgs) -> Result<(), CliError> {
    let deals = match args.deals {
        Some(count) => runs::Deals::new(0, count),
        None => {
            let text = args.range.as_deref().unwrap_or_default();
            crate::cli::deal_range("--range", "A..B", text, "deal numbers", 0, 1 << 64)?
        }
    };
    // The deals are below 2^64, as the range's bound says.
    let (first, count) = (deals.first as u64, deals.count);
    let bound = runs::russian::BoundRun::new(deals, args.samples, args.turns);
    longrun::run(
        &bound,
        &args.run,
        "deals",
        None,
        Outputs::default(),
        |tally| {
            let mut out = crate::output::stdout();
            let last = first + (count - 1);
            if args.json.on {
                let json = BoundJson::of(&tally, first, args.samples, args.turns);
                crate::output::json_line(&mut out, &json)?;
            } else {
                write_summary(&mut out, &tally, first, last, args.samples, args.turns)?;
            }
            out.flush()?;
            Ok(())
        },
    )
}

fn write_summary(
    out: &mut impl Write,
    tally: &Stats,
    first: u64,
    last: u64,
    samples: u32,
    turns: u32,
) -> io::Result<()> {
    let bound = tally.bound();
    let (mean, [low, high]) = (bound.mean, bound.ci95);
    writeln!(
        out,
        "upper bound on fair play: {} deals, {first} to {last}",
        grouped(tally.deals())
    )?;
    let until = if turns == 1 {
        "the first turn".to_string()
    } else {
        format!("turn {turns}")
    };
    writeln!(
        out,
        "bound           {} cards (95% CI): every move before {until} made seeing face-up cards \
         only, then every card seen",
        plus_minus(triple(bound))
    )?;
    writeln!(
        out,
        "layouts         {} a deal of the unseen cards; their clairvoyant mean {} cards",
        grouped(u64::from(samples)),
        plus_minus(triple(tally.layouts_clairvoyant()))
    )?;
    writeln!(
        out,
        "below it by     {} cards (paired)",
        plus_minus(triple(tally.gap()))
    )?;
    writeln!(
        out,
        "clairvoyant     {} cards on the deals themselves",
        plus_minus(triple(tally.clairvoyant()))
    )?;
    if tally.over_limit() > 0 {
        writeln!(
            out,
            "over the limit  {} deals foresaw more than {} positions before a turn and count \
             their layouts' clairvoyant mean",
            grouped(tally.over_limit()),
            grouped(FORESIGHT_LIMIT as u64)
        )?;
    }
    let profit = |score: f64| STAKE - russian::PAY_PER_CARD * score;
    writeln!(
        out,
        "house profit    at least ${:.4} per $55 game against any fair player (95% CI ${:.4} to \
         ${:.4})",
        profit(mean),
        profit(high),
        profit(low)
    )?;
    writeln!(
        out,
        "house edge      at least {:.3}% of the stake (95% CI {:.3}% to {:.3}%)",
        100.0 * profit(mean) / STAKE,
        100.0 * profit(high) / STAKE,
        100.0 * profit(low) / STAKE
    )
}

/// An estimate as `plus_minus` takes it.
fn triple(estimate: Estimate) -> (f64, f64, f64) {
    (estimate.mean, estimate.ci95[0], estimate.ci95[1])
}
