//! `parlor russian play`: one deal played to its end.

use super::{LayoutJson, parse_strategy, read_deal, symbols, write_layout};
use crate::error::CliError;
use clap::Args;
use russian::{Card, Event, Game, MoveKind, Position, Rank, Strategy, StrategyName, Suit};
use serde::Serialize;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

#[derive(Args)]
#[group(id = "source", required = true, multiple = true, args = ["seed", "deal"])]
pub struct PlayArgs {
    /// Play deal N (as `deal --seed N` prints it); it also seeds a random strategy's choices
    #[arg(long)]
    seed: Option<u64>,
    /// Play the layout in FILE ('-': standard input); a random strategy then draws from
    /// --seed's stream (deal 0's if no --seed)
    #[arg(long, value_name = "FILE")]
    deal: Option<PathBuf>,
    /// random, greedy or lookahead
    #[arg(long, default_value = "greedy", value_parser = parse_strategy)]
    strategy: StrategyName,
    /// The layout after each move
    #[arg(long, conflicts_with = "json")]
    trace: bool,
    /// One JSON object: the deal, the strategy, every move and the score
    #[arg(long)]
    json: bool,
    /// Suit letters (S H D C) even on a terminal
    #[arg(long)]
    ascii: bool,
}

pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    let layout = match &args.deal {
        Some(file) => read_deal(file)?,
        None => russian::deal::deal(args.seed.unwrap_or(0)),
    };
    // A parsed deal and a numbered deal are always valid games.
    let mut game = Game::new(&layout)
        .ok_or_else(|| CliError::BadInput("the layout is not a deal of the 52 cards".into()))?;
    let mut strategy = args.strategy.player(args.seed.unwrap_or(0));
    let mut out = BufWriter::new(io::stdout().lock());
    let symbols = symbols(args.ascii);
    if args.json {
        let mut moves = Vec::new();
        let score = game.play(&mut strategy, |event| moves.push(MoveJson::of(event)));
        let json = PlayJson {
            deal: LayoutJson::of(&layout),
            strategy: args.strategy.name(),
            moves,
            score,
        };
        serde_json::to_writer(&mut out, &json).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        if args.trace {
            write_layout(&mut out, &layout, symbols)?;
            writeln!(out)?;
        }
        let mut lines = Vec::new();
        // The same steps as `Game::play`, with a stop after each move to show the layout.
        game.settle(&mut |event| lines.push(event_text(event, symbols)));
        loop {
            if args.trace && !lines.is_empty() {
                writeln!(out, "{}", lines.join("\n"))?;
                write_layout(&mut out, &game.layout(), symbols)?;
                writeln!(out)?;
                lines.clear();
            }
            let moves = game.position().moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[strategy.choose(game.position(), &moves)];
            game.make(mv, &mut |event| lines.push(event_text(event, symbols)));
        }
        if !args.trace {
            for line in &lines {
                writeln!(out, "{line}")?;
            }
            writeln!(out)?;
            write_layout(&mut out, &game.layout(), symbols)?;
        }
        writeln!(out, "{}", foundations(game.position(), symbols))?;
        writeln!(out, "score {}", game.score())?;
    }
    out.flush()?;
    Ok(())
}

fn event_text(event: Event, symbols: bool) -> String {
    if symbols {
        format!("{event:#}")
    } else {
        event.to_string()
    }
}

/// `foundations: C3 HA` — the top card of each foundation begun.
fn foundations(position: &Position, symbols: bool) -> String {
    let tops: Vec<String> = Suit::ALL
        .into_iter()
        .filter_map(|suit| {
            let rank = Rank::from_value(position.foundation(suit))?;
            let card = Card::new(rank, suit);
            Some(if symbols {
                format!("{card:#}")
            } else {
                card.to_string()
            })
        })
        .collect();
    if tops.is_empty() {
        "foundations: none".into()
    } else {
        format!("foundations: {}", tops.join(" "))
    }
}

#[derive(Serialize)]
struct PlayJson {
    deal: LayoutJson,
    strategy: &'static str,
    moves: Vec<MoveJson>,
    score: u32,
}

/// One event; columns numbered 1 to 7.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum MoveJson {
    Column { card: String, from: u8, to: u8 },
    King { card: String, from: u8, to: u8 },
    Foundation { card: String, from: u8 },
    Turn { card: String, column: u8 },
}

impl MoveJson {
    fn of(event: Event) -> MoveJson {
        match event {
            Event::Move(mv) => {
                let (card, from, to) = (mv.card.to_string(), mv.from + 1, mv.to + 1);
                match mv.kind {
                    MoveKind::Column => MoveJson::Column { card, from, to },
                    MoveKind::King => MoveJson::King { card, from, to },
                }
            }
            Event::Foundation { card, from } => MoveJson::Foundation {
                card: card.to_string(),
                from: from + 1,
            },
            Event::Turn { card, column } => MoveJson::Turn {
                card: card.to_string(),
                column: column + 1,
            },
        }
    }
}
