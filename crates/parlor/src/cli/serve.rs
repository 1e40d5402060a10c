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
    /// then every request must carry the random token of the address printed
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Also answer requests that name the server NAME (their Host), besides localhost and its
    /// addresses: a name of this machine on the network (repeatable)
    #[arg(long, value_name = "NAME", value_parser = host_name)]
    allow_host: Vec<String>,
    /// With --bind beyond loopback, answer requests without the token: anyone who reaches the
    /// server may use its solvers
    #[arg(long)]
    no_token: bool,
    /// Open the page in the desktop's browser once the server listens
    #[arg(long)]
    open: bool,
}

/// A host name as a Host header names a server: letters, digits, hyphens and dots.
fn host_name(text: &str) -> Result<String, String> {
    let valid = !text.is_empty()
        && text.len() <= 253
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    if valid {
        Ok(text.to_string())
    } else {
        Err(format!(
            "expected a host name such as parlor.lan (letters, digits, '-' and '.'), found {}",
            excerpt::Excerpt::of(text)
        ))
    }
}

/// Serves until Ctrl-C or SIGTERM.
pub fn run(args: &ServeArgs) -> Result<(), CliError> {
    Ok(serve::run(&serve::Options {
        address: SocketAddr::new(args.bind, args.port),
        open: args.open,
        hosts: args.allow_host.clone(),
        no_token: args.no_token,
    })?)
}
