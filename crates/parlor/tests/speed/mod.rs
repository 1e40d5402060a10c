//! `parlor speed` run as a user runs it.

mod play;
mod stats;

use crate::support::cluster::{hostfile, in_cluster};
use crate::support::picture::Picture;
use crate::support::{parlor, refused, rejects, scratch, spawn, stdout_of, stdout_reading, with};
use predicates::prelude::*;
use speed::{Deal, Robot, Split, fast};

const SEED_IN: &str = include_str!(crate::testdata!("testdata/speed/seed-example.in"));
const EDGE_IN: &str = include_str!(crate::testdata!("testdata/speed/edge.in"));
