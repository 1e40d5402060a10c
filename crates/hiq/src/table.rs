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

/// A key and its count; the count is kept as two halves so that a slot takes 24 bytes rather
/// than the 32 that the alignment of `u128` would ask for.
#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    low: u64,
    high: u64,
}

impl Slot {
    const FREE: Slot = Slot {
        key: FREE,
        low: 0,
        high: 0,
    };

    fn new(key: u64, count: u128) -> Slot {
        Slot {
            key,
            low: count as u64,
            high: (count >> 64) as u64,
        }
    }

    fn count(&self) -> u128 {
        u128::from(self.high) << 64 | u128::from(self.low)
    }
}

pub(crate) struct CountTable {
    slots: Vec<Slot>,
    shift: u32,
    len: usize,
    queue: [(u64, u128); QUEUE],
    queued: usize,
}

impl CountTable {
    /// The slots of a table made for `expected` keys.
    fn slots_for(expected: usize) -> usize {
        (expected.max(8) * 2).next_power_of_two()
    }

    /// The memory a table made for `expected` keys holds.
    pub(crate) fn bytes_for(expected: usize) -> u64 {
        (Self::slots_for(expected) * std::mem::size_of::<Slot>()) as u64
    }

    /// A table that holds `expected` keys before it has to grow, or the system's refusal.
    pub(crate) fn with_capacity(expected: usize) -> Result<CountTable, TryReserveError> {
        let size = Self::slots_for(expected);
        Ok(CountTable {
            slots: filled(size, Slot::FREE)?,
            shift: 64 - size.trailing_zeros(),
            len: 0,
            queue: [(FREE, 0); QUEUE],
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
    pub(crate) fn add(&mut self, key: u64, count: u128) -> Result<(), TryReserveError> {
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

    fn add_now(&mut self, key: u64, count: u128) -> Result<(), TryReserveError> {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow()?;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = &mut self.slots[i];
            if slot.key == key {
                *slot = Slot::new(key, slot.count() + count);
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
        let old = std::mem::replace(&mut self.slots, filled(size, Slot::FREE)?);
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
        (self.slots.len() * std::mem::size_of::<Slot>()) as u64
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
    ) -> Result<impl Iterator<Item = (u64, u128)>, TryReserveError> {
        self.flush()?;
        Ok(self
            .slots
            .into_iter()
            .filter(|s| s.key != FREE)
            .map(|s| (s.key, s.count())))
    }
}

#[inline]
fn prefetch(slot: &Slot) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint to the cache; it reads nothing into the program, cannot
    // fault, and `slot` is a valid reference in any case. SSE, which provides it, is part of the
    // x86-64 baseline.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>((slot as *const Slot).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = slot;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn adds_like_a_plain_map_through_growth() {
        let mut table = CountTable::with_capacity(4).unwrap();
        let mut plain: HashMap<u64, u128> = HashMap::new();
        let mut x = 1u64;
        for i in 0..100_000u128 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let key = (x >> 40) % 5000;
            let count = i * (u64::MAX as u128);
            table.add(key, count).unwrap();
            *plain.entry(key).or_default() += count;
        }
        let mut entries: Vec<_> = table.into_entries().unwrap().collect();
        entries.sort();
        let mut expected: Vec<_> = plain.into_iter().collect();
        expected.sort();
        assert_eq!(entries, expected);
    }
}
