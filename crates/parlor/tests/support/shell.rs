//! A command line run as a user types it, in a folder, with the parlor under test first on the
//! PATH.

use std::path::Path;
use std::process::{Command, Output};

/// `command` run by `shell` (`sh` for the pages' rows, `bash` where a test needs its
/// `PIPESTATUS`) in `dir`.
pub fn run(shell: &str, dir: &Path, command: &str) -> Output {
    let bin = Path::new(env!("CARGO_BIN_EXE_parlor")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new(shell)
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .unwrap_or_else(|e| panic!("{shell} runs: {e}"))
}

/// Runs each of `commands` by `shell` in `dir`: each must end with exit status `status`, and
/// none may panic.
pub fn each_exits(shell: &str, dir: &Path, commands: &[&str], status: i32) {
    for command in commands {
        let output = run(shell, dir, command);
        assert_eq!(output.status.code(), Some(status), "{command}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{command}: {stderr}");
    }
}
