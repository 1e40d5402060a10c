//! Deals from numbers: the generator, the shuffle and the order in which cards are laid out.
//!
//! This is a public contract: deal N must be the same on every machine and in every version.
//!
//! - **Generator.** Deal `N` (any `u64`) uses ChaCha8 (`rand_chacha::ChaCha8Rng`, the 8-round
//!   ChaCha stream cipher, which rand_chacha documents as portable) keyed with the 32 bytes that are
//!   `N` in little-endian order followed by 24 zero bytes. Stream 0 shuffles the pack; stream 1
//!   feeds a strategy that draws random numbers ([`strategy_rng`]); stream 2 draws the layouts
//!   of the unseen cards that `bound` imagines ([`bound_rng`]).
//! - **Uniform integer below `n`** ([`below`](cards::shuffle::below), Lemire's
//!   multiply-and-reject): draw a 32-bit word `w` (`next_u32`) and form the 64-bit product
//!   `m = w × n`; while its low 32 bits are below `2^32 mod n`, draw again; the result is
//!   `m >> 32` (its high 32 bits). Exactly uniform, and almost never a division.
//! - **Shuffle** ([`cards::shuffle`]). Start from the pack in [`Card::index`] order (clubs,
//!   diamonds, hearts, spades; ace to king in each suit); for `i` from 51 down to 1 swap card
//!   `i` with card `below(i + 1)` (Fisher–Yates).
//! - **Layout.** The shuffled pack is laid out column by column, 1 to 7, each column from its
//!   deepest card to its last: column 1 takes card 0 (face up); column k ≥ 2 takes the next k − 1
//!   cards face down and then 5 face up.
//!
//! The project's own shuffle is used ([`cards::shuffle`], shared with Speed's deals), not
//! `rand`'s, whose algorithm may change.

use crate::layout::{Layout, Slot};
use cards::Card;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

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

/// The pack shuffled for deal `number`.
pub fn shuffled_pack(number: u64) -> [Card; 52] {
    cards::shuffle::pack(&mut generator(number, 0))
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
