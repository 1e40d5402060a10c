//! A bound on the memory the census and the solver may hold: positions take bytes, and a start
//! with many pegs and few symmetries has hundreds of millions of them.

use std::cell::Cell;
use std::collections::TryReserveError;
use thiserror::Error;

/// The bound that `parlor` applies unless told otherwise: four times what the census of the
/// standard start holds, and well below what a current computer has.
pub const DEFAULT_MEMORY: u64 = 4 << 30;

/// A search stopped for want of memory: past the bound it was given, or refused by the system
/// before it got there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum OverMemory {
    /// The positions would pass the bound the search was given.
    #[error(
        "the positions reachable from this start need more than {} of memory (the work stopped after {} positions)",
        size(*limit),
        grouped(*positions)
    )]
    Bound {
        /// The bound, in bytes.
        limit: u64,
        /// Positions stored by then.
        positions: u64,
    },
    /// The system refused memory for the positions before the bound was reached: the machine's
    /// memory, or a limit set on the process (`ulimit -v`), is smaller than the bound.
    #[error(
        "the system refused more memory for the positions when they held {} (the work stopped after {} positions)",
        roughly(*held),
        grouped(*positions)
    )]
    Refused {
        /// The bytes the search held, by its own count, when it was refused.
        held: u64,
        /// Positions stored by then.
        positions: u64,
    },
}

thread_local! {
    /// Whether the allocation being made on this thread has its refusal handled: a process-wide
    /// allocator that ends the process when memory is refused leaves these to their callers.
    static FALLIBLE: Cell<bool> = const { Cell::new(false) };
}

/// Whether an allocation refused on this thread now would come back to its caller as an error
/// (a table of the census or a solver growing) rather than be a failure nothing handles.
///
/// A global allocator may ask this when the system refuses it memory: when it is `false`, the
/// standard library would abort, and the allocator may end the process its own way instead.
pub fn refusal_handled() -> bool {
    FALLIBLE.try_with(Cell::get).unwrap_or(false)
}

/// Runs `reserve`, a `try_reserve` of some table, marked as handling its own refusal.
pub(crate) fn fallibly<T>(
    reserve: impl FnOnce() -> Result<T, TryReserveError>,
) -> Result<T, TryReserveError> {
    let before = FALLIBLE.replace(true);
    let result = reserve();
    FALLIBLE.set(before);
    result
}

/// Room for `additional` more items in `items`, or the system's refusal.
pub(crate) fn reserve<T>(items: &mut Vec<T>, additional: usize) -> Result<(), TryReserveError> {
    fallibly(|| items.try_reserve_exact(additional))
}

/// `len` copies of `value`, or the system's refusal.
pub(crate) fn filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, TryReserveError> {
    let mut items = Vec::new();
    reserve(&mut items, len)?;
    items.resize(len, value);
    Ok(items)
}

/// Pushes `item`, growing `items` (doubling it) fallibly when it is full.
pub(crate) fn push<T>(items: &mut Vec<T>, item: T) -> Result<(), TryReserveError> {
    if items.len() == items.capacity() {
        fallibly(|| items.try_reserve(items.len().max(4)))?;
    }
    items.push(item);
    Ok(())
}

/// A number of bytes as people write it: `64 MiB`, `4 GiB`, `1,000 bytes`.
pub fn size(bytes: u64) -> String {
    for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")] {
        if bytes >= 1 << shift && bytes.is_multiple_of(1 << shift) {
            return format!("{} {unit}", grouped(bytes >> shift));
        }
    }
    format!("{} bytes", grouped(bytes))
}

/// A number of bytes to the MiB below it: `about 212 MiB`.
fn roughly(bytes: u64) -> String {
    if bytes < 1 << 20 {
        return size(bytes);
    }
    format!("about {}", size(bytes >> 20 << 20))
}

/// `895,752`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(size(64 << 20), "64 MiB");
        assert_eq!(size(4 << 30), "4 GiB");
        assert_eq!(size(1536 << 20), "1,536 MiB");
        assert_eq!(size(1000), "1,000 bytes");
        assert_eq!(grouped(895_752), "895,752");
        assert_eq!(roughly((212 << 20) + 5), "about 212 MiB");
    }

    #[test]
    fn a_refusal_is_handled_only_inside_a_fallible_reservation() {
        assert!(!refusal_handled());
        let mut items: Vec<u64> = Vec::new();
        let handled = fallibly(|| {
            let inside = refusal_handled();
            items.try_reserve(8).map(|()| inside)
        });
        assert_eq!(handled, Ok(true));
        assert!(!refusal_handled());
        // Far more than any address space: refused, and the refusal comes back as an error.
        assert!(reserve(&mut items, usize::MAX / 16).is_err());
        // black_box: a table nobody reads may be left unmade by the optimiser, and then
        // nothing is refused.
        let table = filled(usize::MAX / 32, 0u64).map(std::hint::black_box);
        assert!(table.is_err());
        push(&mut items, 3).unwrap();
        assert_eq!(items, [3]);
    }
}
