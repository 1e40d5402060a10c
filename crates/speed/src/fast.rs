//! The fast engine: the same game as [`crate::reference`], for experiments over millions of
//! deals: no log, no allocation, cards as their strength (0 = C2 … 51 = SA) so that "the weakest
//! neighbour" is the lowest set bit of a 52-bit set. Tested against [`crate::reference::play`] on
//! many deals.

use crate::Robot;
use crate::card::strength;
use crate::deal::Deal;
use crate::outcome::Outcome;
use crate::robot::{DRAW_MS, LEFT_MS, RETURN_MS, RIGHT_MS};

const NO_SLOT: u8 = u8::MAX;
const IDLE: u32 = u32::MAX;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Doing {
    Nothing,
    Draw,
    Move,
    Put,
    Return,
}

/// For each rank (strength / 4: 0 = two … 12 = ace, 13 = an empty table), the 52-bit set of the
/// cards of its two neighbouring ranks.
const NEIGHBOURS: [u64; 14] = {
    let mut sets = [0u64; 14];
    let mut rank = 0;
    while rank < 13 {
        let below = (rank + 12) % 13;
        let above = (rank + 1) % 13;
        sets[rank] = (0xF << (4 * below)) | (0xF << (4 * above));
        rank += 1;
    }
    sets
};

#[derive(Clone, Copy)]
struct Side {
    /// The deck is `cards[next..stop]` of the game's card array.
    next: u8,
    stop: u8,
    /// Slot 1 first; `NO_SLOT` when empty.
    slots: [u8; 4],
    /// The tableau's cards as a set of strengths.
    tableau: u64,
    /// Empty slots that may be refilled (a slot whose card is in the hand is not).
    free: u8,
    /// Cards in deck, tableau and hand.
    held: u8,
    doing: Doing,
    card: u8,
    slot: u8,
    table: u8,
    end: u32,
    last: u8,
}

impl Side {
    fn set_up(start: usize, len: usize, cards: &[u8; 52]) -> Side {
        let dealt = len.min(4);
        let mut slots = [NO_SLOT; 4];
        let mut tableau = 0;
        slots[..dealt].copy_from_slice(&cards[start..start + dealt]);
        for &card in &slots[..dealt] {
            tableau |= 1 << card;
        }
        Side {
            next: (start + dealt) as u8,
            stop: (start + len) as u8,
            slots,
            tableau,
            free: 0b1111 & !((1 << dealt) - 1),
            held: len as u8,
            doing: Doing::Nothing,
            card: 0,
            slot: NO_SLOT,
            table: 0,
            end: IDLE,
            last: 0,
        }
    }

    /// The opening or a restart: top of the deck, else the rightmost tableau card, to the right.
    fn put_right(&mut self, own: u8, cards: &[u8; 52], t: u32) {
        if self.next < self.stop {
            self.card = cards[self.next as usize];
            self.next += 1;
            self.slot = NO_SLOT;
        } else {
            let n = self.slots.iter().position(|&c| c != NO_SLOT).unwrap_or(0);
            self.take_from_slot(n);
        }
        self.doing = Doing::Put;
        self.table = own;
        self.end = t + RIGHT_MS;
    }

    fn take_from_slot(&mut self, n: usize) {
        self.card = self.slots[n];
        self.slot = n as u8;
        self.slots[n] = NO_SLOT;
        self.tableau &= !(1 << self.card);
    }

    fn choose(&mut self, own: u8, tops: [u8; 2], cards: &[u8; 52], t: u32) {
        if self.free != 0 && self.next < self.stop {
            self.slot = self.free.trailing_zeros() as u8;
            self.free &= self.free - 1;
            self.card = cards[self.next as usize];
            self.next += 1;
            self.doing = Doing::Draw;
            self.end = t + DRAW_MS;
            return;
        }
        for (table, ms) in [(own, RIGHT_MS), (own ^ 1, LEFT_MS)] {
            let fits = self.tableau & NEIGHBOURS[tops[table as usize] as usize];
            if fits != 0 {
                let card = fits.trailing_zeros() as u8;
                let n = self.slots.iter().position(|&c| c == card).unwrap_or(0);
                self.take_from_slot(n);
                self.doing = Doing::Move;
                self.table = table;
                self.end = t + ms;
                return;
            }
        }
    }

    fn cancel(&mut self, t: u32) {
        self.doing = Doing::Return;
        self.end = t + RETURN_MS;
    }

    /// The card lands; its slot, if it came from one, may be refilled now.
    fn land(&mut self) {
        self.last = self.card;
        self.held -= 1;
        if self.slot != NO_SLOT {
            self.free |= 1 << self.slot;
        }
        self.doing = Doing::Nothing;
        self.end = IDLE;
    }

    /// A draw or a return completes: the card is in its slot.
    fn settle(&mut self) {
        self.slots[self.slot as usize] = self.card;
        self.tableau |= 1 << self.card;
        self.doing = Doing::Nothing;
        self.end = IDLE;
    }
}

/// Plays the deal to its end; the same [`Outcome`] as [`crate::reference::play`].
pub fn play(deal: &Deal) -> Outcome {
    let mut cards = [0u8; 52];
    for (code, &card) in cards.iter_mut().zip(deal.a().iter().chain(deal.b())) {
        *code = strength(card);
    }
    let (a, b) = (deal.a().len(), deal.b().len());
    let mut sides = [Side::set_up(0, a, &cards), Side::set_up(a, b, &cards)];
    // Table A is A's right (index 0), table B is B's right (index 1); 13 is an empty table.
    let mut tops = [13u8; 2];
    let (mut deadends, mut returns) = (0, 0);
    sides[0].put_right(0, &cards, 0);
    sides[1].put_right(1, &cards, 0);
    loop {
        let t = sides[0].end.min(sides[1].end);
        let lands = sides.map(|s| s.end == t && matches!(s.doing, Doing::Move | Doing::Put));
        let mut lands = lands;
        if lands[0] && lands[1] && sides[0].table == sides[1].table {
            // The table's owner moves to its right and loses to the left mover.
            let loser = sides[0].table as usize;
            sides[loser].cancel(t);
            returns += 1;
            lands[loser] = false;
        }
        for i in 0..2 {
            if lands[i] {
                let table = sides[i].table;
                tops[table as usize] = sides[i].card >> 2;
                sides[i].land();
                let other = &mut sides[i ^ 1];
                if other.doing == Doing::Move && other.table == table {
                    other.cancel(t);
                    returns += 1;
                }
            }
        }
        for side in &mut sides {
            if side.end == t {
                side.settle();
            }
        }
        let out = [sides[0].held == 0, sides[1].held == 0];
        if out[0] || out[1] {
            let winner = match out {
                [true, true] if sides[0].last > sides[1].last => Robot::A,
                [true, false] => Robot::A,
                _ => Robot::B,
            };
            return Outcome {
                winner,
                end_ms: t,
                deadends,
                returns,
                together: out[0] && out[1],
            };
        }
        for (i, side) in sides.iter_mut().enumerate() {
            if side.doing == Doing::Nothing {
                side.choose(i as u8, tops, &cards, t);
            }
        }
        if sides[0].doing == Doing::Nothing && sides[1].doing == Doing::Nothing {
            deadends += 1;
            sides[0].put_right(0, &cards, t);
            sides[1].put_right(1, &cards, t);
        }
    }
}
