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
