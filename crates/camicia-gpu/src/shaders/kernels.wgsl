// The passes of one batch of deals, in order: play (dealing as it goes), threshold, gather. See
// docs/camicia-engines.md.

struct Params {
    // Deals in the batch.
    count: u32,
    // How many finished games the gathered finds must hold at least (or all there are).
    need: u32,
    // The threshold never goes above this many cards.
    most: u32,
    // Whether tricks are counted in their histogram.
    tricks: u32,
    // Room for finds: the batch's deals, so that every find has its place; the gather never
    // writes past it.
    room: u32,
    // Workgroups along x of the gather's dispatch.
    gather_width: u32,
    // The batch's first deal: its number (64 bits) for random deals, its index (96 bits) in
    // index order.
    first: vec3<u32>,
    // The ChaCha8 key of random deals, words 4 to 11 of its state.
    key: array<vec4<u32>, 2>,
}

@group(0) @binding(0) var<uniform> params: Params;
// Deals given by the host, three words each: the plane of payment places (two words) and the
// queue; deals of other sizes than 26 and 26 (played by the pipeline with SIZED) are followed by
// a word a deal, A's length | B's << 8.
@group(0) @binding(1) var<storage, read> deals: array<u32>;
// Each deal's game, as cards | tricks << 16, or NONE to be played again.
@group(0) @binding(2) var<storage, read_write> records: array<u32>;
// The finds: the deal's place in the batch and its record.
@group(0) @binding(3) var<storage, read_write> finds: array<vec2<u32>>;
// The counters (see layout.rs), then the histograms of cards and of tricks of the finished
// games of fewer than HISTOGRAM cards.
@group(0) @binding(4) var<storage, read_write> tally: array<atomic<u32>>;

// Where the play's deals come from: RANDOM, INDEX or GIVEN; a constant of each pipeline.
override SOURCE: u32 = 0u;
// Whether given deals carry their hands' lengths: a constant of the pipeline, so that the play of
// one-pack deals dealt 26 and 26 has its lengths as constants (measured 8% less CPU time on
// lavapipe than reading a flag of the parameters).
override SIZED: bool = false;

// The deals of a workgroup that its threads take as their games end: a ring of three parts, each
// dealt by the whole workgroup at once, a deal a thread, while the others are played from. A deal
// is its plane of payment places, its queue, and its place in the batch (NONE: none).
var<workgroup> pool: array<vec4<u32>, POOL>;
// Deals of the pool taken, and dealt into it; the threads' claims may run past `dealt`, and are
// cut back to it where the workgroup meets.
var<workgroup> claimed: atomic<u32>;
var<workgroup> dealt: u32;
// The workgroup's next share of the batch, decided where it last met and dealt where it meets
// next: random and given deals come WIDTH at a time from the batch's counter; in index order
// WIDTH runs of SEGMENT consecutive indices, a run a thread, each unranked once and stepped
// through, `left` being the steps left.
var<workgroup> deal_next: bool;
var<workgroup> block: u32;
var<workgroup> left: u32;
// Whether the batch's counter has run dry, or the workgroup has taken GROUP_DEALS.
var<workgroup> dry: bool;
// Deals the workgroup has taken from the batch.
var<workgroup> took: u32;
// What thread 0 tells the others where they meet: DONE, or how many deals the pool has had.
var<workgroup> told: u32;
// Threads with a game, counted where the workgroup meets.
var<workgroup> playing: atomic<u32>;
// The histograms of the workgroup's games, merged into the batch's once, at its end; the few
// longer games go straight to the batch's.
var<workgroup> cards_seen: array<atomic<u32>, WORKGROUP_CARDS>;
var<workgroup> tricks_seen: array<atomic<u32>, WORKGROUP_TRICKS>;
// The workgroup's steps, those of its tail, and its threads' idle steps.
var<workgroup> steps: u32;
var<workgroup> tail: u32;
var<workgroup> idle: atomic<u32>;

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
        return;
    }
    if g.cards < WORKGROUP_CARDS {
        atomicAdd(&cards_seen[g.cards], 1u);
    } else {
        atomicAdd(&tally[CARDS + g.cards], 1u);
    }
    if params.tricks != 0u {
        // A trick lays a card at least, so the tricks are fewer than HISTOGRAM too.
        if g.tricks < WORKGROUP_TRICKS {
            atomicAdd(&tricks_seen[g.tricks], 1u);
        } else {
            atomicAdd(&tally[TRICKS + g.tricks], 1u);
        }
    }
}

fn given_deal(k: u32) -> Deal {
    var d: Deal;
    d.places = vec2<u32>(deals[3u * k], deals[3u * k + 1u]);
    d.values = deals[3u * k + 2u];
    return d;
}

fn lengths_of(k: u32) -> vec2<u32> {
    if SIZED {
        let both = deals[3u * params.count + k];
        return vec2<u32>(both & 0xffu, both >> 8u);
    }
    return vec2<u32>(26u);
}

// Where the workgroup meets between its threads' runs of STEPS steps, once the share decided
// last time is dealt: counts it in the pool, decides whether to deal the next share next time
// (when the pool's oldest part is all taken) and takes it from the batch, and tells the others
// how many deals the pool has had, or that the workgroup is done. Run by thread 0.
fn meet() {
    // Claims past what the threads could take are none: cut back before the new deals count.
    let taken = min(atomicLoad(&claimed), dealt);
    atomicStore(&claimed, taken);
    if deal_next {
        dealt += WIDTH;
        if SOURCE == INDEX {
            left -= 1u;
        }
    }
    deal_next = false;
    if !dry && dealt - taken <= POOL - WIDTH {
        // A share of the batch: a run of SEGMENT indices a thread in index order, a deal a
        // thread otherwise. Past GROUP_DEALS the workgroup takes none: the host dispatches a
        // workgroup for every GROUP_DEALS deals, so the others take the rest.
        let share = select(WIDTH, WIDTH * SEGMENT, SOURCE == INDEX);
        if SOURCE != INDEX || left == 0u {
            if took + share > GROUP_DEALS {
                dry = true;
            } else {
                block = atomicAdd(&tally[NEXT], share);
                took += share;
                left = SEGMENT;
                dry = block >= params.count;
            }
        }
        deal_next = !dry;
    }
    let done = dry && atomicLoad(&playing) == 0u && taken >= dealt;
    atomicStore(&playing, 0u);
    told = select(dealt, DONE, done);
}

// Deals this thread's deal of the share decided where the workgroup last met into the pool.
fn deal_into_pool(lane: u32, cursor: ptr<function, Deal>) {
    var k = block + lane;
    var d: Deal;
    if SOURCE == INDEX {
        k = block + lane * SEGMENT + (SEGMENT - left);
        if k < params.count {
            if left == SEGMENT {
                *cursor = unrank(limbs_of(params.first, k));
            } else {
                next_deal(cursor);
            }
        }
        d = *cursor;
    } else if SOURCE == GIVEN {
        if k < params.count {
            d = given_deal(k);
        }
    } else if k < params.count {
        let low = params.first.x + k;
        d = random_deal(vec2<u32>(low, params.first.y + select(0u, 1u, low < k)));
    }
    pool[(dealt + lane) % POOL] = vec4<u32>(d.places, d.values, select(NONE, k, k < params.count));
}

// Each workgroup plays its share of the batch, dealing as it goes: its threads deal WIDTH deals
// into the pool together, a deal a thread, then each plays its game a step at a time, and when
// the game ends takes the next deal of the pool. A step is up to three payments, then, once none
// is owed, the trick and the next round's opening: a thread waits for its subgroup's steps, never
// for the games of the others to end, and no workgroup waits for another: a workgroup takes more
// of the batch as long as it lasts. The workgroup meets every STEPS steps, in three barriers.
@compute @workgroup_size(WIDTH)
fn play(@builtin(local_invocation_index) lane: u32) {
    var g: Game;
    var snapshot: Snapshot;
    var power = 1u;
    var period = 0u;
    var place = NONE;
    var resting = 0u;
    // In index order, this thread's run of indices.
    var cursor: Deal;
    // Whether the loop below ended because the workgroup was done, not cut short by a driver.
    var told_done = false;
    if lane == 0u {
        // The first share, dealt as the workgroup first meets.
        meet();
    }
    workgroupBarrier();
    loop {
        if deal_next {
            deal_into_pool(lane, &cursor);
        }
        if place != NONE {
            atomicAdd(&playing, 1u);
        }
        workgroupBarrier();
        if lane == 0u {
            meet();
            if told != DONE {
                // The tail: steps after the pool has given its last deal, while the workgroup
                // waits for its last games.
                steps += STEPS;
                tail += select(0u, STEPS, dry && atomicLoad(&claimed) >= dealt);
            }
        }
        let ready = workgroupUniformLoad(&told);
        if ready == DONE {
            told_done = true;
            break;
        }
        for (var step = 0u; step < STEPS; step++) {
            if place == NONE {
                let taken = atomicAdd(&claimed, 1u);
                if taken < ready {
                    let next = pool[taken % POOL];
                    if next.w != NONE {
                        place = next.w;
                        g = start_game(next.xy, next.z, lengths_of(place));
                        // No round start matches it: the game's start is taken at its first
                        // trick, of no cards.
                        snapshot.len = NONE;
                        power = 1u;
                        period = 0u;
                    }
                }
            }
            if place == NONE {
                resting += 1u;
                continue;
            }
            // Nearly every round pays three times or fewer (a game takes 37.7 steps for its
            // 35.2 tricks, the first step its empty trick): a subgroup's threads wait for
            // each other's payments less than with a round a step, which waits for the
            // round that pays the most (on lavapipe, 3 to 5% less CPU time than a round a
            // step; 1 and 2 payments a step cost more, 4 no less; docs/camicia-engines.md).
            pay(&g);
            pay(&g);
            pay(&g);
            if owes_payment(g) {
                continue;
            }
            var ended = take_trick(&g);
            var replay = false;
            if !ended {
                // Brent: the snapshot is retaken whenever the distance to it reaches a power of
                // two. A match proves a loop, which the host replays for its first repeat; so
                // does a game past the guard, which no one-pack game is known to reach.
                period += 1u;
                replay = at_snapshot(g, snapshot) || g.cards >= GUARD;
                ended = replay;
                if period == power {
                    snapshot = snapshot_of(g);
                    power *= 2u;
                    period = 0u;
                }
                if !ended {
                    ended = open_round(&g);
                }
            }
            if ended {
                record(place, g, replay);
                place = NONE;
            }
        }
    }
    if !told_done {
        atomicAdd(&tally[CUT_SHORT], 1u);
    }
    // The workgroup's histograms into the batch's, and how its threads spent their steps.
    atomicAdd(&idle, resting);
    workgroupBarrier();
    for (var bin = lane; bin < WORKGROUP_CARDS; bin += WIDTH) {
        let n = atomicLoad(&cards_seen[bin]);
        if n > 0u {
            atomicAdd(&tally[CARDS + bin], n);
        }
    }
    for (var bin = lane; bin < WORKGROUP_TRICKS; bin += WIDTH) {
        let n = atomicLoad(&tricks_seen[bin]);
        if n > 0u {
            atomicAdd(&tally[TRICKS + bin], n);
        }
    }
    if lane == 0u {
        atomicAdd(&tally[STEPS_TAKEN], steps);
        atomicAdd(&tally[TAIL_STEPS], tail);
        atomicMax(&tally[LONGEST_TAIL], tail);
        let resting_all = atomicLoad(&idle);
        let before = atomicAdd(&tally[IDLE_LOW], resting_all);
        if before + resting_all < before {
            atomicAdd(&tally[IDLE_HIGH], 1u);
        }
    }
}

// The sums of the threshold's threads: its bins of the histogram of cards, then the finished
// games in them and above them.
var<workgroup> above: array<u32, WIDTH>;

// The fewest cards a finished game needs to be gathered: the most that leaves at least `need`
// finished games among the finds (all of them when there are fewer), and at most `most`. Each
// thread sums HISTOGRAM / WIDTH bins, the sums are added up from the top in log2(WIDTH) steps,
// and the thread whose bins hold the crossing walks them.
@compute @workgroup_size(WIDTH)
fn threshold(@builtin(local_invocation_index) lane: u32) {
    let bins = HISTOGRAM / WIDTH;
    let low = lane * bins;
    var own = 0u;
    for (var bin = low; bin < low + bins; bin++) {
        own += atomicLoad(&tally[CARDS + bin]);
    }
    above[lane] = own;
    workgroupBarrier();
    for (var distance = 1u; distance < WIDTH; distance *= 2u) {
        var more = 0u;
        if lane + distance < WIDTH {
            more = above[lane + distance];
        }
        workgroupBarrier();
        above[lane] += more;
        workgroupBarrier();
    }
    // The finished games at or above this thread's bins, and above them.
    let long = atomicLoad(&tally[LONG]);
    let from_here = long + above[lane];
    let over = from_here - own;
    let need = params.need;
    if over >= need {
        // Only the top thread can find enough above its bins: the long games alone.
        if lane == WIDTH - 1u {
            atomicStore(&tally[THRESHOLD], min(HISTOGRAM, params.most));
        }
    } else if from_here >= need {
        var have = over;
        var cards = low + bins;
        loop {
            cards -= 1u;
            have += atomicLoad(&tally[CARDS + cards]);
            if have >= need {
                break;
            }
        }
        atomicStore(&tally[THRESHOLD], min(cards, params.most));
    } else if lane == 0u {
        // Fewer finished games than needed: all of them.
        atomicStore(&tally[THRESHOLD], 0u);
    }
}

// The finds: every game to play again, and every finished game of at least the threshold's
// cards. (Appending here rather than as games end keeps the atomics whose results are used out of
// the play's loop, where Mesa's lavapipe 22.3 hands some threads wrong results.)
@compute @workgroup_size(WIDTH)
fn gather(
    @builtin(workgroup_id) group: vec3<u32>,
    @builtin(local_invocation_index) lane: u32,
) {
    let k = (group.y * params.gather_width + group.x) * WIDTH + lane;
    if k >= params.count {
        return;
    }
    let r = records[k];
    if r == NONE || (r & 0xffffu) >= atomicLoad(&tally[THRESHOLD]) {
        let at = atomicAdd(&tally[FOUND], 1u);
        if at < params.room {
            finds[at] = vec2<u32>(k, r);
        }
    }
}
