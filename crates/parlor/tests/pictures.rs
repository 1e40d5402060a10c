//! Every picture parlor draws, read back as a reader's program would: valid XML, an `<svg>` with
//! its size, every text inside the picture (by a generous estimate of its width), and the words
//! a reader needs — axis labels, a legend entry for each series, the marks the picture promises.

mod common;
mod scratch;

use common::{parlor, refused, rejects, stdout_of};
use scratch::scratch;
use std::path::{Path, PathBuf};

/// A picture of a test's own, in a folder removed when the test ends.
struct Picture {
    folder: PathBuf,
    path: PathBuf,
}

impl Picture {
    fn new(name: &str) -> Picture {
        let folder = scratch(&format!("pictures-{name}"));
        let path = folder.join("picture.svg");
        Picture { folder, path }
    }

    /// The arguments `line` (written as one line) with the picture's path after them.
    fn args<'a>(&'a self, line: &'a str) -> Vec<&'a str> {
        let path = self.path.to_str().unwrap();
        line.split_whitespace().chain([path]).collect()
    }

    /// Runs `parlor LINE PATH` reading `stdin`, which must succeed and draw every one of
    /// `wanted`; the texts of the picture it wrote.
    fn drawn(&self, line: &str, stdin: &str, wanted: &[&str]) -> Vec<String> {
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

#[test]
fn camicia_lengths() {
    let picture = Picture::new("camicia");
    let line = "camicia stats --deals 3000 --quiet --plot";
    picture.drawn(
        line,
        "",
        &[
            "cards laid per finished game",
            "finished games (log scale)",
            "cards laid, in bins of",
            "longest: ",
            "1,000",
        ],
    );
    // The picture changes nothing of what is printed.
    assert_eq!(
        stdout_of(&picture.args(line)),
        stdout_of(&["camicia", "stats", "--deals", "3000", "--quiet"])
    );
}

#[test]
fn russian_scores() {
    Picture::new("russian").drawn(
        "russian simulate --deals 400 --strategy random,greedy,clairvoyant --quiet --plot",
        "",
        &[
            "score (cards on the foundations)",
            "share of games (log scale)",
            "break-even: 11 cards",
            "random: mean",
            "greedy: mean",
            "clairvoyant: mean",
        ],
    );
}

#[test]
fn speed_timelines_short_and_long() {
    let picture = Picture::new("speed-timeline");
    let example = "5\nS3 S5 S8 S9 S2\n3\nH7 H3 H4\n1\nHK\n1\nSK\n5\nS4 S3 C8 C7 S5\n6\nHJ H5 D8 D7 HX C2\n0\n";
    picture.drawn(
        "speed --game 3 --timeline",
        example,
        &[
            "robot A",
            "table B",
            "ms",
            "waits",
            "deadend",
            "A wins",
            "opening / restart",
            "draw",
            "waiting (nothing it can do)",
            "where a move was cancelled",
        ],
    );
    // The longest game of a million deals: four rows of ten seconds, nothing outside.
    let longest = "26 DK CA CK CJ D8 H9 H8 SQ C8 SX C7 DQ C9 DJ S7 DX C3 SA D2 H2 S9 D3 C6 C5 CX HJ\n\
                   26 H7 HQ HA S6 HX S5 D5 D4 S4 C4 C2 H5 D7 SJ D6 S8 SK H4 HK H3 H6 D9 S3 S2 DA CQ\n0\n";
    let texts = picture.drawn("speed --timeline", longest, &["39,400 ms"]);
    assert_eq!(texts.iter().filter(|t| *t == "robot B").count(), 4);
}

#[test]
fn speed_stats() {
    Picture::new("speed-stats").drawn(
        "speed stats --deals 2000 --split 13/39,26/26 --quiet --plot",
        "",
        &[
            "A 13 cards, B 39",
            "A 26 cards, B 26",
            "game length in seconds",
            "A's cards (B has the rest of the split)",
            "even: 50%",
        ],
    );
}

#[test]
fn hiq_lines() {
    let picture = Picture::new("hiq");
    picture.drawn(
        "hiq --svg",
        "1\n10 12 17 19 25 0\n",
        &[
            "Hi-Q, game 1 of 1",
            "hole numbers",
            "start: 5 pegs",
            "1. 12 over 19 to 26",
        ],
    );
    picture.drawn(
        "hiq solve --min-moves --quiet --svg",
        "",
        &[
            "won in 18 moves (31 jumps)",
            "the peg that moved, and its path",
            "a peg it took",
            "18. ",
        ],
    );
}

#[test]
fn a_picture_of_a_game_past_the_input_is_refused_before_any_output() {
    let picture = Picture::new("refused");
    let game = "1\n10 12 17 19 25 0\n";
    rejects(
        &picture.args("hiq --game 2 --svg"),
        game,
        "--game 2: the input has 1 game",
    );
    assert!(!picture.path.exists());
    // --game says which game --svg draws: alone it is a usage error.
    refused(&["hiq", "--game", "1"], game);
    rejects(
        &picture.args("speed --game 2 --timeline"),
        "1\nSA\n1\nSK\n0\n",
        "--game 2: the input has 1 data set",
    );
    assert!(!picture.path.exists());
}
