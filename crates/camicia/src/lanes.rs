//! Many one-pack deals at once: eight games side by side in the lanes of AVX-512 registers, one
//! step of each per pass, without a branch that depends on the cards.
//!
//! The scalar engine in [`crate::fast`] spends most of its time on mispredicted branches: whether
//! a payer turns up a payment card is a coin toss the processor cannot learn. Here every step
//! computes both outcomes — "the payer turned up a payment card" and "the penalty was paid: trick,
//! the round-start check, and the next round's alternation up to its first payment card" — and
//! keeps one per lane with a mask. A step is one payment card laid (about 78 per game). The only
//! branch left asks whether any of the eight games has ended; an ended game is reported and its
//! lane takes the next deal.
//!
//! Loop detection follows Brent, per lane, with snapshots after 1, 2, 4, … tricks; the registers only
//! compare the payment bits and the length of the leader's hand with the snapshot. A match there
//! is a candidate (every real repeat is one); its deal is played again by the scalar engine,
//! which compares whole situations and finds the first repeat. Candidates are rare, so the replay
//! costs nothing on average, and the result is exact either way.
//!
//! Machines without AVX-512 play the deals one by one with the scalar engine.

use crate::fast::{Hand, pack_hands, play_hands, play_pack};
use crate::game::Outcome;

/// Where the lanes take their deals from: each deal as the two hands of the fast engine, with
/// what a lane keeps to play the deal again with the scalar engine.
pub(crate) trait Source {
    type Kept: Copy;

    fn next(&mut self) -> Option<(Self::Kept, Hand, Hand)>;

    /// The scalar engine's outcome for the deal handed out `number`-th (from 0): the lanes play
    /// their loop candidates again with it (there are no lanes off x86-64).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    fn replay(&self, number: u64, kept: &Self::Kept) -> Outcome;
}

/// Deals given as packs of 52 penalties: a lane keeps its pack.
struct Packs<I>(I);

impl<I: Iterator<Item = [u8; 52]>> Source for Packs<I> {
    type Kept = [u8; 52];

    #[inline(always)]
    fn next(&mut self) -> Option<([u8; 52], Hand, Hand)> {
        self.0.next().map(|pack| {
            let (a, b) = pack_hands(&pack);
            (pack, a, b)
        })
    }

    fn replay(&self, _: u64, pack: &[u8; 52]) -> Outcome {
        play_pack(pack)
    }
}

/// Whether this processor runs the eight-lane engine and the eight-lane dealing.
#[cfg(target_arch = "x86_64")]
pub(crate) fn wide() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
        && std::arch::is_x86_feature_detected!("bmi2")
}

/// Plays one-pack deals (52 penalties each, as [`crate::fast::play_pack`] takes them; at most 32
/// payment cards in a deal) and reports each outcome with the deal's place in `deals`, from 0.
/// The order of the reports depends only on the deals, and every outcome is
/// [`crate::fast::play_pack`]'s.
pub fn play_packs(deals: impl Iterator<Item = [u8; 52]>, mut report: impl FnMut(u64, Outcome)) {
    play_from(&mut Packs(deals), &mut report);
}

/// Plays every deal of `source` in the lanes when the processor has them, one by one otherwise.
pub(crate) fn play_from(source: &mut impl Source, report: &mut impl FnMut(u64, Outcome)) {
    #[cfg(target_arch = "x86_64")]
    {
        if wide() {
            // SAFETY: `wide` detected the features `avx512::play` is compiled for.
            unsafe { avx512::play(source, report) };
            return;
        }
    }
    one_by_one(source, report);
}

/// The scalar engine on every deal of `source`: what processors without the lanes run.
fn one_by_one(source: &mut impl Source, report: &mut impl FnMut(u64, Outcome)) {
    let mut number = 0;
    while let Some((_, a, b)) = source.next() {
        report(number, play_hands(a, b));
        number += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Dealer;

    #[test]
    fn without_the_lanes_every_deal_is_played_in_turn() {
        let dealer = Dealer::new(5);
        let mut got = Vec::new();
        one_by_one(&mut Packs(dealer.packs(0..1000)), &mut |k, outcome| {
            got.push((k, outcome))
        });
        let expected: Vec<_> = (0..1000).map(|k| (k, play_pack(&dealer.pack(k)))).collect();
        assert_eq!(got, expected);
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512 {
    use super::Source;
    use crate::fast::Hand;
    use crate::game::{Outcome, Status};
    use std::arch::x86_64::*;

    /// Games, or deals, side by side: the 64-bit lanes of one register.
    pub(crate) const LANES: usize = 8;

    /// The eight games, one field per register: the player to lay next, who pays `due` (x…), the
    /// other player (y…) and the pile (p…), each as payment bits, penalty queue and length (the
    /// number of payment cards, which places the next penalty in the queue, is the number of set
    /// bits); the counts so far; Brent's snapshot of a round start (the leader's bits and length,
    /// the other's bits).
    #[derive(Clone, Copy)]
    struct State {
        xp: __m512i,
        xv: __m512i,
        xn: __m512i,
        yp: __m512i,
        yv: __m512i,
        yn: __m512i,
        pp: __m512i,
        pv: __m512i,
        pn: __m512i,
        due: __m512i,
        cards: __m512i,
        tricks: __m512i,
        s_lp: __m512i,
        s_ln: __m512i,
        s_op: __m512i,
    }

    /// One lane's fields, in the order of [`State`].
    type Lane = [u64; 15];

    /// The eight 64-bit lanes of a register.
    pub(crate) fn to_array(v: __m512i) -> [u64; LANES] {
        // SAFETY: both are 64 bytes of plain integers; every bit pattern is valid for both.
        unsafe { std::mem::transmute::<__m512i, [u64; LANES]>(v) }
    }

    impl State {
        /// Sets lane `i` of every field.
        #[target_feature(enable = "avx512f")]
        fn set(&mut self, i: usize, lane: Lane) {
            let k: __mmask8 = 1 << i;
            let put = |v: __m512i, x: u64| _mm512_mask_set1_epi64(v, k, x as i64);
            let [
                xp,
                xv,
                xn,
                yp,
                yv,
                yn,
                pp,
                pv,
                pn,
                due,
                cards,
                tricks,
                s_lp,
                s_ln,
                s_op,
            ] = lane;
            self.xp = put(self.xp, xp);
            self.xv = put(self.xv, xv);
            self.xn = put(self.xn, xn);
            self.yp = put(self.yp, yp);
            self.yv = put(self.yv, yv);
            self.yn = put(self.yn, yn);
            self.pp = put(self.pp, pp);
            self.pv = put(self.pv, pv);
            self.pn = put(self.pn, pn);
            self.due = put(self.due, due);
            self.cards = put(self.cards, cards);
            self.tricks = put(self.tricks, tricks);
            self.s_lp = put(self.s_lp, s_lp);
            self.s_ln = put(self.s_ln, s_ln);
            self.s_op = put(self.s_op, s_op);
        }
    }

    /// A game after its first round's alternation, as a lane; or its outcome if it ends there
    /// (a player with no payment card runs out).
    fn start(a: Hand, b: Hand) -> Result<Lane, Outcome> {
        let l = a.first_payment().min(a.len);
        let o = b.first_payment().min(b.len);
        let leader_first = l <= o;
        let e = l.min(o);
        let later = u32::from(!leader_first);
        if (leader_first && l == a.len) || (!leader_first && o == b.len) {
            return Err(Outcome {
                status: Status::Finished,
                cards: u64::from(2 * e + later),
                tricks: 1,
            });
        }
        // The leader lays e numbers and its payment card, or e + 1 numbers; the other e
        // numbers, or e numbers and its payment card. Then the other player of the payment
        // card's owner pays.
        let (mut leader, mut other) = (a, b);
        leader.drop_numbers(e + 1);
        other.drop_numbers(e + later);
        let value = if leader_first {
            leader.values >>= 2;
            a.values & 3
        } else {
            other.values >>= 2;
            b.values & 3
        };
        let (x, y) = if leader_first {
            (other, leader)
        } else {
            (leader, other)
        };
        let laid = u64::from(2 * e + 1 + later);
        Ok([
            x.pay,
            x.values,
            u64::from(x.len),
            y.pay,
            y.values,
            u64::from(y.len),
            1 << (laid - 1),
            value,
            laid,
            value + 1,
            0,
            0,
            a.pay,
            u64::from(a.len),
            b.pay,
        ])
    }

    /// The first payment card's place: the number of trailing zeros, the bits below the lowest
    /// set bit counted; 64 (more than any length) when there is none.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vpopcntdq")]
    fn first(pay: __m512i) -> __m512i {
        let below = _mm512_andnot_si512(pay, _mm512_sub_epi64(pay, _mm512_set1_epi64(1)));
        _mm512_popcnt_epi64(below)
    }

    /// One step of all eight games; gives the mask of the lanes whose game ended and the mask of
    /// those among them that are loop candidates (to replay). For the others, finished, `cards`
    /// and `tricks` hold the result.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vpopcntdq")]
    fn step(s: &mut State) -> (__mmask8, __mmask8) {
        let zero = _mm512_setzero_si512();
        let one = _mm512_set1_epi64(1);
        let three = _mm512_set1_epi64(3);
        let add = |a, b| _mm512_add_epi64(a, b);
        let sub = |a, b| _mm512_sub_epi64(a, b);
        let min = |a, b| _mm512_min_epu64(a, b);
        let count2 = |pay| {
            let c = _mm512_popcnt_epi64(pay);
            add(c, c)
        };

        // Pay up to the first payment card among the top `due` cards, or `due` numbers.
        let j = first(s.xp);
        let owed = min(s.due, s.xn);
        let found = _mm512_cmplt_epu64_mask(j, owed);
        let laid = _mm512_mask_blend_epi64(found, owed, add(j, one));
        let xp1 = _mm512_srlv_epi64(s.xp, laid);
        let xn1 = sub(s.xn, laid);
        let xv1 = _mm512_mask_srli_epi64(s.xv, found, s.xv, 2);
        let value = _mm512_and_si512(s.xv, three);
        // Shifts by 64 or more give 0, so the lanes that did not find a card add nothing.
        let mark = _mm512_sllv_epi64(one, add(s.pn, j));
        let queued = _mm512_sllv_epi64(value, count2(s.pp));
        let pp1 = _mm512_mask_or_epi64(s.pp, found, s.pp, mark);
        let pv1 = _mm512_mask_or_epi64(s.pv, found, s.pv, queued);
        let pn1 = add(s.pn, laid);

        // Otherwise the other player takes the pile...
        let tp = _mm512_or_si512(s.yp, _mm512_sllv_epi64(pp1, s.yn));
        let tv = _mm512_or_si512(s.yv, _mm512_sllv_epi64(pv1, count2(s.yp)));
        let tn = add(s.yn, pn1);
        let paid = !found;
        let empty = _mm512_cmpeq_epi64_mask(xn1, zero);
        let finished = paid & empty;
        let trick = paid & !empty;
        // ...and leads the next round: alternation up to the first payment card.
        let l = min(first(tp), tn);
        let o = min(first(xp1), xn1);
        let leader_first = _mm512_cmple_epu64_mask(l, o);
        let e = min(l, o);
        let later = _mm512_maskz_mov_epi64(!leader_first, one);
        // The event that came first is a card its player does not have.
        let run_out = _mm512_cmpeq_epi64_mask(e, _mm512_mask_blend_epi64(leader_first, xn1, tn));
        let e1 = add(e, one);
        let lp2 = _mm512_srlv_epi64(tp, e1);
        let lv2 = _mm512_mask_srli_epi64(tv, leader_first, tv, 2);
        let ln2 = sub(tn, e1);
        let el = add(e, later);
        let op2 = _mm512_srlv_epi64(xp1, el);
        let ov2 = _mm512_mask_srli_epi64(xv1, !leader_first, xv1, 2);
        let on2 = sub(xn1, el);
        let value2 = _mm512_and_si512(_mm512_mask_blend_epi64(leader_first, xv1, tv), three);
        let alt_laid = add(add(e, e1), later);

        // Brent at the round start: the taker leads with `t`, the payer holds `xp1`. The
        // snapshot is retaken after 1, 2, 4, 8, … tricks: once that window is past the start of
        // a cycle and at least its period, the cycle brings the snapshot back within the
        // window, so every loop is caught.
        let tricks = add(s.tricks, one);
        let same = _mm512_cmpeq_epi64_mask(s.s_ln, tn)
            & _mm512_cmpeq_epi64_mask(s.s_lp, tp)
            & _mm512_cmpeq_epi64_mask(s.s_op, xp1);
        let candidate = trick & same;
        let retake = trick & _mm512_testn_epi64_mask(tricks, sub(tricks, one));
        let ended = finished | candidate | (trick & run_out);

        // After a payment card the roles swap; after a trick the new round's payer lays next:
        // the other if the leader laid the payment card, else the leader.
        let pick = |k: __mmask8, no: __m512i, yes: __m512i| _mm512_mask_blend_epi64(k, no, yes);
        let next = |other: __m512i, leader: __m512i, stay: __m512i| {
            pick(found, pick(leader_first, leader, other), stay)
        };
        s.xp = next(op2, lp2, s.yp);
        s.xv = next(ov2, lv2, s.yv);
        s.xn = next(on2, ln2, s.yn);
        s.yp = next(lp2, op2, xp1);
        s.yv = next(lv2, ov2, xv1);
        s.yn = next(ln2, on2, xn1);
        s.pp = pick(found, _mm512_sllv_epi64(one, sub(alt_laid, one)), pp1);
        s.pv = pick(found, value2, pv1);
        s.pn = pick(found, alt_laid, pn1);
        s.due = add(pick(found, value2, value), one);
        // A trick counts the cards of the pile it takes. A game that ends in the next round's
        // alternation laid only its number cards there, one fewer than an alternation ending on a
        // payment card, and ends with a second trick.
        let out = trick & run_out;
        let cards = _mm512_mask_add_epi64(s.cards, paid, s.cards, pn1);
        s.cards = _mm512_mask_add_epi64(cards, out, cards, sub(alt_laid, one));
        let tricks = pick(paid, s.tricks, tricks);
        s.tricks = _mm512_mask_add_epi64(tricks, out, tricks, one);
        s.s_lp = pick(retake, s.s_lp, tp);
        s.s_ln = pick(retake, s.s_ln, tn);
        s.s_op = pick(retake, s.s_op, xp1);
        (ended, candidate)
    }

    /// The eight-lane engine. Callers must have checked that the CPU has AVX-512 F and
    /// VPOPCNTDQ.
    #[target_feature(enable = "avx512f,avx512vpopcntdq")]
    pub(super) fn play<S: Source>(source: &mut S, report: &mut impl FnMut(u64, Outcome)) {
        let mut next = 0;
        // The next deal that outlasts its first alternation, with its number and its lane.
        let mut fetch = |source: &mut S,
                         report: &mut dyn FnMut(u64, Outcome)|
         -> Option<(u64, S::Kept, Lane)> {
            while let Some((kept, a, b)) = source.next() {
                next += 1;
                match start(a, b) {
                    Err(outcome) => report(next - 1, outcome),
                    Ok(lane) => return Some((next - 1, kept, lane)),
                }
            }
            None
        };
        let zero = _mm512_setzero_si512();
        let mut state = State {
            xp: zero,
            xv: zero,
            xn: zero,
            yp: zero,
            yv: zero,
            yn: zero,
            pp: zero,
            pv: zero,
            pn: zero,
            due: zero,
            cards: zero,
            tricks: zero,
            s_lp: zero,
            s_ln: zero,
            s_op: zero,
        };
        let mut kept: [Option<S::Kept>; LANES] = [None; LANES];
        let mut index = [0u64; LANES];
        for i in 0..LANES {
            if let Some((number, deal, lane)) = fetch(source, report) {
                (index[i], kept[i]) = (number, Some(deal));
                state.set(i, lane);
            }
        }
        while kept.iter().all(Option::is_some) {
            let (ended, candidates) = loop {
                let (ended, candidates) = step(&mut state);
                if ended != 0 {
                    break (ended, candidates);
                }
            };
            let cards = to_array(state.cards);
            let tricks = to_array(state.tricks);
            for i in 0..LANES {
                if ended >> i & 1 == 0 {
                    continue;
                }
                let deal = kept[i].expect("every lane is in play during a pass");
                let outcome = if candidates >> i & 1 == 1 {
                    source.replay(index[i], &deal)
                } else {
                    Outcome {
                        status: Status::Finished,
                        cards: cards[i],
                        tricks: tricks[i],
                    }
                };
                report(index[i], outcome);
                kept[i] = fetch(source, report).map(|(number, deal, lane)| {
                    index[i] = number;
                    state.set(i, lane);
                    deal
                });
            }
        }
        // Fewer deals left than lanes: the games in flight are played again by the scalar engine.
        for i in 0..LANES {
            if let Some(deal) = kept[i] {
                report(index[i], source.replay(index[i], &deal));
            }
        }
    }
}
