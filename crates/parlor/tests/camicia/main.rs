//! `parlor camicia` run as a user runs it.

#[path = "../common/mod.rs"]
mod common;
#[path = "../scratch/mod.rs"]
mod scratch;

mod index;
mod input;
mod json;
mod play;
mod search;
mod stats;

use common::{parlor, refused, rejects, stdout_of, stdout_reading};
use predicates::prelude::*;
use scratch::scratch;

const SEED_EXAMPLES: &str = "2 A 7 8 Q 10\n3 4 5 6 K 9 J\n\nJ 2 3\n4 J 5\n";

const NESSLER: &str = "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---";
const NESSLER_INDEX: u128 = 447_247_122_283_566_119_055;
const CASELLA: &str = "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA";
const CASELLA_INDEX: u128 = 472_460_898_658_889_399_111;
