//! A small SVG writer for the games' pictures: rectangles, lines and text, nothing more.

use crate::format::grouped;
use std::fmt::Write;

/// An SVG picture being drawn: shapes and text added in order, then [`Svg::finish`]ed.
pub struct Svg {
    width: f64,
    height: f64,
    body: String,
}

/// Where a text stands relative to its x.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// The text starts at the point.
    Start,
    /// The text is centred on the point.
    Middle,
    /// The text ends at the point.
    End,
}

impl Anchor {
    fn name(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

impl Svg {
    /// An empty picture `width` by `height` units.
    pub fn new(width: f64, height: f64) -> Svg {
        Svg {
            width,
            height,
            body: String::new(),
        }
    }

    /// A rectangle filled with `fill`.
    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, fill: &str) {
        // Writing to a String cannot fail.
        let _ = writeln!(
            self.body,
            r#"<rect x="{x:.2}" y="{y:.2}" width="{width:.2}" height="{height:.2}" fill="{fill}"/>"#
        );
    }

    /// A straight line.
    pub fn line(&mut self, from: (f64, f64), to: (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="{stroke}" stroke-width="{width}"/>"#,
            from.0, from.1, to.0, to.1
        );
    }

    /// An unfilled rectangle with a dashed outline.
    pub fn dashed_rect(&mut self, x: f64, y: f64, width: f64, height: f64, stroke: &str) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{x:.2}" y="{y:.2}" width="{width:.2}" height="{height:.2}" fill="none" stroke="{stroke}" stroke-width="1" stroke-dasharray="3 2"/>"#
        );
    }

    /// A line through `points`, unfilled.
    pub fn polyline(&mut self, points: &[(f64, f64)], stroke: &str, width: f64) {
        let points: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("{x:.2},{y:.2}"))
            .collect();
        let _ = writeln!(
            self.body,
            r#"<polyline points="{}" fill="none" stroke="{stroke}" stroke-width="{width}"/>"#,
            points.join(" ")
        );
    }

    /// A filled circle.
    pub fn circle(&mut self, centre: (f64, f64), radius: f64, fill: &str) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{:.2}" cy="{:.2}" r="{radius}" fill="{fill}"/>"#,
            centre.0, centre.1
        );
    }

    /// `content` at (`x`, `y`), `size` units high, placed by `anchor`.
    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: Anchor, content: &str) {
        let _ = writeln!(
            self.body,
            r#"<text x="{x:.2}" y="{y:.2}" font-size="{size}" text-anchor="{}">{}</text>"#,
            anchor.name(),
            escape(content)
        );
    }

    /// The whole document, on a white background, in a sans-serif font.
    pub fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n\
             <rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n{body}</svg>\n",
            w = self.width,
            h = self.height,
            body = self.body
        )
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// What every chart has: the picture with its title centred on top, and a plot area inside the
/// margins, with its two axes and their labels (the x label under the ticks, the y label above
/// the plot at the left edge).
struct Frame {
    svg: Svg,
    height: f64,
    left: f64,
    top: f64,
    plot_width: f64,
    plot_height: f64,
}

impl Frame {
    fn new(
        (width, height): (f64, f64),
        (left, right, top, bottom): (f64, f64, f64, f64),
        title: &str,
    ) -> Frame {
        let mut svg = Svg::new(width, height);
        svg.text(width / 2.0, 28.0, 16.0, Anchor::Middle, title);
        Frame {
            svg,
            height,
            left,
            top,
            plot_width: width - left - right,
            plot_height: height - top - bottom,
        }
    }

    /// The plot area: its left, its top, its width and its height.
    fn plot(&self) -> (f64, f64, f64, f64) {
        (self.left, self.top, self.plot_width, self.plot_height)
    }

    /// The x axis along the bottom of the plot and the y axis along its left.
    fn axes(&mut self) {
        let bottom = self.top + self.plot_height;
        let right = self.left + self.plot_width;
        self.svg
            .line((self.left, bottom), (right, bottom), "black", 1.0);
        self.svg
            .line((self.left, self.top), (self.left, bottom), "black", 1.0);
    }

    /// The picture with its axis labels, the y label `above` px over the plot.
    fn finish(mut self, x_label: &str, y_label: &str, above: f64) -> String {
        let middle = self.left + self.plot_width / 2.0;
        self.svg
            .text(middle, self.height - 22.0, 13.0, Anchor::Middle, x_label);
        self.svg
            .text(16.0, self.top - above, 13.0, Anchor::Start, y_label);
        self.svg.finish()
    }
}

/// One set of values of a picture of several series ([`ShareLines`]), with its name for the legend.
pub struct Series {
    /// The name in the legend.
    pub name: String,
    /// One value a point on the x axis.
    pub values: Vec<f64>,
}

/// Colours of the series, in order (a colour-blind-safe palette).
pub const PALETTE: [&str; 6] = [
    "#0072b2", "#e69f00", "#009e73", "#d55e00", "#cc79a7", "#56b4e9",
];

/// Counts over bins of equal width on a logarithmic count axis, so that a tail of single games
/// beside bins of thousands stays visible; a mark may point at one value (the longest game).
pub struct LogBars {
    /// The title above the chart.
    pub title: String,
    /// The label under the x axis.
    pub x_label: String,
    /// The label beside the y axis.
    pub y_label: String,
    /// Width of a bin in the x axis' units; bin k holds the values `k * bin .. (k + 1) * bin`.
    pub bin: u64,
    /// How many items fell in each bin, from the first.
    pub counts: Vec<u64>,
    /// A value marked with a line and its label.
    pub mark: Option<(u64, String)>,
}

/// Draws `chart`: bars from a count of 1 up, a grid at each power of ten with headroom to the
/// next, round x ticks over the whole range, and the mark as a labelled line.
pub fn log_bars(chart: &LogBars) -> String {
    let mut frame = Frame::new((960.0, 540.0), (90.0, 30.0, 70.0, 70.0), &chart.title);
    let (left, top, plot_width, plot_height) = frame.plot();
    let svg = &mut frame.svg;
    let most = chart.counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    // One decade of headroom above the tallest bar would waste space: the next power of ten.
    let decades = most.log10().floor() + 1.0;
    let y = |count: f64| {
        // A count of 1 stands a little above the axis so that single games show.
        let level = if count <= 0.0 {
            0.0
        } else {
            (count.log10() + 0.3) / (decades + 0.3)
        };
        top + plot_height * (1.0 - level)
    };
    for decade in 0..=decades as u32 {
        let count = 10f64.powi(decade as i32);
        svg.line(
            (left, y(count)),
            (left + plot_width, y(count)),
            "#dddddd",
            1.0,
        );
        svg.text(
            left - 8.0,
            y(count) + 4.0,
            11.0,
            Anchor::End,
            &grouped(count as u64),
        );
    }
    let end = chart.counts.len().max(1) as u64 * chart.bin;
    let x = |value: f64| left + plot_width * value / end as f64;
    for (k, &count) in chart.counts.iter().enumerate() {
        if count > 0 {
            let from = x((k as u64 * chart.bin) as f64);
            let to = x(((k as u64 + 1) * chart.bin) as f64);
            svg.rect(
                from,
                y(count as f64),
                (to - from - 0.5).max(0.5),
                y(0.0) - y(count as f64),
                PALETTE[0],
            );
        }
    }
    frame.axes();
    let svg = &mut frame.svg;
    let step = nice_step(end as f64 / 10.0);
    let mut tick = 0.0;
    while tick <= end as f64 + 0.5 {
        svg.line((x(tick), y(0.0)), (x(tick), y(0.0) + 5.0), "black", 1.0);
        svg.text(
            x(tick),
            y(0.0) + 20.0,
            11.0,
            Anchor::Middle,
            &grouped(tick as u64),
        );
        tick += step;
    }
    if let Some((value, label)) = &chart.mark {
        let at = x(*value as f64 + 0.5);
        svg.line((at, top - 6.0), (at, y(0.0)), PALETTE[5], 1.5);
        let anchor = if at > left + plot_width * 0.7 {
            Anchor::End
        } else {
            Anchor::Start
        };
        let shift = if anchor == Anchor::End { -6.0 } else { 6.0 };
        svg.text(at + shift, top - 8.0, 12.0, anchor, label);
    }
    frame.finish(&chart.x_label, &chart.y_label, 20.0)
}

/// Shares (in %) at whole-number x values, one line per series, on a logarithmic axis: several
/// series stay apart where bars side by side would be hair-thin, and shares from 25% down to
/// one in a million read on one picture. Marks are labelled vertical lines (a break-even point).
pub struct ShareLines {
    /// The title above the chart.
    pub title: String,
    /// The label under the x axis.
    pub x_label: String,
    /// The label beside the y axis.
    pub y_label: String,
    /// The lines, one a series.
    pub series: Vec<Series>,
    /// Values of x marked with a line and its label.
    pub marks: Vec<(f64, String)>,
}

/// A chart of shares (0 to 1) as lines, one a series, as an SVG picture.
pub fn share_lines(chart: &ShareLines) -> String {
    let mut frame = Frame::new((960.0, 560.0), (90.0, 30.0, 80.0, 70.0), &chart.title);
    let (left, top, plot_width, plot_height) = frame.plot();
    let svg = &mut frame.svg;
    let shares = || {
        chart
            .series
            .iter()
            .flat_map(|s| s.values.iter().copied())
            .filter(|&v| v > 0.0)
    };
    let high = shares().fold(f64::MIN_POSITIVE, f64::max).log10().ceil();
    let low = shares()
        .fold(f64::MAX, f64::min)
        .log10()
        .floor()
        .min(high - 1.0);
    let y = |share: f64| top + plot_height * (high - share.log10()) / (high - low);
    let mut decade = low;
    while decade <= high {
        let share = 10f64.powf(decade);
        svg.line(
            (left, y(share)),
            (left + plot_width, y(share)),
            "#dddddd",
            1.0,
        );
        let label = if decade >= 0.0 {
            format!("{}%", grouped(share as u64))
        } else {
            format!("{share:.*}%", (-decade) as usize)
        };
        svg.text(left - 8.0, y(share) + 4.0, 11.0, Anchor::End, &label);
        decade += 1.0;
    }
    let last = chart
        .series
        .iter()
        .map(|s| s.values.len())
        .max()
        .unwrap_or(1)
        .max(2)
        - 1;
    let x = |value: f64| left + 10.0 + (plot_width - 20.0) * value / last as f64;
    for (value, label) in &chart.marks {
        svg.line(
            (x(*value), top - 4.0),
            (x(*value), top + plot_height),
            "#555555",
            1.0,
        );
        svg.text(x(*value) + 5.0, top + 10.0, 12.0, Anchor::Start, label);
    }
    for (i, series) in chart.series.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        // A share of 0 has no place on a log axis: the line breaks there.
        let mut run = Vec::new();
        for (k, &share) in series.values.iter().enumerate() {
            if share > 0.0 {
                let point = (x(k as f64), y(share));
                svg.circle(point, 2.5, colour);
                run.push(point);
            } else if !run.is_empty() {
                svg.polyline(&std::mem::take(&mut run), colour, 1.5);
            }
        }
        if !run.is_empty() {
            svg.polyline(&run, colour, 1.5);
        }
    }
    let bottom_y = top + plot_height;
    frame.axes();
    let svg = &mut frame.svg;
    let step = nice_step(last as f64 / 13.0).max(1.0) as usize;
    let mut ticks: Vec<usize> = (0..=last).step_by(step).collect();
    if ticks.last() != Some(&last) {
        ticks.push(last);
    }
    for value in ticks {
        svg.line(
            (x(value as f64), bottom_y),
            (x(value as f64), bottom_y + 5.0),
            "black",
            1.0,
        );
        svg.text(
            x(value as f64),
            bottom_y + 20.0,
            11.0,
            Anchor::Middle,
            &value.to_string(),
        );
    }
    // The legend in one row above the plot, where no line runs.
    let mut legend_x = left;
    for (i, series) in chart.series.iter().enumerate() {
        svg.rect(legend_x, top - 26.0, 14.0, 4.0, PALETTE[i % PALETTE.len()]);
        svg.text(
            legend_x + 18.0,
            top - 20.0,
            12.0,
            Anchor::Start,
            &series.name,
        );
        legend_x += 30.0 + 6.5 * series.name.chars().count() as f64;
    }
    frame.finish(&chart.x_label, &chart.y_label, 34.0)
}

/// 1, 2 or 5 times a power of ten, at least `rough`.
pub fn nice_step(rough: f64) -> f64 {
    if rough <= 0.0 || !rough.is_finite() {
        return 1.0;
    }
    let power = 10f64.powf(rough.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&s| s >= rough)
        .unwrap_or(10.0 * power)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_shapes_and_escaped_text() {
        let mut svg = Svg::new(100.0, 50.0);
        svg.rect(1.0, 2.0, 3.0, 4.0, "#123456");
        svg.line((0.0, 0.0), (10.0, 10.0), "black", 1.0);
        svg.text(5.0, 6.0, 12.0, Anchor::Middle, "a < b & \"c\"");
        let doc = svg.finish();
        assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\""));
        assert!(
            doc.contains(
                r##"<rect x="1.00" y="2.00" width="3.00" height="4.00" fill="#123456"/>"##
            )
        );
        assert!(doc.contains("a &lt; b &amp; &quot;c&quot;</text>"));
        assert!(doc.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn log_bars_show_single_games_and_the_whole_range() {
        let chart = LogBars {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            bin: 50,
            counts: vec![1000, 10, 0, 1],
            mark: Some((170, "longest".into())),
        };
        let svg = log_bars(&chart);
        // Three bars, the single game's among them, and ticks to the end of the range.
        assert_eq!(svg.matches("<rect").count(), 1 + 3);
        assert!(svg.contains(">200</text>"));
        assert!(svg.contains(">1,000</text>"));
        assert!(svg.contains(">longest</text>"));
    }

    #[test]
    fn share_lines_break_at_zero_and_label_every_decade() {
        let chart = ShareLines {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            series: vec![Series {
                name: "one".into(),
                values: vec![20.0, 2.0, 0.0, 0.02, 0.0, 0.5],
            }],
            marks: vec![(2.0, "mark".into())],
        };
        let svg = share_lines(&chart);
        // Two runs of line around the zero, a point for every share above zero.
        assert_eq!(svg.matches("<polyline").count(), 3);
        assert_eq!(svg.matches("<circle").count(), 4);
        for label in [
            ">0.01%<", ">0.1%<", ">1%<", ">10%<", ">100%<", ">mark<", ">5<",
        ] {
            assert!(svg.contains(label), "{label}");
        }
    }
}
