//! What parlor's two doors, the program and the server, write a line at a time, each written
//! one way: a JSON object on one line (every command's `--json`, every answer of the server,
//! which are the same bytes), and a message on standard error.
//!
//! ```
//! let mut out = Vec::new();
//! lines::json(&mut out, &serde_json::json!({"won": true})).unwrap();
//! assert_eq!(out, b"{\"won\":true}\n");
//! ```

use serde::Serialize;
use std::io::{self, Write};

/// Writes `value` as one line of JSON: compact, ended by a newline.
///
/// # Errors
///
/// When `out` cannot be written, or `value` cannot be serialized (a map with keys that are not
/// strings).
pub fn json(out: &mut (impl Write + ?Sized), value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    writeln!(out)
}

/// Writes `line` to standard error, as a message that may be lost: false if it cannot be
/// written (closed, full), which never panics.
pub fn say(line: &str) -> bool {
    tell(line).is_ok()
}

/// Writes `line` to standard error, as a message whose loss is a failure of its own.
///
/// # Errors
///
/// When standard error cannot be written (closed, full).
pub fn tell(line: &str) -> io::Result<()> {
    writeln!(io::stderr().lock(), "{line}")
}
