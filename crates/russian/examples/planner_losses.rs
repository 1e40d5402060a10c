//! Where the planner's cards go: it plays each deal as usual, and at each decision with more
//! than one move the exact solver values every move in the real deal, which the planner never
//! sees. The planner's loss at a decision is the best move's maximum less its own move's: the
//! losses of a game add up to the deal's maximum less the planner's score. They are counted by
//! the cards still unseen when the decision was made, and by how far the planner's own
//! estimate put its move ahead of the move that was best in the real deal.
//!
//! `cargo run --release -p russian --example planner_losses -- [FIRST] [COUNT]` (deals 0 to
//! 9,999 by default; every core, the same output on any number of them).

mod common;

use russian::fast::Game;
use russian::solver::Solver;
use russian::strategy::{DEFAULT_SAMPLES, Planner, Strategy};
use russian::{Card, Place};

/// One decision where the planner's move lowered the maximum.
struct Loss {
    unseen: usize,
    cards: u32,
    /// The planner's mean for its move less its mean for the move best in the real deal (of
    /// several, the one it rated highest).
    estimated_lead: f64,
}

/// One deal followed.
struct Followed {
    maximum: u32,
    score: u32,
    /// Decisions between two moves or more.
    decisions: u32,
    losses: Vec<Loss>,
}

fn follow(number: u64) -> Followed {
    let mut game = Game::deal(number);
    game.settle(&mut |_| {});
    let mut solver = Solver::new();
    let maximum = solver.solve(&game, None).best;
    let mut planner = Planner::new(number, DEFAULT_SAMPLES);
    let mut losses = Vec::new();
    let mut decisions = 0;
    loop {
        let moves: Vec<_> = game.position().moves().iter().copied().collect();
        if moves.is_empty() {
            return Followed {
                maximum,
                score: game.score(),
                decisions,
                losses,
            };
        }
        let choice = if moves.len() == 1 {
            planner.choose(game.position(), &moves)
        } else {
            decisions += 1;
            let truth = solver.move_values(&game, &moves);
            let decision = planner.decide(game.position(), &moves);
            // Of the moves best in the real deal, the one the planner rated highest.
            let best = (0..moves.len())
                .max_by_key(|&i| (truth[i], decision.totals[i]))
                .unwrap_or(0);
            if truth[best] > truth[decision.choice] {
                let lead = decision.totals[decision.choice] as f64 - decision.totals[best] as f64;
                losses.push(Loss {
                    unseen: Card::ALL
                        .into_iter()
                        .filter(|&card| game.position().place(card) == Place::Unseen)
                        .count(),
                    cards: truth[best] - truth[decision.choice],
                    estimated_lead: lead / f64::from(decision.samples),
                });
            }
            decision.choice
        };
        game.make_unchecked(moves[choice], &mut |_| {});
    }
}

fn main() {
    let (first, count) = common::deal_range();
    let threads = std::thread::available_parallelism().map_or(1, usize::from) as u64;
    let games: Vec<Followed> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (first + t..first + count)
                        .step_by(threads as usize)
                        .map(follow)
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("a worker panicked"))
            .collect()
    });
    let deals = games.len() as f64;
    let per_deal = |cards: u32| f64::from(cards) / deals;
    let maximum: u32 = games.iter().map(|g| g.maximum).sum();
    let score: u32 = games.iter().map(|g| g.score).sum();
    println!(
        "deals {first} to {}: maximum {:.3}, planner {:.3}, lost {:.3} cards a deal",
        first + count - 1,
        per_deal(maximum),
        per_deal(score),
        per_deal(maximum - score)
    );
    let losses: Vec<&Loss> = games.iter().flat_map(|g| &g.losses).collect();
    let decisions: u32 = games.iter().map(|g| g.decisions).sum();
    println!(
        "{} of the planner's {decisions} decisions between two moves or more lost cards",
        losses.len()
    );
    println!("\nunseen cards | decisions losing | cards lost a deal");
    for (low, high) in [(21, 21), (17, 20), (13, 16), (9, 12), (0, 8)] {
        let here: Vec<&&Loss> = losses
            .iter()
            .filter(|l| (low..=high).contains(&l.unseen))
            .collect();
        let name = if low == high {
            format!("{low}")
        } else {
            format!("{low}-{high}")
        };
        let cards = here.iter().map(|l| l.cards).sum();
        println!("{name:>12} | {:>16} | {:.3}", here.len(), per_deal(cards));
    }
    println!(
        "\nthe planner's mean for its move, against the best's | decisions losing | cards lost a deal"
    );
    // Each band holds the leads from its own bound up to the next band's.
    let bands = [
        ("the same", 0.0),
        ("ahead by less than a card", f64::MIN_POSITIVE),
        ("ahead by a card or more", 1.0),
    ];
    for (i, &(name, low)) in bands.iter().enumerate() {
        let high = bands.get(i + 1).map_or(f64::INFINITY, |band| band.1);
        let here: Vec<&&Loss> = losses
            .iter()
            .filter(|l| (low..high).contains(&l.estimated_lead))
            .collect();
        let cards = here.iter().map(|l| l.cards).sum();
        println!("{name:<52} | {:>16} | {:.3}", here.len(), per_deal(cards));
    }
}
