//! `parlor russian play`: one deal played to its end.

use super::{Source, symbols, write_layout};
use crate::error::CliError;
use crate::output::Shown;
use clap::Args;
use report::count::count;
use report::russian::{PlayJson, parse_strategy};
use russian::fast::Game;
use russian::strategy::{self, DEFAULT_SAMPLES, MAX_SAMPLES};
use russian::{Card, Event, Position, Rank, Strategy, StrategyName, Suit};
use std::io::{self, Write};

#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor russian play --seed 113\n  parlor russian play --seed 113 --strategy planner --trace\n  parlor russian deal --seed 5 > deal.txt && parlor russian play --layout deal.txt --strategy greedy"
)]
pub struct PlayArgs {
    #[command(flatten)]
    source: Source,
    /// random, greedy, lookahead, planner or clairvoyant (which sees every card)
    #[arg(long, default_value = "greedy", value_parser = parse_strategy)]
    strategy: StrategyName,
    /// Layouts the planner samples at each decision, 1 to 10,000 (a decision stops at a
    /// budget of positions, see docs/russian.md)
    #[arg(long, value_name = "K", default_value_t = DEFAULT_SAMPLES,
          value_parser = count("a number of samples", 1, MAX_SAMPLES))]
    samples: u32,
    #[command(flatten)]
    shown: Shown,
}

pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    let (layout, number) = args.source.deal()?;
    let mut game = new_game(&layout)?;
    let mut player = args.strategy.player(&game, number, args.samples);
    let mut out = crate::output::stdout();
    if args.shown.json.on {
        let json = PlayJson::play(&layout, args.strategy, &mut game, &mut player, []);
        crate::output::json_line(&mut out, &json)?;
    } else {
        write_game(&mut out, &layout, &mut game, &mut player, &args.shown)?;
        writeln!(out, "score {}", game.score())?;
    }
    out.flush()?;
    Ok(())
}

/// Plays `game` (dealt as `layout`) to its end and writes every event, then the final layout
/// and the foundations; with `--trace`, the deal first and the layout after each move instead.
pub(super) fn write_game(
    out: &mut impl Write,
    layout: &russian::Layout,
    game: &mut Game,
    strategy: &mut impl Strategy,
    shown: &Shown,
) -> io::Result<()> {
    let (trace, symbols) = (shown.trace.on, symbols(shown.ascii.on));
    if trace {
        write_layout(out, layout, symbols)?;
        writeln!(out)?;
    }
    let mut lines = Vec::new();
    strategy::play_in_steps(game, strategy, |game, events| {
        lines.extend(events.iter().map(|&event| event_text(event, symbols)));
        if trace && !lines.is_empty() {
            writeln!(out, "{}", lines.join("\n"))?;
            write_layout(out, &game.layout(), symbols)?;
            writeln!(out)?;
            lines.clear();
        }
        Ok::<(), io::Error>(())
    })?;
    if !trace {
        for line in &lines {
            writeln!(out, "{line}")?;
        }
        writeln!(out)?;
        write_layout(out, &game.layout(), symbols)?;
    }
    writeln!(out, "{}", foundations(game.position(), symbols))
}

/// The game of a layout; a parsed or generated deal always is one.
pub(super) fn new_game(layout: &russian::Layout) -> Result<Game, CliError> {
    Game::new(layout)
        .ok_or_else(|| CliError::BadInput("the layout is not a deal of the 52 cards".into()))
}

pub(super) fn event_text(event: Event, symbols: bool) -> String {
    if symbols {
        format!("{event:#}")
    } else {
        event.to_string()
    }
}

/// `foundations: C3 HA` — the top card of each foundation begun.
pub(super) fn foundations(position: &Position, symbols: bool) -> String {
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
