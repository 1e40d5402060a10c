//! The kept fuzzing corpus of the log's reader (`fuzz/corpus/speed_log`: its seeds, and what
//! the fuzz target `speed_log` found) through the target's own check, on the stable toolchain.

#[path = "common/log_roundtrip.rs"]
mod log_roundtrip;

use std::path::Path;

#[test]
fn the_kept_corpus_passes_the_fuzz_targets_check() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/speed_log");
    let mut inputs = 0;
    for entry in std::fs::read_dir(&folder).unwrap() {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        let outcome = std::panic::catch_unwind(|| log_roundtrip::check(&data));
        assert!(outcome.is_ok(), "{} fails", path.display());
        inputs += 1;
    }
    assert!(inputs >= 31, "{inputs} inputs in {}", folder.display());
}
