//! A folder of a test's own, for what its commands write and read.

use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

/// The names given so far: every test runs in this one process, so two tests that gave the
/// same name would empty each other's folder.
static GIVEN: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// A fresh folder named for the test (`name`, which no other test of this run may use) and
/// this run, with the repository's `examples/` linked into it (on Unix), so that a command
/// written as the pages write it runs there as it is.
pub fn scratch(name: &str) -> PathBuf {
    let mut given = GIVEN.lock().unwrap_or_else(PoisonError::into_inner);
    assert!(
        !given.iter().any(|n| n == name),
        "two tests share the scratch folder {name:?}"
    );
    given.push(name.to_owned());
    drop(given);
    let folder = std::env::temp_dir().join(format!("parlor-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("a scratch folder");
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        super::repository().join("examples"),
        folder.join("examples"),
    )
    .expect("examples/ linked into the scratch folder");
    folder
}
