//! `--trace`: the round-by-round table of the rule book's examples, one row per card laid;
//! with `--json`, the whole game on one line for a program (or a page) to replay.

use crate::error::CliError;
use crate::format::grouped;
use camicia::reference::Game;
use camicia::trace::{OverBudget, Steps};
use camicia::{Deal, Face, Player};
use std::io::{self, Write};

/// The most a trace from the command line holds: ten million cards laid (as many rows, or some
/// 60 MB of JSON), and 64,000,000 cards of round starts kept to find a loop (as many bytes; a
/// one-pack game keeps 54 a round start).
pub const BUDGET: Budget = Budget {
    cards: 10_000_000,
    kept: 64_000_000,
};

/// Game `number`'s trace passed [`BUDGET`].
pub fn stopped(number: usize, over: OverBudget) -> CliError {
    let passed = match over {
        OverBudget::Cards { budget } => format!("lays more than {} cards", grouped(budget)),
        OverBudget::Kept {
            budget,
            in_play,
            round_starts,
        } => format!(
            "keeps more than {} cards of round starts to find a loop (its {} cards at each of \
             {} round starts)",
            grouped(budget),
            grouped(in_play),
            grouped(round_starts)
        ),
    };
    CliError::OverBudget(format!(
        "game {number}: the game {passed}, the most a trace holds; without --trace it is played \
         up to {} cards in the memory of two round starts",
        grouped(super::MOST_CARDS)
    ))
}

/// The trace of game `number`, row by row, within [`BUDGET`].
pub fn write(out: &mut impl Write, deal: &Deal, number: usize) -> Result<(), CliError> {
    writeln!(out, "| Round | Player A | Player B | Pile | Penalty due |")?;
    writeln!(out, "|---|---|---|---|---|")?;
    let mut steps = Steps::new(deal, Some(BUDGET));
    row(out, steps.game())?;
    while let Some(step) = steps.next() {
        step.map_err(|over| stopped(number, over))?;
        row(out, steps.game())?;
    }
    let outcome = steps
        .game()
        .outcome()
        .expect("a game stops stepping only when it has an outcome");
    if let Some((earlier, later)) = outcome.repeated_rounds() {
        writeln!(
            out,
            "The start of round {later} matches the start of round {earlier}."
        )?;
    }
    writeln!(out, "{outcome}")?;
    Ok(())
}

fn row(out: &mut impl Write, game: &Game) -> io::Result<()> {
    let due = match game.due() {
        Some((player, count)) => format!("Player {player}: {count}"),
        None => "-".into(),
    };
    writeln!(
        out,
        "| {} | {} | {} | {} | {due} |",
        game.round(),
        cards(game.hand(Player::A).iter()),
        cards(game.hand(Player::B).iter()),
        cards(game.pile().iter()),
    )
}

/// Cards separated by spaces, `-` for none.
fn cards<'a>(faces: impl ExactSizeIterator<Item = &'a Face>) -> String {
    if faces.len() == 0 {
        return "-".into();
    }
    faces.map(Face::to_string).collect::<Vec<_>>().join(" ")
}

pub use camicia::trace::Budget;
