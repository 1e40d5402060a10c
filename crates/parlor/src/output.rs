//! Where every command's results go: standard output, buffered, as text or as one JSON object a
//! line (`--json`). One place writes JSON lines, so every command's `--json` is written alike,
//! and every write error reaches the caller (a closed pipe is exit status 1, never a panic).

use crate::error::CliError;
use serde::Serialize;
use std::io::{self, BufWriter, StdoutLock, Write};
use std::path::Path;

/// Standard output, locked and buffered for one command's results.
pub fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::new(io::stdout().lock())
}

/// Writes `value` as one line of JSON, as the server writes its answers.
pub use lines::json as json_line;

/// A command's one result on standard output: `value` as a JSON line with `--json`, else the
/// text `text` writes.
pub fn print(
    json: bool,
    value: &impl Serialize,
    text: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), CliError> {
    let mut out = stdout();
    if json {
        json_line(&mut out, value)?;
    } else {
        text(&mut out)?;
    }
    out.flush()?;
    Ok(())
}

/// Checks, before any work, a picture a command draws after printing its results (`--svg`,
/// `--timeline`), as a long run checks its `--plot`: it can be written there, and it is not the
/// file the command reads (`input`; `-` is standard input). The picture itself is written by
/// `sweep::file::write_atomically`, the one writer of every output file.
pub fn check_picture(
    input: Option<&Path>,
    role: &'static str,
    path: &Path,
) -> Result<(), CliError> {
    let reads: Vec<sweep::file::Role> = input
        .filter(|input| *input != Path::new("-"))
        .map(|input| ("FILE", input))
        .into_iter()
        .collect();
    sweep::file::check_distinct(&reads, &[(role, path)])?;
    sweep::file::check_writable(path)?;
    Ok(())
}

/// `--json`: the results as JSON lines instead of text, in every command.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct Json {
    /// JSON instead of text, one object a line (fields: the game's page in docs/)
    #[arg(id = "json", long = "json")]
    pub on: bool,
}

/// `--trace`: the game step by step, as text.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct Trace {
    /// The game step by step: every move and the table after it
    #[arg(id = "trace", long = "trace")]
    pub on: bool,
}

/// `--ascii`: ASCII only, for terminals and files without Unicode.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct Ascii {
    /// ASCII only: suit letters, X and O for pegs and holes, '#' for bars
    #[arg(id = "ascii", long = "ascii")]
    pub on: bool,
}

/// How a game is shown: its result, every step of it (`--trace`) or JSON (`--json`) — one or
/// the other, each showing the whole game — and in ASCII only (`--ascii`).
#[derive(clap::Args, Clone, Copy, Debug)]
#[command(group(clap::ArgGroup::new("shown").args(["trace", "json"])))]
pub struct Shown {
    /// `--trace`.
    #[command(flatten)]
    pub trace: Trace,
    /// `--json`.
    #[command(flatten)]
    pub json: Json,
    /// `--ascii`.
    #[command(flatten)]
    pub ascii: Ascii,
}

#[cfg(test)]
mod tests {
    use super::json_line;

    #[test]
    fn json_lines_end_with_a_newline() {
        let mut out = Vec::new();
        json_line(&mut out, &serde_json::json!({"deals": 3})).unwrap();
        json_line(&mut out, &[1, 2]).unwrap();
        assert_eq!(out, b"{\"deals\":3}\n[1,2]\n");
    }
}
