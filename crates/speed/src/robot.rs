//! The two robots, the two piles between them (the rule book's tables), and how long each
//! action takes.

use std::fmt;

/// Drawing the top card of the deck into the tableau.
pub const DRAW_MS: u32 = 300;
/// Moving a card to the robot's own right table (also the opening and a restart).
pub const RIGHT_MS: u32 = 500;
/// Moving a card to the robot's left table.
pub const LEFT_MS: u32 = 700;
/// Carrying a card back to its slot after its move was cancelled, counted from the cancelling
/// landing whatever progress the move had made.
pub const RETURN_MS: u32 = 500;

/// One of the two robots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Robot {
    /// The robot whose cards come first in a data set.
    A,
    /// The other robot.
    B,
}

/// One of the two piles between the robots, which the rule book calls tables and traces write
/// `table A` and `table B`: table A lies on A's right (B's left), table B on B's right. (Not
/// `Table`: that is a table of cards written out, in russian.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pile {
    /// Table A, on A's right.
    A,
    /// Table B, on B's right.
    B,
}

impl Robot {
    /// A, then B.
    pub const BOTH: [Robot; 2] = [Robot::A, Robot::B];

    /// 0 for A, 1 for B.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The robot across the piles.
    pub const fn other(self) -> Robot {
        match self {
            Robot::A => Robot::B,
            Robot::B => Robot::A,
        }
    }

    /// The pile on this robot's right, where its opening and restarts go.
    pub const fn right(self) -> Pile {
        match self {
            Robot::A => Pile::A,
            Robot::B => Pile::B,
        }
    }

    /// The pile on this robot's left: the other robot's right.
    pub(crate) const fn left(self) -> Pile {
        self.other().right()
    }

    /// How long this robot takes to carry a card to `pile`.
    pub const fn move_ms(self, pile: Pile) -> u32 {
        if pile as usize == self.right() as usize {
            RIGHT_MS
        } else {
            LEFT_MS
        }
    }
}

impl Pile {
    /// Table A, then table B.
    pub const BOTH: [Pile; 2] = [Pile::A, Pile::B];

    /// 0 for table A, 1 for table B.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The robot on whose right the pile lies.
    pub(crate) const fn owner(self) -> Robot {
        match self {
            Pile::A => Robot::A,
            Pile::B => Robot::B,
        }
    }
}

impl fmt::Display for Robot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Robot::A => "A",
            Robot::B => "B",
        })
    }
}

impl fmt::Display for Pile {
    /// `table A`, `table B`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Pile::A => "table A",
            Pile::B => "table B",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pile_is_one_robots_right_and_the_others_left() {
        assert_eq!(Robot::A.right(), Pile::A);
        assert_eq!(Robot::A.left(), Pile::B);
        assert_eq!(Robot::B.right(), Pile::B);
        assert_eq!(Robot::B.left(), Pile::A);
        for robot in Robot::BOTH {
            assert_eq!(robot.right().owner(), robot);
            assert_eq!(robot.move_ms(robot.right()), 500);
            assert_eq!(robot.move_ms(robot.left()), 700);
        }
    }
}
