//! The solver, the fewest-moves search, the census and the table of prospects, all from the
//! standard start; and the solver's first verdict after each of the four opening jumps, which
//! are mirror images of one another.

use criterion::{Criterion, criterion_group, criterion_main};
use hiq::prospects::Table;
use hiq::solve::{Goal, solve};
use hiq::{Board, Hole, census, line, shortest};
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

fn openings(c: &mut Criterion) {
    let mut group = c.benchmark_group("hiq opening");
    for opening in ["5-17", "15-17", "19-17", "29-17"] {
        let opened = line::play(Board::standard_start(), opening).unwrap().end;
        group.bench_function(opening, |b| {
            b.iter(|| {
                solve(
                    black_box(opened),
                    Goal::Hole(Hole::CENTRE),
                    u64::MAX,
                    |_| {},
                )
            })
        });
    }
    group.finish();
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
    group.bench_function("prospects table of the standard start", |b| {
        b.iter(|| Table::build(black_box(Board::standard_start()), u64::MAX, |_| {}))
    });
    group.finish();
}

criterion_group!(benches, solver, openings, long_searches);
criterion_main!(benches);
