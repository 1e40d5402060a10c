//! What the tests of the `parlor` binary share: its runs that must succeed or be refused
//! (`run`, which the server's test program shares), the pieces of the long runs' tests
//! (`checkpoint`, `cluster`), and the files they read (`testdata`, which every test program
//! shares).

pub mod checkpoint;
pub mod cluster;
pub mod picture;
pub mod run;
pub mod scratch;
pub mod shell;
pub mod testdata;

use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};

pub use run::{parlor, refused, rejects, stdout_of, stdout_reading};
pub use scratch::scratch;

/// The index of Nessler's record deal (8,344 cards) in camicia.dev's numbering.
pub const NESSLER_INDEX: u128 = 447_247_122_283_566_119_055;

/// The checkout this crate is in, where the pages and `examples/` are.
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Refused with status 2, nothing on stdout, and a message on stderr that says `words`.
pub fn refused_saying(args: &[&str], words: &str) {
    refused(args, "").stderr(predicates::str::contains(words));
}

/// The words of `run` followed by `more`, owned, to be added to.
pub fn with(run: &[&str], more: &[&str]) -> Vec<String> {
    run.iter().chain(more).map(|s| s.to_string()).collect()
}

/// Owned arguments lent as the `&str`s the runs above take.
pub fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// `parlor ARGS` started and left running, its output piped, for a test that stops it or
/// starts others beside it.
pub fn spawn(args: &[String]) -> Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}
