//! `--engine`: camicia's long runs on the GPU print what they print on the processor, byte for
//! byte (the throughput line and `--json`'s `engine` field aside), a search on the GPU resumes
//! as it does on the processor, and `--engine` and `PARLOR_CAMICIA_ENGINE` choose as documented.
//!
//! A test program with its own harness (libtest-mimic), so that where the machine has no GPU
//! adapter the trials that need one are reported as ignored with the reason, rather than passed;
//! under CI (`CI` set) a missing adapter is a failure: `.ci/run` installs Debian's
//! `mesa-vulkan-drivers` (lavapipe, which runs the shaders on the processor).

// The support of the program `tests`, of which these trials use a part: the rest is neither
// used nor dead here.
#[allow(dead_code, unused_imports)]
mod support;

use camicia::engine::Engine;
use camicia_gpu::Gpu;
use libtest_mimic::{Arguments, Completion, Failed, Trial};
use std::path::Path;
use std::process::Output;
use std::sync::OnceLock;
use support::checkpoint::{committed, kill_after, kill_after_unless_ended};
use support::{NESSLER_INDEX, parlor, scratch, spawn, strs, with};

/// `parlor ARGS` in `folder`, with `PARLOR_CAMICIA_ENGINE` set to `variable` if given; it must
/// succeed.
fn run_in(folder: &Path, args: &[&str], variable: Option<&str>) -> Output {
    let mut command = parlor();
    command.current_dir(folder).args(args);
    match variable {
        Some(name) => command.env("PARLOR_CAMICIA_ENGINE", name),
        None => command.env_remove("PARLOR_CAMICIA_ENGINE"),
    };
    let output = command.output().expect("parlor runs");
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// The JSON line with its `engine` field and, with the GPU, its `gpu` field taken out, the only
/// things that depend on the engine; and the engine it names. The GPU must have played.
fn without_engine(json: &str) -> (String, String) {
    without_engine_played(json, true)
}

/// [`without_engine`], the GPU having played some deals where `played`: a resumed run whose
/// checkpoint holds every chunk plays none.
fn without_engine_played(json: &str, played: bool) -> (String, String) {
    let mut value: serde_json::Value = serde_json::from_str(json).expect("a JSON line");
    let object = value.as_object_mut().expect("a JSON object");
    let engine = object
        .remove("engine")
        .and_then(|e| e.as_str().map(str::to_owned))
        .unwrap_or_else(|| panic!("no engine in {json}"));
    let gpu = object.remove("gpu");
    assert_eq!(gpu.is_some(), engine == "gpu", "{json}");
    if let Some(gpu) = gpu {
        // The adapter is named, with its kind and backend, and the GPU played every deal.
        for field in ["adapter", "backend", "device_type", "driver"] {
            assert!(gpu[field].is_string(), "{field} in {gpu}");
        }
        assert!(gpu["fell_back"].is_null(), "{gpu}");
        assert!(!played || gpu["submissions"].as_u64() > Some(0), "{gpu}");
    }
    (value.to_string(), engine)
}

/// A command's `--json` line on the GPU and on the processor: the same but for the engine.
fn same_json(name: &str, args: &[&str]) {
    let folder = scratch(name);
    let gpu = [args, &["--engine", "gpu", "--json"]].concat();
    let cpu = [args, &["--json"]].concat();
    let (on_gpu, engine) = without_engine(&text(&run_in(&folder, &gpu, None).stdout));
    let (on_cpu, _) = without_engine(&text(&run_in(&folder, &cpu, None).stdout));
    assert_eq!(on_gpu, on_cpu, "{args:?}: the GPU's, then the processor's");
    assert_eq!(engine, "gpu");
}

fn stats_on_the_gpu_print_what_the_processor_prints() {
    let folder = scratch("engine-stats");
    let args = ["camicia", "stats", "--deals", "40000", "--seed", "3"];
    let on_gpu = run_in(&folder, &[&args[..], &["--engine", "gpu"]].concat(), None);
    let on_cpu = run_in(&folder, &args, None);
    assert_eq!(text(&on_gpu.stdout), text(&on_cpu.stdout));
    // The throughput line names the GPU's adapter.
    let stderr = text(&on_gpu.stderr);
    assert!(stderr.contains(", engine gpu, "), "{stderr}");
    same_json("engine-stats-json", &args);
}

/// Standard error holds parlor's words only, where Mesa's device-selection layer would print
/// its own (`XDG_RUNTIME_DIR` unset); a software renderer is said to be one, in a warning and in
/// the throughput line, which under `--verbose` tells how the GPU was kept busy.
fn the_gpu_is_named_for_what_it_is() {
    let folder = scratch("engine-named");
    let args = [
        "camicia",
        "stats",
        "--deals",
        "3000",
        "--engine",
        "gpu",
        "--json",
        "--verbose",
    ];
    let output = parlor()
        .current_dir(&folder)
        .args(args)
        .env_remove("XDG_RUNTIME_DIR")
        .env_remove("NODEVICE_SELECT")
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let software = json["gpu"]["device_type"] == "cpu";
    let stderr = text(&output.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    let throughput = lines.last().copied().unwrap_or_default();
    assert!(throughput.starts_with("throughput: "), "{stderr}");
    assert!(throughput.contains(" submission"), "{stderr}");
    assert_eq!(
        throughput.contains("a software renderer"),
        software,
        "{stderr}"
    );
    let warned = lines.iter().filter(|l| l.starts_with("warning: ")).count();
    assert_eq!(lines.len(), 1 + warned, "{stderr}");
    assert_eq!(warned, usize::from(software), "{stderr}");
    // --quiet: nothing at all.
    let quiet = run_in(&folder, &[&args[..], &["--quiet"]].concat(), None);
    assert_eq!(text(&quiet.stderr), "");
}

fn searches_on_the_gpu_find_what_the_processor_finds() {
    let range = format!("{}..{}", NESSLER_INDEX - 3_000, NESSLER_INDEX + 3_000);
    let climb = [
        "--climb",
        "--from",
        "12345678901234567890",
        "--steps",
        "6000",
    ];
    for (name, args) in [
        (
            "engine-range",
            &["--range", &range, "--top", "3", "--min-cards", "2000"][..],
        ),
        (
            "engine-random",
            &["--random", "--deals", "30000", "--seed", "4", "--top", "4"],
        ),
        ("engine-climb", &climb),
    ] {
        let folder = scratch(name);
        let search = [&["camicia", "search"][..], args].concat();
        let gpu = [&search[..], &["--out", "gpu.jsonl", "--engine", "gpu"]].concat();
        let cpu = [&search[..], &["--out", "cpu.jsonl"]].concat();
        run_in(&folder, &gpu, None);
        run_in(&folder, &cpu, None);
        let read = |file: &str| std::fs::read_to_string(folder.join(file)).unwrap();
        assert_eq!(read("gpu.jsonl"), read("cpu.jsonl"), "{name}");
        same_json(&format!("{name}-json"), &search);
    }
}

fn work_units_on_the_gpu_are_the_processors_byte_for_byte() {
    let folder = scratch("engine-workunit");
    let unit = format!("{} {}\n", NESSLER_INDEX - 20_000, NESSLER_INDEX + 20_000);
    std::fs::write(folder.join("unit.in"), unit).unwrap();
    let workunit = ["camicia", "workunit", "unit.in"];
    run_in(
        &folder,
        &[&workunit[..], &["gpu.out", "--engine", "gpu"]].concat(),
        None,
    );
    run_in(&folder, &[&workunit[..], &["cpu.out"]].concat(), None);
    let read = |file: &str| std::fs::read_to_string(folder.join(file)).unwrap();
    assert_eq!(read("gpu.out"), read("cpu.out"));
}

/// Killed (SIGKILL) part-way on the processor, resumed on the GPU and killed again, then
/// resumed on the GPU, a search ends as it ends uninterrupted: the engine is no part of a
/// checkpoint, and a span of chunks the GPU commits is committed whole.
fn a_search_killed_and_resumed_on_the_gpu_ends_as_it_ends_uninterrupted() {
    let folder = scratch("engine-resume");
    let checkpoint = folder.join("hunt.checkpoint");
    let search = [
        "camicia",
        "search",
        "--random",
        "--deals",
        "2000000",
        "--seed",
        "6",
        "--min-cards",
        "1600",
        "--json",
        "--quiet",
        "--out",
    ];
    let out = |file: &str| folder.join(file).to_str().unwrap().to_owned();
    let (whole_out, resumed_out) = (out("whole.jsonl"), out("resumed.jsonl"));
    let on = |engine: &str, threads: &str| {
        let resumable = [
            resumed_out.as_str(),
            "--checkpoint",
            checkpoint.to_str().unwrap(),
            "--checkpoint-every",
            "0",
            "--engine",
            engine,
            "--threads",
            threads,
        ];
        with(&search, &resumable)
    };
    let whole = with(&search, &[whole_out.as_str(), "--engine", "gpu"]);
    let whole = run_in(&folder, &strs(&whole), None);
    // 8 chunks of 262,144 deals: killed after 2 on one processor thread, then resumed on the GPU
    // and killed once 4 are committed, where it has not ended by then, then resumed on the GPU to
    // the end. A GPU plays spans of chunks sized by its speed and commits each span at once, so
    // it may commit all that is left before the kill lands (lavapipe on 2 cores does): the last
    // run then has nothing left to play, and gives the answer of the chunks the killed one
    // committed.
    kill_after(spawn(&on("scalar", "1")), &checkpoint, 2);
    assert!(
        committed(&checkpoint).unwrap() < 8,
        "the search ended before it was killed"
    );
    let resumed = kill_after_unless_ended(spawn(&on("gpu", "2")), &checkpoint, 4)
        .unwrap_or_else(|| run_in(&folder, &strs(&on("gpu", "2")), None));
    assert_eq!(
        without_engine_played(&text(&resumed.stdout), false),
        without_engine(&text(&whole.stdout))
    );
    let read = |file: &str| std::fs::read(folder.join(file)).unwrap();
    assert!(read("whole.jsonl").len() > 1_000);
    assert_eq!(read("resumed.jsonl"), read("whole.jsonl"));
}

fn the_environment_variable_chooses_the_gpu_too() {
    let folder = scratch("engine-variable");
    let args = ["camicia", "stats", "--deals", "2000", "--json"];
    let (_, engine) = without_engine(&text(&run_in(&folder, &args, Some("gpu")).stdout));
    assert_eq!(engine, "gpu");
}

/// `--engine` wins over the environment variable, which then is not even read.
fn the_option_wins_over_the_environment_variable() {
    let folder = scratch("engine-option");
    let args = [
        "camicia", "stats", "--deals", "200", "--json", "--engine", "scalar",
    ];
    let (_, engine) = without_engine(&text(&run_in(&folder, &args, Some("neon")).stdout));
    assert_eq!(engine, "scalar");
}

fn engines_that_are_none_are_refused() {
    let refused = parlor()
        .args(["camicia", "stats", "--deals", "10", "--engine", "neon"])
        .output()
        .unwrap();
    let stderr = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2));
    assert!(refused.stdout.is_empty());
    assert!(
        stderr.contains("invalid value 'neon' for '--engine <ENGINE>'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("[possible values: avx512, avx2, portable, scalar, gpu]"),
        "{stderr}"
    );
    // Bad input is refused before the GPU is looked for, so this holds without one.
    parlor()
        .args([
            "camicia", "workunit", "unit.in", "unit.out", "--engine", "gpu",
        ])
        .current_dir(scratch("engine-refused"))
        .assert()
        .code(2)
        .stdout("")
        .stderr("error: cannot read unit.in: No such file or directory (os error 2)\n");
}

/// Why this machine has no GPU adapter, if it has none: asked once, and only where a trial
/// needs one.
fn no_adapter() -> Option<&'static str> {
    static WHY: OnceLock<Option<String>> = OnceLock::new();
    WHY.get_or_init(|| Gpu::open(Engine::scalar()).err().map(|e| e.to_string()))
        .as_deref()
}

fn main() {
    let arguments = Arguments::from_args();
    let on_the_processor: [(&str, fn()); 2] = [
        (
            "the_option_wins_over_the_environment_variable",
            the_option_wins_over_the_environment_variable,
        ),
        (
            "engines_that_are_none_are_refused",
            engines_that_are_none_are_refused,
        ),
    ];
    let on_the_gpu: [(&str, fn()); 6] = [
        (
            "stats_on_the_gpu_print_what_the_processor_prints",
            stats_on_the_gpu_print_what_the_processor_prints,
        ),
        (
            "the_gpu_is_named_for_what_it_is",
            the_gpu_is_named_for_what_it_is,
        ),
        (
            "searches_on_the_gpu_find_what_the_processor_finds",
            searches_on_the_gpu_find_what_the_processor_finds,
        ),
        (
            "work_units_on_the_gpu_are_the_processors_byte_for_byte",
            work_units_on_the_gpu_are_the_processors_byte_for_byte,
        ),
        (
            "a_search_killed_and_resumed_on_the_gpu_ends_as_it_ends_uninterrupted",
            a_search_killed_and_resumed_on_the_gpu_ends_as_it_ends_uninterrupted,
        ),
        (
            "the_environment_variable_chooses_the_gpu_too",
            the_environment_variable_chooses_the_gpu_too,
        ),
    ];
    let in_ci = std::env::var_os("CI").is_some();
    let mut trials: Vec<Trial> = on_the_processor
        .into_iter()
        .map(|(name, test)| {
            Trial::test(name, move || {
                test();
                Ok(())
            })
        })
        .collect();
    trials.extend(on_the_gpu.into_iter().map(|(name, test)| {
        Trial::ignorable_test(name, move || match no_adapter() {
            // Without a GPU the trial cannot run: say so rather than pass, and fail in CI,
            // where .ci/run installs lavapipe.
            Some(why) if !in_ci => Ok(Completion::ignored_with(format!(
                "needs a GPU adapter: {why} (Debian: apt-get install mesa-vulkan-drivers); \
                 under CI it fails instead"
            ))),
            Some(why) => Err(Failed::from(format!("no GPU adapter under CI: {why}"))),
            None => {
                test();
                Ok(Completion::Completed)
            }
        })
    }));
    libtest_mimic::run(&arguments, trials).exit();
}
