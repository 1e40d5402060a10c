//! Tells the tests whether they are built under CI (`CI` set): there the tests that need a GPU
//! run, and fail where none is, while elsewhere they are ignored with the reason. The test
//! harness decides what is ignored when the tests are built, not when they run.

fn main() {
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rustc-check-cfg=cfg(ci)");
    if std::env::var_os("CI").is_some() {
        println!("cargo::rustc-cfg=ci");
    }
}
