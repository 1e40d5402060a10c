//! The `parlor` program run as a user runs it, as one test program: a module for each game and,
//! inside it, one for each of its commands; then what is about the program as a whole and no
//! one command (`program`). Helpers are in `support`. `parlor serve`, whose attacks need the
//! machine to themselves, has a test program of its own: `serve`.

mod camicia;
mod hiq;
mod program;
mod russian;
mod speed;
mod support;
