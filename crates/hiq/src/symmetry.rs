//! The eight symmetries of the cross (rotations and reflections) and canonical forms of boards.

use crate::board::Board;

/// One of the eight symmetries of the square, acting on the cross.
///
/// With each row of the board in its own byte, the symmetries are byte and bit reversals: a
/// vertical flip reverses the bytes, a half turn reverses all 64 bits, a horizontal flip does
/// both; transposing the 8×8 bit matrix gives the other four. The shifts move the 7×7 square
/// back to the corner of the 8×8 one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Symmetry(u8);

fn transpose(mut x: u64) -> u64 {
    // Swap the off-diagonal halves of 2×2, then 4×4, then 8×8 blocks.
    let t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0;
    x ^ t ^ (t << 28)
}

fn flip_rows(x: u64) -> u64 {
    x.swap_bytes() >> 8
}

fn flip_columns(x: u64) -> u64 {
    x.reverse_bits().swap_bytes() >> 1
}

fn half_turn(x: u64) -> u64 {
    x.reverse_bits() >> 9
}

/// The images of a board under all eight symmetries, in the order of [`Symmetry::ALL`], sharing
/// one transposition.
#[inline]
fn all_images(bits: u64) -> [u64; 8] {
    let t = transpose(bits);
    [
        bits,
        flip_rows(bits),
        flip_columns(bits),
        half_turn(bits),
        t,
        flip_rows(t),
        flip_columns(t),
        half_turn(t),
    ]
}

impl Symmetry {
    /// All eight, the identity first.
    pub(crate) const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    #[inline]
    pub(crate) fn apply_bits(self, bits: u64) -> u64 {
        let x = if self.0 & 4 != 0 {
            transpose(bits)
        } else {
            bits
        };
        match self.0 & 3 {
            0 => x,
            1 => flip_rows(x),
            2 => flip_columns(x),
            _ => half_turn(x),
        }
    }

    /// The board's image: every peg moved to its hole's image.
    pub(crate) fn apply(self, board: Board) -> Board {
        Board::from_bits(self.apply_bits(board.bits()))
    }
}

/// A set of symmetries, as a bit mask over [`Symmetry::ALL`]; always holds the identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Group(u8);

impl Group {
    /// All eight symmetries.
    pub(crate) const FULL: Group = Group(0xFF);

    /// The symmetries that map `board` onto itself.
    pub(crate) fn of(board: Board) -> Group {
        let mut mask = 0;
        for (i, s) in Symmetry::ALL.into_iter().enumerate() {
            if s.apply(board) == board {
                mask |= 1 << i;
            }
        }
        Group(mask)
    }

    /// How many symmetries the group holds (1 to 8).
    pub(crate) fn size(self) -> u32 {
        self.0.count_ones()
    }

    /// The group's symmetries, in the order of [`Symmetry::ALL`].
    pub(crate) fn symmetries(self) -> impl Iterator<Item = Symmetry> {
        Symmetry::ALL
            .into_iter()
            .filter(move |s| self.0 >> s.0 & 1 == 1)
    }

    /// The representative of the board's class under this group: the transform with the smallest
    /// bit set. Two boards have the same canonical form exactly when a symmetry of the group maps
    /// one onto the other.
    #[inline]
    pub(crate) fn canonical(self, board: Board) -> Board {
        Board::from_bits(self.canonical_bits(board.bits()))
    }

    #[inline]
    pub(crate) fn canonical_bits(self, bits: u64) -> u64 {
        if self.0 == 0xFF {
            // The hot path of the census.
            all_images(bits).into_iter().min().unwrap_or(bits)
        } else {
            self.symmetries()
                .map(|s| s.apply_bits(bits))
                .min()
                .unwrap_or(bits)
        }
    }

    /// How many distinct boards the group maps the board of `bits` to.
    #[inline]
    pub(crate) fn orbit_len_bits(self, bits: u64) -> u32 {
        let images = all_images(bits);
        let fixed = self
            .symmetries()
            .filter(|s| images[s.0 as usize] == bits)
            .count() as u32;
        self.size() / fixed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hole::Hole;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn cell_of(row: u8, col: u8) -> Hole {
        Hole::at(row, col).unwrap()
    }

    /// Each symmetry as a map of coordinates, written out by hand.
    fn by_coordinates(s: Symmetry, hole: Hole) -> Hole {
        let (r, c) = (hole.row(), hole.col());
        let (r, c) = if s.0 & 4 != 0 { (c, r) } else { (r, c) };
        match s.0 & 3 {
            0 => cell_of(r, c),
            1 => cell_of(6 - r, c),
            2 => cell_of(r, 6 - c),
            _ => cell_of(6 - r, 6 - c),
        }
    }

    /// Where the symmetry takes a peg in `hole`.
    fn image(s: Symmetry, hole: Hole) -> Hole {
        let mut pegs = s.apply(Board::from_holes([hole])).pegs();
        pegs.next().unwrap()
    }

    #[test]
    fn every_symmetry_maps_holes_as_its_coordinates_say() {
        for s in Symmetry::ALL {
            for hole in Hole::all() {
                assert_eq!(image(s, hole), by_coordinates(s, hole), "{s:?} {hole}");
            }
            assert_eq!(s.apply(Board::FULL), Board::FULL);
        }
        let images: std::collections::HashSet<_> = Symmetry::ALL
            .iter()
            .map(|&s| image(s, Hole::new(1).unwrap()))
            .collect();
        assert_eq!(
            images.len(),
            8,
            "hole 1 has eight images: 1, 3, 31, 33, 7, 13, 21, 27"
        );
    }

    #[test]
    fn canonical_forms_agree_between_fast_and_general_paths() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..10_000 {
            let state = rng.next_u64();
            let board = Board::from_holes(Hole::all().filter(|h| state >> h.number() & 1 == 1));
            let general = Symmetry::ALL
                .iter()
                .map(|s| s.apply(board).bits())
                .min()
                .unwrap();
            assert_eq!(Group::FULL.canonical(board).bits(), general);
            for s in Symmetry::ALL {
                assert_eq!(
                    Group::FULL.canonical(s.apply(board)),
                    Group::FULL.canonical(board)
                );
            }
        }
    }

    #[test]
    fn groups_and_orbits() {
        assert_eq!(Group::of(Board::standard_start()), Group::FULL);
        let single = |n| Board::from_holes([Hole::new(n).unwrap()]);
        assert_eq!(Group::of(single(1)).size(), 1);
        assert_eq!(Group::FULL.orbit_len_bits(single(1).bits()), 8);
        assert_eq!(Group::of(single(2)).size(), 2, "the flip left to right");
        assert_eq!(Group::FULL.orbit_len_bits(single(2).bits()), 4);
        assert_eq!(
            Group::FULL.orbit_len_bits(single(9).bits()),
            4,
            "on a diagonal"
        );
        assert_eq!(Group::FULL.orbit_len_bits(single(17).bits()), 1);
    }
}
