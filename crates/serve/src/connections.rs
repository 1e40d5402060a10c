//! The connections open at once: as many as the descriptors allow, and when they run short the
//! idlest make room, so that no client can hold every place by opening connections and sending
//! nothing, or sending slowly.
//!
//! A connection is *busy* while a request of its is being answered (from its body's last byte
//! to its answer's first) and *idle* otherwise: between requests, while a request's line,
//! headers and body arrive, while its answer is read. At the cap, the connection idle the longest is
//! closed for the next one; when every connection is busy, the next waits to be accepted.

use crate::limits::MAX_CONNECTIONS;
use crate::threads::give_back_freed_memory;
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
#[cfg(test)]
use std::time::Duration;
use std::time::Instant;
use tokio::sync::Notify;

/// The descriptors kept for what is not a connection: the listener, the standard streams,
/// Hi-Q's table file, the threads' own.
const RESERVED_DESCRIPTORS: u64 = 64;

/// How many connections may be open at once: [`MAX_CONNECTIONS`], or fewer when the process
/// may not open that many descriptors even after raising its soft limit to its hard one.
pub fn cap() -> usize {
    let descriptors = raise_descriptor_limit();
    let allowed = descriptors.saturating_sub(RESERVED_DESCRIPTORS).max(16);
    usize::try_from(allowed).map_or(MAX_CONNECTIONS, |allowed| allowed.min(MAX_CONNECTIONS))
}

/// Raises the soft limit on open descriptors to the hard one, as far as needed, and gives the
/// limit now in force.
fn raise_descriptor_limit() -> u64 {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes the struct it is given, which lives for the call.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
            return 1024;
        }
        let wanted = (MAX_CONNECTIONS as u64 + RESERVED_DESCRIPTORS) as libc::rlim_t;
        if limit.rlim_cur < wanted && limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: wanted.min(limit.rlim_max),
                rlim_max: limit.rlim_max,
            };
            // SAFETY: setrlimit reads the struct it is given, which lives for the call.
            if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
                limit = raised;
            }
        }
        #[allow(clippy::useless_conversion)] // rlim_t is u64 on most systems, not on all
        u64::from(limit.rlim_cur)
    }
    #[cfg(not(unix))]
    {
        MAX_CONNECTIONS as u64 + RESERVED_DESCRIPTORS
    }
}

/// The open connections, each with what the accepting loop needs to close it.
pub struct Connections {
    cap: usize,
    open: Mutex<HashMap<u64, Arc<Connection>>>,
    numbered: AtomicU64,
    /// Notified when a connection closes.
    closed: Notify,
    /// More than [`CROWDED`] connections have been open since the memory was last handed back.
    crowded: AtomicBool,
}

/// So many connections open at once that, once they have closed, the memory they held (some
/// tens of KiB each: hyper's buffers, a body) is worth handing back to the system.
const CROWDED: usize = 1_024;

/// So few connections open that the crowd of before has gone.
const CALM: usize = 16;

/// One open connection as [`Connections`] sees it.
pub struct Connection {
    /// Since when it has been idle; `None` while a request of its is being answered (hyper
    /// answers one at a time).
    idle_since: Mutex<Option<Instant>>,
    /// Whether the request being answered may be sent interim answers (HTTP/1.1 and later).
    interim: AtomicBool,
    /// Notified when it must close to make room.
    evicted: Notify,
}

impl Connections {
    /// At most `cap` open at once.
    pub fn new(cap: usize) -> Connections {
        Connections {
            cap,
            open: Mutex::new(HashMap::new()),
            numbered: AtomicU64::new(0),
            closed: Notify::new(),
            crowded: AtomicBool::new(false),
        }
    }

    fn open(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Connection>>> {
        // The map is left whole by every holder of the lock; a panic elsewhere cannot spoil it.
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits until one more connection may be opened, closing the idlest at the cap.
    pub async fn room(&self) {
        loop {
            let closed = self.closed.notified();
            {
                let mut open = self.open();
                if open.len() < self.cap {
                    return;
                }
                let idlest = open
                    .iter()
                    .filter_map(|(&number, c)| Some(((*c.idle_since())?, number)))
                    .min()
                    .map(|(_, number)| number);
                if let Some(number) = idlest {
                    // Counted closed at once: it closes as soon as its task next runs.
                    if let Some(connection) = open.remove(&number) {
                        connection.evicted.notify_one();
                    }
                    return;
                }
            }
            closed.await;
        }
    }

    /// A new connection, counted open until the returned guard is dropped.
    pub fn register(self: &Arc<Self>) -> Registered {
        let number = self.numbered.fetch_add(1, Ordering::Relaxed);
        let connection = Arc::new(Connection {
            idle_since: Mutex::new(Some(Instant::now())),
            interim: AtomicBool::new(false),
            evicted: Notify::new(),
        });
        let open = {
            let mut open = self.open();
            open.insert(number, connection.clone());
            open.len()
        };
        if open > CROWDED {
            self.crowded.store(true, Ordering::Relaxed);
        }
        Registered {
            connections: self.clone(),
            number,
            connection,
        }
    }
}

/// A connection counted open; dropped when it closes.
pub struct Registered {
    connections: Arc<Connections>,
    number: u64,
    connection: Arc<Connection>,
}

impl Registered {
    /// The connection, to mark it busy.
    pub fn connection(&self) -> Arc<Connection> {
        self.connection.clone()
    }

    /// Ends when the connection must close to make room.
    pub fn evicted(&self) -> impl Future<Output = ()> + '_ {
        self.connection.evicted.notified()
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        let open = {
            let mut open = self.connections.open();
            open.remove(&self.number);
            open.len()
        };
        self.connections.closed.notify_one();
        // glibc keeps what the crowd freed otherwise; a trim takes some milliseconds, off the
        // threads that answer connections.
        if open <= CALM
            && self.connections.crowded.swap(false, Ordering::Relaxed)
            && let Ok(runtime) = tokio::runtime::Handle::try_current()
        {
            runtime.spawn_blocking(give_back_freed_memory);
        }
    }
}

impl Connection {
    /// Marks the connection busy until the guard is dropped: a request of its, which may be
    /// sent interim answers if `interim`, is at work and its answer not yet made.
    pub fn busy(self: &Arc<Self>, interim: bool) -> Busy {
        self.interim.store(interim, Ordering::Relaxed);
        *self.idle_since() = None;
        Busy(self.clone())
    }

    /// While a request of the connection is at work (it is busy), whether that request may be
    /// sent interim answers; `None` otherwise.
    pub fn at_work(&self) -> Option<bool> {
        self.idle_since()
            .is_none()
            .then(|| self.interim.load(Ordering::Relaxed))
    }

    fn idle_since(&self) -> std::sync::MutexGuard<'_, Option<Instant>> {
        // An instant or its absence is whole whatever panicked while the lock was held.
        self.idle_since
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// A request being answered.
pub struct Busy(Arc<Connection>);

impl Drop for Busy {
    fn drop(&mut self) {
        *self.0.idle_since() = Some(Instant::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn at_the_cap_the_connection_idle_longest_and_not_busy_is_closed() {
        let connections = Arc::new(Connections::new(2));
        let oldest = connections.register();
        let newer = connections.register();
        // The oldest is answering a request: the newer, though idle for less time, goes.
        let busy = oldest.connection().busy(true);
        connections.room().await;
        tokio::time::timeout(Duration::from_millis(100), newer.evicted())
            .await
            .expect("the idle one is told to close");
        drop(newer);
        // Idle from the end of its request, before the third came.
        drop(busy);
        tokio::time::sleep(Duration::from_millis(5)).await;
        let third = connections.register();
        // Full again, and now the oldest is idle, and idle longest.
        connections.room().await;
        tokio::time::timeout(Duration::from_millis(100), oldest.evicted())
            .await
            .expect("the idlest is told to close");
        drop((oldest, third));
    }

    #[tokio::test]
    async fn when_every_connection_is_busy_the_next_waits() {
        let connections = Arc::new(Connections::new(1));
        let only = connections.register();
        let busy = only.connection().busy(true);
        let waiting = tokio::time::timeout(Duration::from_millis(100), connections.room()).await;
        assert!(waiting.is_err(), "room made while every connection is busy");
        drop(busy);
        drop(only);
        tokio::time::timeout(Duration::from_millis(100), connections.room())
            .await
            .expect("room once the connection closed");
    }

    #[test]
    fn the_cap_is_within_the_descriptors() {
        let cap = cap();
        assert!((16..=MAX_CONNECTIONS).contains(&cap), "{cap}");
    }
}
