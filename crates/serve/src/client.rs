//! A connection's client as its socket shows it: the answer it does not read bounded in time
//! ([`Socket`]), and, while a request of its is at work, its leaving seen within milliseconds
//! however it leaves ([`watched`]), so that the work nobody waits for is cancelled.
//!
//! hyper reads a connection only while it waits for a request or its body. While a request is
//! at work it reads nothing — not even to see the stream end, once it holds a byte sent after
//! the request (the start of a pipelined request, or one stray byte), which it keeps for the
//! next — so a client that sent one byte too many and closed was never noticed. The watch looks
//! at the socket itself, through a second descriptor of its own (hyper's readiness is left as
//! hyper finds it), woken by the socket's events, at no cost while nothing happens:
//!
//! - **a reset**, or the connection closed both ways: the client left. The connection is
//!   dropped, which cancels the request's work.
//! - **the end of the client's stream** (its FIN): a client that closed and one that only
//!   half-closed (`shutdown(SHUT_WR)`) look the same from here, and RFC 9112 lets a server go on
//!   answering a half-closed client. So the server asks: it sends an interim `102 Processing`
//!   at once and every [`PROBE_EVERY`](crate::limits::PROBE_EVERY) while the work runs (RFC 9110 §15.2: a client must parse
//!   the 1xx answers it did not expect). A closed socket answers data with a reset, seen at once,
//!   and the work is cancelled; a half-closed client reads it and gets its answer.
//! - **HTTP/1.0** has no interim answers: there a FIN while the work runs is the client leaving,
//!   as nginx takes it.
//!
//! **An interim answer never falls inside another answer.** It is written by the connection's
//! own task, after hyper's connection has returned from being polled (so hyper is not in the
//! middle of a write), and only when (1) the request is at work — its answer not made, so
//! hyper has none of it (the connection is busy from the body's last byte until the endpoint
//! returns, `bounds::body`) — and (2) hyper holds no byte it has not written: hyper queues
//! what it writes and, whenever it is polled, writes its queue until the socket takes all of it
//! or refuses more (its flush runs last in each round of its loop), so once its poll returns,
//! its queue is empty exactly when its last write took all it was given, which [`Socket`]
//! records. Anything of an earlier answer still queued therefore holds the interim answer back
//! until it is written. (3) The part of an interim answer the socket did not take at once is
//! kept, and [`Socket`] writes it before any byte of hyper's.

use crate::connections::Connection;
use crate::limits::WRITE_TIMEOUT;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, ready};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::Sleep;

/// The interim answer that asks whether the client is still there.
const PROCESSING: &[u8] = b"HTTP/1.1 102 Processing\r\n\r\n";

/// The bytes going out on a connection, as its [`Socket`] and its [`Watch`] share them.
#[derive(Default)]
struct Line {
    /// hyper holds bytes not yet written: its last write did not take all it was given.
    held: bool,
    /// What the socket has not yet taken of an interim answer; written before hyper's bytes.
    interim: Vec<u8>,
}

fn lock(line: &Mutex<Line>) -> MutexGuard<'_, Line> {
    // A flag and some bytes are whole whatever panicked while the lock was held.
    line.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `stream` as hyper uses it, and the watch over its client while a request of `connection`
/// is at work.
pub fn socket(stream: TcpStream, connection: Arc<Connection>) -> (Socket, Watch) {
    // Linux wakes a writer only once a third of the send buffer is free, and the buffer grows to
    // megabytes: a client taking a long answer at 100 KB/s seemed to take nothing for over the
    // write timeout, and was cut off. With little unsent allowed, the socket is writable again
    // as soon as the client has taken some of what was sent.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let _ = socket2::SockRef::from(&stream).set_tcp_notsent_lowat(UNSENT);
    let line = Arc::new(Mutex::new(Line::default()));
    let watch = Watch {
        socket: watch::raw(&stream),
        line: line.clone(),
        connection,
        watching: None,
    };
    let socket = Socket {
        stream,
        stalled: None,
        line,
    };
    (socket, watch)
}

/// The most bytes of an answer the system holds unsent for a connection (`TCP_NOTSENT_LOWAT`):
/// a piece of hyper's, so that a client that takes that much within [`WRITE_TIMEOUT`] is never
/// cut off.
#[cfg(any(target_os = "linux", target_os = "android"))]
const UNSENT: u32 = 16 << 10;

/// Serves `connection`, hyper's over a [`Socket`], until it ends, or until `watch` sees its
/// client leave while a request is at work: then it is dropped, which closes it and cancels the
/// request's work.
pub async fn watched(connection: impl Future, mut watch: Watch) {
    let mut connection = std::pin::pin!(connection);
    std::future::poll_fn(|cx| {
        if connection.as_mut().poll(cx).is_ready() {
            return Poll::Ready(());
        }
        // hyper has returned: it is not in the middle of a write.
        watch.poll(cx)
    })
    .await;
}

/// The watch over a connection's client (the module says how it works).
pub struct Watch {
    socket: watch::Raw,
    line: Arc<Mutex<Line>>,
    connection: Arc<Connection>,
    /// While a request is at work.
    watching: Option<watch::Watching>,
}

impl Watch {
    /// Ready when the client has left while a request is at work.
    fn poll(&mut self, cx: &mut Context<'_>) -> Poll<()> {
        let Some(interim) = self.connection.at_work() else {
            self.watching = None;
            return Poll::Pending;
        };
        if self.watching.is_none() {
            // Out of descriptors: unwatched for now, as hyper alone would leave it.
            self.watching = watch::Watching::of(self.socket).ok();
        }
        let Some(watching) = &mut self.watching else {
            return Poll::Pending;
        };
        loop {
            let seen = watch::sense(self.socket);
            if seen.reset {
                return Poll::Ready(());
            }
            if seen.ended {
                if !interim {
                    return Poll::Ready(());
                }
                if watching.probe(cx, self.socket, &self.line).is_err() {
                    return Poll::Ready(());
                }
            }
            // Woken by the socket's next event: data, its end, a reset.
            match watching.changed(cx) {
                Poll::Ready(Ok(())) => {}
                Poll::Ready(Err(_)) => return Poll::Ready(()),
                Poll::Pending => return Poll::Pending,
            }
        }
    }
}

/// A connection's socket as hyper uses it: a write that has made no progress for
/// [`WRITE_TIMEOUT`] (a client that does not read its answer) fails, as nginx's `send_timeout`
/// does, and the connection is then reset rather than the unsent bytes left to the system
/// (`reset_timedout_connection`); what an interim answer left unwritten goes first; and whether
/// hyper still holds bytes is recorded for the [`Watch`].
pub struct Socket {
    stream: TcpStream,
    stalled: Option<Pin<Box<Sleep>>>,
    line: Arc<Mutex<Line>>,
}

impl Socket {
    /// What a write that returned `poll` comes to: pending until [`WRITE_TIMEOUT`] has passed
    /// since the last write that made progress, then an error.
    fn bounded<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.stalled = None;
            return poll;
        }
        let stalled = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(WRITE_TIMEOUT)));
        ready!(stalled.as_mut().poll(cx));
        // The unsent answer is dropped with the connection, not sent for minutes more.
        let _ = self.stream.set_zero_linger();
        Poll::Ready(Err(io::Error::new(
            io::ErrorKind::TimedOut,
            "the client read nothing of its answer for the write timeout",
        )))
    }

    /// Writes what is left of an interim answer, then `write` (hyper's bytes, `length` of
    /// them), recording whether hyper then still holds some.
    fn written(
        &mut self,
        cx: &mut Context<'_>,
        length: usize,
        write: impl FnOnce(Pin<&mut TcpStream>, &mut Context<'_>) -> Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        let poll = match self.interim_written(cx) {
            Poll::Ready(Ok(())) => write(Pin::new(&mut self.stream), cx),
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => Poll::Pending,
        };
        lock(&self.line).held = !matches!(poll, Poll::Ready(Ok(n)) if n == length);
        self.bounded(cx, poll)
    }

    fn interim_written(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let mut line = lock(&self.line);
        while !line.interim.is_empty() {
            let n = ready!(Pin::new(&mut self.stream).poll_write(cx, &line.interim))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            line.interim.drain(..n);
        }
        Poll::Ready(Ok(()))
    }
}

impl AsyncRead for Socket {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Socket {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.written(cx, buf.len(), |stream, cx| stream.poll_write(cx, buf))
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let length = bufs.iter().map(|b| b.len()).sum();
        self.written(cx, length, |stream, cx| {
            stream.poll_write_vectored(cx, bufs)
        })
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = match self.interim_written(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut self.stream).poll_flush(cx),
            other => other,
        };
        self.bounded(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.stream).poll_shutdown(cx);
        self.bounded(cx, poll)
    }
}

/// The system's side of the watch: the socket's state read without touching it, and a second
/// descriptor whose events wake the watch.
mod watch {
    use super::{Line, PROCESSING, lock};
    use crate::limits::PROBE_EVERY;
    use std::io;
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
    use std::pin::Pin;
    use std::sync::Mutex;
    use std::task::{Context, Poll};
    use tokio::io::unix::AsyncFd;
    use tokio::net::TcpStream;
    use tokio::time::Sleep;

    /// The socket's descriptor, valid while its connection is, which the watch outlives not.
    #[derive(Clone, Copy)]
    pub struct Raw(RawFd);

    pub fn raw(stream: &TcpStream) -> Raw {
        Raw(stream.as_raw_fd())
    }

    /// What the socket's state says of the client.
    #[derive(Default)]
    pub struct Seen {
        /// The connection was reset, or is closed both ways.
        pub reset: bool,
        /// The client's stream has ended: it closed or half-closed.
        pub ended: bool,
    }

    /// The socket's state, read without reading or writing it.
    pub fn sense(socket: Raw) -> Seen {
        let mut polled = libc::pollfd {
            fd: socket.0,
            events: ENDED,
            revents: 0,
        };
        // SAFETY: poll reads and writes the one pollfd it is given, which lives for the call;
        // with a timeout of 0 it does not wait. The descriptor is the connection's, open while
        // the connection is.
        if unsafe { libc::poll(&mut polled, 1, 0) } != 1 {
            return Seen::default();
        }
        let reset = polled.revents & (libc::POLLERR | libc::POLLHUP | libc::POLLNVAL) != 0;
        Seen {
            reset,
            ended: polled.revents & ENDED != 0 || (!reset && peeked_end(socket)),
        }
    }

    /// The end of the peer's stream, as poll says it (Linux).
    #[cfg(any(target_os = "linux", target_os = "android"))]
    const ENDED: libc::c_short = libc::POLLRDHUP;
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    const ENDED: libc::c_short = 0;

    /// Where poll cannot say the stream ended: whether a peek finds its end (only when no
    /// byte waits before it).
    fn peeked_end(socket: Raw) -> bool {
        if ENDED != 0 {
            return false;
        }
        let mut byte = 0u8;
        // SAFETY: recv writes at most one byte into `byte`, which lives for the call; a peek
        // leaves what it finds in the socket.
        let n = unsafe {
            libc::recv(
                socket.0,
                (&raw mut byte).cast(),
                1,
                libc::MSG_PEEK | libc::MSG_DONTWAIT,
            )
        };
        n == 0
    }

    /// A send that never waits (and, where the system has the flag, raises no SIGPIPE on a
    /// closed connection; Rust's programs ignore the signal anyway).
    #[cfg(any(target_os = "linux", target_os = "android"))]
    const SEND_FLAGS: libc::c_int = libc::MSG_DONTWAIT | libc::MSG_NOSIGNAL;
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    const SEND_FLAGS: libc::c_int = libc::MSG_DONTWAIT;

    /// A request's watch while it is at work.
    pub struct Watching {
        /// A second descriptor of the socket, whose readiness is the watch's alone.
        events: AsyncFd<OwnedFd>,
        /// When the next interim answer is due, once one is sent.
        next: Option<Pin<Box<Sleep>>>,
    }

    impl Watching {
        pub fn of(socket: Raw) -> io::Result<Watching> {
            // SAFETY: fcntl duplicates a descriptor the connection holds open; the new one is
            // owned by what is returned and closed with it.
            let copy = unsafe { libc::fcntl(socket.0, libc::F_DUPFD_CLOEXEC, 0) };
            if copy < 0 {
                return Err(io::Error::last_os_error());
            }
            // SAFETY: `copy` is a descriptor just made, owned by nothing else.
            let owned = unsafe { OwnedFd::from_raw_fd(copy) };
            // SAFETY: an OwnedFd's descriptor is open, and the same one, for as long as it is
            // owned: here by the AsyncFd, until it is dropped.
            let events = unsafe { AsyncFd::register(owned) }.map_err(|e| e.into_parts().1)?;
            Ok(Watching { events, next: None })
        }

        /// Ready when the socket has had an event since the last call.
        pub fn changed(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
            let mut guard = std::task::ready!(self.events.poll_read_ready(cx))?;
            guard.clear_ready();
            Poll::Ready(Ok(()))
        }

        /// Sends the client an interim answer when one is due and may be sent (the module
        /// says when); `Err` when the socket refuses it: the client is gone.
        pub fn probe(
            &mut self,
            cx: &mut Context<'_>,
            socket: Raw,
            line: &Mutex<Line>,
        ) -> io::Result<()> {
            let mut line = lock(line);
            if line.held {
                // hyper's bytes go first; its next write wakes this task.
                return Ok(());
            }
            if line.interim.is_empty() {
                let due = self
                    .next
                    .as_mut()
                    .is_none_or(|next| next.as_mut().poll(cx).is_ready());
                if !due {
                    return Ok(());
                }
                line.interim.extend_from_slice(PROCESSING);
                let mut next = Box::pin(tokio::time::sleep(PROBE_EVERY));
                // Polled once, so that it wakes this task when it is due.
                let _ = next.as_mut().poll(cx);
                self.next = Some(next);
            }
            while !line.interim.is_empty() {
                // SAFETY: send reads the bytes it is given, which live for the call, and never
                // waits.
                let n = unsafe {
                    libc::send(
                        socket.0,
                        line.interim.as_ptr().cast(),
                        line.interim.len(),
                        SEND_FLAGS,
                    )
                };
                match usize::try_from(n) {
                    Ok(n) => drop(line.interim.drain(..n)),
                    Err(_) => {
                        let error = io::Error::last_os_error();
                        if error.kind() != io::ErrorKind::WouldBlock {
                            return Err(error);
                        }
                        match self.events.poll_write_ready(cx) {
                            Poll::Ready(Ok(mut guard)) => guard.clear_ready(),
                            Poll::Ready(Err(e)) => return Err(e),
                            Poll::Pending => return Ok(()),
                        }
                    }
                }
            }
            Ok(())
        }
    }
}
