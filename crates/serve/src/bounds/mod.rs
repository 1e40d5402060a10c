//! The bounds on every request, each its own layer around the routes, from the outermost:
//!
//! - [`headers`]: no answer is sniffed or cached by the browser as something else;
//! - [`unsent`]: the answers made and not yet read hold at most [`crate::limits::UNSENT`];
//! - [`timeout`]: a request is answered within [`crate::limits::REQUEST_TIMEOUT`], its body,
//!   its wait for a solver and its work included;
//! - [`body`]: the body is read whole, within [`crate::limits::MAX_BODY`] and at
//!   [`crate::limits::BODY_RATE`] at least, before the endpoint sees the request.
//!
//! The gate (`crate::gate`) stands outside them all: a request it refuses costs nothing.

pub mod body;
pub mod headers;
pub mod timeout;
pub mod unsent;

use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Memory that requests in flight share, counted in KiB: the bodies being read, the answers not
/// yet read.
#[derive(Clone)]
pub struct Memory(Arc<Semaphore>);

impl Memory {
    /// `bytes` of memory, all of it free.
    pub fn new(bytes: usize) -> Memory {
        Memory(Arc::new(Semaphore::new(bytes >> 10)))
    }

    /// A share of `bytes`, rounded up to whole KiB, held until the share is dropped; `None` when
    /// that much is not free.
    pub fn take(&self, bytes: usize) -> Option<OwnedSemaphorePermit> {
        let kib = u32::try_from(bytes.div_ceil(1024)).unwrap_or(u32::MAX);
        self.0.clone().try_acquire_many_owned(kib).ok()
    }
}
