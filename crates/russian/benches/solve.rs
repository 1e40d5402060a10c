//! The exact solver over deals 0 to 9,999 (one core, its table kept between deals as
//! `simulate --strategy clairvoyant` keeps it per thread), and the planner's games.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use russian::fast::Game;
use russian::solver::Solver;
use russian::strategy::{self, DEFAULT_SAMPLES, Planner};
use russian::{StrategyName, play_deal};
use std::hint::black_box;

fn solver(c: &mut Criterion) {
    let games: Vec<Game> = (0..10_000u64).map(Game::deal).collect();
    let mut group = c.benchmark_group("russian solver, deals 0 to 9,999");
    group.sample_size(10);
    group.throughput(Throughput::Elements(games.len() as u64));
    let mut solver = Solver::new();
    group.bench_function("exact maximum", |b| {
        b.iter(|| {
            games
                .iter()
                .map(|game| solver.solve(black_box(game), None).best)
                .sum::<u32>()
        })
    });
    group.bench_function("clairvoyant game (deal, solve, play the line)", |b| {
        b.iter(|| {
            (0..10_000u64)
                .map(|n| play_deal(black_box(n), StrategyName::Clairvoyant))
                .sum::<u32>()
        })
    });
    group.finish();
}

fn planner(c: &mut Criterion) {
    let mut group = c.benchmark_group("russian planner, deals 0 to 99");
    group.sample_size(10);
    group.throughput(Throughput::Elements(100));
    for samples in [DEFAULT_SAMPLES, 10] {
        group.bench_function(format!("{samples} samples"), |b| {
            b.iter(|| {
                (0..100u64)
                    .map(|n| {
                        let mut game = Game::deal(black_box(n));
                        strategy::play(&mut game, &mut Planner::new(n, samples), |_| {})
                    })
                    .sum::<u32>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solver, planner);
criterion_main!(benches);
