//! Whole games, deal included, as `parlor russian simulate` plays them on one core: deals 0 to
//! 9,999 for `random` and `greedy`, 0 to 999 for `lookahead`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use russian::fast::Game;
use russian::{StrategyName, deal, play_deal, strategy};
use std::hint::black_box;

fn strategies(c: &mut Criterion) {
    let mut group = c.benchmark_group("russian deal and play");
    for (strategy, count) in [
        (StrategyName::Random, 10_000u64),
        (StrategyName::Greedy, 10_000),
        (StrategyName::Lookahead, 1_000),
    ] {
        group.throughput(Throughput::Elements(count));
        group.bench_function(strategy.name(), |b| {
            b.iter(|| {
                (0..count)
                    .map(|n| play_deal(black_box(n), strategy))
                    .sum::<u32>()
            })
        });
    }
    group.finish();
}

fn parts(c: &mut Criterion) {
    let mut group = c.benchmark_group("russian parts, 10,000 deals");
    group.throughput(Throughput::Elements(10_000));
    group.bench_function("deal", |b| {
        b.iter(|| {
            (0..10_000u64)
                .map(|n| deal::deal(black_box(n)).columns[6].len())
                .sum::<usize>()
        })
    });
    let games: Vec<Game> = (0..10_000u64)
        .filter_map(|n| Game::new(&deal::deal(n)))
        .collect();
    group.bench_function("greedy play from the dealt game", |b| {
        b.iter(|| {
            games
                .iter()
                .map(|game| {
                    let mut game = black_box(game.clone());
                    strategy::play(&mut game, &mut strategy::Greedy, |_| {})
                })
                .sum::<u32>()
        })
    });
    group.finish();
}

criterion_group!(benches, strategies, parts);
criterion_main!(benches);
