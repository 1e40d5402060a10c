//! The census of a game: every position reachable from a start, level by level (a jump always
//! removes one peg, so positions with the same number of pegs form a level), with how many can
//! still end with a single peg in the centre, and the number of complete games.

use crate::board::Board;
use crate::hole::Hole;
use crate::jump::for_each_child;
use crate::memory::{OverMemory, push, reserve};
use crate::symmetry::Group;
use crate::table::{CountTable, Paths, QUEUE};
use rayon::prelude::*;
use std::collections::TryReserveError;

/// The figures for the positions with one number of pegs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The number of pegs.
    pub pegs: u32,
    /// Positions with this many pegs reachable from the start.
    pub positions: u64,
    /// The same, counting positions that one of the board's 8 symmetries maps onto each other once.
    pub positions_up_to_symmetry: u64,
    /// Reachable positions from which a single peg in the centre can still be reached.
    pub winnable: u64,
    /// The same, counting positions that one of the board's 8 symmetries maps onto each other once.
    pub winnable_up_to_symmetry: u64,
}

/// Everything reachable from a start, level by level, and its complete games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// One entry per number of pegs, from the start's down to the fewest reachable.
    pub levels: Vec<Level>,
    /// Complete games: sequences of jumps from the start that end where no jump is left.
    pub games: u128,
    /// Complete games that end with a single peg in the centre.
    pub games_won: u128,
}

impl Census {
    /// Positions reachable from the start, the start included.
    pub fn positions(&self) -> u64 {
        self.levels.iter().map(|l| l.positions).sum()
    }

    /// The same, up to the board's symmetries.
    pub fn positions_up_to_symmetry(&self) -> u64 {
        self.levels.iter().map(|l| l.positions_up_to_symmetry).sum()
    }

    /// Reachable positions from which a single peg in the centre can still be reached.
    pub fn winnable(&self) -> u64 {
        self.levels.iter().map(|l| l.winnable).sum()
    }

    /// The same, up to the board's symmetries.
    pub fn winnable_up_to_symmetry(&self) -> u64 {
        self.levels.iter().map(|l| l.winnable_up_to_symmetry).sum()
    }
}

/// What the census is doing, for a progress display: `done` of `total` steps.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Steps finished.
    pub done: u32,
    /// Steps in all.
    pub total: u32,
    /// Positions found so far, up to the start's symmetries.
    pub found: u64,
}

/// Counts everything reachable from `start`, holding at most `memory` bytes of positions.
/// `progress` is called after each step.
///
/// # Errors
///
/// [`OverMemory::Bound`] as soon as what the census holds would pass `memory` (the census of
/// the standard start holds about 700 MB; one with the 32 pegs other than hole 1 about 5 GB);
/// [`OverMemory::Refused`] if the system refuses memory for a table before that.
///
/// Positions are stored once per class under the symmetries that map the start onto itself (all
/// eight for the standard start), as sorted lists of bit sets, one list per level. Each
/// representative also carries the number of jump sequences that reach any position of its
/// class; adding it to every child's class counts the games without ever listing them (the
/// totals need 128 bits).
///
/// What is counted against `memory`: the levels kept (8 bytes a position), the level being
/// expanded with its path counts (16 more), the next level's tables with room for two of them to
/// double at once, the children waiting to be handed over, the next level's keys and counts as
/// they are taken out of the tables, and the lists of the check for a win.
pub fn census(
    start: Board,
    memory: u64,
    mut progress: impl FnMut(Progress),
) -> Result<Census, OverMemory> {
    let group = Group::of(start);
    let walked = walk::<u128, _>(start, memory, &mut progress, |mut sorted| {
        sorted.par_sort_unstable();
        let bytes = 8 * sorted.len() as u64;
        Ok((sorted, bytes))
    })?;
    let (levels, stored, found) = (walked.levels, walked.kept, walked.found);
    let total = levels.len() as u32 * 2;
    let winnable = winnable_sets(start, group, &levels, stored, memory)
        .map_err(|halt| halt.over(memory, found))?;
    let mut figures = Vec::with_capacity(levels.len());
    for (i, (keys, winnable)) in levels.iter().zip(&winnable).enumerate() {
        figures.push(Level {
            pegs: start.peg_count() - i as u32,
            positions: orbits(group, keys),
            positions_up_to_symmetry: classes(group, keys).map_err(|_| OverMemory::Refused {
                held: stored,
                positions: found,
            })?,
            winnable: orbits(group, winnable),
            winnable_up_to_symmetry: classes(group, winnable).map_err(|_| OverMemory::Refused {
                held: stored,
                positions: found,
            })?,
        });
        progress(Progress {
            done: levels.len() as u32 + i as u32 + 1,
            total,
            found,
        });
    }
    Ok(Census {
        levels: figures,
        games: walked.games,
        games_won: walked.games_won,
    })
}

/// What a walk over the levels found: the levels as they were kept, and the counts.
pub(crate) struct Walked<P, L> {
    /// Each level as `keep` made it, from the start's.
    pub(crate) levels: Vec<L>,
    /// Complete games, and those that end with a single peg in the centre.
    pub(crate) games: P,
    pub(crate) games_won: P,
    /// Positions found, up to the start's symmetries.
    pub(crate) found: u64,
    /// The bytes the levels were kept in, by `keep`'s count.
    pub(crate) kept: u64,
}

/// Walks every position reachable from `start`, level by level, each stored once per class
/// under the symmetries that map the start onto itself; counts the jump sequences that reach
/// each class in `P` (nothing at all for `()`). Each level is handed to `keep`, in no particular
/// order, once its children are made; `keep` answers what it makes of it, to be kept, and the
/// bytes that holds (or the system's refusal). `progress` is then told of the level, as one of
/// two steps a peg of the start: the walk is the first half of the work of its callers.
///
/// What is counted against `memory`: what `keep` holds, the level being expanded with its path
/// counts, the next level's tables with room for two of them to double at once, the children
/// waiting to be handed over, and the next level's keys and counts as they are taken out of the
/// tables. The list handed to `keep` is counted until `keep` returns; what `keep` makes of it, from
/// the check that follows.
pub(crate) fn walk<P: Paths, L>(
    start: Board,
    memory: u64,
    mut progress: impl FnMut(Progress),
    mut keep: impl FnMut(Vec<u64>) -> Result<(L, u64), TryReserveError>,
) -> Result<Walked<P, L>, OverMemory> {
    let group = Group::of(start);
    let total = 2 * start.peg_count().max(1);
    let mut levels = Vec::new();
    let path = std::mem::size_of::<P>() as u64;
    let mut found = 0;
    let mut keys = vec![group.canonical_bits(start.bits())];
    let mut paths: Vec<P> = vec![P::ONE];
    let centre = Board::from_holes([Hole::CENTRE]).bits();
    let (mut games, mut games_won) = (P::NONE, P::NONE);
    let mut kept = 0;
    loop {
        found += keys.len() as u64;
        // What is kept, the keys and counts being expanded, and the next level's tables.
        let held = kept + (8 + path) * keys.len() as u64;
        let stop = |halt: Halt| halt.over(memory, found);
        let step = next_level(group, &keys, &paths, centre, held, memory).map_err(stop)?;
        games = games.plus(step.games);
        games_won = games_won.plus(step.games_won);
        let (level, bytes) = keep(keys).map_err(|_| stop(Halt::Refused(held)))?;
        levels.push(level);
        kept += bytes;
        progress(Progress {
            done: levels.len() as u32,
            total,
            found,
        });
        if step.tables.iter().all(CountTable::is_empty) {
            break;
        }
        // The next level's keys and counts are made while this level's counts and the tables
        // are still held.
        let next: usize = step.tables.iter().map(|t| t.len() + QUEUE).sum();
        let tables: u64 = step.tables.iter().map(CountTable::bytes).sum();
        let taking = kept + path * paths.len() as u64 + tables + (8 + path) * next as u64;
        if taking > memory {
            return Err(stop(Halt::Bound));
        }
        (keys, paths) = take_entries(step.tables, next).map_err(|_| stop(Halt::Refused(taking)))?;
    }
    Ok(Walked {
        levels,
        games,
        games_won,
        found,
        kept,
    })
}

/// Why a step stopped: the bound would be passed, or the system refused memory while the census
/// held this many bytes by its count.
#[derive(Clone, Copy, Debug)]
enum Halt {
    Bound,
    Refused(u64),
}

impl Halt {
    fn over(self, limit: u64, positions: u64) -> OverMemory {
        match self {
            Halt::Bound => OverMemory::Bound { limit, positions },
            Halt::Refused(held) => OverMemory::Refused { held, positions },
        }
    }
}

/// The keys and counts of the tables, `room` entries reserved at once rather than doubled into.
fn take_entries<P: Paths>(
    tables: Vec<CountTable<P>>,
    room: usize,
) -> Result<(Vec<u64>, Vec<P>), TryReserveError> {
    let (mut keys, mut paths) = (Vec::new(), Vec::new());
    reserve(&mut keys, room)?;
    reserve(&mut paths, room)?;
    for table in tables {
        for (key, count) in table.into_entries()? {
            keys.push(key);
            paths.push(count);
        }
    }
    Ok((keys, paths))
}

/// The result of playing every jump from one level.
struct Step<P: Paths> {
    /// The next level's representatives with their path counts, split among the tables.
    tables: Vec<CountTable<P>>,
    games: P,
    games_won: P,
}

/// How many tables a level is split into, whatever the number of threads: the tables' sizes,
/// and so the point where a census passes its memory bound, are then the same on every
/// machine. More tables than threads cost nothing measurable.
const OWNERS: usize = 64;

/// Parents handled between two hand-overs of children to the tables that own them.
const BLOCK: usize = 1 << 15;

/// Plays every jump from every representative of a level, adding each representative's path
/// count to its children's classes; stops as soon as the tables, beside the `held` bytes, would
/// pass `memory` bytes.
///
/// The work is shared by the threads twice over: each block of parents is split among them to
/// make the children, and each child is then handed to the thread that owns its key (by a hash),
/// which adds it to its own table. No table is shared and none has to be merged.
fn next_level<P: Paths>(
    group: Group,
    keys: &[u64],
    paths: &[P],
    centre: u64,
    held: u64,
    memory: u64,
) -> Result<Step<P>, Halt> {
    let owners = OWNERS;
    // What the tables and the outboxes hold with room for two tables to double at once (two
    // threads growing theirs together): checked after each block, and before the first.
    let holding = |tables: &[CountTable<P>], makers: &[Maker<P>]| {
        let sizes = tables.iter().map(CountTable::bytes);
        let growth = 2 * 2 * sizes.clone().max().unwrap_or(0);
        let outboxes: u64 = makers.iter().map(Maker::bytes).sum();
        held + sizes.sum::<u64>() + growth + outboxes
    };
    let expected = keys.len() * 2 / owners;
    let table = CountTable::<P>::bytes_for(expected);
    if held + (owners as u64 + 4) * table > memory {
        return Err(Halt::Bound);
    }
    let mut tables: Vec<CountTable<P>> = Vec::new();
    for _ in 0..owners {
        let refused = Halt::Refused(held + tables.len() as u64 * table);
        tables.push(CountTable::with_capacity(expected).map_err(|_| refused)?);
    }
    let mut makers: Vec<Maker<P>> = (0..owners).map(|_| Maker::new(owners)).collect();
    let (mut games, mut games_won) = (P::NONE, P::NONE);
    for (keys, paths) in keys.chunks(BLOCK).zip(paths.chunks(BLOCK)) {
        let part = keys.len().div_ceil(owners);
        let before = holding(&tables, &makers);
        // A block may have fewer parts than makers: those left out must hand over nothing.
        for maker in &mut makers {
            maker.outboxes.iter_mut().for_each(Vec::clear);
        }
        makers
            .par_iter_mut()
            .zip(keys.par_chunks(part).zip(paths.par_chunks(part)))
            .try_for_each(|(maker, (keys, paths))| maker.make(group, keys, paths, centre))
            .map_err(|_| Halt::Refused(before))?;
        tables
            .par_iter_mut()
            .enumerate()
            .try_for_each(|(owner, table)| {
                for maker in &makers {
                    for &(key, count) in &maker.outboxes[owner] {
                        table.add(key, count)?;
                    }
                }
                Ok(())
            })
            .map_err(|_: TryReserveError| Halt::Refused(before))?;
        for maker in &mut makers {
            games = games.plus(std::mem::replace(&mut maker.games, P::NONE));
            games_won = games_won.plus(std::mem::replace(&mut maker.games_won, P::NONE));
        }
        if holding(&tables, &makers) > memory {
            return Err(Halt::Bound);
        }
    }
    Ok(Step {
        tables,
        games,
        games_won,
    })
}

/// One thread's share of making children: they wait in one outbox per owning thread.
struct Maker<P: Paths> {
    outboxes: Vec<Vec<(u64, P)>>,
    games: P,
    games_won: P,
}

impl<P: Paths> Maker<P> {
    fn new(owners: usize) -> Maker<P> {
        Maker {
            outboxes: vec![Vec::new(); owners],
            games: P::NONE,
            games_won: P::NONE,
        }
    }

    /// The memory the outboxes hold.
    fn bytes(&self) -> u64 {
        let entry = std::mem::size_of::<(u64, P)>();
        (self.outboxes.iter().map(Vec::capacity).sum::<usize>() * entry) as u64
    }

    fn make(
        &mut self,
        group: Group,
        keys: &[u64],
        paths: &[P],
        centre: u64,
    ) -> Result<(), TryReserveError> {
        let owners = self.outboxes.len();
        for (&key, &count) in keys.iter().zip(paths) {
            let mut stuck = true;
            let mut refused = Ok(());
            for_each_child(key, |child| {
                stuck = false;
                let child = group.canonical_bits(child);
                let outbox = &mut self.outboxes[owner(child, owners)];
                if refused.is_ok() {
                    refused = push(outbox, (child, count));
                }
            });
            refused?;
            if stuck {
                self.games = self.games.plus(count);
                if key == centre {
                    self.games_won = self.games_won.plus(count);
                }
            }
        }
        Ok(())
    }
}

/// The thread whose table holds `key`; independent of the table's own hash.
fn owner(key: u64, owners: usize) -> usize {
    ((key.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> 32) as usize) % owners
}

/// How many positions the representatives stand for.
fn orbits(group: Group, keys: &[u64]) -> u64 {
    keys.par_iter()
        .map(|&k| u64::from(group.orbit_len_bits(k)))
        .sum()
}

/// How many classes under all eight symmetries the representatives (under `group`) fall into.
fn classes(group: Group, keys: &[u64]) -> Result<u64, TryReserveError> {
    if group == Group::FULL {
        return Ok(keys.len() as u64);
    }
    let mut full: Vec<u64> = Vec::new();
    reserve(&mut full, keys.len())?;
    full.extend(keys.iter().map(|&k| Group::FULL.canonical_bits(k)));
    full.sort_unstable();
    full.dedup();
    Ok(full.len() as u64)
}

/// The keys in both sorted lists.
fn intersection(a: &[u64], b: &[u64]) -> Result<Vec<u64>, TryReserveError> {
    let (mut i, mut j, mut both) = (0, 0, Vec::new());
    reserve(&mut both, a.len().min(b.len()))?;
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                both.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    Ok(both)
}

/// For each level, the representatives from which a single peg in the centre can be reached;
/// stops when the lists, beside the `stored` bytes of the levels, would pass `memory`.
fn winnable_sets(
    start: Board,
    group: Group,
    levels: &[Vec<u64>],
    stored: u64,
    memory: u64,
) -> Result<Vec<Vec<u64>>, Halt> {
    let pegs = start.peg_count() as usize;
    let level_of = |count: usize| pegs.checked_sub(count).filter(|&i| i < levels.len());
    let mut winnable: Vec<Vec<u64>> = vec![Vec::new(); levels.len()];
    // The winnable lists found so far and `more` bytes of lists about to be made.
    let room = |winnable: &[Vec<u64>], more: usize| {
        let lists: usize = winnable.iter().map(Vec::capacity).sum();
        let held = stored + 8 * lists as u64;
        if held + 8 * more as u64 > memory {
            Err(Halt::Bound)
        } else {
            Ok(Halt::Refused(held))
        }
    };
    if start == Board::standard_start() {
        // Jumps read backwards are jumps on the complemented board, and the complement of the
        // standard start is the centre alone: a position can reach the centre exactly when its
        // complement can be reached from the start. Pairing each level with the level of the
        // complements finds the winnable positions of both at once.
        let complements = |keys: &[u64]| -> Result<Vec<u64>, TryReserveError> {
            let mut images = Vec::new();
            reserve(&mut images, keys.len())?;
            images.par_extend(
                keys.par_iter()
                    .map(|&k| group.canonical_bits(Board::from_bits(k).complement().bits())),
            );
            images.par_sort_unstable();
            Ok(images)
        };
        for (i, keys) in levels.iter().enumerate() {
            let count = pegs - i;
            let Some(partner) = level_of(33 - count).filter(|_| 2 * count > 33) else {
                continue;
            };
            // The complements, their intersection with the partner, and its complements.
            let smaller = keys.len().min(levels[partner].len());
            let refused = room(&winnable, keys.len() + 2 * smaller)?;
            let images = complements(keys).map_err(|_| refused)?;
            let matched = intersection(&images, &levels[partner]).map_err(|_| refused)?;
            drop(images);
            winnable[i] = complements(&matched).map_err(|_| refused)?;
            winnable[partner] = matched;
        }
        return Ok(winnable);
    }
    // In general, work up from the single peg: a position is winnable when a jump leads to a
    // winnable one.
    let centre = group.canonical_bits(Board::from_holes([Hole::CENTRE]).bits());
    if let Some(last) = level_of(1) {
        if levels[last].binary_search(&centre).is_ok() {
            winnable[last].push(centre);
        }
        for i in (0..last).rev() {
            let refused = room(&winnable, levels[i].len())?;
            let below = std::mem::take(&mut winnable[i + 1]);
            let mut here = Vec::new();
            reserve(&mut here, levels[i].len()).map_err(|_| refused)?;
            here.extend(levels[i].iter().copied().filter(|&k| {
                let mut any = false;
                for_each_child(k, |child| {
                    any = any || below.binary_search(&group.canonical_bits(child)).is_ok();
                });
                any
            }));
            here.shrink_to_fit();
            winnable[i] = here;
            winnable[i + 1] = below;
        }
    }
    Ok(winnable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, HashSet};

    /// The plain census: every position listed as it is, every game walked one by one.
    fn brute_force(start: Board) -> Census {
        let mut reachable = HashSet::new();
        let mut stack = vec![start];
        reachable.insert(start);
        while let Some(b) = stack.pop() {
            for j in b.legal_jumps() {
                let next = b.apply(j).unwrap();
                if reachable.insert(next) {
                    stack.push(next);
                }
            }
        }
        let centre = Board::from_holes([Hole::CENTRE]);
        let mut memo = HashMap::new();
        fn wins(b: Board, centre: Board, memo: &mut HashMap<Board, bool>) -> bool {
            if let Some(&w) = memo.get(&b) {
                return w;
            }
            let w = b == centre
                || b.legal_jumps()
                    .any(|j| wins(b.apply(j).unwrap(), centre, memo));
            memo.insert(b, w);
            w
        }
        fn games(b: Board, centre: Board) -> (u128, u128) {
            let mut total = (0, 0);
            let mut any = false;
            for j in b.legal_jumps() {
                any = true;
                let (g, w) = games(b.apply(j).unwrap(), centre);
                total = (total.0 + g, total.1 + w);
            }
            if any {
                total
            } else {
                (1, u128::from(b == centre))
            }
        }
        let mut levels = Vec::new();
        for pegs in (0..=start.peg_count()).rev() {
            let at: Vec<Board> = reachable
                .iter()
                .copied()
                .filter(|b| b.peg_count() == pegs)
                .collect();
            if at.is_empty() {
                continue;
            }
            let up_to = |set: &mut dyn Iterator<Item = Board>| {
                set.map(|b| Group::FULL.canonical(b))
                    .collect::<HashSet<_>>()
                    .len() as u64
            };
            let winnable: Vec<Board> = at
                .iter()
                .copied()
                .filter(|&b| wins(b, centre, &mut memo))
                .collect();
            levels.push(Level {
                pegs,
                positions: at.len() as u64,
                positions_up_to_symmetry: up_to(&mut at.iter().copied()),
                winnable: winnable.len() as u64,
                winnable_up_to_symmetry: up_to(&mut winnable.iter().copied()),
            });
        }
        let (games, games_won) = games(start, centre);
        Census {
            levels,
            games,
            games_won,
        }
    }

    fn board(holes: &[u8]) -> Board {
        Board::from_holes(holes.iter().map(|&n| Hole::new(n).unwrap()))
    }

    #[test]
    fn small_starts_agree_with_the_plain_census() {
        let starts = [
            board(&[10, 12, 17, 19, 25]),
            board(&[9, 10, 11, 16, 17, 18, 23, 24, 25]),
            board(&[4, 5, 9, 10, 11, 16, 17, 18, 24, 29]),
            board(&[10, 15, 16, 17, 18, 19, 24, 5, 29, 22, 26]),
            board(&[3, 8, 9, 10, 11, 12, 15, 16, 18, 19, 22, 23, 24, 25, 26]),
            board(&[17]),
            Board::EMPTY,
        ];
        for start in starts {
            let fast = census(start, u64::MAX, |_| {}).unwrap();
            assert_eq!(fast, brute_force(start), "start {start:?}");
        }
    }
}
