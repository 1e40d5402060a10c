//! Every picture parlor draws, read back as a reader's program would: valid XML, an `<svg>` with
//! its size, every text inside the picture (by a generous estimate of its width), and the words
//! a reader needs — axis labels, a legend entry for each series, the marks the picture promises.

use super::{parlor, scratch};
use std::path::{Path, PathBuf};

/// A picture of a test's own, in a folder removed when the test ends.
pub struct Picture {
    folder: PathBuf,
    pub path: PathBuf,
}

impl Picture {
    pub fn new(name: &str) -> Picture {
        let folder = scratch(&format!("pictures-{name}"));
        let path = folder.join("picture.svg");
        Picture { folder, path }
    }

    /// The arguments `line` (written as one line) with the picture's path after them.
    pub fn args<'a>(&'a self, line: &'a str) -> Vec<&'a str> {
        let path = self.path.to_str().unwrap();
        line.split_whitespace().chain([path]).collect()
    }

    /// Runs `parlor LINE PATH` reading `stdin`, which must succeed and draw every one of
    /// `wanted`; the texts of the picture it wrote.
    pub fn drawn(&self, line: &str, stdin: &str, wanted: &[&str]) -> Vec<String> {
        let texts = drawn(&self.args(line), stdin, &self.path);
        for wanted in wanted {
            assert!(
                texts.iter().any(|t| t.contains(wanted)),
                "no text with {wanted:?} in {texts:?}"
            );
        }
        texts
    }
}

impl Drop for Picture {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// Runs `parlor ARGS` (with `stdin`), which must succeed, and returns the texts of the picture
/// it wrote at `picture`, after checking the document.
fn drawn(args: &[&str], stdin: &str, picture: &Path) -> Vec<String> {
    parlor().args(args).write_stdin(stdin).assert().success();
    let svg = std::fs::read_to_string(picture).unwrap();
    let document = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let size = |name| -> f64 { root.attribute(name).unwrap().parse().unwrap() };
    let (width, height) = (size("width"), size("height"));
    assert!(width > 0.0 && height > 0.0);
    assert_eq!(
        root.attribute("viewBox"),
        Some(format!("0 0 {width} {height}").as_str())
    );
    let mut texts = Vec::new();
    for node in root.descendants().filter(|n| n.has_tag_name("text")) {
        let text = node.text().unwrap_or_default().to_owned();
        assert!(!text.trim().is_empty(), "{args:?}: an empty text");
        let number = |name| -> f64 { node.attribute(name).unwrap().parse().unwrap() };
        let (x, y, size) = (number("x"), number("y"), number("font-size"));
        // Sans-serif letters are narrower than 0.62 of the size on average.
        let extent = 0.62 * size * text.chars().count() as f64;
        let (left, right) = match node.attribute("text-anchor") {
            Some("end") => (x - extent, x),
            Some("middle") => (x - extent / 2.0, x + extent / 2.0),
            _ => (x, x + extent),
        };
        assert!(
            left >= -1.0 && right <= width + 1.0 && y - size >= -1.0 && y <= height + 1.0,
            "{args:?}: {text:?} at ({x}, {y}) runs out of the {width} × {height} picture"
        );
        texts.push(text);
    }
    texts
}
