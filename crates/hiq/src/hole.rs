//! The 33 holes of the cross, numbered row by row as in the contest.

use std::fmt;

/// Side of the square grid that contains the cross.
pub const GRID: u8 = 7;

/// Bits from one row of the grid to the next in a board's bit set. A stride of 8 puts each row in
/// its own byte, which makes the board's symmetries byte and bit reversals.
pub(crate) const STRIDE: u8 = 8;

/// One of the 33 holes, numbered 1 to 33 row by row, left to right:
///
/// ```text
///         1  2  3
///         4  5  6
///   7  8  9 10 11 12 13
///  14 15 16 17 18 19 20
///  21 22 23 24 25 26 27
///        28 29 30
///        31 32 33
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hole(u8);

/// Grid cell (row * STRIDE + col) of each hole, index = number - 1.
const CELL_OF_HOLE: [u8; 33] = {
    let mut cells = [0u8; 33];
    let mut n = 0;
    let mut cell = 0;
    while cell < GRID * STRIDE {
        if on_cross(cell / STRIDE, cell % STRIDE) {
            cells[n] = cell;
            n += 1;
        }
        cell += 1;
    }
    cells
};

/// Hole number of each grid cell, 0 for cells outside the cross.
const HOLE_OF_CELL: [u8; 64] = {
    let mut holes = [0u8; 64];
    let mut n = 0;
    while n < 33 {
        holes[CELL_OF_HOLE[n] as usize] = n as u8 + 1;
        n += 1;
    }
    holes
};

/// Whether the grid cell at `row`, `col` (0-based, within the 7×7 square) belongs to the cross.
pub(crate) const fn on_cross(row: u8, col: u8) -> bool {
    row < GRID && col < GRID && ((2 <= row && row <= 4) || (2 <= col && col <= 4))
}

impl Hole {
    /// The centre of the cross, hole 17.
    pub const CENTRE: Hole = Hole(17);

    /// The hole with this number, if it is 1 to 33.
    pub const fn new(number: u8) -> Option<Hole> {
        if 1 <= number && number <= 33 {
            Some(Hole(number))
        } else {
            None
        }
    }

    /// The hole at `row`, `col` of the 7×7 square (0-based), if that cell is on the cross.
    pub(crate) const fn at(row: u8, col: u8) -> Option<Hole> {
        if on_cross(row, col) {
            Some(Hole(HOLE_OF_CELL[(row * STRIDE + col) as usize]))
        } else {
            None
        }
    }

    /// All 33 holes in ascending order.
    pub fn all() -> impl DoubleEndedIterator<Item = Hole> + ExactSizeIterator + Clone {
        (1..=33).map(Hole)
    }

    /// The hole's number, 1 to 33.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Row in the 7×7 square, 0 at the top.
    pub const fn row(self) -> u8 {
        self.cell() / STRIDE
    }

    /// Column in the 7×7 square, 0 at the left.
    pub const fn col(self) -> u8 {
        self.cell() % STRIDE
    }

    /// Bit of the hole's cell in a board's bit set, row-major. Because holes are numbered row by row
    /// too, a larger hole always has a larger cell: the fast player relies on this.
    pub(crate) const fn cell(self) -> u8 {
        CELL_OF_HOLE[self.0 as usize - 1]
    }

    pub(crate) const fn from_cell(cell: u32) -> Hole {
        Hole(HOLE_OF_CELL[cell as usize])
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_follows_the_rule_book_picture() {
        let rows: Vec<Vec<u8>> = (0..GRID)
            .map(|r| {
                (0..GRID)
                    .filter_map(|c| Hole::at(r, c))
                    .map(Hole::number)
                    .collect()
            })
            .collect();
        assert_eq!(rows[0], [1, 2, 3]);
        assert_eq!(rows[1], [4, 5, 6]);
        assert_eq!(rows[2], (7..=13).collect::<Vec<_>>());
        assert_eq!(rows[3], (14..=20).collect::<Vec<_>>());
        assert_eq!(rows[4], (21..=27).collect::<Vec<_>>());
        assert_eq!(rows[5], [28, 29, 30]);
        assert_eq!(rows[6], [31, 32, 33]);
        assert_eq!((Hole::CENTRE.row(), Hole::CENTRE.col()), (3, 3));
    }

    #[test]
    fn holes_round_trip_through_coordinates() {
        for hole in Hole::all() {
            assert_eq!(Hole::at(hole.row(), hole.col()), Some(hole));
            assert_eq!(Hole::from_cell(hole.cell() as u32), hole);
        }
        assert_eq!(Hole::new(0), None);
        assert_eq!(Hole::new(34), None);
        assert_eq!(Hole::at(0, 0), None);
        assert_eq!(Hole::at(7, 3), None);
    }
}
