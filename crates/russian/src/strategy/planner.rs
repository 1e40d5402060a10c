use super::{Strategy, greedy};
use crate::deal::{shuffle, strategy_rng};
use crate::fast::Game;
use crate::position::{Move, Place, Position, card_at};
use crate::solver::Solver;
use rand_chacha::ChaCha8Rng;

/// The number of layouts `planner` samples at each decision unless told otherwise.
pub const DEFAULT_SAMPLES: u32 = 30;

/// The most layouts `planner` may be asked to sample at a decision: the gain stops near 30,
/// and [`DECISION_BUDGET`] bounds the work of a decision whatever the number.
pub const MAX_SAMPLES: u32 = 10_000;

/// The most positions the solver searches at one decision over all its layouts, the first
/// layout excepted (it is always solved, so that every decision has one): about 3 s of work
/// on one core, and more than three times what any decision of deals 0 to 1,999 needs at 100
/// layouts (817,772 positions, in deal 960), so a budget never changes a game at the numbers
/// of layouts that pay. A layout whose search would pass it is not counted, and the decision
/// is made on the layouts solved before it.
pub const DECISION_BUDGET: u64 = 3_000_000;

/// `planner`: a fair player that plans with the [solver](crate::solver). At each decision with
/// more than one move it imagines [`Planner::samples`] layouts consistent with everything it
/// has seen — the unseen cards shuffled into the face-down places — solves each one after each
/// move, and makes the move whose maximum score is highest on average over the layouts (ties go
/// to the move `greedy` values most, then to the first in [`Position::moves`] order).
///
/// It sees only the [`Position`]. A sample is drawn from stream 1 of the deal's generator
/// ([`crate::deal`]): the unseen cards in [`cards::Card::index`] order, shuffled by Fisher–Yates
/// (for i from n − 1 down to 1, swap card i with card `below(i + 1)`), are laid face down column
/// by column, 1 to 7, each column's deepest card first. When at most one card is unseen every
/// sample would be the same layout, and one is solved. A decision searches at most
/// [`DECISION_BUDGET`] positions beyond its first layout, so that no number of samples makes
/// it endless; past it, it decides on the layouts solved.
///
/// Solving a sample as if every card were known is optimistic — later decisions are assumed to
/// know the cards too — so the planner's own score is a lower bound on perfect fair play, not an
/// estimate of it.
pub struct Planner {
    /// Layouts of the unseen cards drawn at each decision.
    pub samples: u32,
    rng: ChaCha8Rng,
    solver: Solver,
}

impl Planner {
    /// The planner of deal `number`, sampling `samples` layouts per decision (at least 1).
    pub fn new(number: u64, samples: u32) -> Planner {
        Planner {
            samples: samples.max(1),
            rng: strategy_rng(number),
            solver: Solver::new(),
        }
    }
}

/// What the planner weighed at one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// Layouts solved: [`Planner::samples`], or 1 when at most one card is unseen, or fewer
    /// when the decision stopped at [`DECISION_BUDGET`].
    pub samples: u32,
    /// The layouts' searches reached [`DECISION_BUDGET`] before [`Planner::samples`] were
    /// solved.
    pub stopped: bool,
    /// For each move, the sum over the layouts of the maximum score after it.
    pub totals: Vec<u64>,
    /// The index of the move chosen.
    pub choice: usize,
}

impl Planner {
    /// Samples the layouts and values every move of `moves` (the legal moves of `position`, at
    /// least one), as the type documents.
    pub fn decide(&mut self, position: &Position, moves: &[Move]) -> Decision {
        let unseen: Vec<u8> = (0..52u8)
            .filter(|&c| position.place(card_at(c as usize)) == Place::Unseen)
            .collect();
        let asked = if unseen.len() <= 1 { 1 } else { self.samples };
        let mut totals = vec![0u64; moves.len()];
        let (mut samples, mut left, mut stopped) = (0, DECISION_BUDGET, false);
        while samples < asked {
            let mut face_down = unseen.clone();
            shuffle(&mut self.rng, &mut face_down);
            let game = Game::with_face_down(position, &face_down);
            let values = if samples == 0 {
                Some(self.solver.move_values(&game, moves))
            } else {
                let values = self.solver.move_values_within(&game, moves, left);
                left -= self.solver.nodes();
                values
            };
            let Some(values) = values else {
                stopped = true;
                break;
            };
            for (total, value) in totals.iter_mut().zip(values) {
                *total += u64::from(value);
            }
            samples += 1;
        }
        let mut choice = 0;
        let mut best_value = (0, i32::MIN);
        for (i, (&total, &mv)) in totals.iter().zip(moves).enumerate() {
            let value = (total, greedy::value(position, mv));
            if i == 0 || value > best_value {
                choice = i;
                best_value = value;
            }
        }
        Decision {
            samples,
            stopped,
            totals,
            choice,
        }
    }
}

impl Strategy for Planner {
    fn choose(&mut self, position: &Position, moves: &[Move]) -> usize {
        // No layout is drawn for a forced move, so the stream of layouts stays that of the
        // decisions.
        if moves.len() == 1 {
            return 0;
        }
        self.decide(position, moves).choice
    }
}
