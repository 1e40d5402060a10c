//! `parlor hiq census`: every position reachable from a start, and every game.

use super::{Memory, describe_start, read_position};
use crate::error::CliError;
use crate::format::grouped;
use crate::progress;
use crate::threads::Threads;
use clap::Args;
use hiq::census::{Census, Progress, census};
use report::hiq::CensusJson;
use std::io::{self, Write};

#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor hiq census 10 12 17 19 25\n  parlor hiq census 9 10 11 16 17 18 23 24 25 --json\n  parlor hiq census 3 4 5 9 10 11 --memory 1G"
)]
pub struct CensusArgs {
    /// The start: peg holes (10 12 17 19 25), or a file ('-': standard input) holding them or the
    /// cross drawn with X and O [default: the standard start, every hole but 17]
    position: Vec<String>,
    #[command(flatten)]
    json: crate::output::Json,
    /// No progress bar
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    threads: Threads,
    #[command(flatten)]
    memory: Memory,
}

pub fn run(args: &CensusArgs) -> Result<(), CliError> {
    let start = read_position(&args.position)?;
    let bar = progress::stages(u64::from(2 * start.peg_count().max(1)), args.quiet);
    bar.set_message("steps: levels counted");
    let (pool, _) = args.threads.pool()?;
    let result = pool.install(|| {
        census(start, args.memory.bytes, |p: Progress| {
            bar.set_length(u64::from(p.total));
            bar.set_position(u64::from(p.done));
            // The first half of the steps counts the levels, the second checks them for a win.
            bar.set_message(if p.done <= p.total / 2 {
                format!("steps: levels counted, {} positions", grouped(p.found))
            } else {
                "steps: levels checked for a win".to_string()
            });
        })
    });
    let result = result.map_err(|over| {
        bar.finish_and_clear();
        args.memory.refusal(over)
    })?;
    progress::done(
        &bar,
        &format!(
            "census: {} positions counted and checked for a win",
            grouped(result.positions())
        ),
    );
    let mut out = crate::output::stdout();
    if args.json.on {
        crate::output::json_line(&mut out, &CensusJson::new(start, &result))?;
    } else {
        write_table(&mut out, start, &result)?;
    }
    out.flush()?;
    Ok(())
}

fn write_table(out: &mut impl Write, start: hiq::Board, result: &Census) -> io::Result<()> {
    writeln!(
        out,
        "census of the game from {} ({} pegs)",
        describe_start(start),
        start.peg_count()
    )?;
    writeln!(out)?;
    let header = [
        "pegs",
        "positions",
        "up to symmetry",
        "can end in 17",
        "up to symmetry",
    ];
    let mut rows: Vec<[String; 5]> = result
        .levels
        .iter()
        .map(|l| {
            [
                l.pegs.to_string(),
                grouped(l.positions),
                grouped(l.positions_up_to_symmetry),
                grouped(l.winnable),
                grouped(l.winnable_up_to_symmetry),
            ]
        })
        .collect();
    rows.push([
        "all".into(),
        grouped(result.positions()),
        grouped(result.positions_up_to_symmetry()),
        grouped(result.winnable()),
        grouped(result.winnable_up_to_symmetry()),
    ]);
    let widths: Vec<usize> = (0..5)
        .map(|c| {
            rows.iter()
                .map(|r| r[c].len())
                .chain([header[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: [&str; 5]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(cell, &w)| format!("{cell:>w$}"))
            .collect();
        padded.join("  ")
    };
    writeln!(out, "{}", line(header))?;
    for row in &rows {
        writeln!(out, "{}", line(row.each_ref().map(String::as_str)))?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "complete games (jump sequences that end with no jump left): {}",
        grouped(result.games)
    )?;
    writeln!(
        out,
        "complete games that end with a single peg in 17: {}",
        grouped(result.games_won)
    )
}
