//! Many one-pack deals at once: games side by side in the lanes of vector registers, one step of
//! each per pass, without a branch that depends on the cards.
//!
//! The scalar engine in [`crate::fast`] spends most of its time on mispredicted branches: whether
//! a payer turns up a payment card is a coin toss the processor cannot learn. Here the games take
//! two kinds of steps in turn, each in every lane at once, with masks instead of branches: a
//! *payment* (the payer lays through its next payment card, if it has one among the cards it
//! owes) and a *trick* (the payer that has none pays its due in number cards, the other player
//! takes the pile, the round-start check, and the next round's alternation up to its first
//! payment card), each doing nothing in the lanes it does not concern. A game lays about 78 payment
//! cards and takes 35 tricks, a trick's first payment card laid by the trick step before it, so
//! [`PAYMENTS`] payments go before each trick step (see there). The only branch left asks
//! whether any game has ended; an ended game is reported and its lane takes the next deal.
//!
//! Loop detection follows Brent, per lane, with snapshots after 1, 2, 4, … tricks; the lanes only
//! compare the payment bits and the length of the leader's hand with the snapshot. A match there
//! is a candidate (every real repeat is one); its deal is played again by the scalar engine,
//! which compares whole situations and finds the first repeat. Candidates are rare, so the replay
//! costs nothing on average, and the result is exact either way.
//!
//! A game enters its lane as the end of a trick of no cards that A takes (see `Games::deal`),
//! so the first round is played by the same trick step as every other: starting a game costs a few
//! selects and no branch.
//!
//! The algorithm is written once, over [`Lanes`]: a register of 64-bit lanes and its masks.
//! [`portable`] implements it with plain arrays of four, which the compiler turns into whatever
//! vector instructions it is allowed (SSE2 on any x86-64, AVX2 in the entry compiled for it,
//! NEON on aarch64); [`avx2`] with AVX2 intrinsics, four lanes in a register; [`avx512`] with
//! AVX-512 registers of eight lanes and mask registers.

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;
#[cfg(target_arch = "x86_64")]
pub(crate) mod cpu;
pub(crate) mod portable;

use crate::fast::{pack_hands, play_hands, play_pack};
use crate::game::{Outcome, Status};
use crate::hand::Hand;
use crate::pack::Pack;

/// The most games a lane engine plays side by side (AVX-512's eight); arrays of lanes have this
/// size, and an engine uses the first [`Lanes::N`] of them.
pub(crate) const MAX_LANES: usize = 8;

/// Where the lanes take their deals from: each deal as the two hands of the fast engine, with
/// what a lane keeps to play the deal again with the scalar engine.
pub(crate) trait Source {
    type Kept: Copy;

    fn next(&mut self) -> Option<(Self::Kept, Hand, Hand)>;

    /// The scalar engine's outcome for the deal handed out `number`-th (from 0): the lanes play
    /// their loop candidates again with it.
    fn replay(&self, number: u64, kept: &Self::Kept) -> Outcome;
}

/// Deals given as packs of 52 penalties: a lane keeps its pack.
pub(crate) struct Packs<I>(pub(crate) I);

impl<I: Iterator<Item = Pack>> Source for Packs<I> {
    type Kept = Pack;

    #[inline(always)]
    fn next(&mut self) -> Option<(Pack, Hand, Hand)> {
        self.0.next().map(|pack| {
            let (a, b) = pack_hands(&pack);
            (pack, a, b)
        })
    }

    fn replay(&self, _: u64, pack: &Pack) -> Outcome {
        play_pack(pack)
    }
}

/// Deals given as packs, made into hands with BMI2 ([`crate::fast::pack_hands_pext`]): for the
/// lane engines in AVX intrinsics, whose entries are compiled with BMI2.
#[cfg(target_arch = "x86_64")]
pub(crate) struct PextPacks<I>(I);

#[cfg(target_arch = "x86_64")]
impl<I> PextPacks<I> {
    /// The packs, for a processor that `_proof` shows has BMI2 and POPCNT: the only way to make
    /// a `PextPacks`.
    pub(crate) fn new(packs: I, _proof: cpu::Bmi2Cpu) -> PextPacks<I> {
        PextPacks(packs)
    }
}

#[cfg(target_arch = "x86_64")]
impl<I: Iterator<Item = Pack>> Source for PextPacks<I> {
    type Kept = Pack;

    #[inline(always)]
    fn next(&mut self) -> Option<(Pack, Hand, Hand)> {
        self.0.next().map(|pack| {
            // SAFETY: a `PextPacks` is made only with the proof that the processor has BMI2 and
            // POPCNT.
            let (a, b) = unsafe { crate::fast::pack_hands_pext(&pack) };
            (pack, a, b)
        })
    }

    fn replay(&self, _: u64, pack: &Pack) -> Outcome {
        play_pack(pack)
    }
}

/// The scalar engine on every deal of `source`, one by one.
pub(crate) fn one_by_one(source: &mut impl Source, report: &mut impl FnMut(u64, Outcome)) {
    let mut number = 0;
    while let Some((_, a, b)) = source.next() {
        report(number, play_hands(a, b));
        number += 1;
    }
}

/// A register of [`Lanes::N`] unsigned 64-bit lanes, and what the algorithm does with them.
/// Values compared are below 2^63, or [`NOTHING_OWED`]: the implementations compare signed
/// numbers, which is what vector units compare. Every function is meant to be inlined into the
/// engine's entry, which is compiled for the instructions the implementation needs.
pub(crate) trait Lanes: Copy {
    /// The number of lanes, at most [`MAX_LANES`]; arrays hold them first (the rest of an array
    /// is ignored, or 0 when made here).
    const N: usize;
    /// Whether a select costs what an `and` does: one instruction and one micro-operation (AMD's
    /// AVX2 blend, AVX-512's masked blend, NEON's bit select). Where it does not (Intel's AVX2
    /// blend: two or three micro-operations), a payment lays the payer's cards only where it
    /// found a payment card ([`Lanes::keep`]) and swaps the players by [`Lanes::swap_where`],
    /// which then needs no blend: more instructions, fewer micro-operations.
    const CHEAP_SELECT: bool;
    /// One truth value per lane.
    type Mask: Copy;
    /// The proof that the processor has the instructions of these registers (see
    /// [`cpu`]), which every function that makes a register from numbers takes.
    type Cpu: Copy;

    /// `x` in every lane.
    fn splat(cpu: Self::Cpu, x: u64) -> Self;
    /// The first [`Lanes::N`] numbers of `lanes`.
    fn from_array(cpu: Self::Cpu, lanes: [u64; MAX_LANES]) -> Self;
    /// The proof this register was made with.
    fn cpu(self) -> Self::Cpu;
    /// `x` in every lane of a register like this one.
    #[inline(always)]
    fn constant(self, x: u64) -> Self {
        Self::splat(self.cpu(), x)
    }
    fn to_array(self) -> [u64; MAX_LANES];
    fn add(self, other: Self) -> Self;
    fn sub(self, other: Self) -> Self;
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    /// Each lane shifted left by the other's lane; 0 for a shift of 64 or more.
    fn shl(self, by: Self) -> Self;
    /// Each lane shifted right by the other's lane; 0 for a shift of 64 or more.
    fn shr(self, by: Self) -> Self;
    /// Each lane shifted left by `K`, below 64.
    fn shl_by<const K: u32>(self) -> Self;
    /// Each lane shifted right by `K`, below 64.
    fn shr_by<const K: u32>(self) -> Self;
    /// The lesser of `self`, below 2^32, and the low 32 bits of `other` (a hand's length in
    /// [`Hands::cards`]).
    fn min(self, other: Self) -> Self;
    fn lt(self, other: Self) -> Self::Mask;
    fn le(self, other: Self) -> Self::Mask;
    fn eq(self, other: Self) -> Self::Mask;
    /// `yes` in the lanes of `mask`, `no` in the others.
    fn select(mask: Self::Mask, yes: Self, no: Self) -> Self;
    /// `x + y` in the lanes of `mask`, `x` in the others: a select of the two where selects are
    /// cheap ([`Lanes::CHEAP_SELECT`]), else `x` plus `y` masked, and one masked instruction with
    /// AVX-512.
    fn add_where(mask: Self::Mask, x: Self, y: Self) -> Self;
    /// `x | y << by` in the lanes of `mask`, `x` in the others (`by` below 64).
    fn or_shifted_where(mask: Self::Mask, x: Self, y: Self, by: Self) -> Self;
    /// `x` in the lanes of `mask`, 0 in the others.
    #[inline(always)]
    fn keep(mask: Self::Mask, x: Self) -> Self {
        Self::select(mask, x, x.constant(0))
    }
    /// `(y, x)` in the lanes of `mask`, `(x, y)` in the others.
    #[inline(always)]
    fn swap_where(mask: Self::Mask, x: Self, y: Self) -> (Self, Self) {
        (Self::select(mask, y, x), Self::select(mask, x, y))
    }
    fn both(a: Self::Mask, b: Self::Mask) -> Self::Mask;
    fn either(a: Self::Mask, b: Self::Mask) -> Self::Mask;
    fn not(a: Self::Mask) -> Self::Mask;
    /// Bit i set: lane i of the mask is true.
    fn bits(mask: Self::Mask) -> u8;

    /// The place of the first payment card of payment bits below 2^52: the number of trailing
    /// zeros (the bits below the lowest set bit); when there is none, a number from 64 to 2^32,
    /// more than any length.
    #[inline(always)]
    fn first_payment(self) -> Self {
        self.lowest_bit().place()
    }

    /// The lowest set bit alone, or 0 (the bit of the first payment card).
    #[inline(always)]
    fn lowest_bit(self) -> Self {
        self.and(self.constant(0).sub(self))
    }

    /// The place of a single set bit below 2^52; for 0, a number from 64 to 2^32.
    fn place(self) -> Self;
}

/// A hand in each lane: its payment bits, its penalty queue, and its numbers of cards and of
/// payment cards in one word.
#[derive(Clone, Copy)]
struct Hands<V> {
    pay: V,
    values: V,
    /// The length in the low 32 bits, the number of payment cards from bit 32 (so many
    /// [`PAYMENT_CARD`]). Adding or taking away cards is then one addition or subtraction for
    /// both, and the payment cards, which place a pile's penalties in the queue, are not counted
    /// from the bits. Where the length is compared for equality, the count is 0 (a hand of no
    /// cards, or one whose length is its first payment card's place, which means it has none),
    /// so the word is compared whole.
    cards: V,
}

/// One payment card in [`Hands::cards`].
const PAYMENT_CARD: u64 = 1 << 32;

impl<V: Lanes> Hands<V> {
    #[inline(always)]
    fn select(mask: V::Mask, yes: Hands<V>, no: Hands<V>) -> Hands<V> {
        Hands {
            pay: V::select(mask, yes.pay, no.pay),
            values: V::select(mask, yes.values, no.values),
            cards: V::select(mask, yes.cards, no.cards),
        }
    }

    /// `(y, x)` in the lanes of `mask`, `(x, y)` in the others.
    #[inline(always)]
    fn swap_where(mask: V::Mask, x: Hands<V>, y: Hands<V>) -> (Hands<V>, Hands<V>) {
        let (xp, yp) = V::swap_where(mask, x.pay, y.pay);
        let (xv, yv) = V::swap_where(mask, x.values, y.values);
        let (xc, yc) = V::swap_where(mask, x.cards, y.cards);
        (
            Hands {
                pay: xp,
                values: xv,
                cards: xc,
            },
            Hands {
                pay: yp,
                values: yv,
                cards: yc,
            },
        )
    }

    /// The hand's length, alone: a shift by [`Hands::cards`] would be by 2^32 or more.
    #[inline(always)]
    fn len(self) -> V {
        self.cards.and(self.cards.constant(PAYMENT_CARD - 1))
    }

    /// The hand after laying `n` number cards from the top.
    #[inline(always)]
    fn drop_numbers(self, n: V) -> Hands<V> {
        Hands {
            pay: self.pay.shr(n),
            cards: self.cards.sub(n),
            ..self
        }
    }

    /// The hand after laying `n` number cards and the payment card under them.
    #[inline(always)]
    fn drop_through_payment(self, n: V) -> Hands<V> {
        Hands {
            pay: self.pay.shr(n.add(n.constant(1))),
            values: self.values.shr_by::<2>(),
            cards: self.cards.sub(n.add(n.constant(1 + PAYMENT_CARD))),
        }
    }

    /// `n` number cards and a payment card of penalty `value` + 1 under them, as laid on a pile;
    /// `bit` is that card's, 1 << `n`.
    #[inline(always)]
    fn through_payment(n: V, bit: V, value: V) -> Hands<V> {
        Hands {
            pay: bit,
            values: value,
            cards: n.add(n.constant(1 + PAYMENT_CARD)),
        }
    }

    /// This hand with `pile` put under it: the pile's penalties go after this hand's, two bits a
    /// payment card, which is the count shifted right by 31.
    #[inline(always)]
    fn take(self, pile: Hands<V>) -> Hands<V> {
        Hands {
            pay: self.pay.or(pile.pay.shl(self.len())),
            values: self.values.or(pile.values.shl(self.cards.shr_by::<31>())),
            cards: self.cards.add(pile.cards),
        }
    }

    /// [`Hands::take`] where `mask`, this hand as it is elsewhere.
    #[inline(always)]
    fn take_where(self, mask: V::Mask, pile: Hands<V>) -> Hands<V> {
        Hands {
            pay: V::or_shifted_where(mask, self.pay, pile.pay, self.len()),
            values: V::or_shifted_where(mask, self.values, pile.values, self.cards.shr_by::<31>()),
            cards: V::add_where(mask, self.cards, pile.cards),
        }
    }
}

/// Brent's snapshot of a round start, as one word: the leader's payment bits, the other's above
/// them (from the leader's length on: both hands hold at most 52 cards), and the leader's length
/// from bit [`LEADER_LEN`]. The three are read back from the word, so equal words are equal
/// payment bits and lengths.
const LEADER_LEN: u32 = 56;

/// Cards laid so far in the low 32 bits of `counts`, tricks taken above: a game of 2^32 cards
/// would be a loop, found long before.
const TRICK: u64 = 1 << 32;

/// The games of all lanes between two steps: the player to lay next, who owes `paid_for` + 1
/// cards, `paid_for` being the value of the payment card it pays for (its penalty less one: the
/// place of the last card it owes, which is all a payment compares), and the trick is to be taken
/// once none of them is a payment card; the other player; the pile; the cards and tricks so far;
/// Brent's snapshot. Fewer fields are fewer registers: with AVX2 they do not all fit, and every
/// one that does not costs loads and stores.
#[derive(Clone, Copy)]
struct Games<V> {
    payer: Hands<V>,
    other: Hands<V>,
    pile: Hands<V>,
    paid_for: V,
    counts: V,
    snapshot: V,
}

/// [`Games::paid_for`] when the payer owes nothing: minus one.
const NOTHING_OWED: u64 = u64::MAX;

/// A snapshot no round start matches: its length field is beyond any hand's.
const NO_SNAPSHOT: u64 = u64::MAX;

/// The counts a game enters its lane with: minus one trick, for the trick of no cards it starts
/// with (see [`Games::deal`]).
const ENTRY_COUNTS: u64 = TRICK.wrapping_neg();

impl<V: Lanes> Games<V> {
    /// No games: every lane must be dealt before it steps.
    #[inline(always)]
    fn new(cpu: V::Cpu) -> Games<V> {
        let hands = Hands {
            pay: V::splat(cpu, 0),
            values: V::splat(cpu, 0),
            cards: V::splat(cpu, 0),
        };
        Games {
            payer: hands,
            other: hands,
            pile: hands,
            paid_for: V::splat(cpu, NOTHING_OWED),
            counts: V::splat(cpu, 0),
            snapshot: V::splat(cpu, 0),
        }
    }

    /// Deals A's hand `a` and B's `b` to lane `i`, as the end of a trick of no cards that A takes:
    /// B owes no card, so the trick is to be taken (payments lay nothing until it is), and the
    /// lane's next trick step plays the first round's alternation like any other (and a game
    /// that ends there ends in that step). The trick is taken back by the counts, one trick
    /// short; the snapshot matches nothing until Brent takes the first at the round start, the
    /// game's start.
    ///
    /// Each field takes the lane's value by a select, not through memory: writing one lane of an
    /// array and reading the register back would stall on every field (the store cannot be
    /// forwarded to the wider load).
    #[inline(always)]
    fn deal(&mut self, i: usize, a: Hand, b: Hand) {
        let cpu = self.counts.cpu();
        let this =
            V::from_array(cpu, std::array::from_fn(|j| j as u64)).eq(V::splat(cpu, i as u64));
        let put = |v: &mut V, x: u64| *v = V::select(this, V::splat(cpu, x), *v);
        let put_hand = |h: &mut Hands<V>, hand: Hand| {
            put(&mut h.pay, hand.pay());
            put(&mut h.values, hand.values());
            put(
                &mut h.cards,
                u64::from(hand.len()) + u64::from(hand.count()) * PAYMENT_CARD,
            );
        };
        put_hand(&mut self.payer, b);
        put_hand(&mut self.other, a);
        put_hand(&mut self.pile, Hand::EMPTY);
        put(&mut self.paid_for, NOTHING_OWED);
        put(&mut self.counts, ENTRY_COUNTS);
        put(&mut self.snapshot, NO_SNAPSHOT);
    }

    /// One payment of every game: the payer lays through its next payment card if there is one
    /// among the cards it owes, and the other pays next. A game whose payer has none lays
    /// nothing: it pays its due in number cards in the next trick step (see [`Games::trick`]), so
    /// that a payment step serves only the games that turn up a card.
    #[inline(always)]
    fn pay(&mut self) {
        let (payer, pile) = (self.payer, self.pile);
        let cpu = self.counts.cpu();
        // A payment card is a card the payer has, so its place needs no compare with the length.
        let bit = payer.pay.lowest_bit();
        let first = bit.place();
        let found = first.le(self.paid_for);
        let paid = payer.drop_through_payment(first);
        let value = payer.values.and(V::splat(cpu, 3));
        let laid_cards = Hands::through_payment(first, bit, value);
        self.pile = pile.take_where(found, laid_cards);
        // After a payment card the roles swap.
        if V::CHEAP_SELECT {
            self.payer = Hands::select(found, self.other, payer);
            self.other = Hands::select(found, paid, self.other);
        } else {
            // The payer's hand laid through its payment card only where one was found, so that
            // the roles swap by a swap.
            let paid_where_found = Hands {
                pay: payer.pay.shr(V::keep(found, first.add(V::splat(cpu, 1)))),
                values: payer.values.shr(V::keep(found, V::splat(cpu, 2))),
                cards: payer.cards.sub(V::keep(found, laid_cards.cards)),
            };
            (self.payer, self.other) = Hands::swap_where(found, paid_where_found, self.other);
        }
        self.paid_for = V::select(found, value, self.paid_for);
    }

    /// The end of every trick whose payer has no payment card among the cards it owes: the
    /// payer pays its due in number cards (or what it has), the other player takes the pile and
    /// leads the next round, whose alternation is played up to its first payment card; or, if the
    /// payer has no card left, the game is over. Gives the lanes whose game ended, and those among
    /// them that are loop candidates (to replay); for the others `counts` holds the result.
    #[inline(always)]
    fn trick(&mut self) -> (V::Mask, V::Mask) {
        let cpu = self.counts.cpu();
        let one = V::splat(cpu, 1);
        let (other, pile) = (self.other, self.pile);
        // The payer's first payment card is needed for the alternation anyway: it tells which
        // games pay their due in numbers now.
        let first = self.payer.pay.first_payment();
        let paid = self.paid_for.lt(first);
        let owed = self.paid_for.add(one).min(self.payer.cards);
        let payer = self.payer.drop_numbers(owed);
        let pile = Hands {
            cards: pile.cards.add(owed),
            ..pile
        };

        // The other player takes the pile...
        let taker = other.take(pile);
        let empty = payer.cards.eq(V::splat(cpu, 0));
        let finished = V::both(paid, empty);
        let trick = V::both(paid, V::not(empty));
        // ...and leads the next round: the players alternate up to the first payment card (the
        // payer's, after the numbers it paid, is as many places nearer the top).
        let l = taker.pay.first_payment().min(taker.cards);
        let o = first.min(self.payer.cards).sub(owed);
        let leader_first = l.le(o);
        let e = l.min(o);
        let later = V::select(leader_first, V::splat(cpu, 0), one);
        // The player whose event came first lays e numbers and then its payment card, or runs
        // out; the other laid e numbers meanwhile (the leader e + 1 when the other's came first)
        // and pays next.
        let (event, waiting) = Hands::swap_where(leader_first, payer, taker);
        let run_out = e.eq(event.cards);
        let next_payer = waiting.drop_numbers(e.add(later));
        let next_owner = event.drop_through_payment(e);
        let next_value = event.values.and(V::splat(cpu, 3));
        // The alternation's number cards, before the event's payment card.
        let numbers = e.add(e).add(later);

        // Brent at the round start: the taker leads, the payer follows. The snapshot is retaken
        // after 1, 2, 4, 8, … tricks: once that window is past the start of a cycle and at least
        // its period, the cycle brings the snapshot back within it, so every loop is caught.
        // (The count of payment cards above the length is shifted out of the word.)
        let key = taker
            .pay
            .or(payer.pay.shl(taker.len()))
            .or(taker.cards.shl_by::<LEADER_LEN>());
        let candidate = V::both(trick, self.snapshot.eq(key));
        // A trick counts the cards of the pile it takes.
        let trick_count = V::splat(cpu, TRICK);
        let taken = self.counts.add(pile.len().or(trick_count));
        // The tricks, now, are a power of two if clearing their lowest set bit leaves none: the
        // cards below them stay below one trick.
        let power_of_two = taken.and(taken.sub(trick_count)).lt(trick_count);
        let retake = V::both(trick, power_of_two);
        let out = V::both(trick, run_out);
        let ended = V::either(V::either(finished, candidate), out);

        // After a trick the new round's payer lays next: the other if the leader laid the
        // payment card, else the leader.
        self.payer = Hands::select(paid, next_payer, self.payer);
        self.other = Hands::select(paid, next_owner, other);
        let next_pile = Hands::through_payment(numbers, one.shl(numbers), next_value);
        self.pile = Hands::select(paid, next_pile, self.pile);
        self.paid_for = V::select(paid, next_value, self.paid_for);
        // A game that ends in the next round's alternation laid only its number cards there, and
        // ends with a second trick.
        let counts = V::select(paid, taken, self.counts);
        self.counts = V::add_where(out, counts, numbers.or(trick_count));
        self.snapshot = V::select(retake, key, self.snapshot);
        (ended, candidate)
    }
}

/// Payments per trick step. A payment takes far fewer instructions than a trick step, and a lane
/// with a trick to take lays nothing more; a trick is preceded by about 1.2 payment cards on
/// average (the payer turns one up 55% of the time), so two payments serve all those of five
/// tricks in six. Counted with `valgrind --tool=cachegrind` over `stats --deals 200000` with
/// AVX2, when a payment step also paid dues in number cards (2.2 payments a trick), a deal cost
/// 4,536 instructions with 2 payments, 4,547 with 3, 5,396 with 1, and 4,937 with one step that
/// did both (the engine before).
const PAYMENTS: usize = 2;

/// The lane engine on every deal of `source`, reported with its number in `source` (from 0), in
/// an order that depends only on the deals.
#[inline(always)]
pub(crate) fn play<V: Lanes, S: Source>(
    cpu: V::Cpu,
    source: &mut S,
    report: &mut impl FnMut(u64, Outcome),
) {
    let mut games = Games::<V>::new(cpu);
    // The deal in each lane, with its number; none once the source has run out.
    let mut kept: [Option<(u64, S::Kept)>; MAX_LANES] = [None; MAX_LANES];
    let mut dealt = 0;
    // A function, not a closure: a closure would not be inlined into the engine's entry, and
    // would lack the instructions it is compiled for.
    #[inline(always)]
    fn fetch<V: Lanes, S: Source>(
        source: &mut S,
        games: &mut Games<V>,
        i: usize,
        dealt: &mut u64,
    ) -> Option<(u64, S::Kept)> {
        source.next().map(|(deal, a, b)| {
            games.deal(i, a, b);
            *dealt += 1;
            (*dealt - 1, deal)
        })
    }
    for (i, lane) in kept.iter_mut().enumerate().take(V::N) {
        *lane = fetch(source, &mut games, i, &mut dealt);
    }
    while kept[..V::N].iter().all(Option::is_some) {
        let (ended, candidates) = loop {
            for _ in 0..PAYMENTS {
                games.pay();
            }
            let (ended, candidates) = games.trick();
            let ended = V::bits(ended);
            if ended != 0 {
                break (ended, V::bits(candidates));
            }
        };
        let counts = games.counts.to_array();
        // The ended lanes by their bits, not a test of each lane: which lane ended is a branch
        // the processor could not predict.
        let mut rest = ended;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let lane = &mut kept[i];
            let Some((number, deal)) = *lane else {
                continue;
            };
            let outcome = if candidates >> i & 1 == 1 {
                source.replay(number, &deal)
            } else {
                Outcome {
                    status: Status::Finished,
                    cards: counts[i] & (TRICK - 1),
                    tricks: counts[i] >> 32,
                }
            };
            report(number, outcome);
            *lane = fetch(source, &mut games, i, &mut dealt);
        }
    }
    // Fewer deals left than lanes: the games in flight are played again by the scalar engine.
    for (number, deal) in kept.into_iter().flatten() {
        report(number, source.replay(number, &deal));
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::deal::Dealer;

    /// A fixed stream of 64-bit numbers, for the tests of register operations.
    pub(crate) fn random() -> impl FnMut() -> u64 {
        use rand_chacha::ChaCha8Rng;
        use rand_chacha::rand_core::{Rng, SeedableRng};
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        move || rng.next_u64()
    }

    /// Payment bits with the first card at every place below bit 52, alone and with random bits
    /// above it, and with no card.
    pub(crate) fn payment_bits() -> Vec<u64> {
        let mut random = random();
        let mut cases: Vec<u64> = (0..52).map(|k| 1 << k).collect();
        cases.extend((0..52).map(|k| (random() & ((1 << 52) - 1)) >> k << k | 1 << k));
        cases.push(0);
        cases
    }

    /// [`Lanes::first_payment`]'s contract for one lane.
    pub(crate) fn check_first_payment(pay: u64, first: u64) {
        if pay == 0 {
            assert!((64..1 << 32).contains(&first), "{first}");
        } else {
            assert_eq!(first, u64::from(pay.trailing_zeros()), "{pay:#x}");
        }
    }

    /// The masked operations of `V` against their plain reading, on random lanes with random
    /// masks. Inlined, so that the caller's target features apply.
    #[inline(always)]
    pub(crate) fn check_masked_operations<V: Lanes>(cpu: V::Cpu) {
        let mut random = random();
        for _ in 0..1000 {
            let mut lanes = || -> [u64; MAX_LANES] { std::array::from_fn(|_| random()) };
            let (x, y, a, b) = (lanes(), lanes(), lanes(), lanes());
            let by = lanes().map(|s| s % 64);
            // Compares are signed, of values below 2^63.
            let (a, b) = (a.map(|v| v >> 1), b.map(|v| v >> 1));
            let mask = V::from_array(cpu, a).lt(V::from_array(cpu, b));
            let (vx, vy) = (V::from_array(cpu, x), V::from_array(cpu, y));
            let add = V::add_where(mask, vx, vy).to_array();
            let shifted = V::or_shifted_where(mask, vx, vy, V::from_array(cpu, by)).to_array();
            let kept = V::keep(mask, vy).to_array();
            let (swapped_x, swapped_y) = V::swap_where(mask, vx, vy);
            let (swapped_x, swapped_y) = (swapped_x.to_array(), swapped_y.to_array());
            for i in 0..V::N {
                let yes = a[i] < b[i];
                assert_eq!(V::bits(mask) >> i & 1 == 1, yes);
                assert_eq!(add[i], if yes { x[i].wrapping_add(y[i]) } else { x[i] });
                assert_eq!(shifted[i], if yes { x[i] | y[i] << by[i] } else { x[i] });
                assert_eq!(kept[i], if yes { y[i] } else { 0 });
                let swapped = if yes { (y[i], x[i]) } else { (x[i], y[i]) };
                assert_eq!((swapped_x[i], swapped_y[i]), swapped);
            }
        }
    }

    /// The outcomes `play` reports for the packs of deals `0..count` of `dealer`, in the order
    /// reported.
    pub(crate) fn reported(
        dealer: &Dealer,
        count: u64,
        play: impl FnOnce(&mut Packs<std::vec::IntoIter<Pack>>, &mut dyn FnMut(u64, Outcome)),
    ) -> Vec<(u64, Outcome)> {
        let mut got = Vec::new();
        let packs: Vec<Pack> = dealer.packs(0..count).collect();
        play(&mut Packs(packs.into_iter()), &mut |k, outcome| {
            got.push((k, outcome))
        });
        got
    }

    /// The scalar engine's outcomes for deals `0..count` of `dealer`, in order.
    pub(crate) fn scalar_outcomes(dealer: &Dealer, count: u64) -> Vec<(u64, Outcome)> {
        (0..count)
            .map(|k| (k, play_pack(&dealer.pack(k))))
            .collect()
    }

    #[test]
    fn one_by_one_every_deal_is_played_in_turn() {
        let dealer = Dealer::new(5);
        let got = reported(&dealer, 1000, |packs, mut report| {
            one_by_one(packs, &mut report)
        });
        assert_eq!(got, scalar_outcomes(&dealer, 1000));
    }
}
