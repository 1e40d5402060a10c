//! The bound's search: the plans of a deal valued over its layouts of the unseen cards, layout
//! by layout with one solver's table, or group by group after each turn when fair past the first.

use super::tree::{Foreseen, best_plan, foresee, means, path_to, turning_totals};
use super::{DealBound, FORESIGHT_LIMIT, MAX_SAMPLES, unseen};
use crate::deal::bound_rng;
use crate::fast::Game;
use crate::position::{Move, Position};
use crate::solver::Solver;
use cards::shuffle::shuffle;
use std::collections::HashMap;

/// The bound's search: its solver's table is kept from one deal to the next.
pub(crate) struct Bound {
    pub(super) solver: Solver,
    /// [`FORESIGHT_LIMIT`], smaller in tests.
    pub(super) limit: usize,
}

impl Default for Bound {
    fn default() -> Bound {
        Bound {
            solver: Solver::new(),
            limit: FORESIGHT_LIMIT,
        }
    }
}

/// The bound's two values for one position over a set of layouts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct OverLayouts {
    /// The best plan's mean maximum, or `None` past the foresight limit somewhere.
    pub(super) plan: Option<f64>,
    /// The mean of the layouts' maxima.
    pub(super) clairvoyant: f64,
}

impl Bound {
    /// A search with an empty table.
    pub(crate) fn new() -> Bound {
        Bound::default()
    }

    /// What the bound counts for deal `number`, fair until turn `turns` (at least 1), over
    /// `samples` layouts (one when at most one card is unseen, since every layout is then the
    /// same; at most [`MAX_SAMPLES`]), as the module describes. Layout i is the unseen cards
    /// in [`cards::Card::index`] order shuffled by [`shuffle`](cards::shuffle::shuffle) with the
    /// deal's [`bound_rng`], laid face down column by column, 1 to 7, each column's deepest
    /// card first.
    pub(crate) fn of_deal(&mut self, number: u64, samples: u32, turns: u32) -> DealBound {
        let mut game = Game::deal(number);
        game.settle(&mut |_| {});
        let clairvoyant = self.solver.solve(&game, None).best;
        let unseen = unseen(&game.position);
        let samples = if unseen.len() <= 1 {
            1
        } else {
            samples.clamp(1, MAX_SAMPLES)
        };
        let mut rng = bound_rng(number);
        let layouts: Vec<Game> = (0..samples)
            .map(|_| {
                let mut layout = unseen.clone();
                shuffle(&mut rng, &mut layout);
                Game::with_face_down(&game.position, &layout)
            })
            .collect();
        let values = self.over_layouts(&layouts, turns.max(1));
        DealBound {
            value: values.plan.unwrap_or(values.clairvoyant),
            layouts_clairvoyant: values.clairvoyant,
            clairvoyant,
            over_limit: values.plan.is_none(),
        }
    }

    /// The best plan's mean maximum, fair until turn `turns`, and the mean maximum, over
    /// `layouts`: games that look the same (at least one), settled.
    pub(super) fn over_layouts(&mut self, layouts: &[Game], turns: u32) -> OverLayouts {
        let start = &layouts[0].position;
        let tree = foresee(start, self.limit);
        let first_moves: Vec<Move> = start.moves().iter().copied().collect();
        // Fair until the first turn, the plans are valued with the table that solved each
        // layout, which holds most of what they need.
        let first_turn_tree = tree.as_deref().filter(|_| turns == 1).unwrap_or_default();
        let (totals, maxima) = self.layout_by_layout(first_turn_tree, layouts, Some(&first_moves));
        let plan = match (&tree, turns) {
            (Some(tree), 1) => Some(best_plan(tree, &means(&totals, layouts.len()))),
            (Some(tree), _) => self.plan(tree, layouts, turns),
            (None, _) => None,
        };
        OverLayouts {
            plan,
            clairvoyant: maxima as f64 / layouts.len() as f64,
        }
    }

    /// Layout by layout, so one solver's table serves a layout's every plan: the sums over
    /// `layouts` of the maximum after each turning move of `tree` (which may be empty), and of
    /// the layouts' own maxima if their `first_moves` are given (0 if not).
    fn layout_by_layout(
        &mut self,
        tree: &[Foreseen],
        layouts: &[Game],
        first_moves: Option<&[Move]>,
    ) -> (Vec<Vec<u64>>, u64) {
        let mut totals = turning_totals(tree);
        let mut maxima = 0u64;
        for layout in layouts {
            // The table's keys do not hold the face-down cards: one table per layout.
            self.solver.forget();
            if let Some(first_moves) = first_moves {
                let values = self.solver.move_values_kept(layout, first_moves);
                maxima += u64::from(values.into_iter().fold(layout.score(), u32::max));
            }
            self.add_turning_maxima(tree, layout, &mut totals);
        }
        (totals, maxima)
    }

    /// Adds to `totals` the maximum after each turning move of `tree` in `layout`, keeping
    /// the solver's table from one plan to the next.
    fn add_turning_maxima(&mut self, tree: &[Foreseen], layout: &Game, totals: &mut [Vec<u64>]) {
        let mut games: Vec<Game> = Vec::with_capacity(tree.len());
        for (foreseen, total) in tree.iter().zip(totals) {
            let here = match foreseen.from {
                None => layout.clone(),
                Some((from, mv)) => {
                    let mut here = games[from].clone();
                    here.make_unchecked(mv, &mut |_| {});
                    here
                }
            };
            if !foreseen.turning.is_empty() {
                let values = self.solver.move_values_kept(&here, &foreseen.turning);
                for (sum, value) in total.iter_mut().zip(values) {
                    *sum += u64::from(value);
                }
            }
            games.push(here);
        }
    }

    /// The best plan's mean over `layouts` from the start of `tree`, every move before turn
    /// `turns` made seeing face-up cards only: `None` past the foresight limit.
    fn plan(&mut self, tree: &[Foreseen], layouts: &[Game], turns: u32) -> Option<f64> {
        if turns == 1 {
            let (totals, _) = self.layout_by_layout(tree, layouts, None);
            return Some(best_plan(tree, &means(&totals, layouts.len())));
        }
        let mut turning_values: Vec<Vec<f64>> = Vec::with_capacity(tree.len());
        // Position by position: after a turn the layouts fall into groups by what it
        // showed, and each group plans on, fair until the next turn, knowing it.
        for (i, foreseen) in tree.iter().enumerate() {
            let path = path_to(tree, i);
            let here: Vec<Game> = layouts
                .iter()
                .map(|layout| {
                    let mut game = layout.clone();
                    for &mv in &path {
                        game.make_unchecked(mv, &mut |_| {});
                    }
                    game
                })
                .collect();
            let mut values = Vec::with_capacity(foreseen.turning.len());
            for &mv in &foreseen.turning {
                // Grouped by the whole position, not its key: the key does not tell apart
                // columns that hold no face-down card, and a group must share its moves.
                let mut group_of: HashMap<Position, usize> = HashMap::new();
                let mut groups: Vec<Vec<Game>> = Vec::new();
                for game in &here {
                    let mut after = game.clone();
                    after.make_unchecked(mv, &mut |_| {});
                    let group = *group_of.entry(after.position.clone()).or_insert_with(|| {
                        groups.push(Vec::new());
                        groups.len() - 1
                    });
                    groups[group].push(after);
                }
                let mut total = 0.0;
                for group in &groups {
                    let value = if let [layout] = group.as_slice() {
                        // A plan for one layout can follow its every card: the best is its
                        // maximum, found at once rather than through a tree for each turn left.
                        f64::from(self.solver.solve(layout, None).best)
                    } else {
                        match foresee(&group[0].position, self.limit) {
                            Some(next_tree) => self.plan(&next_tree, group, turns - 1)?,
                            None => return None,
                        }
                    };
                    total += group.len() as f64 * value;
                }
                values.push(total / layouts.len() as f64);
            }
            turning_values.push(values);
        }
        Some(best_plan(tree, &turning_values))
    }
}
