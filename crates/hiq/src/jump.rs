//! A jump: one peg over an orthogonal neighbour into the empty hole beyond.

use crate::hole::{GRID, Hole};
use std::fmt;

/// A peg in `from` jumps over the peg in `over` and lands in `to`; `over` is emptied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    pub from: Hole,
    pub over: Hole,
    pub to: Hole,
}

/// Number of geometrically possible jumps on the cross.
pub const JUMP_COUNT: usize = 76;

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
            if row >= 0 && col >= 0 && or >= 0 && oc >= 0 && tr >= 0 && tc >= 0 {
                if let (Some(from), Some(over), Some(to)) = (
                    Hole::at(row as u8, col as u8),
                    Hole::at(or as u8, oc as u8),
                    Hole::at(tr as u8, tc as u8),
                ) {
                    jumps[n] = Jump { from, over, to };
                    n += 1;
                }
            }
            s += 1;
        }
        cell += 1;
    }
    assert!(n == JUMP_COUNT);
    jumps
}

impl Jump {
    /// Every jump the cross allows, whatever the pegs.
    pub const ALL: [Jump; JUMP_COUNT] = all_jumps();
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
