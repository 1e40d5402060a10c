//! A hash table from positions to path counts, built for the census: tens of millions of
//! additions into a table far larger than the caches. Each addition is queued for a few dozen
//! others while the memory of its slot is fetched, so that many cache misses overlap instead of
//! being paid one after the other.

use crate::memory::filled;
use std::collections::TryReserveError;

/// Marks a free slot; no board sets bit 63.
const FREE: u64 = u64::MAX;

/// How many additions wait for their slot's memory.
pub(crate) const QUEUE: usize = 32;

/// What a walk over the levels adds up for each position: the number of jump sequences that
/// reach it (`u128`, for the census's games), or nothing (`()`), when only the positions are
/// wanted and a slot is then a bare key.
pub(crate) trait Paths: Copy + Send + Sync {
    /// How a count is kept in a slot.
    type Kept: Copy + Send + Sync;
    /// No path yet.
    const NONE: Self;
    /// The one path to the start.
    const ONE: Self;
    fn keep(self) -> Self::Kept;
    fn kept(kept: Self::Kept) -> Self;
    fn plus(self, other: Self) -> Self;
}

impl Paths for u128 {
    /// Two halves, so that a slot takes 24 bytes rather than the 32 that the alignment of
    /// `u128` would ask for.
    type Kept = [u64; 2];
    const NONE: u128 = 0;
    const ONE: u128 = 1;

    #[inline]
    fn keep(self) -> [u64; 2] {
        [self as u64, (self >> 64) as u64]
    }

    #[inline]
    fn kept([low, high]: [u64; 2]) -> u128 {
        u128::from(high) << 64 | u128::from(low)
    }

    #[inline]
    fn plus(self, other: u128) -> u128 {
        self + other
    }
}

impl Paths for () {
    type Kept = ();
    const NONE: () = ();
    const ONE: () = ();

    #[inline]
    fn keep(self) {}

    #[inline]
    fn kept((): ()) {}

    #[inline]
    fn plus(self, (): ()) {}
}

/// A key and its count.
#[derive(Clone, Copy)]
struct Slot<P: Paths> {
    key: u64,
    count: P::Kept,
}

impl<P: Paths> Slot<P> {
    fn free() -> Slot<P> {
        Slot::new(FREE, P::NONE)
    }

    #[inline]
    fn new(key: u64, count: P) -> Slot<P> {
        Slot {
            key,
            count: count.keep(),
        }
    }

    #[inline]
    fn count(&self) -> P {
        P::kept(self.count)
    }
}

pub(crate) struct CountTable<P: Paths> {
    slots: Vec<Slot<P>>,
    shift: u32,
    len: usize,
    queue: [(u64, P); QUEUE],
    queued: usize,
}

impl<P: Paths> CountTable<P> {
    /// The slots of a table made for `expected` keys.
    fn slots_for(expected: usize) -> usize {
        (expected.max(8) * 2).next_power_of_two()
    }

    /// The memory a table made for `expected` keys holds.
    pub(crate) fn bytes_for(expected: usize) -> u64 {
        (Self::slots_for(expected) * std::mem::size_of::<Slot<P>>()) as u64
    }

    /// A table that holds `expected` keys before it has to grow, or the system's refusal.
    pub(crate) fn with_capacity(expected: usize) -> Result<CountTable<P>, TryReserveError> {
        let size = Self::slots_for(expected);
        Ok(CountTable {
            slots: filled(size, Slot::free())?,
            shift: 64 - size.trailing_zeros(),
            len: 0,
            queue: [(FREE, P::NONE); QUEUE],
            queued: 0,
        })
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        // Fibonacci hashing: the high bits of the product depend on every bit of the key.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Adds `count` to the key's count (inserting the key with `count` if absent); the system's
    /// refusal when the table has to grow and cannot, the table left as it was before the
    /// addition that grew it.
    #[inline]
    pub(crate) fn add(&mut self, key: u64, count: P) -> Result<(), TryReserveError> {
        prefetch(&self.slots[self.home(key)]);
        let index = self.queued % QUEUE;
        if self.queued >= QUEUE {
            let (old_key, old_count) = self.queue[index];
            self.add_now(old_key, old_count)?;
        }
        self.queue[index] = (key, count);
        self.queued += 1;
        Ok(())
    }

    fn add_now(&mut self, key: u64, count: P) -> Result<(), TryReserveError> {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow()?;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = &mut self.slots[i];
            if slot.key == key {
                *slot = Slot::new(key, slot.count().plus(count));
                return Ok(());
            }
            if slot.key == FREE {
                *slot = Slot::new(key, count);
                self.len += 1;
                return Ok(());
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table: old and new are held together while the keys move.
    fn grow(&mut self) -> Result<(), TryReserveError> {
        let size = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, filled(size, Slot::free())?);
        self.shift = 64 - size.trailing_zeros();
        self.len = 0;
        for slot in old.into_iter().filter(|s| s.key != FREE) {
            // The new table has room for every old key: no growth, no refusal.
            self.add_now(slot.key, slot.count())?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), TryReserveError> {
        let waiting = self.queued.min(QUEUE);
        for k in 0..waiting {
            let (key, count) = self.queue[(self.queued - waiting + k) % QUEUE];
            self.add_now(key, count)?;
        }
        self.queued = 0;
        Ok(())
    }

    /// The memory the table holds.
    pub(crate) fn bytes(&self) -> u64 {
        (self.slots.len() * std::mem::size_of::<Slot<P>>()) as u64
    }

    /// Keys stored, not counting those still queued.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0 && self.queued == 0
    }

    /// The keys and their counts, in no particular order.
    pub(crate) fn into_entries(
        mut self,
    ) -> Result<impl Iterator<Item = (u64, P)>, TryReserveError> {
        self.flush()?;
        Ok(self
            .slots
            .into_iter()
            .filter(|s| s.key != FREE)
            .map(|s| (s.key, s.count())))
    }
}

#[inline]
fn prefetch<T>(slot: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint to the cache; it reads nothing into the program, cannot
    // fault, and `slot` is a valid reference in any case. SSE, which provides it, is part of the
    // x86-64 baseline.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>((slot as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = slot;
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashMap;

    #[test]
    fn adds_like_a_plain_map_through_growth() {
        let mut table = CountTable::with_capacity(4).unwrap();
        let mut keys_only = CountTable::with_capacity(4).unwrap();
        let mut plain: HashMap<u64, u128> = HashMap::new();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for i in 0..100_000u128 {
            let key = rng.random_range(0..5000);
            let count = i * (u64::MAX as u128);
            table.add(key, count).unwrap();
            keys_only.add(key, ()).unwrap();
            *plain.entry(key).or_default() += count;
        }
        let mut entries: Vec<_> = table.into_entries().unwrap().collect();
        entries.sort();
        let mut expected: Vec<_> = plain.into_iter().collect();
        expected.sort();
        assert_eq!(entries, expected);
        let mut keys: Vec<u64> = keys_only.into_entries().unwrap().map(|(k, ())| k).collect();
        keys.sort();
        assert_eq!(keys, expected.iter().map(|&(k, _)| k).collect::<Vec<_>>());
        assert_eq!(std::mem::size_of::<Slot<u128>>(), 24);
        assert_eq!(std::mem::size_of::<Slot<()>>(), 8);
    }
}
