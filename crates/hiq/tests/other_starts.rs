//! The verdicts of games from the single-vacancy starts other than the standard one, as the
//! server gives them to the page: random games from each start, and for each position the
//! verdict of its line (`judge`, as `/api/hiq/verdict`), then the verdicts one jump ahead
//! (`ahead`, as `/api/hiq/ahead`, which the page asks while the player thinks), sharing a memo
//! of solutions as the server does. Each verdict must be the one judged without the memo.
//!
//! One game from each start as a test (some 15 s), by the solver alone. With `PARLOR_MEASURE` set
//! it plays 50 games from each start with the server's table of prospects of the standard start
//! too (made first, some 7 s), which answers every position of a game it holds (many from the
//! start without hole 2, whose de Bruijn class is the standard start's), and prints, for each
//! start, how long the verdicts took: without the memo (each line judged afresh), with it, and
//! with it once the positions ahead were judged (the page's case when the player thinks longer
//! than that took), and how long judging the positions ahead took: the figures of
//! BENCHMARKS.md.

use cancel::Cancel;
use hiq::line::Line;
use hiq::prospects::Table;
use hiq::solve::Goal;
use hiq::verdict::{Budget, Judged, Memo, ahead, judge};
use hiq::{Board, Hole};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// The server's budget for a verdict (`serve::limits`): 64 MiB a search, 4,000,000 positions for
/// the losing jump, 16,384 for the line of a lost position.
const BUDGET: Budget = Budget {
    memory: 64 << 20,
    positions: 4_000_000,
    line: 1 << 14,
};

/// The hole left empty of each start other than the standard one, up to symmetry.
const STARTS: [u8; 6] = [1, 2, 4, 5, 9, 10];

/// Milliseconds of each kind, printed as median, 99th percentile and longest.
#[derive(Default)]
struct Took(Vec<f64>);

impl Took {
    fn time<T>(&mut self, work: impl FnOnce() -> T) -> T {
        let begun = Instant::now();
        let done = work();
        self.0.push(begun.elapsed().as_secs_f64() * 1e3);
        done
    }

    fn said(&mut self) -> String {
        if self.0.is_empty() {
            return "none".into();
        }
        self.0.sort_by(f64::total_cmp);
        let at = |q: f64| self.0[((self.0.len() - 1) as f64 * q).round() as usize];
        format!(
            "median {:.2} ms, p99 {:.1} ms, max {:.1} ms",
            at(0.5),
            at(0.99),
            at(1.0)
        )
    }
}

#[test]
fn verdicts_of_the_other_starts_are_the_same_with_the_memo() {
    let measured = std::env::var_os("PARLOR_MEASURE").is_some();
    let games = if measured { 50 } else { 1 };
    let table = measured.then(|| {
        Table::build(Board::standard_start(), hiq::memory::DEFAULT_MEMORY, |_| {})
            .expect("the standard start's table within the default memory")
    });
    let table = table.as_ref();
    let cancel = Cancel::new();
    let mut rng = ChaCha8Rng::seed_from_u64(51);
    for empty in STARTS {
        let start = Board::from_holes(Hole::all().filter(|h| h.number() != empty));
        let memo = Memo::new(1 << 16);
        let (mut afresh, mut memoised, mut looked) =
            (Took::default(), Took::default(), Took::default());
        let (mut positions, mut prepared, mut from_table) = (0, 0, 0);
        for _ in 0..games {
            let mut played = Line {
                jumps: Vec::new(),
                end: start,
            };
            let mut ready: Vec<(Line, Judged)> = Vec::new();
            loop {
                let judged = |memo| judge(table, start, &played, Goal::Any, BUDGET, memo, &cancel);
                let alone = afresh.time(|| judged(None));
                from_table += usize::from(alone.as_ref().is_ok_and(|judged| judged.by_table));
                // As the page finds it: judged ahead of the jump, or asked for once it is made.
                let shown = match ready.iter().find(|(line, _)| line.jumps == played.jumps) {
                    Some((_, judged)) => {
                        prepared += 1;
                        Ok(judged.clone())
                    }
                    None => memoised.time(|| judged(Some(&memo))),
                };
                assert_eq!(shown, alone, "{empty}: {:?}", played.jumps);
                positions += 1;
                ready = looked
                    .time(|| {
                        ahead(
                            table,
                            (start, &played),
                            Goal::Any,
                            BUDGET,
                            Some(&memo),
                            &cancel,
                        )
                    })
                    .expect("never cancelled")
                    .into_iter()
                    .map(|next| (next.played, next.judged))
                    .collect();
                let legal: Vec<_> = played.end.legal_jumps().collect();
                if legal.is_empty() {
                    break;
                }
                let jump = legal[rng.random_range(0..legal.len())];
                played.jumps.push(jump);
                played.end = played.end.apply(jump).expect("a legal jump");
            }
        }
        eprintln!(
            "start without hole {empty}, {games} games, {positions} positions ({from_table} held by \
             the table): each line judged afresh {}; judged ahead, {prepared} at once; the others with the memo ({}) {}; the \
             positions one jump ahead judged in {}",
            afresh.said(),
            memoised.0.len(),
            memoised.said(),
            looked.said(),
        );
    }
}
