// The passes of one batch of deals, in order: deal (random or index order; given deals are
// written by the host), play, threshold, gather. See docs/camicia-engines.md.

struct Params {
    // Deals in the batch.
    count: u32,
    // Deals per thread of the index-order dealing.
    segment: u32,
    // How many finished games the gathered finds must hold at least (or all there are).
    need: u32,
    // The threshold never goes above this many cards.
    most: u32,
    // Whether tricks are counted in their histogram.
    tricks: u32,
    // The batch's first deal: its number (64 bits) for random deals, its index (96 bits) in
    // index order.
    first: vec3<u32>,
    // The ChaCha8 key of random deals, words 4 to 11 of its state.
    key: array<vec4<u32>, 2>,
}

@group(0) @binding(0) var<uniform> params: Params;
// Each deal as three words: the plane of its payment places (two words) and its queue. Deals of
// other sizes than 26 and 26 (given by the host, played by the pipeline with SIZED) are followed by
// a word a deal, A's length | B's << 8.
@group(0) @binding(1) var<storage, read_write> deals: array<u32>;
// Each deal's game, as cards | tricks << 16, or NONE to be played again.
@group(0) @binding(2) var<storage, read_write> records: array<u32>;
// The finds: the deal's place in the batch, cards, tricks, and FINISHED or REPLAY.
@group(0) @binding(3) var<storage, read_write> finds: array<vec4<u32>>;
// The counters (FOUND, LONG, THRESHOLD), then the histograms of cards and of tricks of the
// finished games of fewer than HISTOGRAM cards.
@group(0) @binding(4) var<storage, read_write> tally: array<atomic<u32>>;

fn store_deal(k: u32, d: Deal) {
    deals[3u * k] = d.places.x;
    deals[3u * k + 1u] = d.places.y;
    deals[3u * k + 2u] = d.values;
}

@compute @workgroup_size(64)
fn deal_random(@builtin(global_invocation_id) id: vec3<u32>) {
    let k = id.x;
    if k >= params.count {
        return;
    }
    let low = params.first.x + k;
    store_deal(k, random_deal(vec2<u32>(low, params.first.y + select(0u, 1u, low < k))));
}

// One thread a run of `segment` consecutive indices: the first is unranked, the others stepped to.
@compute @workgroup_size(64)
fn deal_index(@builtin(global_invocation_id) id: vec3<u32>) {
    let first = id.x * params.segment;
    if first >= params.count {
        return;
    }
    var d = unrank(limbs_of(params.first, first));
    store_deal(first, d);
    let end = min(first + params.segment, params.count);
    for (var k = first + 1u; k < end; k++) {
        next_deal(&d);
        store_deal(k, d);
    }
}

// What the host needs of a game: NONE when it must play the game again (a loop, or a game past
// the guard); otherwise its cards and tricks, each below GUARD, in one word. A finished game of
// fewer than HISTOGRAM cards is counted in the histograms too.
fn record(k: u32, g: Game, replay: bool) {
    if replay {
        records[k] = NONE;
        return;
    }
    records[k] = g.cards | (g.tricks << 16u);
    if g.cards >= HISTOGRAM {
        atomicAdd(&tally[LONG], 1u);
    } else {
        // A trick lays a card at least, so the tricks are fewer than HISTOGRAM too.
        atomicAdd(&tally[CARDS + g.cards], 1u);
        if params.tricks != 0u {
            atomicAdd(&tally[TRICKS + g.tricks], 1u);
        }
    }
}

// Whether the deals carry their hands' lengths: a constant of the pipeline, so that the play of
// one-pack deals dealt 26 and 26 has its lengths as constants (measured 8% less CPU time on
// lavapipe than reading a flag of the parameters).
override SIZED: bool = false;

fn load_game(k: u32) -> Game {
    var lengths = vec2<u32>(26u);
    if SIZED {
        let both = deals[3u * params.count + k];
        lengths = vec2<u32>(both & 0xffu, both >> 8u);
    }
    return start_game(vec2<u32>(deals[3u * k], deals[3u * k + 1u]), deals[3u * k + 2u], lengths);
}

// The deals of a workgroup's block taken so far.
var<workgroup> taken: atomic<u32>;

// Each workgroup plays a block of PLAY_BLOCK deals. Each thread plays a round at a time of its
// game, and when the game ends takes the next deal of the block: a thread never waits for the
// games of the others to end, only for their rounds.
@compute @workgroup_size(64)
fn play(@builtin(workgroup_id) group: vec3<u32>) {
    let first = group.x * PLAY_BLOCK;
    let end = min(first + PLAY_BLOCK, params.count);
    var k = first + atomicAdd(&taken, 1u);
    var g: Game;
    var snapshot: Snapshot;
    var power = 1u;
    var period = 0u;
    if k < end {
        g = load_game(k);
        snapshot = snapshot_of(g);
    }
    loop {
        if k >= end {
            break;
        }
        var ended = play_round(&g);
        var replay = false;
        if !ended {
            // Brent: the snapshot is retaken whenever the distance to it reaches a power of two.
            // A match proves a loop, which the host replays for its first repeat; so does a game
            // past the guard, which no one-pack game is known to reach.
            period += 1u;
            replay = at_snapshot(g, snapshot) || g.cards >= GUARD;
            ended = replay;
            if period == power {
                snapshot = snapshot_of(g);
                power *= 2u;
                period = 0u;
            }
        }
        if ended {
            record(k, g, replay);
            k = first + atomicAdd(&taken, 1u);
            if k < end {
                g = load_game(k);
                snapshot = snapshot_of(g);
                power = 1u;
                period = 0u;
            }
        }
    }
}

fn find(k: u32, cards: u32, tricks: u32, kind: u32) {
    finds[atomicAdd(&tally[FOUND], 1u)] = vec4<u32>(k, cards, tricks, kind);
}

// The fewest cards a finished game needs to be gathered: the most that leaves at least `need`
// finished games among the finds (all of them when there are fewer), and at most `most`.
@compute @workgroup_size(1)
fn threshold() {
    var have = atomicLoad(&tally[LONG]);
    var cards = HISTOGRAM;
    loop {
        if cards == 0u || have >= params.need {
            break;
        }
        cards -= 1u;
        have += atomicLoad(&tally[CARDS + cards]);
    }
    atomicStore(&tally[THRESHOLD], min(cards, params.most));
}

// The finds: every game to play again, and every finished game of at least the threshold's
// cards. (Appending here rather than as games end keeps the atomics whose results are used out of
// the play's loop, where Mesa's lavapipe 22.3 hands some threads wrong results.)
@compute @workgroup_size(64)
fn gather(@builtin(global_invocation_id) id: vec3<u32>) {
    let k = id.x;
    if k >= params.count {
        return;
    }
    let r = records[k];
    if r == NONE {
        find(k, 0u, 0u, REPLAY);
    } else if (r & 0xffffu) >= atomicLoad(&tally[THRESHOLD]) {
        find(k, r & 0xffffu, r >> 16u, FINISHED);
    }
}
