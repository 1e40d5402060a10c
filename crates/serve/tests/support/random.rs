//! What the tests and the bench draw at random: by a fixed generator, so that every run asks
//! the same questions on every machine.

use hiq::{Board, Jump};

/// SplitMix64: simple, and the same on every machine.
pub struct Rng(pub u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number from 0 to `n` − 1.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
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
