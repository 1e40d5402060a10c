//! The `parlor` binary run as a test runs it: a run that must succeed (reading nothing or given
//! input), and a run that must be refused (bad input or bad usage: exit status 2 and nothing on
//! stdout). Shared by both test programs: `tests` and the server's, `serve`.

use assert_cmd::Command;
use assert_cmd::assert::Assert;

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

/// Bad input: refused with exactly one message on stderr, `error: MESSAGE`.
pub fn rejects(args: &[&str], stdin: impl Into<Vec<u8>>, message: &str) {
    refused(args, stdin).stderr(format!("error: {message}\n"));
}
