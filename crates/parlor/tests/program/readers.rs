//! Every reader of the project on text it was not written for: it must read it or refuse it,
//! never panic, and a refusal must name a place inside the text (`line L, column C`, counted in
//! characters from 1, or just past the end of a line or of the text).

use crate::support::parlor;
use proptest::prelude::*;

/// The line and column a message starts with.
fn place(message: &str) -> (usize, usize) {
    let rest = message
        .strip_prefix("line ")
        .unwrap_or_else(|| panic!("no line in {message:?}"));
    let (line, rest) = rest.split_once(", column ").expect("a column");
    let (column, _) = rest.split_once(':').expect("a colon after the column");
    (
        line.parse().expect("a line number"),
        column.parse().expect("a column number"),
    )
}

fn check_place(text: &str, message: &str) -> Result<(), TestCaseError> {
    let (line, column) = place(message);
    let lines: Vec<&str> = text.split('\n').collect();
    prop_assert!(
        line >= 1 && line <= lines.len() + 1,
        "{message:?} in {text:?}"
    );
    let width = lines.get(line - 1).map_or(0, |l| l.chars().count());
    prop_assert!(
        column >= 1 && column <= width + 1,
        "{message:?} in {text:?}"
    );
    Ok(())
}

fn check<T, E: std::fmt::Display>(text: &str, read: Result<T, E>) -> Result<(), TestCaseError> {
    match read {
        Ok(_) => Ok(()),
        Err(e) => check_place(text, &e.to_string()),
    }
}

/// Any text; text made of `alphabet`, which gets further into a format; and `valid` with a few
/// characters deleted, replaced or inserted, which gets to the end of one.
fn texts(alphabet: &str, valid: &'static str) -> impl Strategy<Value = String> {
    let class = |repeat: &str| {
        proptest::string::string_regex(&format!("[{alphabet}]{repeat}")).expect("a regex")
    };
    let edits = proptest::collection::vec((any::<prop::sample::Index>(), 0..3u8, class("")), 1..4);
    prop_oneof![
        "(?s:.){0,120}",
        class("{0,240}"),
        edits.prop_map(move |edits| {
            let mut chars: Vec<char> = valid.chars().collect();
            for (at, kind, letter) in edits {
                let i = at.index(chars.len() + 1);
                let letter = letter.chars().next().expect("one character");
                match kind {
                    0 if i < chars.len() => drop(chars.remove(i)),
                    1 if i < chars.len() => chars[i] = letter,
                    _ => chars.insert(i, letter),
                }
            }
            chars.into_iter().collect()
        }),
    ]
}

const HIQ_SAMPLE: &str = include_str!(crate::testdata!("examples/hiq.in"));
const HIQ_CROSS: &str =
    "    X X X\n    X X X\nX X X X X X X\nX X X O X X X\nX X X X X X X\n    X X X\n    X X X\n";
const CAMICIA_DECKS: &str = "# two games\n2 A 7 8 Q 10\nS3 4 5 6 K 9 J\n\n---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---\n";
const CAMICIA_JSONL: &str = "{\"playerA\": [\"2\", \"SA\"], \"playerB\": [\"10\", \"J\"], \"x\": 1}\n{\"playerA\": [\"3\"], \"playerB\": [\"Q\"]}\n";
const SPEED_SAMPLE: &str = include_str!(crate::testdata!("testdata/speed/seed-example.in"));
const RUSSIAN_SAMPLE: &str = include_str!(crate::testdata!("examples/russian.txt"));
const RUSSIAN_IN_PROGRESS: &str = include_str!("../../../../examples/russian-unknown.txt");

/// A property for each reader: `NAME: ALPHABET, SAMPLE => PARSE;` — texts near `SAMPLE`, in
/// `ALPHABET`, are either read or refused with a place that is in the text.
macro_rules! every_reader {
    ($($name:ident: $alphabet:literal, $sample:expr => $parse:path;)*) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(1500))]
            $(
                #[test]
                fn $name(text in texts($alphabet, $sample)) {
                    check(&text, $parse(&text))?;
                }
            )*
        }
    };
}

every_reader! {
    hiq_contest_input: "0-9 \\n\\t-", HIQ_SAMPLE => hiq::contest::parse;
    hiq_positions: "0-9XxOo.·● \\n", HIQ_CROSS => hiq::position::parse_position;
    camicia_decks: "\\-0-9XJQKASHDC/# \\n", CAMICIA_DECKS => camicia::notation::parse_games;
    speed_contest_input: "0-9SHDCAKQJXT \\n", SPEED_SAMPLE => speed::contest::parse;
    russian_layouts: "\\[\\]SHDC0-9AKQJX \\n", RUSSIAN_SAMPLE => russian::Layout::parse;
    russian_positions_in_progress:
        "\\[\\]?SHDC0-9AKQJX: \\nfoundatise\\-", RUSSIAN_IN_PROGRESS => russian::Table::parse;
}

proptest! {
    // Each case runs the binary, so fewer of them.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn camicia_json_lines(text in texts("{}\\[\\]\":, playerAB0-9JQKSH\\n", CAMICIA_JSONL)) {
        let output = parlor()
            .args(["camicia", "--input", "jsonl"])
            .write_stdin(text.clone())
            .output()
            .expect("parlor runs");
        match output.status.code() {
            Some(0) => prop_assert!(output.stderr.is_empty()),
            Some(2) => {
                prop_assert!(output.stdout.is_empty());
                let stderr = String::from_utf8(output.stderr).expect("UTF-8 messages");
                let message = stderr.strip_prefix("error: ").expect("an error message");
                prop_assert_eq!(message.lines().count(), 1);
                check_place(&text, message)?;
            }
            other => prop_assert!(false, "exit status {other:?} for {text:?}"),
        }
    }
}
