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
