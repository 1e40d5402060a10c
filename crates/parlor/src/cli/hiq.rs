//! `parlor hiq`: the contest's automatic player, with traces and JSON.

use crate::error::CliError;
use crate::input;
use clap::{Args, Subcommand};
use hiq::memory::OverMemory;
use hiq::{Board, Jump, auto, contest};
use report::count::count;
use std::io::{self, Write};
use std::path::PathBuf;

mod census;
mod picture;
pub(crate) mod solve;

/// `parlor hiq`'s options and subcommands.
pub type HiqArgs = super::GameArgs<HiqCommand, PlayArgs>;

/// `parlor hiq`'s subcommands.
#[derive(Subcommand)]
pub enum HiqCommand {
    /// Solve a position: a line of jumps to a single peg, or a proof that there is none
    Solve(solve::SolveArgs),
    /// Count every position reachable from a start, and every game
    Census(census::CensusArgs),
}

/// The `--memory` bound of the census and the solver.
#[derive(Args, Clone, Copy)]
struct Memory {
    /// Most memory the positions may take, in bytes or with a unit (800M, 4G, 16GiB); past it
    /// the work stops with a message and exit status 1
    #[arg(long = "memory", value_name = "SIZE", value_parser = memory_size, default_value = "4G")]
    bytes: u64,
}

/// `4G`, `800M`, `16GiB`, `5000000000`: units of 1024, as memory is counted.
fn memory_size(text: &str) -> Result<u64, String> {
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kib" | "kb" => 10,
        "m" | "mib" | "mb" => 20,
        "g" | "gib" | "gb" => 30,
        "t" | "tib" | "tb" => 40,
        _ => u32::MAX,
    };
    number
        .parse::<u64>()
        .ok()
        .filter(|&n| n > 0 && shift < 64)
        .and_then(|n| n.checked_mul(1 << shift.min(63)))
        .ok_or_else(|| {
            format!(
                "expected a size such as 800M, 4G or 16GiB, found {}",
                excerpt::Excerpt::of(text)
            )
        })
}

/// Twice `bytes`, as `--memory` takes it: `128M`, `8G`.
fn twice(bytes: u64) -> String {
    let twice = bytes.saturating_mul(2);
    if twice >= 1 << 30 {
        format!("{}G", twice.div_ceil(1 << 30))
    } else {
        format!("{}M", twice.div_ceil(1 << 20))
    }
}

impl Memory {
    /// The refusal of a search that passed the bound, or that the system refused memory
    /// before it, with what to do.
    fn refusal(&self, over: OverMemory) -> CliError {
        CliError::OverMemory(match over {
            OverMemory::Bound { .. } => format!(
                "{over}; give more with --memory (such as --memory {}), or a start with fewer pegs",
                twice(self.bytes)
            ),
            OverMemory::Refused { held, .. } => format!(
                "{over}; this machine, or a limit on the process such as `ulimit -v`, allows less \
                 than the {} of --memory: free memory or raise the limit, or give a smaller --memory \
                 (such as --memory {}M) to stop at a bound, or a start with fewer pegs",
                hiq::memory::size(self.bytes),
                (held >> 20).max(1)
            ),
        })
    }
}

/// The contest's automatic player.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor hiq examples/hiq.in\n  parlor hiq --trace --ascii examples/hiq.in\n  parlor hiq examples/hiq.in --svg game.svg --game 4"
)]
pub struct PlayArgs {
    /// Contest input: the number of games, then each game's peg holes ended by 0 ('-' or none:
    /// standard input)
    file: Option<PathBuf>,
    #[command(flatten)]
    shown: crate::output::Shown,
    /// Also draw one game's line of jumps as an SVG picture, a board after each jump
    #[arg(long, value_name = "FILE.svg")]
    svg: Option<PathBuf>,
    /// Which game --svg draws (1 = the first, to 2^64 - 1) [default: 1]
    #[arg(long, value_name = "K", requires = "svg",
          value_parser = count("a game number", 1, u64::MAX))]
    game: Option<u64>,
}

/// Runs `parlor hiq …`: what it prints goes to standard output, and bad input is an error whose
/// message places it, before anything is printed.
///
/// ```
/// use clap::Parser;
/// use parlor::{Cli, Command};
///
/// let hiq = |words: &[&str]| match Cli::try_parse_from(words).unwrap().command {
///     Command::Hiq(args) => parlor::cli::hiq::run(&args),
///     _ => unreachable!("the words name the Hi-Q command"),
/// };
/// hiq(&["parlor", "hiq", "solve", "--goal", "17", "10", "12", "17", "19", "25"]).unwrap();
/// let refused = hiq(&["parlor", "hiq", "solve", "10", "12", "99"]).unwrap_err();
/// assert_eq!(
///     refused.to_string(),
///     "line 1, column 7: expected a hole number from 1 to 33, found \"99\""
/// );
/// ```
pub fn run(args: &HiqArgs) -> Result<(), CliError> {
    match &args.command {
        Some(HiqCommand::Solve(solve)) => solve::run(solve),
        Some(HiqCommand::Census(census)) => census::run(census),
        None => play(&args.play),
    }
}

fn play(args: &PlayArgs) -> Result<(), CliError> {
    let text = input::read_text_or_suggest(args.file.as_deref(), &["solve", "census"])?;
    let boards = contest::parse(&text).map_err(CliError::bad_input)?;
    if let Some(path) = &args.svg {
        crate::output::check_picture(args.file.as_deref(), "--svg", path)?;
    }
    // The picture is made before anything is printed, so that a --game past the input prints
    // nothing but the error.
    let picture = match &args.svg {
        Some(path) => {
            let k = args.game.unwrap_or(1);
            let start = usize::try_from(k - 1)
                .ok()
                .and_then(|i| boards.get(i))
                .copied()
                .ok_or_else(|| {
                    CliError::BadInput(format!(
                        "--game {k}: the input has {} game{}",
                        boards.len(),
                        if boards.len() == 1 { "" } else { "s" }
                    ))
                })?;
            let steps: Vec<Vec<Jump>> = auto::jumps(start).map(|jump| vec![jump]).collect();
            let end = auto::finish(start);
            let title = format!(
                "Hi-Q, game {k} of {}: the contest's player, {} jumps, {}, sum {}",
                boards.len(),
                steps.len(),
                peg_list(end),
                end.hole_sum()
            );
            let svg = picture::line(&title, start, &steps).map_err(io::Error::other)?;
            Some((path, svg))
        }
        None => None,
    };
    let mut out = crate::output::stdout();
    if args.shown.json.on {
        for board in boards {
            crate::output::json_line(&mut out, &report::hiq::GameJson::play(board))?;
        }
    } else if args.shown.trace.on {
        let glyphs = Glyphs::new(args.shown.ascii.on);
        let count = boards.len();
        for (index, start) in boards.into_iter().enumerate() {
            if index > 0 {
                writeln!(out)?;
            }
            writeln!(out, "game {} of {count}: {}", index + 1, peg_list(start))?;
            let jumps: Vec<Jump> = auto::jumps(start).collect();
            let end = write_line(&mut out, start, &jumps, glyphs)?;
            writeln!(out)?;
            writeln!(
                out,
                "no jump left: {}; sum {}",
                peg_list(end),
                end.hole_sum()
            )?;
        }
    } else {
        writeln!(out, "HI Q OUTPUT")?;
        for board in boards {
            writeln!(out, "{}", auto::finish(board).hole_sum())?;
        }
        writeln!(out, "END OF OUTPUT")?;
    }
    out.flush()?;
    if let Some((path, svg)) = picture {
        sweep::file::write_atomically(path, svg.as_bytes())?;
    }
    Ok(())
}

/// The marks for a peg and an empty hole in drawn boards.
#[derive(Clone, Copy)]
struct Glyphs {
    peg: char,
    hole: char,
}

impl Glyphs {
    fn new(ascii: bool) -> Glyphs {
        if ascii {
            Glyphs {
                peg: 'X',
                hole: 'O',
            }
        } else {
            Glyphs {
                peg: '●',
                hole: '·',
            }
        }
    }

    fn draw(self, board: Board) -> String {
        board.diagram(self.peg, self.hole)
    }
}

fn peg_list(board: Board) -> String {
    if board.peg_count() == 0 {
        return "no pegs".into();
    }
    let holes: Vec<String> = board.pegs().map(|h| h.to_string()).collect();
    format!("pegs in {}", holes.join(" "))
}

/// Draws the start, then every jump with the board after it, as `--trace` shows a game; returns
/// the board reached.
fn write_line(
    out: &mut impl Write,
    start: Board,
    jumps: &[Jump],
    glyphs: Glyphs,
) -> io::Result<Board> {
    write!(out, "{}", glyphs.draw(start))?;
    let mut board = start;
    for &jump in jumps {
        board = board
            .apply(jump)
            .ok_or_else(|| io::Error::other(format!("illegal jump {jump}")))?;
        writeln!(out)?;
        writeln!(out, "{jump}")?;
        write!(out, "{}", glyphs.draw(board))?;
    }
    Ok(board)
}

/// A start as the solver and the census name it.
fn describe_start(board: Board) -> String {
    if board == Board::standard_start() {
        "the standard start".into()
    } else {
        peg_list(board)
    }
}

/// The file the position is read from, when one word that is not a number names it.
fn position_file(words: &[String]) -> Option<&std::path::Path> {
    match words {
        [one] if one.is_empty() || !one.bytes().all(|b| b.is_ascii_digit()) => {
            Some(std::path::Path::new(one))
        }
        _ => None,
    }
}

/// The position named on the command line: peg holes given as words, or one word naming a file
/// (`-` for standard input) holding peg holes or a drawn cross; the standard start when nothing
/// is given. Words that are all whole numbers are always holes, never a file, whatever files
/// the folder holds (a file named `17` is `./17`).
fn read_position(words: &[String]) -> Result<Board, CliError> {
    let text = match (position_file(words), words) {
        (_, []) => return Ok(Board::standard_start()),
        (Some(file), _) => input::read_text(Some(file))?,
        (None, _) => words.join(" "),
    };
    hiq::position::parse_position(&text).map_err(CliError::bad_input)
}
