//! `parlor russian`: Russian Solitaire — deal, play one deal, or measure strategies over many.

mod play;
mod simulate;

use crate::error::CliError;
use crate::input;
use clap::{Args, Subcommand};
use russian::{Layout, Slot, StrategyName};
use serde::Serialize;
use std::io::{self, BufWriter, IsTerminal, Write};

#[derive(Args)]
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
}

#[derive(Args)]
struct DealArgs {
    /// The deal's number (any 64-bit unsigned number)
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// One JSON object: {"columns":[["SA"],["[D4]","HK",...],...]}
    #[arg(long)]
    json: bool,
    /// Suit letters (S H D C) even on a terminal
    #[arg(long)]
    ascii: bool,
}

pub fn run(args: &RussianArgs) -> Result<(), CliError> {
    match &args.command {
        Command::Deal(args) => deal(args),
        Command::Play(args) => play::run(args),
        Command::Simulate(args) => simulate::run(args),
    }
}

fn deal(args: &DealArgs) -> Result<(), CliError> {
    let layout = russian::deal::deal(args.seed);
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        serde_json::to_writer(&mut out, &LayoutJson::of(&layout)).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        write_layout(&mut out, &layout, symbols(args.ascii))?;
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

/// A layout as JSON: each column's cards as the text writes them, `"[D4]"`, `"HK"`.
#[derive(Serialize)]
struct LayoutJson {
    columns: Vec<Vec<String>>,
}

impl LayoutJson {
    fn of(layout: &Layout) -> LayoutJson {
        LayoutJson {
            columns: layout
                .columns
                .iter()
                .map(|column| column.iter().map(Slot::to_string).collect())
                .collect(),
        }
    }
}

/// Reads a deal from FILE (`-`: standard input).
fn read_deal(file: &std::path::Path) -> Result<Layout, CliError> {
    let text = input::read_text(Some(file))?;
    Layout::parse(&text).map_err(CliError::bad_input)
}

/// The strategy names clap accepts, with the list of known ones in its message.
fn parse_strategy(name: &str) -> Result<StrategyName, String> {
    name.parse()
        .map_err(|e: russian::UnknownStrategy| e.to_string())
}
