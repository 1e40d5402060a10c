//! `parlor hiq`: the contest's automatic player, with traces and JSON.

use crate::error::CliError;
use crate::input;
use clap::Args;
use hiq::{Board, Hole, Jump, auto, contest};
use serde::Serialize;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

#[derive(Args)]
pub struct HiqArgs {
    /// Contest input: the number of games, then each game's peg holes ended by 0 ('-' or none:
    /// standard input)
    file: Option<PathBuf>,
    /// Show every jump with the board after it
    #[arg(long, conflicts_with = "json")]
    trace: bool,
    /// One JSON object per game, one per line
    #[arg(long)]
    json: bool,
    /// Draw boards with X (peg) and O (hole) instead of ● and ·
    #[arg(long)]
    ascii: bool,
}

pub fn run(args: &HiqArgs) -> Result<(), CliError> {
    let text = input::read_text(args.file.as_deref())?;
    let boards = contest::parse(&text).map_err(CliError::bad_input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        for board in boards {
            serde_json::to_writer(&mut out, &GameJson::play(board)).map_err(io::Error::from)?;
            writeln!(out)?;
        }
    } else if args.trace {
        let (peg, hole) = if args.ascii {
            ('X', 'O')
        } else {
            ('●', '·')
        };
        let count = boards.len();
        for (index, board) in boards.into_iter().enumerate() {
            if index > 0 {
                writeln!(out)?;
            }
            write_trace(&mut out, board, index + 1, count, peg, hole)?;
        }
    } else {
        writeln!(out, "HI Q OUTPUT")?;
        for board in boards {
            writeln!(out, "{}", auto::finish(board).hole_sum())?;
        }
        writeln!(out, "END OF OUTPUT")?;
    }
    out.flush()?;
    Ok(())
}

fn peg_list(board: Board) -> String {
    if board.peg_count() == 0 {
        return "no pegs".into();
    }
    let holes: Vec<String> = board.pegs().map(|h| h.to_string()).collect();
    format!("pegs in {}", holes.join(" "))
}

fn write_trace(
    out: &mut impl Write,
    start: Board,
    game: usize,
    count: usize,
    peg: char,
    hole: char,
) -> io::Result<()> {
    writeln!(out, "game {game} of {count}: {}", peg_list(start))?;
    write!(out, "{}", start.diagram(peg, hole))?;
    let mut jumps = auto::jumps(start);
    while let Some(jump) = jumps.next() {
        writeln!(out)?;
        writeln!(out, "{jump}")?;
        write!(out, "{}", jumps.board().diagram(peg, hole))?;
    }
    let end = jumps.board();
    writeln!(out)?;
    writeln!(
        out,
        "no jump left: {}; sum {}",
        peg_list(end),
        end.hole_sum()
    )
}

/// One game as `--json` prints it.
#[derive(Serialize)]
struct GameJson {
    pegs: Vec<u8>,
    jumps: Vec<JumpJson>,
    remaining: Vec<u8>,
    sum: u32,
}

#[derive(Serialize)]
struct JumpJson {
    from: u8,
    over: u8,
    to: u8,
}

impl GameJson {
    fn play(start: Board) -> GameJson {
        let numbers = |board: Board| board.pegs().map(Hole::number).collect();
        let mut play = auto::jumps(start);
        let jumps = play
            .by_ref()
            .map(|Jump { from, over, to }| JumpJson {
                from: from.number(),
                over: over.number(),
                to: to.number(),
            })
            .collect();
        let end = play.board();
        GameJson {
            pegs: numbers(start),
            jumps,
            remaining: numbers(end),
            sum: end.hole_sum(),
        }
    }
}
