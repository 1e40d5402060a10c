//! `parlor hiq solve`: a line of jumps to a single peg, or a proof that none exists.

use super::{Glyphs, Memory, describe_start, peg_list, position_file, read_position, write_line};
use crate::error::CliError;
use crate::progress::counting;
use clap::Args;
use hiq::memory::OverMemory;
use hiq::solve::{Goal, Solution, Verdict, solve};
use hiq::verdict::default_goal;
use hiq::{Board, Hole, Jump, shortest};
use report::hiq::{SolutionJson, parse_goal};
use std::io::{self, Write};
use std::path::PathBuf;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor hiq solve\n  parlor hiq solve 10 12 17 19 25 --goal any\n  parlor hiq solve --min-moves --svg solution.svg"
)]
pub struct SolveArgs {
    /// The position: peg holes (10 12 17 19 25), or a file ('-': standard input) holding them or
    /// the cross drawn with X and O [default: the standard start, every hole but 17]
    position: Vec<String>,
    /// Where the last peg must stand: centre, any, or a hole number [default: centre from the
    /// standard start, any otherwise]
    #[arg(long, value_parser = parse_goal)]
    goal: Option<Goal>,
    /// Find a win with the fewest moves, a move being one peg's run of jumps
    #[arg(long)]
    min_moves: bool,
    #[command(flatten)]
    json: crate::output::Json,
    #[command(flatten)]
    ascii: crate::output::Ascii,
    /// Also draw the line as an SVG picture, a board after each jump (each move with
    /// --min-moves)
    #[arg(long, value_name = "FILE.svg")]
    svg: Option<PathBuf>,
    /// No progress bar
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    memory: Memory,
}

fn describe(goal: Goal) -> String {
    match goal {
        Goal::Hole(hole) => format!("a single peg in {hole}"),
        Goal::Any => "a single peg anywhere".into(),
    }
}

/// The fewest-moves win for the goal: for `Any`, the shortest over every hole.
fn fewest_moves(
    start: Board,
    goal: Goal,
    memory: u64,
    progress: &mut impl FnMut(u64),
) -> Result<Option<Vec<Vec<Jump>>>, OverMemory> {
    let holes: Vec<Hole> = match goal {
        Goal::Hole(hole) => vec![hole],
        Goal::Any => Hole::all().collect(),
    };
    let mut best: Option<Vec<Vec<Jump>>> = None;
    for hole in holes {
        if let Some(moves) = shortest::fewest_moves(start, hole, memory, &mut *progress)?
            && best.as_ref().is_none_or(|b| moves.len() < b.len())
        {
            best = Some(moves);
        }
    }
    Ok(best)
}

pub fn run(args: &SolveArgs) -> Result<(), CliError> {
    let start = read_position(&args.position)?;
    if let Some(path) = &args.svg {
        crate::output::check_picture(position_file(&args.position), "--svg", path)?;
    }
    let goal = args.goal.unwrap_or(default_goal(start));
    let solution = counting("solve", "positions examined", args.quiet, |bar| {
        let solution = solve(start, goal, args.memory.bytes, |positions| {
            bar.set_position(positions);
        })?;
        // The search reports now and then; the final line gives the exact count.
        bar.set_position(solution.positions);
        Ok(solution)
    })
    .map_err(|over| args.memory.refusal(over))?;
    let moves = match solution.verdict {
        Verdict::Won if args.min_moves => {
            counting("fewest moves", "positions found", args.quiet, |bar| {
                fewest_moves(start, goal, args.memory.bytes, &mut |found| {
                    bar.set_position(found);
                })
            })
            .map_err(|over| args.memory.refusal(over))?
        }
        _ => None,
    };
    let mut out = crate::output::stdout();
    if args.json.on {
        let json = SolutionJson::new(start, goal, &solution, moves.as_deref());
        crate::output::json_line(&mut out, &json)?;
    } else {
        write_text(
            &mut out,
            start,
            goal,
            &solution,
            moves.as_deref(),
            Glyphs::new(args.ascii.on),
        )?;
    }
    out.flush()?;
    if let Some(path) = &args.svg {
        let steps: Vec<Vec<Jump>> = match &moves {
            Some(moves) => moves.clone(),
            None => solution.jumps.iter().map(|&jump| vec![jump]).collect(),
        };
        let jumps: usize = steps.iter().map(Vec::len).sum();
        let how = match (solution.verdict, &moves) {
            (Verdict::Won, Some(moves)) => format!("won in {} moves ({jumps} jumps)", moves.len()),
            (Verdict::Won, None) => format!("won in {jumps} jumps"),
            _ if solution.fewest => format!(
                "lost: the fewest pegs that can be left, {}, in {jumps} jumps",
                solution.end.peg_count()
            ),
            _ => format!(
                "lost: a short search leaves {} pegs, in {jumps} jumps",
                solution.end.peg_count()
            ),
        };
        let title = format!(
            "Hi-Q: {} to {}, {how}",
            describe_start(start),
            describe(goal)
        );
        let svg = super::picture::line(&title, start, &steps).map_err(io::Error::other)?;
        sweep::file::write_atomically(path, svg.as_bytes())?;
    }
    Ok(())
}

fn write_text(
    out: &mut impl Write,
    start: Board,
    goal: Goal,
    solution: &Solution,
    moves: Option<&[Vec<Jump>]>,
    glyphs: Glyphs,
) -> io::Result<()> {
    writeln!(
        out,
        "start: {} ({} pegs); goal: {}",
        describe_start(start),
        start.peg_count(),
        describe(goal)
    )?;
    let lost = match solution.verdict {
        Verdict::Won => None,
        Verdict::LostByClass => Some(format!(
            "de Bruijn's class of the start differs from that of {}, and no jump changes it",
            match goal {
                Goal::Hole(_) => describe(goal),
                Goal::Any => "every single peg".into(),
            }
        )),
        Verdict::LostByExhaustion => Some(format!(
            "every position reachable from the start was examined or ruled out by a pagoda \
             function ({} examined)",
            crate::format::grouped(solution.positions)
        )),
    };
    if let Some(proof) = &lost {
        writeln!(
            out,
            "lost: no line of jumps leaves {}: {proof}",
            describe(goal)
        )?;
        let pegs = solution.end.peg_count();
        let how = if solution.jumps.is_empty() {
            "with no jump"
        } else {
            "by this line"
        };
        if solution.fewest {
            writeln!(out, "the fewest pegs that can be left: {pegs}, {how}")?;
        } else {
            writeln!(
                out,
                "a short search leaves {pegs} pegs, {how}; fewer may be possible"
            )?;
        }
    }
    writeln!(out)?;
    let end = match moves {
        Some(moves) => {
            write!(out, "{}", glyphs.draw(start))?;
            let mut board = start;
            for (i, jumps) in moves.iter().enumerate() {
                for &jump in jumps {
                    board = board
                        .apply(jump)
                        .ok_or_else(|| io::Error::other("illegal jump"))?;
                }
                let listed: Vec<String> = jumps.iter().map(Jump::to_string).collect();
                writeln!(out)?;
                writeln!(
                    out,
                    "move {} of {}: {}",
                    i + 1,
                    moves.len(),
                    listed.join(", ")
                )?;
                write!(out, "{}", glyphs.draw(board))?;
            }
            board
        }
        None => write_line(out, start, &solution.jumps, glyphs)?,
    };
    writeln!(out)?;
    match (lost, moves) {
        (Some(_), _) => writeln!(out, "end: {}", peg_list(end)),
        (None, Some(moves)) => {
            let jumps: usize = moves.iter().map(Vec::len).sum();
            let count = moves.len();
            let plural = if count == 1 { "" } else { "s" };
            writeln!(
                out,
                "won: {} in {count} move{plural} ({jumps} jumps)",
                peg_list(end)
            )
        }
        (None, None) => writeln!(
            out,
            "won: {} after {} jumps",
            peg_list(end),
            solution.jumps.len()
        ),
    }
}
