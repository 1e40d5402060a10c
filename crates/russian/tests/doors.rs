//! The crate's public constructors and moves fed any values: a game is made only of a layout
//! that holds the pack once, a move is made only when it is one of the position's moves, and a
//! refused move changes nothing.

use cards::{Card, Rank, Suit};
use proptest::prelude::*;
use russian::fast::Game;
use russian::{Layout, Move, MoveKind, Slot};

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

/// At most one move a card: a card moved onto the one above it in its suit never leaves it (no
/// other card is that one), and a king moved into an empty column is its first card, which no
/// move takes away.
const MOST_MOVES: usize = 52;

/// Plays, until none is left, the move each of `picks` chooses among the position's moves, as a
/// third party might: the game must end before the picks run out.
fn play_out(game: &mut Game, picks: &[prop::sample::Index]) -> Result<(), TestCaseError> {
    game.settle(&mut |_| {});
    for pick in picks {
        let moves = game.position().moves();
        if moves.is_empty() {
            return Ok(());
        }
        let mv = moves[pick.index(moves.len())];
        prop_assert!(game.make(mv, &mut |_| {}).is_ok(), "{mv:?} refused");
    }
    prop_assert!(
        game.position().moves().is_empty(),
        "a game of more than {MOST_MOVES} chosen moves"
    );
    Ok(())
}

/// A choice for every move a game can have.
fn picks() -> impl Strategy<Value = Vec<prop::sample::Index>> {
    prop::collection::vec(any::<prop::sample::Index>(), MOST_MOVES)
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
        picks in picks(),
    ) {
        let mut layout = Layout::default();
        for (column, slots) in layout.columns.iter_mut().zip(columns) {
            *column = slots.into_iter().map(|(card, face_up)| Slot { card, face_up }).collect();
        }
        if let Some(mut game) = Game::with_foundations(&layout, foundation) {
            prop_assert!(foundation.iter().all(|&n| n <= 13));
            play_out(&mut game, &picks)?;
        }
        prop_assert!(Game::new(&layout).is_none() || layout.columns.iter().map(Vec::len).sum::<usize>() == 52);
    }

    #[test]
    fn every_deal_plays_to_an_end_by_any_choice(deal in any::<u64>(), picks in picks()) {
        play_out(&mut Game::deal(deal), &picks)?;
    }
}
