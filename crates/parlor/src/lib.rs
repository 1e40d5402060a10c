//! The command line of the parlor toolkit: it parses arguments, reads and writes files and
//! formats, shows progress and reports errors; the rules live in the game crates, the shapes of
//! what it writes in `report`, and the web server in `serve`.
//!
//! The program `parlor` is [`main`] and an allocator; everything else is here, so that every
//! command can be read, documented and tested as a library: a command line is read into a [`Cli`]
//! and its [`Command`] is run by its game's module of [`cli`].
//!
//! ```
//! use clap::Parser;
//! use parlor::{Cli, Command};
//!
//! // `parlor hiq solve --goal 17 10 12 17 19 25`, read and run as the program does: the solver's
//! // verdict and its line go to standard output.
//! let words = ["parlor", "hiq", "solve", "--goal", "17", "10", "12", "17", "19", "25"];
//! let Command::Hiq(args) = Cli::try_parse_from(words).unwrap().command else {
//!     unreachable!("hiq is the Hi-Q command");
//! };
//! parlor::cli::hiq::run(&args).unwrap();
//! ```

pub mod cli;
pub mod error;
pub mod format;
pub mod input;
pub mod longrun;
pub mod out_of_memory;
pub mod output;
pub mod progress;
pub mod svg;
pub mod threads;

pub use report;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "parlor",
    version,
    about = "Table games played exactly by their rule books: simulators, traces and experiments",
    propagate_version = true
)]
/// The whole command line: `parlor COMMAND …`.
///
/// Read with clap's [`Parser`]; a word the command does not take is refused with the message
/// the program prints and its exit status, 2:
///
/// ```
/// use clap::Parser;
/// use parlor::Cli;
///
/// assert!(Cli::try_parse_from(["parlor", "hiq", "solve", "--goal", "17"]).is_ok());
/// let refused = Cli::try_parse_from(["parlor", "hiq", "solve", "--goal", "34"])
///     .err()
///     .expect("there is no hole 34");
/// assert_eq!(refused.exit_code(), 2);
/// assert!(refused.to_string().contains(
///     "invalid value '34' for '--goal <GOAL>': expected centre, any or a hole number from 1 to 33"
/// ));
/// ```
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The program's commands: one a game, and the server. Each is run by its module's `run`:
///
/// ```
/// use clap::Parser;
/// use parlor::{Cli, Command};
///
/// let record = "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---";
/// let cli = Cli::try_parse_from(["parlor", "camicia", "index", record]);
/// let Command::Camicia(args) = cli.unwrap().command else {
///     unreachable!("camicia is the Camicia command");
/// };
/// // Prints the deal's index in camicia.dev's numbering.
/// parlor::cli::camicia::run(&args).unwrap();
/// ```
#[derive(Subcommand)]
pub enum Command {
    /// Hi-Q peg solitaire: the automatic player of the contest "Hi-Q" (UVa 379)
    Hiq(cli::hiq::HiqArgs),
    /// Speed played by two robots: the contest "Speed" (Aizu 2087), traces, timelines, statistics
    Speed(cli::speed::SpeedArgs),
    /// Camicia (Beggar-my-neighbour): games by the rule book, traces, statistics of random deals
    Camicia(cli::camicia::CamiciaArgs),
    /// Russian Solitaire: deals (PySolFC's too), fair strategies, the exact solver, the etude
    Russian(cli::russian::RussianArgs),
    /// The games in a browser page, with the solvers at the player's side
    Serve(cli::serve::ServeArgs),
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

impl Command {
    /// Whether the command writes its results on standard output; one that does not (a work
    /// unit writes its file) does not mind it closed.
    fn writes_stdout(&self) -> bool {
        match self {
            Command::Camicia(args) => args.writes_stdout(),
            _ => true,
        }
    }
}

/// The program: the command line read, the command run, and its exit status (0 done, 2 bad
/// input or usage, 1 the machine failing parlor).
///
/// It reads the process's own arguments and standard streams, so the example is built but not
/// run: it is the whole of `parlor`'s `main.rs` but for the allocator.
///
/// ```no_run
/// fn main() -> std::process::ExitCode {
///     parlor::main()
/// }
/// ```
pub fn main() -> ExitCode {
    // SAFETY: first thing in `main`, before any thread of the process is started.
    unsafe { cli::camicia::engine::quiet_the_device_selection_layer() };
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
        closed.filter(|&stream| stream != "standard output" || cli.command.writes_stdout())
    {
        // Nothing can be said where it would be seen; the status says it.
        let _ = error::say(&format!("error: {stream} is closed"));
        return ExitCode::from(1);
    }
    let result = match cli.command {
        Command::Hiq(args) => cli::hiq::run(&args),
        Command::Speed(args) => cli::speed::run(&args),
        Command::Camicia(args) => cli::camicia::run(&args),
        Command::Russian(args) => cli::russian::run(&args),
        Command::Serve(args) => cli::serve::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => error.report(),
    }
}
