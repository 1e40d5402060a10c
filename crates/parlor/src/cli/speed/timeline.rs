//! `--timeline FILE.svg`: one data set drawn against the clock. One lane per robot with a bar per
//! action, coloured by kind, and its waits; the two tables between them with their top card as it
//! changes; landings marked by a tick from the bar's end to the table; the time axis in ms. A
//! game longer than ten seconds wraps into rows of ten seconds each, so that every picture has
//! the same time scale and a card's label fits on its bar whatever the game's length.

use crate::format::grouped;
use crate::svg::{Anchor, Svg};
use speed::{Deal, Ending, Event, Kind, Pile, Place, Robot, reference};

const LEFT: f64 = 96.0;
const RIGHT: f64 = 30.0;
/// The width of the time axis of a row.
const PLOT: f64 = 900.0;
/// Games up to this long are drawn in one row stretched to [`PLOT`]; longer ones in rows of
/// this many ms.
const ROW_MS: u32 = 10_000;
const BAR: f64 = 26.0;
const BAND: f64 = 20.0;
/// Offsets within a row: notes (deadend, end), robot A's lane, table A, table B, robot B's lane,
/// the axis.
const NOTE: f64 = 8.0;
const LANE_A: f64 = 14.0;
const TABLE_A: f64 = 46.0;
const TABLE_B: f64 = 70.0;
const LANE_B: f64 = 96.0;
const AXIS: f64 = 130.0;
const ROW_HEIGHT: f64 = 166.0;
const HEADER: f64 = 62.0;

const PUT: &str = "#8e6cbf";
const DRAW: &str = "#9aa5b1";
const MOVE_RIGHT: &str = "#3f9b4a";
const MOVE_LEFT: &str = "#e08a2c";
const RETURN: &str = "#d9534f";
const PALE_RIGHT: &str = "#b9dcbd";
const PALE_LEFT: &str = "#f4d2aa";
const PALE_OTHER: &str = "#e3e3e3";
const WAIT: &str = "#8a8a8a";
const TABLE_FILLS: [&str; 2] = ["#f6f2e6", "#e8e1cb"];
const GRID: &str = "#ececec";
const INK: &str = "#333333";

/// Everything the picture can draw, each with its entry in the legend.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Mark {
    Put,
    Draw,
    MoveRight,
    MoveLeft,
    Return,
    PaleRight,
    PaleLeft,
    PaleOther,
    Wait,
    Landing,
    Cross,
}

impl Mark {
    fn of(e: &Event) -> Mark {
        let right = matches!(e.to, Place::Pile(t) if t == e.robot.right());
        match (e.kind, e.ending) {
            (Kind::Opening | Kind::Restart, _) => Mark::Put,
            (Kind::Draw | Kind::Return, Ending::Unfinished) => Mark::PaleOther,
            (Kind::Draw, _) => Mark::Draw,
            (Kind::Return, _) => Mark::Return,
            (Kind::Move, Ending::Done) if right => Mark::MoveRight,
            (Kind::Move, Ending::Done) => Mark::MoveLeft,
            (Kind::Move, _) if right => Mark::PaleRight,
            (Kind::Move, _) => Mark::PaleLeft,
        }
    }

    fn fill(self) -> &'static str {
        match self {
            Mark::Put => PUT,
            Mark::Draw => DRAW,
            Mark::MoveRight => MOVE_RIGHT,
            Mark::MoveLeft => MOVE_LEFT,
            Mark::Return => RETURN,
            Mark::PaleRight => PALE_RIGHT,
            Mark::PaleLeft => PALE_LEFT,
            Mark::PaleOther => PALE_OTHER,
            Mark::Wait => WAIT,
            Mark::Landing | Mark::Cross => INK,
        }
    }

    fn legend(self) -> &'static str {
        match self {
            Mark::Put => "opening / restart after a deadend",
            Mark::Draw => "draw",
            Mark::MoveRight => "move to the right table",
            Mark::MoveLeft => "move to the left table",
            Mark::Return => "return to the slot",
            Mark::PaleRight => "move right, cancelled or cut by the end",
            Mark::PaleLeft => "move left, cancelled or cut by the end",
            Mark::PaleOther => "draw or return cut by the end",
            Mark::Wait => "waiting (nothing it can do)",
            Mark::Landing => "the card lands on the table",
            Mark::Cross => "where a move was cancelled",
        }
    }
}

/// The clock laid out in rows: ms `k * per_row ..` go to row k.
struct Clock {
    end: u32,
    per_row: u32,
    scale: f64,
}

impl Clock {
    fn new(end: u32) -> Clock {
        let end = end.max(1);
        let per_row = if end <= ROW_MS { end } else { ROW_MS };
        Clock {
            end,
            per_row,
            scale: PLOT / f64::from(per_row),
        }
    }

    fn rows(&self) -> u32 {
        self.end.div_ceil(self.per_row)
    }

    fn top(row: u32) -> f64 {
        HEADER + f64::from(row) * ROW_HEIGHT
    }

    fn x(&self, row: u32, t: u32) -> f64 {
        LEFT + f64::from(t.saturating_sub(row * self.per_row)) * self.scale
    }

    /// The row that shows the instant `t`; an instant on a row's boundary ends that row, so that
    /// something landing at 10,000 ms is drawn at the end of the first row.
    fn row_of(&self, t: u32) -> u32 {
        (t.saturating_sub(1) / self.per_row).min(self.rows() - 1)
    }

    /// The pieces of the span `from..until` in each row it crosses: (row, x from, x until).
    fn pieces(&self, from: u32, until: u32) -> impl Iterator<Item = (u32, f64, f64)> + '_ {
        let until = until.min(self.end);
        (0..self.rows()).filter_map(move |row| {
            let (start, stop) = (row * self.per_row, (row + 1) * self.per_row);
            let (a, b) = (from.max(start), until.min(stop));
            (a < b).then(|| (row, self.x(row, a), self.x(row, b)))
        })
    }
}

/// A tick step that leaves at least 60 px between labels.
fn tick_step(scale: f64) -> u32 {
    [100, 200, 500, 1000, 2000, 5000]
        .into_iter()
        .find(|&step| f64::from(step) * scale >= 60.0)
        .unwrap_or(10_000)
}

fn plural(n: u32, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The picture of data set `k` as an SVG document.
pub fn draw(deal: &Deal, game: &reference::Played, k: usize) -> String {
    let clock = Clock::new(game.outcome.end_ms);
    let legend_top = Clock::top(clock.rows()) + 6.0;
    let waits = [Robot::A, Robot::B].map(|robot| (robot, game.waits(robot)));
    let legend = Legend::lay_out(&marks_drawn(game, &waits), LEFT + PLOT);
    let width = LEFT + PLOT + RIGHT;
    let mut svg = Svg::new(width, legend_top + legend.height + 8.0);

    let o = &game.outcome;
    svg.text(
        LEFT,
        20.0,
        14.0,
        Anchor::Start,
        &format!(
            "Speed, data set {k}: {} wins at {} ms ({}, {})",
            o.winner,
            grouped(o.end_ms),
            plural(o.deadends, "deadend"),
            plural(o.returns, "cancelled move")
        ),
    );
    for (y, robot, cards) in [(36.0, "A", deal.a()), (50.0, "B", deal.b())] {
        svg.text(
            LEFT,
            y,
            10.0,
            Anchor::Start,
            &format!("{robot} is dealt: {}", report::speed::card_list(cards)),
        );
    }

    for row in 0..clock.rows() {
        draw_frame(&mut svg, &clock, row);
    }
    for table in Pile::BOTH {
        draw_table(&mut svg, game, table, &clock);
    }
    for (robot, spans) in &waits {
        let robot = *robot;
        for &(from, until) in spans {
            for (row, x0, x1) in clock.pieces(from, until) {
                let top = Clock::top(row) + lane_top(robot);
                svg.dashed_rect(x0 + 1.0, top + 4.0, x1 - x0 - 2.0, BAR - 8.0, WAIT);
                if x1 - x0 >= 48.0 {
                    svg.text(
                        (x0 + x1) / 2.0,
                        top + BAR / 2.0 + 4.0,
                        10.0,
                        Anchor::Middle,
                        "waits",
                    );
                }
            }
        }
    }
    for e in &game.events {
        draw_action(&mut svg, e, &clock);
    }
    for e in game
        .events
        .iter()
        .filter(|e| e.kind == Kind::Restart && e.robot == Robot::A)
    {
        let row = clock.row_of(e.start + 1);
        svg.text(
            clock.x(row, e.start) + 2.0,
            Clock::top(row) + NOTE,
            9.0,
            Anchor::Start,
            "deadend",
        );
    }
    let row = clock.rows() - 1;
    let x_end = clock.x(row, clock.end);
    let top = Clock::top(row);
    svg.line((x_end, top + LANE_A - 2.0), (x_end, top + AXIS), INK, 1.5);
    // Right of the end line where the row leaves room, else left of it.
    let (x_label, anchor) = if x_end + 50.0 <= width {
        (x_end + 3.0, Anchor::Start)
    } else {
        (x_end - 3.0, Anchor::End)
    };
    svg.text(
        x_label,
        top + NOTE,
        9.0,
        anchor,
        &format!("{} wins", o.winner),
    );
    legend.draw(&mut svg, legend_top);
    svg.finish()
}

/// The marks `draw` puts on the picture of `game` with its robots' `waits`, in the legend's
/// order.
fn marks_drawn(game: &reference::Played, waits: &[(Robot, Vec<(u32, u32)>)]) -> Vec<Mark> {
    // An action of no length (a return begun at the last instant) draws no bar.
    let mut marks: Vec<Mark> = game
        .events
        .iter()
        .filter(|e| e.end > e.start)
        .map(Mark::of)
        .collect();
    if game.events.iter().any(Event::landed) {
        marks.push(Mark::Landing);
    }
    if game.events.iter().any(|e| e.ending == Ending::Cancelled) {
        marks.push(Mark::Cross);
    }
    if waits.iter().any(|(_, spans)| !spans.is_empty()) {
        marks.push(Mark::Wait);
    }
    marks.sort();
    marks.dedup();
    marks
}

fn draw_frame(svg: &mut Svg, clock: &Clock, row: u32) {
    let top = Clock::top(row);
    let from = row * clock.per_row;
    let until = ((row + 1) * clock.per_row).min(clock.end);
    let step = tick_step(clock.scale);
    let axis = top + AXIS;
    for t in (from.next_multiple_of(step)..=until).step_by(step as usize) {
        let x = clock.x(row, t);
        svg.line((x, top + LANE_A - 2.0), (x, axis), GRID, 1.0);
        svg.line((x, axis), (x, axis + 5.0), INK, 1.0);
        svg.text(x, axis + 17.0, 10.0, Anchor::Middle, &grouped(t));
    }
    svg.line((LEFT, axis), (clock.x(row, until), axis), INK, 1.0);
    // Left of the row's first tick label, which stands centred on the axis' start.
    svg.text(LEFT - 26.0, axis + 17.0, 10.0, Anchor::End, "ms");
    let labels = [
        (LANE_A + BAR / 2.0, "robot A"),
        (TABLE_A + BAND / 2.0, "table A"),
        (TABLE_B + BAND / 2.0, "table B"),
        (LANE_B + BAR / 2.0, "robot B"),
    ];
    for (y, label) in labels {
        svg.text(LEFT - 8.0, top + y + 4.0, 12.0, Anchor::End, label);
    }
}

fn lane_top(robot: Robot) -> f64 {
    match robot {
        Robot::A => LANE_A,
        Robot::B => LANE_B,
    }
}

fn band_top(table: Pile) -> f64 {
    match table {
        Pile::A => TABLE_A,
        Pile::B => TABLE_B,
    }
}

fn draw_action(svg: &mut Svg, e: &Event, clock: &Clock) {
    let fill = Mark::of(e).fill();
    let pieces: Vec<(u32, f64, f64)> = clock.pieces(e.start, e.end).collect();
    for &(row, x0, x1) in &pieces {
        let top = Clock::top(row) + lane_top(e.robot);
        // A hair of white between back-to-back actions keeps them apart.
        svg.rect(x0 + 0.5, top, (x1 - x0 - 1.0).max(0.5), BAR, fill);
    }
    if let Some(&(row, x0, x1)) = pieces
        .iter()
        .max_by(|a, b| (a.2 - a.1).total_cmp(&(b.2 - b.1)))
        && x1 - x0 >= 18.0
    {
        let top = Clock::top(row) + lane_top(e.robot);
        svg.text(
            (x0 + x1) / 2.0,
            top + BAR / 2.0 + 4.0,
            10.0,
            Anchor::Middle,
            &e.card.to_string(),
        );
    }
    if e.end <= e.start {
        return;
    }
    let row = clock.row_of(e.end);
    let x = clock.x(row, e.end);
    let top = Clock::top(row);
    let mid = top + lane_top(e.robot) + BAR / 2.0;
    match (e.ending, e.to) {
        (Ending::Cancelled, _) => cross(svg, x, mid),
        (Ending::Done, Place::Pile(table)) => {
            let to = top + band_top(table) + BAND / 2.0;
            let from = match e.robot {
                Robot::A => top + LANE_A + BAR,
                Robot::B => top + LANE_B,
            };
            svg.line((x, from), (x, to), INK, 1.5);
            svg.rect(x - 2.5, to - 2.5, 5.0, 5.0, INK);
        }
        _ => {}
    }
}

fn cross(svg: &mut Svg, x: f64, y: f64) {
    svg.line((x - 5.0, y - 5.0), (x + 5.0, y + 5.0), RETURN, 2.0);
    svg.line((x - 5.0, y + 5.0), (x + 5.0, y - 5.0), RETURN, 2.0);
}

fn draw_table(svg: &mut Svg, game: &reference::Played, table: Pile, clock: &Clock) {
    let landings: Vec<&Event> = game
        .events
        .iter()
        .filter(|e| e.landed() && e.to == Place::Pile(table))
        .collect();
    for (i, e) in landings.iter().enumerate() {
        let until = landings.get(i + 1).map_or(clock.end, |next| next.end);
        for (row, x0, x1) in clock.pieces(e.end, until) {
            let top = Clock::top(row) + band_top(table);
            svg.rect(x0, top, (x1 - x0).max(1.0), BAND, TABLE_FILLS[i % 2]);
            if x1 - x0 >= 16.0 {
                svg.text(
                    x0 + 4.0,
                    top + BAND / 2.0 + 4.0,
                    10.0,
                    Anchor::Start,
                    &e.card.to_string(),
                );
            }
        }
    }
}

/// The legend's entries placed in lines no wider than the plot.
struct Legend {
    places: Vec<(Mark, f64, f64)>,
    height: f64,
}

const LEGEND_LINE: f64 = 18.0;

impl Legend {
    fn lay_out(marks: &[Mark], right: f64) -> Legend {
        let mut places = Vec::new();
        let (mut x, mut y) = (LEFT, LEGEND_LINE);
        for &mark in marks {
            // DejaVu Sans at 11 px averages under 6.5 px a character.
            let width = 22.0 + 6.5 * mark.legend().chars().count() as f64;
            if x + width > right && x > LEFT {
                x = LEFT;
                y += LEGEND_LINE;
            }
            places.push((mark, x, y));
            x += width + 14.0;
        }
        Legend { places, height: y }
    }

    fn draw(&self, svg: &mut Svg, top: f64) {
        for &(mark, x, y) in &self.places {
            let y = top + y;
            match mark {
                Mark::Wait => svg.dashed_rect(x, y - 9.0, 14.0, 10.0, WAIT),
                Mark::Landing => svg.rect(x + 4.5, y - 6.5, 5.0, 5.0, INK),
                Mark::Cross => cross(svg, x + 7.0, y - 4.0),
                _ => svg.rect(x, y - 10.0, 14.0, 12.0, mark.fill()),
            }
            svg.text(x + 20.0, y, 11.0, Anchor::Start, mark.legend());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_games_wrap_into_rows_of_ten_seconds() {
        let clock = Clock::new(39_400);
        assert_eq!(clock.rows(), 4);
        assert_eq!(clock.row_of(10_000), 0);
        assert_eq!(clock.row_of(10_001), 1);
        let pieces: Vec<_> = clock.pieces(9_500, 10_700).collect();
        assert_eq!(pieces.len(), 2);
        assert_eq!((pieces[0].0, pieces[1].0), (0, 1));
        assert!((pieces[0].2 - (LEFT + PLOT)).abs() < 1e-9);
        assert!((pieces[1].1 - LEFT).abs() < 1e-9);
        // Short games fill one row.
        let short = Clock::new(2_900);
        assert_eq!(short.rows(), 1);
        assert!((short.x(0, 2_900) - (LEFT + PLOT)).abs() < 1e-9);
        // Nothing is drawn past the end.
        assert_eq!(short.pieces(2_000, 5_000).last().unwrap().2, LEFT + PLOT);
    }
}
