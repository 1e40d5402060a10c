//! The crate's public constructors and moves fed any values: a game is made only of a layout
//! that holds the pack once, a move is made only when it is one of the position's moves, and a
//! refused move changes nothing.

use cards::{Card, Rank, Suit};
use proptest::prelude::*;
use russian::{Game, Layout, Move, MoveKind, Slot};

fn any_card() -> impl Strategy<Value = Card> {
    (0usize..13, 0usize..4).prop_map(|(r, s)| Card::new(Rank::ALL[r], Suit::ALL[s]))
}

fn any_move() -> impl Strategy<Value = Move> {
    (any::<bool>(), any_card(), any::<u8>(), any::<u8>()).prop_map(|(king, card, from, to)| Move {
        kind: if king {
            MoveKind::King
        } else {
            MoveKind::Column
        },
        card,
        from: from % 9,
        to: to % 9,
    })
}

/// Plays the first move the position offers until none is left, as a third party might.
fn play_out(game: &mut Game) -> usize {
    let mut moves = 0;
    game.settle(&mut |_| {});
    while let Some(&mv) = game.position().moves().first() {
        game.make(mv, &mut |_| {}).unwrap();
        moves += 1;
        assert!(moves <= 52, "a game of more than 52 chosen moves");
    }
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn a_move_is_made_only_when_it_is_one_of_the_position_s_moves(
        deal in 0u64..1_000_000,
        chosen in prop::collection::vec((any_move(), any::<prop::sample::Index>()), 1..40),
    ) {
        let mut game = Game::deal(deal);
        game.settle(&mut |_| {});
        for (mv, pick) in chosen {
            let moves = game.position().moves();
            // Half the time a move of the position, half the time any move at all.
            let mv = if pick.index(2) == 0 && !moves.is_empty() { moves[pick.index(moves.len())] } else { mv };
            let before = game.clone();
            let mut events = 0;
            match game.make(mv, &mut |_| events += 1) {
                Ok(()) => prop_assert!(moves.contains(&mv)),
                Err(_) => {
                    prop_assert!(!moves.contains(&mv));
                    prop_assert_eq!(&game, &before);
                    prop_assert_eq!(events, 0);
                }
            }
            let mut imagined = before.position().clone();
            prop_assert_eq!(imagined.advance(mv).is_ok(), moves.contains(&mv));
        }
    }

    #[test]
    fn a_game_is_made_only_of_a_whole_pack_and_plays_to_an_end(
        columns in prop::collection::vec(prop::collection::vec((any_card(), any::<bool>()), 0..10), 7),
        foundation in prop::array::uniform4(prop_oneof![0u8..=13, any::<u8>()]),
    ) {
        let mut layout = Layout::default();
        for (column, slots) in layout.columns.iter_mut().zip(columns) {
            *column = slots.into_iter().map(|(card, face_up)| Slot { card, face_up }).collect();
        }
        if let Some(mut game) = Game::with_foundations(&layout, foundation) {
            prop_assert!(foundation.iter().all(|&n| n <= 13));
            play_out(&mut game);
        }
        prop_assert!(Game::new(&layout).is_none() || layout.columns.iter().map(Vec::len).sum::<usize>() == 52);
    }

    #[test]
    fn every_deal_plays_to_an_end_by_any_choice(deal in any::<u64>()) {
        play_out(&mut Game::deal(deal));
    }
}
