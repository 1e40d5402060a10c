//! The files a command writes and the pipes it writes into (docs/reliability.md, "Files and
//! pipes"): a link's target written and the link kept, a pipe or device written in place and
//! never replaced, a folder refused; every file written compared with every other and with the
//! input by identity before any work; pictures checked before the results are printed; a
//! mistyped checkpoint refused before it empties an output; a reader that goes away is exit
//! status 1 without a message, for every game; a usage error is status 2 wherever its message
//! goes.
#![cfg(unix)]

use crate::support::{scratch, shell};
use std::fs;
use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// `parlor ARGS` run in `dir`, reading nothing.
fn parlor_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("parlor runs")
}

fn sh(dir: &Path, command: &str) -> std::process::Output {
    shell::run("bash", dir, command)
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// `path` is still a character device: a run wrote into it and did not replace it.
fn assert_a_device(path: &str) {
    assert!(fs::metadata(path).unwrap().file_type().is_char_device());
}

fn unit(dir: &Path) {
    fs::write(dir.join("unit.in"), "0 99\n").unwrap();
}

#[test]
fn a_link_has_its_target_written_and_stays_a_link() {
    let dir = scratch("outputs-link");
    unit(&dir);
    std::os::unix::fs::symlink("result.txt", dir.join("link.txt")).unwrap();
    let output = parlor_in(
        &dir,
        &["camicia", "workunit", "unit.in", "link.txt", "--quiet"],
    );
    assert!(output.status.success(), "{output:?}");
    let link = fs::symlink_metadata(dir.join("link.txt")).unwrap();
    assert!(link.file_type().is_symlink());
    let result = fs::read_to_string(dir.join("result.txt")).unwrap();
    assert!(result.starts_with("finished,"), "{result}");
}

#[test]
fn a_pipe_gets_the_output_and_stays_a_pipe() {
    let dir = scratch("outputs-fifo");
    unit(&dir);
    let fifo = dir.join("result.fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let output = parlor_in(
        &dir,
        &["camicia", "workunit", "unit.in", "result.fifo", "--quiet"],
    );
    assert!(output.status.success(), "{output:?}");
    let read = reader.join().unwrap();
    let file = parlor_in(
        &dir,
        &["camicia", "workunit", "unit.in", "file.txt", "--quiet"],
    );
    assert!(file.status.success(), "{file:?}");
    assert_eq!(read, fs::read_to_string(dir.join("file.txt")).unwrap());
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(!dir.join("result.fifo.tmp").exists());
}

#[test]
fn a_device_is_written_in_place_never_replaced() {
    let dir = scratch("outputs-device");
    unit(&dir);
    let null = parlor_in(
        &dir,
        &["camicia", "workunit", "unit.in", "/dev/null", "--quiet"],
    );
    assert!(null.status.success(), "{null:?}");
    assert_a_device("/dev/null");
    // A full device fails the run (the machine's failure, 1) and stays the device it was.
    let full = parlor_in(
        &dir,
        &["camicia", "workunit", "unit.in", "/dev/full", "--quiet"],
    );
    assert_eq!(full.status.code(), Some(1), "{full:?}");
    assert_eq!(
        stderr(&full),
        "error: /dev/full: No space left on device (os error 28)\n"
    );
    assert_a_device("/dev/full");
    // The results of a hunt stream into a device, when no checkpoint needs them read back.
    let hunt = parlor_in(
        &dir,
        &[
            "camicia",
            "search",
            "--random",
            "--deals",
            "1000",
            "--out",
            "/dev/null",
            "--quiet",
        ],
    );
    assert!(hunt.status.success(), "{hunt:?}");
    let folder = parlor_in(&dir, &["camicia", "workunit", "unit.in", ".", "--quiet"]);
    assert_eq!(folder.status.code(), Some(2), "{folder:?}");
    assert_eq!(
        stderr(&folder),
        "error: .: is a folder, not a file: give the path of a file to write\n"
    );
}

#[test]
fn a_file_written_is_never_another_role_s_file_whatever_its_name() {
    let dir = scratch("outputs-same");
    unit(&dir);
    fs::hard_link(dir.join("unit.in"), dir.join("hard.in")).unwrap();
    std::os::unix::fs::symlink("unit.in", dir.join("soft.in")).unwrap();
    for (args, message) in [
        (
            &["unit.in", "out.txt", "--fraction-done", "unit.in"][..],
            "IN and --fraction-done are the same file, unit.in",
        ),
        (
            &["unit.in", "out.txt", "--fraction-done", "hard.in"],
            "IN and --fraction-done are the same file, hard.in",
        ),
        (
            &["unit.in", "soft.in"],
            "IN and OUT are the same file, soft.in",
        ),
        (
            &["unit.in", "out.txt", "--fraction-done", "./out.txt"],
            "OUT and --fraction-done are the same file, ./out.txt",
        ),
        (
            &["unit.in", "out.txt", "--checkpoint", "out.txt"],
            "OUT and --checkpoint are the same file, out.txt",
        ),
        (
            &["unit.in", "out.txt", "--fraction-done", "out.txt.tmp"],
            "--fraction-done and OUT's temporary file are the same file, out.txt.tmp",
        ),
    ] {
        let mut all = vec!["camicia", "workunit"];
        all.extend(args);
        let output = parlor_in(&dir, &all);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        assert_eq!(
            stderr(&output),
            format!("error: {message}: give each its own\n"),
            "{args:?}"
        );
        assert_eq!(fs::read_to_string(dir.join("unit.in")).unwrap(), "0 99\n");
        assert!(!dir.join("out.txt").exists(), "{args:?}");
    }
}

#[test]
fn pictures_are_checked_before_any_result_is_printed() {
    let dir = scratch("outputs-pictures");
    // A copy: the repository's examples are never at stake.
    fs::copy(dir.join("examples/hiq.in"), dir.join("games.in")).unwrap();
    for (args, status, message) in [
        (
            &["hiq", "solve", "17", "--svg", "nosuchfolder/line.svg"][..],
            1,
            "error: nosuchfolder/line.svg: cannot write there: the folder nosuchfolder does not \
             exist\n",
        ),
        (
            &["hiq", "examples/hiq.in", "--svg", "nosuchfolder/line.svg"],
            1,
            "error: nosuchfolder/line.svg: cannot write there: the folder nosuchfolder does not \
             exist\n",
        ),
        (
            &[
                "speed",
                "examples/speed.in",
                "--timeline",
                "nosuchfolder/t.svg",
            ],
            1,
            "error: nosuchfolder/t.svg: cannot write there: the folder nosuchfolder does not \
             exist\n",
        ),
        (
            &["hiq", "games.in", "--svg", "./games.in"],
            2,
            "error: FILE and --svg are the same file, ./games.in: give each its own\n",
        ),
    ] {
        let output = parlor_in(&dir, args);
        assert_eq!(output.status.code(), Some(status), "{args:?}: {output:?}");
        assert_eq!(output.stdout, b"", "{args:?}");
        assert_eq!(stderr(&output), message, "{args:?}");
    }
    let games = fs::read_to_string(dir.join("examples/hiq.in")).unwrap();
    assert_eq!(fs::read_to_string(dir.join("games.in")).unwrap(), games);
}

#[test]
fn a_mistyped_checkpoint_never_empties_the_results() {
    let dir = scratch("outputs-mistyped");
    for (command, out) in [
        (
            &["camicia", "search", "--random", "--deals", "3000"][..],
            "hunt.jsonl",
        ),
        (
            &["russian", "catalogue", "--seed", "1..20"],
            "catalogue.jsonl",
        ),
    ] {
        let run = |checkpoint: &str| {
            let mut args = command.to_vec();
            args.extend(["--out", out, "--checkpoint", checkpoint, "--quiet"]);
            parlor_in(&dir, &args)
        };
        let first = run("right.checkpoint");
        assert!(first.status.success(), "{first:?}");
        let results = fs::read(dir.join(out)).unwrap();
        assert!(!results.is_empty());
        let mistyped = run("rihgt.checkpoint");
        assert_eq!(mistyped.status.code(), Some(2), "{mistyped:?}");
        assert_eq!(
            stderr(&mistyped),
            format!(
                "error: {out}: holds results, but the checkpoint rihgt.checkpoint does not \
                 exist: a new run would empty it; give the checkpoint of the run that wrote \
                 it, or remove the file (or give another) to start again\n"
            )
        );
        assert_eq!(fs::read(dir.join(out)).unwrap(), results);
        assert!(!dir.join("rihgt.checkpoint.lock").exists());
        fs::remove_file(dir.join("right.checkpoint")).unwrap();
    }
}

/// `parlor ARGS` writing into a pipe whose reader is already gone.
fn into_a_closed_pipe(dir: &Path, args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let child = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn a_reader_that_went_away_is_status_1_without_a_message_in_every_game() {
    let dir = scratch("outputs-pipes");
    unit(&dir);
    let commands: [&[&str]; 9] = [
        &["hiq", "examples/hiq.in"],
        &["hiq", "solve", "17", "--quiet"],
        &["speed", "examples/speed.in", "--json"],
        &["speed", "stats", "--deals", "100", "--quiet"],
        &["camicia", "examples/camicia.txt", "--trace"],
        &[
            "camicia", "search", "--random", "--deals", "1000", "--quiet",
        ],
        &["russian", "deal", "--seed", "1"],
        &["russian", "catalogue", "--seed", "1..5", "--quiet"],
        // A file written as a stream into the pipe.
        &["camicia", "workunit", "unit.in", "/dev/stdout", "--quiet"],
    ];
    for args in commands {
        let output = into_a_closed_pipe(&dir, args);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {output:?}");
        assert_eq!(stderr(&output), "", "{args:?}");
    }
    // `| head -1`: the same, for outputs longer than what a pipe holds.
    let hiq = format!("200000\n{}", "10 12 17 0\n".repeat(200_000));
    fs::write(dir.join("many.hiq"), hiq).unwrap();
    let speed = fs::read_to_string(dir.join("examples/speed.in")).unwrap();
    let sets = speed.strip_suffix("0\n").unwrap_or(&speed).repeat(20_000) + "0\n";
    fs::write(dir.join("many.speed"), sets).unwrap();
    for command in [
        "parlor hiq many.hiq",
        "parlor speed many.speed",
        "parlor camicia examples/camicia.txt --trace",
        "parlor russian catalogue --seed 1..3000 --quiet",
    ] {
        let output = sh(
            &dir,
            &format!("{command} | head -1 > /dev/null; echo ${{PIPESTATUS[0]}}"),
        );
        assert_eq!(String::from_utf8_lossy(&output.stdout), "1\n", "{command}");
        assert_eq!(stderr(&output), "", "{command}");
    }
}

#[test]
fn a_usage_error_is_status_2_wherever_its_message_goes() {
    let dir = scratch("outputs-usage");
    let commands = [
        "parlor hiq --nope 2>&-",
        "parlor hiq --nope 2>/dev/full",
        "parlor hiq sovle 2>&-",
        // Was status 1 before issue 34: clap's message lost made it the machine's failure.
        "parlor speed stats --games 3 2>/dev/full",
    ];
    shell::each_exits("bash", &dir, &commands, 2);
    // The help asked for and not written is the machine's failure.
    let output = sh(&dir, "parlor hiq --help > /dev/full");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
}
