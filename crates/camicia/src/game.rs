//! The simple engine: the rule book line by line, one card at a time, with every situation at the
//! start of a round kept in a hash map. Slow and obviously right; the reference for [`crate::fast`].

use crate::face::Face;
use std::collections::HashMap;
use std::collections::VecDeque;
use std::collections::hash_map::Entry;
use std::fmt;
use thiserror::Error;

/// The two players. A leads the first round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    A,
    B,
}

impl Player {
    pub const fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::A => "A",
            Player::B => "B",
        })
    }
}

/// Two decks, A's and B's, top card first. At least one of them holds a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    a: Vec<Face>,
    b: Vec<Face>,
}

/// Both decks are empty: there is no game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("both decks are empty: there is no game")]
pub struct EmptyDeal;

impl Deal {
    pub fn new(a: Vec<Face>, b: Vec<Face>) -> Result<Deal, EmptyDeal> {
        if a.is_empty() && b.is_empty() {
            Err(EmptyDeal)
        } else {
            Ok(Deal { a, b })
        }
    }

    pub fn a(&self) -> &[Face] {
        &self.a
    }

    pub fn b(&self) -> &[Face] {
        &self.b
    }

    pub fn deck(&self, player: Player) -> &[Face] {
        match player {
            Player::A => &self.a,
            Player::B => &self.b,
        }
    }
}

/// How a game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Status {
    /// After a trick one player held every card (or one player had no card from the start).
    Finished,
    /// The situation at the start of a round repeated that of the round `period` rounds earlier.
    Loop { period: u64 },
}

impl Status {
    /// `finished` or `loop`, as the report writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Status::Finished => "finished",
            Status::Loop { .. } => "loop",
        }
    }
}

/// What the rule book reports: the status, the cards put on the pile and the tricks taken (for a
/// loop, up to the start of the round that repeats an earlier one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    pub status: Status,
    pub cards: u64,
    pub tricks: u64,
}

impl Outcome {
    /// For a loop, the round whose start was repeated and the round that repeated it (rounds are
    /// numbered from 1; round r starts after r - 1 tricks).
    pub fn repeated_rounds(&self) -> Option<(u64, u64)> {
        match self.status {
            Status::Finished => None,
            Status::Loop { period } => Some((self.tricks + 1 - period, self.tricks + 1)),
        }
    }
}

impl fmt::Display for Outcome {
    /// The seed's form: `status: "finished", cards: 13, tricks: 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "status: \"{}\", cards: {}, tricks: {}",
            self.status.name(),
            self.cards,
            self.tricks
        )
    }
}

/// One step of a game, as a trace shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `player` put `face` on the pile.
    Laid { player: Player, face: Face },
    /// `taker` took the pile and leads the next round; `unpaid` when the other player had to play
    /// but had no card left.
    Trick { taker: Player, unpaid: bool },
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
    /// Every situation seen at the start of a round, with the number of tricks before it.
    seen: HashMap<Vec<u8>, u64>,
    outcome: Option<Outcome>,
}

impl Game {
    pub fn new(deal: &Deal) -> Game {
        let mut game = Game {
            hands: [
                deal.a.iter().copied().collect(),
                deal.b.iter().copied().collect(),
            ],
            pile: Vec::new(),
            turn: Player::A,
            due: 0,
            collector: None,
            cards: 0,
            tricks: 0,
            seen: HashMap::new(),
            outcome: None,
        };
        if deal.a.is_empty() || deal.b.is_empty() {
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

    /// Keeps the situation at the start of this round, or ends the game if it was seen before.
    fn start_round(&mut self) {
        // Number cards count as one kind: each card becomes its penalty, 0 for a number card.
        // 5 separates the decks and cannot be a penalty.
        let mut situation: Vec<u8> = self.hands[0].iter().map(|f| f.penalty()).collect();
        situation.push(5);
        situation.extend(self.hands[1].iter().map(|f| f.penalty()));
        situation.push(self.turn as u8);
        match self.seen.entry(situation) {
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
    }

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

    pub fn cards(&self) -> u64 {
        self.cards
    }

    pub fn tricks(&self) -> u64 {
        self.tricks
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
}
