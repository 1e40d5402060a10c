//! The server's tests, started in this process through the library: the API as a program and
//! a page meet it (`api`), and the pages as a player uses them in headless Chromium
//! (`browser`).
//!
//! One program with its own harness (libtest-mimic), so that both reach [`support`] as a module
//! of theirs, and so that a trial that needs a browser the machine lacks is reported as ignored
//! with the reason rather than passed.

mod api;
mod browser;
mod support;

fn main() {
    // Hi-Q's table of prospects is kept beside the build rather than in the user's cache: made
    // once for each target directory, and by nothing else.
    // SAFETY: no other thread has started yet to read the environment meanwhile.
    unsafe { std::env::set_var("XDG_CACHE_HOME", env!("CARGO_TARGET_TMPDIR")) };
    let arguments = libtest_mimic::Arguments::from_args();
    // One after the other, not at once: the browser trials time the pages' frames, and the API
    // trials' searches would take the cores from them.
    let api = libtest_mimic::run(&arguments, api::trials());
    let pages = libtest_mimic::run(&arguments, browser::trials());
    browser::finish();
    if api.has_failed() {
        api.exit();
    }
    pages.exit();
}
