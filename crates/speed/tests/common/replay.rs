//! A game's log replayed on its own, card by card, with every invariant checked on the way.

use cards::Card;
use speed::{Deal, Ending, Event, Kind, Outcome, Place, Robot, are_neighbours};
use std::collections::VecDeque;

/// Where every card is, replayed from the log alone.
struct Replay {
    decks: [VecDeque<Card>; 2],
    slots: [[Option<Card>; 4]; 2],
    hands: [Option<Card>; 2],
    piles: [Vec<Card>; 2],
}

impl Replay {
    fn new(deal: &Deal) -> Replay {
        let set_up = |cards: &[Card]| {
            let mut deck: VecDeque<Card> = cards.iter().copied().collect();
            let slots = [(); 4].map(|()| deck.pop_front());
            (deck, slots)
        };
        let (deck_a, slots_a) = set_up(deal.a());
        let (deck_b, slots_b) = set_up(deal.b());
        Replay {
            decks: [deck_a, deck_b],
            slots: [slots_a, slots_b],
            hands: [None; 2],
            piles: [Vec::new(), Vec::new()],
        }
    }

    fn all_cards(&self) -> Vec<Card> {
        let mut all: Vec<Card> = Vec::new();
        for r in 0..2 {
            all.extend(&self.decks[r]);
            all.extend(self.slots[r].iter().flatten());
            all.extend(self.hands[r]);
            all.extend(&self.piles[r]);
        }
        all
    }

    fn holds_nothing(&self, robot: Robot) -> bool {
        let r = robot.index();
        self.decks[r].is_empty()
            && self.slots[r].iter().all(Option::is_none)
            && self.hands[r].is_none()
    }

    fn complete(&mut self, e: &Event) -> Result<(), String> {
        let r = e.robot.index();
        if e.ending != Ending::Done {
            return Ok(());
        }
        if self.hands[r] != Some(e.card) {
            return Err(format!("{e:?} completes without its card in hand"));
        }
        self.hands[r] = None;
        match e.to {
            Place::Pile(t) => self.piles[t.index()].push(e.card),
            Place::Slot(n) => {
                let slot = &mut self.slots[r][n as usize - 1];
                if slot.is_some() {
                    return Err(format!("{e:?} fills a full slot"));
                }
                *slot = Some(e.card);
            }
            Place::Deck => return Err(format!("{e:?} goes to the deck")),
        }
        Ok(())
    }

    fn start(&mut self, e: &Event, cancelled_at: Option<u32>) -> Result<(), String> {
        let r = e.robot.index();
        if e.kind == Kind::Return {
            // The card of the cancelled move stays in the hand on its way back.
            return match (self.hands[r], cancelled_at) {
                (Some(card), Some(t)) if card == e.card && t == e.start => Ok(()),
                _ => Err(format!("{e:?} returns a card that was not just cancelled")),
            };
        }
        if self.hands[r].is_some() {
            return Err(format!("{e:?} starts while the robot holds a card"));
        }
        let card = match e.from {
            Place::Deck => self.decks[r].pop_front(),
            Place::Slot(n) => {
                if matches!(e.kind, Kind::Opening | Kind::Restart)
                    && self.slots[r][..n as usize - 1].iter().any(Option::is_some)
                {
                    return Err(format!("{e:?} is not the rightmost card"));
                }
                self.slots[r][n as usize - 1].take()
            }
            Place::Pile(_) => None,
        };
        if card != Some(e.card) {
            return Err(format!("{e:?} takes a card that is not there"));
        }
        if e.kind == Kind::Move {
            let Place::Pile(t) = e.to else {
                return Err(format!("{e:?} moves to no table"));
            };
            let top = self.piles[t.index()].last();
            if !top.is_some_and(|top| are_neighbours(top.rank, e.card.rank)) {
                return Err(format!("{e:?} does not fit the top card {top:?}"));
            }
        }
        self.hands[r] = Some(e.card);
        Ok(())
    }
}

/// Replays the log of a game on `deal` instant by instant and checks every invariant along the
/// way: the clock never goes back, a robot never holds two cards, every card is somewhere at
/// every instant, every move fits the top card it was aimed at, the winner ends with nothing,
/// and the outcome's counts match the log.
pub fn check_log(deal: &Deal, events: &[Event], outcome: &Outcome) -> Result<(), String> {
    let end = outcome.end_ms;
    let mut dealt: Vec<Card> = deal.a().iter().chain(deal.b()).copied().collect();
    dealt.sort_by_key(|c| c.index());

    for pair in events.windows(2) {
        if pair[1].start < pair[0].start {
            return Err(format!(
                "the clock goes back: {:?} after {:?}",
                pair[1], pair[0]
            ));
        }
    }
    for e in events {
        if e.end < e.start || e.end > end {
            return Err(format!("{e:?} ends outside [start, {end}]"));
        }
        if e.ending == Ending::Unfinished && e.end != end {
            return Err(format!("{e:?} is unfinished before the end"));
        }
    }
    for robot in Robot::BOTH {
        let own: Vec<&Event> = events.iter().filter(|e| e.robot == robot).collect();
        for pair in own.windows(2) {
            if pair[1].start < pair[0].end {
                return Err(format!(
                    "{robot} holds two cards: {:?} and {:?}",
                    pair[0], pair[1]
                ));
            }
        }
    }

    let mut times: Vec<u32> = events.iter().flat_map(|e| [e.start, e.end]).collect();
    times.sort_unstable();
    times.dedup();
    let mut replay = Replay::new(deal);
    for &t in &times {
        for e in events.iter().filter(|e| e.end == t && e.start < t) {
            replay.complete(e)?;
        }
        for e in events.iter().filter(|e| e.start == t) {
            let cancelled_at = events
                .iter()
                .find(|m| m.robot == e.robot && m.ending == Ending::Cancelled && m.end == t)
                .map(|m| m.end);
            replay.start(e, cancelled_at)?;
        }
        let mut now = replay.all_cards();
        now.sort_by_key(|c| c.index());
        if now != dealt {
            return Err(format!("cards are not conserved at {t} ms"));
        }
    }
    if !replay.holds_nothing(outcome.winner) {
        return Err("the winner still holds cards".into());
    }
    let loser = outcome.winner.other();
    if replay.holds_nothing(loser) != outcome.together {
        return Err("the loser's cards do not match the finish".into());
    }
    let counted = |kind| events.iter().filter(|e| e.kind == kind).count() as u32;
    if counted(Kind::Restart) != 2 * outcome.deadends || counted(Kind::Return) != outcome.returns {
        return Err("the counts do not match the log".into());
    }
    Ok(())
}
