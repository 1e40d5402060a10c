//! What every long run shares on the command line — threads, checkpoint, quiet, the cluster — and
//! how a run is handed to the engine (the `sweep` crate) with its progress bar and its
//! throughput line.

use crate::error::CliError;
use crate::format::grouped;
use crate::threads::Threads;
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use sweep::cluster::Cluster;
use sweep::{Checkpointing, Files, Finish, Identity, Job, Ledger};

/// The options of every long run.
#[derive(Args, Debug)]
pub struct LongRun {
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

/// This program and its version, as checkpoints and cluster processes name it.
pub fn program() -> String {
    concat!("parlor ", env!("CARGO_PKG_VERSION")).to_owned()
}

/// A long run's command and options, for its checkpoint.
pub fn identity(command: &str) -> Identity {
    Identity::new(program(), command)
}

impl ClusterArgs {
    /// The cluster this process belongs to, read from the options, Slurm's variables and the
    /// host file; `None` without `--cluster`.
    fn cluster(&self) -> Result<Option<Cluster>, CliError> {
        if !self.cluster {
            return Ok(None);
        }
        let from_slurm = |name: &str| -> Result<Option<usize>, CliError> {
            match std::env::var(name) {
                Ok(text) => text.trim().parse().map(Some).map_err(|_| {
                    CliError::BadInput(format!(
                        "{name}={text:?}: expected a whole number (it gives the default of \
                         --process or --processes)"
                    ))
                }),
                Err(_) => Ok(None),
            }
        };
        let processes = match self.processes {
            Some(n) => usize::from(n),
            None => from_slurm("SLURM_NTASKS")?.ok_or_else(|| {
                CliError::BadInput("--cluster needs --processes N (or Slurm's SLURM_NTASKS)".into())
            })?,
        };
        let process = match self.process {
            Some(i) => i,
            None => from_slurm("SLURM_PROCID")?.ok_or_else(|| {
                CliError::BadInput("--cluster needs --process I (or Slurm's SLURM_PROCID)".into())
            })?,
        };
        if processes == 0 || process >= processes {
            return Err(CliError::BadInput(format!(
                "--process {process}: expected a process from 0 to {} (of --processes \
                 {processes})",
                processes.saturating_sub(1)
            )));
        }
        let path = self.hostfile.as_deref().unwrap_or(Path::new(""));
        let text = crate::input::read_text(Some(path))?;
        let addresses = hosts(&text, processes)
            .map_err(|e| CliError::BadInput(format!("{}: {e}", path.display())))?;
        Ok(Some(Cluster {
            process,
            addresses,
            wait: self.cluster_wait,
        }))
    }
}

/// The first `processes` addresses of a host file: one `host:port` a line; blank lines and
/// lines starting with `#` are skipped.
fn hosts(text: &str, processes: usize) -> Result<Vec<String>, String> {
    let mut addresses = Vec::new();
    for (number, line) in (1..).zip(text.lines()) {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let port = line
            .rsplit_once(':')
            .map(|(host, port)| (host, port.parse::<u16>()));
        if !matches!(port, Some((host, Ok(_))) if !host.is_empty() && !host.contains(char::is_whitespace))
        {
            return Err(format!(
                "line {number}, column 1: expected host:port such as node1:4000, found {}",
                excerpt::Excerpt::of(line)
            ));
        }
        addresses.push(line.to_owned());
        if addresses.len() == processes {
            return Ok(addresses);
        }
    }
    Err(format!(
        "expected the addresses of {processes} processes, found {}",
        addresses.len()
    ))
}

/// A long run's files besides its checkpoint: its journal (`--out`), the files the command
/// writes at the end (`--plot`), and a file that holds how much of the run is done, a number
/// from 0 to 1 (`--fraction-done`, for BOINC's wrapper); all checked before the run starts.
#[derive(Default)]
pub struct Outputs<'a> {
    pub out: Option<&'a Path>,
    pub at_the_end: Vec<(&'static str, &'a Path)>,
    pub fraction_done: Option<&'a Path>,
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

/// How often the fraction done is written: BOINC's wrapper reads it about once a second.
const FRACTION_EVERY: Duration = Duration::from_secs(1);

/// Writes the fraction of a run that is done to its file, at most once a [`FRACTION_EVERY`],
/// whole or not at all; keeps the first failure, to be reported when the run ends.
struct FractionDone {
    path: PathBuf,
    last: Option<std::time::Instant>,
    failure: Option<sweep::Error>,
}

impl FractionDone {
    fn show(&mut self, progress: &sweep::Progress) {
        let due = self.last.is_none_or(|t| t.elapsed() >= FRACTION_EVERY);
        if due && self.failure.is_none() {
            let fraction = progress.done as f64 / progress.total.max(1) as f64;
            self.write(fraction);
        }
    }

    fn write(&mut self, fraction: f64) {
        let text = format!("{fraction:.6}\n");
        if let Err(e) = sweep::file::write_atomically(&self.path, text.as_bytes()) {
            self.failure.get_or_insert(e);
        }
        self.last = Some(std::time::Instant::now());
    }
}

/// Runs `job` as the options say — on this machine's threads or as a process of a cluster —
/// after checking every file it will write, and gives its summary to `report` (in a process of
/// a cluster other than process 0, which has no summary, `report` is not called). The
/// throughput goes to standard error after the report, naming `engine` when the game has
/// several.
pub fn run<J: Job>(
    job: J,
    identity: Identity,
    args: &LongRun,
    unit: &str,
    engine: Option<&str>,
    outputs: Outputs,
    report: impl FnOnce(J::Summary) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let Outputs {
        out,
        at_the_end,
        fraction_done,
    } = outputs;
    let mut outputs = at_the_end;
    outputs.extend(fraction_done.map(|p| ("--fraction-done", p)));
    let cluster = args.cluster.cluster()?;
    let mut files: Vec<(&'static str, &Path)> = outputs.to_vec();
    files.extend(out.map(|p| ("--out", p)));
    files.extend(args.checkpoint.as_deref().map(|p| ("--checkpoint", p)));
    sweep::file::check_distinct(&files)?;
    let writes_results = cluster.as_ref().is_none_or(|c| c.process == 0);
    if writes_results {
        for (_, path) in &outputs {
            sweep::file::check_writable(path)?;
        }
    }
    let files = Files {
        checkpoint: args.checkpoint.clone().map(|path| Checkpointing {
            path,
            every: args.checkpoint_every,
        }),
        journal: out.map(Path::to_owned),
    };
    let threads = args.threads.count();
    let bar = crate::progress::bar(0, unit, args.quiet);
    let shown = bar.clone();
    let fraction = fraction_done.filter(|_| writes_results).map(|path| {
        Arc::new(Mutex::new(FractionDone {
            path: path.to_owned(),
            last: None,
            failure: None,
        }))
    });
    let told = fraction.clone();
    let mut show = move |p: &sweep::Progress| {
        crate::progress::show(&shown, p);
        if let Some(fraction) = &told {
            fraction
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .show(p);
        }
    };
    let finish: Option<Finish<J::Summary>> = match &cluster {
        None => {
            let ledger = Ledger::open(Arc::new(job), identity, files)?;
            Some(sweep::local::run(ledger, threads, &mut show)?)
        }
        Some(cluster) => sweep::cluster::run(
            Arc::new(job),
            identity,
            files,
            cluster,
            threads,
            Box::new(show),
            die,
        )?,
    };
    bar.finish_and_clear();
    let failed = |fraction: &Option<Arc<Mutex<FractionDone>>>| {
        fraction.as_ref().and_then(|f| {
            f.lock()
                .unwrap_or_else(PoisonError::into_inner)
                .failure
                .take()
        })
    };
    if let Some(failure) = failed(&fraction) {
        return Err(failure.into());
    }
    let mut workers = match &cluster {
        Some(c) => format!(
            "{} process{} × {threads} thread{}",
            c.processes(),
            if c.processes() == 1 { "" } else { "es" },
            if threads == 1 { "" } else { "s" }
        ),
        None => format!("{threads} thread{}", if threads == 1 { "" } else { "s" }),
    };
    if let Some(engine) = engine {
        workers.push_str(&format!(", engine {engine}"));
    }
    match finish {
        Some(finish) => {
            let line = throughput(&finish, unit, &workers);
            report(finish.summary)?;
            // Done only once the results are written.
            if let Some(f) = &fraction {
                f.lock().unwrap_or_else(PoisonError::into_inner).write(1.0);
            }
            if let Some(failure) = failed(&fraction) {
                return Err(failure.into());
            }
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

#[cfg(test)]
mod tests {
    use super::hosts;

    #[test]
    fn host_files() {
        let text = "# the cluster\nnode1:4000\n\n  node2:4000 \nnode3:4000\n";
        assert_eq!(hosts(text, 2).unwrap(), ["node1:4000", "node2:4000"]);
        assert_eq!(
            hosts(text, 4).unwrap_err(),
            "expected the addresses of 4 processes, found 3"
        );
        let bad = hosts("node1:4000\nnode2\n", 2).unwrap_err();
        assert!(
            bad.starts_with("line 2, column 1: expected host:port"),
            "{bad}"
        );
        assert!(hosts("[::1]:4000\n", 1).is_ok());
        assert!(hosts("node1:70000\n", 1).is_err());
    }
}
