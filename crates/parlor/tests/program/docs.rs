//! The examples of README.md and docs/*.md run as written: every command of a `console` block
//! is run by `sh` from a scratch folder (with `examples/` at hand, an empty `target/` for what
//! the pages write, and this build's `parlor` first on the PATH), and what it prints must be what
//! the page shows; the few commands that take minutes run on fewer deals (`SMALLER`). A line that reports a time is compared with its numbers masked; a page that cuts
//! an output short with a line `…` is compared up to that line; an example shown with `error: …`
//! is compared with standard error. The examples are shell commands, so this runs where there
//! is a POSIX shell.
#![cfg(unix)]

use crate::support::{repository, scratch, shell};
use std::path::{Path, PathBuf};

/// Commands the pages show that take minutes: the test runs them on fewer deals, as the pages
/// say, replacing the first text by the second, and checks that they succeed.
const SMALLER: [(&str, &str); 3] = [
    ("--deals 1000000000 ", "--deals 100000 "),
    ("--steps 1000000000 ", "--steps 100000 "),
    ("..300000000001000000000", "..300000000000000100000"),
];

struct Example {
    page: String,
    command: String,
    shown: Vec<String>,
}

fn examples_of(page: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(page).expect("the page reads");
    let name = page.file_name().unwrap().to_string_lossy().into_owned();
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                page: name.clone(),
                command: command.to_owned(),
                shown: Vec::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            // A command continued on the next line (`\` at the end) is part of the command.
            if example.command.ends_with('\\') && example.shown.is_empty() {
                example.command.push('\n');
                example.command.push_str(line);
            } else {
                example.shown.push(line.to_owned());
            }
        }
    }
    examples
}

/// Times change from run to run: in a line that gives one, every number is masked.
fn masked(line: &str) -> String {
    let timed = [" s ", " s)", " ms", "/s"]
        .iter()
        .any(|unit| line.contains(unit));
    if !timed {
        return line.to_owned();
    }
    let mut out = String::new();
    let mut in_number = false;
    for c in line.chars() {
        let digit = c.is_ascii_digit() || (in_number && (c == '.' || c == ','));
        if digit && !in_number {
            out.push('#');
        }
        if !digit {
            out.push(c);
        }
        in_number = digit;
    }
    out
}

fn check(example: &Example, folder: &Path) -> Result<(), String> {
    let output = shell::run("sh", folder, &example.command);
    let shows_error = example
        .shown
        .first()
        .is_some_and(|l| l.starts_with("error: "));
    if output.status.success() == shows_error {
        return Err(format!(
            "{}: $ {}\n{}, which the page does not show\n{}",
            example.page,
            example.command,
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let printed = if shows_error {
        &output.stderr
    } else {
        &output.stdout
    };
    let printed = String::from_utf8_lossy(printed);
    let mut printed: Vec<&str> = printed.lines().collect();
    let mut shown: Vec<&str> = example.shown.iter().map(String::as_str).collect();
    while shown.last() == Some(&"") {
        shown.pop();
    }
    if let Some(cut) = shown.iter().position(|&l| l == "…") {
        shown.truncate(cut);
        printed.truncate(cut);
    }
    let differ = shown.len() != printed.len()
        || shown
            .iter()
            .zip(&printed)
            .any(|(s, p)| masked(s) != masked(p));
    if differ {
        return Err(format!(
            "{}: $ {}\n--- shown\n{}\n--- printed\n{}",
            example.page,
            example.command,
            shown.join("\n"),
            printed.join("\n")
        ));
    }
    Ok(())
}

#[test]
fn the_examples_of_the_pages_print_what_the_pages_show() {
    let root = repository();
    let mut pages = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ reads")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);

    let folder = scratch("docs");
    // What the pages write goes to a target/ of the scratch folder, never to the checkout.
    std::fs::create_dir(folder.join("target")).expect("a scratch target/");

    let mut run = 0;
    let mut failures = Vec::new();
    for example in pages.iter().flat_map(|page| examples_of(page)) {
        let mut example = example;
        for (long, short) in SMALLER {
            if example.command.contains(long) {
                example.command = example.command.replace(long, short);
                // The page shows what the long run found (in a table); the short one must succeed.
                example.shown = vec!["…".to_owned()];
            }
        }
        run += 1;
        if let Err(failure) = check(&example, &folder) {
            failures.push(failure);
        }
    }
    std::fs::remove_dir_all(&folder).expect("the scratch folder is removed");
    assert!(run >= 40, "only {run} examples found");
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
}
