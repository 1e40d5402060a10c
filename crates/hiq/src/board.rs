//! The board: which of the 33 holes hold a peg.

use crate::hole::{GRID, Hole};
use crate::jump::Jump;
use std::fmt;

/// A set of holes holding pegs. Bit `row * 8 + col` stands for the cell at `row`, `col` of the
/// 7×7 square that contains the cross; only the 33 cells of the cross are ever set.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Board(u64);

const CROSS: u64 = {
    let mut bits = 0;
    let mut n = 1;
    while n <= 33 {
        if let Some(hole) = Hole::new(n) {
            bits |= 1 << hole.cell();
        }
        n += 1;
    }
    bits
};

/// The cells of each colour for [`Board::class`]: (row + col) mod 3 = 0, 1, 2, then
/// (row − col) mod 3 = 0, 1, 2.
const CLASS_MASKS: [u64; 6] = {
    let mut masks = [0u64; 6];
    let mut n = 1;
    while n <= 33 {
        if let Some(hole) = Hole::new(n) {
            let (r, c) = (hole.row() as usize, hole.col() as usize);
            masks[(r + c) % 3] |= 1 << hole.cell();
            masks[3 + (r + 6 - c) % 3] |= 1 << hole.cell();
        }
        n += 1;
    }
    masks
};

impl Board {
    /// No peg anywhere.
    pub const EMPTY: Board = Board(0);
    /// A peg in every hole.
    pub const FULL: Board = Board(CROSS);

    /// The usual start of a game: every hole filled but the centre.
    pub const fn standard_start() -> Board {
        Board(CROSS & !(1 << Hole::CENTRE.cell()))
    }

    /// Pegs in `holes` and nowhere else.
    pub fn from_holes(holes: impl IntoIterator<Item = Hole>) -> Board {
        holes.into_iter().fold(Board::EMPTY, Board::with)
    }

    /// This board with a peg added in `hole`.
    pub const fn with(self, hole: Hole) -> Board {
        Board(self.0 | 1 << hole.cell())
    }

    /// Whether `hole` holds a peg.
    pub const fn contains(self, hole: Hole) -> bool {
        self.0 & 1 << hole.cell() != 0
    }

    /// How many pegs are left.
    pub const fn peg_count(self) -> u32 {
        self.0.count_ones()
    }

    /// The holes holding pegs, in ascending order.
    pub fn pegs(self) -> impl DoubleEndedIterator<Item = Hole> + Clone {
        Hole::all().filter(move |&hole| self.contains(hole))
    }

    /// Sum of the numbers of the holes holding pegs: the contest's answer.
    pub fn hole_sum(self) -> u32 {
        self.pegs().map(|hole| u32::from(hole.number())).sum()
    }

    /// Whether `jump` can be made: pegs in its `from` and `over` holes, `to` empty.
    pub const fn is_legal(self, jump: Jump) -> bool {
        self.contains(jump.from) && self.contains(jump.over) && !self.contains(jump.to)
    }

    /// Every jump possible on this board, by the number of the hole the peg leaves, and from one
    /// hole to the right, left, down, then up.
    pub fn legal_jumps(self) -> impl Iterator<Item = Jump> {
        Jump::ALL
            .into_iter()
            .filter(move |&jump| self.is_legal(jump))
    }

    /// The board after `jump`, or `None` if the jump is not possible here.
    pub const fn apply(self, jump: Jump) -> Option<Board> {
        if self.is_legal(jump) {
            let moved = 1 << jump.from.cell() | 1 << jump.over.cell() | 1 << jump.to.cell();
            Some(Board(self.0 ^ moved))
        } else {
            None
        }
    }

    /// Pegs where this board has holes and holes where it has pegs.
    pub(crate) const fn complement(self) -> Board {
        Board(CROSS & !self.0)
    }

    /// De Bruijn's class of the position: colour the cross with three colours along one diagonal
    /// direction, and again along the other. A jump takes one peg from each colour of a line of
    /// three and adds one, so it changes the parity of every colour's count: the parities up to
    /// flipping all three, for both colourings, never change. Positions of different classes can
    /// never be reached from one another.
    pub fn class(self) -> u8 {
        let parity = |mask: u64| (self.0 & mask).count_ones() as u8 & 1;
        let [a0, a1, a2, b0, b1, b2] = CLASS_MASKS.map(parity);
        (a0 ^ a1) | (a1 ^ a2) << 1 | (b0 ^ b1) << 2 | (b1 ^ b2) << 3
    }

    /// The holes a single peg may be left in from this position, as far as its class tells:
    /// those whose single peg has the same class. A goal outside them is lost before any
    /// search; one inside may still be out of reach.
    ///
    /// ```
    /// use hiq::{Board, Hole};
    ///
    /// let holes: Vec<u8> = Board::standard_start().class_holes().map(Hole::number).collect();
    /// assert_eq!(holes, [2, 14, 17, 20, 32]);
    /// ```
    pub fn class_holes(self) -> impl Iterator<Item = Hole> {
        let class = self.class();
        Hole::all().filter(move |&hole| Board::from_holes([hole]).class() == class)
    }

    /// The board with the pegs of these cells toggled.
    pub(crate) const fn flip(self, cells: u64) -> Board {
        Board(self.0 ^ cells)
    }

    pub(crate) const fn bits(self) -> u64 {
        self.0
    }

    pub(crate) const fn from_bits(bits: u64) -> Board {
        Board(bits)
    }

    /// The board drawn as the cross, one line per row, cells separated by a space, `peg` and
    /// `hole` marking full and empty holes and spaces standing for the corners off the board.
    /// Lines carry no trailing spaces and each ends with a newline.
    pub fn diagram(self, peg: char, hole: char) -> String {
        let mut text = String::new();
        for row in 0..GRID {
            let mut line = String::new();
            for col in 0..GRID {
                if col > 0 {
                    line.push(' ');
                }
                line.push(match Hole::at(row, col) {
                    Some(h) if self.contains(h) => peg,
                    Some(_) => hole,
                    None => ' ',
                });
            }
            text.push_str(line.trim_end());
            text.push('\n');
        }
        text
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.pegs().map(Hole::number))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(holes: &[u8]) -> Board {
        Board::from_holes(holes.iter().map(|&n| Hole::new(n).unwrap()))
    }

    #[test]
    fn standard_start_has_32_pegs_and_an_empty_centre() {
        let start = Board::standard_start();
        assert_eq!(start.peg_count(), 32);
        assert!(!start.contains(Hole::CENTRE));
        assert_eq!(Board::FULL.peg_count(), 33);
        assert_eq!(Board::FULL.hole_sum(), 561);
        assert_eq!(start.hole_sum(), 544);
    }

    #[test]
    fn the_start_allows_exactly_four_jumps_all_into_the_centre() {
        let jumps: Vec<_> = Board::standard_start().legal_jumps().collect();
        assert_eq!(jumps.len(), 4);
        assert!(jumps.iter().all(|j| j.to == Hole::CENTRE));
        let mut sources: Vec<u8> = jumps.iter().map(|j| j.from.number()).collect();
        sources.sort();
        assert_eq!(sources, [5, 15, 19, 29]);
    }

    #[test]
    fn a_jump_moves_one_peg_and_removes_the_one_jumped() {
        let before = board(&[9, 10, 11]);
        let jump = Jump::ALL
            .into_iter()
            .find(|j| (j.from.number(), j.to.number()) == (11, 9))
            .unwrap();
        assert_eq!(before.apply(jump), None);
        let after = board(&[10, 11]).apply(jump).unwrap();
        assert_eq!(after, board(&[9]));
    }

    #[test]
    fn empty_and_lone_peg_boards_have_no_jumps() {
        assert_eq!(Board::EMPTY.legal_jumps().count(), 0);
        assert_eq!(Board::FULL.legal_jumps().count(), 0);
        for hole in Hole::all() {
            assert_eq!(Board::from_holes([hole]).legal_jumps().count(), 0);
        }
    }

    #[test]
    fn diagram_draws_the_cross() {
        let drawn = board(&[10, 12, 17, 19, 25]).diagram('X', 'O');
        let expected = "    O O O\n    O O O\nO O O X O X O\nO O O X O X O\nO O O O X O O\n    O O O\n    O O O\n";
        assert_eq!(drawn, expected);
    }
}
