//! What Speed reads in a card: its strength (ace high) and whether two ranks are neighbours.

use cards::{Card, Rank};

/// The card's place in Speed's order of strength, 0 (C2, the weakest) to 51 (SA, the strongest):
/// by rank first with the ace above the king, then by suit, spades > hearts > diamonds > clubs.
pub const fn strength(card: Card) -> u8 {
    // cards::Rank counts the ace as 1; Speed ranks it above the king.
    let high = match card.rank {
        Rank::Ace => 14,
        rank => rank.value(),
    };
    (high - 2) * 4 + card.suit.index() as u8
}

/// Ranks one apart, counted round the circle A-2-…-K-A. Suits play no part.
pub const fn are_neighbours(a: Rank, b: Rank) -> bool {
    let gap = a.value().abs_diff(b.value());
    gap == 1 || gap == 12
}

/// The cards of a text such as `S3 S5 H10`, for the tests.
#[cfg(test)]
pub(crate) fn card_list(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|token| token.parse().unwrap())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strength_is_rank_first_ace_high_then_suit() {
        let s = |t: &str| strength(t.parse().unwrap());
        assert_eq!(s("C2"), 0);
        assert_eq!(s("SA"), 51);
        assert!(s("SK") > s("HK"));
        assert!(s("CA") > s("SK"));
        assert!(s("C3") > s("S2"));
        assert!(s("HX") > s("S9") && s("CJ") > s("SX"));
        let mut all: Vec<u8> = Card::ALL.into_iter().map(strength).collect();
        all.sort_unstable();
        assert_eq!(all, (0..52).collect::<Vec<u8>>());
    }

    #[test]
    fn neighbours_go_round_the_circle() {
        let n = |a: u8, b: u8| {
            are_neighbours(Rank::from_value(a).unwrap(), Rank::from_value(b).unwrap())
        };
        assert!(n(1, 2) && n(2, 1) && n(12, 13) && n(13, 1) && n(1, 13) && n(4, 3));
        assert!(!n(1, 1) && !n(2, 4) && !n(1, 12) && !n(2, 13));
        let count = Rank::ALL
            .iter()
            .flat_map(|&a| Rank::ALL.iter().map(move |&b| (a, b)))
            .filter(|&(a, b)| are_neighbours(a, b))
            .count();
        assert_eq!(count, 26);
    }
}
