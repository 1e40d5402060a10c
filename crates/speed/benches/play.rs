//! Whole games of random 26/26 deals (seed 2087, deals 0 to 9,999): the fast engine, the
//! reference engine with its log, and the stats path that also deals each game.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use speed::{Deal, Split, fast, reference};
use std::hint::black_box;

const GAMES: u64 = 10_000;

fn deals() -> Vec<Deal> {
    (0..GAMES)
        .map(|i| Deal::random(2087, i, Split::HALVES))
        .collect()
}

fn play(c: &mut Criterion) {
    let deals = deals();
    let mut group = c.benchmark_group("speed 26/26, 10,000 random deals");
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("fast", |b| {
        b.iter(|| {
            deals
                .iter()
                .map(|deal| fast::play(black_box(deal)).end_ms as u64)
                .sum::<u64>()
        })
    });
    group.bench_function("deal and fast", |b| {
        b.iter(|| {
            (0..GAMES)
                .map(|i| fast::play(&Deal::random(black_box(2087), i, Split::HALVES)).end_ms as u64)
                .sum::<u64>()
        })
    });
    group.sample_size(20);
    group.bench_function("reference with log", |b| {
        b.iter(|| {
            deals
                .iter()
                .map(|deal| reference::play(black_box(deal)).events.len() as u64)
                .sum::<u64>()
        })
    });
    group.finish();
}

criterion_group!(benches, play);
criterion_main!(benches);
