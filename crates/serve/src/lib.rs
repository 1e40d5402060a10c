//! `parlor serve`: the games in a browser page, with the solvers at the player's side.
//!
//! [`run`] is `parlor serve`: a [`Server`] at an address until Ctrl-C. A program that serves
//! the pages itself, or a test, makes a [`Server`] and stops it.
//!
//! A thin layer like the command line: the pages ask, the game crates answer through a JSON
//! API whose every endpoint that does what a command does reads that command's input with the
//! same reader and answers with the same writer as its `--json`. The server keeps no state of a
//! player's: a page sends the game (a position, or a deal and its line of moves) with every
//! request. Every request is bounded ([`limits`]); the page's files are compiled in
//! (`assets`).

mod api;
mod assets;
mod camicia;
mod connections;
mod guard;
mod hiq;
mod http;
pub mod limits;
mod program;
mod prospects;
mod routes;
mod russian;
mod schedule;
mod speed;

pub use guard::Access;
pub use http::{Server, Stopped, THREADS};

use lines::{say, tell};
use std::io::{self, Write};
use std::net::SocketAddr;
use thiserror::Error;

/// Where and how the server runs: what `parlor serve`'s options say.
#[derive(Clone, Debug)]
pub struct Options {
    /// The address and port to listen on; port 0 takes any free one.
    pub address: SocketAddr,
    /// Open the page in the desktop's browser once the server listens.
    pub open: bool,
    /// Host names answered besides `localhost` and the server's addresses.
    pub hosts: Vec<String>,
    /// Listening beyond loopback, answer requests without a token.
    pub no_token: bool,
}

/// Why the server could not start or go on.
#[derive(Debug, Error)]
pub enum Error {
    /// The threads that answer requests cannot start.
    #[error("cannot start the server's threads: {0}")]
    Runtime(io::Error),
    /// A listener handed to [`Server::on`] cannot be served on.
    #[error("cannot serve on the listener: {0}")]
    Listener(io::Error),
    /// The server cannot listen where it was asked to; `advice` says what to change.
    #[error("cannot listen on {address}: {source}; {advice}")]
    Listen {
        /// Where it was asked to listen.
        address: SocketAddr,
        /// What the system said.
        source: io::Error,
        /// Which option to change, and how.
        advice: &'static str,
    },
    /// Standard output or error cannot be written (the address, the warnings).
    #[error("cannot write the output: {0}")]
    Write(#[from] io::Error),
    /// Ctrl-C or SIGTERM cannot be listened for, so nothing could stop the server cleanly.
    #[error("cannot listen for Ctrl-C: {0}")]
    Signal(io::Error),
}

/// Serves the pages and the API at `options.address` until Ctrl-C (or SIGTERM) stops it,
/// letting the requests in flight finish. Its first line on standard output is its address.
///
/// # Errors
///
/// When it cannot start its threads, listen, or write its address.
pub fn run(options: &Options) -> Result<(), Error> {
    let beyond = !options.address.ip().is_loopback();
    let access = Access {
        hosts: options.hosts.clone(),
        token: (beyond && !options.no_token).then(Access::random_token),
    };
    let server = Server::bind_with(options.address, access.clone())?;
    // Listened for before the address is out, so that whoever reads it may stop the server.
    let signalled = server
        .block_on(async { program::stop_signal() })
        .map_err(Error::Signal)?;
    let bound = server.address();
    let url = match &access.token {
        Some(token) => format!("http://{bound}/?{}={token}", guard::TOKEN_PARAMETER),
        None => format!("http://{bound}/"),
    };
    // The first line names the address, for people and for programs that started the server
    // on any free port.
    {
        let mut out = io::stdout().lock();
        writeln!(out, "{url}")?;
        out.flush()?;
    }
    if beyond {
        tell(&if access.token.is_some() {
            format!(
                "warning: listening on {}, which other machines can reach: every request must \
                 carry the token of the address above (opening it keeps the token in a cookie)",
                bound.ip()
            )
        } else {
            format!(
                "warning: listening on {}, which other machines can reach, with no token \
                 (--no-token): anyone who reaches it may use its solvers",
                bound.ip()
            )
        })?;
    }
    tell("Ctrl-C stops the server")?;
    if options.open {
        program::open_in_browser(&url);
    }
    server.block_on(signalled);
    // The stop below ends within the drain and some milliseconds; should anything hold it, the
    // process still ends when it said it would.
    std::thread::spawn(|| {
        std::thread::sleep(limits::STOP_WITHIN);
        say("stopped: some work did not end in time and was abandoned");
        std::process::exit(0);
    });
    say(match server.stop() {
        Stopped::Drained => "stopped",
        Stopped::Cut => "stopped: some requests were still running and were cut",
    });
    Ok(())
}
