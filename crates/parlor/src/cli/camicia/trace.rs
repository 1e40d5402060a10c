//! `--trace`: the round-by-round table of the rule book's examples, one row per card laid;
//! with `--json`, the whole game on one line for a program (or a page) to replay.

use crate::error::CliError;
use crate::format::grouped;
use camicia::trace::{Meter, OverBudget, Trace};
use camicia::{Deal, Face, Game, Player};
use serde::Serialize;
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
    let mut game = Game::new(deal);
    let mut meter = Meter::new(deal, BUDGET);
    row(out, &game)?;
    while let Some(event) = game.step() {
        meter
            .spend(&game, event)
            .map_err(|over| stopped(number, over))?;
        row(out, &game)?;
    }
    let outcome = game
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

/// A whole game as `--trace --json` prints it, one line: the outcome as `--json` gives it, then
/// every card laid, in strings of one character a card so that the record's 8,344 cards stay
/// some 30 kB, and the tricks. A page replays it card by card without knowing the rules.
#[derive(Serialize)]
pub struct TraceJson {
    status: &'static str,
    cards: u64,
    tricks: u64,
    /// A's deck/B's deck, one character a card: `2`…`9`, `X` for ten, `J` `Q` `K` `A`, `-` for
    /// a number card of unknown value; `parlor camicia` reads it back.
    deal: String,
    /// The cards laid, in order, in the characters of `deal`.
    laid: String,
    /// Who laid each card: `A` or `B`.
    by: String,
    /// After each card, the cards still owed under a penalty (`0`: none); the one who owes them
    /// lays the next card.
    due: String,
    /// For each trick, how many cards had been laid in the game when its pile was taken.
    taken: Vec<u64>,
    /// For each trick, who took the pile.
    takers: String,
    /// The last trick was taken because the other player had to lay a card and had none.
    unpaid: bool,
    /// For a loop: the earlier round and the round whose start repeats it.
    #[serde(skip_serializing_if = "Option::is_none")]
    repeat: Option<RepeatJson>,
}

#[derive(Serialize)]
struct RepeatJson {
    earlier: u64,
    later: u64,
}

fn card(face: Face) -> char {
    match face {
        Face::Rank(rank) => rank.char(),
        Face::Number => '-',
    }
}

fn deck(faces: &[Face]) -> String {
    faces.iter().map(|&face| card(face)).collect()
}

impl TraceJson {
    /// The game of `deal` played to its end by the rule book's engine, as its trace shows it.
    ///
    /// # Errors
    ///
    /// Past `budget`, the bound the game passed.
    pub fn of(deal: &Deal, budget: Option<Budget>) -> Result<TraceJson, OverBudget> {
        let trace = Trace::of(deal, budget)?;
        let outcome = trace.outcome;
        Ok(TraceJson {
            status: outcome.status.name(),
            cards: outcome.cards,
            tricks: outcome.tricks,
            deal: format!("{}/{}", deck(deal.a()), deck(deal.b())),
            laid: trace.laid.iter().map(|l| card(l.face)).collect(),
            by: trace.laid.iter().map(|l| l.by.to_string()).collect(),
            due: trace
                .laid
                .iter()
                .map(|l| char::from(b'0' + l.due))
                .collect(),
            taken: trace.tricks.iter().map(|t| t.cards).collect(),
            takers: trace.tricks.iter().map(|t| t.taker.to_string()).collect(),
            unpaid: trace.unpaid,
            repeat: outcome
                .repeated_rounds()
                .map(|(earlier, later)| RepeatJson { earlier, later }),
        })
    }
}
