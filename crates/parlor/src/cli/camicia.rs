//! `parlor camicia`: plays the games of a file (text or the exercise's JSON lines), with traces
//! and JSON; `parlor camicia stats`: statistics of random one-pack deals; `parlor camicia index`
//! and `deal`: camicia.dev's deal numbering; `parlor camicia search`: the record hunt;
//! `parlor camicia workunit`: camicia.dev's work units.

pub(crate) mod engine;
pub mod index;
mod search;
mod stats;
pub mod trace;
mod workunit;

use crate::error::CliError;
use crate::format::grouped;
use crate::input;
use crate::longrun::{self, LongRun, Outputs};
use camicia::input::{Notation, games};
use clap::{Args, Subcommand, ValueEnum};
use report::camicia::OutcomeJson;
use runs::Run;
use std::io::Write;
use std::path::PathBuf;
use sweep::Job;

/// `parlor camicia`'s options and subcommands.
pub type CamiciaArgs = super::GameArgs<Command, PlayArgs>;

/// `parlor camicia`'s subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Play random one-pack deals (26 cards each) and report game lengths, the longest game,
    /// loops, and the throughput
    Stats(stats::StatsArgs),
    /// The record hunt: random, exhaustive (by deal index) or climbing search for the longest
    /// games and for loops, on every core, resumable
    Search(search::SearchArgs),
    /// The index of one-pack deals in camicia.dev's numbering (0 to 653534134886878244999)
    Index(index::IndexArgs),
    /// The one-pack deals of indices, in record notation (A's deck/B's deck)
    Deal(index::DealArgs),
    /// A camicia.dev work unit: every deal from START to END, written as camicia.dev's worker
    /// writes it, resumable, on every core
    Workunit(workunit::WorkunitArgs),
}

/// Runs `run`, whose deals `engine` plays, as [`longrun::run`] does, the throughput line naming
/// the engine; then tells whether the GPU failed during the run.
fn run_deals<R: Run>(
    engine: &engine::Chosen,
    run: &R,
    args: &LongRun,
    outputs: Outputs,
    report: impl FnOnce(<R::Job as Job>::Summary) -> Result<(), CliError>,
) -> Result<(), CliError> {
    longrun::run(
        run,
        args,
        "deals",
        Some(&|| engine.describe()),
        outputs,
        report,
    )?;
    engine.tell_failure()
}

/// `parlor camicia FILE`: the games of a file played.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor camicia examples/camicia.txt\n  echo '---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---' | parlor camicia\n  parlor camicia --input jsonl --json examples/camicia-exercise.jsonl"
)]
pub struct PlayArgs {
    /// Games to play ('-' or none: standard input). Text: each game is two deck lines, A's then
    /// B's, top card first (`2 A 7 8 Q 10`, or record notation `---AJ--Q`), or one line with both
    /// decks separated by '/'; blank lines and lines starting with '#' are skipped
    file: Option<PathBuf>,
    /// The form of the input
    #[arg(long, value_enum, default_value_t = InputFormat::Text)]
    input: InputFormat,
    #[command(flatten)]
    trace: crate::output::Trace,
    #[command(flatten)]
    json: crate::output::Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum InputFormat {
    /// Two deck lines per game
    Text,
    /// One JSON object per line with arrays "playerA" and "playerB" of card strings
    Jsonl,
}

impl CamiciaArgs {
    /// Whether the command writes on standard output: all but the work unit, which writes its
    /// result file and nothing else.
    pub fn writes_stdout(&self) -> bool {
        !matches!(self.command, Some(Command::Workunit(_)))
    }
}

/// Runs `parlor camicia …`.
pub fn run(args: &CamiciaArgs) -> Result<(), CliError> {
    match &args.command {
        Some(Command::Stats(stats)) => stats::run(stats),
        Some(Command::Search(search)) => search::run(search),
        Some(Command::Index(index)) => index::run_index(index),
        Some(Command::Deal(deal)) => index::run_deal(deal),
        Some(Command::Workunit(unit)) => workunit::run(unit),
        None => play(&args.play),
    }
}

fn play(args: &PlayArgs) -> Result<(), CliError> {
    let text = input::read_text_or_suggest(
        args.file.as_deref(),
        &["stats", "search", "index", "deal", "workunit"],
    )?;
    let notation = match args.input {
        InputFormat::Text => Notation::Text,
        InputFormat::Jsonl => Notation::Jsonl,
    };
    // Every game is checked before any is played, so bad input prints nothing; the games are
    // then read a second time as they are played, so that no more than one is held.
    for game in games(&text, notation) {
        game.map_err(CliError::bad_input)?;
    }
    let mut out = crate::output::stdout();
    for (index, deal) in games(&text, notation).flatten().enumerate() {
        let deal = &deal;
        let number = index + 1;
        if args.trace.on && args.json.on {
            let trace = report::camicia::TraceJson::of(deal, Some(trace::BUDGET))
                .map_err(|over| trace::stopped(number, over))?;
            crate::output::json_line(&mut out, &trace)?;
        } else if args.trace.on {
            if index > 0 {
                writeln!(out)?;
            }
            trace::write(&mut out, deal, number)?;
        } else {
            let outcome = camicia::play_within(deal, MOST_CARDS).map_err(|_| unfinished(number))?;
            if args.json.on {
                crate::output::json_line(&mut out, &OutcomeJson::from(outcome))?;
            } else {
                writeln!(out, "{outcome}")?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// The most cards `parlor camicia` lets one game lay, about a minute of play: the longest known
/// one-pack game lays 8,344, but decks of tens of thousands of cards can play for billions.
const MOST_CARDS: u64 = 1_000_000_000;

/// Game `number` passed [`MOST_CARDS`]; the games before it are printed.
fn unfinished(number: usize) -> CliError {
    CliError::OverBudget(format!(
        "game {number}: the game lays more than {} cards without finishing or repeating the \
         start of a round, the most parlor plays of one game (about a minute); the games before \
         it are printed",
        grouped(MOST_CARDS)
    ))
}
