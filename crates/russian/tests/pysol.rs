//! PySolFC's deals, checked card for card against layouts that PySolFC's own dealing code
//! (the pysol_cards package) wrote: `testdata/russian/pysol.txt`, made by
//! `testdata/russian/pysol-generate.py`.

use cards::{Card, Rank, Suit};
use russian::fast::Game;
use russian::pysol::{self, GameNumber};
use russian::{Layout, Slot};

const DATA: &str = include_str!("../../../testdata/russian/pysol.txt");

/// A card as pysol_cards writes it: rank (`T` for ten) then suit, `<…>` when face down.
fn pysol_slot(token: &str) -> Slot {
    let (inner, face_up) = match token.strip_prefix('<').and_then(|t| t.strip_suffix('>')) {
        Some(inner) => (inner, false),
        None => (token, true),
    };
    let mut chars = inner.chars();
    let (rank, suit) = (chars.next(), chars.next());
    let rank = match rank {
        Some('T') => Some(Rank::Ten),
        Some(c) => Rank::ALL.into_iter().find(|r| r.char() == c),
        None => None,
    };
    let suit = suit.and_then(Suit::from_char);
    match (rank, suit, chars.next()) {
        (Some(rank), Some(suit), None) => Slot {
            card: Card::new(rank, suit),
            face_up,
        },
        _ => panic!("not a pysol_cards card: {token}"),
    }
}

/// Every game of the data file with its layout.
fn games() -> Vec<(String, Layout)> {
    let mut games = Vec::new();
    let mut lines = DATA.lines().filter(|l| !l.starts_with('#'));
    while let Some(header) = lines.next() {
        let number = header
            .strip_prefix("game ")
            .unwrap_or_else(|| panic!("a game header: {header}"));
        let mut layout = Layout::default();
        for column in &mut layout.columns {
            let line = lines.next().expect("seven columns");
            *column = line.split_whitespace().map(pysol_slot).collect();
        }
        games.push((number.to_owned(), layout));
    }
    games
}

#[test]
fn deals_match_pysolfc_card_for_card() {
    let games = games();
    assert_eq!(games.len(), 72);
    for (number, expected) in &games {
        let number: GameNumber = number.parse().expect("a game number");
        assert_eq!(&pysol::deal(number), expected, "game {number}");
        // Every PySolFC deal is a deal of this game's shape.
        assert!(
            Layout::parse(&expected.to_string()).is_ok(),
            "game {number}"
        );
        assert!(Game::new(expected).is_some());
    }
}

#[test]
fn both_generators_and_every_seed_range_are_covered() {
    let numbers: Vec<GameNumber> = games()
        .iter()
        .map(|(n, _)| n.parse().expect("a game number"))
        .collect();
    let has = |n: GameNumber| numbers.contains(&n);
    // The Microsoft generator below 32000, the Mersenne Twister from 32000 on (one word of
    // seed, two, three), and ms numbers with each of the Microsoft generator's three regimes.
    for n in [1, 31_999, 32_000, 1 << 32, 1 << 64, pysol::MAX_PLAIN] {
        assert!(has(GameNumber::Plain(n)), "{n}");
    }
    for n in [1, (1 << 31) + 5, (1 << 32) + 7, pysol::MAX_MICROSOFT] {
        assert!(has(GameNumber::Microsoft(n)), "ms{n}");
    }
}

#[test]
fn small_plain_numbers_are_the_microsoft_deals() {
    for n in [1u64, 617, 11_982, 31_999] {
        assert_eq!(
            pysol::deal(GameNumber::Plain(n.into())),
            pysol::deal(GameNumber::Microsoft(n))
        );
    }
    assert_ne!(
        pysol::deal(GameNumber::Plain(32_000)),
        pysol::deal(GameNumber::Microsoft(32_000))
    );
}
