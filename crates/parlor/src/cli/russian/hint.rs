//! `parlor russian hint`: the move to make in a game in progress.

use super::play::event_text;
use super::symbols;
use crate::error::CliError;
use crate::format::grouped;
use crate::input;
use clap::Args;
use report::count::count;
use report::russian::HintJson;
use russian::hint::{Hint, hint};
use russian::strategy::{DECISION_BUDGET, DEFAULT_SAMPLES, MAX_SAMPLES};
use russian::{Event, Move, Table};
use std::io::{self, Write};
use std::path::PathBuf;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor russian deal --seed 113 | parlor russian hint --layout -\n  parlor russian hint --layout examples/russian-unknown.txt\n  parlor russian hint --layout examples/russian-unknown.txt --samples 100 --json"
)]
pub struct HintArgs {
    /// The position in FILE ('-': standard input): a layout as `deal` or `play --trace` prints
    /// it, [?] for a face-down card not known, then optionally `foundations: C3 HA`
    #[arg(long, value_name = "FILE", visible_alias = "deal")]
    layout: PathBuf,
    /// Seeds the planner's draws of the unseen cards as deal N's, 0 to 2^64 - 1
    #[arg(long, value_name = "N", default_value_t = 0,
          value_parser = count("a deal number", 0, u64::MAX))]
    seed: u64,
    /// Layouts of the unseen cards the planner solves, 1 to 10,000; past a budget of
    /// positions (some 3 s of work) it stops and says so
    #[arg(long, value_name = "K", default_value_t = DEFAULT_SAMPLES,
          value_parser = count("a number of samples", 1, MAX_SAMPLES))]
    samples: u32,
    #[command(flatten)]
    json: crate::output::Json,
    #[command(flatten)]
    ascii: crate::output::Ascii,
}

pub fn run(args: &HintArgs) -> Result<(), CliError> {
    let text = input::read_text(Some(&args.layout))?;
    let table = Table::parse(&text).map_err(CliError::bad_input)?;
    let hint = hint(&table, args.seed, args.samples).map_err(CliError::bad_input)?;
    let mut out = crate::output::stdout();
    if args.json.on {
        crate::output::json_line(&mut out, &HintJson::of(&hint, table.unknown()))?;
    } else {
        write_hint(
            &mut out,
            &hint,
            table.unknown(),
            args.samples,
            symbols(args.ascii.on),
        )?;
    }
    out.flush()?;
    Ok(())
}

/// The hint as text; `samples` is the number of layouts asked for.
fn write_hint(
    out: &mut impl Write,
    hint: &Hint,
    unknown: usize,
    samples: u32,
    symbols: bool,
) -> io::Result<()> {
    let text = |mv: Move| event_text(Event::Move(mv), symbols);
    if !hint.automatic.is_empty() {
        let made: Vec<String> = hint
            .automatic
            .iter()
            .map(|&e| event_text(e, symbols))
            .collect();
        writeln!(out, "made at once: {}", made.join(", "))?;
    }
    writeln!(
        out,
        "score {}, {} cards unseen ({unknown} of them written [?])",
        hint.score, hint.unseen
    )?;
    let Some(fair) = hint.fair else {
        return writeln!(out, "no move is left: the game ends with {}", hint.score);
    };
    let exact = hint.exact.as_ref();
    writeln!(
        out,
        "move                   planner mean{}",
        if exact.is_some() { "   maximum" } else { "" }
    )?;
    for (i, (&mv, mean)) in hint.moves.iter().zip(&hint.means).enumerate() {
        let maximum = exact.map_or(String::new(), |e| format!("{:>10}", e.values[i]));
        writeln!(out, "{:<22} {mean:>12.3}{maximum}", text(mv))?;
    }
    // The same words as the page's hint: a tie named as one, the figure said as what it is.
    let ties = hint.ties();
    let layouts = if hint.unseen == 0 {
        "with no card unseen".to_owned()
    } else {
        format!(
            "on average over {} layout{} of the unseen cards",
            hint.samples,
            if hint.samples == 1 { "" } else { "s" },
        )
    };
    let (mean, picked) = (hint.means[fair], text(hint.moves[fair]));
    if ties > 1 {
        writeln!(
            out,
            "fair move: {ties} moves tie; the planner picks {picked} ({layouts}, the best play \
             after each gets {mean:.3} cards up; greedy's rule of thumb breaks the tie)",
        )?;
    } else if hint.moves.len() == 1 {
        writeln!(
            out,
            "fair move: {picked}, the only move ({layouts}, the best play after it gets \
             {mean:.3} cards up)",
        )?;
    } else {
        writeln!(
            out,
            "fair move: {picked} ({layouts}, the best play after it gets {mean:.3} cards up, \
             more than after any other move)",
        )?;
    }
    if hint.stopped {
        writeln!(
            out,
            "the planner stopped after {} of the {} layouts asked: a decision searches at most \
             {} positions (some 3 s of work); ask for fewer to have them all",
            grouped(hint.samples),
            grouped(samples),
            grouped(DECISION_BUDGET)
        )?;
    }
    match exact {
        Some(e) => match e.keep {
            Some(keep) => writeln!(
                out,
                "exact maximum {}, kept by {}",
                e.maximum,
                text(hint.moves[keep])
            ),
            None => writeln!(out, "exact maximum {}", e.maximum),
        },
        None => writeln!(
            out,
            "exact maximum not known: {unknown} face-down card{} written [?]",
            if unknown == 1 { " is" } else { "s are" }
        ),
    }
}
