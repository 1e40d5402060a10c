//! Throughput of the engines on random one-pack deals (seed 2026, deals 0 to 99,999): the fast
//! engine with exact loop detection, eight deals at once (AVX-512 where the processor has it) and
//! one at a time, with and without making the deals; and the simple engine.

use camicia::deal::{Dealer, pack_deal};
use camicia::{Game, fast};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const DEALS: u64 = 100_000;

fn engines(c: &mut Criterion) {
    let dealer = Dealer::new(2026);
    let packs: Vec<[u8; 52]> = dealer.packs(0..DEALS).collect();
    let mut group = c.benchmark_group("camicia, 100,000 random one-pack deals");
    group.throughput(Throughput::Elements(DEALS));
    group.sample_size(20);
    group.bench_function("deal and play, eight at once", |b| {
        b.iter(|| {
            let mut cards = 0;
            fast::play_packs(dealer.packs(black_box(0..DEALS)), |_, o| cards += o.cards);
            cards
        })
    });
    group.bench_function("play only, eight at once", |b| {
        b.iter(|| {
            let mut cards = 0;
            fast::play_packs(black_box(&packs).iter().copied(), |_, o| cards += o.cards);
            cards
        })
    });
    group.bench_function("play only, one at a time", |b| {
        b.iter(|| {
            packs
                .iter()
                .map(|pack| fast::play_pack(black_box(pack)).cards)
                .sum::<u64>()
        })
    });
    group.bench_function("deal only", |b| {
        b.iter(|| {
            dealer
                .packs(black_box(0..DEALS))
                .map(|pack| u64::from(pack[0]))
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
