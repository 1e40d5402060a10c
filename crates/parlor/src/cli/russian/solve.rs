//! `parlor russian solve`: the exact maximum score of one deal whose every card is known.

use super::Source;
use super::play::{new_game, write_game};
use crate::error::CliError;
use crate::format::grouped;
use clap::Args;
use report::count::count;
use report::russian::{MoveJson, SolveJson};
use russian::solver::Solver;
use russian::strategy::{self, Clairvoyant};
use std::io::Write;
use std::time::Instant;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor russian solve --seed 113\n  parlor russian solve --pysol 1 --trace\n  parlor russian solve --seed 7 --budget 100000 --json"
)]
pub struct SolveArgs {
    #[command(flatten)]
    source: Source,
    /// Search at most NODES positions (0 to 2^64 - 1); if they run out, the best score found is
    /// shown and the maximum is reported unknown
    #[arg(long, value_name = "NODES", value_parser = count("a number of positions", 0, u64::MAX))]
    budget: Option<u64>,
    #[command(flatten)]
    shown: crate::output::Shown,
}

pub fn run(args: &SolveArgs) -> Result<(), CliError> {
    let (layout, _) = args.source.deal()?;
    let mut game = new_game(&layout)?;
    let clock = Instant::now();
    let solution = Solver::new().solve(&game, args.budget);
    let seconds = clock.elapsed().as_secs_f64();
    // The line reaches the best score; the first legal move each time then ends the game. If
    // the budget ran out, that ending may even score more: it is a line found too.
    let mut player = Clairvoyant::playing(&solution);
    let mut out = crate::output::stdout();
    let best = if args.shown.json.on {
        let mut moves = Vec::new();
        let best = strategy::play(&mut game, &mut player, |event| {
            moves.push(MoveJson::of(event))
        });
        let json = SolveJson::new(&layout, &solution, best, moves);
        crate::output::json_line(&mut out, &json)?;
        best
    } else {
        write_game(&mut out, &layout, &mut game, &mut player, &args.shown)?;
        game.score()
    };
    if !args.shown.json.on {
        if solution.complete || best == solution.bound {
            let won = if best == 52 { "won" } else { "not won" };
            writeln!(out, "maximum {best} (proven): {won}")?;
        } else {
            writeln!(
                out,
                "best {best} found, maximum unknown (at most {}): the budget of {} positions ran out",
                solution.bound,
                grouped(args.budget.unwrap_or(0))
            )?;
        }
        writeln!(
            out,
            "searched {} positions in {:.3} ms",
            grouped(solution.nodes),
            seconds * 1e3
        )?;
    }
    out.flush()?;
    Ok(())
}
