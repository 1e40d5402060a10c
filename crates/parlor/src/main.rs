//! `parlor`: the command line of the parlor toolkit. It parses arguments, reads and writes files
//! and formats, and reports errors; the rules live in the game crates.

mod cli;
mod error;
mod format;
mod input;
mod longrun;
mod progress;
mod svg;
mod threads;

use clap::{Parser, Subcommand};
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
}

fn main() -> ExitCode {
    if let Some(stream) = error::streams_closed() {
        // Nothing can be said where it would be seen; the status says it.
        let _ = error::say(&format!("error: {stream} is closed"));
        return ExitCode::from(1);
    }
    let result = match Cli::parse().game {
        Game::Hiq(args) => cli::hiq::run(&args),
        Game::Speed(args) => cli::speed::run(&args),
        Game::Camicia(args) => cli::camicia::run(&args),
        Game::Russian(args) => cli::russian::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => error.report(),
    }
}
