//! The solver, the fewest-moves search and the census, all from the standard start.

use criterion::{Criterion, criterion_group, criterion_main};
use hiq::solve::{Goal, solve};
use hiq::{Board, Hole, census, shortest};
use std::hint::black_box;

fn solver(c: &mut Criterion) {
    c.bench_function("hiq solve, standard start to the centre", |b| {
        b.iter(|| {
            solve(
                black_box(Board::standard_start()),
                Goal::Hole(Hole::CENTRE),
                u64::MAX,
                |_| {},
            )
        })
    });
    c.bench_function("hiq solve, standard start to hole 1 (lost by class)", |b| {
        b.iter(|| {
            solve(
                black_box(Board::standard_start()),
                Goal::Hole(Hole::new(1).unwrap()),
                u64::MAX,
                |_| {},
            )
        })
    });
}

fn long_searches(c: &mut Criterion) {
    let mut group = c.benchmark_group("hiq long searches");
    group.sample_size(10);
    group.bench_function("fewest moves from the standard start", |b| {
        b.iter(|| {
            shortest::fewest_moves(
                black_box(Board::standard_start()),
                Hole::CENTRE,
                u64::MAX,
                |_| {},
            )
        })
    });
    group.bench_function("census of the standard start", |b| {
        b.iter(|| census::census(black_box(Board::standard_start()), u64::MAX, |_| {}))
    });
    group.finish();
}

criterion_group!(benches, solver, long_searches);
criterion_main!(benches);
