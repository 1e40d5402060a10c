//! A folder of a test's own, for what its commands write and read.

use std::path::PathBuf;

/// A fresh folder named for the test (`name`) and this run, with the repository's `examples/`
/// linked into it (on Unix), so that a command written as the pages write it runs there as it
/// is.
pub fn scratch(name: &str) -> PathBuf {
    let folder = std::env::temp_dir().join(format!("parlor-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("a scratch folder");
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples"),
        folder.join("examples"),
    )
    .expect("examples/ linked into the scratch folder");
    folder
}
