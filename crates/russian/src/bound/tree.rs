//! The foresight tree: every position a player can reach from the start of a deal without
//! turning a card, and the best plan through them once each turning move has a value.

use crate::position::{Move, Position};
use crate::solver::{Key, KeyHasher, key};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// A position a player can reach from the start without turning a card.
pub(super) struct Foreseen {
    /// The position it was first reached from and the move, none for the start.
    pub(super) from: Option<(usize, Move)>,
    pub(super) score: u32,
    /// Its moves that turn a card: each ends a plan.
    pub(super) turning: Vec<Move>,
    /// The positions its other moves lead to.
    pub(super) next: Vec<usize>,
}

/// Every position foreseeable from `start` (a settled position), the start first, or `None`
/// if they are more than `limit`.
pub(super) fn foresee(start: &Position, limit: usize) -> Option<Vec<Foreseen>> {
    let mut tree = vec![Foreseen {
        from: None,
        score: start.score(),
        turning: Vec::new(),
        next: Vec::new(),
    }];
    let mut positions = vec![start.clone()];
    let mut index: HashMap<Key, usize, BuildHasherDefault<KeyHasher>> = HashMap::default();
    index.insert(key(start), 0);
    let mut i = 0;
    while i < tree.len() {
        let position = positions[i].clone();
        for &mv in position.moves().iter() {
            let mut next = position.clone();
            next.advance_unchecked(mv);
            if (0..7).any(|k| next.awaits_turn(k)) {
                tree[i].turning.push(mv);
                continue;
            }
            let j = match index.get(&key(&next)) {
                Some(&j) => j,
                None => {
                    if tree.len() == limit {
                        return None;
                    }
                    index.insert(key(&next), tree.len());
                    tree.push(Foreseen {
                        from: Some((i, mv)),
                        score: next.score(),
                        turning: Vec::new(),
                        next: Vec::new(),
                    });
                    positions.push(next);
                    tree.len() - 1
                }
            };
            tree[i].next.push(j);
        }
        i += 1;
    }
    Some(tree)
}

/// The best plan's value from the start of `tree`, given the value of each turning move of each
/// position: a position's own score, its turning moves' values, or its next positions' values,
/// whichever is highest. Moves that turn no card never lead back (every game ends), so the
/// positions form a graph without cycles, walked here children first.
pub(super) fn best_plan(tree: &[Foreseen], turning_values: &[Vec<f64>]) -> f64 {
    let mut value: Vec<Option<f64>> = vec![None; tree.len()];
    let mut stack = vec![0];
    while let Some(&i) = stack.last() {
        if value[i].is_some() {
            stack.pop();
            continue;
        }
        let waiting: Vec<usize> = tree[i]
            .next
            .iter()
            .copied()
            .filter(|&j| value[j].is_none())
            .collect();
        if !waiting.is_empty() {
            stack.extend(waiting);
            continue;
        }
        let later = tree[i].next.iter().map(|&j| value[j].unwrap_or(0.0));
        let best = turning_values[i]
            .iter()
            .copied()
            .chain(later)
            .fold(f64::from(tree[i].score), f64::max);
        value[i] = Some(best);
        stack.pop();
    }
    value[0].unwrap_or(0.0)
}

/// A sum for each turning move of each position of `tree`, at zero.
pub(super) fn turning_totals(tree: &[Foreseen]) -> Vec<Vec<u64>> {
    tree.iter()
        .map(|foreseen| vec![0; foreseen.turning.len()])
        .collect()
}

/// The sums of `totals` over `count` layouts as means.
pub(super) fn means(totals: &[Vec<u64>], count: usize) -> Vec<Vec<f64>> {
    totals
        .iter()
        .map(|total| total.iter().map(|&t| t as f64 / count as f64).collect())
        .collect()
}

/// The moves from the start of `tree` to its position `i`.
pub(super) fn path_to(tree: &[Foreseen], mut i: usize) -> Vec<Move> {
    let mut path = Vec::new();
    while let Some((from, mv)) = tree[i].from {
        path.push(mv);
        i = from;
    }
    path.reverse();
    path
}
