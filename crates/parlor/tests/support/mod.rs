//! What the tests of the `parlor` binary share: the binary, a run that must succeed (reading
//! nothing or given input), a run that must be refused (bad input or bad usage: exit status 2
//! and nothing on stdout), and the pieces of the long runs' tests (`checkpoint`, `cluster`).

pub mod checkpoint;
pub mod cluster;
pub mod picture;
pub mod scratch;
pub mod shell;

use assert_cmd::Command;
use assert_cmd::assert::Assert;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};

pub use scratch::scratch;

/// The checkout this crate is in, where the pages and `examples/` are.
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn parlor() -> Command {
    Command::cargo_bin("parlor").expect("the parlor binary is built for tests")
}

/// `parlor ARGS`, which must succeed and write nothing on stderr; its standard output.
pub fn stdout_of(args: &[&str]) -> String {
    stdout_reading(args, "")
}

/// `parlor ARGS` reading `stdin`, which must succeed and write nothing on stderr; its standard
/// output.
pub fn stdout_reading(args: &[&str], stdin: &str) -> String {
    let output = parlor()
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("parlor runs");
    assert!(output.status.success(), "{args:?}: {output:?}");
    assert!(output.stderr.is_empty(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// `parlor ARGS` reading `stdin`, which must be refused; the rest is for the caller to check.
pub fn refused(args: &[&str], stdin: impl Into<Vec<u8>>) -> Assert {
    parlor()
        .args(args)
        .write_stdin(stdin)
        .assert()
        .code(2)
        .stdout("")
}

/// Refused with status 2, nothing on stdout, and a message on stderr that says `words`.
pub fn refused_saying(args: &[&str], words: &str) {
    refused(args, "").stderr(predicates::str::contains(words));
}

/// Bad input: refused with exactly one message on stderr, `error: MESSAGE`.
pub fn rejects(args: &[&str], stdin: impl Into<Vec<u8>>, message: &str) {
    refused(args, stdin).stderr(format!("error: {message}\n"));
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
