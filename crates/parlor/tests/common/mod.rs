//! The serve tests' door to `support` while they are a test program of their own: they are to
//! become a module of `tests.rs`, and this file goes then.

#[allow(dead_code, unused_imports)]
#[path = "../support/mod.rs"]
mod support;

pub use support::{parlor, refused, rejects, stdout_of, stdout_reading};
