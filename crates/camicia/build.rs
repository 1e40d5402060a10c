//! Tells the tests which lane engines the machine that builds them can run, so that a test of
//! an engine this processor lacks is reported as ignored, with the reason, rather than passing
//! without running. (The tests check again when they run.)

fn main() {
    println!("cargo::rustc-check-cfg=cfg(runs_avx512, runs_avx2)");
    println!("cargo::rerun-if-changed=build.rs");
    let target = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    #[cfg(target_arch = "x86_64")]
    if target == "x86_64" {
        use std::arch::is_x86_feature_detected as has;
        if has!("avx512f") && has!("avx512vpopcntdq") && has!("popcnt") && has!("bmi2") {
            println!("cargo::rustc-cfg=runs_avx512");
        }
        if has!("avx2") && has!("popcnt") && has!("bmi1") && has!("bmi2") {
            println!("cargo::rustc-cfg=runs_avx2");
        }
    }
    let _ = target;
}
