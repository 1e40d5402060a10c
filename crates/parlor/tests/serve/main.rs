//! `parlor serve` as a process, as one test program: the real binary on a free port, started and
//! stopped by one harness (`harness`). As a process and as the twin of the other commands
//! (`process`), and attacked as a hostile program on this machine would attack it (`attacks`:
//! each a bounded load test that holds the machine alone, no other test's server running; cargo
//! runs this program apart from the others), Hi-Q's table in its cache among them (`forged`) and its memory (`memory`).
//!
//! The server's own behaviour, in-process (statuses, bounds, pages, stopping), is tested in
//! crates/serve/tests.
#![cfg(unix)]

#[cfg(target_os = "linux")]
mod attacks;
#[cfg(target_os = "linux")]
mod forged;
mod harness;
#[cfg(target_os = "linux")]
mod memory;
mod process;
#[path = "../support/run.rs"]
mod run;
#[path = "../support/testdata.rs"]
mod testdata;
