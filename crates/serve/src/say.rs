//! What the server tells the person who started it, on standard error.

use std::io::{self, Write};

/// Writes a line to standard error; false if it cannot (closed, full), which never panics.
pub fn say(line: &str) -> bool {
    writeln!(io::stderr().lock(), "{line}").is_ok()
}

/// Writes a line to standard error that the server must be able to say.
pub fn tell(line: &str) -> Result<(), crate::Error> {
    writeln!(io::stderr().lock(), "{line}").map_err(crate::Error::Write)
}
