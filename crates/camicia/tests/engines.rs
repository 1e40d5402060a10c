//! Both engines against the exercise's 28 cases, the seed's worked examples and the record deals,
//! then rule invariants and the fast engine against the reference one on random deals.

use camicia::deal::{Dealer, pack_deal};
use camicia::engine::Engine;
use camicia::notation::parse_deck;
use camicia::reference::{Event, Game};
use camicia::{Deal, Face, Outcome, Pack, Player, Status, fast, play};
use cards::Rank;
use proptest::prelude::*;

fn outcome(status: &str, cards: u64, tricks: u64) -> (String, u64, u64) {
    (status.to_string(), cards, tricks)
}

fn plain(o: Outcome) -> (String, u64, u64) {
    outcome(o.status.name(), o.cards, o.tricks)
}

fn deal(a: &str, b: &str) -> Deal {
    Deal::new(parse_deck(a).unwrap(), parse_deck(b).unwrap()).unwrap()
}

/// Both engines where the fast one fits, and `play`.
fn all_engines(deal: &Deal) -> Outcome {
    let reference = Game::play(deal);
    if fast::fits(deal.a(), deal.b()) {
        assert_eq!(fast::play(deal).unwrap(), reference);
    }
    assert_eq!(play(deal), reference);
    reference
}

#[test]
fn the_exercise_cases() {
    let text = include_str!("../../../examples/camicia-exercise.jsonl");
    let mut count = 0;
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let deck = |key: &str| -> Vec<Face> {
            case[key]
                .as_array()
                .unwrap()
                .iter()
                .enumerate()
                .map(|(i, card)| camicia::notation::parse_card(card.as_str().unwrap(), i).unwrap())
                .collect()
        };
        let deal = Deal::new(deck("playerA"), deck("playerB")).unwrap();
        let expected = &case["expected"];
        let got = all_engines(&deal);
        assert_eq!(
            plain(got),
            outcome(
                expected["status"].as_str().unwrap(),
                expected["cards"].as_u64().unwrap(),
                expected["tricks"].as_u64().unwrap()
            ),
            "{}",
            case["description"]
        );
        count += 1;
    }
    assert_eq!(count, 28);
}

#[test]
fn the_seed_examples() {
    let finished = deal("2 A 7 8 Q 10", "3 4 5 6 K 9 J");
    assert_eq!(
        all_engines(&finished).to_string(),
        "status: \"finished\", cards: 13, tricks: 1"
    );
    let looping = all_engines(&deal("J 2 3", "4 J 5"));
    assert_eq!(looping.to_string(), "status: \"loop\", cards: 8, tricks: 3");
    // The start of round 4 matches the start of round 2.
    assert_eq!(looping.repeated_rounds(), Some((2, 4)));
}

#[test]
fn the_record_deals_in_record_notation() {
    let nessler = deal("---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---");
    assert_eq!(
        plain(all_engines(&nessler)),
        outcome("finished", 8344, 1164)
    );
    let casella = deal("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA");
    assert_eq!(plain(all_engines(&casella)), outcome("loop", 474, 66));
}

#[test]
fn a_player_without_cards_ends_the_game_before_it_begins() {
    let a_only = Deal::new(parse_deck("2 A").unwrap(), vec![]).unwrap();
    let b_only = Deal::new(vec![], parse_deck("K").unwrap()).unwrap();
    for deal in [a_only, b_only] {
        assert_eq!(plain(play(&deal)), outcome("finished", 0, 0));
        assert_eq!(Game::new(&deal).step(), None);
    }
    assert!(Deal::new(vec![], vec![]).is_err());
}

#[test]
fn the_trace_of_the_finished_example_follows_the_seed() {
    let deal = deal("2 A 7 8 Q 10", "3 4 5 6 K 9 J");
    let mut game = Game::new(&deal);
    let mut rows = Vec::new();
    while let Some(event) = game.step() {
        let due = game.due().map(|(p, n)| format!("{p}:{n}"));
        rows.push((event, game.pile().len(), due));
    }
    assert_eq!(rows.len(), 14);
    let ace = (
        Event::Laid {
            player: Player::A,
            face: Face::Rank(Rank::Ace),
        },
        3,
        Some("B:4".to_string()),
    );
    assert_eq!(rows[2], ace);
    assert_eq!(
        rows[13],
        (
            Event::Trick {
                taker: Player::B,
                unpaid: false
            },
            0,
            None
        )
    );
}

/// Decks for the property tests: any length, any mix of ranks.
fn any_deck(max: usize) -> impl Strategy<Value = Vec<Face>> {
    prop::collection::vec(
        (1u8..=13).prop_map(|v| Face::Rank(Rank::from_value(v).unwrap())),
        0..max,
    )
}

fn any_deal(max: usize) -> impl Strategy<Value = Deal> {
    (any_deck(max), any_deck(max))
        .prop_filter_map("both decks empty", |(a, b)| Deal::new(a, b).ok())
}

/// Games that loop are rare in random deals; small decks rich in payment cards loop more often.
fn loopy_deal() -> impl Strategy<Value = Deal> {
    let face = prop_oneof![Just(0u8), Just(0), 1u8..=4].prop_map(Face::from_penalty);
    (
        prop::collection::vec(face.clone(), 1..8),
        prop::collection::vec(face, 1..8),
    )
        .prop_map(|(a, b)| Deal::new(a, b).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn cards_are_conserved_at_every_step(deal in any_deal(40)) {
        let total = deal.a().len() + deal.b().len();
        let mut game = Game::new(&deal);
        let mut steps = 0u64;
        while game.step().is_some() && steps < 20_000 {
            let held = game.hand(Player::A).len() + game.hand(Player::B).len() + game.pile().len();
            prop_assert_eq!(held, total);
            steps += 1;
        }
    }

    #[test]
    fn a_finished_game_leaves_every_card_with_one_player(deal in any_deal(40)) {
        let total = deal.a().len() + deal.b().len();
        let mut game = Game::new(&deal);
        while game.step().is_some() {}
        let outcome = game.outcome().unwrap();
        prop_assert_eq!(outcome, play(&deal));
        if outcome.status == Status::Finished && outcome.tricks > 0 {
            let (a, b) = (game.hand(Player::A).len(), game.hand(Player::B).len());
            prop_assert!(a == total && b == 0 || b == total && a == 0);
            prop_assert!(game.pile().is_empty());
        }
        if let Some((earlier, later)) = outcome.repeated_rounds() {
            prop_assert!(1 <= earlier && earlier < later && later == game.round());
        }
    }

    #[test]
    fn suits_and_the_values_of_number_cards_play_no_part(
        deal in any_deal(40),
        values in prop::collection::vec(2u8..=10, 80),
        suits in prop::collection::vec(0usize..4, 80),
    ) {
        let mut value = values.iter().cycle();
        let renumber = |deck: &[Face], value: &mut dyn Iterator<Item = &u8>| -> Vec<Face> {
            deck.iter()
                .map(|&f| match f.penalty() {
                    0 => Face::Rank(Rank::from_value(*value.next().unwrap()).unwrap()),
                    _ => f,
                })
                .collect()
        };
        let renumbered = Deal::new(renumber(deal.a(), &mut value), renumber(deal.b(), &mut value)).unwrap();
        prop_assert_eq!(Game::play(&renumbered), Game::play(&deal));
        // Written with suits and read back: the same deal.
        let with_suits = |deck: &[Face]| -> String {
            deck.iter().zip(suits.iter().cycle()).map(|(f, &s)| match f {
                Face::Rank(r) => format!("{}{}", cards::Suit::ALL[s], r),
                Face::Number => unreachable!("random decks have ranks"),
            }).collect::<Vec<_>>().join(" ")
        };
        if !deal.a().is_empty() && !deal.b().is_empty() {
            let read = Deal::new(
                parse_deck(&with_suits(deal.a())).unwrap(),
                parse_deck(&with_suits(deal.b())).unwrap(),
            ).unwrap();
            prop_assert_eq!(&read, &deal);
        }
    }

    #[test]
    fn the_fast_engine_agrees_with_the_reference_one(deal in any_deal(32)) {
        prop_assume!(fast::fits(deal.a(), deal.b()));
        prop_assert_eq!(fast::play(&deal).unwrap(), Game::play(&deal));
    }

    #[test]
    fn the_fast_engine_agrees_on_loops(deal in loopy_deal()) {
        prop_assert_eq!(fast::play(&deal).unwrap(), Game::play(&deal));
    }
}

#[test]
fn the_engines_agree_on_every_small_deal() {
    // Every deal of 2 to 7 cards (each card a number card or J Q K A), split every way with a
    // card on each side: about 460,000 deals, among them many loops.
    let mut loops = 0;
    for total in 2..=7u32 {
        for code in 0..5u32.pow(total) {
            let faces: Vec<Face> = (0..total)
                .map(|i| Face::from_penalty((code / 5u32.pow(i) % 5) as u8))
                .collect();
            for split in 1..total as usize {
                let deal = Deal::new(faces[..split].to_vec(), faces[split..].to_vec()).unwrap();
                let outcome = Game::play(&deal);
                assert_eq!(fast::play(&deal).unwrap(), outcome, "{deal:?}");
                loops += u32::from(matches!(outcome.status, Status::Loop { .. }));
            }
        }
    }
    // Loops are rare even here; the count is pinned so that a change in either engine shows.
    assert_eq!(loops, 3);
}

#[test]
fn the_engines_agree_on_deals_taken_from_inside_a_loop() {
    // Every round start of Casella's game, played as a new deal (the leader as A): each one
    // loops, with the same period, after a different number of rounds.
    let casella = deal("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA");
    let period = match Game::play(&casella).status {
        Status::Loop { period } => period,
        Status::Finished => panic!("Casella's deal loops"),
    };
    let mut game = Game::new(&casella);
    let mut starts = 0;
    loop {
        let leader = match game.step() {
            None => break,
            Some(Event::Trick { taker, .. }) => taker,
            Some(Event::Laid { .. }) => continue,
        };
        let hand = |p: Player| game.hand(p).iter().copied().collect::<Vec<Face>>();
        let deal = Deal::new(hand(leader), hand(leader.other())).unwrap();
        let outcome = Game::play(&deal);
        assert_eq!(outcome.status, Status::Loop { period });
        assert_eq!(fast::play(&deal).unwrap(), outcome);
        starts += 1;
    }
    assert_eq!(starts, 66);
}

#[test]
fn the_fast_engine_agrees_with_the_reference_one_on_random_packs() {
    let dealer = Dealer::new(20_260_101);
    let threads = 2;
    let per_thread: u64 = 100_000;
    std::thread::scope(|scope| {
        for t in 0..threads {
            let dealer = &dealer;
            scope.spawn(move || {
                for index in t * per_thread..(t + 1) * per_thread {
                    let pack = dealer.pack(index);
                    let deal = pack_deal(&pack);
                    assert_eq!(fast::play_pack(&pack), Game::play(&deal), "deal {index}");
                    assert_eq!(fast::play(&deal).unwrap(), fast::play_pack(&pack));
                }
            });
        }
    });
}

fn casella_pack() -> Pack {
    let deal = deal("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA");
    let codes: Vec<u8> = deal
        .a()
        .iter()
        .chain(deal.b())
        .map(|f| f.penalty())
        .collect();
    Pack::new(codes.try_into().unwrap()).unwrap()
}

/// What an engine must give for a deal: the scalar engine's outcome, or for the scalar engine
/// itself (under the lanes' source) the reference engine's, so that no engine is checked
/// against itself.
fn reference(engine: Engine) -> fn(&Pack) -> Outcome {
    if engine == Engine::scalar() {
        |pack| Game::play(&pack_deal(pack))
    } else {
        fast::play_pack
    }
}

/// `engine` on these deals, checked deal by deal against its reference.
fn check_batch(engine: Engine, packs: &[Pack]) {
    let mut got = vec![None; packs.len()];
    engine.play_packs(packs.iter().copied(), |index, outcome| {
        let slot = &mut got[usize::try_from(index).unwrap()];
        assert!(slot.is_none(), "deal {index} reported twice");
        *slot = Some(outcome);
    });
    let reference = reference(engine);
    for (index, pack) in packs.iter().enumerate() {
        assert_eq!(got[index], Some(reference(pack)), "{engine}, deal {index}");
    }
}

/// The engine of that name, which the processor must run.
fn engine(name: &str) -> Engine {
    name.parse()
        .unwrap_or_else(|e| panic!("built where {name} runs, but here: {e}"))
}

/// Every way an engine meets deals, against its reference: random deals made by the dealer
/// (eight at once in lanes for AVX-512, four for AVX2), deals given as packs (200,000; 20,000 for
/// the scalar engine, whose reference is slow), and batches with loops, games over in the first
/// round, 32 payment cards and fewer deals than lanes.
fn agrees_with_its_reference(engine: Engine) {
    let reference = reference(engine);
    let many = if engine == Engine::scalar() {
        20_000
    } else {
        200_000
    };
    let dealer = Dealer::new(79);
    for range in [0..0, 9..9, 5..7, 16..24, 3..many + 3] {
        let mut got = Vec::new();
        dealer.play(engine, range.clone(), |index, outcome| {
            got.push((index, outcome))
        });
        got.sort_by_key(|&(index, _)| index);
        let expected: Vec<_> = range
            .map(|index| (index, reference(&dealer.pack(index))))
            .collect();
        assert_eq!(got, expected, "{engine}");
    }
    check_batch(engine, &Dealer::new(77).packs(0..many).collect::<Vec<_>>());
    let mut packs: Vec<Pack> = Dealer::new(78).packs(0..100).collect();
    // A loop among the first deals, one in the middle and one among the last; a deal with no
    // payment card (over in the first round); a deal with 32 payment cards.
    for at in [0, 5, 13, 60, 97] {
        packs[at] = casella_pack();
    }
    packs[40] = Pack::new([0; 52]).unwrap();
    let mut payments = [0u8; 52];
    for (i, code) in payments.iter_mut().enumerate() {
        *code = if i % 13 < 8 { (i % 4) as u8 + 1 } else { 0 };
    }
    packs[41] = Pack::new(payments).unwrap();
    check_batch(engine, &packs);
    check_batch(engine, &packs[..3]);
    check_batch(engine, &[casella_pack(); 20]);
    check_batch(engine, &[]);
    assert!(matches!(
        fast::play_pack(&casella_pack()).status,
        Status::Loop { .. }
    ));
}

/// The test of a lane engine in AVX intrinsics, reported as ignored, with the reason, where the
/// build found that the processor lacks it (and failing if the processor running it does).
macro_rules! lane_engine_test {
    ($test:ident, $name:literal, $runs:ident, $lacks:literal) => {
        #[test]
        #[cfg_attr(not($runs), ignore = $lacks)]
        fn $test() {
            agrees_with_its_reference(engine($name));
        }
    };
}

lane_engine_test!(
    the_avx512_engine_agrees_with_the_scalar_engine,
    "avx512",
    runs_avx512,
    "this processor has no AVX-512 (F, VPOPCNTDQ, with POPCNT and BMI2)"
);
lane_engine_test!(
    the_avx2_engine_agrees_with_the_scalar_engine,
    "avx2",
    runs_avx2,
    "this processor has no AVX2 (with POPCNT, BMI1, BMI2)"
);

#[test]
fn the_portable_engine_agrees_with_the_scalar_engine() {
    agrees_with_its_reference(Engine::portable());
}

/// The scalar engine as the lanes' source hands it deals, against the reference engine.
#[test]
fn the_scalar_engine_agrees_with_the_reference_one_through_the_lanes_source() {
    agrees_with_its_reference(Engine::scalar());
}

#[test]
fn engines_are_named_and_refused_where_they_cannot_run() {
    let available = Engine::available();
    assert!(available.contains(&Engine::scalar()) && available.contains(&Engine::portable()));
    assert!(available.contains(&Engine::best()));
    for name in ["avx512", "avx2", "portable", "scalar"] {
        match name.parse::<Engine>() {
            Ok(engine) => assert_eq!(engine.name(), name),
            Err(error) => {
                let text = error.to_string();
                assert!(
                    text.starts_with(&format!("the engine {name} needs ")),
                    "{text}"
                );
                assert!(text.contains("this processor can run"), "{text}");
            }
        }
    }
    let error = "sse9".parse::<Engine>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "expected an engine: avx512, avx2, portable or scalar, found \"sse9\""
    );
}
