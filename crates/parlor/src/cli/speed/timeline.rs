//! `--timeline FILE.svg`: one data set drawn against the clock. One lane per robot with a bar per
//! action, coloured by kind; the two tables between them with their top card as it changes;
//! landings marked by a tick from the bar's end to the table; the time axis in ms.

use crate::svg::{Anchor, Svg};
use speed::{Deal, Event, Kind, Place, Robot, Status, Table, sim};

const LEFT: f64 = 96.0;
const RIGHT: f64 = 30.0;
const BAR: f64 = 26.0;
/// Top of each row: robot A's lane, table A, table B, robot B's lane.
const LANE_A: f64 = 52.0;
const TABLE_A: f64 = 96.0;
const TABLE_B: f64 = 122.0;
const LANE_B: f64 = 160.0;
const ROW: f64 = 20.0;
const AXIS: f64 = 200.0;
const HEIGHT: f64 = 270.0;

/// Colours: full for what happened, pale for a move that was cancelled or cut by the end.
const PUT: &str = "#8e6cbf";
const DRAW: &str = "#9aa5b1";
const MOVE_RIGHT: &str = "#3f9b4a";
const MOVE_LEFT: &str = "#e08a2c";
const RETURN: &str = "#d9534f";
const PALE_RIGHT: &str = "#b9dcbd";
const PALE_LEFT: &str = "#f4d2aa";
const PALE_OTHER: &str = "#e3e3e3";
const TABLE_FILLS: [&str; 2] = ["#f6f2e6", "#e8e1cb"];
const GRID: &str = "#ececec";
const INK: &str = "#333333";

fn colour(e: &Event) -> &'static str {
    let right = matches!(e.to, Place::Table(t) if t == e.robot.right());
    match (e.kind, e.status) {
        (Kind::Opening | Kind::Restart, _) => PUT,
        (Kind::Draw, Status::Unfinished) | (Kind::Return, Status::Unfinished) => PALE_OTHER,
        (Kind::Draw, _) => DRAW,
        (Kind::Return, _) => RETURN,
        (Kind::Move, Status::Done) if right => MOVE_RIGHT,
        (Kind::Move, Status::Done) => MOVE_LEFT,
        (Kind::Move, _) if right => PALE_RIGHT,
        (Kind::Move, _) => PALE_LEFT,
    }
}

/// A tick step that leaves at least 60 px between labels.
fn tick_step(scale: f64) -> u32 {
    [100, 200, 500, 1000, 2000, 5000, 10_000]
        .into_iter()
        .find(|&step| f64::from(step) * scale >= 60.0)
        .unwrap_or(20_000)
}

/// The picture of data set `k` as an SVG document.
pub fn draw(deal: &Deal, game: &sim::Game, k: usize) -> String {
    let end = game.outcome.end_ms;
    // A little room after the end shows the tables' last cards.
    let span = end + (end / 16).max(250);
    // Short games are stretched to about 900 px; long ones keep 0.1 px per ms (a draw is 30 px).
    let scale = (900.0 / f64::from(span)).max(0.1);
    let x = |t: u32| LEFT + f64::from(t) * scale;
    let width = x(span) + RIGHT;
    let mut svg = Svg::new(width.ceil(), HEIGHT);

    let o = &game.outcome;
    svg.text(
        LEFT,
        22.0,
        14.0,
        Anchor::Start,
        &format!(
            "Speed, data set {k}: {} wins at {} ms ({} deadend{}, {} cancelled move{})",
            o.winner,
            o.end_ms,
            o.deadends,
            if o.deadends == 1 { "" } else { "s" },
            o.returns,
            if o.returns == 1 { "" } else { "s" }
        ),
    );
    svg.text(
        LEFT,
        38.0,
        10.0,
        Anchor::Start,
        &format!(
            "A: {}  |  B: {}",
            super::card_list(deal.a()),
            super::card_list(deal.b())
        ),
    );

    let step = tick_step(scale);
    for t in (0..=span).step_by(step as usize) {
        svg.line((x(t), LANE_A - 4.0), (x(t), AXIS), GRID, 1.0);
        svg.line((x(t), AXIS), (x(t), AXIS + 5.0), INK, 1.0);
        svg.text(x(t), AXIS + 17.0, 10.0, Anchor::Middle, &t.to_string());
    }
    svg.line((LEFT, AXIS), (x(span), AXIS), INK, 1.0);
    svg.text(x(span) + 4.0, AXIS + 4.0, 10.0, Anchor::Start, "ms");
    // The end of the game.
    svg.line((x(end), LANE_A - 4.0), (x(end), AXIS), INK, 1.0);
    svg.text(
        x(end) + 3.0,
        LANE_A - 6.0,
        9.0,
        Anchor::Start,
        &format!("{} wins", o.winner),
    );

    let labels = [
        (LANE_A + BAR / 2.0, "robot A"),
        (TABLE_A + ROW / 2.0, "table A"),
        (TABLE_B + ROW / 2.0, "table B"),
        (LANE_B + BAR / 2.0, "robot B"),
    ];
    for (y, label) in labels {
        svg.text(LEFT - 8.0, y + 4.0, 12.0, Anchor::End, label);
    }

    for table in Table::BOTH {
        draw_table(&mut svg, game, table, &x, span);
    }
    for e in &game.events {
        draw_action(&mut svg, e, &x);
    }
    for e in game
        .events
        .iter()
        .filter(|e| e.kind == Kind::Restart && e.robot == Robot::A)
    {
        svg.text(
            x(e.start) + 2.0,
            LANE_A - 6.0,
            9.0,
            Anchor::Start,
            "deadend",
        );
    }
    draw_legend(&mut svg, AXIS + 42.0);
    svg.finish()
}

fn lane_top(robot: Robot) -> f64 {
    match robot {
        Robot::A => LANE_A,
        Robot::B => LANE_B,
    }
}

fn row_top(table: Table) -> f64 {
    match table {
        Table::A => TABLE_A,
        Table::B => TABLE_B,
    }
}

fn draw_action(svg: &mut Svg, e: &Event, x: &impl Fn(u32) -> f64) {
    let (x0, x1) = (x(e.start), x(e.end));
    if x1 <= x0 {
        return;
    }
    let top = lane_top(e.robot);
    // A hair of white between back-to-back actions keeps them apart.
    svg.rect(x0 + 0.5, top, (x1 - x0 - 1.0).max(0.5), BAR, colour(e));
    if x1 - x0 >= 18.0 {
        svg.text(
            (x0 + x1) / 2.0,
            top + BAR / 2.0 + 4.0,
            10.0,
            Anchor::Middle,
            &e.card.to_string(),
        );
    }
    let mid = top + BAR / 2.0;
    match (e.status, e.to) {
        (Status::Cancelled, _) => {
            // A cross where the move was stopped.
            svg.line((x1 - 5.0, mid - 5.0), (x1 + 5.0, mid + 5.0), RETURN, 2.0);
            svg.line((x1 - 5.0, mid + 5.0), (x1 + 5.0, mid - 5.0), RETURN, 2.0);
        }
        (Status::Done, Place::Table(table)) => {
            // The landing: a tick from the bar's end to the table's row.
            let row = row_top(table);
            let (from, to) = match e.robot {
                Robot::A => (top + BAR, row + ROW / 2.0),
                Robot::B => (top, row + ROW / 2.0),
            };
            svg.line((x1, from), (x1, to), INK, 1.5);
            svg.rect(x1 - 2.5, to - 2.5, 5.0, 5.0, INK);
        }
        _ => {}
    }
}

fn draw_table(svg: &mut Svg, game: &sim::Game, table: Table, x: &impl Fn(u32) -> f64, span: u32) {
    let landings: Vec<&Event> = game
        .events
        .iter()
        .filter(|e| e.landed() && e.to == Place::Table(table))
        .collect();
    let top = row_top(table);
    for (i, e) in landings.iter().enumerate() {
        let until = landings.get(i + 1).map_or(span, |next| next.end);
        let (x0, x1) = (x(e.end), x(until));
        svg.rect(x0, top, (x1 - x0).max(1.0), ROW, TABLE_FILLS[i % 2]);
        if x1 - x0 >= 16.0 {
            svg.text(
                x0 + 4.0,
                top + ROW / 2.0 + 4.0,
                10.0,
                Anchor::Start,
                &e.card.to_string(),
            );
        }
    }
}

fn draw_legend(svg: &mut Svg, y: f64) {
    let items = [
        (PUT, "opening / restart"),
        (DRAW, "draw"),
        (MOVE_RIGHT, "move right"),
        (MOVE_LEFT, "move left"),
        (RETURN, "return"),
        (PALE_RIGHT, "cancelled or unfinished (pale)"),
    ];
    let mut at = LEFT;
    for (fill, label) in items {
        svg.rect(at, y - 10.0, 12.0, 12.0, fill);
        svg.text(at + 16.0, y, 11.0, Anchor::Start, label);
        at += 28.0 + 6.5 * label.len() as f64;
    }
    svg.rect(at, y - 6.5, 5.0, 5.0, INK);
    svg.text(at + 9.0, y, 11.0, Anchor::Start, "landing; ✕ cancelled");
}
