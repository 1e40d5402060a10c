//! `parlor camicia index` and `parlor camicia deal`: one-pack deals to camicia.dev's deal index
//! and back.

use crate::error::CliError;
use crate::input;
use camicia::Pack;
use camicia::index::{self};
use camicia::notation::{pack_record, parse_deal, parse_games_at};
use clap::Args;
use std::io::Write;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor camicia index ---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---\n  parlor camicia deal 0 | parlor camicia index"
)]
/// `parlor camicia index`'s options.
pub struct IndexArgs {
    /// Deals, each one argument: A's deck and B's deck separated by '/', in record notation
    /// (`---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---`) or as cards (`'2 A 7 …/3 4 …'`).
    /// None: the games of standard input, as `parlor camicia` reads them
    #[arg(value_name = "DEAL", allow_hyphen_values = true)]
    deals: Vec<String>,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor camicia deal 0\n  parlor camicia deal 653534134886878244999 | parlor camicia --trace | tail -1"
)]
/// `parlor camicia deal`'s options.
pub struct DealArgs {
    /// Deal indices, from 0 to 653534134886878244999
    #[arg(value_name = "INDEX", required = true, allow_hyphen_values = true)]
    indices: Vec<String>,
}

/// Every deal is read and checked before anything is printed.
pub fn run_index(args: &IndexArgs) -> Result<(), CliError> {
    let mut indices = Vec::new();
    if args.deals.is_empty() {
        let text = input::read_text(None)?;
        let games = parse_games_at(&text).map_err(CliError::bad_input)?;
        for (line, deal) in games {
            let pack = index::pack_of(&deal)
                .map_err(|e| CliError::BadInput(format!("line {line}, column 1: {e}")))?;
            indices.push(index_of(&pack));
        }
    } else {
        for (number, text) in (1..).zip(&args.deals) {
            indices.push(index_of(&deal_argument(text, &format!("deal {number}"))?));
        }
    }
    let mut out = crate::output::stdout();
    for index in indices {
        writeln!(out, "{index}")?;
    }
    out.flush()?;
    Ok(())
}

/// Runs `parlor camicia deal`: the deal of each index given.
pub fn run_deal(args: &DealArgs) -> Result<(), CliError> {
    let packs = args
        .indices
        .iter()
        .map(|text| {
            let index = report::camicia::parse_index(text).map_err(CliError::BadInput)?;
            Ok(index::pack(index).expect("an index below DEALS"))
        })
        .collect::<Result<Vec<_>, CliError>>()?;
    let mut out = crate::output::stdout();
    for pack in packs {
        writeln!(out, "{}", pack_record(&pack))?;
    }
    out.flush()?;
    Ok(())
}

fn index_of(pack: &Pack) -> u128 {
    index::index(pack).expect("a checked one-pack deal has an index")
}

/// A one-pack deal given on the command line as `A/B`; `what` names it in messages.
pub fn deal_argument(text: &str, what: &str) -> Result<Pack, CliError> {
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(CliError::BadInput(format!(
            "{what}: expected a deal (A's deck/B's deck), found the number {}; `parlor camicia \
             deal INDEX` gives the deal of an index",
            excerpt::Excerpt::of(text)
        )));
    }
    let deal = parse_deal(text).map_err(|e| CliError::BadInput(format!("{what}, {e}")))?;
    index::pack_of(&deal).map_err(|e| CliError::BadInput(format!("{what}: {e}")))
}
