//! `--trace`: one line per instant, in the style of the rule book's worked example.

use super::source;
use report::speed::card_list;
use speed::Finish;
use speed::{Deal, Ending, Event, Kind, Place, RETURN_MS, Robot, reference};
use std::io::{self, Write};

/// Writes the set-up, one line per instant at which something happened, and the verdict.
pub fn write(
    out: &mut impl Write,
    deal: &Deal,
    game: &reference::Played,
    set: usize,
    sets: usize,
) -> io::Result<()> {
    writeln!(out, "data set {set} of {sets}")?;
    let set_up: Vec<String> = Robot::BOTH
        .iter()
        .map(|&robot| set_up(robot, deal.cards(robot)))
        .collect();
    writeln!(out, "set-up: {}", set_up.join("; "))?;
    let events = &game.events;
    let end = game.outcome.end_ms;
    let mut instants: Vec<u32> = events.iter().flat_map(|e| [e.start, e.end]).collect();
    instants.sort_unstable();
    instants.dedup();
    for t in instants {
        writeln!(out, "{t} ms: {}", instant(events, t, end).join("; "))?;
    }
    writeln!(out, "{}", why(deal, game))
}

/// `A's slots 1-4 hold S3 S5 S8 S9, its deck S2`.
fn set_up(robot: Robot, cards: &[speed::Card]) -> String {
    let (tableau, deck) = cards.split_at(cards.len().min(4));
    let slots = match tableau.len() {
        1 => format!("{robot}'s slot 1 holds {}", card_list(tableau)),
        n => format!("{robot}'s slots 1-{n} hold {}", card_list(tableau)),
    };
    if deck.is_empty() {
        format!("{slots}, its deck is empty")
    } else {
        format!("{slots}, its deck {}", card_list(deck))
    }
}

/// What happened at `t`: landings and cancellations first, then each robot's next action.
fn instant(events: &[Event], t: u32, end: u32) -> Vec<String> {
    let mut parts = Vec::new();
    let cancelled: Vec<&Event> = events
        .iter()
        .filter(|e| e.end == t && e.ending == Ending::Cancelled)
        .collect();
    let mut landings: Vec<&Event> = events.iter().filter(|e| e.end == t && e.landed()).collect();
    landings.sort_by_key(|e| e.robot);
    for landing in &landings {
        // A cancelled move that was due now on the same table arrived together with this one.
        let rival = cancelled
            .iter()
            .find(|c| c.to == landing.to && c.start + c.robot.move_ms(table(c)) == t);
        match rival {
            Some(rival) => parts.push(format!(
                "{} and {} reach {} together; {} lands ({} moves to its left)",
                landing.card, rival.card, landing.to, landing.card, landing.robot
            )),
            None => parts.push(format!("{} lands on {}", landing.card, landing.to)),
        }
    }
    for c in &cancelled {
        parts.push(format!(
            "{} must return {} (back at {} ms)",
            c.robot,
            c.card,
            t + RETURN_MS
        ));
    }
    if t == end {
        return parts;
    }
    let starting = |robot: Robot| {
        events
            .iter()
            .find(|e| e.robot == robot && e.start == t && e.kind != Kind::Return)
    };
    let mut restarts = Vec::new();
    for robot in Robot::BOTH {
        match starting(robot) {
            Some(e) if e.kind == Kind::Restart => restarts.push(e),
            Some(e) => parts.push(start(e)),
            None => {
                let freed = events
                    .iter()
                    .any(|e| e.robot == robot && e.end == t && e.ending == Ending::Done);
                if freed {
                    parts.push(format!("{robot} waits"));
                }
            }
        }
    }
    if !restarts.is_empty() {
        parts.push("deadend: neither robot can act".into());
        parts.extend(restarts.into_iter().map(start));
    }
    parts
}

fn table(e: &Event) -> speed::Pile {
    match e.to {
        Place::Pile(table) => table,
        _ => e.robot.right(),
    }
}

fn start(e: &Event) -> String {
    let ms = match e.kind {
        Kind::Move => e.robot.move_ms(table(e)),
        Kind::Draw => speed::DRAW_MS,
        Kind::Return => RETURN_MS,
        Kind::Opening | Kind::Restart => speed::RIGHT_MS,
    };
    match e.kind {
        Kind::Opening => format!(
            "{} opens with {} from {} to {} ({ms} ms)",
            e.robot,
            e.card,
            source(e.from),
            e.to
        ),
        Kind::Restart => format!(
            "{} restarts with {} from {} to {} ({ms} ms)",
            e.robot,
            e.card,
            source(e.from),
            e.to
        ),
        Kind::Draw => format!("{} draws {} into {} ({ms} ms)", e.robot, e.card, e.to),
        Kind::Move => format!("{} starts {} to {} ({ms} ms)", e.robot, e.card, e.to),
        Kind::Return => format!("{} carries {} back to {} ({ms} ms)", e.robot, e.card, e.to),
    }
}

/// The last line: who won, when, and why.
fn why(deal: &Deal, game: &reference::Played) -> String {
    let outcome = &game.outcome;
    let (winner, t) = (outcome.winner, outcome.end_ms);
    match game.finish {
        Finish::Together { a, b } => {
            let (won, lost) = match winner {
                Robot::A => (a, b),
                Robot::B => (b, a),
            };
            format!(
                "{winner} wins at {t} ms: both robots ran out of cards at once, and {winner}'s \
                 last card {won} is stronger than {}'s {lost}.",
                winner.other()
            )
        }
        Finish::Alone => {
            let loser = winner.other();
            let placed = game
                .events
                .iter()
                .filter(|e| e.robot == loser && e.landed())
                .count();
            let left = deal.cards(loser).len() - placed;
            format!(
                "{winner} wins at {t} ms: {winner} has no cards left, {loser} still has {left}."
            )
        }
    }
}
