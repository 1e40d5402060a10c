//! The positions of one level, each with a value of a byte (its prospect), kept in 4 bytes a
//! position and found in one or two cache misses.
//!
//! A position's 33 holes make a 33-bit number, which a bijection scrambles into a hash. The
//! hash's high bits pick a bucket; the rest of it, with the value, is the entry kept. The
//! entries are ordered by bucket and, within one, by the rest, so the entry of a position is
//! found by scanning its bucket's few entries, and a position is rebuilt from its bucket and its
//! entry: the position itself is never stored.

use crate::memory::{filled, reserve};
use rayon::prelude::*;
use std::collections::TryReserveError;

/// Each row's holes: where the row's bits start in a [`Board`](crate::Board)'s 8-bit rows, where
/// they start in the 33 packed bits, and how many there are (as a mask).
const ROWS: [(u32, u32, u64); 7] = [
    (2, 0, 7),
    (10, 3, 7),
    (16, 6, 0x7F),
    (24, 13, 0x7F),
    (32, 20, 0x7F),
    (42, 27, 7),
    (50, 30, 7),
];

/// The 33 holes' bits of a board, in the order of the holes' numbers: the cross's bits of each
/// row of the 8-bit rows of [`Board`](crate::Board), packed. Bits increase with holes in both, so
/// the packing keeps the order of boards.
#[inline]
pub(super) fn pack(bits: u64) -> u64 {
    ROWS.iter().fold(0, |packed, &(board, at, mask)| {
        packed | (bits >> board & mask) << at
    })
}

/// The board's bits of 33 packed ones: the inverse of [`pack`].
#[inline]
pub(super) fn unpack(packed: u64) -> u64 {
    ROWS.iter().fold(0, |bits, &(board, at, mask)| {
        bits | (packed >> at & mask) << board
    })
}

const HOLES: u32 = 33;
const MASK: u64 = (1 << HOLES) - 1;
const SCRAMBLE: [u64; 2] = [0x9E37_79B9_7F4A_7C15, 0xD6E8_FEB8_6659_FD93];

/// The inverse of an odd number modulo 2^64 (and so modulo 2^33), by Newton's iteration: each
/// step doubles the bits that are right, from the 3 that `odd` itself gets right.
const fn inverse(odd: u64) -> u64 {
    let mut x = odd;
    let mut step = 0;
    while step < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(x)));
        step += 1;
    }
    x
}

const UNSCRAMBLE: [u64; 2] = [inverse(SCRAMBLE[0]), inverse(SCRAMBLE[1])];

/// A bijection of the 33-bit numbers whose high bits depend on every bit: the packed boards of a
/// level share their low bits far more than a bucket index may. Multiplying by an odd number
/// modulo 2^33 is a bijection, and so is `x ^ x >> 17`, which is its own inverse on 33 bits.
#[inline]
pub(super) fn scramble(packed: u64) -> u64 {
    let x = packed.wrapping_mul(SCRAMBLE[0]) & MASK;
    let x = x ^ x >> 17;
    x.wrapping_mul(SCRAMBLE[1]) & MASK
}

#[inline]
pub(super) fn unscramble(hash: u64) -> u64 {
    let x = hash.wrapping_mul(UNSCRAMBLE[1]) & MASK;
    let x = x ^ x >> 17;
    x.wrapping_mul(UNSCRAMBLE[0]) & MASK
}

/// Bits of an entry below the rest of the hash: the position's value.
const BYTE: u32 = 8;

/// The bucket bits for a level of `len` positions: about 2 to 4 entries a bucket, and at least
/// 9 bits, so that the rest of a hash fits in the 24 bits of an entry above its value.
pub(super) fn bucket_bits(len: usize) -> u32 {
    (len / 4)
        .max(1)
        .next_power_of_two()
        .trailing_zeros()
        .max(HOLES - 24)
}

/// One level's positions (as stored keys: boards reduced by the start's symmetries) and a value
/// of a byte for each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct LevelTable {
    /// How many high bits of a hash pick its bucket.
    bits: u32,
    /// Where each bucket's entries start, and past the last one, the number of entries.
    starts: Vec<u32>,
    /// The rest of the hash above the value of each position, by bucket and then by the rest.
    entries: Vec<u32>,
}

/// Buckets handed to one thread at a time when every value is worked out.
const CHUNK: usize = 1 << 12;

impl LevelTable {
    /// The table of these keys (distinct, in any order), every value 0; or the system's refusal.
    pub(super) fn new(mut keys: Vec<u64>) -> Result<LevelTable, TryReserveError> {
        let bits = bucket_bits(keys.len());
        let rest = HOLES - bits;
        keys.par_iter_mut().for_each(|k| *k = scramble(pack(*k)));
        keys.par_sort_unstable();
        let mut starts = filled((1 << bits) + 1, 0u32)?;
        let mut entries = Vec::new();
        reserve(&mut entries, keys.len())?;
        entries.par_extend(
            keys.par_iter()
                .map(|&h| ((h & !(!0 << rest)) as u32) << BYTE),
        );
        let mut next = 0;
        for (bucket, start) in starts.iter_mut().enumerate() {
            while next < keys.len() && (keys[next] >> rest) < bucket as u64 {
                next += 1;
            }
            *start = next as u32;
        }
        Ok(LevelTable {
            bits,
            starts,
            entries,
        })
    }

    /// A table from its parts as a file gives them; `None` unless they are one: as many
    /// buckets as [`LevelTable::new`] makes for the entries, their starts rising from 0 to the
    /// number of entries, each entry's rest within its width and rising within its bucket. (The
    /// values and the keys are for the caller to check.)
    pub(super) fn from_parts(bits: u32, starts: Vec<u32>, entries: Vec<u32>) -> Option<LevelTable> {
        if bits != bucket_bits(entries.len()) {
            return None;
        }
        let rest = HOLES - bits;
        let sound = starts.len() == (1usize << bits) + 1
            && starts.first() == Some(&0)
            && starts.last() == Some(&(entries.len() as u32))
            && starts.windows(2).all(|w| {
                w[0] <= w[1]
                    && entries
                        .get(w[0] as usize..w[1] as usize)
                        .is_some_and(|bucket| {
                            bucket.iter().all(|&e| e >> BYTE >> rest == 0)
                                && bucket.windows(2).all(|p| p[0] >> BYTE < p[1] >> BYTE)
                        })
            });
        sound.then_some(LevelTable {
            bits,
            starts,
            entries,
        })
    }

    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    pub(super) fn starts(&self) -> &[u32] {
        &self.starts
    }

    pub(super) fn entries(&self) -> &[u32] {
        &self.entries
    }

    /// Every position's value, in the table's order.
    pub(super) fn values(&self) -> impl Iterator<Item = u8> + '_ {
        self.entries.iter().map(|&e| e as u8)
    }

    /// The memory the table holds.
    pub(super) fn bytes(&self) -> u64 {
        4 * (self.starts.capacity() + self.entries.capacity()) as u64
    }

    /// The bucket of a hash, and the rest of it.
    #[inline]
    fn split(&self, hash: u64) -> (usize, u32) {
        let rest = HOLES - self.bits;
        ((hash >> rest) as usize, (hash & !(!0 << rest)) as u32)
    }

    /// The value of the position whose stored key is `key`, if the level holds it.
    #[inline]
    pub(super) fn value(&self, key: u64) -> Option<u8> {
        let (bucket, wanted) = self.split(scramble(pack(key)));
        let (&from, &to) = (self.starts.get(bucket)?, self.starts.get(bucket + 1)?);
        let entries = self.entries.get(from as usize..to as usize)?;
        entries
            .iter()
            .find(|&&e| e >> BYTE == wanted)
            .map(|&e| e as u8)
    }

    /// The values of many keys at once, as [`LevelTable::value`] gives them one by one: each
    /// group of keys waits for the memory of all its buckets together rather than for one
    /// bucket after the other, a few hundred cache misses overlapping.
    pub(super) fn look_up(&self, keys: &[u64], values: &mut [Option<u8>]) {
        const LANES: usize = 256;
        for (keys, values) in keys.chunks(LANES).zip(values.chunks_mut(LANES)) {
            let mut buckets = [(0usize, 0u32); LANES];
            let mut bounds = [(0u32, 0u32); LANES];
            let buckets = &mut buckets[..keys.len()];
            let bounds = &mut bounds[..keys.len()];
            for (split, &key) in buckets.iter_mut().zip(keys) {
                *split = self.split(scramble(pack(key)));
            }
            // Loads that depend on nothing before them and decide no branch: the processor
            // has them all under way at once.
            let start = |bucket: usize| self.starts.get(bucket).copied().unwrap_or(0);
            for (bound, &(bucket, _)) in bounds.iter_mut().zip(buckets.iter()) {
                *bound = (start(bucket), start(bucket + 1));
            }
            let mut touched = 0;
            for &(from, _) in bounds.iter() {
                touched ^= self.entries.get(from as usize).copied().unwrap_or(0);
            }
            std::hint::black_box(touched);
            for ((value, &(_, wanted)), &(from, to)) in
                values.iter_mut().zip(&*buckets).zip(&*bounds)
            {
                let entries = self
                    .entries
                    .get(from as usize..to as usize)
                    .unwrap_or_default();
                *value = entries
                    .iter()
                    .find(|&&e| e >> BYTE == wanted)
                    .map(|&e| e as u8);
            }
        }
    }

    /// Every key with its value, in the table's order.
    pub(super) fn iter(&self) -> impl Iterator<Item = (u64, u8)> + '_ {
        self.starts.windows(2).enumerate().flat_map(move |(b, w)| {
            let bucket = self.entries.get(w[0] as usize..w[1] as usize);
            let bucket = bucket.unwrap_or_default().iter();
            bucket.map(move |&e| (key(self.bits, b, e), e as u8))
        })
    }

    /// `check(key, value)` for every position, on all threads; the first error found, if any.
    pub(super) fn check<E: Send>(
        &self,
        check: impl Fn(u64, u8) -> Result<(), E> + Sync,
    ) -> Result<(), E> {
        let buckets = self.starts.len() - 1;
        (0..buckets.div_ceil(CHUNK))
            .into_par_iter()
            .try_for_each(|run| {
                let (first, last) = (run * CHUNK, ((run + 1) * CHUNK).min(buckets));
                for (b, w) in self.starts[first..=last].windows(2).enumerate() {
                    for &e in self
                        .entries
                        .get(w[0] as usize..w[1] as usize)
                        .unwrap_or_default()
                    {
                        check(key(self.bits, first + b, e), e as u8)?;
                    }
                }
                Ok(())
            })
    }

    /// Sets every position's value: `values(keys, values)` is given the keys of a run of
    /// buckets and fills in their values; the runs are shared among the threads.
    pub(super) fn fill(&mut self, values: impl Fn(&[u64], &mut [u8]) + Sync) {
        let buckets = self.starts.len() - 1;
        let mut runs: Vec<(usize, &[u32], &mut [u32])> = Vec::new();
        let mut entries = self.entries.as_mut_slice();
        let mut first = 0;
        while first < buckets {
            let last = (first + CHUNK).min(buckets);
            let starts = &self.starts[first..=last];
            let len = (starts[starts.len() - 1] - starts[0]) as usize;
            let (run, after) = std::mem::take(&mut entries).split_at_mut(len);
            runs.push((first, starts, run));
            entries = after;
            first = last;
        }
        let bits = self.bits;
        runs.into_par_iter().for_each(|(first, starts, run)| {
            let base = starts[0];
            let mut keys = Vec::with_capacity(run.len());
            for (b, w) in starts.windows(2).enumerate() {
                let bucket = &run[(w[0] - base) as usize..(w[1] - base) as usize];
                keys.extend(bucket.iter().map(|&e| key(bits, first + b, e)));
            }
            let mut found = vec![0; keys.len()];
            values(&keys, &mut found);
            for (e, value) in run.iter_mut().zip(found) {
                *e = *e & !0xFF | u32::from(value);
            }
        });
    }
}

/// The key of the entry `entry` of bucket `bucket`, buckets picked by `bits` bits.
#[inline]
fn key(bits: u32, bucket: usize, entry: u32) -> u64 {
    let hash = (bucket as u64) << (HOLES - bits) | u64::from(entry >> BYTE);
    unpack(unscramble(hash))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Hole};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn packing_numbers_the_holes_in_order() {
        for hole in Hole::all() {
            let bits = Board::from_holes([hole]).bits();
            assert_eq!(pack(bits), 1 << (hole.number() - 1));
            assert_eq!(unpack(pack(bits)), bits);
        }
        assert_eq!(pack(Board::FULL.bits()), MASK);
    }

    #[test]
    fn scrambling_is_undone() {
        assert_eq!(SCRAMBLE[0].wrapping_mul(UNSCRAMBLE[0]), 1);
        assert_eq!(SCRAMBLE[1].wrapping_mul(UNSCRAMBLE[1]), 1);
        let mut rng = ChaCha8Rng::seed_from_u64(12345);
        for _ in 0..10_000 {
            let packed = rng.random_range(0..=MASK);
            assert!(scramble(packed) <= MASK);
            assert_eq!(unscramble(scramble(packed)), packed);
        }
        assert_eq!(unscramble(scramble(MASK)), MASK);
    }

    /// `count` random boards with `pegs` pegs (of which there must be that many).
    fn boards(count: usize, pegs: u32, seed: u64) -> Vec<u64> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut keys = std::collections::BTreeSet::new();
        while keys.len() < count {
            let mut board = Board::EMPTY;
            while board.peg_count() < pegs {
                board = board.with(Hole::new(rng.random_range(1..=33)).unwrap());
            }
            keys.insert(board.bits());
        }
        keys.into_iter().collect()
    }

    #[test]
    fn finds_what_a_binary_search_of_the_sorted_list_finds() {
        for (count, pegs) in [(0, 5), (1, 4), (7, 3), (1000, 16), (40_000, 12)] {
            let sorted = boards(count, pegs, count as u64 + 7);
            let mut table = LevelTable::new(sorted.clone()).unwrap();
            assert_eq!(table.len(), count);
            // Each key's value: its place in the sorted list, as a check that every key got
            // its own value.
            table.fill(|keys, values| {
                for (key, value) in keys.iter().zip(values) {
                    *value = sorted.binary_search(key).map_or(0xFF, |i| i as u8);
                }
            });
            for (i, &key) in sorted.iter().enumerate() {
                assert_eq!(table.value(key), Some(i as u8));
            }
            let others = boards(500, pegs, 99);
            let mut at_once = vec![None; others.len()];
            table.look_up(&others, &mut at_once);
            for (&other, at_once) in others.iter().zip(at_once) {
                let expected = sorted.binary_search(&other).ok().map(|i| i as u8);
                assert_eq!(table.value(other), expected);
                assert_eq!(at_once, expected);
            }
            let mut all = vec![None; sorted.len()];
            table.look_up(&sorted, &mut all);
            assert!(all.iter().enumerate().all(|(i, &v)| v == Some(i as u8)));
            let mut listed: Vec<(u64, u8)> = table.iter().collect();
            listed.sort_unstable();
            let expected: Vec<(u64, u8)> = sorted
                .iter()
                .enumerate()
                .map(|(i, &k)| (k, i as u8))
                .collect();
            assert_eq!(listed, expected);
            let parts = (table.bits, table.starts.clone(), table.entries.clone());
            assert_eq!(
                LevelTable::from_parts(parts.0, parts.1, parts.2),
                Some(table)
            );
        }
    }

    #[test]
    fn parts_that_are_no_table_are_refused() {
        let table = LevelTable::new(boards(4000, 10, 3)).unwrap();
        let (bits, starts, entries) = (table.bits, table.starts, table.entries);
        assert!(LevelTable::from_parts(bits, starts.clone(), entries.clone()).is_some());
        assert!(LevelTable::from_parts(bits + 1, starts.clone(), entries.clone()).is_none());
        assert!(LevelTable::from_parts(40, starts.clone(), entries.clone()).is_none());
        let mut short = entries.clone();
        short.pop();
        assert!(LevelTable::from_parts(bits, starts.clone(), short).is_none());
        let mut falling = starts.clone();
        falling[3] = falling[4] + 1;
        assert!(LevelTable::from_parts(bits, falling, entries.clone()).is_none());
        let mut wide = entries.clone();
        wide[0] |= 1 << 31;
        assert!(LevelTable::from_parts(bits, starts.clone(), wide).is_none());
        let mut twice = entries;
        let full = starts.windows(2).position(|w| w[1] - w[0] >= 2).unwrap();
        let at = starts[full] as usize;
        twice[at + 1] = twice[at];
        assert!(LevelTable::from_parts(bits, starts, twice).is_none());
    }
}
