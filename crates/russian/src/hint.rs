//! A hint for a game in progress: the move the fair player makes in a written position, with
//! what it compared, and, when every card is known, the exact maximum and the moves that keep
//! it.

use crate::Event;
use crate::fast::Game;
use crate::position::Move;
use crate::solver::{Allowance, Solver, Unsolved};
use crate::strategy::Planner;
use crate::table::Table;
use cancel::Cancel;

/// What a hint found.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The foundation moves the game makes at once in the position as written (and the turns
    /// they cause, when the cards turned are known), before any move is chosen.
    pub automatic: Vec<Event>,
    /// The score after them.
    pub score: u32,
    /// The legal moves, in [`crate::Position::moves`] order; none when the game is over.
    pub moves: Vec<Move>,
    /// Cards the player has not seen: face down, known to the file or not.
    pub unseen: usize,
    /// The planner's layouts of the unseen cards; none when no move is left.
    pub samples: u32,
    /// The planner stopped at its [budget](crate::strategy::DECISION_BUDGET) before it had
    /// solved the layouts asked for; `samples` says how many it did.
    pub stopped: bool,
    /// For each move, the mean over the planner's layouts of the maximum score after it.
    pub means: Vec<f64>,
    /// The index of the planner's move.
    pub fair: Option<usize>,
    /// When every card is known.
    pub exact: Option<Exact>,
}

impl Hint {
    /// How many moves share the fair move's mean, the fair move among them: more than one is a
    /// tie, which the planner breaks by greedy's value of the moves, then by their order. None
    /// when no move is left.
    pub fn ties(&self) -> usize {
        self.fair.map_or(0, |fair| {
            self.means
                .iter()
                .filter(|&&mean| mean == self.means[fair])
                .count()
        })
    }
}

/// The solver's answer for a position whose every card is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exact {
    /// The highest score any play reaches from the position.
    pub maximum: u32,
    /// The maximum after each move.
    pub values: Vec<u32>,
    /// The first move (in move order) after which the maximum can still be reached.
    pub keep: Option<usize>,
}

impl Exact {
    /// All 52 cards can still reach the foundations: the game can be won from here.
    pub fn won(&self) -> bool {
        self.maximum == 52
    }
}

/// Why a written position cannot be hinted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HintError {
    /// A foundation move the game makes at once uncovers a card written `[?]`.
    #[error(
        "line {line}, column 1: a card goes to its foundation at once and uncovers the \
         face-down card of column {}, written [?]: make that move, turn the card and write it \
         face up",
        column + 1
    )]
    Uncovers {
        /// The column's line in the text.
        line: usize,
        /// The column, 0 to 6.
        column: u8,
    },
    /// A table not made by [`Table::parse`] that does not hold every card once.
    #[error("the position does not hold the 52 cards once each")]
    NotAPosition,
    /// The searches of [`hint_within`] would pass the positions they were allowed, or were
    /// asked to stop.
    #[error(transparent)]
    Unsolved(#[from] Unsolved),
}

/// The hint for `table`: the planner of deal `seed` with `samples` layouts a decision (the
/// seed feeds its draws of the unseen cards), which sees only what a player sees, and the
/// exact solver when no card is written `[?]`.
///
/// ```
/// use russian::{Table, deal, hint::hint};
///
/// // Deal 3 with every card known: the planner's move, and the solver's exact maximum.
/// let table = Table::parse(&deal::deal(3).to_string()).expect("a position");
/// let hint = hint(&table, 0, 10).expect("a hint");
/// let exact = hint.exact.expect("every card is known");
/// assert_eq!(exact.values.len(), hint.moves.len());
/// if let Some(fair) = hint.fair {
///     assert!(exact.values[fair] <= exact.maximum);
///     assert_eq!(hint.means.len(), hint.moves.len());
/// }
/// ```
///
/// # Errors
///
/// [`HintError`] when the position as written cannot be played on without a card not known.
pub fn hint(table: &Table, seed: u64, samples: u32) -> Result<Hint, HintError> {
    let mut unbounded = Allowance::UNBOUNDED;
    hint_within(table, seed, samples, &mut unbounded, &Cancel::new())
}

/// [`hint`] examining at most `allowed` positions with the planner and the exact solver
/// together (as [`Solver::move_values_cancellable`] counts them; it is lessened by those they
/// examined), and stopping when `cancel` is raised: the same hint whenever neither stops it.
///
/// # Errors
///
/// As [`hint`]'s; [`HintError::Unsolved`] when a search would pass what is left of `allowed`,
/// or `cancel` is raised.
pub fn hint_within(
    table: &Table,
    seed: u64,
    samples: u32,
    allowed: &mut Allowance,
    cancel: &Cancel,
) -> Result<Hint, HintError> {
    let known = table.unknown() == 0;
    let Some(mut game) = Game::with_foundations(&table.filled(), table.foundation) else {
        return Err(HintError::NotAPosition);
    };
    let mut automatic = Vec::new();
    game.settle(&mut |event| automatic.push(event));
    if !known {
        // The card turned is one of those filled in, not the real one.
        if let Some(Event::Turn { column, .. }) =
            automatic.iter().find(|e| matches!(e, Event::Turn { .. }))
        {
            return Err(HintError::Uncovers {
                line: table.lines[*column as usize],
                column: *column,
            });
        }
    }
    let position = game.position().clone();
    let moves: Vec<Move> = position.moves().to_vec();
    let unseen = (0..7).map(|k| position.face_down(k)).sum();
    let mut hint = Hint {
        automatic,
        score: game.score(),
        moves: moves.clone(),
        unseen,
        samples: 0,
        stopped: false,
        means: Vec::new(),
        fair: None,
        exact: None,
    };
    if !moves.is_empty() {
        let decision =
            Planner::new(seed, samples).decide_within(&position, &moves, allowed, cancel)?;
        hint.samples = decision.samples;
        hint.stopped = decision.stopped;
        hint.means = decision
            .totals
            .iter()
            .map(|&total| total as f64 / f64::from(decision.samples))
            .collect();
        hint.fair = Some(decision.choice);
    }
    if known {
        let mut solver = Solver::new();
        let maximum = solver.solve_cancellable(&game, None, allowed, cancel)?.best;
        let values = solver.move_values_cancellable(&game, &moves, u64::MAX, allowed, cancel)?;
        let keep = values.iter().position(|&v| v == maximum);
        hint.exact = Some(Exact {
            maximum,
            values,
            keep,
        });
    }
    Ok(hint)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timing::{PROMPTLY, raised_after};
    use std::time::Duration;

    fn table(text: &str) -> Table {
        Table::parse(text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn ties_count_the_moves_sharing_the_fair_moves_mean() {
        let mut tied = hint(&table(&crate::deal::deal(113).to_string()), 0, 3).unwrap();
        let fair = tied.fair.unwrap();
        assert!(tied.moves.len() > 2, "deal 113 opens with several moves");
        tied.means = vec![1.0; tied.moves.len()];
        tied.means[fair] = 2.0;
        assert_eq!(tied.ties(), 1);
        tied.means[(fair + 1) % tied.moves.len()] = 2.0;
        assert_eq!(tied.ties(), 2);
        tied.fair = None;
        assert_eq!(tied.ties(), 0);
    }

    #[test]
    fn a_known_deal_gets_the_solvers_maximum_and_a_move_that_keeps_it() {
        for number in [0, 55, 113, 960] {
            let text = crate::deal::deal(number).to_string();
            let hint = hint(&table(&text), 0, 3).unwrap();
            let game = Game::deal(number);
            let maximum = Solver::new().solve(&game, None).best;
            let exact = hint.exact.clone().unwrap();
            assert_eq!(exact.maximum, maximum, "deal {number}");
            assert_eq!(hint.moves.len(), exact.values.len());
            assert!(exact.values.iter().all(|&v| v <= maximum));
            if let Some(keep) = exact.keep {
                let mut after = game.clone();
                after.settle(&mut |_| {});
                after.make(hint.moves[keep], &mut |_| {}).unwrap();
                assert_eq!(Solver::new().solve(&after, None).best, maximum);
            }
            assert_eq!(hint.means.len(), hint.moves.len());
            assert_eq!(
                hint.unseen,
                21 - hint
                    .automatic
                    .iter()
                    .filter(|e| matches!(e, Event::Turn { .. }))
                    .count()
            );
        }
    }

    #[test]
    fn unknown_cards_leave_the_fair_move_and_no_exact_answer() {
        let text = crate::deal::deal(113).to_string();
        let known = hint(&table(&text), 7, 5).unwrap();
        // The player sees the same whatever the face-down cards, so the fair move is the same.
        let mut hidden = String::new();
        for line in text.lines() {
            let words: Vec<&str> = line
                .split(' ')
                .map(|w| if w.starts_with('[') { "[?]" } else { w })
                .collect();
            hidden.push_str(&words.join(" "));
            hidden.push('\n');
        }
        let unknown = hint(&table(&hidden), 7, 5).unwrap();
        assert!(unknown.exact.is_none());
        assert_eq!(unknown.moves, known.moves);
        assert_eq!(unknown.means, known.means);
        assert_eq!(unknown.fair, known.fair);
        assert_eq!(unknown.samples, 5);
    }

    #[test]
    fn within_no_bound_and_no_raised_flag_the_hint_is_the_same() {
        let cancel = Cancel::new();
        for number in [0, 55, 113] {
            let known = table(&crate::deal::deal(number).to_string());
            let mut allowed = Allowance::UNBOUNDED;
            let within = hint_within(&known, 0, 30, &mut allowed, &cancel);
            assert_eq!(within, hint(&known, 0, 30), "deal {number}");
        }
    }

    #[test]
    fn a_hint_takes_exactly_the_positions_its_searches_searched_from_its_bound() {
        let known = table(&crate::deal::deal(113).to_string());
        let cancel = Cancel::new();
        let mut allowed = Allowance::UNBOUNDED;
        let whole = hint_within(&known, 0, 30, &mut allowed, &cancel);
        let searched = u64::MAX - allowed.positions;
        let mut exactly = Allowance::positions(searched);
        assert_eq!(hint_within(&known, 0, 30, &mut exactly, &cancel), whole);
        assert_eq!(exactly.positions, 0);
        let mut fewer = Allowance::positions(searched - 1);
        assert_eq!(
            hint_within(&known, 0, 30, &mut fewer, &cancel),
            Err(HintError::Unsolved(Unsolved::OverAllowance))
        );
    }

    #[test]
    fn a_flag_raised_on_another_thread_stops_a_hint_of_10000_layouts_within_100_ms() {
        let known = table(&crate::deal::deal(113).to_string());
        let (hinted, late) = raised_after(Duration::from_millis(300), |cancel| {
            let mut allowed = Allowance::UNBOUNDED;
            hint_within(
                &known,
                0,
                crate::strategy::MAX_SAMPLES,
                &mut allowed,
                cancel,
            )
        });
        assert_eq!(
            hinted,
            Err(HintError::Unsolved(Unsolved::Cancelled(cancel::Cancelled)))
        );
        assert!(late <= PROMPTLY, "returned {late:?} after the flag");
    }

    #[test]
    fn a_foundation_move_that_would_turn_an_unknown_card_is_refused() {
        // CA is up and C2 follows; then SA, last in column 2, goes up over a card not known.
        let rest: Vec<String> = cards::Card::ALL
            .iter()
            .map(|c| c.to_string())
            .filter(|c| !["CA", "C2", "SA", "C3"].contains(&c.as_str()))
            .collect();
        let text = format!(
            "C2\n[?] SA\n{}\n-\n-\n-\n-\nfoundations: CA\n",
            rest.join(" ")
        );
        let t = table(&text);
        assert_eq!(t.unknown(), 1);
        assert_eq!(
            hint(&t, 0, 2).unwrap_err(),
            HintError::Uncovers { line: 2, column: 1 }
        );
        // Known, the same position is played on: the card turned is C3.
        let known = table(&text.replace("[?]", "[C3]"));
        let played = hint(&known, 0, 2).unwrap();
        assert!(played.automatic.contains(&Event::Turn {
            card: "C3".parse().unwrap(),
            column: 1
        }));
        assert!(played.exact.is_some());
    }
}
