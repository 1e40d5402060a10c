//! The contest's automatic player over a fixed set of 10,000 random boards (each hole holds a peg
//! with probability 1/2; ChaCha8 seeded with 379), fast and reference paths side by side.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hiq::{Board, Hole, auto, contest};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

fn random_boards(count: usize) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(379);
    (0..count)
        .map(|_| {
            let bits = rng.next_u64();
            Board::from_holes(Hole::all().filter(|h| bits >> h.number() & 1 == 1))
        })
        .collect()
}

fn play_all(c: &mut Criterion) {
    let boards = random_boards(10_000);
    let mut group = c.benchmark_group("hiq auto player, 10,000 random boards");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("fast", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|&board| auto::finish(black_box(board)).hole_sum())
                .sum::<u32>()
        })
    });
    group.bench_function("reference", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|&board| {
                    let mut board = black_box(board);
                    while let Some(jump) = auto::choose_reference(board) {
                        board = board.apply(jump).unwrap_or(board);
                    }
                    board.hole_sum()
                })
                .sum::<u32>()
        })
    });
    group.finish();
}

fn contest_input(c: &mut Criterion) {
    let boards = random_boards(100_000);
    let mut text = format!("{}\n", boards.len());
    for board in &boards {
        for hole in board.pegs() {
            text.push_str(&format!("{hole} "));
        }
        text.push_str("0\n");
    }
    let mut group = c.benchmark_group("hiq contest input, 100,000 games");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.sample_size(20);
    group.bench_function("parse and play", |b| {
        b.iter(|| {
            let games = contest::parse(black_box(&text)).unwrap_or_default();
            games
                .into_iter()
                .map(|board| auto::finish(board).hole_sum())
                .sum::<u32>()
        })
    });
    group.finish();
}

criterion_group!(benches, play_all, contest_input);
criterion_main!(benches);
