//! A fast hash for boards in hash tables: positions are plain 64-bit sets, so SipHash's defence
//! against chosen keys buys nothing here and would cost most of a search's time.

use std::hash::{BuildHasherDefault, Hasher};

#[derive(Default, Clone, Copy)]
pub(crate) struct BoardHasher(u64);

impl Hasher for BoardHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte) ^ self.0.rotate_left(8));
        }
    }

    #[inline]
    fn write_u64(&mut self, key: u64) {
        // Multiply by an odd constant (a bijection), then fold the well-mixed high half into the
        // low bits that pick the bucket.
        let mixed = (key ^ key >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = mixed ^ mixed >> 32;
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

pub(crate) type BuildBoardHasher = BuildHasherDefault<BoardHasher>;
pub(crate) type BoardSet = std::collections::HashSet<u64, BuildBoardHasher>;
pub(crate) type BoardMap<V> = std::collections::HashMap<u64, V, BuildBoardHasher>;
