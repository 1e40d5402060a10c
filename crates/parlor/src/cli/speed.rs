//! `parlor speed`: the contest's robots on contest input, with traces, JSON and a timeline
//! picture; `parlor speed stats`: statistics of random one-pack deals.

mod plot;
mod stats;
mod timeline;
mod trace;

use crate::error::CliError;
use crate::input;
use clap::{Args, Subcommand, ValueEnum};
use report::count::count;
use speed::{Place, Robot, contest, fast, reference};
use std::io::Write;
use std::path::PathBuf;

/// `parlor speed`'s options and subcommands.
pub type SpeedArgs = super::GameArgs<Command, PlayArgs>;

/// `parlor speed`'s subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Play random one-pack deals and report A's win rate, game lengths, deadends, cancelled
    /// moves, same-instant finishes and the longest game
    Stats(stats::StatsArgs),
}

/// `parlor speed FILE`: the contest's data sets played. --trace and --json each show the whole
/// game: one or the other.
#[derive(Args)]
#[command(group(clap::ArgGroup::new("shown").args(["trace", "json"])))]
#[command(
    after_help = "Examples:\n  parlor speed examples/speed.in\n  parlor speed --trace examples/speed.in\n  parlor speed examples/speed.in --timeline game.svg --game 1"
)]
pub struct PlayArgs {
    /// Contest input: data sets of four lines (A's count, A's cards, B's count, B's cards), then
    /// a line holding 0 ('-' or none: standard input)
    file: Option<PathBuf>,
    #[command(flatten)]
    trace: crate::output::Trace,
    #[command(flatten)]
    json: crate::output::Json,
    /// The wording of the verdicts: en (`A wins.`) or az, the Azerbaijani of the original
    /// problem statement (`A qalibdir.`)
    #[arg(long, value_enum, default_value_t = Lang::En, conflicts_with_all = ["trace", "json"])]
    lang: Lang,
    /// Also draw one data set's timeline as an SVG picture
    #[arg(long, value_name = "FILE.svg")]
    timeline: Option<PathBuf>,
    /// Which data set --timeline draws (1 = the first, to 2^64 - 1) [default: 1]
    #[arg(long, value_name = "K", requires = "timeline",
          value_parser = count("a data set number", 1, u64::MAX))]
    game: Option<u64>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Lang {
    En,
    Az,
}

/// Runs `parlor speed …`.
pub fn run(args: &SpeedArgs) -> Result<(), CliError> {
    match &args.command {
        Some(Command::Stats(stats)) => stats::run(stats),
        None => play(&args.play),
    }
}

fn play(args: &PlayArgs) -> Result<(), CliError> {
    let text = input::read_text_or_suggest(args.file.as_deref(), &["stats"])?;
    // Every data set is checked before any is played, so bad input prints nothing; the sets
    // are then read a second time as they are played, so that no more than one is held.
    let mut count = 0;
    let mut wanted = None;
    // A K past the machine's word is past any input it can hold, as usize::MAX is.
    let k = usize::try_from(args.game.unwrap_or(1)).unwrap_or(usize::MAX);
    for deal in contest::sets(&text) {
        let deal = deal.map_err(CliError::bad_input)?;
        count += 1;
        if count == k {
            wanted = Some(deal);
        }
    }
    if let Some(path) = &args.timeline {
        crate::output::check_picture(args.file.as_deref(), "--timeline", path)?;
    }
    let picture = match &args.timeline {
        Some(path) => {
            let Some(deal) = wanted else {
                return Err(CliError::BadInput(format!(
                    "--game {k}: the input has {count} data set{}",
                    if count == 1 { "" } else { "s" }
                )));
            };
            Some((path, timeline::draw(&deal, &reference::play(&deal), k)))
        }
        None => None,
    };
    let mut out = crate::output::stdout();
    for (index, deal) in contest::sets(&text).flatten().enumerate() {
        let deal = &deal;
        if args.trace.on {
            if index > 0 {
                writeln!(out)?;
            }
            trace::write(&mut out, deal, &reference::play(deal), index + 1, count)?;
        } else if args.json.on {
            crate::output::json_line(
                &mut out,
                &report::speed::GameJson::new(deal, &reference::play(deal)),
            )?;
        } else {
            writeln!(out, "{}", verdict(fast::play(deal).winner, args.lang))?;
        }
    }
    out.flush()?;
    if let Some((path, svg)) = picture {
        sweep::file::write_atomically(path, svg.as_bytes())?;
    }
    Ok(())
}

fn verdict(winner: Robot, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{winner} wins."),
        Lang::Az => format!("{winner} qalibdir."),
    }
}

/// `its deck` or `slot 2`, as the trace and the picture say where a card came from.
fn source(place: Place) -> String {
    match place {
        Place::Deck => "its deck".into(),
        place => place.to_string(),
    }
}
