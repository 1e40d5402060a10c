//! The house's figures, checked on every test run so that no merge loses them quietly: no source
//! file (Rust, JavaScript, CSS, HTML, WGSL and the scripts, tests included) over 700 lines. A file
//! that grows past it is split along its seams (a page's board, controls and statistics; a
//! solver's search and its reduction), not trimmed of its comments.

use crate::support::repository;
use std::path::{Path, PathBuf};

/// The most lines a source file may have.
const MOST_LINES: usize = 700;

/// Folders that hold no source of the project's: build outputs, git's own, the fuzzers' corpora
/// and their builds, and what npm may install for a page's tool.
const NOT_SOURCE: [&str; 5] = ["target", ".git", "corpus", "artifacts", "node_modules"];

fn is_source(path: &Path) -> bool {
    let in_scripts = path
        .parent()
        .is_some_and(|folder| folder.file_name().is_some_and(|name| name == "scripts"));
    match path.extension().and_then(|extension| extension.to_str()) {
        Some(extension) => ["rs", "js", "css", "html", "wgsl", "sh", "py"].contains(&extension),
        // The scripts have no extension, and are as much code as the rest.
        None => in_scripts,
    }
}

/// Every source file under `folder`, in a stable order.
fn sources(folder: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", folder.display()))
        .map(|entry| entry.expect("a folder's entry reads").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if path.is_dir() {
            if !NOT_SOURCE.contains(&name.as_ref()) && !name.starts_with("target-") {
                sources(&path, found);
            }
        } else if is_source(&path) {
            found.push(path);
        }
    }
}

/// The files of `root` over [`MOST_LINES`], each with its count, as the test reports them.
fn too_long(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    sources(root, &mut files);
    files
        .iter()
        .filter_map(|path| {
            let lines = std::fs::read_to_string(path).ok()?.lines().count();
            let shown = path.strip_prefix(root).unwrap_or(path).display();
            (lines > MOST_LINES).then(|| format!("{shown}: {lines} lines"))
        })
        .collect()
}

#[test]
fn no_source_file_is_over_seven_hundred_lines() {
    let root = repository();
    let mut counted = Vec::new();
    sources(&root, &mut counted);
    // The walk must have seen the project, or the check below would pass on nothing.
    assert!(
        counted.len() > 200 && counted.iter().any(|path| path.ends_with("src/main.rs")),
        "the walk from {} found only {} source files",
        root.display(),
        counted.len()
    );
    let over = too_long(&root);
    assert!(
        over.is_empty(),
        "files over {MOST_LINES} lines; split each along its seams:\n{}",
        over.join("\n")
    );
}

#[test]
fn a_file_one_line_too_long_is_named() {
    let scratch = std::env::temp_dir().join(format!("parlor-house-{}", std::process::id()));
    let page = scratch.join("crates/game/web");
    std::fs::create_dir_all(&page).expect("a scratch folder");
    std::fs::create_dir_all(scratch.join("target")).expect("a scratch folder");
    let line = "let x = 1;\n";
    std::fs::write(page.join("long.js"), line.repeat(MOST_LINES + 1)).unwrap();
    std::fs::write(page.join("fits.css"), line.repeat(MOST_LINES)).unwrap();
    std::fs::write(page.join("notes.md"), line.repeat(2 * MOST_LINES)).unwrap();
    std::fs::write(scratch.join("target/built.rs"), line.repeat(2 * MOST_LINES)).unwrap();
    let over = too_long(&scratch);
    std::fs::remove_dir_all(&scratch).ok();
    assert_eq!(over, ["crates/game/web/long.js: 701 lines"]);
}
