//! `parlor camicia search`: the record hunt over one-pack deals — random, exhaustive by index, or
//! climbing from a deal — on the long-run engine: every core or a cluster, each find written to
//! `--out` as its chunk is committed, and a checkpoint to resume from.
//!
//! The rules of the hunt (what is kept, what is reported, the climb) are `camicia::search`'s;
//! this module wires them to the engine and writes what they find.

use super::index::deal_argument;
use crate::error::CliError;
use crate::format::grouped;
use crate::longrun::{LongRun, Outputs, Results};
use camicia::index::{self, DEALS};
use camicia::search::MAX_TOP;
use clap::{ArgGroup, Args};
use report::camicia::{FindJson, ModeJson, SearchJson, parse_index};
use report::count::count;
use runs::camicia::{Mode, SearchRun};
use std::io::{self, Write};
use std::path::PathBuf;

#[derive(Args)]
#[command(group(ArgGroup::new("mode").required(true).args(["random", "range", "climb"])))]
#[command(
    after_help = "Examples:\n  parlor camicia search --random --deals 1000000 --min-cards 1500\n  parlor camicia search --range 300000000000000000000..300000000000001000000 --out finds.jsonl\n  parlor camicia search --climb --from 300000000000000000000 --steps 100000 --checkpoint climb.checkpoint"
)]
pub struct SearchArgs {
    /// Random one-pack deals: deal i of seed S is the deal `parlor camicia stats` plays
    #[arg(long, requires = "deals")]
    random: bool,
    /// How many random deals (--random only), 1 to 2^64 - 1
    #[arg(long, value_name = "N", conflicts_with_all = ["range", "climb"],
          value_parser = count("a number of deals", 1, u64::MAX))]
    deals: Option<u64>,
    /// Every deal with index from START to END - 1, in index order
    #[arg(long, value_name = "START..END")]
    range: Option<String>,
    /// Local search from a deal: swaps and moves of payment cards, following the longest game
    #[arg(long, requires = "from")]
    climb: bool,
    /// Where the climb starts (--climb only): a deal (A's deck/B's deck, as `parlor camicia
    /// index` takes it) or its index
    #[arg(long, value_name = "DEAL", conflicts_with_all = ["random", "range"],
          allow_hyphen_values = true)]
    from: Option<String>,
    /// Deals the climb plays, its start included (--climb only), 1 to 2^64 - 1 [default:
    /// 10000000]
    #[arg(long, value_name = "N", conflicts_with_all = ["random", "range"],
          value_parser = count("a number of steps", 1, u64::MAX))]
    steps: Option<u64>,
    /// Seed of the random deals or of the climb's moves (ChaCha8; see docs/camicia.md)
    /// [default: 1]
    #[arg(long, conflicts_with = "range", value_parser = count("a seed", 0, u64::MAX))]
    seed: Option<u64>,
    /// Keep the K longest finished games, 0 to 1,000,000
    #[arg(long, value_name = "K", default_value_t = 10,
          value_parser = count("a number of games", 0, MAX_TOP))]
    top: u64,
    /// Also report every finished game of at least C cards (0 to 2^64 - 1)
    #[arg(long, value_name = "C", value_parser = count("a number of cards", 0, u64::MAX))]
    min_cards: Option<u64>,
    /// Write the finds here as they are found, one JSON object per line
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    json: crate::output::Json,
    #[command(flatten)]
    engine: super::engine::EngineArg,
    #[command(flatten)]
    run: LongRun,
}

/// The climb's default number of deals.
const STEPS: u64 = 10_000_000;

pub fn run(args: &SearchArgs) -> Result<(), CliError> {
    let mode = mode(args)?;
    let engine = args.engine.choose(args.run.quiet)?;
    let search = SearchRun::new(mode, args.top, args.min_cards, engine.engine());
    let outputs = Outputs {
        results: args.out.as_deref().map(Results::File),
        ..Outputs::default()
    };
    super::run_deals(&engine, &search, &args.run, outputs, |hunt| {
        let mut summary = SearchJson::new(search.mode().into(), &hunt, engine.name());
        summary.gpu = engine.gpu_json();
        crate::output::print(args.json.on, &summary, |out| {
            write_text(&summary, out)?;
            if let Some(path) = &args.out {
                writeln!(out, "finds written to {}", path.display())?;
            }
            Ok(())
        })
    })
}

/// What is searched.
fn mode(args: &SearchArgs) -> Result<Mode, CliError> {
    let seed = args.seed.unwrap_or(1);
    if let Some(deals) = args.deals {
        return Ok(Mode::Random { deals, seed });
    }
    if let Some(text) = &args.range {
        let range =
            crate::cli::deal_range("--range", "START..END", text, "deal indices", 0, DEALS)?;
        return Ok(Mode::Range(range));
    }
    let text = args.from.as_deref().unwrap_or_default();
    let from = if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        parse_index(text).map_err(|e| CliError::BadInput(format!("--from: {e}")))?
    } else {
        index::index(&deal_argument(text, "--from")?).unwrap_or_default()
    };
    let steps = args.steps.unwrap_or(STEPS);
    Ok(Mode::Climb { from, steps, seed })
}

/// The search's summary in words: what `--json` says.
fn write_text(summary: &SearchJson, out: &mut dyn Write) -> io::Result<()> {
    match summary.search {
        ModeJson::Random { deals, seed } => writeln!(
            out,
            "camicia search: {} random one-pack deals, seed {seed}",
            grouped(deals)
        )?,
        ModeJson::Range { start, end } => writeln!(
            out,
            "camicia search: every deal of index {start} to {} ({} deals)",
            end - 1,
            grouped(end - start)
        )?,
        ModeJson::Climb { from, steps, seed } => writeln!(
            out,
            "camicia search: climb of {} deals from index {from}, seed {seed}",
            grouped(steps)
        )?,
    }
    if let Some(start) = &summary.start {
        writeln!(
            out,
            "start: {}, {} cards, {} tricks",
            start.status,
            grouped(start.cards),
            grouped(start.tricks)
        )?;
    }
    let list = |out: &mut dyn Write, finds: &[FindJson]| -> io::Result<()> {
        for (rank, find) in (1..).zip(finds) {
            writeln!(
                out,
                "{rank:>4}. {} cards, {} tricks, index {}",
                grouped(find.cards),
                grouped(find.tricks),
                find.index
            )?;
            writeln!(out, "      {}", find.deal)?;
        }
        Ok(())
    };
    if summary.top_k > 0 {
        writeln!(
            out,
            "longest finished games ({} kept):",
            summary.longest.len()
        )?;
        list(out, &summary.longest)?;
    }
    write!(out, "loops: {}", grouped(summary.loops))?;
    if summary.loops > summary.first_loops.len() as u64 {
        write!(out, " (the first {} listed)", summary.first_loops.len())?;
    }
    writeln!(out)?;
    list(out, &summary.first_loops)?;
    if let (Some(c), Some(n)) = (summary.min_cards, summary.long_games) {
        writeln!(
            out,
            "finished games of at least {} cards: {}",
            grouped(c),
            grouped(n)
        )?;
    }
    Ok(())
}
