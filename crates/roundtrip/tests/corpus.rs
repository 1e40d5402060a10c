//! The fuzzing corpus kept in `fuzz/corpus/` (the inputs that reached new code while the fuzz
//! targets ran, and every finding) replayed through the same checks on the stable toolchain:
//! a reader that breaks on an input once found is caught by every test run, without libFuzzer.

use std::path::Path;

fn replay(target: &str, check: fn(&[u8])) {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut inputs = 0;
    for entry in std::fs::read_dir(&folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
    {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{target}: {} fails", path.display());
        inputs += 1;
    }
    assert!(inputs > 0, "{target}: no corpus in {}", folder.display());
}

macro_rules! corpus_tests {
    ($($target:ident),* $(,)?) => {
        $(
            #[test]
            fn $target() {
                replay(stringify!($target), roundtrip::$target);
            }
        )*
    };
}

corpus_tests!(
    hiq_contest,
    hiq_position,
    speed_contest,
    camicia_text,
    camicia_record,
    camicia_jsonl,
    russian_layout,
    russian_table,
    search_checkpoint,
    camicia_workunit,
);
