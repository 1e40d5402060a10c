//! The exact solver against a brute force in the reference engine, its lines replayed, its maximum
//! against every strategy, and the planner's fairness and determinism.

use cards::Card;
use cards::shuffle::{below, shuffle};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use russian::fast::Game;
use russian::reference;
use russian::solver::{Solver, upper_bound};
use russian::strategy::{self, DEFAULT_SAMPLES, PLANNER_MEAN, Planner, Random};
use russian::{Layout, Slot, Stats, Strategy, StrategyName, deal, play_deal};

/// A position with `heights[s]` cards of each suit on the foundations and the others spread by
/// `seed` over the first 3 to 7 columns (fewer empty columns, more deadlocks), each column with
/// some of its deepest cards face down.
fn small_position(heights: [u8; 4], seed: u64) -> (Game, reference::Game) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut rest: Vec<Card> = Card::ALL
        .into_iter()
        .filter(|c| c.rank.value() > heights[c.suit.index()])
        .collect();
    shuffle(&mut rng, &mut rest);
    let mut layout = Layout::default();
    let used = 3 + below(&mut rng, 5);
    for card in rest {
        let column = below(&mut rng, used) as usize;
        layout.columns[column].push(Slot {
            card,
            face_up: true,
        });
    }
    for column in &mut layout.columns {
        if !column.is_empty() {
            let down = below(&mut rng, column.len() as u32) as usize;
            column[..down]
                .iter_mut()
                .for_each(|slot| slot.face_up = false);
        }
    }
    let game = Game::with_foundations(&layout, heights).expect("a valid position");
    let mut reference = reference::Game::new(&layout);
    reference.foundation = heights;
    (game, reference)
}

/// Replays a solution's line in `game`: every move legal, ending at `best`.
fn replay(game: &Game, line: &[russian::Move]) -> u32 {
    let mut game = game.clone();
    game.settle(&mut |_| {});
    for &mv in line {
        assert!(game.position().moves().contains(&mv), "{mv} is not legal");
        game.make(mv, &mut |_| {}).unwrap();
    }
    game.score()
}

proptest! {
    #[test]
    fn the_solver_agrees_with_a_brute_force_on_small_positions(
        heights in prop::array::uniform4(6u8..=13),
        seed in any::<u64>(),
    ) {
        let (game, reference) = small_position(heights, seed);
        let solution = Solver::new().solve(&game, None);
        let brute = reference::max_score(&reference, 1_000_000).expect("a small position");
        prop_assert_eq!(solution.best, brute);
        prop_assert!(solution.complete);
        prop_assert_eq!(solution.bound, brute);
        prop_assert!(upper_bound(&game) >= brute);
        prop_assert_eq!(replay(&game, &solution.line), brute);
    }

    #[test]
    fn random_play_never_beats_the_maximum(number in any::<u64>()) {
        let best = Solver::new().solve(&Game::deal(number), None).best;
        prop_assert!(play_deal(number, StrategyName::Random) <= best);
    }
}

/// A position from written columns (face-down cards in brackets) and foundation heights.
fn written(columns: [&str; 7], heights: [u8; 4]) -> (Game, reference::Game) {
    let mut layout = Layout::default();
    for (column, text) in layout.columns.iter_mut().zip(columns) {
        *column = excerpt::tokens(text)
            .map(|(at, token)| Slot::parse_at(token, at).expect("test cards are written well"))
            .collect();
    }
    let game = Game::with_foundations(&layout, heights).expect("a valid position");
    let mut reference = reference::Game::new(&layout);
    reference.foundation = heights;
    (game, reference)
}

#[test]
fn hand_built_positions_have_the_maxima_worked_out_by_hand() {
    // Spades up to the six. S8 covers S7 and can only go onto S9, which lies face down under
    // S7: a deadlock, whatever is done with the other spades. 13 + 13 + 13 + 6.
    let (game, reference) = written(
        ["[S9] [S7] S8", "SX", "SJ", "SQ", "SK", "", ""],
        [13, 13, 13, 6],
    );
    let solution = Solver::new().solve(&game, None);
    assert_eq!(solution.best, 45);
    assert_eq!(upper_bound(&game), 45, "the bound sees this deadlock");
    assert_eq!(reference::max_score(&reference, 10_000), Some(45));
    // Now S9 lies under SX in another column, and SJ is free: SX goes onto SJ, S8 onto S9, S7
    // is turned, and every spade goes up. Two moves, in that order, are needed.
    let (game, reference) = written(
        ["[S7] S8", "S9 SX", "SJ", "SQ", "SK", "", ""],
        [13, 13, 13, 6],
    );
    let solution = Solver::new().solve(&game, None);
    assert_eq!(solution.best, 52);
    let line: Vec<String> = solution.line.iter().map(|m| m.to_string()).collect();
    assert_eq!(line, ["SX from 2 to 3", "S8 from 1 to 2"]);
    assert_eq!(reference::max_score(&reference, 10_000), Some(52));
}

#[test]
fn positions_that_are_not_positions_are_refused() {
    let one = |text: &str, face_up| Slot {
        card: text.parse().expect("a card"),
        face_up,
    };
    let mut layout = Layout::default();
    layout.columns[0] = vec![one("SK", true)];
    assert!(Game::with_foundations(&layout, [13, 13, 13, 12]).is_some());
    // A card on its foundation and in a column; a card missing; a face-down card last.
    assert!(Game::with_foundations(&layout, [13, 13, 13, 13]).is_none());
    assert!(Game::with_foundations(&layout, [13, 13, 12, 12]).is_none());
    layout.columns[0] = vec![one("SK", false)];
    assert!(Game::with_foundations(&layout, [13, 13, 13, 12]).is_none());
    assert!(Game::with_foundations(&Layout::default(), [13, 13, 13, 14]).is_none());
}

#[test]
fn whole_deals_agree_with_the_brute_force() {
    let mut solver = Solver::new();
    for n in 0..300 {
        let best = solver.solve(&Game::deal(n), None).best;
        let brute = reference::max_score(&reference::Game::new(&deal::deal(n)), 1_000_000);
        assert_eq!(Some(best), brute, "deal {n}");
    }
}

#[test]
fn lines_replay_to_their_score_and_no_strategy_beats_the_maximum() {
    let mut solver = Solver::new();
    let mut wins = 0;
    let mut planner = Stats::default();
    for n in 0..4000 {
        let game = Game::deal(n);
        let solution = solver.solve(&game, None);
        assert!(solution.complete);
        assert_eq!(solution.bound, solution.best);
        assert_eq!(replay(&game, &solution.line), solution.best, "deal {n}");
        assert!(upper_bound(&game) >= solution.best);
        for strategy in [
            StrategyName::Random,
            StrategyName::Greedy,
            StrategyName::Lookahead,
        ] {
            assert!(
                play_deal(n, strategy) <= solution.best,
                "deal {n} {strategy}"
            );
        }
        if n < 300 {
            let score = play_deal(n, StrategyName::Planner);
            assert!(score <= solution.best, "deal {n}");
            planner.add(score);
        }
        assert_eq!(play_deal(n, StrategyName::Clairvoyant), solution.best);
        wins += u32::from(solution.won());
    }
    // About 6.5% of deals can be won.
    assert!((200..320).contains(&wins), "{wins} wins");
    // The planner's mean, measured over 100,000 deals, lies within the interval of these 300.
    let (low, high) = planner.mean_interval();
    assert!(
        (low..=high).contains(&PLANNER_MEAN),
        "the planner's mean on deals 0 to 299: {low} to {high}"
    );
}

#[test]
fn a_spent_budget_says_so_and_keeps_its_bounds() {
    let mut solver = Solver::new();
    // Deal 2693 needs about 21,000 positions.
    let exact = solver.solve(&Game::deal(2693), None);
    assert!(exact.complete && exact.nodes > 10_000);
    for budget in [0, 1, 100, 5000] {
        let partial = solver.solve(&Game::deal(2693), Some(budget));
        assert!(!partial.complete);
        assert!(partial.nodes <= budget);
        assert!(partial.best <= exact.best && exact.best <= partial.bound);
        assert_eq!(replay(&Game::deal(2693), &partial.line), partial.best);
    }
    let enough = solver.solve(&Game::deal(2693), Some(exact.nodes));
    assert_eq!(enough, exact);
}

#[test]
fn move_values_are_the_maxima_after_each_move() {
    let mut solver = Solver::new();
    let mut other = Solver::new();
    for n in 0..200 {
        let mut game = Game::deal(n);
        let mut random = Random::new(n);
        game.settle(&mut |_| {});
        // A few random moves in, then every move's value.
        for _ in 0..(n % 4) {
            let moves = game.position().moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[random.choose(game.position(), &moves)];
            game.make(mv, &mut |_| {}).unwrap();
        }
        let moves = game.position().moves();
        let values = solver.move_values(&game, &moves);
        for (&mv, &value) in moves.iter().zip(&values) {
            let mut child = game.clone();
            child.make(mv, &mut |_| {}).unwrap();
            assert_eq!(value, other.solve(&child, None).best, "deal {n} {mv}");
        }
        if !moves.is_empty() {
            let best = values.iter().copied().max().unwrap_or(0);
            assert_eq!(best, other.solve(&game, None).best, "deal {n}");
        }
    }
}

/// `layout` with its face-down cards reversed in order across the columns: a different deal that
/// looks the same to a player.
fn hidden_reversed(layout: &Layout) -> Layout {
    let mut hidden: Vec<Card> = layout
        .columns
        .iter()
        .flatten()
        .filter(|s| !s.face_up)
        .map(|s| s.card)
        .collect();
    let mut changed = layout.clone();
    for slot in changed.columns.iter_mut().flatten() {
        if !slot.face_up {
            slot.card = hidden.pop().expect("as many as taken");
        }
    }
    changed
}

#[test]
fn the_planner_never_reads_a_face_down_card() {
    // Two deals with the same face-up cards and different face-down ones: as long as the two
    // games look the same, two planners with the same seed must choose the same moves.
    let mut decisions = 0;
    for n in 0..100 {
        let layout = deal::deal(n);
        let mut real = Game::new(&layout).expect("a deal");
        let mut twin = Game::new(&hidden_reversed(&layout)).expect("a deal");
        assert_ne!(real.layout(), twin.layout());
        let (mut seen_real, mut seen_twin) = (Planner::new(n, 4), Planner::new(n, 4));
        real.settle(&mut |_| {});
        twin.settle(&mut |_| {});
        while real.position() == twin.position() {
            let moves = real.position().moves();
            if moves.is_empty() {
                break;
            }
            let choice = seen_real.choose(real.position(), &moves);
            assert_eq!(
                choice,
                seen_twin.choose(twin.position(), &moves),
                "deal {n}"
            );
            decisions += usize::from(moves.len() > 1);
            real.make(moves[choice], &mut |_| {}).unwrap();
            twin.make(moves[choice], &mut |_| {}).unwrap();
        }
    }
    assert!(decisions > 50, "{decisions} decisions compared");
}

#[test]
fn the_planner_plays_the_same_game_for_the_same_seed() {
    for n in [3u64, 17, 55] {
        let play = |samples: u32| {
            let mut game = Game::deal(n);
            let mut events = Vec::new();
            strategy::play(&mut game, &mut Planner::new(n, samples), |e| events.push(e));
            events
        };
        assert_eq!(play(5), play(5));
        let mut game = Game::deal(n);
        let mut player = StrategyName::Planner.player(&game, n, DEFAULT_SAMPLES);
        let score = strategy::play(&mut game, &mut player, |_| {});
        assert_eq!(score, play_deal(n, StrategyName::Planner));
    }
}
