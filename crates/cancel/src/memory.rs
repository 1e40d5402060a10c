//! Memory that pieces of work share: the bytes their tables of positions may hold together,
//! so that many costly requests at once cannot hold more than one bound, whatever each may.

use crate::{Cancel, Cancelled};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};

/// Bytes that work shares; clones share them. Each table takes its [`Share`] as it grows and
/// gives it back when it is dropped.
///
/// ```
/// use cancel::{Cancel, Memory};
///
/// let memory = Memory::new(100);
/// let (one, two) = (Cancel::new().child_sharing(&memory), Cancel::new().child_sharing(&memory));
/// let mut table = one.share();
/// assert!(table.resize(60).is_ok());
/// // The other work may not take what the first holds: it is cancelled, and crowded.
/// assert!(two.share().resize(60).is_err());
/// assert!(two.is_cancelled() && two.is_crowded() && !one.is_cancelled());
/// drop(table);
/// assert_eq!(memory.free(), 100);
/// ```
#[derive(Clone, Debug)]
pub struct Memory(Arc<Mutex<u64>>);

impl Memory {
    /// `bytes`, all of them free.
    pub fn new(bytes: u64) -> Memory {
        Memory(Arc::new(Mutex::new(bytes)))
    }

    /// The bytes no share holds.
    pub fn free(&self) -> u64 {
        *self.lock()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, u64> {
        // A count is whole whatever panicked while it was held.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// What one table holds of the [`Memory`] its work shares, given back when dropped. The
/// default share is of work that shares no memory.
#[derive(Debug, Default)]
pub struct Share {
    cancel: Cancel,
    bytes: u64,
}

impl Share {
    pub(crate) fn new(cancel: Cancel) -> Share {
        Share { cancel, bytes: 0 }
    }

    /// The bytes the share holds.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Makes the share `bytes`: a table about to grow asks for what it will hold while it
    /// moves (old and new together), then for what it holds after.
    ///
    /// # Errors
    ///
    /// [`Cancelled`] when the memory its work shares has not the more bytes free: the work's
    /// flag is then raised and marked [crowded](Cancel::is_crowded), and the share keeps what
    /// it held. Work that shares no memory is never refused.
    pub fn resize(&mut self, bytes: u64) -> Result<(), Cancelled> {
        let Some((memory, holder)) = self.cancel.memory() else {
            self.bytes = bytes;
            return Ok(());
        };
        let mut free = memory.lock();
        if bytes > self.bytes {
            let more = bytes - self.bytes;
            if more > *free {
                drop(free);
                holder.0.crowded.store(true, Ordering::Relaxed);
                holder.cancel();
                return Err(Cancelled);
            }
            *free -= more;
        } else {
            *free += self.bytes - bytes;
        }
        self.bytes = bytes;
        Ok(())
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        if let Some((memory, _)) = self.cancel.memory() {
            *memory.lock() += self.bytes;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_give_back_what_they_shrink_by_and_all_when_dropped() {
        let memory = Memory::new(1000);
        let work = Cancel::new().child_sharing(&memory);
        let mut table = work.share();
        table.resize(300).unwrap();
        table.resize(700).unwrap();
        assert_eq!(memory.free(), 300);
        table.resize(400).unwrap();
        assert_eq!((memory.free(), table.bytes()), (600, 400));
        drop(table);
        assert_eq!(memory.free(), 1000);
    }

    #[test]
    fn a_refused_share_keeps_what_it_held_and_cancels_only_its_own_work() {
        let stopping = Cancel::new();
        let memory = Memory::new(1000);
        let (one, two) = (
            stopping.child_sharing(&memory),
            stopping.child_sharing(&memory),
        );
        let mut held = one.share();
        held.resize(900).unwrap();
        // A child of the work, as a search makes of its flag, draws on the same memory.
        let mut wanting = two.child().share();
        wanting.resize(50).unwrap();
        assert_eq!(wanting.resize(200), Err(Cancelled));
        assert_eq!(wanting.bytes(), 50);
        assert!(two.is_crowded() && two.is_cancelled());
        assert!(!one.is_cancelled() && !one.is_crowded() && !stopping.is_cancelled());
        drop((held, wanting));
        assert_eq!(memory.free(), 1000);
    }

    #[test]
    fn work_that_shares_no_memory_is_never_refused() {
        let work = Cancel::new();
        let mut table = work.share();
        assert_eq!(table.resize(u64::MAX), Ok(()));
        assert!(!work.is_crowded() && !work.is_cancelled());
    }
}
