//! What every long run shares on the command line — threads, checkpoint, quiet, the cluster — and
//! how a run is handed to the engine (the `sweep` crate) with its progress bar and its
//! throughput line.

use crate::error::CliError;
use crate::format::grouped;
use crate::threads::Threads;
use clap::Args;
use runs::Run;
use std::path::{Path, PathBuf};
use std::time::Duration;
use sweep::{Checkpointing, Cluster, Files, Finish, Job, Sink, Workers};

/// The options of every long run.
#[derive(Args, Debug)]
pub struct LongRun {
    /// How many threads work.
    #[command(flatten)]
    pub threads: Threads,
    /// Save what is done to FILE now and then; started again with the same command, the run
    /// resumes from it and ends as an uninterrupted run would
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints, 0 to 86400 (0: after every chunk of work)
    #[arg(long, value_name = "SECONDS", default_value = "2", requires = "checkpoint",
          value_parser = seconds)]
    pub checkpoint_every: Duration,
    /// No progress bar and no throughput line: nothing on standard error but errors
    #[arg(long)]
    pub quiet: bool,
    /// Whether and how the run spans many processes.
    #[command(flatten)]
    pub cluster: ClusterArgs,
}

/// Running as one process of a cluster.
#[derive(Args, Debug)]
#[command(next_help_heading = "Cluster (see docs/cluster.md)")]
pub struct ClusterArgs {
    /// Run as one process of a cluster of machines (or of processes on one machine); process 0
    /// prints the results
    #[arg(long, requires = "hostfile")]
    cluster: bool,
    /// This process, 0 to N - 1 (default: $SLURM_PROCID)
    #[arg(long, value_name = "I", requires = "cluster")]
    process: Option<usize>,
    /// The number of processes N (default: $SLURM_NTASKS)
    #[arg(long, value_name = "N", requires = "cluster",
          value_parser = clap::value_parser!(u16).range(1..))]
    processes: Option<u16>,
    /// The processes' addresses, one host:port a line, process 0 first
    #[arg(long, value_name = "FILE", requires = "cluster")]
    hostfile: Option<PathBuf>,
    /// Seconds to wait for the other processes to come, 1 to 86400
    #[arg(long, value_name = "SECONDS", default_value = "60", requires = "cluster",
          value_parser = wait)]
    cluster_wait: Duration,
}

/// The longest wait between checkpoints, or for a cluster to gather: a day.
const DAY: f64 = 86_400.0;

fn seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| (0.0..=DAY).contains(s))
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("expected a number of seconds from 0 to {DAY}"))
}

fn wait(text: &str) -> Result<Duration, String> {
    seconds(text)
        .ok()
        .filter(|d| *d >= Duration::from_secs(1))
        .ok_or_else(|| format!("expected a number of seconds from 1 to {DAY}"))
}

impl ClusterArgs {
    /// The cluster this process belongs to, read from the options, Slurm's variables and the
    /// host file; `None` without `--cluster`.
    fn cluster(&self) -> Result<Option<Cluster>, CliError> {
        if !self.cluster {
            return Ok(None);
        }
        let (process, processes) =
            sweep::cluster::seat(self.process, self.processes.map(usize::from))
                .map_err(CliError::BadInput)?;
        let path = self.hostfile.as_deref().unwrap_or(Path::new(""));
        let text = crate::input::read_text(Some(path))?;
        let addresses = sweep::cluster::hosts(&text, processes)
            .map_err(|e| CliError::BadInput(format!("{}: {e}", path.display())))?;
        Ok(Some(Cluster {
            process,
            addresses,
            wait: self.cluster_wait,
        }))
    }
}

/// A long run's files besides its checkpoint: where its results go as they are committed
/// (`--out`, or standard output), the files the command writes at the end (`--plot`), a file
/// that holds how much of the run is done (`--fraction-done`, for BOINC's wrapper), and the
/// files it reads (`IN`); all checked before the run starts.
#[derive(Default)]
pub struct Outputs<'a> {
    /// The files the run reads, each with the option that names it.
    pub reads: Vec<(&'static str, &'a Path)>,
    /// Where the results go, line by line, as they are committed.
    pub results: Option<Results<'a>>,
    /// The files written once the run ends, each with the option that names it.
    pub at_the_end: Vec<(&'static str, &'a Path)>,
    /// Where the fraction done is written as the run goes (`--fraction-done`).
    pub fraction_done: Option<&'a Path>,
}

/// Where the results a run writes as it goes are kept.
#[derive(Clone, Copy)]
pub enum Results<'a> {
    /// `--out FILE`, resumable.
    File(&'a Path),
    /// Standard output, as they come.
    Stdout,
}

impl<'a> Outputs<'a> {
    /// A run whose one output file is the picture `--plot` asks for, if it asks.
    pub fn plot(plot: Option<&'a Path>) -> Outputs<'a> {
        Outputs {
            at_the_end: plot.map(|path| ("--plot", path)).into_iter().collect(),
            ..Outputs::default()
        }
    }
}

/// Runs `run` as the options say — on this machine's threads or as a process of a cluster —
/// after checking every file it will write, and gives its summary to `report` (in a process of
/// a cluster other than process 0, which has no summary, `report` is not called). The
/// throughput goes to standard error after the report, naming the engine as `engine` says it
/// once the run is over (how a GPU was kept busy is known only then), when the game has several.
pub fn run<R: Run>(
    run: &R,
    args: &LongRun,
    unit: &str,
    engine: Option<&dyn Fn() -> String>,
    outputs: Outputs,
    report: impl FnOnce(<R::Job as Job>::Summary) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let Outputs {
        reads,
        results,
        at_the_end,
        fraction_done,
    } = outputs;
    let cluster = args.cluster.cluster()?;
    // The files process 0 writes besides the engine's journal and checkpoint.
    let mut written = at_the_end;
    written.extend(fraction_done.map(|p| ("--fraction-done", p)));
    let mut files = written.clone();
    if let Some(Results::File(path)) = results {
        files.push(("--out", path));
    }
    files.extend(args.checkpoint.as_deref().map(|p| ("--checkpoint", p)));
    sweep::file::check_distinct(&reads, &files)?;
    let writes_results = cluster.as_ref().is_none_or(|c| c.process == 0);
    if writes_results {
        for (_, path) in &written {
            sweep::file::check_writable(path)?;
        }
    }
    let files = Files {
        checkpoint: args.checkpoint.clone().map(|path| Checkpointing {
            path,
            every: args.checkpoint_every,
        }),
        journal: results.map(|results| match results {
            Results::File(path) => Sink::File(path.to_owned()),
            Results::Stdout => Sink::Stdout,
        }),
        fraction_done: fraction_done.filter(|_| writes_results).map(Path::to_owned),
    };
    let threads = args.threads.count();
    let bar = crate::progress::bar(0, unit, args.quiet);
    let shown = bar.clone();
    let progress = Box::new(move |p: &sweep::Progress| crate::progress::show(&shown, p));
    let workers = match cluster {
        None => Workers::Threads(threads),
        Some(cluster) => Workers::Cluster {
            cluster,
            threads,
            die,
        },
    };
    let finish = sweep::run(run.job(), run.identity(), files, &workers, progress)?;
    bar.finish_and_clear();
    let mut machine = match &workers {
        Workers::Cluster { cluster: c, .. } => format!(
            "{} process{} × {threads} thread{}",
            c.processes(),
            if c.processes() == 1 { "" } else { "es" },
            if threads == 1 { "" } else { "s" }
        ),
        Workers::Threads(_) => format!("{threads} thread{}", if threads == 1 { "" } else { "s" }),
    };
    if let Some(engine) = engine {
        machine.push_str(&format!(", engine {}", engine()));
    }
    match finish {
        Some(finish) => {
            let line = throughput(&finish, unit, &machine);
            report(finish.summary)?;
            if !args.quiet {
                crate::error::tell(&line)?;
            }
        }
        None if !args.quiet => {
            crate::error::tell(
                "done: this process's share of the work is played; process 0 has the results",
            )?;
        }
        None => {}
    }
    Ok(())
}

/// The rate of this start of the run, on standard error: it is the only thing that depends on
/// the machine, so standard output stays the same everywhere.
fn throughput<S>(finish: &Finish<S>, unit: &str, workers: &str) -> String {
    let resumed = finish.items - finish.played;
    let before = if resumed > 0 {
        format!(
            "; {} {unit} were done before, from the checkpoint",
            grouped(resumed)
        )
    } else {
        String::new()
    };
    format!(
        "throughput: {} {unit}/s ({} {unit} in {:.3} s on {workers}{before})",
        grouped((finish.played as f64 / finish.seconds_now.max(1e-9)) as u64),
        grouped(finish.played),
        finish.seconds_now,
    )
}

/// Ends this process when its cluster cannot go on: another process went away, or a write
/// failed. Nothing is lost that the same command does not redo from the checkpoint.
fn die(message: &str) -> ! {
    crate::error::say(&format!("error: {message}"));
    std::process::exit(1)
}
