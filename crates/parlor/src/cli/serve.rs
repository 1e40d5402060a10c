//! `parlor serve`: the games in a browser page, served by the `serve` crate; here only its
//! options.

use crate::error::CliError;
use clap::Args;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// `parlor serve`'s options.
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

/// Serves until Ctrl-C or SIGTERM.
pub fn run(args: &ServeArgs) -> Result<(), CliError> {
    Ok(serve::run(&serve::Options {
        address: SocketAddr::new(args.bind, args.port),
        open: args.open,
    })?)
}
