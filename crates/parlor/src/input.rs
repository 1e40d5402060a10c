//! Reading the input named on the command line: a file, or standard input for `-` or none.
//!
//! Every reader takes its whole input first, so that bad input prints nothing: the games' formats
//! are those of contest judges, whose answer to a bad file is no answer. The input is bounded
//! ([`report::text::LONGEST_INPUT`]), so that an endless or huge input (`yes 2 | parlor
//! camicia`, `/dev/zero`) is refused at once rather than read until memory runs out; a
//! byte-order mark at its start is skipped.

use crate::error::CliError;
use report::text::LONGEST_INPUT;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The whole input as text, without a leading byte-order mark. Bytes that are not UTF-8 are bad
/// input, reported at their place.
pub fn read_text(file: Option<&Path>) -> Result<String, CliError> {
    let (bytes, name): (Vec<u8>, String) = match file {
        None => (read_stdin()?, "standard input".into()),
        Some(path) if path == Path::new("-") => (read_stdin()?, "standard input".into()),
        Some(path) => {
            let unreadable = |source| CliError::Read {
                path: path.to_owned(),
                source,
            };
            let file = std::fs::File::open(path).map_err(unreadable)?;
            if file.metadata().is_ok_and(|m| m.is_dir()) {
                return Err(unreadable(io::Error::other("it is a folder, not a file")));
            }
            (
                read_bounded(file).map_err(unreadable)?,
                path.display().to_string(),
            )
        }
    };
    report::text::decode(bytes, &name).map_err(CliError::BadInput)
}

/// [`read_text`] for a command whose first word may be a file or a subcommand: a file that does
/// not exist and is spelt like one of `subcommands` gets "did you mean".
pub fn read_text_or_suggest(file: Option<&Path>, subcommands: &[&str]) -> Result<String, CliError> {
    let Some(path) = file.filter(|p| !p.exists() && *p != Path::new("-")) else {
        return read_text(file);
    };
    let word = path.to_string_lossy();
    let close = subcommands
        .iter()
        .filter(|name| distance(&word, name) <= 2)
        .min_by_key(|name| distance(&word, name));
    match close {
        Some(name) => Err(CliError::BadInput(format!(
            "{}: no such file or subcommand; did you mean the subcommand `{name}`?",
            excerpt::Excerpt::of(&word)
        ))),
        None => read_text(file),
    }
}

/// The edit distance (Levenshtein) between two words.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous + usize::from(ca != cb);
            previous = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(previous + 1);
        }
    }
    row[b.len()]
}

/// At most one byte more than [`LONGEST_INPUT`]: enough to know the input is too long.
fn read_bounded(reader: impl Read) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader.take(LONGEST_INPUT + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

fn read_stdin() -> Result<Vec<u8>, CliError> {
    read_bounded(io::stdin().lock()).map_err(|source| CliError::Read {
        path: PathBuf::from("standard input"),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::distance;

    #[test]
    fn edit_distances() {
        assert_eq!(distance("sovle", "solve"), 2);
        assert_eq!(distance("stat", "stats"), 1);
        assert_eq!(distance("census", "census"), 0);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
    }
}
