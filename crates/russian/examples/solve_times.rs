//! Times the exact solver deal by deal, on one core: mean, median, 99th percentile and slowest
//! time, and the same for the positions searched (which, unlike times, are the same on every
//! run and machine).
//!
//! `cargo run --release -p russian --example solve_times -- [FIRST] [COUNT]` (deals 0 to 9,999 by
//! default).

mod common;

use russian::fast::Game;
use russian::solver::Solver;
use std::time::Instant;

fn main() {
    let (first, count) = common::deal_range();
    let mut solver = Solver::new();
    // (milliseconds, nodes, deal) for every deal.
    let mut runs = Vec::with_capacity(count as usize);
    let (mut score, mut wins) = (0u64, 0u64);
    let start = Instant::now();
    for number in first..first + count {
        let game = Game::deal(number);
        let clock = Instant::now();
        let solution = solver.solve(&game, None);
        runs.push((clock.elapsed().as_secs_f64() * 1e3, solution.nodes, number));
        score += u64::from(solution.best);
        wins += u64::from(solution.won());
    }
    let total = start.elapsed().as_secs_f64();
    let at = |sorted: &[f64], q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
    let mut times: Vec<f64> = runs.iter().map(|r| r.0).collect();
    times.sort_by(f64::total_cmp);
    let mut nodes: Vec<f64> = runs.iter().map(|r| r.1 as f64).collect();
    nodes.sort_by(f64::total_cmp);
    let slowest = runs
        .iter()
        .copied()
        .fold((0.0, 0, 0), |a, r| if r.0 > a.0 { r } else { a });
    let largest = runs
        .iter()
        .copied()
        .fold((0.0, 0, 0), |a, r| if r.1 > a.1 { r } else { a });
    println!(
        "deals {first} to {}: {count} solved in {total:.3} s",
        first + count - 1
    );
    println!(
        "time per deal: mean {:.4} ms, median {:.4} ms, 99th percentile {:.4} ms, slowest {:.3} ms (deal {})",
        total / count as f64 * 1e3,
        at(&times, 0.5),
        at(&times, 0.99),
        slowest.0,
        slowest.2
    );
    println!(
        "positions per deal: mean {:.1}, median {}, 99th percentile {}, most {} (deal {}, {:.3} ms)",
        nodes.iter().sum::<f64>() / count as f64,
        at(&nodes, 0.5),
        at(&nodes, 0.99),
        largest.1,
        largest.2,
        largest.0
    );
    println!(
        "mean maximum {:.4}, {wins} deals can be won",
        score as f64 / count as f64
    );
}
