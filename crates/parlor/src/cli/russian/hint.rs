//! `parlor russian hint`: the move to make in a game in progress.

use super::play::{MoveJson, event_text};
use super::symbols;
use crate::cli::count::count;
use crate::error::CliError;
use crate::format::grouped;
use crate::input;
use clap::Args;
use russian::hint::{Hint, hint};
use russian::strategy::{DECISION_BUDGET, DEFAULT_SAMPLES, MAX_SAMPLES};
use russian::{Event, Move, Table};
use serde::Serialize;
use std::io::{self, Write};
use std::path::PathBuf;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor russian deal --seed 113 | parlor russian hint --deal -\n  parlor russian hint --deal examples/russian-unknown.txt\n  parlor russian hint --deal examples/russian-unknown.txt --samples 100 --json"
)]
pub struct HintArgs {
    /// The position in FILE ('-': standard input): a layout as `deal` or `play --trace` prints
    /// it, [?] for a face-down card not known, then optionally `foundations: C3 HA`
    #[arg(long, value_name = "FILE")]
    deal: PathBuf,
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
    let text = input::read_text(Some(&args.deal))?;
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
    let ties = hint
        .means
        .iter()
        .filter(|&&m| m == hint.means[fair])
        .count();
    writeln!(
        out,
        "fair move: {} (the planner's highest mean maximum over {} layout{} of the unseen \
         cards{})",
        text(hint.moves[fair]),
        hint.samples,
        if hint.samples == 1 { "" } else { "s" },
        if ties > 1 {
            format!("; {ties} moves tie and greedy's table chooses")
        } else {
            String::new()
        }
    )?;
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

#[derive(Serialize)]
pub(crate) struct HintJson {
    /// The foundation moves (and turns) the game made at once.
    automatic: Vec<MoveJson>,
    score: u32,
    unseen: usize,
    unknown: usize,
    samples: u32,
    /// Only when the planner stopped at its budget before solving the layouts asked for.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    stopped: bool,
    moves: Vec<MoveValue>,
    fair: Option<MoveJson>,
    /// Every card known: the exact maximum and the first move that keeps it.
    maximum: Option<u32>,
    keep: Option<MoveJson>,
}

#[derive(Serialize)]
struct MoveValue {
    #[serde(rename = "move")]
    mv: MoveJson,
    /// The planner's mean over its layouts of the maximum after the move.
    mean: f64,
    /// The exact maximum after the move, every card known.
    #[serde(skip_serializing_if = "Option::is_none")]
    max: Option<u32>,
}

impl HintJson {
    pub(crate) fn of(hint: &Hint, unknown: usize) -> HintJson {
        let json = |mv: Move| MoveJson::of(Event::Move(mv));
        let exact = hint.exact.as_ref();
        HintJson {
            automatic: hint.automatic.iter().map(|&e| MoveJson::of(e)).collect(),
            score: hint.score,
            unseen: hint.unseen,
            unknown,
            samples: hint.samples,
            stopped: hint.stopped,
            moves: hint
                .moves
                .iter()
                .zip(&hint.means)
                .enumerate()
                .map(|(i, (&mv, &mean))| MoveValue {
                    mv: json(mv),
                    mean,
                    max: exact.map(|e| e.values[i]),
                })
                .collect(),
            fair: hint.fair.map(|i| json(hint.moves[i])),
            maximum: exact.map(|e| e.maximum),
            keep: exact.and_then(|e| e.keep).map(|i| json(hint.moves[i])),
        }
    }
}
