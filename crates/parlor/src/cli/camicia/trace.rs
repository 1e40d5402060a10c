//! `--trace`: the round-by-round table of the rule book's examples, one row per card laid.

use camicia::{Deal, Face, Game, Player};
use std::io::{self, Write};

pub fn write(out: &mut impl Write, deal: &Deal) -> io::Result<()> {
    writeln!(out, "| Round | Player A | Player B | Pile | Penalty due |")?;
    writeln!(out, "|---|---|---|---|---|")?;
    let mut game = Game::new(deal);
    row(out, &game)?;
    while game.step().is_some() {
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
    writeln!(out, "{outcome}")
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
