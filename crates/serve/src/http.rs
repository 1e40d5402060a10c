//! The listening socket and its connections: HTTP/1.1 by hyper, bounded by [`super::limits`],
//! until Ctrl-C (or SIGTERM) stops the server, letting the requests in flight finish.

use super::limits::{HEAD_TIMEOUT, MAX_CONNECTIONS, MAX_HEAD};
use crate::Error;
use crate::say::{say, tell};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::io::{self, Write};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// How long the requests in flight may take to finish once the server is told to stop.
const DRAIN: Duration = Duration::from_secs(5);

pub async fn serve(address: SocketAddr, open: bool) -> Result<(), Error> {
    let listener = TcpListener::bind(address)
        .await
        .map_err(|source| Error::Listen {
            address,
            advice: match source.kind() {
                io::ErrorKind::AddrInUse => {
                    "another program uses the port: choose another with --port (0: any free one)"
                }
                io::ErrorKind::PermissionDenied => {
                    "ports below 1024 need privileges: choose another with --port"
                }
                _ => "choose another --bind address or --port",
            },
            source,
        })?;
    let bound = listener.local_addr()?;
    let url = format!("http://{bound}/");
    // The first line names the address, for people and for programs that started the server
    // on any free port.
    {
        let mut out = io::stdout().lock();
        writeln!(out, "{url}")?;
        out.flush()?;
    }
    if !bound.ip().is_loopback() {
        tell(&format!(
            "warning: listening on {}, which other machines can reach: the server has no \
             authentication, and anyone who reaches it may use its solvers",
            bound.ip()
        ))?;
    }
    tell("Ctrl-C stops the server")?;
    if open {
        open_in_browser(&url);
    }
    let router = super::routes::router();
    let graceful = GracefulShutdown::new();
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut stop = std::pin::pin!(stop_signal());
    loop {
        let permit = tokio::select! {
            permit = connections.clone().acquire_owned() => permit,
            () = &mut stop => break,
        };
        let Ok(permit) = permit else { break };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            // Out of descriptors, or a connection reset before it was accepted: the next
            // accept may succeed, and a pause keeps a full table from spinning.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(HEAD_TIMEOUT)
            .max_buf_size(MAX_HEAD)
            .serve_connection(
                TokioIo::new(stream),
                TowerToHyperService::new(router.clone()),
            );
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A connection's errors (a client gone, a timeout) end that connection only.
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    if tokio::time::timeout(DRAIN, graceful.shutdown())
        .await
        .is_err()
    {
        say("stopped: some requests were still running and were cut");
    } else {
        say("stopped");
    }
    Ok(())
}

/// Ctrl-C, or SIGTERM where there is one.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = terminate.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Asks the desktop to open `url`; where it cannot, says so and goes on serving.
fn open_in_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let started = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    match started {
        // Reaped on a thread of its own, so that no finished opener lingers.
        Ok(mut child) => drop(std::thread::spawn(move || child.wait())),
        Err(error) => {
            say(&format!(
                "warning: cannot open a browser ({opener}: {error}); open {url} yourself"
            ));
        }
    }
}
