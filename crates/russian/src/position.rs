//! What a player sees of a game: the face-up cards, how many cards lie face down in each column,
//! and the foundations. The identities of face-down cards are not here at all —
//! [`crate::fast::Game`] keeps them — so a strategy handed a [`Position`] cannot peek at them.
//!
//! Face-up cards form a doubly linked list per column (`below`, `next`), so a column move relinks
//! two ends and relabels only the moved cards; the whole position is 184 bytes and clones with a
//! copy.

use cards::{Card, Suit};
use std::fmt;
use std::ops::Deref;

/// No card (end of a list, or an empty column).
pub(crate) const NONE: u8 = u8::MAX;
/// `place` of a card on its foundation.
pub(crate) const FOUNDATION: u8 = 7;
/// `place` of a card the player has not seen yet: face down somewhere.
pub(crate) const UNSEEN: u8 = 8;

const KINGS: [u8; 4] = [12, 25, 38, 51];

/// Where a card is, as the player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// Face up in a column (0 to 6).
    Column(usize),
    /// On its foundation.
    Foundation,
    /// Face down in some column: the player does not know which.
    Unseen,
}

/// The two kinds of move a player chooses; turns and foundation moves follow by themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A card and everything covering it onto the next higher card of its suit.
    Column,
    /// A king and everything covering it into an empty column.
    King,
}

/// A move: `card` and every card covering it go from column `from` to column `to` (0 to 6; the
/// notation numbers them 1 to 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Onto a card or into an empty column.
    pub kind: MoveKind,
    /// The card that leads the move.
    pub card: Card,
    /// The column it leaves, 0 to 6.
    pub from: u8,
    /// The column it goes to, 0 to 6.
    pub to: u8,
}

impl fmt::Display for Move {
    /// `S7 from 3 to 5`, `HK from 4 to 2` (a king into an empty column reads as any move: the
    /// card says it is a king); `{:#}` writes the suit symbol.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write!(f, "{:#}", self.card)?;
        } else {
            write!(f, "{}", self.card)?;
        }
        write!(f, " from {} to {}", self.from + 1, self.to + 1)
    }
}

/// A move that is not one of the moves of the game it was given to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the move {0} is not one of the moves of this position")]
pub struct IllegalMove(pub Move);

/// The legal moves of a position, without allocation. At most 25 moves are possible (one
/// column move per non-empty column, four kings per empty one); the capacity leaves room.
#[derive(Clone, Copy)]
pub struct Moves {
    len: u8,
    items: [Move; 32],
}

impl Moves {
    fn push(&mut self, mv: Move) {
        self.items[self.len as usize] = mv;
        self.len += 1;
    }

    /// Keeps the moves for which `keep` holds, in order.
    pub(crate) fn retain(&mut self, keep: impl Fn(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len as usize {
            if keep(&self.items[i]) {
                self.items[kept] = self.items[i];
                kept += 1;
            }
        }
        self.len = kept as u8;
    }
}

impl Deref for Moves {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.items[..self.len as usize]
    }
}

impl fmt::Debug for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// What a player sees; see the module documentation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The face-up card covering each card, or NONE.
    pub(crate) next: [u8; 52],
    /// The face-up card each card covers, or NONE (it is the first face-up card of its column).
    pub(crate) below: [u8; 52],
    /// The column (0 to 6) of each face-up card, or FOUNDATION, or UNSEEN.
    pub(crate) place: [u8; 52],
    /// First and last face-up card of each column, or NONE.
    pub(crate) first: [u8; 7],
    pub(crate) last: [u8; 7],
    /// Face-down cards under each column's face-up cards.
    pub(crate) down: [u8; 7],
    /// Cards of each suit on its foundation: the foundation's top rank.
    pub(crate) foundation: [u8; 4],
}

impl Position {
    /// No card face up, none face down, the foundations empty: every card unseen. Dealing fills
    /// it with [`Position::set_face_down`] and [`Position::put`].
    pub(crate) fn empty() -> Position {
        Position {
            next: [NONE; 52],
            below: [NONE; 52],
            place: [UNSEEN; 52],
            first: [NONE; 7],
            last: [NONE; 7],
            down: [0; 7],
            foundation: [0; 4],
        }
    }

    /// Lays `card` face up at the end of `column` (dealing).
    pub(crate) fn put(&mut self, column: usize, card: Card) {
        self.append(column, card.index() as u8);
    }

    /// Sets the number of face-down cards of `column` (dealing).
    pub(crate) fn set_face_down(&mut self, column: usize, count: u8) {
        self.down[column] = count;
    }

    fn append(&mut self, column: usize, c: u8) {
        self.next[c as usize] = NONE;
        self.link(column, c, c);
        self.place[c as usize] = column as u8;
    }

    /// Links the run of face-up cards from `c` to `tail` (linked among themselves) onto the end
    /// of `column`; where its cards are is for the caller to say.
    fn link(&mut self, column: usize, c: u8, tail: u8) {
        let onto = self.last[column];
        if onto == NONE {
            self.first[column] = c;
        } else {
            self.next[onto as usize] = c;
        }
        self.below[c as usize] = onto;
        self.last[column] = tail;
    }

    /// Cuts the run of face-up cards from `c` to the end off `column`: the card under `c`, if
    /// any, is then the column's last.
    fn cut(&mut self, column: usize, c: u8) {
        let under = self.below[c as usize];
        if under == NONE {
            self.first[column] = NONE;
        } else {
            self.next[under as usize] = NONE;
        }
        self.last[column] = under;
    }

    /// Where `card` is.
    pub fn place(&self, card: Card) -> Place {
        match self.place[card.index()] {
            FOUNDATION => Place::Foundation,
            UNSEEN => Place::Unseen,
            k => Place::Column(k as usize),
        }
    }

    /// Face-down cards in `column` (0 to 6).
    pub fn face_down(&self, column: usize) -> usize {
        self.down[column] as usize
    }

    /// The face-up cards of `column`, first (deepest) to last.
    pub fn face_up(&self, column: usize) -> impl Iterator<Item = Card> + '_ {
        let mut at = self.first[column];
        std::iter::from_fn(move || {
            let c = at;
            (c != NONE).then(|| {
                at = self.next[c as usize];
                Card::ALL[c as usize]
            })
        })
    }

    /// The last card of `column`, if it has a face-up card.
    pub fn last(&self, column: usize) -> Option<Card> {
        let c = self.last[column];
        (c != NONE).then(|| Card::ALL[c as usize])
    }

    /// The face-up card that `card` lies on, if any.
    pub fn beneath(&self, card: Card) -> Option<Card> {
        let c = self.below[card.index()];
        (c != NONE).then(|| Card::ALL[c as usize])
    }

    /// The face-up card that lies on `card`, if any.
    pub fn covering(&self, card: Card) -> Option<Card> {
        let c = self.next[card.index()];
        (c != NONE).then(|| Card::ALL[c as usize])
    }

    /// Cards of `suit` on its foundation (0 to 13).
    pub fn foundation(&self, suit: Suit) -> u8 {
        self.foundation[suit.index()]
    }

    /// The cards on the foundations: the score.
    pub fn score(&self) -> u32 {
        self.foundation.iter().map(|&n| u32::from(n)).sum()
    }

    /// No card at all in `column`: a king may come.
    pub fn is_empty(&self, column: usize) -> bool {
        self.first[column] == NONE && self.down[column] == 0
    }

    /// `column` has face-down cards and no face-up card. A game turns such a card at once, so this
    /// is seen only in positions a strategy imagines with [`Position::advance`].
    pub fn awaits_turn(&self, column: usize) -> bool {
        self.first[column] == NONE && self.down[column] > 0
    }

    /// `card` is face up and the first card of its column, nothing under it: a king there may not
    /// move to an empty column.
    pub fn heads_column(&self, card: Card) -> bool {
        let c = card.index();
        let k = self.place[c];
        k < FOUNDATION && self.below[c] == NONE && self.down[k as usize] == 0
    }

    /// The legal moves: for each column in turn, the column move onto its last card (only the next
    /// lower card of the same suit can go there), or, if it is empty, each king that may move
    /// there, clubs to spades.
    pub fn moves(&self) -> Moves {
        let mut moves = Moves {
            len: 0,
            items: [Move {
                kind: MoveKind::Column,
                card: Card::ALL[0],
                from: 0,
                to: 0,
            }; 32],
        };
        for to in 0..7u8 {
            let t = self.last[to as usize];
            if t != NONE {
                // Aces take nothing; card t − 1 is the same suit one rank lower.
                if !t.is_multiple_of(13) {
                    let p = t - 1;
                    let from = self.place[p as usize];
                    if from < FOUNDATION && from != to {
                        moves.push(Move {
                            kind: MoveKind::Column,
                            card: Card::ALL[p as usize],
                            from,
                            to,
                        });
                    }
                }
            } else if self.down[to as usize] == 0 {
                for king in KINGS {
                    let from = self.place[king as usize];
                    if from < FOUNDATION
                        && (self.below[king as usize] != NONE || self.down[from as usize] > 0)
                    {
                        moves.push(Move {
                            kind: MoveKind::King,
                            card: Card::ALL[king as usize],
                            from,
                            to,
                        });
                    }
                }
            }
        }
        moves
    }

    /// Moves the card of `mv` and every card covering it; nothing else (no turn, no foundation).
    pub(crate) fn shift(&mut self, mv: Move) {
        let p = mv.card.index() as u8;
        let (a, b) = (mv.from as usize, mv.to as usize);
        debug_assert_eq!(self.place[p as usize], mv.from);
        let tail = self.last[a];
        self.cut(a, p);
        self.link(b, p, tail);
        let mut c = p;
        loop {
            self.place[c as usize] = mv.to;
            if c == tail {
                break;
            }
            c = self.next[c as usize];
        }
    }

    /// Sends the last card of the lowest-numbered column that can go to its foundation there, and
    /// tells which card from which column.
    pub(crate) fn foundation_step(&mut self) -> Option<(Card, u8)> {
        for k in 0..7 {
            let c = self.last[k];
            if c != NONE && c % 13 == self.foundation[(c / 13) as usize] {
                self.cut(k, c);
                self.below[c as usize] = NONE;
                self.place[c as usize] = FOUNDATION;
                self.foundation[(c / 13) as usize] += 1;
                return Some((Card::ALL[c as usize], k as u8));
            }
        }
        None
    }

    /// Turns `card`, the top face-down card of `column`, which has no face-up card.
    pub(crate) fn turn(&mut self, column: usize, card: Card) {
        debug_assert!(self.awaits_turn(column));
        self.down[column] -= 1;
        self.append(column, card.index() as u8);
    }

    /// Makes a move as far as a player can foresee it: the move, then every foundation move it
    /// allows, stopping short of turning any card (a column whose face-down card would be turned
    /// [awaits the turn](Position::awaits_turn)).
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] if `mv` is not one of [`Position::moves`]; the
    /// position is then unchanged.
    pub fn advance(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if !self.moves().contains(&mv) {
            return Err(IllegalMove(mv));
        }
        self.advance_unchecked(mv);
        Ok(())
    }

    /// [`Position::advance`] without the check, for a move taken from [`Position::moves`] (a
    /// strategy's look-ahead). Another move leaves a position that is not the rule book's.
    pub fn advance_unchecked(&mut self, mv: Move) {
        debug_assert!(self.moves().contains(&mv));
        self.shift(mv);
        while self.foundation_step().is_some() {}
    }

    /// A 64-bit Zobrist key of the position: equal positions have equal keys, and different ones
    /// differ but with negligible probability. It combines, for each face-up card, the card it
    /// lies on (or its column), and the face-down count of each column; the foundations follow
    /// from those within one deal.
    pub fn key(&self) -> u64 {
        let mut key = 0;
        for k in 0..7 {
            key ^= ZOBRIST_DOWN[k][self.down[k] as usize];
            let mut c = self.first[k];
            let mut on = 52 + k;
            while c != NONE {
                key ^= ZOBRIST[c as usize][on];
                on = c as usize;
                c = self.next[c as usize];
            }
        }
        key
    }
}

/// SplitMix64, to fill the Zobrist tables at compile time.
const fn split_mix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// Zobrist values from the SplitMix64 stream of `seed`, row by row, each row's first `skip`
/// left at 0.
const fn zobrist<const ROWS: usize, const COLUMNS: usize>(
    seed: u64,
    skip: usize,
) -> [[u64; COLUMNS]; ROWS] {
    let mut table = [[0; COLUMNS]; ROWS];
    let mut state = seed;
    let mut row = 0;
    while row < ROWS {
        let mut column = skip;
        while column < COLUMNS {
            let (next, value) = split_mix(state);
            state = next;
            table[row][column] = value;
            column += 1;
        }
        row += 1;
    }
    table
}

/// For card c lying on card d (0 to 51) or first in column k (52 + k).
static ZOBRIST: [[u64; 59]; 52] = zobrist(0x5275_7373_6961_6e21, 0);

/// For column k with n face-down cards (at most 6 in a deal, 52 in any layout); none is 0.
static ZOBRIST_DOWN: [[u64; 53]; 7] = zobrist(0x446f_776e_2043_6172, 1);
