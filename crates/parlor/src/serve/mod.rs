//! `parlor serve`: the games in a browser page, with the solvers at the player's side.
//!
//! A thin layer like the command line: the pages ask, the game crates answer through a JSON
//! API whose every endpoint that does what a command does reads that command's input with the
//! same reader and answers with the same writer as its `--json`. The server keeps no state of a
//! player's: a page sends the game (a position, or a deal and its line of moves) with every
//! request. Every request is bounded ([`limits`]); the page's files are compiled in
//! ([`assets`]).

mod api;
mod assets;
mod camicia;
mod hiq;
mod http;
pub mod limits;
mod routes;
mod russian;
mod speed;

use crate::error::CliError;
use clap::Args;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

#[derive(Args)]
#[command(
    after_help = "Examples:\n  parlor serve\n  parlor serve --port 8000 --open\n  parlor serve --port 0            (any free port; the first line names it)"
)]
pub struct ServeArgs {
    /// The port to listen on; 0 takes any free one
    #[arg(long, default_value_t = 7070)]
    port: u16,
    /// The address to listen on; anything but a loopback address lets other machines in, and
    /// the server has no authentication
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Open the page in the desktop's browser once the server listens
    #[arg(long)]
    open: bool,
}

pub fn run(args: &ServeArgs) -> Result<(), CliError> {
    let address = SocketAddr::new(args.bind, args.port);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("parlor-serve")
        .build()
        .map_err(CliError::Runtime)?;
    runtime.block_on(http::serve(address, args.open))
}
