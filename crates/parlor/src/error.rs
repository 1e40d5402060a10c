//! How `parlor` fails: bad input and usage exit with status 2, the machine failing parlor
//! (output that cannot be written, threads, a lost cluster peer) with 1. Messages go to standard
//! error; when even that cannot be written, the status is 1, except for a usage error, which is
//! 2 wherever its message goes (`main`).

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;
use thiserror::Error;

/// Every way a command can fail, each with its exit status ([`CliError::report`]).
#[derive(Debug, Error)]
pub enum CliError {
    /// The input is not what the format requires; the message names the place.
    #[error("{0}")]
    BadInput(String),
    /// An input file cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// Standard output, or a file the command writes, cannot be written.
    #[error("cannot write the output: {0}")]
    Write(#[from] io::Error),
    /// The worker threads cannot start.
    #[error("cannot start the worker threads: {0}")]
    Threads(#[source] rayon::ThreadPoolBuildError),
    /// A search that would pass the memory it was allowed.
    #[error("{0}")]
    OverMemory(String),
    /// A game that would lay more cards than parlor plays of one game.
    #[error("{0}")]
    OverBudget(String),
    /// A long run that cannot start, resume or go on.
    #[error("{0}")]
    Run(#[from] sweep::Error),
    /// `parlor serve` cannot start, listen or say where it listens.
    #[error("{0}")]
    Serve(#[from] serve::Error),
}

impl CliError {
    /// Bad input from any of the game crates' readers, whose messages start with the place.
    pub fn bad_input(error: impl std::fmt::Display) -> CliError {
        CliError::BadInput(error.to_string())
    }

    /// Prints the message on stderr and gives the exit status.
    pub fn report(self) -> ExitCode {
        let status = match &self {
            // The reader of our output went away (`parlor … | head`, or a file given as
            // /dev/stdout): it knows, so no message.
            CliError::Write(e)
            | CliError::Run(sweep::Error::Stdout(e))
            | CliError::Run(sweep::Error::File { source: e, .. })
                if e.kind() == io::ErrorKind::BrokenPipe =>
            {
                return ExitCode::from(1);
            }
            CliError::Run(e) if e.is_usage() => 2,
            CliError::BadInput(_) | CliError::Read { .. } => 2,
            CliError::Write(_)
            | CliError::Threads(_)
            | CliError::OverMemory(_)
            | CliError::OverBudget(_)
            | CliError::Run(_)
            | CliError::Serve(_) => 1,
        };
        if say(&format!("error: {self}")) {
            ExitCode::from(status)
        } else {
            ExitCode::from(1)
        }
    }
}

pub use lines::say;

/// Writes a line to standard error, as part of what a command reports: a failure is the
/// command's failure.
pub fn tell(line: &str) -> Result<(), CliError> {
    lines::tell(line).map_err(CliError::Write)
}

/// Which of standard output and error was closed when the process started, a bit each (1 and
/// 2), as seen by [`look_at_the_streams`].
#[cfg(target_os = "linux")]
static CLOSED_AT_START: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// Run by the C start-up code with the other constructors of `.init_array`, before `main`: Rust's
/// start-up code, which runs in `main`, then puts `/dev/null` (opened for reading and writing)
/// in place of a closed stream. Looked at afterwards, that `/dev/null` is the same as the one a
/// parent opens on purpose (Python's `subprocess.DEVNULL`, systemd's `StandardOutput=null`),
/// which must work; looked at here, a closed stream is still closed.
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static LOOK_AT_THE_STREAMS: extern "C" fn() = look_at_the_streams;

#[cfg(target_os = "linux")]
extern "C" fn look_at_the_streams() {
    use std::sync::atomic::Ordering;
    for fd in [1, 2] {
        // SAFETY: F_GETFD only reads a descriptor's flags, and fails with EBADF for a closed
        // one; it touches no memory and no Rust state, so it may run before Rust's runtime.
        if unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1 {
            CLOSED_AT_START.fetch_or(1 << (fd - 1), Ordering::Relaxed);
        }
    }
}

/// Which of the standard output and error of this process was closed when it started
/// (`parlor … >&-`), if one was: writes to it would vanish into the `/dev/null` Rust's start-up
/// code put in its place, and parlor would seem to succeed.
#[cfg(target_os = "linux")]
pub fn streams_closed() -> Option<&'static str> {
    use std::sync::atomic::Ordering;
    // Named here so that the linker keeps the constructor with the code that reads its finding.
    std::hint::black_box(&LOOK_AT_THE_STREAMS);
    let closed = CLOSED_AT_START.load(Ordering::Relaxed);
    if closed & 1 != 0 {
        Some("standard output")
    } else if closed & 2 != 0 {
        Some("standard error")
    } else {
        None
    }
}

/// Elsewhere the streams are not looked at before `main`, and nothing is found closed.
#[cfg(not(target_os = "linux"))]
pub fn streams_closed() -> Option<&'static str> {
    None
}
