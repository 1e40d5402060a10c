//! Speed's shapes: one data set's game with its whole log (`parlor speed --json`), which the
//! page replays at any instant, how long each action takes, the statistics of random deals
//! (`parlor speed stats --json`), a random deal as the server names it, a deal as contest input,
//! a split as `--split` writes it, and a step of a game against the robot ([`StepJson`]).
//!
//! ```
//! use report::speed::{DealJson, parse_split};
//!
//! // Deal 0 of seed 1, 6 cards each, as the server's `/api/speed/deal` names it: the contest's
//! // input for `parlor speed`.
//! let split = parse_split("6/6").unwrap();
//! let line = serde_json::to_string(&DealJson::new(1, 0, split)).unwrap();
//! assert!(line.starts_with(r#"{"seed":1,"deal":0,"split":[6,6],"input":"6 "#));
//! assert!(line.ends_with(r#"\n0\n"}"#));
//! ```

use serde::Serialize;
use speed::{
    Action, Carry, DRAW_MS, Deal, Event, LEFT_MS, RETURN_MS, RIGHT_MS, Robot, SeatView, Split,
    Step, Stop, Versus, reference,
};
use std::collections::BTreeMap;
use tally::{Mean, Rate};

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

/// Cards by their names.
fn names(cards: &[speed::Card]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

/// Each robot's waits among `events` before `until`, in the order of the events: by start, A
/// before B.
fn waits_json(events: &[Event], until: u32) -> Vec<WaitJson> {
    let mut waits: Vec<WaitJson> = Robot::BOTH
        .into_iter()
        .flat_map(|robot| {
            speed::waits(events, robot, until)
                .into_iter()
                .map(move |(start, end)| WaitJson {
                    robot: robot.to_string(),
                    start,
                    end,
                })
        })
        .collect();
    // The sort is stable: A's before B's at the same start.
    waits.sort_by_key(|w| w.start);
    waits
}

impl GameJson {
    /// `played`, the game of `deal`.
    pub fn new(deal: &Deal, played: &reference::Played) -> GameJson {
        GameJson {
            winner: played.outcome.winner.to_string(),
            end_ms: played.outcome.end_ms,
            deadends: played.outcome.deadends,
            returns: played.outcome.returns,
            a: names(deal.a()),
            b: names(deal.b()),
            waits: waits_json(&played.events, played.outcome.end_ms),
            events: played.events.iter().map(EventJson::new).collect(),
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

/// A random deal, named as `parlor speed stats` names its longest game.
#[derive(Serialize)]
pub struct DealJson {
    seed: u64,
    deal: u64,
    split: [usize; 2],
    /// The deal as contest input: A's line, B's line, and the closing 0.
    input: String,
}

impl DealJson {
    /// Deal `index` of `seed`, its pack cut at `split`.
    pub fn new(seed: u64, index: u64, split: Split) -> DealJson {
        let [a, b] = contest_lines(&Deal::random(seed, index, split));
        DealJson {
            seed,
            deal: index,
            split: [split.a(), split.b()],
            input: format!("{a}\n{b}\n0\n"),
        }
    }
}

/// `parlor speed stats --json`, a line for each split; the text says the same in words.
#[derive(Serialize)]
pub struct StatsJson {
    /// Deals played.
    pub deals: u64,
    /// Deal i is made from the seed and i.
    pub seed: u64,
    /// A's cards and B's.
    pub split: [usize; 2],
    /// Games A won.
    pub a_wins: Rate,
    /// The instant of each game's last landing.
    pub length_ms: Option<Mean>,
    /// Deadends per game.
    pub deadends: Option<Mean>,
    /// Moves cancelled per game.
    pub cancelled_moves: Option<Mean>,
    /// Games whose robots ran out at the same instant.
    pub same_instant_finishes: Rate,
    /// The longest game.
    pub longest: Option<LongestJson>,
}

/// The longest game of `parlor speed stats`, with its deal as contest input.
#[derive(Serialize)]
pub struct LongestJson {
    /// Its number among the seed's deals.
    pub deal: u64,
    /// The instant of its last landing.
    pub end_ms: u32,
    /// A's line of contest input.
    pub a: String,
    /// B's line of contest input.
    pub b: String,
}

impl StatsJson {
    /// The statistics `tally` of the deals of `seed` cut at `split`.
    pub fn new(seed: u64, split: Split, tally: &speed::stats::Stats) -> StatsJson {
        let longest = tally.longest.map(|(end_ms, deal)| {
            let [a, b] = contest_lines(&Deal::random(seed, deal, split));
            LongestJson { deal, end_ms, a, b }
        });
        StatsJson {
            deals: tally.games,
            seed,
            split: [split.a(), split.b()],
            a_wins: Rate::new(tally.a_wins, tally.games),
            length_ms: tally.length().report(),
            deadends: tally.deadends.report(),
            cancelled_moves: tally.returns.report(),
            same_instant_finishes: Rate::new(tally.together, tally.games),
            longest,
        }
    }
}

/// A step of a game of a player against the robot ([`speed::Step`]), as the page draws it: the
/// game so far in the shape of [`GameJson`] (with `winner`, `end_ms`, `deadends` and `returns`
/// null until the game is over), where it stopped and why, the cards at that instant and what the
/// player may do then.
#[derive(Serialize)]
pub struct StepJson {
    /// The player's seat, `A` or `B`.
    seat: String,
    /// The robot's reaction time.
    reaction_ms: u32,
    /// The player's actions, in the log's notation.
    log: String,
    /// The instant the step stopped at, in ms.
    at: u32,
    /// `choice` (the player may act, something having just changed), `stalled` (the player may
    /// act and nothing moves until it does) or `over`.
    stop: &'static str,
    /// At a `choice`, the next instant at which something happens if the player does nothing.
    next: Option<u32>,
    winner: Option<String>,
    end_ms: Option<u32>,
    deadends: Option<u32>,
    returns: Option<u32>,
    a: Vec<String>,
    b: Vec<String>,
    /// Each seat's spans with no action under way, up to `at`.
    waits: Vec<WaitJson>,
    /// Every action from the opening; one under way at `at` is `unfinished`, ending at `at`.
    events: Vec<EventJson>,
    /// A's seat and B's at `at`.
    seats: [SeatJson; 2],
    /// The top cards of table A and table B at `at` (null before the openings land).
    tops: [Option<String>; 2],
    /// What the player may do at `at`, in the log's notation (`d2`, `r1`, `l3`); empty at the
    /// end.
    legal: Vec<String>,
}

/// One seat at an instant.
#[derive(Serialize)]
struct SeatJson {
    /// Slot 1 (rightmost) first; null for an empty slot.
    slots: [Option<String>; 4],
    /// Cards left in the deck.
    deck: usize,
    /// The action under way, if any.
    carry: Option<CarryJson>,
}

/// An action under way: as an event, with `due`, when it completes unless cancelled first.
#[derive(Serialize)]
struct CarryJson {
    kind: String,
    card: String,
    from: String,
    to: String,
    start: u32,
    due: u32,
}

impl StepJson {
    /// `step`, of the game `game` on `deal`.
    pub fn new(deal: &Deal, game: &Versus, step: &Step) -> StepJson {
        let (stop, next, over) = match step.stop {
            Stop::Choice { next } => ("choice", Some(next), None),
            Stop::Stalled => ("stalled", None, None),
            Stop::Over { outcome, .. } => ("over", None, Some(outcome)),
        };
        StepJson {
            seat: game.seat().to_string(),
            reaction_ms: game.reaction().ms(),
            log: game.log().to_string(),
            at: step.at,
            stop,
            next,
            winner: over.map(|o| o.winner.to_string()),
            end_ms: over.map(|o| o.end_ms),
            deadends: over.map(|o| o.deadends),
            returns: over.map(|o| o.returns),
            a: names(deal.a()),
            b: names(deal.b()),
            waits: waits_json(&step.events, step.at),
            events: step.events.iter().map(EventJson::new).collect(),
            seats: step.view.seats.map(|seat| SeatJson::new(&seat)),
            tops: step.view.tops.map(|top| top.map(|card| card.to_string())),
            legal: step.legal.iter().map(Action::to_string).collect(),
        }
    }
}

impl SeatJson {
    fn new(seat: &SeatView) -> SeatJson {
        SeatJson {
            slots: seat.slots.map(|slot| slot.map(|card| card.to_string())),
            deck: seat.deck,
            carry: seat.carry.map(|carry| {
                let Carry {
                    kind,
                    card,
                    from,
                    to,
                    start,
                    due,
                } = carry;
                CarryJson {
                    kind: kind.to_string(),
                    card: card.to_string(),
                    from: from.to_string(),
                    to: to.to_string(),
                    start,
                    due,
                }
            }),
        }
    }
}
