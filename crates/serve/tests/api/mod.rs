//! The API as a page and a program meet it, over HTTP: every endpoint answers with its status,
//! type and JSON; every mistake is a 4xx JSON object carrying the reader's message and its
//! place; every bound of docs/serve.md holds; and the server stops cleanly when told to.
//!
//! That each answer is byte for byte what its command prints is `parlor serve`'s to show, with
//! the `parlor` program beside it: crates/parlor/tests/serve/.

mod camicia;
mod gate;
mod hiq;
mod leaving;
mod pages;
mod refusals;
mod russian;
mod speed;
mod stopping;

use libtest_mimic::Trial;

pub fn trials() -> Vec<Trial> {
    [
        hiq::trials(),
        russian::trials(),
        camicia::trials(),
        speed::trials(),
        refusals::trials(),
        pages::trials(),
        stopping::trials(),
        gate::trials(),
        leaving::trials(),
    ]
    .into_iter()
    .flatten()
    .collect()
}
