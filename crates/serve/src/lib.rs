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
//!
//! Its modules, from a connection to the game crates:
//!
//! - `server`, the listener and its threads; `connections`, the connections open at once;
//!   `client`, a connection's socket, and its client watched for leaving while a request works;
//! - `routes`, every address and the layers around them: `gate`, who may ask (Host, Origin,
//!   token); `bounds`, one layer a bound (the answers unsent, the time, the body);
//! - `api`, one module a game, each endpoint reading its query into a struct and its body as
//!   text; `answer` and `refusal`, what they answer;
//! - `lanes`, where the work runs; `prospects`, Hi-Q's table, made once a process.

mod answer;
mod api;
mod assets;
mod bounds;
mod client;
mod connections;
mod error;
mod gate;
mod lanes;
pub mod limits;
mod program;
mod prospects;
mod refusal;
mod routes;
mod server;
mod threads;

pub use error::Error;
pub use gate::Access;
pub use server::{Server, Stopped};
pub use threads::THREADS;

use lines::{say, tell};
use std::io::{self, Write};
use std::net::SocketAddr;

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
    let url = access.url(bound);
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
                "warning: listening on {}, which other machines can reach: every request of the \
                 API must carry the token of the address above (a page opened there keeps it for \
                 its tab, and sends it to this server alone; a program sends Authorization: \
                 Bearer TOKEN)",
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
