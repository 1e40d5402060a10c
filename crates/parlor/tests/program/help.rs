//! Every command's `--help` ends with examples, and every example runs: by `sh`, from a scratch
//! folder holding `examples/`, with this build's `parlor` first on the PATH, it must succeed.
#![cfg(unix)]

use crate::support::{scratch, shell};
use std::process::Command;

const COMMANDS: [&[&str]; 19] = [
    &["hiq"],
    &["hiq", "solve"],
    &["hiq", "census"],
    &["speed"],
    &["speed", "stats"],
    &["camicia"],
    &["camicia", "stats"],
    &["camicia", "search"],
    &["camicia", "index"],
    &["camicia", "deal"],
    &["camicia", "workunit"],
    &["russian"],
    &["russian", "deal"],
    &["russian", "play"],
    &["russian", "simulate"],
    &["russian", "solve"],
    &["russian", "bound"],
    &["russian", "catalogue"],
    &["russian", "hint"],
];

fn examples(command: &[&str]) -> Vec<String> {
    let output = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(command)
        .arg("--help")
        .output()
        .unwrap();
    assert!(output.status.success(), "{command:?}");
    let help = String::from_utf8(output.stdout).unwrap();
    let (_, examples) = help
        .split_once("\nExamples:\n")
        .unwrap_or_else(|| panic!("{command:?} --help has no examples:\n{help}"));
    examples
        .lines()
        .map(|line| line.trim().to_string())
        .filter(|line| !line.is_empty())
        .collect()
}

#[test]
fn every_help_ends_with_examples_of_its_own_command_that_run() {
    let dir = scratch("help");
    let mut failed = Vec::new();
    for command in COMMANDS {
        let examples = examples(command);
        assert!(
            (2..=3).contains(&examples.len()),
            "{command:?}: {examples:?}"
        );
        let own = format!("parlor {}", command.join(" "));
        assert!(
            examples.iter().any(|e| e.contains(&own)),
            "{command:?}: no example of {own}: {examples:?}"
        );
        for example in examples {
            let output = shell::run("sh", &dir, &example);
            if !output.status.success() {
                failed.push(format!("{example}: {output:?}"));
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
