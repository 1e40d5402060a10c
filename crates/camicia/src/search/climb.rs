//! The climb: a local search from a deal.

use super::{ByLength, Catch, as_index};
use crate::pack::Pack;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// The climb: a local search from a deal, one round of [`ROUND`] neighbours at a time.
///
/// Step 0 is the starting deal itself. Each later step is a neighbour of the round's base: the
/// base changed by one to three moves, a move taking one of the 16 payment cards and either
/// swapping it with a card of another kind or moving it elsewhere in the pack (the cards between
/// close up). After a round, the longest finished neighbour becomes the base if it is at least
/// as long as the base (equal lengths let the climb cross plateaus). After [`PATIENCE`] rounds
/// without a longer base, one wide round draws six or seven moves from the longest game found so
/// far, and its longest finished neighbour becomes the base whatever its length: a kick out of
/// the local maximum that stays near the best region.
///
/// Moves come from ChaCha8 (`ChaCha8Rng::seed_from_u64(seed)`, stream 1): step n reads the 16
/// words from word 16·n, the first giving the number of moves and each move two words (the
/// payment card, the kind of move and the place). Every step depends only on the seed and the
/// state after the round before, so a climb is the same whatever the threads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Climb {
    key: [u8; 32],
    /// Step 0.
    #[serde(with = "as_index")]
    pub start: Pack,
    /// The base of the next round, with its outcome.
    pub base: Catch,
    /// The longest finished game so far (the start until a finished game is played).
    pub best: Catch,
    /// Rounds since the base last got longer.
    pub stale: u32,
}

/// Neighbours per round.
pub const ROUND: u64 = 4096;
/// Rounds without progress before a wide round.
pub const PATIENCE: u32 = 8;

/// Words of randomness per step: one ChaCha block.
const BLOCK: u128 = 16;

impl Climb {
    /// A climb from a one-pack deal.
    pub fn new(start: Pack, seed: u64) -> Climb {
        let find = Catch {
            order: 0,
            pack: start,
            outcome: crate::fast::play_pack(&start),
        };
        Climb::resume(seed, start, find, find, 0)
    }

    /// A climb in the state a checkpoint recorded.
    pub fn resume(seed: u64, start: Pack, base: Catch, best: Catch, stale: u32) -> Climb {
        Climb {
            key: ChaCha8Rng::seed_from_u64(seed).get_seed(),
            start,
            base,
            best,
            stale,
        }
    }

    /// Whether the next round is a wide one.
    pub(crate) fn is_wide(&self) -> bool {
        self.stale >= PATIENCE
    }

    /// The deals of steps `range.start` to `range.end - 1` of the next round.
    pub fn steps(&self, range: std::ops::Range<u64>) -> impl Iterator<Item = Pack> + '_ {
        let mut rng = ChaCha8Rng::from_seed(self.key);
        rng.set_stream(1);
        rng.set_word_pos(u128::from(range.start) * BLOCK);
        let wide = self.is_wide();
        let base = if wide { self.best.pack } else { self.base.pack };
        range.map(move |step| {
            let words: [u32; BLOCK as usize] = std::array::from_fn(|_| rng.next_u32());
            if step == 0 {
                return self.start;
            }
            let moves = if wide {
                6 + (words[0] & 1) as usize
            } else {
                1 + below(words[0], 3)
            };
            let mut pack = base;
            for m in 0..moves {
                shake(&mut pack, words[1 + 2 * m], words[2 + 2 * m]);
            }
            pack
        })
    }

    /// Moves to the next round after one whose longest finished game was `longest`.
    pub fn advance(&mut self, longest: Option<Catch>) {
        let wide = self.is_wide();
        let Some(longest) = longest else {
            self.stale = if wide { 0 } else { self.stale + 1 };
            return;
        };
        if ByLength(longest) > ByLength(self.best) || self.best.is_loop() {
            self.best = longest;
        }
        // A looping base counts as no length at all.
        let base = if self.base.is_loop() {
            (0, 0)
        } else {
            (self.base.outcome.cards, self.base.outcome.tricks)
        };
        let length = (longest.outcome.cards, longest.outcome.tricks);
        if wide || length.0 > base.0 {
            self.stale = 0;
        } else {
            self.stale += 1;
        }
        if wide || length >= base {
            self.base = longest;
        }
    }
}

/// A number uniform enough in 0 … n - 1 from a 32-bit word (the high part of word · n).
fn below(word: u32, n: usize) -> usize {
    ((u64::from(word) * n as u64) >> 32) as usize
}

/// One move: the payment card picked by `card` (the k-th from the top, k from its high bits)
/// swaps with a card of another kind near place `place`, or moves to `place`, as the lowest bit
/// of `card` says.
fn shake(pack: &mut Pack, card: u32, place: u32) {
    let k = below(card, 16);
    let i = pack
        .iter()
        .enumerate()
        .filter(|&(_, &p)| p > 0)
        .nth(k)
        .map_or(0, |(i, _)| i);
    let j = below(place, 52);
    if card & 1 == 0 {
        // Swapping two cards of a kind changes nothing: take the next place holding another kind.
        let j = (0..52)
            .map(|d| (j + d) % 52)
            .find(|&p| pack[p] != pack[i])
            .unwrap_or(i);
        pack.permute(|codes| codes.swap(i, j));
    } else {
        let j = if j == i { (i + 1) % 52 } else { j };
        pack.permute(|codes| {
            if i < j {
                codes[i..=j].rotate_left(1);
            } else {
                codes[j..=i].rotate_right(1);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Dealer;
    use crate::engine::Engine;
    use crate::index;
    use crate::search::{Keep, haul};

    #[test]
    fn neighbours_are_one_pack_and_near() {
        let start = Dealer::new(3).pack(9);
        let climb = Climb::new(start, 5);
        let steps: Vec<Pack> = climb.steps(0..2000).collect();
        assert_eq!(steps[0], start);
        for pack in &steps {
            assert!(index::index(pack).is_some());
        }
        // Mostly near: a single swap changes two places.
        let changed_two = steps
            .iter()
            .filter(|p| p.iter().zip(start.iter()).filter(|(a, b)| a != b).count() == 2)
            .count();
        assert!(changed_two > 200, "{changed_two}");
        // The same steps, one by one or in runs.
        let again: Vec<Pack> = (0..2000).flat_map(|s| climb.steps(s..s + 1)).collect();
        assert_eq!(steps, again);
    }

    #[test]
    fn a_climb_goes_up_and_kicks_when_stuck() {
        let mut climb = Climb::new(Dealer::new(3).pack(9), 5);
        let start = climb.base.outcome.cards;
        let keep = Keep {
            top: 1,
            min_cards: None,
        };
        let mut wide_rounds = 0;
        for round in 0..40 {
            wide_rounds += u32::from(climb.is_wide());
            let first = round * ROUND;
            let haul = haul(
                Engine::best(),
                climb.steps(first..first + ROUND),
                first.into(),
                keep,
            );
            let best = climb.best.outcome.cards;
            climb.advance(haul.best);
            assert!(climb.best.outcome.cards >= best);
        }
        assert!(
            climb.best.outcome.cards > 2 * start,
            "{start} -> {:?}",
            climb.best
        );
        assert!(wide_rounds > 0);
    }

    #[test]
    fn a_move_swaps_or_moves_one_payment_card() {
        let start = index::pack(0).unwrap(); // AAAAKKKKQQQQJJJJ then 36 number cards
        let mut pack = start;
        // Card 0 (an ace) swapped with the next card of another kind from place 2: place 4.
        shake(&mut pack, 0, (2u64 << 32).div_ceil(52) as u32);
        assert_eq!(&pack[..6], &[3, 4, 4, 4, 4, 3]);
        let mut pack = start;
        // Card 0 moved to place 20: the others close up.
        shake(&mut pack, 1, (20u64 << 32).div_ceil(52) as u32);
        assert_eq!(pack[20], 4);
        assert_eq!(&pack[..4], &[4, 4, 4, 3]);
        assert_eq!(pack[14..20], [1, 0, 0, 0, 0, 0]);
    }
}
