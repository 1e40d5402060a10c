//! Times the exact solver deal by deal: mean, median, 99th percentile and the slowest deal.
//!
//! `cargo run --release -p russian --example solve_times -- [FIRST] [COUNT]` (deals 0 to 9,999 by
//! default), on one core.

use russian::Game;
use russian::solver::Solver;
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: FIRST COUNT"))
        .collect();
    let first = args.first().copied().unwrap_or(0);
    let count = args.get(1).copied().unwrap_or(10_000);
    let mut solver = Solver::new();
    let mut times = Vec::with_capacity(count as usize);
    let (mut nodes, mut score, mut wins) = (0u64, 0u64, 0u64);
    let mut slowest = (0.0, first, 0u64);
    let start = Instant::now();
    for number in first..first + count {
        let game = Game::deal(number);
        let t = Instant::now();
        let solution = solver.solve(&game, None);
        let seconds = t.elapsed().as_secs_f64();
        times.push(seconds);
        nodes += solution.nodes;
        score += u64::from(solution.best);
        wins += u64::from(solution.won());
        if seconds > slowest.0 {
            slowest = (seconds, number, solution.nodes);
        }
    }
    let total = start.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize] * 1e3;
    println!(
        "deals {first} to {}: {count} solved in {total:.3} s",
        first + count - 1
    );
    println!(
        "mean {:.4} ms, median {:.4} ms, 99th percentile {:.4} ms",
        total / count as f64 * 1e3,
        at(0.5),
        at(0.99)
    );
    println!(
        "slowest: deal {} in {:.3} ms ({} nodes)",
        slowest.1,
        slowest.0 * 1e3,
        slowest.2
    );
    println!(
        "mean nodes {:.1}, mean maximum {:.4}, wins {wins}",
        nodes as f64 / count as f64,
        score as f64 / count as f64
    );
}
