#![no_main]

// The check is the one the speed crate's tests run on the kept corpus.
#[path = "../../crates/speed/tests/common/log_roundtrip.rs"]
mod log_roundtrip;

libfuzzer_sys::fuzz_target!(|data: &[u8]| log_roundtrip::check(data));
