//! The reference engine: the rule book line by line, one card at a time, with every situation at
//! the start of a round kept in a hash map. Slow and obviously right; [`crate::fast`] is tested
//! against it.

use crate::face::Face;
use crate::game::{Deal, Outcome, Player, Status};
use std::collections::HashMap;
use std::collections::VecDeque;
use std::collections::hash_map::Entry;

/// One step of a game, as a trace shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `player` put `face` on the pile.
    Laid {
        /// Who laid it.
        player: Player,
        /// The card.
        face: Face,
    },
    /// `taker` took the pile and leads the next round; `unpaid` when the other player had to play
    /// but had no card left.
    Trick {
        /// Who took the pile.
        taker: Player,
        /// Whether the other player had no card left to lay.
        unpaid: bool,
    },
}

/// A game in progress, played one card at a time.
#[derive(Clone, Debug)]
pub struct Game {
    hands: [VecDeque<Face>; 2],
    pile: Vec<Face>,
    /// Who puts the next card down.
    turn: Player,
    /// Cards still owed by `turn` under a penalty; 0 when no penalty is being paid.
    due: u8,
    /// Set when a penalty was paid in full: this player takes the pile at the next step.
    collector: Option<Player>,
    cards: u64,
    tricks: u64,
    /// Every situation seen at the start of a round, with the number of tricks before it; `None`
    /// for a game that does not look for loops itself ([`play_long`] does, in memory that does
    /// not grow with the game).
    seen: Option<HashMap<Vec<u8>, u64>>,
    outcome: Option<Outcome>,
}

impl Game {
    /// The game of `deal`, before its first card.
    pub fn new(deal: &Deal) -> Game {
        Game::start(deal, true)
    }

    /// A game that stops only when a player runs out: it does not look for loops.
    fn forgetful(deal: &Deal) -> Game {
        Game::start(deal, false)
    }

    fn start(deal: &Deal, remember: bool) -> Game {
        let mut game = Game {
            hands: [
                deal.a().iter().copied().collect(),
                deal.b().iter().copied().collect(),
            ],
            pile: Vec::new(),
            turn: Player::A,
            due: 0,
            collector: None,
            cards: 0,
            tricks: 0,
            seen: remember.then(HashMap::new),
            outcome: None,
        };
        if deal.a().is_empty() || deal.b().is_empty() {
            // The rule book: over before it begins.
            game.outcome = Some(Outcome {
                status: Status::Finished,
                cards: 0,
                tricks: 0,
            });
        } else {
            game.start_round();
        }
        game
    }

    /// Plays the whole game.
    pub fn play(deal: &Deal) -> Outcome {
        let mut game = Game::new(deal);
        while game.step().is_some() {}
        game.outcome()
            .expect("a game only stops when it has an outcome")
    }

    /// Plays one card, or takes the pile; `None` once the game is over.
    pub fn step(&mut self) -> Option<Event> {
        if self.outcome.is_some() {
            return None;
        }
        if let Some(taker) = self.collector.take() {
            self.take_pile(taker);
            return Some(Event::Trick {
                taker,
                unpaid: false,
            });
        }
        let player = self.turn;
        let Some(face) = self.hands[player.index()].pop_front() else {
            let taker = player.other();
            self.take_pile(taker);
            return Some(Event::Trick {
                taker,
                unpaid: true,
            });
        };
        self.pile.push(face);
        self.cards += 1;
        let penalty = face.penalty();
        if penalty > 0 {
            self.due = penalty;
            self.turn = player.other();
        } else if self.due > 0 {
            self.due -= 1;
            if self.due == 0 {
                self.collector = Some(player.other());
            }
        } else {
            self.turn = player.other();
        }
        Some(Event::Laid { player, face })
    }

    fn take_pile(&mut self, taker: Player) {
        let pile = std::mem::take(&mut self.pile);
        self.hands[taker.index()].extend(pile);
        self.tricks += 1;
        self.turn = taker;
        self.due = 0;
        if self.hands[taker.other().index()].is_empty() {
            self.outcome = Some(Outcome {
                status: Status::Finished,
                cards: self.cards,
                tricks: self.tricks,
            });
        } else {
            self.start_round();
        }
    }

    /// The situation at the start of a round: both hands, number cards as one kind (each card
    /// becomes its penalty, 0 for a number card; 5 separates the decks and cannot be a penalty),
    /// and the leader.
    fn situation(&self) -> Vec<u8> {
        self.situation_bytes().collect()
    }

    /// The bytes of [`Game::situation`] one by one: compared with another situation they stop at
    /// the first difference, so that a long game compares its round starts without copying its
    /// hands at every round.
    fn situation_bytes(&self) -> impl Iterator<Item = u8> + '_ {
        let [a, b] = &self.hands;
        a.iter()
            .map(|f| f.penalty())
            .chain([5])
            .chain(b.iter().map(|f| f.penalty()))
            .chain([self.turn as u8])
    }

    /// Plays to the start of the next round (or to the end); false once the game is over.
    fn play_round(&mut self) -> bool {
        while let Some(event) = self.step() {
            if matches!(event, Event::Trick { .. }) {
                return self.outcome.is_none();
            }
        }
        false
    }

    /// Keeps the situation at the start of this round, or ends the game if it was seen before.
    fn start_round(&mut self) {
        // A game that does not look for loops never builds the situation: on long decks that
        // copy, every round, would cost more than the game.
        let Some(mut seen) = self.seen.take() else {
            return;
        };
        match seen.entry(self.situation()) {
            Entry::Occupied(earlier) => {
                self.outcome = Some(Outcome {
                    status: Status::Loop {
                        period: self.tricks - earlier.get(),
                    },
                    cards: self.cards,
                    tricks: self.tricks,
                });
            }
            Entry::Vacant(place) => {
                place.insert(self.tricks);
            }
        }
        self.seen = Some(seen);
    }

    /// `player`'s hand, top card first.
    pub fn hand(&self, player: Player) -> &VecDeque<Face> {
        &self.hands[player.index()]
    }

    /// The pile, in the order the cards were laid.
    pub fn pile(&self) -> &[Face] {
        &self.pile
    }

    /// The player paying a penalty and how many cards it still owes.
    pub fn due(&self) -> Option<(Player, u8)> {
        (self.due > 0).then_some((self.turn, self.due))
    }

    /// The round being played, from 1.
    pub fn round(&self) -> u64 {
        self.tricks + 1
    }

    /// Cards laid so far.
    pub fn cards(&self) -> u64 {
        self.cards
    }

    /// Tricks taken so far.
    pub fn tricks(&self) -> u64 {
        self.tricks
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
}

/// Plays a deal of any length to its end, finding loops with Brent's method on the situations
/// at round starts: a snapshot retaken after 1, 2, 4, 8, … rounds, then two copies of the game
/// the period apart until they agree, at the first repeat — as [`Game::play`] reports it, in
/// memory of two situations rather than of every round. `None` once the game has laid more than
/// `most` cards without finishing or being found to loop: it is played no further.
pub(crate) fn play_long(deal: &Deal, most: u64) -> Option<Outcome> {
    let mut game = Game::forgetful(deal);
    if game.outcome.is_some() {
        return game.outcome;
    }
    let mut snapshot = game.situation();
    let (mut window, mut period) = (1u64, 0u64);
    loop {
        let going = game.play_round();
        if game.cards > most {
            return None;
        }
        if !going {
            return game.outcome;
        }
        period += 1;
        if game.situation_bytes().eq(snapshot.iter().copied()) {
            break;
        }
        if period == window {
            snapshot = game.situation();
            window *= 2;
            period = 0;
        }
    }
    let (mut behind, mut ahead) = (Game::forgetful(deal), Game::forgetful(deal));
    for _ in 0..period {
        ahead.play_round();
    }
    while !ahead.situation_bytes().eq(behind.situation_bytes()) {
        behind.play_round();
        ahead.play_round();
    }
    Some(Outcome {
        status: Status::Loop { period },
        cards: ahead.cards,
        tricks: ahead.tricks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Face;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    /// Random decks of `n` cards each, payment cards with probability 4/13.
    fn decks(seed: u64, n: usize) -> Deal {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut deck = || -> Vec<Face> {
            (0..n)
                .map(|_| {
                    let x = rng.next_u64();
                    Face::from_penalty(if x % 13 < 4 { (x % 4 + 1) as u8 } else { 0 })
                })
                .collect()
        };
        let a = deck();
        Deal::new(a, deck()).expect("cards in both decks")
    }

    #[test]
    fn brent_finds_the_loops_and_ends_that_every_situation_kept_finds() {
        let mut loops = 0;
        for seed in 0..3000 {
            let n = if seed % 2 == 0 {
                1 + seed % 6
            } else {
                1 + seed % 40
            };
            let deal = decks(seed, n as usize);
            let outcome = Game::play(&deal);
            loops += u32::from(matches!(outcome.status, Status::Loop { .. }));
            assert_eq!(play_long(&deal, u64::MAX), Some(outcome), "seed {seed}");
        }
        assert!(loops >= 3, "{loops} loops");
        // Casella's loop entered at every round start: loops of every preperiod.
        let casella =
            crate::notation::parse_deal("---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA")
                .unwrap();
        let mut game = Game::new(&casella);
        let mut entered = 0;
        while game.play_round() {
            let (a, b) = (game.hand(Player::A), game.hand(Player::B));
            let (lead, other) = if game.turn == Player::A {
                (a, b)
            } else {
                (b, a)
            };
            let deal = Deal::new(
                lead.iter().copied().collect(),
                other.iter().copied().collect(),
            )
            .unwrap();
            let outcome = Game::play(&deal);
            assert!(matches!(outcome.status, Status::Loop { .. }));
            assert_eq!(
                play_long(&deal, u64::MAX),
                Some(outcome),
                "entered at round {}",
                game.round()
            );
            entered += 1;
        }
        assert!(entered >= 60, "{entered}");
        let empty = Deal::new(vec![Face::from_penalty(1)], Vec::new()).unwrap();
        assert_eq!(play_long(&empty, 0), Some(Game::play(&empty)));
    }

    #[test]
    fn long_decks_are_played_in_memory_proportional_to_the_deck() {
        // Two decks of 10,000 cards: every round start kept would take gigabytes.
        let deal = decks(7, 10_000);
        let started = std::time::Instant::now();
        let outcome = play_long(&deal, u64::MAX).unwrap();
        assert!(outcome.cards > 0);
        // Within a budget of exactly its cards the game ends as before; one card less stops it.
        assert_eq!(play_long(&deal, outcome.cards), Some(outcome));
        assert_eq!(play_long(&deal, outcome.cards - 1), None);
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "{outcome:?}"
        );
    }
}
