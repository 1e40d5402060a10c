//! The GPU engine against the CPU engines, summary by summary and game by game, on the machine's
//! GPU (in CI, Mesa's lavapipe: the same shaders on the processor).
//!
//! Where the machine has no GPU adapter, the trials are reported as ignored with the reason,
//! except under CI (`CI` set), where a missing adapter is a failure: `.ci/run` installs Debian's
//! `mesa-vulkan-drivers`.

use camicia::bulk::Bulk;
use camicia::deal::Dealer;
use camicia::engine::Engine;
use camicia::index::{self, DEALS};
use camicia::reference::Game;
use camicia::search::{Climb, Haul, Keep};
use camicia::{Deal, Face, Pack, Status};
use camicia_gpu::Gpu;
use libtest_mimic::{Arguments, Failed, Trial};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::ops::Range;
use std::sync::OnceLock;

/// The machine's GPU engine, opened once for all trials.
fn gpu() -> Result<&'static Gpu, Failed> {
    static GPU: OnceLock<Result<Gpu, String>> = OnceLock::new();
    GPU.get_or_init(|| Gpu::open(Engine::scalar()).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| Failed::from(e.as_str()))
}

/// Keeps every game: each finished game is a long one, so two hauls agree game by game.
const EVERY_GAME: Keep = Keep {
    top: 5,
    min_cards: Some(0),
};

/// What a haul found, comparable.
fn finds(haul: &Haul) -> impl PartialEq + std::fmt::Debug + use<> {
    (
        haul.deals,
        haul.loops.clone(),
        haul.long.clone(),
        haul.top.games(),
        haul.best,
    )
}

/// The GPU gave what the CPU gives, and it was the GPU that gave it.
fn same<T: PartialEq + std::fmt::Debug>(on_gpu: T, on_cpu: T, what: &str) -> Result<(), Failed> {
    if let Some(why) = gpu()?.failure() {
        return Err(format!("{what}: the GPU failed: {why}").into());
    }
    if on_gpu != on_cpu {
        let shown = |t: &T| format!("{t:?}").chars().take(2000).collect::<String>();
        return Err(format!(
            "{what}: the GPU gave\n{}\nthe CPU\n{}",
            shown(&on_gpu),
            shown(&on_cpu)
        )
        .into());
    }
    Ok(())
}

/// Deals of two seeds, the second at the end of the numbers (the 32-bit halves of the deal's
/// number carry, and the last deal's block is the generator's last).
fn random_games_are_the_cpu_engines_game_by_game() -> Result<(), Failed> {
    let gpu = gpu()?;
    for (seed, deals) in [(21, 1_001..41_000), (22, u64::MAX - 3_000..u64::MAX)] {
        let dealer = Dealer::new(seed);
        same(
            finds(&gpu.haul_dealt(&dealer, deals.clone(), EVERY_GAME)),
            finds(&Engine::best().haul_dealt(&dealer, deals.clone(), EVERY_GAME)),
            &format!("seed {seed}, deals {deals:?}"),
        )?;
    }
    Ok(())
}

/// Stats of a million deals, more than a batch holds, so that batches merge: every field, the
/// longest game and the histogram.
fn random_stats_are_the_cpu_engines() -> Result<(), Failed> {
    let gpu = gpu()?;
    let dealer = Dealer::new(1);
    let deals = 100..1_000_100;
    let stats = gpu.stats(&dealer, deals.clone());
    same(
        stats.clone(),
        Engine::best().stats(&dealer, deals),
        "seed 1",
    )?;
    // Deal 45,149 of seed 1 lays 3,161 cards: the longest is gathered from the histograms' top.
    same(stats.longest().map(|g| g.index), Some(45_149), "longest")
}

/// Whether the 64-byte block of a random deal places fewer than 16 cards, so that the deal reads
/// on into the next blocks (3 deals in a million): the contract of `camicia::deal`, read plainly.
fn reads_past_its_block(dealer: &Dealer, index: u64) -> bool {
    let mut rng = ChaCha8Rng::from_seed(dealer.key());
    rng.set_word_pos(u128::from(index) * 16);
    let mut taken = 0u64;
    for _ in 0..16 {
        let word = rng.next_u32();
        for x in [word & 0xffff, word >> 16] {
            let product = x * 52;
            if product & 0xffff >= 16 {
                taken |= 1 << (product >> 16);
            }
        }
    }
    taken.count_ones() < 16
}

fn random_deals_that_read_past_their_block_are_the_cpu_engines() -> Result<(), Failed> {
    let gpu = gpu()?;
    let dealer = Dealer::new(12);
    let short: Vec<u64> = (0..2_000_000)
        .filter(|&i| reads_past_its_block(&dealer, i))
        .collect();
    if short.len() < 3 {
        return Err(format!("only {} deals read past their block", short.len()).into());
    }
    for index in short {
        let deals = index.saturating_sub(40)..index + 40;
        same(
            finds(&gpu.haul_dealt(&dealer, deals.clone(), EVERY_GAME)),
            finds(&Engine::best().haul_dealt(&dealer, deals, EVERY_GAME)),
            &format!("around deal {index}"),
        )?;
    }
    Ok(())
}

/// Ranges of indices: the first and last deals (and indices past the last, which are no deals),
/// the records' neighbourhoods (Casella's loop, Nessler's 8,344 cards, longer than the
/// histograms), and runs spread over the whole order, none aligned with the 64 deals a thread
/// steps through.
fn index_ranges() -> Vec<Range<u128>> {
    let casella = 472_460_898_658_889_399_111;
    let nessler = 447_247_122_283_566_119_055;
    let mut ranges = vec![
        0..3_001,
        DEALS - 3_003..DEALS + 17,
        DEALS + 5..DEALS + 9,
        casella - 2_001..casella + 1_999,
        nessler - 1_999..nessler + 2_001,
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..30 {
        let k = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) % (DEALS - 1_000);
        ranges.push(k..k + 157);
    }
    ranges
}

fn deals_in_index_order_are_the_cpu_engines_game_by_game() -> Result<(), Failed> {
    let gpu = gpu()?;
    for range in index_ranges() {
        same(
            finds(&gpu.haul_indices(range.clone(), EVERY_GAME)),
            finds(&Engine::best().haul_indices(range.clone(), EVERY_GAME)),
            &format!("indices {range:?}"),
        )?;
    }
    Ok(())
}

fn work_units_are_the_cpu_engines_byte_for_byte() -> Result<(), Failed> {
    let gpu = gpu()?;
    let casella = 472_460_898_658_889_399_111;
    let nessler = 447_247_122_283_566_119_055;
    // The second unit is longer than a batch.
    for indices in [
        casella - 500..casella + 500,
        nessler - 150_000..nessler + 150_000,
    ] {
        let report = gpu.report(indices.clone());
        same(
            report.text(),
            Engine::best().report(indices.clone()).text(),
            &format!("unit {indices:?}"),
        )?;
        report.check(indices).map_err(Failed::from)?;
    }
    Ok(())
}

/// Every way a search keeps its finds: a few longest, none, more than there are games, long
/// games only (shorter than the histograms' end, and longer).
fn searches_keep_what_the_cpu_engines_keep() -> Result<(), Failed> {
    let gpu = gpu()?;
    let dealer = Dealer::new(5);
    let keeps = [
        (10, None),
        (0, Some(1_200)),
        (1_000_000, None),
        (3, Some(5_000)),
        (1, Some(700)),
    ];
    for (top, min_cards) in keeps {
        let keep = Keep { top, min_cards };
        same(
            finds(&gpu.haul_dealt(&dealer, 0..20_000, keep)),
            finds(&Engine::best().haul_dealt(&dealer, 0..20_000, keep)),
            &format!("{keep:?}"),
        )?;
    }
    Ok(())
}

/// A climb's deals, among them one deal many times over (the top keeps it once, so the GPU
/// must look below its threshold), Casella's loop, and packs the GPU does not take (more than
/// 16 payment cards), which the CPU plays.
fn given_deals_are_the_cpu_engines() -> Result<(), Failed> {
    let gpu = gpu()?;
    let casella = index::pack(472_460_898_658_889_399_111).ok_or("Casella's index")?;
    let climb = Climb::new(casella, 3);
    let mut packs: Vec<Pack> = climb.steps(0..3_000).collect();
    let longest = packs
        .iter()
        .max_by_key(|p| camicia::fast::play_pack(p).cards)
        .copied()
        .ok_or("no deals")?;
    packs.extend([longest; 40]);
    packs.push(casella);
    let keep = Keep {
        top: 4,
        min_cards: None,
    };
    let cpu = |packs: &[Pack]| Engine::best().haul(&mut packs.iter().copied(), 9, keep);
    let on_gpu = gpu.haul(&mut packs.iter().copied(), 9, keep);
    same(finds(&on_gpu), finds(&cpu(&packs)), "a climb's deals")?;
    if !on_gpu
        .loops
        .iter()
        .any(|f| matches!(f.outcome.status, Status::Loop { period: 62 }))
    {
        return Err("Casella's loop is not among the finds".into());
    }
    let many = Pack::new(std::array::from_fn(|i| u8::from(i % 2 == 0) * 2))
        .map_err(|e| Failed::from(e.to_string()))?;
    packs.push(many);
    same(
        finds(&gpu.haul(&mut packs.iter().copied(), 9, keep)),
        finds(&cpu(&packs)),
        "with 26 payment cards",
    )
}

/// The exercise's 28 cases, decks of 1 to 182 cards, end on the GPU engine as the reference engine
/// ends them, field by field (the camicia crate's tests hold the reference engine to the cases'
/// expected endings). All but one are played on the GPU: the 361 cards of "the story is starting
/// to get a bit complicated" are more than its 63 places a deal, and go to the processor.
fn the_exercises_cases_are_the_reference_engines() -> Result<(), Failed> {
    let text = include_str!("../../../examples/camicia-exercise.jsonl");
    let deals = camicia::jsonl::parse(text).map_err(|e| Failed::from(e.to_string()))?;
    let on_gpu = deals.iter().filter(|deal| Gpu::takes(deal)).count();
    if (deals.len(), on_gpu) != (28, 27) {
        return Err(format!("{on_gpu} of {} cases on the GPU, not 27 of 28", deals.len()).into());
    }
    let played = gpu()?.play(&deals);
    for (k, (deal, outcome)) in deals.iter().zip(&played).enumerate() {
        let expected = Game::play(deal);
        same(
            (outcome.status, outcome.cards, outcome.tricks),
            (expected.status, expected.cards, expected.tricks),
            &format!("case {}", k + 1),
        )?;
    }
    same(played.len(), deals.len(), "the cases played")
}

/// Random deals of every size the GPU takes (1 to 62 cards a hand, 63 in all, up to 16 payment
/// cards of any ranks), and some it does not (64 cards, 17 payment cards), against the reference
/// engine: among them games that end in the first round, and loops.
fn deals_of_any_sizes_are_the_reference_engines() -> Result<(), Failed> {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut deals = Vec::new();
    for k in 0..30_000u32 {
        let (cards, payments) = match k % 1_000 {
            0 => (64, rng.next_u32() % 17),
            1 => (17 + rng.next_u32() % 47, 17),
            _ => {
                let cards = 2 + rng.next_u32() % 62;
                (cards, rng.next_u32() % (cards.min(16) + 1))
            }
        };
        let mut deck: Vec<Face> = (0..cards)
            .map(|place| {
                let penalty = if place < payments {
                    1 + rng.next_u32() % 4
                } else {
                    0
                };
                Face::from_penalty(penalty as u8)
            })
            .collect();
        for i in (1..deck.len()).rev() {
            deck.swap(i, rng.next_u32() as usize % (i + 1));
        }
        let b = deck.split_off(1 + rng.next_u32() as usize % (cards as usize - 1));
        deals.push(Deal::new(deck, b).map_err(|e| Failed::from(e.to_string()))?);
    }
    let taken = deals.iter().filter(|deal| Gpu::takes(deal)).count();
    if taken != 29_940 {
        return Err(format!("{taken} of 30,000 deals on the GPU, not 29,940").into());
    }
    let played = gpu()?.play(&deals);
    let loops = played
        .iter()
        .filter(|o| matches!(o.status, Status::Loop { .. }))
        .count();
    if loops < 50 {
        return Err(format!("only {loops} loops among the deals").into());
    }
    same(
        played,
        deals.iter().map(Game::play).collect(),
        "deals of any sizes",
    )
}

/// A span of a search's chunks played at once keeps each chunk's finds apart, as the CPU
/// engines find them chunk by chunk: random deals, and index order around Nessler's record,
/// where neighbouring deals are alike and some chunks hold none of the span's longest games, so
/// that they are played again alone.
fn hauls_of_chunks_are_the_cpu_engines_chunk_by_chunk() -> Result<(), Failed> {
    let gpu = gpu()?;
    let summaries = |hauls: Vec<Haul>| hauls.iter().map(finds).collect::<Vec<_>>();
    let keep = Keep {
        top: 4,
        min_cards: Some(1_500),
    };
    let dealer = Dealer::new(31);
    same(
        summaries(gpu.hauls_dealt(&dealer, 5..90_005, 3_000, keep)),
        summaries(Engine::best().hauls_dealt(&dealer, 5..90_005, 3_000, keep)),
        "random deals in chunks of 3,000",
    )?;
    let nessler = 447_247_122_283_566_119_055;
    let indices = nessler - 45_000..nessler + 45_000;
    let before = gpu.timing().chunks_again;
    same(
        summaries(gpu.hauls_indices(indices.clone(), 1_000, keep)),
        summaries(Engine::best().hauls_indices(indices, 1_000, keep)),
        "indices around Nessler's record in chunks of 1,000",
    )?;
    if gpu.timing().chunks_again == before {
        return Err("no chunk was played again: that path is untested".into());
    }
    Ok(())
}

/// The engine counts its submissions and what they played, and times them where the adapter
/// writes timestamps (lavapipe does).
fn the_gpu_is_timed() -> Result<(), Failed> {
    let gpu = gpu()?;
    let before = gpu.timing();
    gpu.stats(&Dealer::new(4), 0..150_000);
    let after = gpu.timing();
    let software = gpu.adapter().is_software();
    if after.deals < before.deals + 150_000
        || after.submissions <= before.submissions
        || after.most_in_flight == 0
        || after.lanes.steps <= before.lanes.steps
        || after.lanes.busy_share().is_none_or(|share| share <= 0.0)
        || (software && after.device.is_none())
        // The run's time holds all of the device's (a submission is counted before it goes),
        // give or take the two clocks' disagreement.
        || after.busy_share().is_some_and(|share| share > 1.01)
    {
        return Err(format!("{before:?} then {after:?}").into());
    }
    Ok(())
}

/// Threads share the GPU: each gets its own batch's results.
fn threads_share_the_gpu() -> Result<(), Failed> {
    let gpu = gpu()?;
    let dealer = Dealer::new(9);
    let parts: Vec<Range<u64>> = (0..6).map(|k| k * 7_000..k * 7_000 + 6_500).collect();
    let on_gpu = std::thread::scope(|scope| {
        let handles: Vec<_> = parts
            .iter()
            .map(|part| scope.spawn(|| gpu.stats(&dealer, part.clone())))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().map_err(|_| "a thread panicked"))
            .collect::<Result<Vec<_>, _>>()
    })?;
    let on_cpu: Vec<_> = parts
        .iter()
        .map(|part| Engine::best().stats(&dealer, part.clone()))
        .collect();
    same(on_gpu, on_cpu, "six threads")
}

/// A trial: `Err` with what went wrong.
type Test = fn() -> Result<(), Failed>;

fn main() {
    let arguments = Arguments::from_args();
    // Mesa's device-selection layer would print on standard error where XDG_RUNTIME_DIR is
    // unset (parlor's main keeps it out the same way).
    if std::env::var_os("NODEVICE_SELECT").is_none() {
        // SAFETY: first thing in `main`, before any thread is started.
        unsafe { std::env::set_var("NODEVICE_SELECT", "1") };
    }
    let trials: [(&str, Test); 12] = [
        (
            "random_games_are_the_cpu_engines_game_by_game",
            random_games_are_the_cpu_engines_game_by_game,
        ),
        (
            "random_stats_are_the_cpu_engines",
            random_stats_are_the_cpu_engines,
        ),
        (
            "random_deals_that_read_past_their_block_are_the_cpu_engines",
            random_deals_that_read_past_their_block_are_the_cpu_engines,
        ),
        (
            "deals_in_index_order_are_the_cpu_engines_game_by_game",
            deals_in_index_order_are_the_cpu_engines_game_by_game,
        ),
        (
            "work_units_are_the_cpu_engines_byte_for_byte",
            work_units_are_the_cpu_engines_byte_for_byte,
        ),
        (
            "searches_keep_what_the_cpu_engines_keep",
            searches_keep_what_the_cpu_engines_keep,
        ),
        (
            "given_deals_are_the_cpu_engines",
            given_deals_are_the_cpu_engines,
        ),
        (
            "the_exercises_cases_are_the_reference_engines",
            the_exercises_cases_are_the_reference_engines,
        ),
        (
            "deals_of_any_sizes_are_the_reference_engines",
            deals_of_any_sizes_are_the_reference_engines,
        ),
        (
            "hauls_of_chunks_are_the_cpu_engines_chunk_by_chunk",
            hauls_of_chunks_are_the_cpu_engines_chunk_by_chunk,
        ),
        ("the_gpu_is_timed", the_gpu_is_timed),
        ("threads_share_the_gpu", threads_share_the_gpu),
    ];
    let in_ci = std::env::var_os("CI").is_some();
    let missing = match gpu() {
        Ok(gpu) => {
            eprintln!("GPU tests on {}", gpu.adapter());
            false
        }
        Err(why) => {
            if !in_ci {
                eprintln!(
                    "GPU tests ignored: {} (Debian: apt-get install mesa-vulkan-drivers); under \
                     CI they fail instead",
                    why.message().unwrap_or("no GPU")
                );
            }
            true
        }
    };
    let trials = trials
        .into_iter()
        .map(|(name, test)| Trial::test(name, test).with_ignored_flag(missing && !in_ci))
        .collect();
    libtest_mimic::run(&arguments, trials).exit();
}
