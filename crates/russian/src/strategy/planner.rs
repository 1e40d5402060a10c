use super::{Strategy, greedy};
use crate::deal::strategy_rng;
use crate::fast::Game;
use crate::position::{Move, Place, Position};
use crate::solver::{Allowance, Solver, Unsolved};
use cancel::Cancel;
use cards::Card;
use cards::shuffle::shuffle;
use rand_chacha::ChaCha8Rng;

/// The number of layouts `planner` samples at each decision unless told otherwise.
pub const DEFAULT_SAMPLES: u32 = 30;

/// The planner's mean score at [`DEFAULT_SAMPLES`] layouts a decision over deals 0 to 99,999:
/// 5.360 ± 0.070 (95%), measured by `parlor russian simulate --deals 100000 --strategy planner`
/// (docs/russian-etude.md), and again by this module's test `the_planners_mean_over_100000_deals`
/// (ignored: some 30 minutes of one core); the crate's solver tests find it within the interval
/// of deals 0 to 299 at every run. The best fair strategy measured, and so the player the casino
/// weighs a player's money against.
pub const PLANNER_MEAN: f64 = 5.36;

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
        let mut unbounded = Allowance::UNBOUNDED;
        self.weighed(position, moves, &mut unbounded, &Cancel::new())
            .0
    }

    /// [`Planner::decide`] examining at most `allowed` positions (as
    /// [`Solver::move_values_cancellable`] counts them), which it lessens by those it examined,
    /// and stopping when `cancel` is raised: the same decision whenever neither stops it. The
    /// allowance is over all the layouts, the first one included, and is apart from
    /// [`DECISION_BUDGET`], which ends a decision as it always does: a caller keeps one
    /// `allowed` over many decisions to bound a whole game.
    ///
    /// # Errors
    ///
    /// [`Unsolved::OverAllowance`] when a layout's search would pass `allowed`;
    /// [`Unsolved::Cancelled`] once `cancel` is raised.
    pub fn decide_within(
        &mut self,
        position: &Position,
        moves: &[Move],
        allowed: &mut Allowance,
        cancel: &Cancel,
    ) -> Result<Decision, Unsolved> {
        match self.weighed(position, moves, allowed, cancel) {
            (_, Some(why)) => Err(why),
            (decision, None) => Ok(decision),
        }
    }

    /// The decision, and why it was cut short when `allowed` or `cancel` stopped it (the
    /// decision is then on the layouts solved before).
    fn weighed(
        &mut self,
        position: &Position,
        moves: &[Move],
        allowed: &mut Allowance,
        cancel: &Cancel,
    ) -> (Decision, Option<Unsolved>) {
        let unseen: Vec<u8> = (0..52u8)
            .filter(|&c| position.place(Card::ALL[c as usize]) == Place::Unseen)
            .collect();
        let asked = if unseen.len() <= 1 { 1 } else { self.samples };
        let mut totals = vec![0u64; moves.len()];
        let (mut samples, mut left, mut stopped) = (0, DECISION_BUDGET, false);
        let mut cut = None;
        while samples < asked {
            let mut face_down = unseen.clone();
            shuffle(&mut self.rng, &mut face_down);
            let game = Game::with_face_down(position, &face_down);
            // The first layout is always solved, within the caller's allowance alone.
            let budget = if samples == 0 { u64::MAX } else { left };
            let values = self
                .solver
                .move_values_cancellable(&game, moves, budget, allowed, cancel);
            if samples > 0 {
                left -= self.solver.nodes();
            }
            let values = match values {
                Ok(values) => values,
                Err(Unsolved::OverBudget) => {
                    stopped = true;
                    break;
                }
                Err(why) => {
                    cut = Some(why);
                    break;
                }
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
        let decision = Decision {
            samples,
            stopped,
            totals,
            choice,
        };
        (decision, cut)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timing::{PROMPTLY, raised_after};
    use cancel::Cancelled;
    use std::time::Duration;

    #[test]
    #[ignore = "the measurement itself: 100,000 deals, some 30 minutes of one core"]
    fn the_planners_mean_over_100000_deals() {
        let scores =
            crate::Stats::of_deals(0..100_000, crate::StrategyName::Planner, DEFAULT_SAMPLES);
        let mean = scores.mean();
        assert_eq!(format!("{mean:.2}"), format!("{PLANNER_MEAN:.2}"), "{mean}");
    }

    /// The position after deal `number`'s foundation moves, and its moves.
    fn opening(number: u64) -> (Position, Vec<Move>) {
        let mut game = Game::deal(number);
        game.settle(&mut |_| {});
        let moves = game.position().moves().to_vec();
        (game.position().clone(), moves)
    }

    #[test]
    fn without_a_bound_or_a_raised_flag_the_decision_is_the_same() {
        let cancel = Cancel::new();
        for (number, samples) in [(0, 30), (113, 30), (960, 100), (5, 1), (113, 10_000)] {
            let (position, moves) = opening(number);
            let decision = Planner::new(number, samples).decide(&position, &moves);
            let mut allowed = Allowance::UNBOUNDED;
            let within = Planner::new(number, samples).decide_within(
                &position,
                &moves,
                &mut allowed,
                &cancel,
            );
            assert_eq!(within, Ok(decision), "deal {number}");
        }
    }

    #[test]
    fn a_decision_takes_exactly_the_positions_it_examined_from_its_allowance() {
        let (position, moves) = opening(113);
        let cancel = Cancel::new();
        let mut allowed = Allowance::UNBOUNDED;
        let decision =
            Planner::new(113, 30).decide_within(&position, &moves, &mut allowed, &cancel);
        let searched = u64::MAX - allowed.positions;
        let mut exactly = Allowance::positions(searched);
        let enough = Planner::new(113, 30).decide_within(&position, &moves, &mut exactly, &cancel);
        assert_eq!((enough, exactly.positions), (decision, 0));
        let mut fewer = Allowance::positions(searched - 1);
        let short = Planner::new(113, 30).decide_within(&position, &moves, &mut fewer, &cancel);
        assert_eq!(short, Err(Unsolved::OverAllowance));
    }

    #[test]
    fn a_flag_raised_on_another_thread_stops_a_decision_of_10000_layouts_within_100_ms() {
        let (position, moves) = opening(113);
        let mut planner = Planner::new(113, MAX_SAMPLES);
        let (decision, late) = raised_after(Duration::from_millis(300), |cancel| {
            let mut allowed = Allowance::UNBOUNDED;
            planner.decide_within(&position, &moves, &mut allowed, cancel)
        });
        assert_eq!(decision, Err(Unsolved::Cancelled(Cancelled)));
        assert!(late <= PROMPTLY, "returned {late:?} after the flag");
    }
}
