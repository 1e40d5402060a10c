//! Memory the system refuses: under a limit on the address space (`ulimit -v`), the Hi-Q census,
//! the solver and `--min-moves` stop with exit status 1 and one line saying what ran out and the
//! option that bounds it; with `--memory` a little under the limit, the bound trips first; any
//! other allocation refused ends parlor with exit status 1 and one line, never an abort (134)
//! with "memory allocation of N bytes failed" and a backtrace. The exact messages of the bound
//! are rows of docs/reliability.md.
#![cfg(target_os = "linux")]

use std::process::{Command, Output, Stdio};

/// `parlor ARGS` under `ulimit -v KIB`, fed `stdin` through a pipe.
fn limited(kib: u64, args: &str, stdin: &str) -> Output {
    let command = format!("ulimit -v {kib} && {stdin} \"$0\" {args}");
    Command::new("sh")
        .arg("-c")
        .arg(command)
        .arg(env!("CARGO_BIN_EXE_parlor"))
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

/// Exit status 1, nothing on stdout, and one line on stderr starting with `start` and naming
/// `--memory`; nothing of an abort or a panic.
fn stopped_cleanly(output: &Output, start: &str) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(output.stdout.is_empty(), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with(start), "{stderr}");
    assert!(stderr.contains("--memory"), "{stderr}");
    for abort in ["memory allocation of", "backtrace", "panicked"] {
        assert!(!stderr.contains(abort), "{stderr}");
    }
    stderr
}

const REFUSED: &str = "error: the system refused more memory for the positions when they held ";
const BOUND: &str = "error: the positions reachable from this start need more than ";

#[test]
fn the_census_under_400_mb_stops_with_a_message() {
    let output = limited(400_000, "hiq census --quiet", "");
    let message = stopped_cleanly(&output, REFUSED);
    assert!(
        message.contains("give a smaller --memory (such as --memory "),
        "{message}"
    );
}

#[test]
fn the_census_with_memory_under_a_limit_a_little_above_stops_at_the_bound() {
    let output = limited(400_000, "hiq census --quiet --memory 300M", "");
    stopped_cleanly(&output, &format!("{BOUND}300 MiB"));
}

#[test]
fn the_solver_under_100_mb_stops_with_a_message() {
    // A single peg in hole 2 after 15-17, 18-16 and 5-17 from the standard start: its class
    // allows it (the class would answer at once otherwise), and the solver has seen millions of
    // positions before it ends (6.9 million, 117 MB).
    let args = "hiq solve 1 2 3 4 6 7 8 9 11 12 13 14 16 17 19 20 21 22 23 24 25 26 27 28 29 30 \
                31 32 33 --goal 2 --quiet";
    refused_then_bounded(100_000, args, "32");
}

#[test]
fn the_fewest_moves_under_150_mb_stop_with_a_message() {
    refused_then_bounded(150_000, "hiq solve --min-moves --quiet", "64");
}

/// `args` under a limit of `kib` KiB: stopped by the system's refusal at the default memory,
/// and by its own bound when given `--memory` of `mib` MiB.
fn refused_then_bounded(kib: u64, args: &str, mib: &str) {
    stopped_cleanly(&limited(kib, args, ""), REFUSED);
    let bounded = format!("{args} --memory {mib}M");
    stopped_cleanly(&limited(kib, &bounded, ""), &format!("{BOUND}{mib} MiB"));
}

#[test]
fn a_tiny_limit_gives_a_message_not_an_abort() {
    // The census's own tables are refused first, 2 MB above the least that a census of a few
    // pegs (its threads and tables, parlor and the GPU engine's wgpu linked in) needs: that
    // least depends on how parlor was built, some 14 to 20 MB.
    let census = least_to_run("hiq census --quiet 1 2 3 4 5", "");
    stopped_cleanly(&limited(census + 2_000, "hiq census --quiet", ""), REFUSED);
    // Any other allocation: here the text read, 30 MB, 2 MB above what a short input needs.
    let contest = least_to_run("hiq", "printf '1\\n17\\n0\\n' |");
    let big_input = "{ printf '1\\n'; head -c 30000000 /dev/zero | tr '\\0' ' '; } |";
    let output = limited(contest + 2_000, "hiq", big_input);
    let message = stopped_cleanly(&output, "error: out of memory: the system refused ");
    assert!(message.contains("bytes more;"), "{message}");
    assert!(message.ends_with("fewer --threads)\n"), "{message}");
}

/// The least limit on the address space, in KiB to within 250, under which `parlor ARGS` fed
/// `stdin` succeeds: found by halving between 1 MB, too little for any program, and 256 MB.
fn least_to_run(args: &str, stdin: &str) -> u64 {
    let (mut refused, mut enough) = (1_000, 256_000);
    let runs = |kib| limited(kib, args, stdin).status.success();
    assert!(runs(enough), "parlor {args} fails under {enough} KiB");
    while enough - refused > 250 {
        let middle = (refused + enough) / 2;
        if runs(middle) {
            enough = middle;
        } else {
            refused = middle;
        }
    }
    enough
}
