// One game, as camicia's fast engine plays it (crates/camicia/src/fast.rs): a hand is the bit set
// of the places of its payment cards (bit i: the i-th card from the top) and the queue of their
// penalties less one, two bits each, the topmost lowest. A deal holds at most 16 payment cards,
// so a queue is one 32-bit word, and at most 63 cards, whose places need 64 bits, with bit 63 as
// the sentinel of "no payment card".

struct Hand {
    pay: vec2<u32>,
    values: u32,
    len: u32,
    // The number of payment cards: the bits of `pay`, kept rather than counted.
    count: u32,
}

// A game, and what it has laid and taken. Between a round's payments `leader` is the player who
// owns the pile (whose payment card is on top of it), `other` the player who owes `due` cards,
// and `leader_is_b` says whether the owner is B; at a round's start, once the trick is taken,
// the owner leads.
struct Game {
    leader: Hand,
    other: Hand,
    pile: Hand,
    due: u32,
    leader_is_b: bool,
    cards: u32,
    tricks: u32,
}

const SENTINEL: vec2<u32> = vec2<u32>(0u, 0x80000000u);

// The place of the first payment card, 63 when there is none (always at least the length).
fn first_payment(h: Hand) -> u32 {
    return lowest64(h.pay | SENTINEL);
}

// The hand of places first to first + len - 1 of a deal's plane of payment places, whose
// penalties less one are the queue `values` from its lowest bits on.
fn hand_of(places: vec2<u32>, first: u32, len: u32, values: u32) -> Hand {
    var h: Hand;
    h.pay = shr64(places, first) & below64(len);
    h.len = len;
    h.count = ones64(h.pay);
    // A hand of all 16 payment cards takes the whole queue (a mask of 32 bits).
    h.values = select(values & ((1u << (2u * h.count)) - 1u), values, h.count == 16u);
    return h;
}

// The start of the game of a deal: A's cards (places 0 to a - 1) then B's (a to a + b - 1) of
// `lengths` (a, b), as the plane of payment places and the queue of their penalties less one in
// place order. It starts as a round whose empty pile A owns and B owes nothing on, so that its
// first trick (of no cards, not counted) leads into its first round as every other trick does.
fn start_game(places: vec2<u32>, values: u32, lengths: vec2<u32>) -> Game {
    var g: Game;
    g.leader = hand_of(places, 0u, lengths.x, values);
    // B's queue is what A's leaves; A may hold all 16 payment cards, and a shift by 32 is none.
    let a_bits = 2u * g.leader.count;
    g.other = hand_of(
        places, lengths.x, lengths.y, select(values >> (a_bits & 31u), 0u, a_bits == 32u)
    );
    g.pile = Hand(vec2<u32>(0u), 0u, 0u, 0u);
    g.due = 0u;
    g.leader_is_b = false;
    g.cards = 0u;
    g.tricks = 0u;
    return g;
}

// Whether the player who owes turns up a payment card among the cards it owes.
fn owes_payment(g: Game) -> bool {
    return first_payment(g.other) < min(g.due, g.other.len);
}

// One payment: the player who owes lays through its next payment card, if it turns one up
// among the cards it owes, and becomes the owner of the pile; otherwise nothing.
fn pay(g: ptr<function, Game>) {
    var payer = (*g).other;
    let first = first_payment(payer);
    if first >= min((*g).due, payer.len) {
        return;
    }
    let due = (payer.values & 3u) + 1u;
    payer.pay = shr64(payer.pay, first + 1u);
    payer.values >>= 2u;
    payer.len -= first + 1u;
    payer.count -= 1u;
    (*g).pile.len += first;
    (*g).pile.pay |= bit64((*g).pile.len);
    (*g).pile.values |= (due - 1u) << (2u * (*g).pile.count);
    (*g).pile.len += 1u;
    (*g).pile.count += 1u;
    (*g).due = due;
    (*g).other = (*g).leader;
    (*g).leader = payer;
    (*g).leader_is_b = !(*g).leader_is_b;
}

// The trick, once the player who owes turns up no payment card among what it owes: it pays in
// number cards, as many as it has, and the owner takes the pile under its hand. True when the
// payer has no card left and the game is over.
fn take_trick(g: ptr<function, Game>) -> bool {
    var payer = (*g).other;
    var owner = (*g).leader;
    let paid = min((*g).due, payer.len);
    payer.pay = shr64(payer.pay, paid);
    payer.len -= paid;
    let pile = (*g).pile;
    let pile_len = pile.len + paid;
    // The pile holds a payment card, so the owner holds at most 15 and the queue's shift stays
    // below 32; the first trick's pile is empty.
    owner.pay |= shl64(pile.pay, owner.len);
    owner.values |= pile.values << (2u * owner.count);
    owner.len += pile_len;
    owner.count += pile.count;
    (*g).cards += pile_len;
    // The first trick, of no cards, is not one.
    (*g).tricks += min(pile_len, 1u);
    (*g).leader = owner;
    (*g).other = payer;
    return payer.len == 0u;
}

// A round's start: the players alternate number cards until one turns up a payment card, which
// opens the pile on the cards laid before it, and the other owes its penalty; true when a player
// runs out of cards first, and the other takes the pile and the game.
fn open_round(g: ptr<function, Game>) -> bool {
    // Each player's event is its first payment card, or the card it does not have.
    let l = min(first_payment((*g).leader), (*g).leader.len);
    let o = min(first_payment((*g).other), (*g).other.len);
    let leader_first = l <= o;
    var event = (*g).other;
    var waiting = (*g).leader;
    if leader_first {
        event = (*g).leader;
        waiting = (*g).other;
    }
    let before = min(l, o);
    // When the other's event comes first, the leader has laid one card more.
    let waited = before + select(1u, 0u, leader_first);
    waiting.pay = shr64(waiting.pay, waited);
    waiting.len -= waited;
    let laid = before + waited;
    if before == event.len {
        // The event is a card the player does not have: the other takes the pile, all number
        // cards, and wins.
        waiting.len += laid;
        event.len = 0u;
        (*g).cards += laid;
        (*g).tricks += 1u;
        (*g).leader_is_b = (*g).leader_is_b != leader_first;
        (*g).leader = waiting;
        (*g).other = event;
        return true;
    }
    // The event's payment card opens the pile, on the cards laid before it: its player owns it.
    (*g).due = (event.values & 3u) + 1u;
    event.pay = shr64(event.pay, before + 1u);
    event.values >>= 2u;
    event.len -= before + 1u;
    event.count -= 1u;
    (*g).pile = Hand(bit64(laid), (*g).due - 1u, laid + 1u, 1u);
    (*g).leader_is_b = (*g).leader_is_b == leader_first;
    (*g).leader = event;
    (*g).other = waiting;
    return false;
}

// Brent's snapshot of a round start: the whole situation (the other's length is the deal's cards
// less the leader's), so a match proves a loop.
struct Snapshot {
    leader_pay: vec2<u32>,
    other_pay: vec2<u32>,
    values: vec2<u32>,
    // The leader's length, and 64 when B leads.
    len: u32,
}

fn snapshot_of(g: Game) -> Snapshot {
    var s: Snapshot;
    s.leader_pay = g.leader.pay;
    s.other_pay = g.other.pay;
    s.values = vec2<u32>(g.leader.values, g.other.values);
    s.len = g.leader.len | select(0u, 64u, g.leader_is_b);
    return s;
}

// The game is at the snapshot's situation. Lengths differ in nearly every round, and are
// compared first.
fn at_snapshot(g: Game, s: Snapshot) -> bool {
    if (g.leader.len | select(0u, 64u, g.leader_is_b)) != s.len {
        return false;
    }
    return all(g.leader.pay == s.leader_pay) && all(g.other.pay == s.other_pay)
        && g.leader.values == s.values.x && g.other.values == s.values.y;
}
