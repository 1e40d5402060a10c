//! A request to stop long work: the one way a caller tells a solver that nobody waits for its
//! answer any more (the client left, the request's time is up, the program is stopping).
//!
//! The work checks [`Cancel::is_cancelled`] now and then — often enough to stop within some
//! milliseconds, seldom enough to cost nothing measurable — and returns [`Cancelled`] when it
//! was asked to stop. A cancelled answer is never a wrong one: the work gives no answer at all.
//!
//! ```
//! use cancel::{Cancel, Cancelled};
//!
//! fn count_to(n: u64, cancel: &Cancel) -> Result<u64, Cancelled> {
//!     let mut counted = 0;
//!     for i in 0..n {
//!         if i % 4096 == 0 {
//!             cancel.check()?;
//!         }
//!         counted += 1;
//!     }
//!     Ok(counted)
//! }
//!
//! let cancel = Cancel::new();
//! assert_eq!(count_to(10, &cancel), Ok(10));
//! let asker = cancel.clone();
//! asker.cancel();
//! assert_eq!(count_to(10, &cancel), Err(Cancelled));
//! ```

mod memory;

pub use memory::{Memory, Share};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use thiserror::Error;

/// A shared flag asking work to stop; clones share it. Once cancelled, it stays cancelled. A
/// [child](Cancel::child) is cancelled with its parent too.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<Flag>);

#[derive(Debug, Default)]
struct Flag {
    raised: AtomicBool,
    parent: Option<Cancel>,
    /// The memory the work's tables draw on, when it shares some with other work.
    memory: Option<Memory>,
    /// Raised with the flag when the work was stopped for want of that memory.
    crowded: AtomicBool,
}

/// The work stopped because it was asked to, before it had an answer.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[error("the work was cancelled before it had an answer")]
pub struct Cancelled;

impl Cancel {
    /// A flag nobody has raised yet.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// A flag of its own, cancelled also when this one is: one piece of work among those a
    /// whole may stop at once.
    pub fn child(&self) -> Cancel {
        Cancel(Arc::new(Flag {
            parent: Some(self.clone()),
            ..Flag::default()
        }))
    }

    /// A [child](Cancel::child) whose work's tables draw on `memory`, shared with other work:
    /// each table takes its [`Share`] as it grows, and the work is cancelled, and
    /// [crowded](Cancel::is_crowded), when `memory` has not that much free.
    pub fn child_sharing(&self, memory: &Memory) -> Cancel {
        Cancel(Arc::new(Flag {
            parent: Some(self.clone()),
            memory: Some(memory.clone()),
            ..Flag::default()
        }))
    }

    /// An empty share of the memory this flag's work draws on (that of the nearest flag up
    /// its line that has some): a table's bytes, which [`Share::resize`] follows as it grows.
    /// Where the work shares no memory, the share counts bytes and is never refused.
    pub fn share(&self) -> Share {
        Share::new(self.clone())
    }

    /// The memory this flag's work draws on, and the flag that was given it.
    fn memory(&self) -> Option<(&Memory, &Cancel)> {
        match &self.0.memory {
            Some(memory) => Some((memory, self)),
            None => self.0.parent.as_ref().and_then(Cancel::memory),
        }
    }

    /// Whether the work was cancelled because the memory it shares had not the bytes one of
    /// its tables asked for: not the work's own fault, so its asker may try again later.
    pub fn is_crowded(&self) -> bool {
        self.memory()
            .is_some_and(|(_, holder)| holder.0.crowded.load(Ordering::Relaxed))
    }

    /// Asks every holder of a clone, and of a child, to stop.
    pub fn cancel(&self) {
        // Relaxed: the flag orders nothing else; a worker that sees it late by a few
        // instructions stops at its next check.
        self.0.raised.store(true, Ordering::Relaxed);
    }

    /// Whether [`Cancel::cancel`] was called on this flag, a clone of it, or a parent of it.
    pub fn is_cancelled(&self) -> bool {
        self.0.raised.load(Ordering::Relaxed)
            || self.0.parent.as_ref().is_some_and(Cancel::is_cancelled)
    }

    /// `Err(Cancelled)` once cancelled: for `?` in the work's loop.
    ///
    /// # Errors
    ///
    /// [`Cancelled`] once [`Cancel::cancel`] was called.
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.is_cancelled() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clone_cancelled_on_another_thread_is_seen_here() {
        let cancel = Cancel::new();
        assert_eq!(cancel.check(), Ok(()));
        let other = cancel.clone();
        std::thread::spawn(move || other.cancel()).join().unwrap();
        assert!(cancel.is_cancelled());
        assert_eq!(cancel.check(), Err(Cancelled));
    }

    #[test]
    fn a_child_is_cancelled_with_its_parent_and_alone_but_not_the_parent_with_it() {
        let parent = Cancel::new();
        let (one, two) = (parent.child(), parent.child());
        one.cancel();
        assert!(one.is_cancelled());
        assert!(!parent.is_cancelled() && !two.is_cancelled());
        parent.cancel();
        assert!(two.is_cancelled() && two.child().is_cancelled());
    }

    #[test]
    fn separate_flags_are_separate() {
        let one = Cancel::new();
        let two = Cancel::new();
        one.cancel();
        assert!(!two.is_cancelled());
    }
}
