//! Bytes read as text, by the command line from a file and by the server from a request's body:
//! bounded, UTF-8 (a byte that is not is reported at its place), without a byte-order mark.

use tally::grouped;

/// The most bytes parlor reads from one input: 64 MiB, a million games of any of the formats.
pub const LONGEST_INPUT: u64 = 64 << 20;

/// Bytes read from `name` as text: at most [`LONGEST_INPUT`] of them, UTF-8 (a byte that is not
/// is bad input, reported at its place), without a leading byte-order mark.
pub fn decode(bytes: Vec<u8>, name: &str) -> Result<String, String> {
    if bytes.len() as u64 > LONGEST_INPUT {
        return Err(format!(
            "{name}: the input is longer than {} bytes (64 MiB), the most parlor reads; split it",
            grouped(LONGEST_INPUT)
        ));
    }
    let text = String::from_utf8(bytes).map_err(|error| {
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
        format!("line {line}, column {column}: expected UTF-8 text, found a byte that is not")
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => text,
    })
}
