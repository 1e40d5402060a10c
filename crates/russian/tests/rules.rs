//! The rules of Russian Solitaire on golden deals, hand-built positions and many random games,
//! the fast engine checked against the reference one.

use cards::Card;
use cards::shuffle::below;
use proptest::prelude::*;
use russian::fast::Game;
use russian::reference;
use russian::strategy::{Greedy, Lookahead, Random};
use russian::{
    Event, Layout, Move, MoveKind, Place, Slot, Strategy, StrategyName, deal, play_deal,
};

/// Deals 0, 42 and 2^64 − 1 as `deal` prints them.
const DEAL_0: &str = include_str!("../../../testdata/russian/deal-0.txt");
const DEAL_42: &str = include_str!("../../../testdata/russian/deal-42.txt");
const DEAL_MAX: &str = include_str!("../../../testdata/russian/deal-max.txt");

/// A valid deal written by hand, for the messages about bad layouts.
const SAMPLE: &str = include_str!("../../../examples/russian.txt");

fn card(text: &str) -> Card {
    text.parse().expect("test cards are written correctly")
}

/// FNV-1a of the text of deals 0 to 999: pins every card of a thousand deals.
const FIRST_THOUSAND_FNV: u64 = 0x1326_7e2d_07fe_51d5;

#[test]
fn golden_deals_never_change() {
    assert_eq!(deal::deal(0).to_string(), DEAL_0);
    assert_eq!(deal::deal(42).to_string(), DEAL_42);
    assert_eq!(deal::deal(u64::MAX).to_string(), DEAL_MAX);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for n in 0..1000 {
        for byte in deal::deal(n).to_string().bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    assert_eq!(hash, FIRST_THOUSAND_FNV);
}

#[test]
fn the_uniform_draw_is_pinned_too() {
    // The first words of deal 0's strategy stream, drawn below 7, 52 and 2^31 + 1.
    let mut rng = deal::strategy_rng(0);
    let draws: Vec<u32> = [7, 52, (1 << 31) + 1, 1, 3]
        .into_iter()
        .map(|n| below(&mut rng, n))
        .collect();
    assert_eq!(draws, GOLDEN_DRAWS);
}

const GOLDEN_DRAWS: [u32; 5] = [4, 41, 1_047_140_392, 0, 2];

#[test]
fn every_deal_has_the_rule_books_shape() {
    for n in (0..2000).chain([u64::MAX - 1, u64::MAX]) {
        let layout = deal::deal(n);
        let mut seen = [false; 52];
        for (k, column) in layout.columns.iter().enumerate() {
            assert_eq!(column.len(), k + if k == 0 { 1 } else { 5 });
            for (depth, slot) in column.iter().enumerate() {
                assert_eq!(slot.face_up, depth >= k);
                assert!(!std::mem::replace(&mut seen[slot.card.index()], true));
            }
        }
        assert_eq!(Game::new(&layout), Some(Game::deal(n)));
    }
}

#[test]
fn the_text_round_trips_in_letters_and_symbols() {
    for n in 0..500 {
        let layout = deal::deal(n);
        assert_eq!(Layout::parse(&layout.to_string()), Ok(layout.clone()));
        let symbols = format!("{layout:#}");
        assert!(symbols.contains('♠') || symbols.contains('♥'));
        assert_eq!(Layout::parse(&symbols), Ok(layout.clone()));
        // Every card string the JSON uses reads back as the same slot.
        for column in &layout.columns {
            for slot in column {
                assert_eq!(Slot::parse_at(&slot.to_string(), 1), Ok(*slot));
            }
        }
    }
    let spaced = format!("\n  {}\n", DEAL_0.replace(' ', "   ").replace('X', "10"));
    assert_eq!(
        Layout::parse(&spaced).map(|l| l.to_string()),
        Ok(DEAL_0.into())
    );
}

#[test]
fn bad_layouts_are_named_by_line_and_column() {
    let cases: Vec<(String, &str)> = vec![
        (
            SAMPLE.replace("HQ CQ", "HQ ZZ"),
            "line 2, column 12: expected a card such as S3 or HX, found \"ZZ\"",
        ),
        (
            SAMPLE.replace("[H8]", "[H8"),
            "line 3, column 1: expected a card such as S3 or HX, found \"[H8\"",
        ),
        (
            SAMPLE.replace("[D9] C5", "D9 C5"),
            "line 2, column 1: expected a face-down card such as [D4] in column 2 (1 face down \
             in brackets, then 5 face up), found \"D9\"",
        ),
        (
            SAMPLE.replace("C8 D6", "[C8] D6"),
            "line 3, column 11: expected a face-up card such as HK in column 3 (2 face down in \
             brackets, then 5 face up), found \"[C8]\"",
        ),
        (
            SAMPLE.replace("S3\n", "S3 S3\n"),
            "line 1, column 4: expected no more cards in column 1 (0 face down in brackets, then \
             1 face up), found \"S3\"",
        ),
        (
            SAMPLE.replace(" DK\n", "\n"),
            "line 2, column 17: expected 1 more card in column 2 (1 face down in brackets, then \
             5 face up), found the end of the line",
        ),
        (
            SAMPLE.replace("DK", "S3"),
            "line 2, column 18: expected each card once, found \"S3\" again (first at line 1, \
             column 1)",
        ),
        (
            SAMPLE.lines().take(5).collect::<Vec<_>>().join("\n"),
            "line 6, column 1: expected 7 lines, one per column, found only 5 before the end of \
             the input",
        ),
        (
            format!("{SAMPLE}\n  SA\n"),
            "line 9, column 3: expected the end of the input after 7 columns, found \"SA\"",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(
            Layout::parse(&text).unwrap_err().to_string(),
            message,
            "{text}"
        );
    }
}

/// A game from written columns (any shape: face-down cards first), every card not written laid
/// face down under column `spare`. Face-down cards take no part in moves, so they do not change
/// the position's moves.
fn position(lines: [&str; 7], spare: usize) -> Game {
    let mut layout = Layout::default();
    let mut used = [false; 52];
    for (k, line) in lines.iter().enumerate() {
        for (column, token) in excerpt::tokens(line) {
            let slot = Slot::parse_at(token, column).expect("test layouts are written correctly");
            used[slot.card.index()] = true;
            layout.columns[k].push(slot);
        }
    }
    let under: Vec<Slot> = Card::ALL
        .into_iter()
        .filter(|c| !used[c.index()])
        .map(|card| Slot {
            card,
            face_up: false,
        })
        .collect();
    layout.columns[spare].splice(0..0, under);
    Game::new(&layout).expect("a valid test position")
}

fn moves_of(game: &Game) -> Vec<String> {
    game.position()
        .moves()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

/// The moves of the fast engine and of the reference one, as sets.
fn assert_engines_agree(game: &Game) {
    let mut fast: Vec<Move> = game.position().moves().to_vec();
    let mut reference = reference::Game::new(&game.layout()).moves();
    let key = |m: &Move| (m.from, m.to, m.card.index());
    fast.sort_by_key(key);
    reference.sort_by_key(key);
    assert_eq!(fast, reference);
}

#[test]
fn a_king_that_heads_its_column_stays() {
    // Column 3 is empty. HK heads column 1; SK lies on face-down cards; DK lies on a face-up card.
    let game = position(["HK HQ", "[C2] SK", "", "C9 DK", "SQ", "D9", "CK"], 1);
    assert_eq!(
        moves_of(&game),
        ["SQ from 5 to 2", "DK from 4 to 3", "SK from 2 to 3"]
    );
    assert_engines_agree(&game);
}

#[test]
fn a_group_moves_with_every_card_covering_it() {
    let mut game = position(["H8 C5 S2 D9", "H4", "H9", "", "", "", ""], 0);
    game.settle(&mut |_| {});
    assert_eq!(moves_of(&game), ["H8 from 1 to 3"]);
    assert!(
        game.position()
            .moves()
            .iter()
            .all(|m| m.kind == MoveKind::Column)
    );
    let mv = game.position().moves()[0];
    let mut events = Vec::new();
    game.make(mv, &mut |e| events.push(e)).unwrap();
    let columns = game.layout().columns;
    let up = |k: usize| -> Vec<String> {
        columns[k]
            .iter()
            .filter(|s| s.face_up)
            .map(|s| s.card.to_string())
            .collect()
    };
    assert_eq!(up(2), ["H9", "H8", "C5", "S2", "D9"]);
    // Column 1 lost its only face-up cards: its top face-down card was turned.
    assert_eq!(events.len(), 2);
    assert!(matches!(events[1], Event::Turn { column: 0, .. }));
    assert_eq!(up(0).len(), 1);
}

#[test]
fn the_uncovered_face_down_card_is_turned_as_part_of_the_move() {
    let mut game = position(["[D4] [S9] HK D2", "D3", "", "", "", "", ""], 1);
    game.settle(&mut |_| {});
    let mut events = Vec::new();
    let moves = game.position().moves();
    let king = moves.iter().find(|m| m.kind == MoveKind::King).copied();
    let king = king.expect("HK lies on face-down cards and may go to an empty column");
    game.make(king, &mut |e| events.push(e)).unwrap();
    assert_eq!(
        events.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
        ["HK from 1 to 3", "turn S9 in 1"]
    );
    assert_eq!(game.position().face_down(0), 1);
    assert_eq!(game.position().last(0), Some(card("S9")));
    assert_eq!(game.position().place(card("D4")), Place::Unseen);
}

#[test]
fn foundation_moves_happen_as_soon_as_possible() {
    // At the deal: CA, then SA, the S2 it uncovers, the turned S3, lowest column first.
    let mut game = position(["CA", "[S3] S2 SA", "D5", "H9", "", "", ""], 2);
    let mut events = Vec::new();
    game.settle(&mut |e| events.push(e.to_string()));
    assert_eq!(
        events,
        [
            "CA to foundation from 1",
            "SA to foundation from 2",
            "S2 to foundation from 2",
            "turn S3 in 2",
            "S3 to foundation from 2",
        ]
    );
    assert_eq!(game.score(), 4);
    assert!(game.position().is_empty(0));
    // After a move: the card it uncovers goes up at once.
    let mut game = position(["SA", "S2 D7", "D8", "", "", "", ""], 2);
    game.settle(&mut |_| {});
    assert_eq!(game.score(), 1);
    let mv = game.position().moves()[0];
    assert_eq!(mv.to_string(), "D7 from 2 to 3");
    let mut events = Vec::new();
    game.make(mv, &mut |e| events.push(e.to_string())).unwrap();
    assert_eq!(events, ["D7 from 2 to 3", "S2 to foundation from 2"]);
    assert_eq!(game.score(), 2);
}

#[test]
fn only_the_next_lower_card_of_its_suit_goes_onto_a_last_card() {
    // CA and then C2 go up and leave columns 1 and 2 empty; no king is face up. D4 cannot go
    // onto D5, which HJ covers; HJ can go onto HQ.
    let mut game = position(["C2", "CA", "SQ", "", "D5 HJ", "HQ", "D4"], 2);
    game.settle(&mut |_| {});
    assert_eq!(game.score(), 2);
    assert_eq!(moves_of(&game), ["HJ from 5 to 6"]);
    assert_engines_agree(&game);
}

/// Plays `game` in both engines with the same choices; checks they agree at every step, and that
/// the game ends as the rule book says.
fn play_both(mut game: Game, mut strategy: impl Strategy) -> u32 {
    let mut reference = reference::Game::new(&game.layout());
    let mut events = Vec::new();
    game.settle(&mut |e| events.push(e));
    assert_eq!(events, reference.settle());
    let mut chosen = 0;
    loop {
        assert_engines_agree(&game);
        assert_eq!(game.layout().columns, reference.columns);
        let moves = game.position().moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[strategy.choose(game.position(), &moves)];
        let mut events = Vec::new();
        game.make(mv, &mut |e| events.push(e)).unwrap();
        assert_eq!(events, reference.make(mv));
        chosen += 1;
        assert!(chosen <= 52, "a game made more than 52 moves");
    }
    assert!(reference.moves().is_empty());
    let on_foundations = 52 - game.layout().columns.iter().map(Vec::len).sum::<usize>();
    assert_eq!(game.score() as usize, on_foundations);
    assert_eq!(game.score(), reference.score());
    game.score()
}

#[test]
fn thousands_of_games_end_and_both_engines_agree() {
    for n in 0..1500 {
        let game = || Game::new(&deal::deal(n)).expect("a deal");
        let scores = [
            play_both(game(), Random::new(n)),
            play_both(game(), Greedy),
            play_both(game(), Lookahead::default()),
        ];
        for (strategy, score) in StrategyName::ALL.into_iter().zip(scores) {
            assert_eq!(play_deal(n, strategy), score);
        }
    }
}

#[test]
fn a_game_is_the_same_game_every_time() {
    for strategy in StrategyName::ALL {
        let log = || {
            let mut events = Vec::new();
            let mut game = Game::new(&deal::deal(7)).expect("a deal");
            let mut player = strategy.player(&game, 7, russian::strategy::DEFAULT_SAMPLES);
            russian::strategy::play(&mut game, &mut player, |e| events.push(e));
            events
        };
        assert_eq!(log(), log());
    }
}

#[test]
fn a_game_played_in_steps_is_the_game_played_at_once() {
    for n in 0..200 {
        let mut events = Vec::new();
        let mut game = Game::new(&deal::deal(n)).expect("a deal");
        let score = russian::strategy::play(&mut game, &mut Greedy, |e| events.push(e));

        let mut in_steps = Vec::new();
        let mut moves = 0;
        let mut steps = 0;
        let mut game = Game::new(&deal::deal(n)).expect("a deal");
        let played = russian::strategy::play_in_steps(&mut game, &mut Greedy, |game, step| {
            // Every step but the settling starts with the move chosen, and leaves the game
            // whose layout the step's events lead to.
            assert_eq!(steps > 0, matches!(step.first(), Some(Event::Move(_))));
            assert!(step.iter().skip(1).all(|e| !matches!(e, Event::Move(_))));
            moves += usize::from(steps > 0);
            steps += 1;
            in_steps.extend_from_slice(step);
            assert_eq!(
                game.score() as usize,
                in_steps
                    .iter()
                    .filter(|e| matches!(e, Event::Foundation { .. }))
                    .count()
            );
            Ok::<(), ()>(())
        });
        assert_eq!(played, Ok(score));
        assert_eq!(in_steps, events);
        assert_eq!(
            moves,
            events
                .iter()
                .filter(|e| matches!(e, Event::Move(_)))
                .count()
        );
    }
}

#[test]
fn an_error_from_a_step_ends_the_game_there() {
    let mut game = Game::new(&deal::deal(113)).expect("a deal");
    let mut steps = 0;
    let played = russian::strategy::play_in_steps(&mut game, &mut Greedy, |_, _| {
        steps += 1;
        if steps == 3 { Err("stop") } else { Ok(()) }
    });
    assert_eq!(played, Err("stop"));
    assert!(
        !game.position().moves().is_empty(),
        "deal 113 lasts more than two moves"
    );
}

#[test]
fn position_keys_follow_positions() {
    let game = Game::new(&deal::deal(3)).expect("a deal");
    let mut keys = std::collections::HashMap::new();
    let mut game = game;
    let mut random = Random::new(3);
    game.settle(&mut |_| {});
    loop {
        let position = game.position().clone();
        if let Some(other) = keys.insert(position.key(), position.clone()) {
            assert_eq!(other, position);
        }
        let moves = position.moves();
        if moves.is_empty() {
            break;
        }
        game.make(moves[random.choose(&position, &moves)], &mut |_| {})
            .unwrap();
    }
    assert!(keys.len() > 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random deals, random choices: the engines agree and every game ends.
    #[test]
    fn engines_agree_on_random_play(number: u64, choices: u64) {
        let game = Game::new(&deal::deal(number)).expect("a deal");
        play_both(game, Random::new(choices));
    }

    /// What a strategy imagines with `advance` is what the game does, up to the turn.
    #[test]
    fn advance_foresees_the_game(number: u64) {
        let mut game = Game::new(&deal::deal(number)).expect("a deal");
        game.settle(&mut |_| {});
        let mut random = Random::new(number);
        loop {
            let moves = game.position().moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[random.choose(game.position(), &moves)];
            let mut imagined = game.position().clone();
            imagined.advance(mv).unwrap();
            let mut events = Vec::new();
            game.make(mv, &mut |e| events.push(e)).unwrap();
            let turned = events.iter().any(|e| matches!(e, Event::Turn { .. }));
            if !turned {
                prop_assert_eq!(&imagined, game.position());
            } else {
                prop_assert!(imagined.score() <= game.score());
            }
        }
    }
}
