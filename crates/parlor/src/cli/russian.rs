//! `parlor russian`: Russian Solitaire — deal, play one deal, solve one exactly, measure
//! strategies over many, bound perfect fair play from above, catalogue the maxima of a range
//! of deals, or hint a move in a game in progress.

mod bound;
mod catalogue;
pub(crate) mod hint;
pub(crate) mod play;
mod simulate;
mod solve;

use crate::error::CliError;
use crate::input;
use clap::{Args, Subcommand};
use report::count::count;
use russian::Layout;
use russian::pysol::GameNumber;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor russian deal --seed 113\n  parlor russian play --seed 113 --strategy planner\n  parlor russian simulate --deals 10000 --strategy greedy"
)]
/// `parlor russian`'s subcommands.
pub struct RussianArgs {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print deal N: seven lines, column 1 to 7, face-down cards in brackets
    Deal(DealArgs),
    /// Play one deal with a strategy: every move, the final layout and the score
    Play(play::PlayArgs),
    /// Play deals S to S+N-1 and measure: mean score, win rate, the casino's profit
    Simulate(simulate::SimulateArgs),
    /// The maximum score of one deal with every card known, proven, and a line reaching it
    Solve(solve::SolveArgs),
    /// An upper bound on perfect fair play over many deals, below the clairvoyant maximum
    Bound(bound::BoundArgs),
    /// Solve every deal of a range: one JSON line per deal, its maximum, and the counts
    Catalogue(catalogue::CatalogueArgs),
    /// The move to make in a game in progress, face-down cards known or not ([?])
    Hint(hint::HintArgs),
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor russian deal --seed 113\n  parlor russian deal --pysol 1 --ascii\n  parlor russian deal --seed 113 --json"
)]
struct DealArgs {
    /// The deal's number, 0 to 2^64 - 1
    #[arg(long, value_name = "N", default_value_t = 0, conflicts_with = "pysol",
          value_parser = count("a deal number", 0, u64::MAX))]
    seed: u64,
    /// PySolFC's Russian Solitaire game N (1 to 10^20, or msN), card for card
    #[arg(long, value_name = "N")]
    pysol: Option<GameNumber>,
    #[command(flatten)]
    json: crate::output::Json,
    #[command(flatten)]
    ascii: crate::output::Ascii,
}

/// Runs `parlor russian …`.
pub fn run(args: &RussianArgs) -> Result<(), CliError> {
    match &args.command {
        Command::Deal(args) => deal(args),
        Command::Play(args) => play::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Bound(args) => bound::run(args),
        Command::Catalogue(args) => catalogue::run(args),
        Command::Hint(args) => hint::run(args),
    }
}

/// Where the deal of `play` and `solve` comes from: the words of [`russian::source`].
#[derive(Args)]
#[group(id = "source", required = true, multiple = true, args = ["seed", "layout", "pysol"])]
struct Source {
    /// Deal N (as `deal --seed N` prints it); N also seeds the random choices of random and
    /// planner (with --layout or --pysol too; 0 if not given); 0 to 2^64 - 1
    #[arg(long, value_name = "N", value_parser = count("a deal number", 0, u64::MAX))]
    seed: Option<u64>,
    /// The layout in FILE ('-': standard input)
    #[arg(
        long,
        value_name = "FILE",
        visible_alias = "deal",
        conflicts_with = "pysol"
    )]
    layout: Option<PathBuf>,
    /// PySolFC's Russian Solitaire game N (1 to 10^20, or msN), card for card
    #[arg(long, value_name = "N")]
    pysol: Option<GameNumber>,
}

impl Source {
    /// The deal named (its layout read from its file if it is given one), and the number that
    /// seeds the strategies' random choices.
    fn deal(&self) -> Result<(Layout, u64), CliError> {
        let source = russian::source::Source {
            seed: self.seed,
            pysol: self.pysol,
            layout: self.layout.as_deref().map(read_layout).transpose()?,
        };
        Ok((
            source.layout().map_err(CliError::bad_input)?,
            source.number(),
        ))
    }
}

fn deal(args: &DealArgs) -> Result<(), CliError> {
    let source = russian::source::Source {
        seed: Some(args.seed),
        pysol: args.pysol,
        layout: None,
    };
    let layout = source.layout().map_err(CliError::bad_input)?;
    let mut out = crate::output::stdout();
    if args.json.on {
        crate::output::json_line(&mut out, &report::russian::LayoutJson::of(&layout))?;
    } else {
        write_layout(&mut out, &layout, symbols(args.ascii.on))?;
    }
    out.flush()?;
    Ok(())
}

/// Suit symbols unless `--ascii` or standard output is not a terminal.
fn symbols(ascii: bool) -> bool {
    !ascii && io::stdout().is_terminal()
}

fn write_layout(out: &mut impl Write, layout: &Layout, symbols: bool) -> io::Result<()> {
    if symbols {
        write!(out, "{layout:#}")
    } else {
        write!(out, "{layout}")
    }
}

/// Reads a layout from FILE (`-`: standard input).
fn read_layout(file: &std::path::Path) -> Result<Layout, CliError> {
    let text = input::read_text(Some(file))?;
    Layout::parse(&text).map_err(CliError::bad_input)
}
