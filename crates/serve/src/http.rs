//! The listening socket and its connections: HTTP/1.1 by hyper, bounded by [`super::limits`],
//! on threads of the server's own until it is stopped, letting the requests in flight finish.

use super::limits::{DRAIN, HEAD_TIMEOUT, MAX_CONNECTIONS, MAX_HEAD};
use crate::Error;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::runtime::Runtime;
use tokio::sync::{Notify, Semaphore};
use tokio::task::JoinHandle;

/// The name of every thread the server starts, as a panic's message or a debugger shows it.
pub const THREADS: &str = "parlor-serve";

/// The pages and the API, answered on threads of their own from the moment the server is made
/// until [`Server::stop`]. Dropped unstopped, it stops at once, cutting the requests in flight,
/// and waits for the solvers at work to end.
///
/// ```no_run
/// let server = serve::Server::bind(([127, 0, 0, 1], 0).into())?;
/// println!("http://{}/", server.address());
/// // … the pages and the API answer until:
/// let stopped = server.stop();
/// assert_eq!(stopped, serve::Stopped::Drained);
/// # Ok::<(), serve::Error>(())
/// ```
pub struct Server {
    address: SocketAddr,
    stop: Arc<Notify>,
    runtime: Runtime,
    accepting: JoinHandle<Stopped>,
}

/// How a server stopped: what became of the requests in flight when it was told to.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// Every request in flight was answered.
    Drained,
    /// Some were still running after [`DRAIN`], and were cut.
    Cut,
}

impl Server {
    /// Listens at `address` (port 0: any free one) and serves there.
    ///
    /// # Errors
    ///
    /// [`Error::Listen`], saying which option to change, when the address cannot be listened
    /// on; [`Error::Runtime`] when the server's threads cannot start.
    pub fn bind(address: SocketAddr) -> Result<Server, Error> {
        let listener = std::net::TcpListener::bind(address).map_err(|source| Error::Listen {
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
        Server::on(listener)
    }

    /// Serves on `listener`, bound already (by a caller that chose its socket's options, or
    /// was handed it).
    ///
    /// # Errors
    ///
    /// [`Error::Listener`] when the listener cannot be served on; [`Error::Runtime`] when the
    /// server's threads cannot start.
    pub fn on(listener: std::net::TcpListener) -> Result<Server, Error> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .thread_name(THREADS)
            .build()
            .map_err(Error::Runtime)?;
        let address = listener.local_addr().map_err(Error::Listener)?;
        listener.set_nonblocking(true).map_err(Error::Listener)?;
        let listener = {
            let _inside = runtime.enter();
            TcpListener::from_std(listener).map_err(Error::Listener)?
        };
        let stop = Arc::new(Notify::new());
        let accepting = runtime.spawn(accept(listener, stop.clone()));
        Ok(Server {
            address,
            stop,
            runtime,
            accepting,
        })
    }

    /// Where it listens; with port 0 asked, the port it was given.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Stops accepting connections, lets the requests in flight finish for up to [`DRAIN`],
    /// and says whether some were cut. A solver still at work on a cut request ends on its
    /// own thread, which nothing waits for.
    ///
    /// # Panics
    ///
    /// When called from a task of an asynchronous runtime, whose thread it would block.
    pub fn stop(self) -> Stopped {
        let Server {
            stop,
            runtime,
            accepting,
            ..
        } = self;
        stop.notify_one();
        let stopped = runtime
            .block_on(accepting)
            .unwrap_or_else(|failed| std::panic::resume_unwind(failed.into_panic()));
        runtime.shutdown_background();
        stopped
    }

    /// Runs `future` to its end on the server's threads, with their timers and signals.
    pub(crate) fn block_on<F: Future>(&self, future: F) -> F::Output {
        self.runtime.block_on(future)
    }
}

/// Accepts connections and answers them until `stop` is notified; then lets the requests in
/// flight finish for up to [`DRAIN`].
async fn accept(listener: TcpListener, stop: Arc<Notify>) -> Stopped {
    let router = super::routes::router();
    let graceful = GracefulShutdown::new();
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut stopped = std::pin::pin!(stop.notified());
    loop {
        let permit = tokio::select! {
            permit = connections.clone().acquire_owned() => permit,
            () = &mut stopped => break,
        };
        let Ok(permit) = permit else { break };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stopped => break,
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
    match tokio::time::timeout(DRAIN, graceful.shutdown()).await {
        Ok(()) => Stopped::Drained,
        Err(_) => Stopped::Cut,
    }
}
