//! Speed's shapes: one data set's game with its whole log (`parlor speed --json`), which the
//! page replays at any instant, how long each action takes, a deal as contest input, and a split
//! as `--split` writes it.

use serde::Serialize;
use speed::{DRAW_MS, Deal, Event, LEFT_MS, RETURN_MS, RIGHT_MS, Robot, Split, game};
use std::collections::BTreeMap;

/// One data set as `--json` prints it: the deal and the whole log, enough to replay the game
/// at any instant without the rules (the browser page does).
#[derive(Serialize)]
pub struct GameJson {
    winner: String,
    end_ms: u32,
    deadends: u32,
    returns: u32,
    /// A's cards, top of the deck first: the first four are dealt into slots 1 to 4.
    a: Vec<String>,
    b: Vec<String>,
    waits: Vec<WaitJson>,
    events: Vec<EventJson>,
}

/// A span in which a robot had no action under way: waiting for a landing, or for the restart
/// after a deadend.
#[derive(Serialize)]
struct WaitJson {
    robot: String,
    start: u32,
    end: u32,
}

/// One action: `kind` is opening, restart, draw, move or return; `from` and `to` are `deck`,
/// `slot 1` … `slot 4` (1 is the rightmost) or `table A` / `table B`; `status` is done,
/// cancelled or unfinished; `end` is when the action stopped.
#[derive(Serialize)]
struct EventJson {
    robot: String,
    kind: String,
    card: String,
    from: String,
    to: String,
    start: u32,
    end: u32,
    status: String,
}

impl GameJson {
    /// `game`, played from `deal`.
    pub fn new(deal: &Deal, game: &game::Game) -> GameJson {
        let names = |cards: &[speed::Card]| cards.iter().map(|c| c.to_string()).collect();
        let mut waits: Vec<WaitJson> = [Robot::A, Robot::B]
            .into_iter()
            .flat_map(|robot| {
                game.waits(robot)
                    .into_iter()
                    .map(move |(start, end)| WaitJson {
                        robot: robot.to_string(),
                        start,
                        end,
                    })
            })
            .collect();
        // In the order of the events: by start, A before B (the sort is stable).
        waits.sort_by_key(|w| w.start);
        GameJson {
            winner: game.outcome.winner.to_string(),
            end_ms: game.outcome.end_ms,
            deadends: game.outcome.deadends,
            returns: game.outcome.returns,
            a: names(deal.a()),
            b: names(deal.b()),
            waits,
            events: game.events.iter().map(EventJson::new).collect(),
        }
    }
}

impl EventJson {
    fn new(event: &Event) -> EventJson {
        EventJson {
            robot: event.robot.to_string(),
            kind: event.kind.to_string(),
            card: event.card.to_string(),
            from: event.from.to_string(),
            to: event.to.to_string(),
            start: event.start,
            end: event.end,
            status: event.ending.to_string(),
        }
    }
}

/// How long each action takes, as the rule book times it. A log gives when an action stopped,
/// which for a move cancelled, or any action the game's end cut short, is not its length: the
/// page needs the length to place the card along its way.
#[derive(Serialize)]
pub struct TimesJson {
    draw_ms: u32,
    /// A move to the table on the robot's right; an opening and a restart go there too.
    right_ms: u32,
    /// A move to the table on the robot's left.
    left_ms: u32,
    /// A card carried back to its slot after its move was cancelled, whatever way it had made.
    return_ms: u32,
    /// The table on each robot's right: `{"A": "table A", "B": "table B"}`.
    right: BTreeMap<String, String>,
}

impl TimesJson {
    /// The rule book's times, which the robots play by.
    pub fn rule_book() -> TimesJson {
        TimesJson {
            draw_ms: DRAW_MS,
            right_ms: RIGHT_MS,
            left_ms: LEFT_MS,
            return_ms: RETURN_MS,
            right: Robot::BOTH
                .into_iter()
                .map(|robot| (robot.to_string(), robot.right().to_string()))
                .collect(),
        }
    }
}

/// Cards as the contest writes them, separated by spaces.
pub fn card_list(cards: &[speed::Card]) -> String {
    let names: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
    names.join(" ")
}

/// A deal as contest input, on one line each: `5 S3 S5 S8 S9 S2` then `3 H7 H3 H4`.
pub fn contest_lines(deal: &Deal) -> [String; 2] {
    [deal.a(), deal.b()].map(|cards| format!("{} {}", cards.len(), card_list(cards)))
}

/// A split as `--split` and the page write it: `A/B`, cards for A and for B from one pack.
pub fn parse_split(text: &str) -> Result<Split, String> {
    let bad = || {
        format!(
            "expected A/B such as 26/26 (each at least 1, at most 52 in all), found {}",
            excerpt::Excerpt::of(text)
        )
    };
    let (a, b) = text.split_once('/').ok_or_else(bad)?;
    let (a, b) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    Split::new(a, b).ok_or_else(bad)
}
