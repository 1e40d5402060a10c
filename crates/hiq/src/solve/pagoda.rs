//! Pagoda functions: a weight for each hole such that no jump raises the sum of the weights of
//! the holes holding pegs. A jump from `a` over `b` into `c` takes the weights of `a` and `b` off
//! that sum and adds the weight of `c`, so a weighting is a pagoda function exactly when
//! `w(a) + w(b) >= w(c)` for each of the 76 jumps. Along any line of jumps the sum can then only
//! fall: a position whose sum is below that of every single peg the goal allows can never
//! reach one, and the solver need not search past it.
//!
//! The functions below were found by linear programming (`scripts/hiq-pagodas`): for each of
//! the 4,316 positions of 4 pegs or more in 25 random games from each of the seven
//! single-vacancy starts, a weighting with values in [-1, 1] that is a pagoda function and puts
//! the position below every hole its class allows a last peg in, where one exists (for 1,797 of
//! them), rounded to halves; then, one by one, the weighting that with its images under the
//! eight symmetries rules out the most of those positions not yet ruled out. The first rules
//! out 81% of them alone, the eight together 96% (and 94% of those of 25 other games from each
//! start). Each is checked to be a pagoda function in the tests below, so that a cut is sound
//! whatever the functions are.

use crate::board::Board;
use crate::hole::Hole;
use crate::jump::Jump;
use crate::symmetry::Symmetry;
use std::sync::LazyLock;

/// The weights, in halves, of each function, drawn as the cross (row by row, the rule book's
/// holes 1 to 33 in order).
const WEIGHTS: [&str; 8] = [
    // Pegs in the corners of the top and bottom arms: each needs a peg beside it to leave.
    "
          -2  0 -2
           2  0  2
     0  0  0  0  0  0  0
     0  2  2  0  2  2  0
     0  0  0  0  0  0  0
           2  0  2
          -2  0 -2",
    "
          -2  1 -1
           2  1  1
     0  0  0  0  0  0  0
     0  2  2  1  1  1  0
     0  0  0  0  0  0  0
           2  1  1
          -2  1 -1",
    "
          -2  0 -2
           2  0  2
     0  0  0  0  0  0  0
     0  2  2  0  2  0  2
     0  0  0  0  0  0  0
           2  0  2
          -2  0 -2",
    "
          -1  0 -1
           1  1  1
    -1  1  0  1  0  1 -1
     0  1  1  0  1  1  0
    -1  1  0  1  1  2 -1
           1  1  0
          -1  2  1",
    "
          -2  2  0
           2  2  0
    -1  1  0  1  0  1 -1
     0  2  2  2  0  2  0
    -1  2  1  1  0  1 -1
           1  1  0
           0  0  0",
    "
          -2  1 -1
           2  1  1
     0  0  0  0  0  0  0
     2  0  2  1  1  0  1
     0  0  0  0  0  0  0
           2  1  1
          -2  1 -1",
    "
          -2  2  0
           2  2  0
     0  0  0  0  0  0  0
     2  0  2  2  0  2  0
     1  0  1  1  0  1  0
           1  1  0
           0  0  0",
    "
          -1  0 -1
           1  1  1
    -1  1  0  1  0  1 -1
     0  1  1  0  1  1  2
    -1  1  0  1  1  0  1
           1  1  0
          -1  2  1",
];

/// A weighting, as the cells of each weight: the sum over a board is a few bit counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Weighing {
    /// The cells weighing −2, −1, 1 and 2 halves.
    cells: [u64; 4],
}

const VALUES: [i32; 4] = [-2, -1, 1, 2];

impl Weighing {
    /// The weighting of a drawing of [`WEIGHTS`]: 33 numbers, each −2 to 2.
    fn of(drawing: &str) -> Weighing {
        let weights = drawing
            .split_whitespace()
            .map(|weight| weight.parse::<i32>());
        let mut cells = [0; 4];
        for (hole, weight) in Hole::all().zip(weights) {
            let weight = weight.expect("a weight is a number");
            if let Some(i) = VALUES.iter().position(|&v| v == weight) {
                cells[i] |= 1 << hole.cell();
            }
        }
        Weighing { cells }
    }

    fn image(self, symmetry: Symmetry) -> Weighing {
        Weighing {
            cells: self.cells.map(|cells| symmetry.apply_bits(cells)),
        }
    }

    #[inline]
    fn sum(self, bits: u64) -> i32 {
        let count = |cells: u64| (bits & cells).count_ones() as i32;
        2 * (count(self.cells[3]) - count(self.cells[0])) + count(self.cells[2])
            - count(self.cells[1])
    }
}

/// The most functions, images included, that [`Pagodas`] holds: lanes of small sums, which a
/// processor compares many at a time.
const LANES: usize = 64;

/// The functions and their images, what each holds a single peg in each hole weighs, and what
/// each jump adds to each function's sum: the same for every goal, made once.
struct Library {
    weighings: Vec<Weighing>,
    /// By hole, in the order of [`Hole::all`].
    weights: Vec<[i16; LANES]>,
    /// By jump, in the order of [`Jump::ALL`].
    added: Vec<[i16; LANES]>,
}

static LIBRARY: LazyLock<Library> = LazyLock::new(|| {
    let mut weighings: Vec<Weighing> = Vec::new();
    for weighing in WEIGHTS.map(Weighing::of) {
        for image in Symmetry::ALL.map(|symmetry| weighing.image(symmetry)) {
            if !weighings.contains(&image) {
                weighings.push(image);
            }
        }
    }
    assert!(weighings.len() <= LANES, "more functions than lanes");
    let weights: Vec<[i16; LANES]> = Hole::all()
        .map(|hole| {
            let mut weights = [0; LANES];
            for (weight, weighing) in weights.iter_mut().zip(&weighings) {
                let sum = weighing.sum(Board::from_holes([hole]).bits());
                *weight = i16::try_from(sum).expect("weights of a few halves");
            }
            weights
        })
        .collect();
    let weight = |hole: Hole| &weights[usize::from(hole.number()) - 1];
    let added = Jump::ALL
        .iter()
        .map(|jump| {
            let mut added = [0; LANES];
            for (lane, added) in added.iter_mut().enumerate() {
                *added = weight(jump.to)[lane] - weight(jump.from)[lane] - weight(jump.over)[lane];
            }
            added
        })
        .collect();
    Library {
        weighings,
        weights,
        added,
    }
});

/// The pagoda functions and their images, each with the least sum that a single peg the goal
/// allows can have, for each class a position can be in; and what each jump adds to each
/// function's sum, so that the sums after a jump cost an addition each.
pub(super) struct Pagodas {
    library: &'static Library,
    /// For each class, each function's least sum; `i16::MIN` for the lanes no function fills,
    /// and for a class that no allowed single peg has (no search reaches it).
    least: [[i16; LANES]; 16],
}

/// The sums of every function over a position, and the class whose least sums they are held
/// to: a jump from it leads to a position that some function rules out when a sum, with what
/// the jump adds, falls below the least.
pub(super) struct Sums {
    sums: [i16; LANES],
    class: usize,
}

impl Pagodas {
    /// The functions, with the sums of the single pegs that `allowed` allows as a last peg.
    pub(super) fn towards(allowed: impl Fn(Hole) -> bool) -> Pagodas {
        let library = &*LIBRARY;
        let mut least = [[i16::MIN; LANES]; 16];
        for (hole, weights) in Hole::all().zip(&library.weights) {
            if !allowed(hole) {
                continue;
            }
            let least = &mut least[usize::from(Board::from_holes([hole]).class())];
            for (lane, &weight) in weights.iter().enumerate().take(library.weighings.len()) {
                least[lane] = if least[lane] == i16::MIN {
                    weight
                } else {
                    least[lane].min(weight)
                };
            }
        }
        Pagodas { library, least }
    }

    /// The sums over `board`, for [`Pagodas::rule_out`] of the jumps from it.
    #[inline]
    pub(super) fn sums(&self, board: Board) -> Sums {
        let mut sums = [0; LANES];
        for (sum, weighing) in sums.iter_mut().zip(&self.library.weighings) {
            *sum = i16::try_from(weighing.sum(board.bits())).unwrap_or(i16::MAX);
        }
        Sums {
            sums,
            class: usize::from(board.class()),
        }
    }

    /// Whether some function shows that the position after the jump `index` of [`Jump::ALL`],
    /// from the position of `sums`, can never leave a single peg the goal allows. (A jump keeps
    /// the class.)
    #[inline]
    pub(super) fn rule_out(&self, sums: &Sums, index: usize) -> bool {
        let (added, least) = (&self.library.added[index], &self.least[sums.class]);
        // Every lane, without stopping at the first below: the comparisons then run together.
        let mut below = false;
        for lane in 0..LANES {
            below |= sums.sums[lane] + added[lane] < least[lane];
        }
        below
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_drawing_weighs_the_33_holes() {
        for drawing in WEIGHTS {
            let weights: Vec<i32> = drawing
                .split_whitespace()
                .map(|w| w.parse().unwrap())
                .collect();
            assert_eq!(weights.len(), 33, "{drawing}");
            assert!(weights.iter().all(|w| (-2..=2).contains(w)), "{drawing}");
        }
    }

    #[test]
    fn every_function_is_a_pagoda_function() {
        for weighing in &LIBRARY.weighings {
            for jump in Jump::ALL {
                let weight = |hole: Hole| weighing.sum(Board::from_holes([hole]).bits());
                assert!(
                    weight(jump.from) + weight(jump.over) >= weight(jump.to),
                    "{weighing:?} rises with {jump:?}"
                );
            }
        }
    }
}
