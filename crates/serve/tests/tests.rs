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
    let mut trials = api::trials();
    trials.extend(browser::trials());
    let conclusion = libtest_mimic::run(&arguments, trials);
    browser::finish();
    conclusion.exit();
}
