//! Deals from numbers: the generator, the shuffle and the order in which cards are laid out.
//!
//! This is a public contract: deal N must be the same on every machine and in every version.
//!
//! - **Generator.** Deal `N` (any `u64`) uses ChaCha8 (`rand_chacha::ChaCha8Rng`, the 8-round
//!   ChaCha stream cipher, which rand_chacha documents as portable) keyed with the 32 bytes that are
//!   `N` in little-endian order followed by 24 zero bytes. Stream 0 shuffles the pack; stream 1
//!   feeds a strategy that draws random numbers ([`strategy_rng`]); stream 2 draws the layouts
//!   of the unseen cards that `bound` imagines ([`bound_rng`]).
//! - **Uniform integer below `n`** ([`below`], Lemire's multiply-and-reject): draw a 32-bit word
//!   `w` (`next_u32`) and form the 64-bit product `m = w × n`; while its low 32 bits are below
//!   `2^32 mod n`, draw again; the result is `m >> 32` (its high 32 bits). Exactly uniform, and
//!   almost never a division.
//! - **Shuffle.** Start from the pack in [`Card::index`] order (clubs, diamonds, hearts, spades;
//!   ace to king in each suit); for `i` from 51 down to 1 swap card `i` with card `below(i + 1)`
//!   (Fisher–Yates).
//! - **Layout.** The shuffled pack is laid out column by column, 1 to 7, each column from its
//!   deepest card to its last: column 1 takes card 0 (face up); column k ≥ 2 takes the next k − 1
//!   cards face down and then 5 face up.
//!
//! The crate's own generator code is used, not `rand`'s shuffle, whose algorithm may change.

use crate::layout::{Layout, Slot};
use cards::Card;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// The generator of deal `number` on `stream` (0: the shuffle, 1: a strategy's choices, 2: the
/// bound's layouts).
fn generator(number: u64, stream: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&number.to_le_bytes());
    let mut rng = ChaCha8Rng::from_seed(key);
    rng.set_stream(stream);
    rng
}

/// The random stream a strategy uses when it plays deal `number` (stream 1 of the deal's key).
pub fn strategy_rng(number: u64) -> ChaCha8Rng {
    generator(number, 1)
}

/// The random stream [`crate::bound`] draws its layouts from for deal `number` (stream 2 of the
/// deal's key).
pub fn bound_rng(number: u64) -> ChaCha8Rng {
    generator(number, 2)
}

/// Fisher–Yates, as the module describes it: for `i` from `items.len() − 1` down to 1, swaps
/// item `i` with item `below(i + 1)`.
pub fn shuffle<T>(rng: &mut impl Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

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

/// The pack shuffled for deal `number`.
pub fn shuffled_pack(number: u64) -> [Card; 52] {
    let mut rng = generator(number, 0);
    let mut pack: [Card; 52] = std::array::from_fn(crate::card_at);
    shuffle(&mut rng, &mut pack);
    pack
}

/// Deal `number`: the shuffled pack laid out as the module describes.
pub fn deal(number: u64) -> Layout {
    layout_of(&shuffled_pack(number))
}

/// Lays out a pack in the order of the module's description.
pub fn layout_of(pack: &[Card; 52]) -> Layout {
    let mut columns: [Vec<Slot>; 7] = Default::default();
    let mut next = 0;
    for (k, column) in columns.iter_mut().enumerate() {
        let face_up = if k == 0 { 1 } else { 5 };
        for depth in 0..k + face_up {
            column.push(Slot {
                card: pack[next],
                face_up: depth >= k,
            });
            next += 1;
        }
    }
    Layout { columns }
}
