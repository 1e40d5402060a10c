//! `catalogue`: a line for each deal, what `solve` says of it.

use super::*;
use russian::catalogue::Catalogue;

/// The lines of `catalogue ARGS --quiet` as JSON values.
fn catalogue_lines(args: &[&str]) -> Vec<Value> {
    let args = [&["russian", "catalogue", "--quiet"], args].concat();
    stdout_of(&args)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

#[test]
fn catalogue_lines_are_what_solve_says_of_each_deal() {
    // Both sides of the PySolFC generators' border at 32,000, and a budget that runs out.
    let cases: [(&[&str], &str, &[&str]); 3] = [
        (&["--pysol", "31990..32006"], "pysol", &[]),
        (&["--seed", "110..120"], "seed", &[]),
        (
            &["--seed", "2688..2698", "--budget", "1000"],
            "seed",
            &["--budget", "1000"],
        ),
    ];
    let mut unproven = 0;
    for (range, name, budget) in cases {
        let lines = catalogue_lines(range);
        assert!(lines.len() >= 10);
        let first = lines[0][name].as_u64().unwrap();
        for (i, line) in lines.iter().enumerate() {
            let number = (first + i as u64).to_string();
            assert_eq!(line[name].as_u64(), Some(first + i as u64), "in order");
            let flag = format!("--{name}");
            let solve =
                json_of(&[&["russian", "solve", &flag, &number, "--json"], budget].concat());
            assert_eq!(line["max"], solve["best"], "{name} {number}");
            assert_eq!(line["proven"], solve["complete"], "{name} {number}");
            assert_eq!(line["won"], solve["won"], "{name} {number}");
            unproven += usize::from(line["proven"] == false);
        }
    }
    assert!(unproven > 0, "the budget runs out on some deal");
}

#[test]
fn the_shipped_pysol_catalogue_is_regenerated_in_its_first_500_games() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/russian-pysol-winnable-1-32000.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let header: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
    assert!(
        header
            .iter()
            .any(|l| l.contains("parlor russian catalogue --pysol 1..32001 --winnable"))
    );
    let shipped: Vec<u64> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.parse().expect("a game number a line"))
        .collect();
    assert!(shipped.windows(2).all(|w| w[0] < w[1]));
    assert!(shipped.first() >= Some(&1) && shipped.last() <= Some(&32_000));
    let sample: Vec<u64> = shipped.iter().copied().filter(|&n| n <= 500).collect();
    let made: Vec<u64> = catalogue_lines(&["--pysol", "1..501", "--winnable"])
        .iter()
        .map(|line| {
            assert_eq!(line["won"], true);
            line["pysol"].as_u64().unwrap()
        })
        .collect();
    assert!(made.len() > 10);
    assert_eq!(made, sample);
}

#[test]
fn catalogue_summary_goes_where_the_lines_do_not() {
    let dir = scratch("catalogue");
    let out = dir.join("lines.jsonl");
    let streamed = parlor()
        .args(["russian", "catalogue", "--pysol", "1..201"])
        .output()
        .unwrap();
    assert!(streamed.status.success());
    let stderr = String::from_utf8(streamed.stderr).unwrap();
    assert!(
        stderr.starts_with(
            "catalogue of PySolFC games 1 to 200: 200 deals, 200 maxima proven\nwinnable  "
        ),
        "{stderr}"
    );
    let lines = String::from_utf8(streamed.stdout).unwrap();
    assert_eq!(lines.lines().count(), 200);
    let summary = json_of(&[
        "russian",
        "catalogue",
        "--pysol",
        "1..201",
        "--json",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), lines);
    assert_eq!(summary["deals"], 200);
    assert_eq!(summary["first"], "1");
    assert_eq!(summary["last"], "200");
    let histogram: Vec<u64> = summary["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert_eq!(histogram.len(), 53);
    assert_eq!(histogram.iter().sum::<u64>(), 200);
    let won = lines
        .lines()
        .filter(|l| l.ends_with("\"won\":true}"))
        .count() as u64;
    assert_eq!(summary["winnable"]["count"], won);
    assert_eq!(histogram[52], won);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn catalogue_refuses_bad_ranges_and_a_checkpoint_without_out() {
    for range in ["0..5", "5..5", "1..100000000000000000002", "x..3", "7"] {
        refused(&["russian", "catalogue", "--pysol", range], "").stderr(predicates::str::contains(
            "--pysol: expected A..B, PySolFC game numbers with 1 <= A < B",
        ));
    }
    refused(
        &["russian", "catalogue", "--seed", "3..18446744073709551617"],
        "",
    )
    .stderr(predicates::str::contains("--seed: expected A..B"));
    rejects(
        &[
            "russian",
            "catalogue",
            "--seed",
            "0..10",
            "--checkpoint",
            "c.json",
        ],
        "",
        "--checkpoint needs --out FILE: lines already written to standard output cannot be taken \
         back, so a resumed run could not end as an uninterrupted one",
    );
    refused(
        &["russian", "catalogue", "--seed", "0..3", "--pysol", "1..3"],
        "",
    );
    refused(&["russian", "catalogue"], "");
}

#[test]
fn a_catalogue_killed_mid_run_resumes_to_the_same_lines_whatever_the_threads() {
    let dir = scratch("catalogue-resume");
    let (whole, out, checkpoint) = (
        dir.join("whole.jsonl"),
        dir.join("out.jsonl"),
        dir.join("c"),
    );
    let run = |out: &Path, threads: &str| {
        with(
            &[
                "russian",
                "catalogue",
                "--seed",
                "0..20480",
                "--quiet",
                "--json",
            ],
            &["--threads", threads, "--out", out.to_str().unwrap()],
        )
    };
    let summary = stdout_of(&strs(&run(&whole, "1")));
    let resumable = with(
        &strs(&run(&out, "2")),
        &[
            "--checkpoint",
            checkpoint.to_str().unwrap(),
            "--checkpoint-every",
            "0",
        ],
    );
    kill_after(spawn(&resumable), &checkpoint, 3);
    kill_after(spawn(&resumable), &checkpoint, 6);
    assert_eq!(stdout_of(&strs(&resumable)), summary);
    let lines = std::fs::read_to_string(&whole).unwrap();
    assert_eq!(lines.lines().count(), 20480);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), lines);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_catalogue_on_a_cluster_streams_the_lines_of_one_process() {
    let dir = scratch("catalogue-cluster");
    // The winnable deals only: `cluster` reads the processes' pipes one after the other, so
    // process 0's lines must fit in a pipe's buffer.
    let run = with(
        &["russian", "catalogue", "--pysol", "31000..36000"],
        &["--winnable", "--quiet"],
    );
    let alone = stdout_of(&strs(&run));
    assert!((200..1000).contains(&alone.lines().count()));
    let (first, outputs) = cluster(&with(&strs(&run), &["--threads", "1"]), &dir, 2);
    assert_eq!(first, alone);
    assert!(outputs[1].stdout.is_empty());
    std::fs::remove_dir_all(dir).unwrap();
}

/// A catalogue of seeds 0..2048 with its first chunk solved: the folder, the run, the first
/// chunk's catalogue and lines, and the command that resumes it from `c.json` into `out.jsonl`.
fn first_chunk_of_a_catalogue(
    name: &str,
) -> (
    PathBuf,
    runs::russian::CatalogueRun,
    Catalogue,
    String,
    Vec<String>,
) {
    let dir = scratch(name);
    let numbering = russian::catalogue::Numbering::Seed;
    let run = runs::russian::CatalogueRun::new(numbering, runs::Deals::new(0, 2048), None, false);
    let mut catalogue = Catalogue::default();
    let mut lines = String::new();
    for (seed, entry) in russian::catalogue::solve_deals(numbering, 0..1024, None)
        .into_iter()
        .enumerate()
    {
        catalogue.add(entry);
        lines += &format!(
            "{{\"seed\":{seed},\"max\":{},\"proven\":{},\"won\":{}}}\n",
            entry.max,
            entry.proven,
            entry.won()
        );
    }
    let command = ["russian", "catalogue", "--seed", "0..2048", "--out"]
        .map(str::to_owned)
        .into_iter()
        .chain([dir.join("out.jsonl").display().to_string()])
        .chain([
            "--checkpoint".to_owned(),
            dir.join("c.json").display().to_string(),
        ])
        .collect();
    (dir, run, catalogue, lines, command)
}

#[test]
fn a_catalogue_without_budget_proves_every_maximum() {
    let (dir, run, catalogue, _, command) = first_chunk_of_a_catalogue("forged-catalogue");
    let mut forged = summary_of(&catalogue);
    forged["proven"] = json!(1000);
    forge(&dir.join("c.json"), &run, 1, &forged);
    refused_saying(
        &command.iter().map(String::as_str).collect::<Vec<_>>(),
        "its summary does not add up: 1000 maxima proven of 1024 deals, all solved without a \
         budget",
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_catalogue_whose_counts_its_lines_do_not_make_is_refused() {
    let (dir, run, catalogue, lines, command) =
        first_chunk_of_a_catalogue("forged-catalogue-lines");
    let (out, checkpoint) = (dir.join("out.jsonl"), dir.join("c.json"));
    std::fs::write(&out, &lines).unwrap();
    let command: Vec<&str> = command.iter().map(String::as_str).collect();
    // One deal moved from the lowest score to the highest, every total kept: the summary alone
    // adds up, the lines do not make it.
    let mut moved = catalogue.clone();
    let low = (0..52).find(|&s| moved.maxima.histogram[s] > 0).unwrap();
    moved.maxima.histogram[low] -= 1;
    moved.maxima.histogram[51] += 1;
    let state = |journal: &str| State {
        journal: Some(sweep::journal::mark_of(journal.as_bytes())),
        ..state_of(&run, 1)
    };
    sweep::checkpoint::save(&checkpoint, &state(&lines), &moved).unwrap();
    refused_saying(
        &command,
        &format!(
            "does not agree with the checkpoint's summary: {} deals of best score {low} \
             written, {} counted",
            catalogue.maxima.histogram[low], moved.maxima.histogram[low]
        ),
    );
    // The lines edited to match, their mark made right: a line this run never writes.
    let edited = lines.replacen("\"max\":", "\"max\": ", 1);
    sweep::checkpoint::save(&checkpoint, &state(&edited), &catalogue).unwrap();
    std::fs::write(&out, &edited).unwrap();
    refused_saying(&command, "line 1: expected a line of this catalogue");
    // The true pair resumes and ends as an uninterrupted run would.
    sweep::checkpoint::save(&checkpoint, &state(&lines), &catalogue).unwrap();
    std::fs::write(&out, &lines).unwrap();
    parlor().args(command).args(["--quiet"]).assert().success();
    let whole = dir.join("whole.jsonl");
    parlor()
        .args([
            "russian",
            "catalogue",
            "--seed",
            "0..2048",
            "--quiet",
            "--out",
        ])
        .arg(&whole)
        .assert()
        .success();
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&whole).unwrap());
    std::fs::remove_dir_all(dir).unwrap();
}
