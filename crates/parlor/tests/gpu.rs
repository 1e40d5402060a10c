//! `--engine gpu`: camicia's long runs on the machine's GPU print what they print on the
//! processor, byte for byte (the throughput line and `--json`'s `engine` field aside), and
//! `--engine` and `PARLOR_CAMICIA_ENGINE` choose as documented.
//!
//! Where the machine has no GPU adapter, the trials that need one are reported as ignored with
//! the reason, except under CI (`CI` set), where a missing adapter is a failure: `.ci/run`
//! installs Debian's `mesa-vulkan-drivers` (lavapipe, which runs the shaders on the processor).

mod scratch;

use assert_cmd::Command;
use libtest_mimic::{Arguments, Failed, Trial};
use scratch::scratch;
use std::path::Path;
use std::process::Output;

const NESSLER: u128 = 447_247_122_283_566_119_055;

fn parlor() -> Command {
    Command::cargo_bin("parlor").expect("the parlor binary is built for tests")
}

/// `parlor ARGS` in `folder`, with `PARLOR_CAMICIA_ENGINE` set to `variable` if given; it must
/// succeed.
fn run_in(folder: &Path, args: &[&str], variable: Option<&str>) -> Result<Output, Failed> {
    let mut command = parlor();
    command.current_dir(folder).args(args);
    match variable {
        Some(name) => command.env("PARLOR_CAMICIA_ENGINE", name),
        None => command.env_remove("PARLOR_CAMICIA_ENGINE"),
    };
    let output = command.output().map_err(|e| Failed::from(e.to_string()))?;
    if !output.status.success() {
        return Err(format!(
            "{args:?} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        )
        .into());
    }
    Ok(output)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The JSON line with its `engine` field, the one thing that depends on the engine, taken out.
fn without_engine(json: &str) -> Result<(String, String), Failed> {
    let mut value: serde_json::Value =
        serde_json::from_str(json).map_err(|e| Failed::from(format!("{e}: {json}")))?;
    let engine = value
        .as_object_mut()
        .and_then(|o| o.remove("engine"))
        .and_then(|e| e.as_str().map(str::to_owned))
        .ok_or_else(|| Failed::from(format!("no engine in {json}")))?;
    Ok((value.to_string(), engine))
}

fn equal(what: &str, on_gpu: &str, on_cpu: &str) -> Result<(), Failed> {
    if on_gpu != on_cpu {
        return Err(format!("{what}: the GPU's\n{on_gpu}\nthe processor's\n{on_cpu}").into());
    }
    Ok(())
}

/// A command's `--json` line on the GPU and on the processor: the same but for the engine.
fn same_json(name: &str, args: &[&str]) -> Result<(), Failed> {
    let folder = scratch(name);
    let gpu = [args, &["--engine", "gpu", "--json"]].concat();
    let cpu = [args, &["--json"]].concat();
    let (on_gpu, engine) = without_engine(&text(&run_in(&folder, &gpu, None)?.stdout))?;
    let (on_cpu, _) = without_engine(&text(&run_in(&folder, &cpu, None)?.stdout))?;
    equal(&format!("{args:?}"), &on_gpu, &on_cpu)?;
    equal("the engine named", &engine, "gpu")
}

fn stats_print_what_the_processor_prints() -> Result<(), Failed> {
    let folder = scratch("gpu-stats");
    let args = ["camicia", "stats", "--deals", "40000", "--seed", "3"];
    let on_gpu = run_in(&folder, &[&args[..], &["--engine", "gpu"]].concat(), None)?;
    let on_cpu = run_in(&folder, &args, None)?;
    equal("stats", &text(&on_gpu.stdout), &text(&on_cpu.stdout))?;
    // The throughput line names the GPU's adapter.
    let stderr = text(&on_gpu.stderr);
    if !stderr.contains(", engine gpu, ") {
        return Err(format!("the throughput line names no GPU: {stderr}").into());
    }
    same_json("gpu-stats-json", &args)
}

fn searches_find_what_the_processor_finds() -> Result<(), Failed> {
    let (first, end) = (NESSLER - 3_000, NESSLER + 3_000);
    let range = format!("{first}..{end}");
    for (name, args) in [
        (
            "gpu-range",
            vec!["--range", &range, "--top", "3", "--min-cards", "2000"],
        ),
        (
            "gpu-random",
            vec!["--random", "--deals", "30000", "--seed", "4", "--top", "4"],
        ),
        (
            "gpu-climb",
            vec![
                "--climb",
                "--from",
                "12345678901234567890",
                "--steps",
                "6000",
            ],
        ),
    ] {
        let folder = scratch(name);
        let search = [&["camicia", "search"][..], &args[..]].concat();
        let gpu = [&search[..], &["--out", "gpu.jsonl", "--engine", "gpu"]].concat();
        let cpu = [&search[..], &["--out", "cpu.jsonl"]].concat();
        run_in(&folder, &gpu, None)?;
        run_in(&folder, &cpu, None)?;
        let read = |file: &str| std::fs::read_to_string(folder.join(file)).unwrap_or_default();
        equal(name, &read("gpu.jsonl"), &read("cpu.jsonl"))?;
        same_json(&format!("{name}-json"), &search)?;
    }
    Ok(())
}

fn work_units_are_the_processors_byte_for_byte() -> Result<(), Failed> {
    let folder = scratch("gpu-workunit");
    let unit = format!("{} {}\n", NESSLER - 20_000, NESSLER + 20_000);
    std::fs::write(folder.join("unit.in"), unit).map_err(|e| Failed::from(e.to_string()))?;
    let workunit = ["camicia", "workunit", "unit.in"];
    run_in(
        &folder,
        &[&workunit[..], &["gpu.out", "--engine", "gpu"]].concat(),
        None,
    )?;
    run_in(&folder, &[&workunit[..], &["cpu.out"]].concat(), None)?;
    let read = |file: &str| std::fs::read_to_string(folder.join(file)).unwrap_or_default();
    equal("the unit's result", &read("gpu.out"), &read("cpu.out"))
}

fn the_environment_variable_chooses_the_gpu_too() -> Result<(), Failed> {
    let folder = scratch("gpu-variable");
    let args = ["camicia", "stats", "--deals", "2000", "--json"];
    let output = run_in(&folder, &args, Some("gpu"))?;
    let (_, engine) = without_engine(&text(&output.stdout))?;
    equal("the engine named", &engine, "gpu")
}

/// `--engine` wins over the environment variable, which then is not even read.
fn the_option_wins_over_the_environment_variable() -> Result<(), Failed> {
    let folder = scratch("gpu-option");
    let args = [
        "camicia", "stats", "--deals", "200", "--json", "--engine", "scalar",
    ];
    let output = run_in(&folder, &args, Some("neon"))?;
    let (_, engine) = without_engine(&text(&output.stdout))?;
    equal("the engine named", &engine, "scalar")
}

fn engines_that_are_none_are_refused() -> Result<(), Failed> {
    let refused = parlor()
        .args(["camicia", "stats", "--deals", "10", "--engine", "neon"])
        .output()
        .map_err(|e| Failed::from(e.to_string()))?;
    let stderr = text(&refused.stderr);
    if refused.status.code() != Some(2)
        || !refused.stdout.is_empty()
        || !stderr.contains("invalid value 'neon' for '--engine <ENGINE>'")
        || !stderr.contains("[possible values: avx512, avx2, portable, scalar, gpu]")
    {
        return Err(format!("--engine neon: {refused:?}").into());
    }
    // Bad input is refused before the GPU is looked for.
    let unread = parlor()
        .args([
            "camicia", "workunit", "unit.in", "unit.out", "--engine", "gpu",
        ])
        .current_dir(scratch("gpu-refused"))
        .output()
        .map_err(|e| Failed::from(e.to_string()))?;
    equal(
        "a unit that is not there",
        &text(&unread.stderr),
        "error: cannot read unit.in: No such file or directory (os error 2)\n",
    )
}

/// A trial: `Err` with what went wrong.
type Test = fn() -> Result<(), Failed>;

fn main() {
    let arguments = Arguments::from_args();
    let with_gpu: [(&str, Test); 4] = [
        (
            "stats_print_what_the_processor_prints",
            stats_print_what_the_processor_prints,
        ),
        (
            "searches_find_what_the_processor_finds",
            searches_find_what_the_processor_finds,
        ),
        (
            "work_units_are_the_processors_byte_for_byte",
            work_units_are_the_processors_byte_for_byte,
        ),
        (
            "the_environment_variable_chooses_the_gpu_too",
            the_environment_variable_chooses_the_gpu_too,
        ),
    ];
    let without: [(&str, Test); 2] = [
        (
            "the_option_wins_over_the_environment_variable",
            the_option_wins_over_the_environment_variable,
        ),
        (
            "engines_that_are_none_are_refused",
            engines_that_are_none_are_refused,
        ),
    ];
    // Whether this machine offers a GPU: the engine's own answer.
    let probe = parlor()
        .args([
            "camicia", "stats", "--deals", "1", "--engine", "gpu", "--quiet",
        ])
        .output();
    let missing = match probe {
        Ok(output) if output.status.success() => None,
        Ok(output) => Some(text(&output.stderr).trim().to_owned()),
        Err(e) => Some(e.to_string()),
    };
    let in_ci = std::env::var_os("CI").is_some();
    if let Some(why) = &missing
        && !in_ci
    {
        eprintln!(
            "GPU tests ignored: {why} (Debian: apt-get install mesa-vulkan-drivers); under CI \
             they fail instead"
        );
    }
    let trials = with_gpu
        .into_iter()
        .map(|(name, test)| Trial::test(name, test).with_ignored_flag(missing.is_some() && !in_ci))
        .chain(
            without
                .into_iter()
                .map(|(name, test)| Trial::test(name, test)),
        )
        .collect();
    libtest_mimic::run(&arguments, trials).exit();
}
