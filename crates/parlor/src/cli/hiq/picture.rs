//! `--svg FILE.svg`: a line of play as a strip of boards. A key board gives the hole numbers;
//! then the start and the board after each step (a jump, or with `--min-moves` one peg's run of
//! jumps), the peg that moved drawn in blue with its path as an arrow, and the pegs it took as
//! red rings where they stood.

use crate::svg::{Anchor, Svg};
use hiq::{Board, Hole, Jump};

const CELL: f64 = 15.0;
const PEG: f64 = 5.2;
const FRAME_WIDTH: f64 = 132.0;
const FRAME_HEIGHT: f64 = 150.0;
const PER_ROW: usize = 8;
const MARGIN: f64 = 20.0;
/// The key board's cells, large enough for a number in each hole.
const KEY_CELL: f64 = 24.0;
/// The top of the key board, under the title.
const HEADER: f64 = 42.0;
/// Captions longer than this would run into the next board's.
const CAPTION: usize = 18;

const INK: &str = "#333333";
const EMPTY: &str = "#d5d5d5";
const MOVED: &str = "#0072b2";
const TAKEN: &str = "#d55e00";

/// The picture of `steps` played from `start`, under `title`. Each step is one jump or one
/// peg's run of jumps; a step that is not legal on the board reached is an error (it cannot
/// happen for a line the solver or the player made).
pub fn line(title: &str, start: Board, steps: &[Vec<Jump>]) -> Result<String, String> {
    let frames = steps.len() + 1;
    let rows = frames.div_ceil(PER_ROW);
    let key_height = 7.0 * KEY_CELL + 18.0;
    let width = MARGIN * 2.0 + FRAME_WIDTH * PER_ROW as f64;
    let strip_top = HEADER + key_height + 14.0;
    let height = strip_top + FRAME_HEIGHT * rows as f64 + MARGIN;
    let mut svg = Svg::new(width, height);
    svg.text(MARGIN, 26.0, 15.0, Anchor::Start, title);
    key(&mut svg, MARGIN, HEADER);
    legend(&mut svg, MARGIN + 7.0 * KEY_CELL + 48.0, HEADER + 40.0);

    let mut board = start;
    frame(
        &mut svg,
        0,
        strip_top,
        board,
        &[],
        &[],
        &format!("start: {} pegs", board.peg_count()),
    );
    for (i, step) in steps.iter().enumerate() {
        let mut path = Vec::new();
        let mut taken = Vec::new();
        for &jump in step {
            board = board
                .apply(jump)
                .ok_or_else(|| format!("the jump {jump} is not legal here"))?;
            if path.is_empty() {
                path.push(jump.from());
            }
            path.push(jump.to());
            taken.push(jump.over());
        }
        let caption = match step.as_slice() {
            [jump] => format!("{}. {jump}", i + 1),
            _ => {
                let holes: Vec<String> = path.iter().map(Hole::to_string).collect();
                let whole = format!("{}. {}", i + 1, holes.join("→"));
                if whole.chars().count() <= CAPTION {
                    whole
                } else {
                    format!(
                        "{}. {}→…→{} ({} jumps)",
                        i + 1,
                        holes[0],
                        holes[holes.len() - 1],
                        step.len()
                    )
                }
            }
        };
        frame(&mut svg, i + 1, strip_top, board, &path, &taken, &caption);
    }
    Ok(svg.finish())
}

/// The centre of `hole` on a board whose top left corner is `origin`, with cells of `cell`.
fn centre(origin: (f64, f64), cell: f64, hole: Hole) -> (f64, f64) {
    (
        origin.0 + (f64::from(hole.col()) + 0.5) * cell,
        origin.1 + (f64::from(hole.row()) + 0.5) * cell,
    )
}

/// The marks, one a line, from `(x, y)` down.
fn legend(svg: &mut Svg, x: f64, mut y: f64) {
    let items: [(&str, &str); 4] = [
        (INK, "peg"),
        (EMPTY, "empty hole"),
        (MOVED, "the peg that moved, and its path"),
        (TAKEN, "a peg it took"),
    ];
    for (colour, label) in items {
        if colour == TAKEN {
            ring(svg, (x + 5.0, y - 4.0), colour);
        } else {
            svg.circle((x + 5.0, y - 4.0), PEG, colour);
        }
        svg.text(x + 14.0, y, 12.0, Anchor::Start, label);
        y += 24.0;
    }
}

fn ring(svg: &mut Svg, at: (f64, f64), colour: &str) {
    // Two circles make a ring with the writer's filled circles: colour, then white inside.
    svg.circle(at, PEG + 0.8, colour);
    svg.circle(at, PEG - 1.4, "white");
}

/// The hole numbers, as the contest numbers them.
fn key(svg: &mut Svg, x: f64, y: f64) {
    svg.text(x, y + 10.0, 11.0, Anchor::Start, "hole numbers");
    let origin = (x, y + 18.0);
    for hole in Hole::all() {
        let at = centre(origin, KEY_CELL, hole);
        svg.circle(at, KEY_CELL / 2.0 - 2.0, "#f0f0f0");
        svg.text(
            at.0,
            at.1 + 3.5,
            10.0,
            Anchor::Middle,
            &hole.number().to_string(),
        );
    }
}

fn frame(
    svg: &mut Svg,
    index: usize,
    strip_top: f64,
    board: Board,
    path: &[Hole],
    taken: &[Hole],
    caption: &str,
) {
    let (row, col) = (index / PER_ROW, index % PER_ROW);
    let x = MARGIN + FRAME_WIDTH * col as f64;
    let y = strip_top + FRAME_HEIGHT * row as f64;
    svg.text(x + 3.0, y + 12.0, 10.0, Anchor::Start, caption);
    let origin = (x + (FRAME_WIDTH - 7.0 * CELL) / 2.0, y + 22.0);
    let moved = path.last().copied();
    for hole in Hole::all() {
        let at = centre(origin, CELL, hole);
        if taken.contains(&hole) {
            ring(svg, at, TAKEN);
        } else if Some(hole) == moved {
            svg.circle(at, PEG, MOVED);
        } else if board.contains(hole) {
            svg.circle(at, PEG, INK);
        } else {
            svg.circle(at, 2.2, EMPTY);
        }
    }
    if path.len() > 1 {
        let points: Vec<(f64, f64)> = path.iter().map(|&h| centre(origin, CELL, h)).collect();
        svg.polyline(&points, MOVED, 1.6);
        // The arrow's head at the last hole, pointing along the last jump.
        let (end, before) = (points[points.len() - 1], points[points.len() - 2]);
        let (dx, dy) = (end.0 - before.0, end.1 - before.1);
        let length = (dx * dx + dy * dy).sqrt().max(1e-9);
        let (ux, uy) = (dx / length, dy / length);
        let tip = (end.0 - ux * PEG, end.1 - uy * PEG);
        let back = (tip.0 - ux * 5.0, tip.1 - uy * 5.0);
        let side = (-uy * 3.5, ux * 3.5);
        svg.polyline(
            &[
                (back.0 + side.0, back.1 + side.1),
                tip,
                (back.0 - side.0, back.1 - side.1),
            ],
            MOVED,
            1.6,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_that_is_not_legal_is_refused() {
        let start = Board::standard_start();
        let jump = start.legal_jumps().next().unwrap();
        assert!(line("t", start, &[vec![jump]]).is_ok());
        // The same jump twice: its peg has gone.
        assert!(line("t", start, &[vec![jump], vec![jump]]).is_err());
    }
}
