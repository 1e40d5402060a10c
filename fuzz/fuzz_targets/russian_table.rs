#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| roundtrip::russian_table(data));
