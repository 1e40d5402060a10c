//! `parlor camicia` run as a user runs it.

mod index;
mod input;
mod json;
mod play;
mod search;
mod stats;
mod workunit;

use crate::support::checkpoint::{committed, forge, kill_after, state_of, wait_until_committed};
use crate::support::cluster::{cluster, hostfile, in_cluster};
use crate::support::picture::Picture;
use crate::support::{
    NESSLER_INDEX, parlor, refused, refused_saying, rejects, scratch, spawn, stdout_of,
    stdout_reading, strs, with,
};
use predicates::prelude::*;
use std::path::Path;
use std::time::{Duration, Instant};

const SEED_EXAMPLES: &str = "2 A 7 8 Q 10\n3 4 5 6 K 9 J\n\nJ 2 3\n4 J 5\n";

const NESSLER: &str = "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---";
const CASELLA: &str = "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA";
const CASELLA_INDEX: u128 = 472_460_898_658_889_399_111;
