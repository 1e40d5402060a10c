//! The listening socket and its connections: HTTP/1.1 by hyper, bounded by [`crate::limits`],
//! on threads of the server's own until it is stopped, letting the requests in flight finish.

use crate::client;
use crate::connections::{self, Connection, Connections};
use crate::error::Error;
use crate::gate::Access;
use crate::limits::{CUT_ANSWERED, DRAIN, HEAD_TIMEOUT, LISTEN_BACKLOG, MAX_HEAD};
use crate::prospects;
use crate::routes::{self, Served};
use crate::threads::{THREADS, map_large_allocations_apart};
use hyper::body::Incoming;
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
use tokio::sync::Notify;
use tokio::task::JoinHandle;

/// The pages and the API, answered on threads of their own from the moment the server is made
/// until [`Server::stop`]. Dropped unstopped, it stops at once, cutting the requests in flight
/// and cancelling their work.
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

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.notify_one();
    }
}

/// How a server stopped: what became of the requests in flight when it was told to.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// Every request in flight was answered.
    Drained,
    /// Some were still running after [`DRAIN`], and were cut, their work cancelled.
    Cut,
}

impl Server {
    /// Listens at `address` (port 0: any free one) and serves there, to this machine's pages
    /// only: [`Access::local`].
    ///
    /// # Errors
    ///
    /// [`Error::Listen`], saying which option to change, when the address cannot be listened
    /// on; [`Error::Runtime`] when the server's threads cannot start.
    pub fn bind(address: SocketAddr) -> Result<Server, Error> {
        Server::bind_with(address, Access::local())
    }

    /// Listens at `address` and serves there to whom `access` admits.
    ///
    /// # Errors
    ///
    /// As [`Server::bind`]'s.
    pub fn bind_with(address: SocketAddr, access: Access) -> Result<Server, Error> {
        let listener = listen(address).map_err(|source| Error::Listen {
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
        Server::on(listener, access)
    }

    /// Serves on `listener`, bound already (by a caller that chose its socket's options, or
    /// was handed it), to whom `access` admits.
    ///
    /// # Errors
    ///
    /// [`Error::Listener`] when the listener cannot be served on; [`Error::Runtime`] when the
    /// server's threads cannot start.
    pub fn on(listener: std::net::TcpListener, access: Access) -> Result<Server, Error> {
        map_large_allocations_apart();
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
        // Read or made in the background, shared by every server of the process.
        prospects::prepare();
        let served = routes::router(access, address);
        let accepting = runtime.spawn(accept(listener, served, stop.clone()));
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
    /// and says whether some were cut. A cut request is answered 503 `stopping` (within
    /// [`CUT_ANSWERED`] more) and its work cancelled, which stops on its own thread, which
    /// nothing waits for.
    ///
    /// # Panics
    ///
    /// When called from a task of an asynchronous runtime, whose thread it would block.
    pub fn stop(mut self) -> Stopped {
        self.stop.notify_one();
        let accepting = &mut self.accepting;
        self.runtime
            .block_on(accepting)
            .unwrap_or_else(|failed| std::panic::resume_unwind(failed.into_panic()))
    }

    /// Runs `future` to its end on the server's threads, with their timers and signals.
    pub(crate) fn block_on<F: Future>(&self, future: F) -> F::Output {
        self.runtime.block_on(future)
    }
}

/// A listener at `address` whose queue of connections not yet accepted holds
/// [`LISTEN_BACKLOG`]: while clients open connections by the thousand, one more waits there
/// for its turn rather than for the system to retry it a second later.
fn listen(address: SocketAddr) -> io::Result<std::net::TcpListener> {
    let socket = socket2::Socket::new(
        socket2::Domain::for_address(address),
        socket2::Type::STREAM,
        None,
    )?;
    // As the standard library's listeners do: a port just freed can be listened on again.
    #[cfg(unix)]
    socket.set_reuse_address(true)?;
    socket.bind(&address.into())?;
    socket.listen(LISTEN_BACKLOG)?;
    Ok(socket.into())
}

/// Accepts connections and answers them until `stop` is notified; then lets the requests in
/// flight finish for up to [`DRAIN`], and answers those still running 503 `stopping`, their
/// work cancelled.
async fn accept(listener: TcpListener, served: Served, stop: Arc<Notify>) -> Stopped {
    let (router, cut) = served.into_parts();
    let graceful = GracefulShutdown::new();
    let connections = Arc::new(Connections::new(connections::cap()));
    let mut stopped = std::pin::pin!(stop.notified());
    loop {
        tokio::select! {
            () = connections.room() => {}
            () = &mut stopped => break,
        }
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
        let registered = connections.register();
        let service = Counted {
            inner: TowerToHyperService::new(router.clone()),
            connection: registered.connection(),
        };
        let (socket, watch) = client::socket(stream, registered.connection());
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(HEAD_TIMEOUT)
            // Also the most of an answer hyper holds beside the one piece of it being sent.
            .max_buf_size(MAX_HEAD)
            // A client that half-closes after its request is answered (RFC 9112 §9.6 allows
            // it); one that leaves is seen by the watch (`client`).
            .half_close(true)
            .serve_connection(TokioIo::new(socket), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A connection's errors (a client gone, a timeout) end that connection only; one
            // evicted to make room, or whose client left while a request was at work, is
            // dropped, which closes it and cancels the work.
            tokio::select! {
                () = client::watched(connection, watch) => {}
                () = registered.evicted() => {}
            }
            drop(registered);
        });
    }
    drop(listener);
    let mut shutdown = std::pin::pin!(graceful.shutdown());
    match tokio::time::timeout(DRAIN, &mut shutdown).await {
        Ok(()) => Stopped::Drained,
        Err(_) => {
            // Each request still in flight is answered 503 `stopping`, its work cancelled, and
            // given a moment for that answer to go out.
            cut.cut();
            let _ = tokio::time::timeout(CUT_ANSWERED, shutdown).await;
            Stopped::Cut
        }
    }
}

/// The service of one connection, which hands its requests the connection, for the endpoint
/// to mark it busy while it answers (`bounds::body`).
#[derive(Clone)]
struct Counted<S> {
    inner: S,
    connection: Arc<Connection>,
}

impl<S: hyper::service::Service<hyper::Request<Incoming>>>
    hyper::service::Service<hyper::Request<Incoming>> for Counted<S>
where
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = std::pin::Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn call(&self, mut request: hyper::Request<Incoming>) -> Self::Future {
        request.extensions_mut().insert(self.connection.clone());
        Box::pin(self.inner.call(request))
    }
}
