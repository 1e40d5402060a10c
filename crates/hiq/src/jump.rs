//! A jump: one peg over an orthogonal neighbour into the empty hole beyond.

use crate::hole::{GRID, Hole, STRIDE};
use std::fmt;

/// A peg in `from` jumps over the peg in `over` and lands in `to`; `over` is emptied. Only the
/// 76 jumps along a line of the cross exist: [`Jump::new`] refuses any other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    pub(crate) from: Hole,
    pub(crate) over: Hole,
    pub(crate) to: Hole,
}

/// Three holes that are not a jump: not in a row with `over` between the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{from} over {over} to {to} is not a jump: the three holes must lie in a row, next to each other"
)]
pub struct NotAJump {
    /// Where the peg would start.
    pub from: Hole,
    /// The hole it would jump over.
    pub over: Hole,
    /// Where it would land.
    pub to: Hole,
}

/// Number of geometrically possible jumps on the cross.
pub(crate) const JUMP_COUNT: usize = 76;

const fn all_jumps() -> [Jump; JUMP_COUNT] {
    let placeholder = Jump {
        from: Hole::CENTRE,
        over: Hole::CENTRE,
        to: Hole::CENTRE,
    };
    let mut jumps = [placeholder; JUMP_COUNT];
    let steps: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    let mut n = 0;
    let mut cell = 0;
    while cell < GRID * GRID {
        let (row, col) = ((cell / GRID) as i8, (cell % GRID) as i8);
        let mut s = 0;
        while s < steps.len() {
            let (dr, dc) = steps[s];
            let (or, oc, tr, tc) = (row + dr, col + dc, row + 2 * dr, col + 2 * dc);
            if row >= 0
                && col >= 0
                && or >= 0
                && oc >= 0
                && tr >= 0
                && tc >= 0
                && let (Some(from), Some(over), Some(to)) = (
                    Hole::at(row as u8, col as u8),
                    Hole::at(or as u8, oc as u8),
                    Hole::at(tr as u8, tc as u8),
                )
            {
                jumps[n] = Jump { from, over, to };
                n += 1;
            }
            s += 1;
        }
        cell += 1;
    }
    assert!(n == JUMP_COUNT);
    jumps
}

impl Jump {
    /// Every jump the cross allows, whatever the pegs: by the number of the hole the peg leaves,
    /// and from one hole to the right, left, down, then up.
    pub(crate) const ALL: [Jump; JUMP_COUNT] = all_jumps();

    /// The jump from `from` over `over` to `to`.
    ///
    /// # Errors
    ///
    /// [`NotAJump`] unless the three holes lie in a row, next to each other, in that order.
    pub fn new(from: Hole, over: Hole, to: Hole) -> Result<Jump, NotAJump> {
        let jump = Jump { from, over, to };
        if Jump::ALL.contains(&jump) {
            Ok(jump)
        } else {
            Err(NotAJump { from, over, to })
        }
    }

    /// The hole the peg leaves.
    pub const fn from(self) -> Hole {
        self.from
    }

    /// The hole jumped over, emptied.
    pub const fn over(self) -> Hole {
        self.over
    }

    /// The hole the peg lands in.
    pub const fn to(self) -> Hole {
        self.to
    }
}

const ROW: i32 = STRIDE as i32;

/// Bit offsets from a jump's target to its source and to the jumped hole, for the four directions
/// a jump can come from: below, right, left, above. Because holes and bits are both numbered row
/// by row, that is also the order of the source's hole number, largest first.
pub(crate) const SOURCE_OFFSETS: [(i32, i32); 4] =
    [(2 * ROW, ROW), (2, 1), (-2, -1), (-2 * ROW, -ROW)];

/// For each direction of [`SOURCE_OFFSETS`], the target cells for which the source and the jumped
/// hole are both on the cross.
const TARGETS: [u64; 4] = {
    let mut masks = [0u64; 4];
    let mut j = 0;
    while j < Jump::ALL.len() {
        let jump = Jump::ALL[j];
        let (from, to) = (jump.from.cell() as i32, jump.to.cell() as i32);
        let mut direction = 0;
        while SOURCE_OFFSETS[direction].0 != from - to {
            direction += 1;
        }
        masks[direction] |= 1 << to;
        j += 1;
    }
    masks
};

/// The target cells `t` in `ends` whose jumped hole and source (in each direction of
/// [`SOURCE_OFFSETS`]) are both in `path`, by direction, all found at once by shifting.
#[inline]
fn lines_by_direction(ends: u64, path: u64) -> [u64; 4] {
    let (row, double) = (ROW as u32, 2 * ROW as u32);
    [
        ends & path >> row & path >> double & TARGETS[0],
        ends & path >> 1 & path >> 2 & TARGETS[1],
        ends & path << 1 & path << 2 & TARGETS[2],
        ends & path << row & path << double & TARGETS[3],
    ]
}

/// The targets of all legal jumps on the board with these pegs (target empty, jumped hole and
/// source holding pegs), by the direction they come from.
#[inline]
pub(crate) fn targets_by_direction(pegs: u64) -> [u64; 4] {
    lines_by_direction(!pegs, pegs)
}

/// The targets of all jumps that could be undone on the board with these pegs (a peg on the
/// target, the jumped hole and the source empty), by direction as in [`targets_by_direction`].
#[inline]
pub(crate) fn undo_targets_by_direction(pegs: u64) -> [u64; 4] {
    lines_by_direction(pegs, !pegs)
}

/// The jump with this target cell coming from this direction of [`SOURCE_OFFSETS`].
pub(crate) fn jump_at(to: u32, direction: usize) -> Jump {
    let (from, over) = SOURCE_OFFSETS[direction];
    Jump {
        from: Hole::from_cell(to.wrapping_add_signed(from)),
        over: Hole::from_cell(to.wrapping_add_signed(over)),
        to: Hole::from_cell(to),
    }
}

/// The bits a jump changes.
pub(crate) fn jump_bits(jump: Jump) -> u64 {
    1 << jump.from.cell() | 1 << jump.over.cell() | 1 << jump.to.cell()
}

/// Calls `visit` with the bit set after each legal jump.
#[inline]
pub(crate) fn for_each_child(pegs: u64, mut visit: impl FnMut(u64)) {
    for (targets, (from, over)) in targets_by_direction(pegs).into_iter().zip(SOURCE_OFFSETS) {
        let mut left = targets;
        while left != 0 {
            let to = left.trailing_zeros();
            left &= left - 1;
            let moved =
                1 << to | 1 << to.wrapping_add_signed(from) | 1 << to.wrapping_add_signed(over);
            visit(pegs ^ moved);
        }
    }
}

impl fmt::Display for Jump {
    /// The project's notation: `12 over 19 to 26`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} over {} to {}", self.from, self.over, self.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cross_has_76_jumps_each_along_a_line_of_three() {
        for jump in Jump::ALL {
            let (fr, fc) = (jump.from.row() as i32, jump.from.col() as i32);
            let (or, oc) = (jump.over.row() as i32, jump.over.col() as i32);
            let (tr, tc) = (jump.to.row() as i32, jump.to.col() as i32);
            assert_eq!((or - fr, oc - fc), (tr - or, tc - oc));
            assert_eq!((or - fr).abs() + (oc - fc).abs(), 1);
        }
        let distinct: std::collections::HashSet<_> = Jump::ALL.iter().collect();
        assert_eq!(distinct.len(), JUMP_COUNT);
    }

    #[test]
    fn jumps_read_as_in_the_rule_book() {
        let h = |n| Hole::new(n).unwrap();
        let jump = Jump {
            from: h(12),
            over: h(19),
            to: h(26),
        };
        assert!(Jump::ALL.contains(&jump));
        assert_eq!(jump.to_string(), "12 over 19 to 26");
        assert!(Jump::ALL.contains(&Jump {
            from: h(11),
            over: h(10),
            to: h(9)
        }));
        assert!(!Jump::ALL.iter().any(|j| j.from == h(3) && j.to == h(5)));
    }
}
