//! Where every card is during a game — decks, slots, hands, tables — and the log of the actions,
//! with the rule book's mechanics that every engine with a log shares: the set-up and the
//! opening, starting an action, landings and collisions, cancelled moves and their returns, the
//! end check, the rule book's robot's choice (rule 3), what the rules allow a player at an
//! instant, and the restart after a deadend. [`crate::reference`] plays the rule book's two robots
//! on it, [`crate::Versus`] one robot and a player driven from outside.

use crate::action::{Action, Refusal};
use crate::card::{are_neighbours, strength};
use crate::deal::Deal;
use crate::event::{Ending, Event, Kind, Place};
use crate::outcome::{Finish, Outcome};
use crate::robot::{DRAW_MS, Pile, RETURN_MS, RIGHT_MS, Robot};
use crate::view::{Carry, SeatView, View};
use cards::Card;
use std::collections::VecDeque;

/// A card in a robot's hand, on its way somewhere.
#[derive(Clone, Debug)]
struct Hand {
    kind: Kind,
    card: Card,
    from: Place,
    to: Place,
    end: u32,
    /// Where this action stands in the log.
    event: usize,
}

#[derive(Clone, Debug)]
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

/// What completed at one instant, for a robot that reacts to it.
pub(crate) struct Completed {
    /// Some card landed on a table.
    pub(crate) landed: bool,
    /// Each robot's action completed (landed, drawn, or back in its slot) and left it free.
    pub(crate) freed: [bool; 2],
}

/// Both sides, the two tables' top cards and the log so far.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    sides: [Side; 2],
    tops: [Option<Card>; 2],
    events: Vec<Event>,
    deadends: u32,
    returns: u32,
}

/// The slot's index in a side's array, for slot numbers 1 to 4.
fn slot_index(slot: u8) -> Option<usize> {
    (1..=4).contains(&slot).then(|| usize::from(slot) - 1)
}

impl Board {
    /// The set-up and the opening at 0 ms (rules 1 and 2).
    pub(crate) fn new(deal: &Deal) -> Board {
        let mut board = Board {
            sides: [Side::set_up(deal.a()), Side::set_up(deal.b())],
            tops: [None; 2],
            events: Vec::new(),
            deadends: 0,
            returns: 0,
        };
        for robot in Robot::BOTH {
            board.put_right(robot, Kind::Opening, 0);
        }
        board
    }

    /// The log so far, in order of start; an action still under way is `Unfinished`, its `end`
    /// the instant it is due.
    pub(crate) fn events(&self) -> &[Event] {
        &self.events
    }

    fn begin(&mut self, robot: Robot, action: (Kind, Card, Place, Place), t: u32, ms: u32) {
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
            self.begin(robot, (kind, card, from, to), t, RIGHT_MS);
        }
    }

    /// The robot's move is stopped at `t` and its card goes back to its slot by `t + 500`.
    fn cancel(&mut self, robot: Robot, t: u32) {
        if let Some(hand) = self.stop(robot, Ending::Cancelled, t) {
            self.returns += 1;
            let action = (Kind::Return, hand.card, hand.to, hand.from);
            self.begin(robot, action, t, RETURN_MS);
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

    /// When the next action under way completes; none when both robots are free.
    pub(crate) fn next_due(&self) -> Option<u32> {
        self.sides
            .iter()
            .filter_map(|side| side.hand.as_ref().map(|hand| hand.end))
            .min()
    }

    /// Whether the robot has no action under way.
    pub(crate) fn is_free(&self, robot: Robot) -> bool {
        self.sides[robot.index()].hand.is_none()
    }

    /// The completions of instant `t` (rule 4): cards due on a table land (two due on one table:
    /// the left mover's lands and the other is cancelled), each landing cancelling the other
    /// robot's move in flight to that table; due returns and draws put their card in its slot.
    pub(crate) fn complete(&mut self, t: u32) -> Completed {
        let due = Robot::BOTH.map(|robot| {
            self.sides[robot.index()]
                .hand
                .as_ref()
                .is_some_and(|hand| hand.end == t)
        });
        let mut landing = Robot::BOTH.map(|robot| self.landing_at(robot, t));
        if let [Some(x), Some(y)] = landing
            && x == y
        {
            // Same table, same instant: the robot moving to its left table started 200 ms
            // earlier and wins; the table's owner, moving right, takes its card back.
            let loser = x.owner();
            self.cancel(loser, t);
            landing[loser.index()] = None;
        }
        for robot in Robot::BOTH {
            let Some(pile) = landing[robot.index()] else {
                continue;
            };
            if let Some(hand) = self.stop(robot, Ending::Done, t) {
                self.tops[pile.index()] = Some(hand.card);
                self.sides[robot.index()].last_placed = Some(hand.card);
            }
            let other = robot.other();
            let heading_here = matches!(
                self.sides[other.index()].hand,
                Some(Hand { kind: Kind::Move, to: Place::Pile(to), .. }) if to == pile
            );
            if heading_here {
                self.cancel(other, t);
            }
        }
        for robot in Robot::BOTH {
            let side = &self.sides[robot.index()];
            if side.hand.as_ref().is_some_and(|hand| hand.end == t) {
                // What is left to complete at t is a draw or a return: the card goes into its slot.
                if let Some(Hand {
                    card,
                    to: Place::Slot(n),
                    ..
                }) = self.stop(robot, Ending::Done, t)
                {
                    self.sides[robot.index()].slots[usize::from(n) - 1] = Some(card);
                }
            }
        }
        Completed {
            landed: landing.iter().any(Option::is_some),
            freed: Robot::BOTH.map(|robot| due[robot.index()] && self.is_free(robot)),
        }
    }

    /// The end check after the completions of instant `t` (rule 6): when a robot holds no card,
    /// the result, every action still under way cut at `t`.
    pub(crate) fn finish(&mut self, t: u32) -> Option<(Outcome, Finish)> {
        let out = self.sides.each_ref().map(Side::has_no_card);
        if !out[0] && !out[1] {
            return None;
        }
        let last = self.sides.each_ref().map(|side| side.last_placed);
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
            self.stop(robot, Ending::Unfinished, t);
        }
        let outcome = Outcome {
            winner,
            end_ms: t,
            deadends: self.deadends,
            returns: self.returns,
            together: matches!(finish, Finish::Together { .. }),
        };
        Some((outcome, finish))
    }

    /// Rule 3, for a free robot: draw into the rightmost empty slot, else the weakest neighbour
    /// to the right table, else to the left; none when it waits.
    pub(crate) fn choice(&self, robot: Robot) -> Option<Action> {
        let side = &self.sides[robot.index()];
        if !side.deck.is_empty()
            && let Some(n) = side.slots.iter().position(Option::is_none)
        {
            return Some(Action::Draw(n as u8 + 1));
        }
        // The slot of the weakest card whose rank neighbours the pile's top card.
        let weakest = |pile: Pile| {
            let top = self.tops[pile.index()]?;
            side.slots
                .iter()
                .zip(1..)
                .filter_map(|(slot, n)| slot.map(|card| (n, card)))
                .filter(|(_, card)| are_neighbours(card.rank, top.rank))
                .min_by_key(|&(_, card)| strength(card))
                .map(|(n, _)| n)
        };
        weakest(robot.right())
            .map(Action::Right)
            .or_else(|| weakest(robot.left()).map(Action::Left))
    }

    /// Whether the rules let `robot` start `action` now: a slot that exists, a robot that is
    /// free, for a draw a card in the deck and an empty slot, for a move a card in the slot
    /// whose rank neighbours the table's top card.
    pub(crate) fn check(&self, robot: Robot, action: Action) -> Result<(), Refusal> {
        let slot = action.slot();
        let Some(index) = slot_index(slot) else {
            return Err(Refusal::NoSuchSlot(slot));
        };
        if let Some(carry) = self.carry(robot) {
            return Err(Refusal::Busy(carry));
        }
        let side = &self.sides[robot.index()];
        match (action.pile(robot), side.slots[index]) {
            (None, _) if side.deck.is_empty() => Err(Refusal::DeckEmpty),
            (None, Some(card)) => Err(Refusal::SlotTaken { slot, card }),
            (None, None) => Ok(()),
            (Some(_), None) => Err(Refusal::SlotEmpty(slot)),
            (Some(pile), Some(card)) => match self.tops[pile.index()] {
                Some(top) if are_neighbours(card.rank, top.rank) => Ok(()),
                top => Err(Refusal::NotNeighbour { card, pile, top }),
            },
        }
    }

    /// Whether the rules let `robot` start any action now.
    pub(crate) fn can_act(&self, robot: Robot) -> bool {
        Action::ALL
            .iter()
            .any(|&action| self.check(robot, action).is_ok())
    }

    /// Every action the rules let `robot` start now.
    pub(crate) fn legal(&self, robot: Robot) -> Vec<Action> {
        Action::ALL
            .into_iter()
            .filter(|&action| self.check(robot, action).is_ok())
            .collect()
    }

    /// Starts `action` at `t`, which [`Board::check`] allows.
    pub(crate) fn start(&mut self, robot: Robot, action: Action, t: u32) {
        let Some(index) = slot_index(action.slot()) else {
            return;
        };
        let slot = Place::Slot(action.slot());
        let side = &mut self.sides[robot.index()];
        match action.pile(robot) {
            None => {
                if let Some(card) = side.deck.pop_front() {
                    self.begin(robot, (Kind::Draw, card, Place::Deck, slot), t, DRAW_MS);
                }
            }
            Some(pile) => {
                // The card leaves its slot as the move starts.
                if let Some(card) = side.slots[index].take() {
                    let action = (Kind::Move, card, slot, Place::Pile(pile));
                    self.begin(robot, action, t, robot.move_ms(pile));
                }
            }
        }
    }

    /// Rule 5: both robots put a card on their right table at `t`, whatever its rank.
    pub(crate) fn restart(&mut self, t: u32) {
        self.deadends += 1;
        for robot in Robot::BOTH {
            self.put_right(robot, Kind::Restart, t);
        }
    }

    /// The log, given up at the end of the game.
    pub(crate) fn into_events(self) -> Vec<Event> {
        self.events
    }

    /// What the robot is carrying, and until when.
    fn carry(&self, robot: Robot) -> Option<Carry> {
        let hand = self.sides[robot.index()].hand.as_ref()?;
        Some(Carry {
            kind: hand.kind,
            card: hand.card,
            from: hand.from,
            to: hand.to,
            start: self.events[hand.event].start,
            due: hand.end,
        })
    }

    /// Every card in sight: each side's slots, deck size and hand, and the tables' tops.
    pub(crate) fn view(&self) -> View {
        View {
            seats: Robot::BOTH.map(|robot| {
                let side = &self.sides[robot.index()];
                SeatView {
                    slots: side.slots,
                    deck: side.deck.len(),
                    carry: self.carry(robot),
                }
            }),
            tops: self.tops,
        }
    }
}
