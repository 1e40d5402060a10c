//! What every position reachable from a start can still come to, in a table made once: whether a
//! single peg in the centre can still be reached, and the fewest pegs that any line can leave.
//! From the standard start the table holds its 23,475,688 positions (up to symmetry) in about
//! 125 MB and answers in well under a microsecond, where the solver may search for seconds.
//!
//! ```
//! use hiq::prospects::{Prospect, Table};
//! use hiq::{Board, Hole, line};
//!
//! // The cross of six pegs, for a quick example; a server makes the table of the standard
//! // start (`Board::standard_start()`) once, in some 7 s, and keeps it on disk.
//! let start = hiq::position::parse_position("5 9 10 11 17 24").unwrap();
//! let table = Table::build(start, 1 << 30, |_| {}).unwrap();
//! assert_eq!(table.prospect(start), Some(Prospect { winnable: true, fewest_pegs: 1 }));
//!
//! // After this jump the centre is out of reach, and 3 pegs are the fewest left.
//! let played = line::play(start, "10-2").unwrap();
//! assert_eq!(table.prospect(played.end), Some(Prospect { winnable: false, fewest_pegs: 3 }));
//! // A position the start cannot reach is not in the table.
//! assert_eq!(table.prospect(Board::standard_start()), None);
//!
//! // The next jump of a winning line, and a whole line.
//! let jump = table.hint(start).unwrap();
//! assert!(table.prospect(start.apply(jump).unwrap()).unwrap().winnable);
//! let win = table.line(start).unwrap();
//! let end = win.iter().fold(start, |board, &jump| board.apply(jump).unwrap());
//! assert_eq!(end, Board::from_holes([Hole::CENTRE]));
//!
//! // Kept on disk and read back; a file made from another start is refused.
//! let path = std::env::temp_dir().join(format!("hiq-prospects-{}.table", std::process::id()));
//! table.save(&path).unwrap();
//! assert_eq!(Table::load(&path, start, 1 << 30).unwrap(), table);
//! assert!(Table::load(&path, Board::standard_start(), 1 << 30).is_err());
//! # std::fs::remove_file(&path).unwrap();
//! ```
//!
//! What a server does, building the table of the standard start once and reading it from its
//! file after that:
//!
//! ```no_run
//! use hiq::Board;
//! use hiq::prospects::Table;
//!
//! let path = std::path::Path::new("hiq-prospects.table");
//! let start = Board::standard_start();
//! let table = match Table::load(path, start, 1 << 30) {
//!     Ok(table) => table,
//!     Err(_) => {
//!         let table = Table::build(start, hiq::memory::DEFAULT_MEMORY, |_| {})?;
//!         table.save(path)?;
//!         table
//!     }
//! };
//! assert_eq!(table.positions(), 23_475_688);
//! assert_eq!(table.winnable(), 1_679_072);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod file;
mod level;

pub use file::{Expected, FileError, STANDARD_FILE};

use crate::board::Board;
use crate::census::{Progress, Walked, walk};
use crate::hole::Hole;
use crate::jump::{Jump, for_each_child};
use crate::memory::OverMemory;
use crate::solve::{Goal, Solution, Verdict};
use crate::symmetry::Group;
use level::LevelTable;

/// What a position can still come to.
///
/// From a position reachable from the standard start, `winnable` is the solver's
/// [`Verdict::Won`] for the goal of the centre, and `fewest_pegs`
/// the pegs left at the end of its line when it is lost: every such position has the start's de
/// Bruijn class, so a lost one is [`LostByExhaustion`](Verdict::LostByExhaustion).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Prospect {
    /// Whether some line of jumps ends with a single peg in the centre, hole 17.
    pub winnable: bool,
    /// The fewest pegs that some line of jumps leaves (the position's own, when no jump is
    /// possible); 1 whenever `winnable`.
    pub fewest_pegs: u8,
}

/// The flag of [`Prospect::winnable`] in a prospect's byte, beside the fewest pegs.
const WINNABLE: u8 = 0x80;
/// The fewest pegs in a prospect's byte: 0 to 33.
const PEGS: u8 = 0x3F;

impl Prospect {
    fn byte(self) -> u8 {
        if self.winnable {
            self.fewest_pegs | WINNABLE
        } else {
            self.fewest_pegs
        }
    }

    fn of_byte(byte: u8) -> Prospect {
        Prospect {
            winnable: byte & WINNABLE != 0,
            fewest_pegs: byte & PEGS,
        }
    }
}

/// Positions whose children are looked up together.
const PARENTS: usize = 64;

/// The prospects of every position reachable from a start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    start: Board,
    /// The symmetries that map the start onto itself: a position is stored once per class
    /// under them, and looked up by its class's stored key.
    group: Group,
    /// One per number of pegs, from the start's down to the fewest reachable.
    levels: Vec<LevelTable>,
}

impl Table {
    /// The table of every position reachable from `start`, holding at most `memory` bytes while
    /// it is made; `progress` is called after each step: first each level of positions found,
    /// as the census finds them, then each level's prospects worked out, from the fewest pegs
    /// up. The work is shared among the threads of the current rayon pool (every core unless
    /// the caller installs another).
    ///
    /// From the standard start: some 7 s on 2 idle cores, 125 MB kept and 283 MB at the peak.
    ///
    /// # Errors
    ///
    /// [`OverMemory::Bound`] as soon as what the walk holds would pass `memory` (a start with
    /// fewer symmetries than the standard start's, or more pegs, may need gigabytes);
    /// [`OverMemory::Refused`] if the system refuses memory before that.
    pub fn build(
        start: Board,
        memory: u64,
        mut progress: impl FnMut(Progress),
    ) -> Result<Table, OverMemory> {
        let group = Group::of(start);
        let Walked {
            mut levels, found, ..
        } = walk::<(), _>(start, memory, &mut progress, |keys| {
            let level = LevelTable::new(keys)?;
            let bytes = level.bytes();
            Ok((level, bytes))
        })?;
        let total = 2 * levels.len() as u32;
        let centre = group.canonical_bits(Board::from_holes([Hole::CENTRE]).bits());
        // From the fewest pegs up: a position's prospect is the best of its children's, which
        // all lie in the level below.
        for i in (0..levels.len()).rev() {
            let pegs = (start.peg_count() - i as u32) as u8;
            let (here, below) = levels.split_at_mut(i + 1);
            let below = below.first();
            here[i].fill(|keys, values| {
                for (keys, values) in keys.chunks(PARENTS).zip(values.chunks_mut(PARENTS)) {
                    let (mut children, mut parents) = (Vec::new(), Vec::new());
                    for (parent, &key) in keys.iter().enumerate() {
                        for_each_child(key, |child| {
                            children.push(group.canonical_bits(child));
                            parents.push(parent);
                        });
                    }
                    let mut found = vec![None; children.len()];
                    if let Some(below) = below {
                        below.look_up(&children, &mut found);
                    }
                    let mut best: Vec<Prospect> = keys
                        .iter()
                        .map(|&key| Prospect {
                            winnable: key == centre,
                            fewest_pegs: pegs,
                        })
                        .collect();
                    // Every child is found: the walk made the level below from exactly these
                    // children.
                    for (&parent, found) in parents.iter().zip(found) {
                        if let (Some(best), Some(byte)) = (best.get_mut(parent), found) {
                            let child = Prospect::of_byte(byte);
                            best.winnable |= child.winnable;
                            best.fewest_pegs = best.fewest_pegs.min(child.fewest_pegs);
                        }
                    }
                    for (value, best) in values.iter_mut().zip(best) {
                        *value = best.byte();
                    }
                }
            });
            progress(Progress {
                done: total - i as u32,
                total,
                found,
            });
        }
        Ok(Table {
            start,
            group,
            levels,
        })
    }

    /// The start the table was made from.
    pub fn start(&self) -> Board {
        self.start
    }

    /// What `board` can still come to; `None` when the start cannot reach it.
    pub fn prospect(&self, board: Board) -> Option<Prospect> {
        let level = self.start.peg_count().checked_sub(board.peg_count())?;
        let key = self.group.canonical_bits(board.bits());
        let byte = self.levels.get(level as usize)?.value(key)?;
        Some(Prospect::of_byte(byte))
    }

    /// The next jump of a line from `board` that wins, or where none wins, of one that leaves
    /// the fewest pegs: the first such jump in the order of [`Board::legal_jumps`]. `None` when
    /// no jump is possible, or the start cannot reach `board`.
    pub fn hint(&self, board: Board) -> Option<Jump> {
        let here = self.prospect(board)?;
        board.legal_jumps().find(|&jump| {
            let next = board.apply(jump).and_then(|next| self.prospect(next));
            next.is_some_and(|next| {
                next.winnable == here.winnable && next.fewest_pegs == here.fewest_pegs
            })
        })
    }

    /// Whether `goal` can still be reached from `board`, as [`Table::solve`] answers it (and
    /// where it does) without finding a line.
    pub fn wins(&self, board: Board, goal: Goal) -> Option<bool> {
        let won = match goal {
            Goal::Hole(Hole::CENTRE) => |p: Prospect| p.winnable,
            Goal::Any => |p: Prospect| p.fewest_pegs == 1,
            Goal::Hole(_) => return None,
        };
        self.prospect(board).map(won)
    }

    /// The solver's answer for `goal` from `board`, from the table: `None` when the start
    /// cannot reach `board`, or the goal is neither the centre (whose prospect the table
    /// holds) nor any hole (won where a single peg is the fewest left). The line is
    /// [`Table::line`], and no position is searched.
    pub fn solve(&self, board: Board, goal: Goal) -> Option<Solution> {
        let verdict = if self.wins(board, goal)? {
            Verdict::Won
        } else if goal.class_allows(board.class()) {
            Verdict::LostByExhaustion
        } else {
            Verdict::LostByClass
        };
        let jumps = self.line(board)?;
        let end = jumps.iter().try_fold(board, |b, &j| b.apply(j))?;
        Some(Solution {
            verdict,
            jumps,
            end,
            positions: 0,
            fewest: true,
        })
    }

    /// A whole line from `board` that wins, or where none wins, that leaves the fewest pegs:
    /// [`Table::hint`] after [`Table::hint`] until no jump is left. `None` when the start cannot
    /// reach `board`.
    pub fn line(&self, board: Board) -> Option<Vec<Jump>> {
        self.prospect(board)?;
        let mut jumps = Vec::new();
        let mut now = board;
        while let Some(jump) = self.hint(now) {
            let Some(next) = now.apply(jump) else { break };
            jumps.push(jump);
            now = next;
        }
        Some(jumps)
    }

    /// Positions in the table: those reachable from the start, each class under the start's
    /// symmetries once.
    pub fn positions(&self) -> u64 {
        self.levels.iter().map(|l| l.len() as u64).sum()
    }

    /// The same, counting only those that can still end with a single peg in the centre.
    pub fn winnable(&self) -> u64 {
        let count = |level: &LevelTable| {
            let winnable = level.values().filter(|&v| v & WINNABLE != 0);
            winnable.count() as u64
        };
        self.levels.iter().map(count).sum()
    }

    /// The memory the table holds.
    pub fn bytes(&self) -> u64 {
        self.levels.iter().map(LevelTable::bytes).sum()
    }
}

#[cfg(test)]
mod tests;
