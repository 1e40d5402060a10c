//! The ledger: where the parts of a run's chunks arrive, in any order, and are committed in
//! chunk order — into the summary, to the journal, and now and then to the checkpoint. Every
//! engine (threads, cluster) feeds one.

use crate::checkpoint::{self, Identity, State};
use crate::file::{self, Lock};
use crate::fraction::FractionDone;
use crate::journal::Journal;
use crate::{Commit, Error, Job, Plan};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where a run keeps its checkpoint, and how often it writes it.
#[derive(Clone, Debug)]
pub struct Checkpointing {
    /// The checkpoint's file.
    pub path: PathBuf,
    /// Time between checkpoints; zero writes one after every chunk.
    pub every: Duration,
}

/// Where a run's journal goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sink {
    /// A file, which a resumed run cuts back to what its checkpoint recorded.
    File(PathBuf),
    /// Standard output, flushed after every commit: what went into a pipe cannot be taken back,
    /// so such a run cannot have a checkpoint.
    Stdout,
}

/// The files of a run: where it keeps its checkpoint, its journal (results appended as they
/// are committed), and the file that tells how much of it is done (a number from 0 to 1, as
/// BOINC's wrapper reads it).
#[derive(Clone, Debug, Default)]
pub struct Files {
    /// Where the checkpoint is kept, and how often it is written.
    pub checkpoint: Option<Checkpointing>,
    /// Where the results go as they are committed.
    pub journal: Option<Sink>,
    /// Where the fraction done is written, about once a second and 1 at the end.
    pub fraction_done: Option<PathBuf>,
}

/// How far a run has got, for a progress bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Items committed.
    pub done: u64,
    /// Items in all.
    pub total: u64,
    /// Items that were already done when this start of the run began (resumed from a
    /// checkpoint): a rate counts only the others.
    pub resumed: u64,
    /// What the job says of its summary so far.
    pub status: Option<String>,
}

/// The end of a run.
#[derive(Debug)]
pub struct Finish<S> {
    /// What the run's chunks add up to.
    pub summary: S,
    /// Items the run covered.
    pub items: u64,
    /// Items played by this start of the run (not resumed from a checkpoint).
    pub played: u64,
    /// Seconds spent on the run over every start.
    pub seconds: f64,
    /// Seconds spent by this start alone.
    pub seconds_now: f64,
}

/// Where a run's parts are committed in chunk order, its journal written and its checkpoint
/// kept.
pub(crate) struct Ledger<J: Job> {
    job: Arc<J>,
    plan: Plan,
    identity: Identity,
    summary: J::Summary,
    committed: u64,
    waiting: BTreeMap<u64, J::Part>,
    journal: Option<Journal>,
    /// Whether the journal's bytes go to standard output instead.
    to_stdout: bool,
    fraction: Option<FractionDone>,
    checkpoint: Option<(Checkpointing, Lock)>,
    last_save: Instant,
    started: Instant,
    seconds_before: f64,
    resumed_items: u64,
    scratch: Vec<u8>,
}

/// Whether `path` is a file with something in it (a stream holds nothing to lose).
fn holds_results(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|meta| meta.is_file() && meta.len() > 0)
}

impl<J: Job> Ledger<J> {
    /// A run of `job` about to start: its files checked and held, and, when its checkpoint
    /// exists, resumed from it after checking that it is this run's and agrees with itself and
    /// with the journal.
    pub fn open(job: Arc<J>, identity: Identity, files: Files) -> Result<Ledger<J>, Error> {
        let Files {
            checkpoint: checkpointing,
            journal: sink,
            fraction_done,
        } = files;
        let to_stdout = sink == Some(Sink::Stdout);
        if let (true, Some(c)) = (to_stdout, &checkpointing) {
            return Err(Error::checkpoint(
                &c.path,
                "a run whose results go to standard output cannot resume: what went out cannot \
                 be taken back; give its results a file",
            ));
        }
        let journal = match &sink {
            Some(Sink::File(path)) => Some(path.as_path()),
            _ => None,
        };
        let plan = job.plan();
        let mut writes: Vec<file::Role> = Vec::new();
        writes.extend(journal.map(|path| ("the output", path)));
        writes.extend(
            fraction_done
                .as_deref()
                .map(|path| ("the fraction done", path)),
        );
        let lock = checkpointing
            .as_ref()
            .map(|c| file::sidecar(&c.path, "lock"));
        if let Some(c) = &checkpointing {
            writes.push(("the checkpoint", &c.path));
            if let file::Place::Stream(_) = file::place(&c.path)? {
                return Err(Error::checkpoint(
                    &c.path,
                    "is a pipe or a device, not a file: a checkpoint is read back and replaced; \
                     give a file",
                ));
            }
        }
        let held: Vec<file::Role> = lock
            .iter()
            .map(|lock| ("the checkpoint's lock", lock.as_path()))
            .collect();
        file::check_distinct(&held, &writes)?;
        for (_, path) in &writes {
            file::place(path)?;
        }
        if let (Some(c), Some(path)) = (&checkpointing, journal)
            && let file::Place::Stream(_) = file::place(path)?
        {
            return Err(Error::checkpoint(
                &c.path,
                "a run whose results go to a pipe or a device cannot resume: what went out \
                 cannot be taken back; give its results a file",
            ));
        }

        let mut ledger = Ledger {
            summary: job.empty(),
            job,
            plan,
            identity,
            committed: 0,
            waiting: BTreeMap::new(),
            journal: None,
            to_stdout,
            fraction: fraction_done.map(FractionDone::new),
            checkpoint: None,
            last_save: Instant::now(),
            started: Instant::now(),
            seconds_before: 0.0,
            resumed_items: 0,
            scratch: Vec::new(),
        };
        let mut mark = None;
        if let Some(c) = checkpointing {
            // Before the lock is taken, so that a refused run leaves nothing behind.
            if !c.path.exists()
                && let Some(path) = journal.filter(|path| holds_results(path))
            {
                return Err(Error::checkpoint(
                    path,
                    format!(
                        "holds results, but the checkpoint {} does not exist: a new run \
                         would empty it; give the checkpoint of the run that wrote it, or \
                         remove the file (or give another) to start again",
                        c.path.display()
                    ),
                ));
            }
            let lock = Lock::beside(&c.path)?;
            if c.path.exists() {
                let (state, summary) =
                    checkpoint::load::<J::Summary>(&c.path, &ledger.identity, &plan)?;
                ledger.resume(&c.path, state.committed, summary)?;
                ledger.seconds_before = state.seconds;
                match (state.journal, journal) {
                    (Some(_), None) => {
                        return Err(Error::checkpoint(
                            &c.path,
                            "the checkpoint was made by a run with an output file (--out), this \
                             command has none; give the same --out",
                        ));
                    }
                    (None, Some(_)) if state.committed > 0 => {
                        return Err(Error::checkpoint(
                            &c.path,
                            "the checkpoint was made by a run without an output file, this \
                             command has --out: the results before the checkpoint would be \
                             missing from it; drop --out, or start again without the checkpoint",
                        ));
                    }
                    (then, _) => mark = then,
                }
            }
            ledger.checkpoint = Some((c, lock));
        }
        if let Some(path) = journal {
            let opened = Journal::open(path, mark)?;
            if mark.is_some() {
                ledger
                    .job
                    .check_journal(&ledger.summary, &mut opened.reread()?)
                    .map_err(|problem| {
                        Error::checkpoint(
                            path,
                            format!(
                                "does not agree with the checkpoint's summary: {problem}; one of \
                                 them was damaged or edited"
                            ),
                        )
                    })?;
            }
            ledger.journal = Some(opened);
        }
        // From now on the checkpoint exists, and matches the journal.
        ledger.save()?;
        if let Some(fraction) = &mut ledger.fraction {
            fraction.show(ledger.resumed_items, plan.items);
        }
        Ok(ledger)
    }

    fn resume(&mut self, path: &Path, committed: u64, summary: J::Summary) -> Result<(), Error> {
        self.job.check(&summary, committed).map_err(|problem| {
            Error::checkpoint(
                path,
                format!("its summary does not add up: {problem}; it was damaged or edited"),
            )
        })?;
        self.summary = summary;
        self.committed = committed;
        self.resumed_items = self.plan.items_before(committed);
        Ok(())
    }

    pub fn job(&self) -> &Arc<J> {
        &self.job
    }

    pub fn plan(&self) -> Plan {
        self.plan
    }

    /// Chunks committed.
    pub fn committed(&self) -> u64 {
        self.committed
    }

    pub fn is_complete(&self) -> bool {
        self.committed >= self.plan.chunks()
    }

    /// What the chunks of the current round play from.
    pub fn basis(&self) -> J::Basis {
        self.job.basis(&self.summary)
    }

    /// Takes chunk `chunk`'s part and commits every chunk that is now next in order. Says
    /// whether a round ended, so that the next round's basis must be made. A part of a chunk
    /// already committed, or already waiting, is dropped (a part is the same whoever plays it).
    pub fn offer(&mut self, chunk: u64, part: J::Part) -> Result<bool, Error> {
        self.offer_span(chunk, vec![part])
    }

    /// Takes the parts of the chunks from `first` on, one a chunk ([`Job::play_span`]), as
    /// [`Ledger::offer`] takes each; they are committed together, with no checkpoint between.
    pub fn offer_span(&mut self, first: u64, parts: Vec<J::Part>) -> Result<bool, Error> {
        for (chunk, part) in (first..).zip(parts) {
            if (self.committed..self.plan.chunks()).contains(&chunk) {
                self.waiting.entry(chunk).or_insert(part);
            }
        }
        let mut round_ended = false;
        while let Some(part) = self.waiting.remove(&self.committed) {
            self.scratch.clear();
            let mut commit = Commit::of(&self.plan, self.committed, &mut self.scratch);
            self.job
                .commit(&mut self.summary, part, &mut commit)
                .map_err(Error::Job)?;
            if let Some(journal) = &mut self.journal {
                journal.append(&self.scratch)?;
            } else if self.to_stdout && !self.scratch.is_empty() {
                let mut stdout = io::stdout().lock();
                stdout
                    .write_all(&self.scratch)
                    .and_then(|()| stdout.flush())
                    .map_err(Error::Stdout)?;
            }
            self.committed += 1;
            round_ended |= self.plan.ends_round(self.committed);
        }
        if self
            .checkpoint
            .as_ref()
            .is_some_and(|(c, _)| self.last_save.elapsed() >= c.every)
        {
            self.save()?;
        }
        if let Some(fraction) = &mut self.fraction {
            fraction.show(self.plan.items_before(self.committed), self.plan.items);
        }
        Ok(round_ended)
    }

    pub fn progress(&self) -> Progress {
        Progress {
            done: self.plan.items_before(self.committed),
            total: self.plan.items,
            resumed: self.resumed_items,
            status: self.job.status(&self.summary),
        }
    }

    fn seconds(&self) -> f64 {
        self.seconds_before + self.started.elapsed().as_secs_f64()
    }

    /// Writes the checkpoint, after making the journal durable, so that the checkpoint on disk
    /// is never ahead of the journal.
    fn save(&mut self) -> Result<(), Error> {
        let Some((checkpointing, _)) = &self.checkpoint else {
            return Ok(());
        };
        if let Some(journal) = &self.journal {
            journal.sync()?;
        }
        let state = State {
            identity: self.identity.clone(),
            plan: self.plan,
            committed: self.committed,
            seconds: self.seconds(),
            journal: self.journal.as_ref().map(Journal::mark),
        };
        checkpoint::save(&checkpointing.path, &state, &self.summary)?;
        self.last_save = Instant::now();
        Ok(())
    }

    /// Ends a run whose chunks are all committed: the last checkpoint (a complete run started
    /// again only prints its result), and the summary.
    pub fn finish(mut self) -> Result<Finish<J::Summary>, Error> {
        debug_assert!(self.is_complete());
        self.save()?;
        if let Some(journal) = &self.journal {
            journal.sync()?;
        }
        if let Some(fraction) = self.fraction.take() {
            fraction.finish()?;
        }
        Ok(Finish {
            items: self.plan.items,
            played: self.plan.items - self.resumed_items,
            seconds: self.seconds(),
            seconds_now: self.started.elapsed().as_secs_f64(),
            summary: self.summary,
        })
    }
}
