//! An upper bound on what perfect fair play can expect, tighter than the clairvoyant maximum:
//! the expected score of the best player who is told **which cards lie face down in each
//! column**, but not in which order.
//!
//! Why it bounds fair play. Such a player knows more than a fair one, who sees only face-up
//! cards, so his best strategy does at least as well as any fair strategy: any fair strategy is
//! one of his. It is an information relaxation (Brown, Smith and Sun, "Information relaxations
//! and duality in stochastic dynamic programs", *Operations Research* 58(4), 2010) without a
//! penalty. Given each column's face-down cards, every order of them is equally likely (the
//! deal was a uniform shuffle), so to him the card a turn shows is any of the column's cards
//! still face down, with equal chance, and his best expected score is an expectimax: at a
//! choice, the best move; at a turn, the mean over those cards ([`Bound::value`]).
//!
//! Why it is below the clairvoyant maximum. For each deal it is the best expected score of one
//! strategy over the orders of the columns' cards, which is at most the mean over those orders
//! of the best score each order allows, knowing it: the clairvoyant's. It is tighter where the
//! clairvoyant profits from knowing depths: how deep the ace lies, what covers it.
//!
//! It is exact in two corners, which the tests check by brute force: with at most one card face
//! down in every column, the player knows every card (the clairvoyant maximum); with every
//! face-down card in one column, he knows nothing a fair player does not (perfect fair play).
//!
//! **A budget, and why it keeps the bound.** The expectimax goes through every position any
//! order allows, far more than the solver sees, and on some deals that is too many. So it
//! values at most [`DEFAULT_BUDGET`] positions (or a budget given), and a deal whose search
//! does not finish counts its clairvoyant maximum instead ([`Bound::of_deal`]). Whether the
//! search finishes depends only on the face-up cards and on which cards each column hides,
//! never on their order, so, given those, a fair strategy's expected score is below the bound's
//! value on either kind of deal — the expectimax's, or the mean clairvoyant maximum over the
//! orders — and the mean over deals of the value counted is an upper bound on every fair
//! strategy's expected score. (Taking the smaller of the two on each deal would not be: the
//! clairvoyant maximum of a deal depends on the order.)
//!
//! The search goes through positions like the [solver](crate::solver)'s, with its exact keys:
//! the unseen cards of a position say which cards each column still hides, so a position's
//! value depends only on the position, and each is valued once. It stops early only when all
//! 52 cards are reached: a mean over turns has no bound to stop at.

use crate::game::Game;
use crate::position::{Position, UNSEEN, card_at};
use crate::solver::{Key, KeyHasher, Solver, key, search_moves};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// Positions the expectimax values at most for one deal unless told otherwise: chosen for its
/// cost, about 12 ms a deal on one core (deals 0 to 999); about 4 deals in 10 finish within it.
pub const DEFAULT_BUDGET: u64 = 20_000;

/// What the bound counts for one deal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DealBound {
    /// The value counted: the expectimax's, or the clairvoyant maximum if it did not finish.
    pub value: f64,
    /// The clairvoyant maximum of the deal.
    pub clairvoyant: u32,
    /// The expectimax finished within the budget.
    pub finished: bool,
}

/// The expectimax: its table is kept from one deal to the next.
pub struct Bound {
    /// The value of every position searched through.
    values: HashMap<Key, f64, BuildHasherDefault<KeyHasher>>,
    /// The column (0 to 6) each unseen card lies face down in.
    column: [u8; 52],
    /// Positions that may still be valued, and whether the search ran out of them.
    left: u64,
    spent: bool,
    solver: Solver,
}

impl Default for Bound {
    fn default() -> Bound {
        Bound {
            values: HashMap::default(),
            column: [0; 52],
            left: 0,
            spent: false,
            solver: Solver::new(),
        }
    }
}

impl Bound {
    pub fn new() -> Bound {
        Bound::default()
    }

    /// What the bound counts for deal `number`, the expectimax valuing at most `budget`
    /// positions, as the module describes.
    pub fn of_deal(&mut self, number: u64, budget: u64) -> DealBound {
        let mut game = Game::deal(number);
        game.settle(&mut |_| {});
        let clairvoyant = self.solver.solve(&game, None).best;
        let expectimax = self.value(&game, budget);
        DealBound {
            value: expectimax.unwrap_or(f64::from(clairvoyant)),
            clairvoyant,
            finished: expectimax.is_some(),
        }
    }

    /// The best expected score from `game` (settled) for a player who knows which cards each
    /// column hides face down, but not their order; `None` if that takes more than `budget`
    /// positions.
    pub fn value(&mut self, game: &Game, budget: u64) -> Option<f64> {
        self.values.clear();
        self.left = budget;
        self.spent = false;
        for k in 0..7 {
            let start = game.start[k] as usize;
            for &c in &game.hidden[start..start + game.position.face_down(k)] {
                self.column[c as usize] = k as u8;
            }
        }
        let value = self.choice(&game.position);
        (!self.spent).then_some(value)
    }

    /// The value of a settled position: its score if no move is left, or the best move's.
    fn choice(&mut self, position: &Position) -> f64 {
        let mut best = f64::from(position.score());
        for (i, &mv) in search_moves(position).iter().enumerate() {
            if best == 52.0 || self.spent {
                break;
            }
            let mut next = position.clone();
            next.shift(mv);
            let value = self.chance(next, Some(mv.from as usize));
            best = if i == 0 { value } else { best.max(value) };
        }
        best
    }

    /// The rest of a move, from the middle of it (column `turn`, if any, may await its turn),
    /// as [`Game::make`] plays it: the mean over the cards each turn can show.
    fn chance(&mut self, mut position: Position, mut turn: Option<usize>) -> f64 {
        loop {
            if let Some(k) = turn.take().filter(|&k| position.awaits_turn(k)) {
                let mut total = 0.0;
                let mut count = 0u32;
                for c in 0..52 {
                    if position.place[c] == UNSEEN && usize::from(self.column[c]) == k {
                        let mut turned = position.clone();
                        turned.turn(k, card_at(c));
                        total += self.chance(turned, None);
                        count += 1;
                    }
                }
                return total / f64::from(count);
            }
            match position.foundation_step() {
                Some((_, from)) => turn = Some(from as usize),
                None => break,
            }
        }
        let key = key(&position);
        if let Some(&known) = self.values.get(&key) {
            return known;
        }
        if self.left == 0 {
            self.spent = true;
            return 0.0;
        }
        self.left -= 1;
        let value = self.choice(&position);
        self.values.insert(key, value);
        value
    }
}

/// What the bound counts for many deals: exact counts, and sums of the values counted, of the
/// clairvoyant maxima and of the squares of both and of their differences. Sums of
/// floating-point numbers depend on their order, so a long run adds its chunks' tallies in the
/// order of the chunks, which no split over threads changes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BoundTally {
    pub deals: u64,
    /// Deals whose expectimax finished.
    pub finished: u64,
    pub sum: f64,
    pub sum_of_squares: f64,
    pub clairvoyant_sum: u64,
    pub clairvoyant_sum_of_squares: u64,
    /// The sum of the squares of (clairvoyant maximum − value counted).
    pub gap_sum_of_squares: f64,
}

impl BoundTally {
    /// The bound of deals `numbers`, in order, the expectimax valuing at most `budget`
    /// positions a deal.
    pub fn of_deals(numbers: impl IntoIterator<Item = u64>, budget: u64) -> BoundTally {
        let mut bound = Bound::new();
        let mut tally = BoundTally::default();
        for number in numbers {
            tally.add(bound.of_deal(number, budget));
        }
        tally
    }

    pub fn add(&mut self, deal: DealBound) {
        self.deals += 1;
        self.finished += u64::from(deal.finished);
        self.sum += deal.value;
        self.sum_of_squares += deal.value * deal.value;
        let c = u64::from(deal.clairvoyant);
        self.clairvoyant_sum += c;
        self.clairvoyant_sum_of_squares += c * c;
        let gap = c as f64 - deal.value;
        self.gap_sum_of_squares += gap * gap;
    }

    /// Adds the deals of `later`, which come after these.
    pub fn merge(&mut self, later: &BoundTally) {
        self.deals += later.deals;
        self.finished += later.finished;
        self.sum += later.sum;
        self.sum_of_squares += later.sum_of_squares;
        self.clairvoyant_sum += later.clairvoyant_sum;
        self.clairvoyant_sum_of_squares += later.clairvoyant_sum_of_squares;
        self.gap_sum_of_squares += later.gap_sum_of_squares;
    }

    /// The bound: the mean value counted, with its 95% interval (normal approximation; the
    /// deals are independent, so their values are too).
    pub fn bound_interval(&self) -> (f64, f64, f64) {
        interval(self.deals, self.sum, self.sum_of_squares)
    }

    /// The clairvoyant mean of the same deals, with its 95% interval.
    pub fn clairvoyant_interval(&self) -> (f64, f64, f64) {
        let (sum, squares) = (
            self.clairvoyant_sum as f64,
            self.clairvoyant_sum_of_squares as f64,
        );
        interval(self.deals, sum, squares)
    }

    /// How far the bound lies below the clairvoyant mean of the same deals, with its 95%
    /// interval: paired, so much narrower than either's.
    pub fn gap_interval(&self) -> (f64, f64, f64) {
        let sum = self.clairvoyant_sum as f64 - self.sum;
        interval(self.deals, sum, self.gap_sum_of_squares)
    }
}

/// The mean of `n` values with sum `sum` and sum of squares `squares`, and the ends of its 95%
/// interval.
fn interval(n: u64, sum: f64, squares: f64) -> (f64, f64, f64) {
    let count = n as f64;
    let mean = sum / count;
    let variance = if n > 1 {
        ((squares - sum * mean) / (count - 1.0)).max(0.0)
    } else {
        0.0
    };
    let half = tally::Z95 * (variance / count).sqrt();
    (mean, mean - half, mean + half)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::UNSEEN;
    use crate::solver::Solver;
    use crate::strategy::{Greedy, Strategy};

    /// Small positions made from the packs of deals `0..count`: every suit's ace to 8 on its
    /// foundation, and its 9 to king laid in pack order into the columns, two cards face down in
    /// columns 2 and 3 and one in column 4, under face-up ones. Five cards face down: few enough
    /// to try every arrangement.
    fn small_positions(count: u64) -> Vec<Game> {
        (0..count)
            .filter_map(|n| {
                let rest: Vec<_> = crate::deal::shuffled_pack(n)
                    .into_iter()
                    .filter(|c| c.index() % 13 >= 8)
                    .collect();
                let mut cards = rest.iter();
                let (down, up) = ([0, 2, 2, 1, 0, 0, 0], [2, 2, 2, 2, 3, 2, 2]);
                let columns = std::array::from_fn(|k| {
                    (0..down[k] + up[k])
                        .map(|i| crate::Slot {
                            card: *cards.next().expect("20 cards"),
                            face_up: i >= down[k],
                        })
                        .collect()
                });
                let mut game =
                    Game::with_foundations(&crate::Layout { columns }, [8; 4]).expect("a layout");
                game.settle(&mut |_| {});
                (!game.position.moves().is_empty()).then_some(game)
            })
            .collect()
    }

    fn unseen(position: &Position) -> Vec<u8> {
        (0..52)
            .filter(|&c| position.place[c as usize] == UNSEEN)
            .collect()
    }

    /// Every ordering of `items`, each once.
    fn permutations(items: &[u8]) -> Vec<Vec<u8>> {
        if items.len() <= 1 {
            return vec![items.to_vec()];
        }
        let mut all = Vec::new();
        for (i, &first) in items.iter().enumerate() {
            let mut rest = items.to_vec();
            rest.remove(i);
            for mut tail in permutations(&rest) {
                tail.insert(0, first);
                all.push(tail);
            }
        }
        all
    }

    /// Perfect fair play by brute force: the best move for the expectation over the cards it
    /// turns, each any unseen card with equal chance, every later move chosen the same way;
    /// `known` keeps the positions valued.
    fn fair_value(position: &Position, known: &mut HashMap<Position, f64>) -> f64 {
        if let Some(&value) = known.get(position) {
            return value;
        }
        let moves = position.moves();
        let value = if moves.is_empty() {
            f64::from(position.score())
        } else {
            moves
                .iter()
                .map(|&mv| {
                    let mut next = position.clone();
                    next.shift(mv);
                    chance(next, Some(mv.from as usize), known)
                })
                .fold(f64::NEG_INFINITY, f64::max)
        };
        known.insert(position.clone(), value);
        value
    }

    /// The rest of a move from the middle of it (column `turn` may await its turn), each card
    /// turned any unseen card with equal chance: the mean fair value at its end.
    fn chance(
        mut position: Position,
        mut turn: Option<usize>,
        known: &mut HashMap<Position, f64>,
    ) -> f64 {
        loop {
            if let Some(k) = turn.take().filter(|&k| position.awaits_turn(k)) {
                let cards = unseen(&position);
                let total: f64 = cards
                    .iter()
                    .map(|&c| {
                        let mut turned = position.clone();
                        turned.turn(k, card_at(c as usize));
                        chance(turned, None, known)
                    })
                    .sum();
                return total / cards.len() as f64;
            }
            match position.foundation_step() {
                Some((_, from)) => turn = Some(from as usize),
                None => return fair_value(&position, known),
            }
        }
    }

    fn mean(values: impl Iterator<Item = f64>) -> f64 {
        let (sum, n) = values.fold((0.0, 0u32), |(s, n), v| (s + v, n + 1));
        sum / f64::from(n)
    }

    #[test]
    fn the_bound_lies_between_perfect_fair_play_and_the_clairvoyant_maximum() {
        let (mut bound, mut solver) = (Bound::new(), Solver::new());
        let mut gaps = 0;
        for start in small_positions(60) {
            let position = &start.position;
            let games: Vec<Game> = permutations(&unseen(position))
                .iter()
                .map(|o| Game::with_face_down(position, o))
                .collect();
            let fair = fair_value(position, &mut HashMap::new());
            let sets = mean(games.iter().map(|g| bound.value(g, u64::MAX).unwrap()));
            let clairvoyant = mean(games.iter().map(|g| f64::from(solver.solve(g, None).best)));
            assert!(fair <= sets + 1e-9, "{fair} > {sets}\n{position:?}");
            assert!(
                sets <= clairvoyant + 1e-9,
                "{sets} > {clairvoyant}\n{position:?}"
            );
            gaps += usize::from(fair < clairvoyant - 1e-9);
        }
        // Most of these positions are won whatever the cards; one at least is not.
        assert!(
            gaps > 0,
            "perfect fair play reaches the clairvoyant maximum everywhere"
        );
    }

    #[test]
    fn the_bound_is_exact_where_the_sets_tell_all_or_nothing() {
        let (mut bound, mut solver) = (Bound::new(), Solver::new());
        let (mut all, mut nothing) = (0, 0);
        for n in 0..400 {
            let mut game = Game::deal(n);
            game.settle(&mut |_| {});
            loop {
                let moves = game.position.moves();
                let p = &game.position;
                let columns = (0..7).filter(|&k| p.face_down(k) > 0).count();
                let down: usize = (0..7).map(|k| p.face_down(k)).sum();
                if moves.is_empty() || down == 0 {
                    break;
                }
                if (0..7).all(|k| p.face_down(k) <= 1) {
                    let sets = bound.value(&game, u64::MAX).unwrap();
                    assert_eq!(sets, f64::from(solver.solve(&game, None).best), "deal {n}");
                    all += 1;
                }
                if columns == 1 && down <= 5 {
                    let sets = bound.value(&game, u64::MAX).unwrap();
                    let fair = fair_value(p, &mut HashMap::new());
                    assert!(
                        (sets - fair).abs() < 1e-9,
                        "deal {n}: {sets} against {fair}"
                    );
                    nothing += 1;
                }
                let choice = Greedy.choose(p, &moves);
                game.make_unchecked(moves[choice], &mut |_| {});
            }
        }
        assert!(
            all >= 10 && nothing >= 10,
            "{all} and {nothing} positions compared"
        );
    }

    #[test]
    fn a_deal_counts_its_clairvoyant_maximum_when_the_budget_runs_out() {
        let mut bound = Bound::new();
        let mut tally = BoundTally::default();
        for n in 0..30 {
            let small = bound.of_deal(n, 50);
            let large = bound.of_deal(n, 5_000);
            if !small.finished {
                assert_eq!(small.value, f64::from(small.clairvoyant), "deal {n}");
            }
            if small.finished {
                assert!(large.finished && large.value == small.value, "deal {n}");
            }
            assert_eq!(large.clairvoyant, small.clairvoyant);
            tally.add(small);
        }
        assert!(
            tally.finished > 0 && tally.finished < tally.deals,
            "{tally:?}"
        );
        let mut split = BoundTally::of_deals(0..10, 50);
        split.merge(&BoundTally::of_deals(10..30, 50));
        assert_eq!(split.deals, tally.deals);
        assert_eq!(split.finished, tally.finished);
        assert!((split.sum - tally.sum).abs() < 1e-9);
        let (mean, low, high) = tally.bound_interval();
        assert!(low <= mean && mean <= high);
    }
}
