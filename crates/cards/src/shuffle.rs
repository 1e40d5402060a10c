//! The shuffle of every game that deals from a pack, written out here rather than taken from
//! `rand`, whose algorithms may change from one version to the next: a game's deal N is a public
//! contract and must never change. The random words come from the caller's generator (each game
//! documents its own).
//!
//! - **Uniform integer below `n`** ([`below`], Lemire's multiply-and-reject): draw a 32-bit word
//!   `w` (`next_u32`) and form the 64-bit product `m = w × n`; while its low 32 bits are below
//!   `2^32 mod n`, draw again; the result is `m >> 32` (its high 32 bits). Exactly uniform, and
//!   almost never a division.
//! - **Shuffle** ([`shuffle`], Fisher–Yates from the last place down): for `i` from the last
//!   place down to 1, swap item `i` with item `below(i + 1)`.
//! - **A shuffled pack** ([`pack`]): the 52 cards in [`Card::index`] order, shuffled.
//!
//! ```
//! use cards::shuffle;
//! use rand_chacha::ChaCha8Rng;
//! use rand_chacha::rand_core::SeedableRng;
//!
//! let mut rng = ChaCha8Rng::seed_from_u64(7);
//! let pack = shuffle::pack(&mut rng);
//! let mut indices: Vec<usize> = pack.iter().map(|c| c.index()).collect();
//! indices.sort_unstable();
//! assert_eq!(indices, (0..52).collect::<Vec<_>>());
//! assert!(shuffle::below(&mut rng, 7) < 7);
//! ```

use crate::Card;
use rand_core::Rng;

/// A uniform integer in `0..n` (`n ≥ 1`), by Lemire's method as the module describes.
pub fn below(rng: &mut impl Rng, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut product = u64::from(rng.next_u32()) * u64::from(n);
    if (product as u32) < n {
        // 2^32 mod n, computed without 64-bit arithmetic: (2^32 − n) mod n.
        let zone = n.wrapping_neg() % n;
        // Products whose low half falls below `zone` would make some results more likely.
        while (product as u32) < zone {
            product = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (product >> 32) as u32
}

/// Fisher–Yates, as the module describes it: for `i` from `items.len() − 1` down to 1, swaps
/// item `i` with item `below(i + 1)`.
pub fn shuffle<T>(rng: &mut impl Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

/// The pack in [`Card::index`] order, shuffled.
pub fn pack(rng: &mut impl Rng) -> [Card; 52] {
    let mut pack = Card::ALL;
    shuffle(rng, &mut pack);
    pack
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    #[test]
    fn below_is_uniform_over_small_ranges() {
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            counts[below(&mut rng, 3) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_500..10_500).contains(&c)),
            "{counts:?}"
        );
        assert_eq!(below(&mut rng, 1), 0);
    }

    #[test]
    fn every_place_of_a_short_shuffle_is_reached() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut seen = [[0u32; 4]; 4];
        for _ in 0..4_000 {
            let mut items = [0, 1, 2, 3];
            shuffle(&mut rng, &mut items);
            for (place, &item) in items.iter().enumerate() {
                seen[item][place] += 1;
            }
        }
        assert!(
            seen.iter().flatten().all(|&n| (850..1150).contains(&n)),
            "{seen:?}"
        );
    }
}
