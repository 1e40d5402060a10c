use super::Strategy;
use crate::deal::strategy_rng;
use crate::position::{Move, Position};
use cards::shuffle::below;
use rand_chacha::ChaCha8Rng;

/// `random`: each legal move equally likely — the baseline every other strategy must beat. Its
/// numbers come from stream 1 of the deal's generator ([`crate::deal`]): choosing among n moves
/// takes `below(n)`, so a deal is always played the same way.
pub struct Random {
    rng: ChaCha8Rng,
}

impl Random {
    /// The random player of deal `number`.
    pub fn new(number: u64) -> Random {
        Random {
            rng: strategy_rng(number),
        }
    }
}

impl Strategy for Random {
    fn choose(&mut self, _: &Position, moves: &[Move]) -> usize {
        below(&mut self.rng, moves.len() as u32) as usize
    }
}
