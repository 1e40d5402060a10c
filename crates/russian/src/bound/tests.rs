use super::*;
use crate::deal::bound_rng;
use crate::fast::Game;
use crate::solver::Solver;
use crate::strategy::{Greedy, Strategy};
use cards::Card;
use cards::shuffle::shuffle;
use std::collections::HashMap;

/// Small positions made from the packs of deals `0..count`: every suit's ace to 8 on its
/// foundation, and its 9 to king laid in pack order into the columns, two cards face down in
/// columns 2 and 3 and one in column 4, under face-up ones. Five cards face down: few enough
/// to try every arrangement.
fn small_positions(count: u64) -> Vec<Game> {
    (0..count)
        .filter_map(|n| {
            let rest: Vec<_> = crate::deal::shuffled_pack(n)
                .into_iter()
                .filter(|c| c.index() % 13 >= 8)
                .collect();
            let mut cards = rest.iter();
            let (down, up) = ([0, 2, 2, 1, 0, 0, 0], [2, 2, 2, 2, 3, 2, 2]);
            let columns = std::array::from_fn(|k| {
                (0..down[k] + up[k])
                    .map(|i| crate::Slot {
                        card: *cards.next().expect("20 cards"),
                        face_up: i >= down[k],
                    })
                    .collect()
            });
            let mut game =
                Game::with_foundations(&crate::Layout { columns }, [8; 4]).expect("a layout");
            game.settle(&mut |_| {});
            (!game.position.moves().is_empty()).then_some(game)
        })
        .collect()
}

/// Every ordering of `items`, each once.
fn permutations(items: &[u8]) -> Vec<Vec<u8>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut all = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            all.push(tail);
        }
    }
    all
}

/// Perfect fair play by brute force: the best move for the expectation over the cards it
/// turns, each any unseen card with equal chance, every later move chosen the same way;
/// `known` keeps the positions valued.
fn fair_value(position: &Position, known: &mut HashMap<Position, f64>) -> f64 {
    if let Some(&value) = known.get(position) {
        return value;
    }
    let moves = position.moves();
    let value = if moves.is_empty() {
        f64::from(position.score())
    } else {
        moves
            .iter()
            .map(|&mv| {
                let mut next = position.clone();
                next.shift(mv);
                chance(next, Some(mv.from as usize), known)
            })
            .fold(f64::NEG_INFINITY, f64::max)
    };
    known.insert(position.clone(), value);
    value
}

/// The rest of a move from the middle of it (column `turn` may await its turn), each card
/// turned any unseen card with equal chance: the mean fair value at its end.
fn chance(
    mut position: Position,
    mut turn: Option<usize>,
    known: &mut HashMap<Position, f64>,
) -> f64 {
    loop {
        if let Some(k) = turn.take().filter(|&k| position.awaits_turn(k)) {
            let cards = unseen(&position);
            let total: f64 = cards
                .iter()
                .map(|&c| {
                    let mut turned = position.clone();
                    turned.turn(k, Card::ALL[c as usize]);
                    chance(turned, None, known)
                })
                .sum();
            return total / cards.len() as f64;
        }
        match position.foundation_step() {
            Some((_, from)) => turn = Some(from as usize),
            None => return fair_value(&position, known),
        }
    }
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0u32), |(s, n), v| (s + v, n + 1));
    sum / f64::from(n)
}

/// The layouts of every arrangement of the unseen cards of `position`.
fn every_layout(position: &Position) -> Vec<Vec<u8>> {
    permutations(&unseen(position))
}

/// The positions of `deals` played by `greedy` with between 2 and 6 cards unseen and more
/// than one move: few enough arrangements to try them all.
fn late_positions(deals: impl Iterator<Item = u64>) -> Vec<Game> {
    let mut late = Vec::new();
    for n in deals {
        let mut game = Game::deal(n);
        game.settle(&mut |_| {});
        loop {
            let moves = game.position.moves();
            if moves.is_empty() {
                break;
            }
            if moves.len() > 1 && (2..=6).contains(&unseen(&game.position).len()) {
                late.push(game.clone());
            }
            let choice = Greedy.choose(&game.position, &moves);
            game.make_unchecked(moves[choice], &mut |_| {});
        }
    }
    late
}

#[test]
fn the_bound_lies_between_perfect_fair_play_and_the_clairvoyant_maximum() {
    let (mut bound, mut solver) = (Bound::new(), Solver::new());
    let (mut below_clairvoyant, mut second_turn_tighter, mut above_fair) = (0, 0, 0);
    let mut exact = 0;
    // Deals 1340, 1784, 2084 and 2696 reach positions where the plan is worth less than the
    // clairvoyant mean.
    let deals = (0..100).chain([1340, 1784, 2084, 2696]);
    for start in small_positions(60).into_iter().chain(late_positions(deals)) {
        let position = &start.position;
        // Over every arrangement the means are expectations: the bounds themselves.
        let layouts: Vec<Game> = every_layout(position)
            .iter()
            .map(|layout| Game::with_face_down(position, layout))
            .collect();
        let clairvoyant = mean(
            layouts
                .iter()
                .map(|game| f64::from(solver.solve(game, None).best)),
        );
        let fair = fair_value(position, &mut HashMap::new());
        let first = bound.over_layouts(&layouts, 1);
        assert!((first.clairvoyant - clairvoyant).abs() < 1e-9);
        let first = first.plan.expect("a small tree");
        let second = bound.over_layouts(&layouts, 2).plan.expect("small trees");
        assert!(fair <= second + 1e-9, "{fair} > {second}\n{position:?}");
        assert!(second <= first + 1e-9, "{second} > {first}\n{position:?}");
        assert!(
            first <= clairvoyant + 1e-9,
            "{first} > {clairvoyant}\n{position:?}"
        );
        // Fair until every card has been turned is perfect fair play (tried where that is
        // few turns: the plans multiply with each).
        let every_turn = unseen(position).len() as u32;
        if every_turn <= 3 {
            let all = bound
                .over_layouts(&layouts, every_turn)
                .plan
                .expect("small trees");
            assert!(
                (all - fair).abs() < 1e-9,
                "{all} against {fair}\n{position:?}"
            );
            exact += 1;
        }
        below_clairvoyant += usize::from(first < clairvoyant - 1e-9);
        second_turn_tighter += usize::from(second < first - 1e-9);
        above_fair += usize::from(fair < second - 1e-9);
    }
    // Not every position is won whatever the cards: the bounds are strictly apart somewhere.
    assert!(
        below_clairvoyant > 0 && second_turn_tighter > 0 && above_fair > 0 && exact >= 10,
        "{below_clairvoyant} below the clairvoyant, {second_turn_tighter} tighter at the \
         second turn, {above_fair} above fair play, {exact} exact"
    );
}

/// The best plan the plain way: every foreseeable sequence of moves followed one at a time,
/// each turning move solved afresh in each game.
fn plain_plan(position: &Position, games: &[Game], solver: &mut Solver) -> f64 {
    let mut best = f64::from(position.score());
    for &mv in position.moves().iter() {
        let mut next = position.clone();
        next.advance_unchecked(mv);
        let after: Vec<Game> = games
            .iter()
            .map(|game| {
                let mut game = game.clone();
                game.make_unchecked(mv, &mut |_| {});
                game
            })
            .collect();
        let value = if (0..7).any(|k| next.awaits_turn(k)) {
            mean(after.iter().map(|g| f64::from(solver.solve(g, None).best)))
        } else {
            plain_plan(&next, &after, solver)
        };
        best = best.max(value);
    }
    best
}

#[test]
fn the_plans_searched_as_a_tree_are_valued_as_plain_search_values_them() {
    let (mut bound, mut solver) = (Bound::new(), Solver::new());
    let mut differing = 0;
    // Deals 70 and 104 are two whose plans reach less than the clairvoyant mean.
    for n in (0..10).chain([70, 104]) {
        let mut game = Game::deal(n);
        game.settle(&mut |_| {});
        let position = &game.position;
        let mut rng = bound_rng(n);
        let layouts: Vec<Vec<u8>> = (0..4)
            .map(|_| {
                let mut layout = unseen(position);
                shuffle(&mut rng, &mut layout);
                layout
            })
            .collect();
        let games: Vec<Game> = layouts
            .iter()
            .map(|layout| Game::with_face_down(position, layout))
            .collect();
        let values = bound.over_layouts(&games, 1);
        let plain = plain_plan(position, &games, &mut solver);
        assert_eq!(values.plan, Some(plain), "deal {n}");
        let clairvoyant = mean(games.iter().map(|g| f64::from(solver.solve(g, None).best)));
        assert_eq!(values.clairvoyant, clairvoyant, "deal {n}");
        differing += usize::from(plain < clairvoyant);
    }
    assert!(
        differing > 0,
        "every deal's plan reached the clairvoyant mean"
    );
}

#[test]
fn a_deal_counts_at_most_its_layouts_clairvoyant_mean_and_adds_up_in_any_split() {
    let mut bound = Bound::new();
    let mut stats = Stats::default();
    let mut solver = Solver::new();
    for n in 0..30 {
        let deal = bound.of_deal(n, 5, 1);
        assert!(deal.value <= deal.layouts_clairvoyant, "deal {n}: {deal:?}");
        assert!(!deal.over_limit);
        let mut game = Game::deal(n);
        game.settle(&mut |_| {});
        assert_eq!(deal.clairvoyant, solver.solve(&game, None).best);
        assert_eq!(bound.of_deal(n, 5, 1), deal, "deal {n} again");
        stats.add(deal);
    }
    let mut split = Stats::of_deals(0..10, 5, 1);
    split.append(&Stats::of_deals(10..30, 5, 1));
    assert_eq!((split.deals(), split.over_limit()), (30, 0));
    assert_eq!(split.deals(), stats.deals());
    assert!((split.bound().mean - stats.bound().mean).abs() < 1e-9);
    let layouts = stats.layouts_clairvoyant();
    assert!((split.layouts_clairvoyant().mean - layouts.mean).abs() < 1e-9);
    assert_eq!(split.clairvoyant(), stats.clairvoyant());
    let bound = stats.bound();
    assert!(bound.ci95[0] <= bound.mean && bound.mean <= bound.ci95[1]);
    assert!(stats.gap().mean >= 0.0);
}

/// A summary as checkpoints wrote it before [`Stats`] kept its sums as moments: it reads, and
/// writes again, to the byte.
#[test]
fn stats_save_as_checkpoints_always_did() {
    let saved = r#"{"deals":64,"over_limit":0,"sum":355.22,"sum_of_squares":3179.6134,"layouts_sum":355.79999999999995,"layouts_sum_of_squares":3181.7030000000004,"gap_sum_of_squares":0.2932,"clairvoyant_sum":247,"clairvoyant_sum_of_squares":4567}"#;
    let stats: Stats = serde_json::from_str(saved).expect("an old summary");
    assert_eq!(serde_json::to_string(&stats).unwrap(), saved);
    assert_eq!(stats.deals(), 64);
    assert!((stats.gap().mean - (355.8 - 355.22) / 64.0).abs() < 1e-12);
    let fresh = Stats::of_deals(0..3, 5, 1);
    let again: Stats = serde_json::from_str(&serde_json::to_string(&fresh).unwrap()).unwrap();
    assert_eq!(again, fresh);
}

#[test]
fn a_deal_past_the_foresight_limit_counts_its_layouts_clairvoyant_mean() {
    let mut small = Bound {
        limit: 3,
        ..Bound::default()
    };
    let mut past = 0;
    for n in 0..30 {
        let deal = small.of_deal(n, 5, 1);
        if deal.over_limit {
            assert_eq!(deal.value, deal.layouts_clairvoyant, "deal {n}");
            let within = Bound::new().of_deal(n, 5, 1);
            assert_eq!(within.layouts_clairvoyant, deal.layouts_clairvoyant);
            assert!(!within.over_limit);
            past += 1;
        }
    }
    assert!(past > 0, "no deal foresees more than 3 positions");
}

#[test]
fn fair_until_the_second_turn_counts_at_most_fair_until_the_first_deal_by_deal() {
    let mut bound = Bound::new();
    let mut tighter = 0;
    // Deal 22 is tighter with 20 layouts.
    for n in 0..30 {
        let first = bound.of_deal(n, 20, 1);
        let second = bound.of_deal(n, 20, 2);
        assert_eq!(second.layouts_clairvoyant, first.layouts_clairvoyant);
        assert!(
            second.value <= first.value + 1e-9,
            "deal {n}: {second:?} above {first:?}"
        );
        tighter += usize::from(second.value < first.value - 1e-9);
    }
    assert!(tighter > 0, "the second turn tightened no deal");
}
