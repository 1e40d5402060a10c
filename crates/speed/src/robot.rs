//! The two robots, the two tables between them, and how long each action takes.

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
    A,
    B,
}

/// One of the two tables: table A lies on A's right (B's left), table B on B's right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Table {
    A,
    B,
}

impl Robot {
    pub const BOTH: [Robot; 2] = [Robot::A, Robot::B];

    /// 0 for A, 1 for B.
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn other(self) -> Robot {
        match self {
            Robot::A => Robot::B,
            Robot::B => Robot::A,
        }
    }

    pub const fn right(self) -> Table {
        match self {
            Robot::A => Table::A,
            Robot::B => Table::B,
        }
    }

    pub const fn left(self) -> Table {
        self.other().right()
    }

    /// How long this robot takes to carry a card to `table`.
    pub const fn move_ms(self, table: Table) -> u32 {
        if table as usize == self.right() as usize {
            RIGHT_MS
        } else {
            LEFT_MS
        }
    }
}

impl Table {
    pub const BOTH: [Table; 2] = [Table::A, Table::B];

    /// 0 for table A, 1 for table B.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The robot on whose right the table lies.
    pub const fn owner(self) -> Robot {
        match self {
            Table::A => Robot::A,
            Table::B => Robot::B,
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

impl fmt::Display for Table {
    /// `table A`, `table B`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Table::A => "table A",
            Table::B => "table B",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_table_is_one_robots_right_and_the_others_left() {
        assert_eq!(Robot::A.right(), Table::A);
        assert_eq!(Robot::A.left(), Table::B);
        assert_eq!(Robot::B.right(), Table::B);
        assert_eq!(Robot::B.left(), Table::A);
        for robot in Robot::BOTH {
            assert_eq!(robot.right().owner(), robot);
            assert_eq!(robot.move_ms(robot.right()), 500);
            assert_eq!(robot.move_ms(robot.left()), 700);
        }
    }
}
