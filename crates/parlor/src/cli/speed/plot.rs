//! `speed stats --plot FILE.svg`: two panels over the same splits. Above, how long the games
//! last: the share of games in each length bin, a line per split (lines, because bars of several
//! splits side by side would be too thin to read). Below, who wins: A's win rate for each split
//! with its 95% Wilson interval, against A's number of cards, with the even line at 50%.

use crate::format::grouped;
use crate::svg::{Anchor, PALETTE, Svg, nice_step};
use speed::Split;
use speed::stats::{STEP_MS, Stats};
use tally::Rate;

const WIDTH: f64 = 960.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 30.0;
const PLOT: f64 = WIDTH - LEFT - RIGHT;
/// The lengths panel, then the wins panel.
const LENGTHS: Panel = Panel {
    top: 96.0,
    height: 300.0,
};
const WINS: Panel = Panel {
    top: 500.0,
    height: 260.0,
};
const HEIGHT: f64 = 830.0;
const GRID: &str = "#dddddd";

/// The picture of the tallies of `splits` (deals of `seed`), in the order given.
pub fn draw(seed: u64, splits: &[(Split, &Stats)]) -> String {
    let mut svg = Svg::new(WIDTH, HEIGHT);
    let games = splits.first().map_or(0, |(_, t)| t.games);
    svg.text(
        WIDTH / 2.0,
        26.0,
        16.0,
        Anchor::Middle,
        &format!(
            "Speed: {} random deals{}, seed {seed}",
            grouped(games),
            if splits.len() > 1 {
                " for each split"
            } else {
                ""
            }
        ),
    );
    let mut at = LEFT;
    for (i, (split, _)) in splits.iter().enumerate() {
        let name = format!("A {} cards, B {}", split.a(), split.b());
        svg.rect(at, 44.0, 14.0, 4.0, PALETTE[i % PALETTE.len()]);
        svg.text(at + 18.0, 50.0, 12.0, Anchor::Start, &name);
        at += 34.0 + 6.5 * name.chars().count() as f64;
    }
    lengths(&mut svg, splits);
    wins(&mut svg, splits);
    svg.finish()
}

/// The share of games in each bin of lengths, a line per split.
fn lengths(svg: &mut Svg, splits: &[(Split, &Stats)]) {
    let (height, bottom) = LENGTHS.titled(
        svg,
        "How long a game lasts: share of games in each bin of lengths",
    );
    let longest = splits
        .iter()
        .map(|(_, t)| t.lengths.len() as u64 * u64::from(STEP_MS))
        .max()
        .unwrap_or(0)
        .max(1000);
    // About 80 bins over the whole range, each a whole number of the clock's steps.
    let bin = (nice_step(longest as f64 / 80.0) as u64).max(u64::from(STEP_MS));
    let bins = longest.div_ceil(bin);
    // The axis starts at a whole 5 s below the shortest game, not at 0 where no game ends.
    let shortest = splits
        .iter()
        .filter_map(|(_, t)| t.lengths.iter().position(|&n| n > 0))
        .min()
        .unwrap_or(0) as u64
        * u64::from(STEP_MS);
    let start = (shortest / 5000 * 5000).min(bins.saturating_sub(1) * bin) / bin * bin;
    let shares: Vec<Vec<f64>> = splits
        .iter()
        .map(|(_, tally)| {
            let mut counts = vec![0u64; bins as usize];
            for (k, &n) in tally.lengths.iter().enumerate() {
                counts[(k as u64 * u64::from(STEP_MS) / bin) as usize] += n;
            }
            let games = tally.games.max(1) as f64;
            counts.iter().map(|&n| 100.0 * n as f64 / games).collect()
        })
        .collect();
    let highest = shares.iter().flatten().fold(0.0f64, |a, &b| a.max(b));
    let step = nice_step(highest.max(0.1) / 5.0);
    let ceiling = ((highest * 1.1) / step).ceil().max(1.0) * step;
    let y = |share: f64| bottom - height * share / ceiling;
    let mut share = 0.0;
    while share <= ceiling + step / 2.0 {
        svg.line((LEFT, y(share)), (LEFT + PLOT, y(share)), GRID, 1.0);
        let decimals = if step < 1.0 { 1 } else { 0 };
        svg.text(
            LEFT - 8.0,
            y(share) + 4.0,
            11.0,
            Anchor::End,
            &format!("{share:.decimals$}%"),
        );
        share += step;
    }
    let (from, until) = (start as f64, (bins * bin) as f64);
    let x = |ms: f64| LEFT + PLOT * (ms - from) / (until - from);
    for (i, shares) in shares.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        // Each bin's share stands at the bin's middle.
        let points: Vec<(f64, f64)> = shares
            .iter()
            .enumerate()
            .skip((start / bin) as usize)
            .map(|(k, &s)| (x((k as f64 + 0.5) * bin as f64), y(s)))
            .collect();
        svg.polyline(&points, colour, 1.5);
    }
    if let [(_, tally)] = splits
        && let (Some(report), Some((end_ms, deal))) = (tally.length().report(), tally.longest)
    {
        mark(
            svg,
            x(report.mean),
            &format!("mean {:.1} s", report.mean / 1000.0),
            Anchor::End,
        );
        mark(
            svg,
            x(f64::from(end_ms)),
            &format!("longest {} ms (deal {})", grouped(end_ms), deal),
            Anchor::End,
        );
    }
    axis_x(svg, bottom, (from / 1000.0, until / 1000.0), |s| {
        x(s * 1000.0)
    });
    svg.text(
        LEFT + PLOT / 2.0,
        bottom + 38.0,
        13.0,
        Anchor::Middle,
        &format!(
            "game length in seconds (bins of {} ms; the game ends when the winner's last card lands)",
            grouped(bin)
        ),
    );
}

/// A panel of the picture: where it starts down the page, and how tall it is.
#[derive(Clone, Copy)]
struct Panel {
    top: f64,
    height: f64,
}

impl Panel {
    /// Writes the panel's title above it, and gives its height and bottom.
    fn titled(self, svg: &mut Svg, title: &str) -> (f64, f64) {
        svg.text(LEFT, self.top - 14.0, 13.0, Anchor::Start, title);
        (self.height, self.top + self.height)
    }
}

/// A labelled vertical line over the lengths panel.
fn mark(svg: &mut Svg, x: f64, label: &str, anchor: Anchor) {
    let Panel { top, height } = LENGTHS;
    svg.line((x, top), (x, top + height), "#555555", 1.0);
    let shift = if anchor == Anchor::End { -5.0 } else { 5.0 };
    svg.text(x + shift, top + 12.0, 11.0, anchor, label);
}

/// Ticks and labels along the bottom of a panel for values `first ..= last`.
fn axis_x(svg: &mut Svg, bottom: f64, (first, last): (f64, f64), x: impl Fn(f64) -> f64) {
    svg.line((LEFT, bottom), (LEFT + PLOT, bottom), "black", 1.0);
    let step = nice_step((last - first) / 12.0);
    let mut value = (first / step).ceil() * step;
    while value <= last + step / 1000.0 {
        svg.line((x(value), bottom), (x(value), bottom + 5.0), "black", 1.0);
        svg.text(
            x(value),
            bottom + 19.0,
            11.0,
            Anchor::Middle,
            &format!("{value}"),
        );
        value += step;
    }
}

/// A's win rate for each split, with its interval, against A's cards.
fn wins(svg: &mut Svg, splits: &[(Split, &Stats)]) {
    let (height, bottom) = WINS.titled(
        svg,
        "Who wins: A's share of the games for each split, with its 95% Wilson interval",
    );
    let y = |share: f64| bottom - height * share;
    for tenth in 0..=10 {
        let share = f64::from(tenth) / 10.0;
        let (colour, width) = if tenth == 5 {
            ("#888888", 1.5)
        } else {
            (GRID, 1.0)
        };
        svg.line((LEFT, y(share)), (LEFT + PLOT, y(share)), colour, width);
        svg.text(
            LEFT - 8.0,
            y(share) + 4.0,
            11.0,
            Anchor::End,
            &format!("{}%", tenth * 10),
        );
    }
    svg.text(
        LEFT + PLOT - 4.0,
        y(0.5) - 5.0,
        11.0,
        Anchor::End,
        "even: 50%",
    );
    let x = |cards: f64| LEFT + PLOT * cards / 52.0;
    for (i, (split, tally)) in splits.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let rate = Rate::new(tally.a_wins, tally.games);
        let at = x(split.a() as f64);
        let [low, high] = rate.wilson95;
        svg.line((at, y(low)), (at, y(high)), colour, 2.0);
        for end in [low, high] {
            svg.line((at - 5.0, y(end)), (at + 5.0, y(end)), colour, 2.0);
        }
        svg.circle((at, y(rate.rate)), 4.0, colour);
        // Above the interval when it is low in the panel, below it when it is high.
        let (label_y, label) = if rate.rate < 0.8 {
            (y(high) - 8.0, format!("{:.1}%", 100.0 * rate.rate))
        } else {
            (y(low) + 18.0, format!("{:.1}%", 100.0 * rate.rate))
        };
        svg.text(at, label_y, 11.0, Anchor::Middle, &label);
    }
    axis_x(svg, bottom, (0.0, 52.0), x);
    svg.text(
        LEFT + PLOT / 2.0,
        bottom + 38.0,
        13.0,
        Anchor::Middle,
        "A's cards (B has the rest of the split)",
    );
}
