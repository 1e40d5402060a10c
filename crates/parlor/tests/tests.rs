//! The `parlor` program run as a user runs it, as one test program: a module for each game and,
//! inside it, one for each of its commands; then what is about the program as a whole and no
//! one command (`program`). Helpers are in `support`.

mod camicia;
mod hiq;
mod program;
mod russian;
#[cfg(unix)]
mod serve;
mod speed;
mod support;
