//! `parlor serve`: the games in a browser page, with the solvers at the player's side.
//!
//! A thin layer like the command line: the pages ask, the game crates answer through a JSON
//! API whose every endpoint that does what a command does reads that command's input with the
//! same reader and answers with the same writer as its `--json`. The server keeps no state of a
//! player's: a page sends the game (a position, or a deal and its line of moves) with every
//! request. Every request is bounded ([`limits`]); the page's files are compiled in (the private
//! module `assets`).

mod api;
mod assets;
mod camicia;
mod hiq;
mod http;
pub mod limits;
mod routes;
mod russian;
mod say;
mod speed;

use std::io;
use std::net::SocketAddr;
use thiserror::Error;

/// Where and how the server runs: what `parlor serve`'s options say.
#[derive(Clone, Debug)]
pub struct Options {
    /// The address and port to listen on; port 0 takes any free one.
    pub address: SocketAddr,
    /// Open the page in the desktop's browser once the server listens.
    pub open: bool,
}

/// Why the server could not start or go on.
#[derive(Debug, Error)]
pub enum Error {
    /// The threads that answer requests cannot start.
    #[error("cannot start the server's threads: {0}")]
    Runtime(io::Error),
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
}

/// Serves the pages and the API at `options.address` until Ctrl-C (or SIGTERM) stops it,
/// letting the requests in flight finish. Its first line on standard output is its address.
///
/// # Errors
///
/// When it cannot start its threads, listen, or write its address.
pub fn run(options: &Options) -> Result<(), Error> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("parlor-serve")
        .build()
        .map_err(Error::Runtime)?;
    runtime.block_on(http::serve(options.address, options.open))
}
