//! A catalogue of deals: each deal of a range solved exactly, its maximum score and whether the
//! maximum is proven, and the counts of a whole range — for lists such as "the PySolFC games
//! that can be won".

use crate::fast::Game;
use crate::pysol::{self, GameNumber};
use crate::scores::Stats;
use crate::solver::Solver;
use crate::strategy::{self, Clairvoyant};
use serde::{Deserialize, Serialize};
use tally::Merge;

/// How the deals of a catalogue are numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Numbering {
    /// parlor's own deals ([`crate::deal`]).
    Seed,
    /// PySolFC's plain game numbers ([`crate::pysol`]).
    Pysol,
}

impl Numbering {
    /// The game of deal `number`, or `None` when the numbering has no such deal (a seed past
    /// 2^64 − 1, a PySolFC number outside 1 to 10^20).
    pub fn game(self, number: u128) -> Option<Game> {
        match self {
            Numbering::Seed => u64::try_from(number).ok().map(Game::deal),
            Numbering::Pysol => {
                if !(1..=pysol::MAX_PLAIN).contains(&number) {
                    return None;
                }
                Game::new(&pysol::deal(GameNumber::Plain(number)))
            }
        }
    }
}

/// What the solver says of one deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The highest score found: the maximum when `proven`.
    pub max: u8,
    /// No line scores more: false only when a node budget ran out first.
    pub proven: bool,
}

impl Entry {
    /// Solves `game` with `solver`, searching at most `budget` positions if given. The best
    /// score is that of the solver's line played on to the end by the first legal move each time
    /// (as `parlor russian solve` does): when a budget stops the search, that ending may score
    /// more than the line, and it is a line found too.
    pub fn of_game(solver: &mut Solver, game: &Game, budget: Option<u64>) -> Entry {
        let solution = solver.solve(game, budget);
        let mut player = Clairvoyant::playing(&solution);
        let best = strategy::play(&mut game.clone(), &mut player, |_| {});
        Entry {
            max: best as u8,
            proven: solution.complete || best == solution.bound,
        }
    }

    /// All 52 cards can reach the foundations; a line reaching 52 is its own proof.
    pub fn won(&self) -> bool {
        self.max == 52
    }
}

/// Solves deals `numbers` of `numbering`, one solver for them all; a number with no deal is
/// left out.
pub fn solve_deals(
    numbering: Numbering,
    numbers: impl IntoIterator<Item = u128>,
    budget: Option<u64>,
) -> Vec<Entry> {
    let mut solver = Solver::new();
    numbers
        .into_iter()
        .filter_map(|number| numbering.game(number))
        .map(|game| Entry::of_game(&mut solver, &game, budget))
        .collect()
}

/// The counts of a catalogue: the maxima of its deals as a histogram, and how many are proven.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Catalogue {
    /// Deals by their best score (the maximum when proven), 0 to 52.
    pub maxima: Stats,
    /// Deals whose maximum is proven.
    pub proven: u64,
}

impl Merge for Catalogue {
    fn merge(&mut self, other: &Catalogue) {
        self.maxima.merge(&other.maxima);
        self.proven += other.proven;
    }
}

impl Catalogue {
    /// Counts one more deal.
    pub fn add(&mut self, entry: Entry) {
        self.maxima.add(u32::from(entry.max));
        self.proven += u64::from(entry.proven);
    }

    /// Deals counted.
    pub fn deals(&self) -> u64 {
        self.maxima.games()
    }

    /// Deals that can be won: every one of them is proven.
    pub fn winnable(&self) -> u64 {
        self.maxima.wins()
    }

    /// The winnable share with its 95% Wilson interval. With maxima not proven it is a lower
    /// bound: a deal not proven may still be winnable.
    pub fn winnable_rate(&self) -> tally::Rate {
        tally::Rate::new(self.winnable(), self.deals())
    }

    /// Whether this can be the catalogue of `deals` deals solved with `budget`: the histogram
    /// counts them, no more are proven than counted, every won deal is proven, and without a
    /// budget every maximum is. Which deal scored what is not kept here, so counts moved from
    /// one score to another are found only against the catalogue's lines
    /// ([`Catalogue::agrees_with`]).
    ///
    /// # Errors
    ///
    /// What does not agree, in words.
    pub fn check(&self, deals: u64, budget: Option<u64>) -> Result<(), String> {
        self.maxima.check(deals)?;
        if self.proven > deals || (budget.is_none() && self.proven != deals) {
            return Err(format!(
                "{} maxima proven of {deals} deals{}",
                self.proven,
                if budget.is_none() {
                    ", all solved without a budget"
                } else {
                    ""
                }
            ));
        }
        if self.winnable() > self.proven {
            return Err(format!(
                "{} deals won but only {} proven",
                self.winnable(),
                self.proven
            ));
        }
        Ok(())
    }
}

impl Catalogue {
    /// Whether this catalogue counts what its lines say, `written` being the catalogue of the
    /// lines: the same deals, maxima and proofs, or, when only the `won_only` deals were
    /// written, the same winnable deals.
    ///
    /// # Errors
    ///
    /// The first count that differs, in words.
    pub fn agrees_with(&self, written: &Catalogue, won_only: bool) -> Result<(), String> {
        if won_only {
            return match (written.deals(), self.winnable()) {
                (lines, won) if lines == won => Ok(()),
                (lines, won) => Err(format!("{lines} winnable deals written, {won} counted")),
            };
        }
        if let Some(score) =
            (0..=52).find(|&s| written.maxima.histogram[s] != self.maxima.histogram[s])
        {
            return Err(format!(
                "{} deals of best score {score} written, {} counted",
                written.maxima.histogram[score], self.maxima.histogram[score]
            ));
        }
        if written.proven != self.proven {
            return Err(format!(
                "{} maxima proven written, {} counted",
                written.proven, self.proven
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_the_solvers_maxima() {
        let entries = solve_deals(Numbering::Seed, 100..160, None);
        assert_eq!(entries.len(), 60);
        let mut solver = Solver::new();
        for (number, entry) in (100..160).zip(&entries) {
            let solution = solver.solve(&Game::deal(number), None);
            assert!(entry.proven && solution.complete);
            assert_eq!(u32::from(entry.max), solution.best, "deal {number}");
        }
        assert!(entries.iter().any(Entry::won) && !entries.iter().all(Entry::won));
    }

    #[test]
    fn a_budget_that_runs_out_leaves_the_maximum_unproven() {
        // Deal 2693 needs 20,999 positions.
        let [entry] = solve_deals(Numbering::Seed, [2693], Some(1000))[..] else {
            panic!("one deal");
        };
        assert!(!entry.proven);
        let [full] = solve_deals(Numbering::Seed, [2693], None)[..] else {
            panic!("one deal");
        };
        assert!(full.proven && full.max >= entry.max);
    }

    #[test]
    fn numbers_without_a_deal_are_left_out() {
        assert!(Numbering::Pysol.game(0).is_none());
        assert!(Numbering::Pysol.game(pysol::MAX_PLAIN + 1).is_none());
        assert!(Numbering::Seed.game(1 << 64).is_none());
        assert!(Numbering::Seed.game(u128::from(u64::MAX)).is_some());
        assert_eq!(solve_deals(Numbering::Pysol, 0..3, None).len(), 2);
    }

    #[test]
    fn catalogues_merge_in_any_order_and_check_their_counts() {
        let part = |range: std::ops::Range<u128>| {
            let mut c = Catalogue::default();
            solve_deals(Numbering::Pysol, range, None)
                .into_iter()
                .for_each(|e| c.add(e));
            c
        };
        let whole = part(1..41);
        let (a, b, c) = (part(1..10), part(10..30), part(30..41));
        let mut left = a.clone();
        left.merge(&b);
        left.merge(&c);
        assert_eq!(left, whole);
        let mut right = c;
        right.merge(&a);
        right.merge(&b);
        assert_eq!(right, whole);
        assert_eq!(whole.deals(), 40);
        assert_eq!(whole.proven, 40);
        assert!(whole.check(40, None).is_ok() && whole.check(41, None).is_err());
        let json = serde_json::to_string(&whole).unwrap();
        assert_eq!(serde_json::from_str::<Catalogue>(&json).unwrap(), whole);
        let mut unproven = whole.clone();
        unproven.proven = unproven.winnable() - 1;
        assert!(unproven.check(40, Some(5)).unwrap_err().contains("won"));
        unproven.proven = 41;
        assert!(unproven.check(40, Some(5)).is_err());
        unproven.proven = 39;
        assert!(unproven.check(40, Some(5)).is_ok());
        assert_eq!(
            unproven.check(40, None).unwrap_err(),
            "39 maxima proven of 40 deals, all solved without a budget"
        );
        let rate = whole.winnable_rate();
        assert_eq!((rate.count, rate.of), (whole.maxima.wins(), 40));
    }
}
