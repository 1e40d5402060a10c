//! The deals of PySolFC, the open-source solitaire program, by its game numbers: the layout its
//! Russian Solitaire shows for game N, card for card, so that a deal played there can be
//! solved or replayed here. Facts from PySolFC's source (pysollib's `pysolrandom` and `game`, and
//! the Yukon game class that Russian Solitaire inherits its deal from); no code of it is used.
//!
//! - **Game numbers.** A plain number N from 1 to 10^20 is shuffled by the Microsoft FreeCell
//!   generator when N < 32000 and by the Mersenne Twister otherwise; `msN` (N from 1 to
//!   2^33 − 1) always uses the Microsoft generator. (Game 0 is refused by PySolFC itself.)
//! - **The pack** is clubs, spades, hearts, diamonds, ace to king within each suit. For the
//!   Microsoft generator it is first rearranged rank by rank — all aces, then all twos, … — each
//!   rank in the order clubs, diamonds, hearts, spades.
//! - **The shuffle**: for n from 51 down to 1, swap card n with card j, j = randint(0, n).
//! - **Microsoft generator** (seed s): the state x starts at s (at s − 2^32 when s ≥ 2^32); each
//!   draw sets x = x × 214013 + 2531011 and takes r = bits 16 to 30 of x, with bit 15 of r set
//!   when 2^31 ≤ s < 2^32; when s ≥ 2^32, r = bits 16 to 31 of x, plus 1. randint(0, n) is
//!   r mod (n + 1).
//! - **Mersenne Twister** (MT19937 as Python's `random` seeds it with an integer: the state is
//!   `init_by_array` of N's 32-bit words, least significant first, at least one word). A draw
//!   is Python's `random()`, (a × 2^26 + b) / 2^53 with a and b the next two outputs shifted right
//!   by 5 and by 6; randint(0, n) is ⌊random() × (n + 1)⌋.
//! - **The deal** takes cards from the end of the shuffled pack (the top of PySolFC's talon):
//!   first, for i = 1 to 6, one card face down to each of columns i + 1 to 7; then four times one
//!   card face up to each of columns 2 to 7; then one card face up to each of columns 1 to 7.

use crate::layout::{Layout, Slot};
use cards::{Card, Rank, Suit};
use excerpt::Excerpt;
use std::fmt;
use std::str::FromStr;

/// A PySolFC game number: `N` or `msN`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameNumber {
    /// A number as PySolFC's game-number box takes it, 1 to 10^20.
    Plain(u128),
    /// `msN`: Microsoft FreeCell's generator whatever the number, 1 to 2^33 − 1.
    Microsoft(u64),
}

/// The largest plain game number PySolFC knows (its generators' `MAX_SEED`).
pub const MAX_PLAIN: u128 = 100_000_000_000_000_000_000;
/// The largest `msN` number: the Microsoft generator's seeds have 33 bits.
pub const MAX_MICROSOFT: u64 = (1 << 33) - 1;

/// Why a text is not a PySolFC game number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "expected a PySolFC game number, 1 to 100000000000000000000 or ms1 to ms8589934591, \
     found {0}"
)]
pub struct GameNumberError(pub Excerpt);

impl FromStr for GameNumber {
    type Err = GameNumberError;
    fn from_str(text: &str) -> Result<GameNumber, GameNumberError> {
        let error = || GameNumberError(text.into());
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        match text.strip_prefix("ms") {
            Some(rest) if digits(rest) => match rest.parse::<u64>() {
                Ok(n) if (1..=MAX_MICROSOFT).contains(&n) => Ok(GameNumber::Microsoft(n)),
                _ => Err(error()),
            },
            None if digits(text) => match text.parse::<u128>() {
                Ok(n) if (1..=MAX_PLAIN).contains(&n) => Ok(GameNumber::Plain(n)),
                _ => Err(error()),
            },
            _ => Err(error()),
        }
    }
}

impl fmt::Display for GameNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameNumber::Plain(n) => write!(f, "{n}"),
            GameNumber::Microsoft(n) => write!(f, "ms{n}"),
        }
    }
}

/// PySolFC's pack order: clubs, spades, hearts, diamonds; ace to king.
fn pack() -> [Card; 52] {
    const SUITS: [Suit; 4] = [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds];
    std::array::from_fn(|i| Card::new(Rank::ALL[i % 13], SUITS[i / 13]))
}

/// The pack of game `number` shuffled as PySolFC shuffles it.
pub fn shuffled_pack(number: GameNumber) -> [Card; 52] {
    let mut cards = pack();
    match number {
        GameNumber::Plain(n) if n < 32_000 => microsoft_shuffle(&mut cards, n as u64),
        GameNumber::Plain(n) => {
            let mut mt = Mt19937::seeded(n);
            for i in (1..52).rev() {
                let j = (mt.random() * (i + 1) as f64) as usize;
                cards.swap(i, j);
            }
        }
        GameNumber::Microsoft(n) => microsoft_shuffle(&mut cards, n),
    }
    cards
}

fn microsoft_shuffle(cards: &mut [Card; 52], seed: u64) {
    // Rank by rank; within a rank clubs, diamonds, hearts, spades — PySolFC's suit indices
    // 0, 3, 2, 1.
    let original = *cards;
    for (i, card) in cards.iter_mut().enumerate() {
        *card = original[i / 4 + [0, 39, 26, 13][i % 4]];
    }
    let mut x = if seed >= 1 << 32 {
        seed - (1 << 32)
    } else {
        seed
    };
    for i in (1..52u64).rev() {
        x = x.wrapping_mul(214_013).wrapping_add(2_531_011);
        let r = if seed >= 1 << 32 {
            ((x >> 16) & 0xffff) + 1
        } else if seed >= 1 << 31 {
            ((x >> 16) & 0x7fff) | 0x8000
        } else {
            (x >> 16) & 0x7fff
        };
        cards.swap(i as usize, (r % (i + 1)) as usize);
    }
}

/// Deal `number` of PySolFC's Russian Solitaire, as the module describes.
pub fn deal(number: GameNumber) -> Layout {
    let shuffled = shuffled_pack(number);
    let mut next = shuffled.iter().rev();
    let mut layout = Layout::default();
    let mut put = |layout: &mut Layout, column: usize, face_up: bool| {
        // 52 cards are dealt: 21 face down, 24 and 7 face up.
        if let Some(&card) = next.next() {
            layout.columns[column].push(Slot { card, face_up });
        }
    };
    for i in 1..7 {
        for column in i..7 {
            put(&mut layout, column, false);
        }
    }
    for _ in 0..4 {
        for column in 1..7 {
            put(&mut layout, column, true);
        }
    }
    for column in 0..7 {
        put(&mut layout, column, true);
    }
    layout
}

/// MT19937 as CPython's `random` module uses it.
struct Mt19937 {
    state: [u32; 624],
    index: usize,
}

impl Mt19937 {
    fn with_seed(seed: u32) -> Mt19937 {
        let mut state = [0u32; 624];
        state[0] = seed;
        for i in 1..624 {
            let prev = state[i - 1];
            state[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        Mt19937 { state, index: 624 }
    }

    /// Python's `random.seed(n)` for a non-negative integer n: `init_by_array` of its 32-bit
    /// words, least significant first (one word for zero).
    fn seeded(n: u128) -> Mt19937 {
        let mut key = Vec::new();
        let mut rest = n;
        loop {
            key.push(rest as u32);
            rest >>= 32;
            if rest == 0 {
                break;
            }
        }
        let mut mt = Mt19937::with_seed(19_650_218);
        let s = &mut mt.state;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..624.max(key.len()) {
            let prev = s[i - 1];
            s[i] = (s[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= 624 {
                s[0] = s[623];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..623 {
            let prev = s[i - 1];
            s[i] =
                (s[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= 624 {
                s[0] = s[623];
                i = 1;
            }
        }
        s[0] = 0x8000_0000;
        mt
    }

    fn next_u32(&mut self) -> u32 {
        if self.index >= 624 {
            for i in 0..624 {
                let y = (self.state[i] & 0x8000_0000) | (self.state[(i + 1) % 624] & 0x7fff_ffff);
                let mut v = self.state[(i + 397) % 624] ^ (y >> 1);
                if y & 1 != 0 {
                    v ^= 0x9908_b0df;
                }
                self.state[i] = v;
            }
            self.index = 0;
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// A double in [0, 1) with 53 random bits, as Python's `random()`.
    fn random(&mut self) -> f64 {
        let a = self.next_u32() >> 5;
        let b = self.next_u32() >> 6;
        (f64::from(a) * 67_108_864.0 + f64::from(b)) * (1.0 / 9_007_199_254_740_992.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mersenne_twister_matches_its_reference_outputs() {
        // init_genrand(5489), the reference implementation's default seed: its 10,000th output
        // is 4123659995 (the C++ standard requires it of std::mt19937).
        let mut mt = Mt19937::with_seed(5489);
        let outputs: Vec<u32> = (0..10_000).map(|_| mt.next_u32()).collect();
        assert_eq!(outputs[0], 3_499_211_612);
        assert_eq!(outputs[9_999], 4_123_659_995);
    }

    #[test]
    fn game_numbers_read_and_write_back() {
        for text in [
            "1",
            "31999",
            "32000",
            "100000000000000000000",
            "ms1",
            "ms8589934591",
        ] {
            let number: GameNumber = text.parse().expect("a game number");
            assert_eq!(number.to_string(), text);
        }
        for text in [
            "0",
            "ms0",
            "100000000000000000001",
            "ms8589934592",
            "-1",
            "",
            "ms",
            "x1",
        ] {
            assert!(text.parse::<GameNumber>().is_err(), "{text}");
        }
    }
}
