//! Throughput of the engines on random one-pack deals (seed 2026, deals 0 to 99,999): every
//! engine this processor runs (`camicia::engine`), with and without making the deals, exact loop
//! detection included; and the reference engine. Then the record
//! hunt's costs on one core: deals made in index order, and searches (play and keep the finds)
//! against the bare engine on the same deals.

use camicia::deal::{Dealer, pack_deal};
use camicia::engine::Engine;
use camicia::reference::Game;
use camicia::search::{Climb, Keep, haul, haul_dealt};
use camicia::{Pack, index};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const DEALS: u64 = 100_000;

/// The packs made, and nothing else: the sum of their first codes keeps them from being
/// optimised away.
fn first_codes(packs: impl Iterator<Item = Pack>) -> u64 {
    packs.map(|pack| u64::from(pack[0])).sum()
}

fn engines(c: &mut Criterion) {
    let dealer = Dealer::new(2026);
    let packs: Vec<Pack> = dealer.packs(0..DEALS).collect();
    let mut group = c.benchmark_group("camicia, 100,000 random one-pack deals");
    group.throughput(Throughput::Elements(DEALS));
    group.sample_size(20);
    // Every engine this processor runs, side by side: dealing included, then play only.
    let mut engines = Engine::available();
    engines.retain(|e| e.name() != "portable");
    engines.push(Engine::portable());
    for engine in engines {
        group.bench_function(format!("deal and play, {engine}"), |b| {
            b.iter(|| {
                let mut cards = 0;
                dealer.play(engine, black_box(0..DEALS), |_, o| cards += o.cards);
                cards
            })
        });
        group.bench_function(format!("play only, {engine}"), |b| {
            b.iter(|| {
                let mut cards = 0;
                engine.play_packs(black_box(&packs).iter().copied(), |_, o| cards += o.cards);
                cards
            })
        });
    }
    group.bench_function("deal only", |b| {
        b.iter(|| first_codes(dealer.packs(black_box(0..DEALS))))
    });
    group.finish();

    let deals: Vec<_> = packs.iter().take(2_000).map(pack_deal).collect();
    let mut group = c.benchmark_group("camicia, 2,000 random one-pack deals");
    group.throughput(Throughput::Elements(deals.len() as u64));
    group.sample_size(10);
    group.bench_function("reference engine", |b| {
        b.iter(|| {
            deals
                .iter()
                .map(|deal| Game::play(black_box(deal)).cards)
                .sum::<u64>()
        })
    });
    group.finish();
}

fn search(c: &mut Criterion) {
    // 100,000 deals of index order from 50,000 before Nessler's record.
    let start = 447_247_122_283_566_119_055 - 50_000;
    let window = start..start + u128::from(DEALS);
    let ordered: Vec<Pack> = index::packs(window.clone()).collect();
    let dealer = Dealer::new(2026);
    let keep = Keep {
        top: 10,
        min_cards: Some(3000),
    };
    let mut group = c.benchmark_group("camicia search, 100,000 one-pack deals");
    group.throughput(Throughput::Elements(DEALS));
    group.sample_size(20);
    group.bench_function("deals in index order, next", |b| {
        b.iter(|| {
            index::packs(black_box(window.clone()))
                .map(|pack| u64::from(pack[51]))
                .sum::<u64>()
        })
    });
    group.bench_function("deals in index order, unranked one by one", |b| {
        b.iter(|| {
            black_box(window.clone())
                .map(|i| u64::from(index::pack(i).unwrap()[51]))
                .sum::<u64>()
        })
    });
    let engine = Engine::best();
    group.bench_function(format!("index order: play only, {engine}"), |b| {
        b.iter(|| {
            let mut cards = 0;
            engine.play_packs(black_box(&ordered).iter().copied(), |_, o| cards += o.cards);
            cards
        })
    });
    group.bench_function(
        format!("index order: search (make, play, keep), {engine}"),
        |b| b.iter(|| haul(engine, index::packs(black_box(window.clone())), start, keep).deals),
    );
    group.bench_function(
        format!("random: search (make, play, keep), {engine}"),
        |b| b.iter(|| haul_dealt(engine, &dealer, black_box(0..DEALS), keep).deals),
    );
    let climb = Climb::new(dealer.pack(0), 2026);
    group.bench_function("climb: neighbours only", |b| {
        b.iter(|| first_codes(climb.steps(black_box(0..DEALS))))
    });
    group.bench_function("climb: search (make, play, keep)", |b| {
        b.iter(|| haul(engine, climb.steps(black_box(0..DEALS)), 0, keep).deals)
    });
    group.finish();
}

criterion_group!(benches, engines, search);
criterion_main!(benches);
