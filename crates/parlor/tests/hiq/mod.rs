//! `parlor hiq` run as a user runs it.

mod census;
mod memory;
mod play;
mod solve;

use crate::support::picture::Picture;
use crate::support::{parlor, refused, rejects, stdout_of, stdout_reading};
use hiq::{Board, Hole};
use predicates::prelude::*;
use serde_json::Value;

/// `parlor ARGS` reading `stdin`, which must print one JSON object; the object.
fn json(args: &[&str], stdin: &str) -> Value {
    serde_json::from_str(&stdout_reading(args, stdin)).expect("one JSON object")
}
