//! What the tests and the bench draw at random: by a fixed generator, so that every run asks
//! the same questions on every machine.

use hiq::{Board, Jump};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A generator that draws the same numbers from the same seed on every machine.
pub struct Rng(ChaCha8Rng);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A number from 0 to `n` − 1.
    pub fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }
}

/// A Hi-Q game from `start`, a jump drawn among the legal ones each time, until none is left.
pub fn hiq_line(rng: &mut Rng, start: Board) -> Vec<Jump> {
    let mut board = start;
    let mut line = Vec::new();
    loop {
        let legal: Vec<Jump> = board.legal_jumps().collect();
        if legal.is_empty() {
            return line;
        }
        let jump = legal[rng.below(legal.len())];
        board = board.apply(jump).expect("a legal jump");
        line.push(jump);
    }
}
