//! `testdata!`, the one way the tests name a file they read: every test program of parlor and of
//! the server includes this file (the server's by its path), so that one macro serves them all.

/// `testdata!("testdata/GAME/FILE")`: the path of a file the tests read, from the repository's
/// root, as a literal, so that `include_str!(testdata!(…))` is its text. The tests' own inputs
/// are in `testdata/`; where the data is one of the README's examples (`examples/`) or a
/// catalogue the tour cites (`data/`), the tests read it there, with no copy.
#[macro_export]
macro_rules! testdata {
    ($file:literal) => {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../", $file)
    };
}
