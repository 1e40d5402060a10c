//! Throughput of the engines on random one-pack deals (seed 2026, deals 0 to 99,999): the fast
//! engine with exact loop detection, with and without making the deals, and the simple engine.

use camicia::deal::{Dealer, pack_deal};
use camicia::{Game, fast};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const DEALS: u64 = 100_000;

fn engines(c: &mut Criterion) {
    let dealer = Dealer::new(2026);
    let packs: Vec<[u8; 52]> = (0..DEALS).map(|i| dealer.pack(i)).collect();
    let mut group = c.benchmark_group("camicia, 100,000 random one-pack deals");
    group.throughput(Throughput::Elements(DEALS));
    group.sample_size(20);
    group.bench_function("fast engine", |b| {
        b.iter(|| {
            packs
                .iter()
                .map(|pack| fast::play_pack(black_box(pack)).cards)
                .sum::<u64>()
        })
    });
    group.bench_function("deal and fast engine", |b| {
        b.iter(|| {
            (0..DEALS)
                .map(|i| fast::play_pack(&dealer.pack(black_box(i))).cards)
                .sum::<u64>()
        })
    });
    group.bench_function("deal only", |b| {
        b.iter(|| {
            (0..DEALS)
                .map(|i| u64::from(dealer.pack(black_box(i))[0]))
                .sum::<u64>()
        })
    });
    group.finish();

    let deals: Vec<_> = packs.iter().take(2_000).map(pack_deal).collect();
    let mut group = c.benchmark_group("camicia, 2,000 random one-pack deals");
    group.throughput(Throughput::Elements(deals.len() as u64));
    group.sample_size(10);
    group.bench_function("simple engine", |b| {
        b.iter(|| {
            deals
                .iter()
                .map(|deal| Game::play(black_box(deal)).cards)
                .sum::<u64>()
        })
    });
    group.finish();
}

criterion_group!(benches, engines);
criterion_main!(benches);
