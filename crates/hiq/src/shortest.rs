//! Wins with the fewest moves, a move being one or more jumps in a row by the same peg.
//!
//! Breadth-first search by moves from both ends at once: forwards from the start, and backwards
//! from the single peg of the goal by undoing jumps. Any win of m moves passes, after its first
//! i moves, a position at most i moves from the start and at most m − i moves from the goal; so
//! once both searches are complete to depths whose sum reaches the shortest win found where they
//! meet, no shorter win exists.

use crate::board::Board;
use crate::hash::BoardMap;
use crate::hole::Hole;
use crate::jump::{Jump, jump_at, jump_bits, targets_by_direction, undo_targets_by_direction};
use crate::memory::{OverMemory, fallibly, push};
use crate::symmetry::Group;

/// Calls `visit` with every position one move away, and the move's jumps; or, `backwards`, with
/// every position one move before this one (a peg's run of jumps undone), and that move's jumps
/// in the order they were undone: the reverse of the order of play.
fn for_each_move(board: Board, backwards: bool, visit: &mut impl FnMut(Board, &[Jump])) {
    extend_move(board, None, backwards, &mut Vec::new(), visit);
}

/// Every jump (or, `backwards`, every undone jump) of the peg standing on `peg`, or of any peg
/// when there is none yet, each followed by that peg's further jumps; every position a move
/// of at least one jump reaches is reported.
fn extend_move(
    board: Board,
    peg: Option<Hole>,
    backwards: bool,
    jumps: &mut Vec<Jump>,
    visit: &mut impl FnMut(Board, &[Jump]),
) {
    if peg.is_some() {
        visit(board, jumps);
    }
    let targets = if backwards {
        undo_targets_by_direction(board.bits())
    } else {
        targets_by_direction(board.bits())
    };
    for (direction, targets) in targets.into_iter().enumerate() {
        each_bit(targets, |to| {
            let jump = jump_at(to, direction);
            let (leaves, lands) = if backwards {
                (jump.to, jump.from)
            } else {
                (jump.from, jump.to)
            };
            if peg.is_none_or(|peg| peg == leaves) {
                jumps.push(jump);
                extend_move(
                    board.flip(jump_bits(jump)),
                    Some(lands),
                    backwards,
                    jumps,
                    visit,
                );
                jumps.pop();
            }
        });
    }
}

fn each_bit(mut bits: u64, mut visit: impl FnMut(u32)) {
    while bits != 0 {
        let bit = bits.trailing_zeros();
        bits &= bits - 1;
        visit(bit);
    }
}

/// The bytes of a table of distances with room for `capacity` positions: a key, a distance and a
/// control byte a bucket, padded to 16 bytes, at most 7 keys in 8 buckets.
fn map_bytes(capacity: usize) -> u64 {
    (capacity as u64 + 1) * 8 / 7 * 16
}

/// Why a layer stopped: the bound would be passed, or the system refused memory while the
/// search held this many bytes by its count.
enum Halt {
    Bound,
    Refused(u64),
}

/// One direction of the search: the positions at each number of moves, up to a group's
/// symmetries (those that fix where the search started).
struct Frontier {
    group: Group,
    backwards: bool,
    /// Positions with more pegs than the start cannot lie on a win: the backward search stops there.
    max_pegs: u32,
    layers: Vec<Vec<u64>>,
    /// Every position found, with its number of moves.
    distances: BoardMap<u8>,
}

impl Frontier {
    fn new(origin: Board, backwards: bool, max_pegs: u32) -> Frontier {
        let group = Group::of(origin);
        let key = group.canonical(origin).bits();
        Frontier {
            group,
            backwards,
            max_pegs,
            layers: vec![vec![key]],
            distances: BoardMap::from_iter([(key, 0)]),
        }
    }

    fn exhausted(&self) -> bool {
        self.layers.last().is_none_or(Vec::is_empty)
    }

    fn depth(&self) -> usize {
        self.layers.len() - 1
    }

    /// Positions found so far.
    fn positions(&self) -> u64 {
        self.distances.len() as u64
    }

    /// The memory held: the table of distances (a key, a distance and a control byte a bucket,
    /// padded to 16 bytes, at most 7 keys in 8 buckets) and the layers' keys.
    fn bytes(&self) -> u64 {
        let layers: usize = self.layers.iter().map(Vec::capacity).sum();
        map_bytes(self.distances.capacity()) + 8 * layers as u64
    }

    /// Adds the next layer of moves; stops when the table of distances would have to double
    /// past `room` bytes (the other direction's memory left aside), or the system refuses it.
    fn deepen(&mut self, room: u64) -> Result<(), Halt> {
        let mut next = Vec::new();
        let layers = self.bytes() - map_bytes(self.distances.capacity());
        let (group, distances) = (self.group, &mut self.distances);
        let (max_pegs, depth) = (self.max_pegs, self.layers.len() as u8);
        let mut halt = None;
        let mut add = |b: Board, _: &[Jump]| {
            let key = group.canonical(b).bits();
            if halt.is_some() || b.peg_count() > max_pegs || distances.contains_key(&key) {
                return;
            }
            if distances.len() == distances.capacity() {
                // Doubling holds the old table and the new one at once.
                let held = layers + 8 * next.capacity() as u64;
                let table = map_bytes(distances.capacity());
                if held + 3 * table > room {
                    halt = Some(Halt::Bound);
                    return;
                }
                if fallibly(|| distances.try_reserve(1)).is_err() {
                    halt = Some(Halt::Refused(held + table));
                    return;
                }
            }
            if push(&mut next, key).is_err() {
                let held = layers + 8 * next.capacity() as u64;
                halt = Some(Halt::Refused(held + map_bytes(distances.capacity())));
                return;
            }
            distances.insert(key, depth);
        };
        for &key in self.layers.last().map(Vec::as_slice).unwrap_or_default() {
            for_each_move(Board::from_bits(key), self.backwards, &mut add);
        }
        if let Some(halt) = halt {
            return Err(halt);
        }
        next.sort_unstable();
        self.layers.push(next);
        Ok(())
    }

    /// How many moves separate `board` from where the search started, if known.
    fn distance(&self, board: Board) -> Option<usize> {
        self.distances
            .get(&self.group.canonical(board).bits())
            .map(|&d| usize::from(d))
    }

    /// The moves from `board` (at `distance`) back to where the search started, read in the
    /// direction of play: towards the start for a forward search, towards the goal otherwise.
    fn line(&self, mut board: Board, distance: usize) -> Vec<Vec<Jump>> {
        let mut moves = Vec::new();
        for d in (0..distance).rev() {
            let mut step = None;
            let mut check = |b: Board, jumps: &[Jump]| {
                if step.is_none() && self.distance(b) == Some(d) {
                    step = Some((b, jumps.to_vec()));
                }
            };
            // Towards where the search started: backwards for a forward search.
            for_each_move(board, !self.backwards, &mut check);
            if !self.backwards
                && let Some((_, undone)) = &mut step
            {
                undone.reverse();
            }
            let Some((previous, jumps)) = step else { break };
            moves.push(jumps);
            board = previous;
        }
        if !self.backwards {
            moves.reverse();
        }
        moves
    }
}

/// A win from `start` to a single peg in `goal` with the fewest moves, as its moves (each a run of
/// jumps by one peg), or `None` if there is no win at all; `progress` is told the positions found
/// after each layer of moves.
///
/// # Errors
///
/// [`OverMemory::Bound`] when the positions held would pass `memory` bytes (a table of them
/// doubling holds the old and the new at once); [`OverMemory::Refused`] if the system refuses
/// memory before that.
pub fn fewest_moves(
    start: Board,
    goal: Hole,
    memory: u64,
    mut progress: impl FnMut(u64),
) -> Result<Option<Vec<Vec<Jump>>>, OverMemory> {
    let target = Board::from_holes([goal]);
    if start.class() != target.class() {
        return Ok(None);
    }
    let mut forward = Frontier::new(start, false, start.peg_count());
    let mut backward = Frontier::new(target, true, start.peg_count());
    let mut best: Option<(usize, Board)> = None;
    loop {
        if let Some((total, _)) = best
            && total <= forward.depth() + backward.depth()
        {
            break;
        }
        let forward_first = match (forward.exhausted(), backward.exhausted()) {
            (true, true) => break,
            (false, true) => true,
            (true, false) => false,
            (false, false) => {
                forward.layers.last().map_or(0, Vec::len)
                    <= backward.layers.last().map_or(0, Vec::len)
            }
        };
        let (grow, other) = if forward_first {
            (&mut forward, &backward)
        } else {
            (&mut backward, &forward)
        };
        let others = other.bytes();
        let grown = grow.deepen(memory.saturating_sub(others));
        let found = forward.positions() + backward.positions();
        match grown {
            Ok(()) => {}
            Err(Halt::Bound) => {
                return Err(OverMemory::Bound {
                    limit: memory,
                    positions: found,
                });
            }
            Err(Halt::Refused(held)) => {
                return Err(OverMemory::Refused {
                    held: held + others,
                    positions: found,
                });
            }
        }
        progress(found);
        if forward.bytes() + backward.bytes() > memory {
            return Err(OverMemory::Bound {
                limit: memory,
                positions: found,
            });
        }
        let (grow, other) = if forward_first {
            (&forward, &backward)
        } else {
            (&backward, &forward)
        };
        let depth = grow.depth();
        for &key in &grow.layers[depth] {
            let board = Board::from_bits(key);
            for s in grow.group.symmetries() {
                let image = s.apply(board);
                if let Some(d) = other.distance(image)
                    && best.is_none_or(|(total, _)| depth + d < total)
                {
                    best = Some((depth + d, image));
                }
            }
        }
    }
    let Some((_, meeting)) = best else {
        return Ok(None);
    };
    let (Some(to), Some(from)) = (forward.distance(meeting), backward.distance(meeting)) else {
        return Ok(None);
    };
    let to_meeting = forward.line(meeting, to);
    let to_goal = backward.line(meeting, from);
    Ok(Some(to_meeting.into_iter().chain(to_goal).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replay(start: Board, moves: &[Vec<Jump>]) -> Board {
        let mut board = start;
        for m in moves {
            for pair in m.windows(2) {
                assert_eq!(
                    pair[0].to, pair[1].from,
                    "a move is a run of jumps by one peg"
                );
            }
            for &jump in m {
                board = board.apply(jump).expect("legal jump");
            }
        }
        board
    }

    #[test]
    fn the_standard_start_needs_18_moves() {
        let moves = fewest_moves(Board::standard_start(), Hole::CENTRE, u64::MAX, |_| {})
            .unwrap()
            .unwrap();
        assert_eq!(moves.len(), 18);
        assert_eq!(
            replay(Board::standard_start(), &moves),
            Board::from_holes([Hole::CENTRE])
        );
    }

    #[test]
    fn a_double_jump_is_one_move() {
        let h = |n| Hole::new(n).unwrap();
        // 15 over 16 into 17, then on over 10 into 5.
        let start = Board::from_holes([h(15), h(16), h(10)]);
        let moves = fewest_moves(start, h(5), u64::MAX, |_| {})
            .unwrap()
            .unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].len(), 2);
        assert_eq!(replay(start, &moves), Board::from_holes([h(5)]));
    }

    #[test]
    fn no_win_no_moves() {
        let h = |n| Hole::new(n).unwrap();
        assert_eq!(
            fewest_moves(Board::from_holes([h(1), h(33)]), h(17), u64::MAX, |_| {}),
            Ok(None)
        );
        assert_eq!(
            fewest_moves(Board::standard_start(), h(1), u64::MAX, |_| {}),
            Ok(None)
        );
    }
}
