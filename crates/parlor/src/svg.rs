//! A small SVG writer for the games' pictures: rectangles, lines and text, nothing more.

use std::fmt::Write;

pub struct Svg {
    width: f64,
    height: f64,
    body: String,
}

/// Where a text stands relative to its x.
#[derive(Clone, Copy)]
pub enum Anchor {
    Start,
    Middle,
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
    pub fn new(width: f64, height: f64) -> Svg {
        Svg {
            width,
            height,
            body: String::new(),
        }
    }

    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, fill: &str) {
        // Writing to a String cannot fail.
        let _ = writeln!(
            self.body,
            r#"<rect x="{x:.2}" y="{y:.2}" width="{width:.2}" height="{height:.2}" fill="{fill}"/>"#
        );
    }

    pub fn line(&mut self, from: (f64, f64), to: (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="{stroke}" stroke-width="{width}"/>"#,
            from.0, from.1, to.0, to.1
        );
    }

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
}
