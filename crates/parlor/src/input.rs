//! Reading the input named on the command line: a file, or standard input for `-` or none.

use crate::error::CliError;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The whole input as text. Bytes that are not UTF-8 are bad input, reported at their place.
pub fn read_text(file: Option<&Path>) -> Result<String, CliError> {
    let mut bytes = Vec::new();
    match file {
        None => read_stdin(&mut bytes)?,
        Some(path) if path == Path::new("-") => read_stdin(&mut bytes)?,
        Some(path) => {
            bytes = std::fs::read(path).map_err(|source| CliError::Read {
                path: path.to_owned(),
                source,
            })?;
        }
    }
    String::from_utf8(bytes).map_err(|error| {
        let valid = &error.as_bytes()[..error.utf8_error().valid_up_to()];
        // `valid` is UTF-8 by construction.
        let before = std::str::from_utf8(valid).unwrap_or_default();
        let line = before.matches('\n').count() + 1;
        let column = before
            .rsplit('\n')
            .next()
            .unwrap_or_default()
            .chars()
            .count()
            + 1;
        CliError::BadInput(format!(
            "line {line}, column {column}: expected UTF-8 text, found a byte that is not"
        ))
    })
}

fn read_stdin(bytes: &mut Vec<u8>) -> Result<(), CliError> {
    io::stdin()
        .lock()
        .read_to_end(bytes)
        .map(drop)
        .map_err(|source| CliError::Read {
            path: PathBuf::from("standard input"),
            source,
        })
}
