// camicia.dev's index order (crates/camicia/src/index.rs): the deal of an index, and the deal of
// the next index, on the deal's bit planes.
//
// Indices reach 2^70, so they are numbers of five 16-bit limbs, the lowest first: a limb times a
// card count, or a remainder below 52 joined to a limb, stays far below 2^32.

// A one-pack deal as the planes of its 52 places: where its payment cards lie, the two bits of
// their ranks (0 to 3 for J Q K A, a penalty less one), and the queue of those ranks in place
// order, two bits each.
struct Deal {
    places: vec2<u32>,
    low: vec2<u32>,
    high: vec2<u32>,
    values: u32,
}

fn limbs_times(a: array<u32, 5>, m: u32) -> array<u32, 5> {
    var r: array<u32, 5>;
    var carry = 0u;
    for (var i = 0u; i < 5u; i++) {
        let t = a[i] * m + carry;
        r[i] = t & 0xffffu;
        carry = t >> 16u;
    }
    return r;
}

// The quotient of a by d (d at most 52), rounded down.
fn limbs_over(a: array<u32, 5>, d: u32) -> array<u32, 5> {
    var r: array<u32, 5>;
    var rem = 0u;
    for (var i = 5u; i > 0u; i--) {
        let t = (rem << 16u) | a[i - 1u];
        r[i - 1u] = t / d;
        rem = t % d;
    }
    return r;
}

fn limbs_less(a: array<u32, 5>, b: array<u32, 5>) -> bool {
    for (var i = 5u; i > 0u; i--) {
        if a[i - 1u] != b[i - 1u] {
            return a[i - 1u] < b[i - 1u];
        }
    }
    return false;
}

// a - b, for a >= b.
fn limbs_minus(a: array<u32, 5>, b: array<u32, 5>) -> array<u32, 5> {
    var r: array<u32, 5>;
    var borrow = 0u;
    for (var i = 0u; i < 5u; i++) {
        let t = (a[i] | 0x10000u) - b[i] - borrow;
        r[i] = t & 0xffffu;
        borrow = 1u - (t >> 16u);
    }
    return r;
}

// The index `low + offset` (`low` below 2^96, as three 32-bit words) as limbs.
fn limbs_of(low: vec3<u32>, offset: u32) -> array<u32, 5> {
    let x = low.x + offset;
    let carry = select(0u, 1u, x < offset);
    let y = low.y + carry;
    let z = low.z + select(0u, 1u, y < carry);
    return array<u32, 5>(x & 0xffffu, x >> 16u, y & 0xffffu, y >> 16u, z & 0xffffu);
}

// Puts a payment card of rank `rank` at `place` of the planes (its queue is left alone).
fn put_card(d: ptr<function, Deal>, place: u32, rank: u32) {
    let b = bit64(place);
    (*d).places |= b;
    (*d).low |= select(vec2<u32>(0u), b, (rank & 1u) != 0u);
    (*d).high |= select(vec2<u32>(0u), b, (rank & 2u) != 0u);
}

// The deal of an index below DEALS. At each place the symbols go in index order (A, K, Q, J, then
// a number card), and the deals that start with a smaller symbol than the one placed are skipped:
// with n cards still to place and N arrangements of them, c cards of a kind start N · c / n of
// them. The place's symbol is the first whose running count c makes rest · n < N · c.
fn unrank(index: array<u32, 5>) -> Deal {
    var d: Deal;
    var rest = index;
    var arrangements = DEALS;
    // Cards left of each penalty, six bits each: 36 number cards, four of each payment card.
    var left = 36u | (4u << 6u) | (4u << 12u) | (4u << 18u) | (4u << 24u);
    var placed = 0u;
    for (var place = 0u; placed < 16u; place++) {
        let cards = 52u - place;
        let scaled = limbs_times(rest, cards);
        var chosen = 0u;
        var smaller = 0u;
        for (var penalty = 4u; penalty > 0u; penalty--) {
            let here = (left >> (6u * penalty)) & 63u;
            if here > 0u && limbs_less(scaled, limbs_times(arrangements, smaller + here)) {
                chosen = penalty;
                break;
            }
            smaller += here;
        }
        if smaller > 0u {
            rest = limbs_minus(rest, limbs_over(limbs_times(arrangements, smaller), cards));
        }
        let kind = (left >> (6u * chosen)) & 63u;
        arrangements = limbs_over(limbs_times(arrangements, kind), cards);
        left -= 1u << (6u * chosen);
        if chosen > 0u {
            put_card(&d, place, chosen - 1u);
            d.values |= (chosen - 1u) << (2u * placed);
            placed += 1u;
        }
    }
    return d;
}

// Steps to the deal of the next index (the deal is not the last). The next multiset permutation:
// the last place i whose penalty is above the next place's takes the largest penalty below its
// own among the places after it, and those places then hold what is left in index order (the
// largest penalties first). Places before i, and their queue, stay.
fn next_deal(d: ptr<function, Deal>) {
    let places = (*d).places;
    let low = (*d).low;
    let high = (*d).high;
    // Bit i: place i's penalty is above place i + 1's. A payment card is above a number card; of
    // two payment cards, the higher rank is above (compared on the high plane, then the low).
    let places_next = shr64(places, 1u);
    let low_next = shr64(low, 1u);
    let high_next = shr64(high, 1u);
    let rank_above = (high & ~high_next) | (~(high ^ high_next) & low & ~low_next);
    let above = places & (~places_next | rank_above) & below64(51u);
    let i = highest64(above);
    // The places after i hold penalties in increasing order: count each kind there.
    let after = range64(i + 1u, 52u);
    let pay_after = places & after;
    let count_a = ones64(pay_after & high & low);
    let count_k = ones64(pay_after & high & ~low);
    let count_q = ones64(pay_after & ~high & low);
    let count_j = ones64(pay_after & ~high & ~low);
    let at_i = (shr64(low, i).x & 1u) | ((shr64(high, i).x & 1u) << 1u);
    // Place i takes the largest penalty below its own (at_i + 1) that the places after it hold:
    // one is there, as place i + 1's is below. 0 is a number card.
    var counts = vec4<u32>(count_j, count_q, count_k, count_a);
    var taken = at_i;
    loop {
        if taken == 0u || counts[taken - 1u] > 0u {
            break;
        }
        taken -= 1u;
    }
    // The places after i then hold theirs less that one, and place i's.
    counts[at_i] += 1u;
    if taken > 0u {
        counts[taken - 1u] -= 1u;
    }
    let keep = below64(i);
    let queue_kept = ones64(places & keep);
    (*d).places = places & keep;
    (*d).low = low & keep;
    (*d).high = high & keep;
    var values = (*d).values & ((1u << (2u * queue_kept)) - 1u);
    var queued = queue_kept;
    if taken > 0u {
        put_card(d, i, taken - 1u);
        values |= (taken - 1u) << (2u * queued);
        queued += 1u;
    }
    // Aces, kings, queens, jacks, then number cards, from place i + 1.
    let a_end = i + 1u + counts.w;
    let k_end = a_end + counts.z;
    let q_end = k_end + counts.y;
    let j_end = q_end + counts.x;
    (*d).places |= range64(i + 1u, j_end);
    (*d).high |= range64(i + 1u, k_end);
    (*d).low |= range64(i + 1u, a_end) | range64(k_end, q_end);
    let aces = (1u << (2u * counts.w)) - 1u;
    let kings = (0xaaaaaaaau & ((1u << (2u * counts.z)) - 1u)) << (2u * counts.w);
    let queens = (0x55555555u & ((1u << (2u * counts.y)) - 1u)) << (2u * (counts.w + counts.z));
    // With all 16 payment cards before place i + 1 the pattern is 0, whatever the shift.
    values |= (aces | kings | queens) << (2u * queued);
    (*d).values = values;
}
