//! Why the server could not start or go on.

use std::io;
use std::net::SocketAddr;
use thiserror::Error;

/// Why the server could not start or go on.
#[derive(Debug, Error)]
pub enum Error {
    /// The threads that answer requests cannot start.
    #[error("cannot start the server's threads: {0}")]
    Runtime(io::Error),
    /// A listener handed to [`Server::on`](crate::Server::on) cannot be served on.
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
