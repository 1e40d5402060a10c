//! `parlor`: the command line of the parlor toolkit. It parses arguments, reads and writes files
//! and formats, and reports errors; the rules live in the game crates.

mod cli;
mod error;
mod format;
mod input;
mod longrun;
mod out_of_memory;
mod output;
mod progress;
mod serve;
mod svg;
mod threads;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "parlor",
    version,
    about = "Table games played exactly by their rule books: simulators, traces and experiments",
    propagate_version = true
)]
struct Cli {
    #[command(subcommand)]
    game: Game,
}

#[derive(Subcommand)]
enum Game {
    /// Hi-Q peg solitaire: the automatic player of the contest "Hi-Q" (UVa 379)
    Hiq(cli::hiq::HiqArgs),
    /// Speed played by two robots: the contest "Speed" (Aizu 2087), traces, timelines, statistics
    Speed(cli::speed::SpeedArgs),
    /// Camicia (Beggar-my-neighbour): games by the rule book, traces, statistics of random deals
    Camicia(cli::camicia::CamiciaArgs),
    /// Russian Solitaire: deals (PySolFC's too), fair strategies, the exact solver, the etude
    Russian(cli::russian::RussianArgs),
    /// The games in a browser page, with the solvers at the player's side
    Serve(serve::ServeArgs),
}

/// `parlor speed stat …`: a game whose first word may be a file or a subcommand reads a word
/// that is neither as a file, and clap would complain about the options after it; a word spelt
/// like one of the game's subcommands gets "did you mean" instead.
fn misspelt_subcommand() -> Option<error::CliError> {
    let args: Vec<String> = std::env::args().skip(1).take(2).collect();
    let [game, word] = args.as_slice() else {
        return None;
    };
    let command = Cli::command();
    let names: Vec<&str> = command
        .find_subcommand(game)?
        .get_subcommands()
        .map(|c| c.get_name())
        .collect();
    if word.starts_with('-')
        || names.contains(&word.as_str())
        || std::path::Path::new(word).exists()
    {
        return None;
    }
    input::read_text_or_suggest(Some(std::path::Path::new(word)), &names)
        .err()
        .filter(|e| matches!(e, error::CliError::BadInput(_)))
}

impl Game {
    /// Whether the command writes its results on standard output; one that does not (a work
    /// unit writes its file) does not mind it closed.
    fn writes_stdout(&self) -> bool {
        match self {
            Game::Camicia(args) => args.writes_stdout(),
            _ => true,
        }
    }
}

fn main() -> ExitCode {
    let closed = error::streams_closed();
    // A usage error is the user's, whatever became of its message: exit status 2 even where
    // standard error is closed or full.
    if let Some(error) = misspelt_subcommand() {
        error::say(&format!("error: {error}"));
        return ExitCode::from(2);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(usage) if usage.use_stderr() => {
            let _ = usage.print();
            return ExitCode::from(usage.exit_code() as u8);
        }
        Err(help) => {
            // The help or the version asked for: where it cannot be written, the machine
            // failed parlor.
            let written = closed.is_none() && help.print().is_ok();
            return ExitCode::from(if written { help.exit_code() as u8 } else { 1 });
        }
    };
    if let Some(stream) =
        closed.filter(|&stream| stream != "standard output" || cli.game.writes_stdout())
    {
        // Nothing can be said where it would be seen; the status says it.
        let _ = error::say(&format!("error: {stream} is closed"));
        return ExitCode::from(1);
    }
    let result = match cli.game {
        Game::Hiq(args) => cli::hiq::run(&args),
        Game::Speed(args) => cli::speed::run(&args),
        Game::Camicia(args) => cli::camicia::run(&args),
        Game::Russian(args) => cli::russian::run(&args),
        Game::Serve(args) => serve::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => error.report(),
    }
}
