//! How `parlor` fails: bad input and usage exit with status 2, an internal failure with 1.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum CliError {
    /// The input is not what the format requires; the message names the place.
    #[error("{0}")]
    BadInput(String),
    #[error("cannot read {}: {source}", path.display())]
    Read { path: PathBuf, source: io::Error },
    #[error("cannot write the output: {0}")]
    Write(#[from] io::Error),
    #[error("cannot start the worker threads: {0}")]
    Threads(#[source] rayon::ThreadPoolBuildError),
    /// A long run that cannot start, resume or go on.
    #[error("{0}")]
    Run(#[from] sweep::Error),
}

impl CliError {
    /// Bad input from any of the game crates' readers, whose messages start with the place.
    pub fn bad_input(error: impl std::fmt::Display) -> CliError {
        CliError::BadInput(error.to_string())
    }

    /// Prints the message on stderr and gives the exit status.
    pub fn report(self) -> ExitCode {
        match self {
            // The reader of our output went away (`parlor … | head`): nothing is wrong.
            CliError::Write(ref e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            CliError::Run(ref e) if e.is_usage() => {
                eprintln!("error: {self}");
                ExitCode::from(2)
            }
            CliError::Write(_) | CliError::Threads(_) | CliError::Run(_) => {
                eprintln!("error: {self}");
                ExitCode::from(1)
            }
            CliError::BadInput(_) | CliError::Read { .. } => {
                eprintln!("error: {self}");
                ExitCode::from(2)
            }
        }
    }
}
