//! The reference engine: a game as the rule book reads, line by line, a discrete-event simulation
//! on an integer millisecond clock that keeps a log of every action. [`crate::fast`] computes the
//! same [`Outcome`] faster, and is tested against it.
//!
//! At each instant, in this order: actions that complete are resolved (landings, with the left
//! mover winning when both robots reach one table together; a landing cancels the other robot's
//! move to the same table, whose return then ends 500 ms later; returns and draws); then the end
//! check; then each free robot chooses (draw, else move to the right table, else to the left,
//! else wait); if both robots are then idle, it is a deadend and both restart.

use crate::card::{are_neighbours, strength};
use crate::deal::Deal;
use crate::event::{Ending, Event, Kind, Place};
use crate::outcome::Outcome;
use crate::robot::{DRAW_MS, Pile, RETURN_MS, RIGHT_MS, Robot};
use cards::Card;
use std::collections::VecDeque;

/// How the winner won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Finish {
    /// Only the winner ran out of cards at the end.
    Alone,
    /// Both ran out at the same instant; these are their last cards, the stronger one won.
    Together {
        /// A's last card.
        a: Card,
        /// B's last card.
        b: Card,
    },
}

/// A game played out, with its log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The result, as [`crate::fast::play`] gives it too.
    pub outcome: Outcome,
    /// How the winner won.
    pub finish: Finish,
    /// Every action, in order of start (A before B at the same instant, a return before the
    /// choices made at its instant).
    pub events: Vec<Event>,
}

impl Played {
    /// The spans `(from, until)` in ms in which `robot` had no action under way before the end of
    /// the game: it was waiting for a card to land (rule 3.4) or for the deadend's restart.
    pub fn waits(&self, robot: Robot) -> Vec<(u32, u32)> {
        let mut waits = Vec::new();
        let mut free_since = 0;
        for e in self.events.iter().filter(|e| e.robot == robot) {
            if e.start > free_since {
                waits.push((free_since, e.start));
            }
            free_since = free_since.max(e.end);
        }
        if self.outcome.end_ms > free_since {
            waits.push((free_since, self.outcome.end_ms));
        }
        waits
    }
}

/// A card in a robot's hand, on its way somewhere.
struct Hand {
    kind: Kind,
    card: Card,
    from: Place,
    to: Place,
    end: u32,
    /// Where this action stands in the log.
    event: usize,
}

struct Side {
    deck: VecDeque<Card>,
    /// Slot 1 (rightmost) first.
    slots: [Option<Card>; 4],
    hand: Option<Hand>,
    last_placed: Option<Card>,
}

impl Side {
    /// Set-up: up to four cards from the deck, filling the slots from the right.
    fn set_up(cards: &[Card]) -> Side {
        let mut deck: VecDeque<Card> = cards.iter().copied().collect();
        let mut slots = [None; 4];
        for slot in &mut slots {
            *slot = deck.pop_front();
        }
        Side {
            deck,
            slots,
            hand: None,
            last_placed: None,
        }
    }

    fn has_no_card(&self) -> bool {
        self.deck.is_empty() && self.slots.iter().all(Option::is_none) && self.hand.is_none()
    }
}

struct Play {
    sides: [Side; 2],
    tops: [Option<Card>; 2],
    events: Vec<Event>,
    deadends: u32,
    returns: u32,
}

impl Play {
    fn start(&mut self, robot: Robot, action: (Kind, Card, Place, Place), t: u32, ms: u32) {
        let (kind, card, from, to) = action;
        self.sides[robot.index()].hand = Some(Hand {
            kind,
            card,
            from,
            to,
            end: t + ms,
            event: self.events.len(),
        });
        self.events.push(Event {
            robot,
            kind,
            card,
            from,
            to,
            start: t,
            end: t + ms,
            ending: Ending::Unfinished,
        });
    }

    /// Ends the robot's current action at `t`, logging how.
    fn stop(&mut self, robot: Robot, ending: Ending, t: u32) -> Option<Hand> {
        let hand = self.sides[robot.index()].hand.take()?;
        let event = &mut self.events[hand.event];
        event.end = t;
        event.ending = ending;
        Some(hand)
    }

    /// The opening and a restart: the top card of the deck, or if the deck is empty the
    /// rightmost tableau card, to the robot's own right table, whatever its rank.
    fn put_right(&mut self, robot: Robot, kind: Kind, t: u32) {
        let side = &mut self.sides[robot.index()];
        let taken = match side.deck.pop_front() {
            Some(card) => Some((card, Place::Deck)),
            None => side
                .slots
                .iter_mut()
                .zip(1..)
                .find_map(|(slot, n)| slot.take().map(|card| (card, Place::Slot(n)))),
        };
        // A robot with no card left has won before any opening or restart could be asked of it.
        if let Some((card, from)) = taken {
            let to = Place::Pile(robot.right());
            self.start(robot, (kind, card, from, to), t, RIGHT_MS);
        }
    }

    /// The robot's move is stopped at `t` and its card goes back to its slot by `t + 500`.
    fn cancel(&mut self, robot: Robot, t: u32) {
        if let Some(hand) = self.stop(robot, Ending::Cancelled, t) {
            self.returns += 1;
            let action = (Kind::Return, hand.card, hand.to, hand.from);
            self.start(robot, action, t, RETURN_MS);
        }
    }

    /// Rule 3: draw, else the weakest neighbour to the right table, else to the left, else wait.
    fn choose(&mut self, robot: Robot, t: u32) {
        let side = &mut self.sides[robot.index()];
        if let Some(n) = side.slots.iter().position(Option::is_none)
            && let Some(card) = side.deck.pop_front()
        {
            let action = (Kind::Draw, card, Place::Deck, Place::Slot(n as u8 + 1));
            self.start(robot, action, t, DRAW_MS);
            return;
        }
        for pile in [robot.right(), robot.left()] {
            let Some(top) = self.tops[pile.index()] else {
                continue;
            };
            let side = &mut self.sides[robot.index()];
            let weakest = (0..4)
                .filter_map(|n| side.slots[n].map(|card| (n, card)))
                .filter(|(_, card)| are_neighbours(card.rank, top.rank))
                .min_by_key(|&(_, card)| strength(card));
            if let Some((n, card)) = weakest {
                side.slots[n] = None;
                let action = (
                    Kind::Move,
                    card,
                    Place::Slot(n as u8 + 1),
                    Place::Pile(pile),
                );
                self.start(robot, action, t, robot.move_ms(pile));
                return;
            }
        }
    }

    /// The table the robot's card reaches at `t`, if any.
    fn landing_at(&self, robot: Robot, t: u32) -> Option<Pile> {
        match self.sides[robot.index()].hand {
            Some(Hand {
                to: Place::Pile(pile),
                end,
                kind,
                ..
            }) if end == t && kind != Kind::Return => Some(pile),
            _ => None,
        }
    }
}

/// Plays the deal to its end, with the log.
pub fn play(deal: &Deal) -> Played {
    let mut play = Play {
        sides: [Side::set_up(deal.a()), Side::set_up(deal.b())],
        tops: [None; 2],
        events: Vec::new(),
        deadends: 0,
        returns: 0,
    };
    for robot in Robot::BOTH {
        play.put_right(robot, Kind::Opening, 0);
    }
    loop {
        // Both robots idle never lasts past an instant (a deadend restarts them), so some
        // action is always under way here.
        let t = play
            .sides
            .iter()
            .filter_map(|side| side.hand.as_ref().map(|hand| hand.end))
            .min()
            .expect("an action is under way between instants");

        let mut landing = Robot::BOTH.map(|robot| play.landing_at(robot, t));
        if let [Some(x), Some(y)] = landing
            && x == y
        {
            // Same table, same instant: the robot moving to its left table started 200 ms
            // earlier and wins; the table's owner, moving right, takes its card back.
            let loser = x.owner();
            play.cancel(loser, t);
            landing[loser.index()] = None;
        }
        for robot in Robot::BOTH {
            let Some(pile) = landing[robot.index()] else {
                continue;
            };
            if let Some(hand) = play.stop(robot, Ending::Done, t) {
                play.tops[pile.index()] = Some(hand.card);
                play.sides[robot.index()].last_placed = Some(hand.card);
            }
            let other = robot.other();
            let heading_here = matches!(
                play.sides[other.index()].hand,
                Some(Hand { kind: Kind::Move, to: Place::Pile(to), .. }) if to == pile
            );
            if heading_here {
                play.cancel(other, t);
            }
        }
        for robot in Robot::BOTH {
            let side = &play.sides[robot.index()];
            if side.hand.as_ref().is_some_and(|hand| hand.end == t) {
                // What is left to complete at t is a draw or a return: the card goes into its slot.
                if let Some(Hand {
                    card,
                    to: Place::Slot(n),
                    ..
                }) = play.stop(robot, Ending::Done, t)
                {
                    play.sides[robot.index()].slots[n as usize - 1] = Some(card);
                }
            }
        }

        let out = play.sides.each_ref().map(Side::has_no_card);
        if out[0] || out[1] {
            let last = play.sides.each_ref().map(|side| side.last_placed);
            let (winner, finish) = match (out, last) {
                ([true, true], [Some(a), Some(b)]) => {
                    let winner = if strength(a) > strength(b) {
                        Robot::A
                    } else {
                        Robot::B
                    };
                    (winner, Finish::Together { a, b })
                }
                ([true, _], _) => (Robot::A, Finish::Alone),
                _ => (Robot::B, Finish::Alone),
            };
            for robot in Robot::BOTH {
                play.stop(robot, Ending::Unfinished, t);
            }
            return Played {
                outcome: Outcome {
                    winner,
                    end_ms: t,
                    deadends: play.deadends,
                    returns: play.returns,
                    together: matches!(finish, Finish::Together { .. }),
                },
                finish,
                events: play.events,
            };
        }

        for robot in Robot::BOTH {
            if play.sides[robot.index()].hand.is_none() {
                play.choose(robot, t);
            }
        }
        if play.sides.iter().all(|side| side.hand.is_none()) {
            play.deadends += 1;
            for robot in Robot::BOTH {
                play.put_right(robot, Kind::Restart, t);
            }
        }
    }
}
