//! The engines against the plain reading of a job (every chunk in order, one thread): the same
//! summary and the same journal whatever the threads, the processes, the rounds, and wherever a
//! run was interrupted.

use serde::{Deserialize, Serialize};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use sweep::checkpoint::{self, State};
use sweep::cluster::free_ports;
use sweep::{Checkpointing, Cluster, Commit, Files, Identity, Job, Plan, Sink, Workers, journal};

/// Items 0..n, each worth a hash of itself; a "find" every so often, reported in the journal.
/// In rounds, what an item is worth depends on the summary at the start of its round.
#[derive(Serialize)]
struct Hashes {
    items: u64,
    rounds: bool,
    /// Chunks a worker takes at once (no part of the run's identity: a run resumes whatever it
    /// was).
    #[serde(skip)]
    span: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Sum {
    items: u64,
    total: u64,
    finds: u64,
    /// The total when the current round began.
    round_start: u64,
}

const CHUNK: u64 = 37;
const ROUND: u64 = 3;

fn worth(item: u64, basis: u64) -> u64 {
    let mut x = item ^ basis.rotate_left(17);
    x = x.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^ (x >> 29)
}

impl Job for Hashes {
    type Part = (u64, u64, Vec<u64>);
    type Summary = Sum;
    type Basis = u64;

    fn plan(&self) -> Plan {
        let plan = Plan::new(self.items, CHUNK);
        if self.rounds {
            plan.in_rounds(ROUND)
        } else {
            plan
        }
    }

    fn empty(&self) -> Sum {
        Sum::default()
    }

    fn basis(&self, summary: &Sum) -> u64 {
        summary.round_start
    }

    fn play(&self, _chunk: u64, items: Range<u64>, basis: &u64) -> Self::Part {
        let count = items.end - items.start;
        let values: Vec<(u64, u64)> = items.map(|i| (i, worth(i, *basis))).collect();
        let total = values.iter().fold(0u64, |t, (_, v)| t.wrapping_add(*v));
        let finds = values
            .iter()
            .filter(|(_, v)| v % 101 == 0)
            .map(|(i, _)| *i)
            .collect();
        (count, total, finds)
    }

    fn span(&self) -> u64 {
        self.span
    }

    fn commit(
        &self,
        summary: &mut Sum,
        part: Self::Part,
        commit: &mut Commit,
    ) -> Result<(), String> {
        let (count, total, finds) = part;
        summary.items += count;
        summary.total = summary.total.wrapping_add(total);
        for find in finds {
            summary.finds += 1;
            commit
                .journal()
                .extend(format!("{{\"find\":{find}}}\n").bytes());
        }
        if commit.ends_round() {
            summary.round_start = summary.total;
        }
        Ok(())
    }

    fn check(&self, summary: &Sum, chunks: u64) -> Result<(), String> {
        let items = self.plan().items_before(chunks);
        (summary.items == items)
            .then_some(())
            .ok_or_else(|| format!("{} items counted in {chunks} chunks", summary.items))
    }
}

/// Every chunk in order on this thread, up to chunk `upto`.
fn plainly(job: &Hashes, upto: u64) -> (Sum, Vec<u8>) {
    let plan = job.plan();
    let mut summary = job.empty();
    let mut journal = Vec::new();
    let mut basis = job.basis(&summary);
    for chunk in 0..upto {
        let part = job.play(chunk, plan.range(chunk), &basis);
        job.commit(
            &mut summary,
            part,
            &mut Commit::of(&plan, chunk, &mut journal),
        )
        .unwrap();
        if plan.round.is_some_and(|r| (chunk + 1).is_multiple_of(r)) {
            basis = job.basis(&summary);
        }
    }
    (summary, journal)
}

fn identity(job: &Hashes) -> Identity {
    Identity::of("sweep-test 1", "hashes", job)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sweep-engine-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run_locally(job: Hashes, threads: usize, files: Option<(&Path, &Path)>) -> Sum {
    let identity = identity(&job);
    let checkpointing = files.map(|(c, _)| Checkpointing {
        path: c.to_owned(),
        every: Duration::ZERO,
    });
    let files = Files {
        checkpoint: checkpointing,
        journal: files.map(|f| Sink::File(f.1.to_owned())),
        fraction_done: None,
    };
    let seen = Arc::new(AtomicU64::new(0));
    let watched = Arc::clone(&seen);
    let progress = Box::new(move |progress: &sweep::Progress| {
        let before = watched.swap(progress.done, Ordering::Relaxed);
        assert!(progress.done >= before && progress.done <= progress.total);
    });
    let finish = sweep::run(job, identity, files, &Workers::Threads(threads), progress)
        .unwrap()
        .unwrap();
    assert_eq!(seen.load(Ordering::Relaxed), finish.items);
    finish.summary
}

#[test]
fn threads_give_what_one_thread_gives() {
    for rounds in [false, true] {
        for items in [0, 1, 36, 37, 38, 5000] {
            let (expected, _) = plainly(
                &Hashes {
                    items,
                    rounds,
                    span: 1,
                },
                Hashes {
                    items,
                    rounds,
                    span: 1,
                }
                .plan()
                .chunks(),
            );
            // Spans of several chunks (a GPU's batches), some longer than a round.
            for (threads, span) in [(1, 1), (2, 1), (3, 1), (7, 1), (1, 4), (2, 2), (3, 5)] {
                let job = Hashes {
                    items,
                    rounds,
                    span,
                };
                let summary = run_locally(job, threads, None);
                assert_eq!(
                    summary, expected,
                    "{items} items, {threads} threads, spans of {span}, rounds {rounds}"
                );
            }
        }
    }
}

#[test]
fn a_run_resumed_from_any_checkpoint_ends_as_an_uninterrupted_one() {
    let dir = scratch("resume");
    for rounds in [false, true] {
        let job = Hashes {
            items: 4000,
            rounds,
            span: 1,
        };
        let chunks = job.plan().chunks();
        let (expected, journal) = plainly(&job, chunks);
        assert!(!journal.is_empty());
        let stops = [(0, 2), (1, 1), (17, 3), (chunks - 1, 2), (chunks, 2)];
        for ((stop, threads), span) in stops.into_iter().zip([1, 4, 5, 2, 3]) {
            let (checkpoint, out) = (dir.join("run.checkpoint"), dir.join("out.jsonl"));
            // What a run killed after `stop` chunks leaves: its checkpoint, and an output that
            // went on past it, with a partial last line.
            let (summary, mut written) = plainly(&job, stop);
            let state = State {
                identity: identity(&job),
                plan: job.plan(),
                committed: stop,
                seconds: 3.0,
                journal: Some(journal::mark_of(&written)),
            };
            checkpoint::save(&checkpoint, &state, &summary).unwrap();
            written.extend_from_slice(b"{\"find\":12345}\n{\"fi");
            std::fs::write(&out, &written).unwrap();

            let resumed = run_locally(
                Hashes {
                    items: 4000,
                    rounds,
                    span,
                },
                threads,
                Some((&checkpoint, &out)),
            );
            assert_eq!(
                resumed, expected,
                "stopped after {stop} chunks, rounds {rounds}"
            );
            assert_eq!(
                std::fs::read(&out).unwrap(),
                journal,
                "stopped after {stop} chunks"
            );
            // Run again, the checkpoint complete: the same result, the output untouched.
            let again = run_locally(
                Hashes {
                    items: 4000,
                    rounds,
                    span: 1,
                },
                1,
                Some((&checkpoint, &out)),
            );
            assert_eq!(again, expected);
            assert_eq!(std::fs::read(&out).unwrap(), journal);
            std::fs::remove_file(&checkpoint).unwrap();
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A fold whose player takes spans of chunks (a GPU's batches) sums up as it does chunk by chunk,
/// and checkpoints only whole spans: resumed from its checkpoint, it ends the same.
#[test]
fn a_fold_played_in_spans_is_the_fold_of_its_chunks() {
    #[derive(Clone, Default, Serialize, Deserialize)]
    struct Total(u64);
    impl tally::Merge for Total {
        fn merge(&mut self, other: &Total) {
            self.0 = self.0.wrapping_add(other.0);
        }
    }
    let played = Arc::new(std::sync::Mutex::new(Vec::new()));
    let fold = |span: Option<u64>| {
        let calls = Arc::clone(&played);
        let fold = sweep::Fold::new(Plan::new(10_000, 64), Total(0), move |items: Range<u64>| {
            calls.lock().unwrap().push(items.clone());
            Total(items.fold(0, |t: u64, i| t.wrapping_add(worth(i, 0))))
        })
        .checked_by(|_, _| Ok(()));
        match span {
            Some(items) => fold.spanning(move || items),
            None => fold,
        }
    };
    let dir = scratch("fold-spans");
    let checkpoint = dir.join("fold.checkpoint");
    let done = Arc::new(std::sync::Mutex::new(Vec::new()));
    let run = |span, threads| {
        let seen = Arc::clone(&done);
        let progress = Box::new(move |p: &sweep::Progress| seen.lock().unwrap().push(p.done));
        let files = Files {
            checkpoint: Some(Checkpointing {
                path: checkpoint.clone(),
                every: Duration::ZERO,
            }),
            ..Files::default()
        };
        let identity = Identity::new("sweep-test 1", "fold");
        sweep::run(
            fold(span),
            identity,
            files,
            &Workers::Threads(threads),
            progress,
        )
        .unwrap()
        .unwrap()
        .summary
        .0
    };
    let expected = (0..10_000).fold(0u64, |t, i| t.wrapping_add(worth(i, 0)));
    assert_eq!(run(None, 1), expected);
    assert!(played.lock().unwrap().iter().all(|r| r.end - r.start <= 64));
    std::fs::remove_file(&checkpoint).unwrap();
    played.lock().unwrap().clear();
    done.lock().unwrap().clear();
    assert_eq!(run(Some(1000), 2), expected);
    // Spans of 16 chunks (1,000 items in whole chunks), the last one shorter.
    let spans = played.lock().unwrap().clone();
    assert!(
        spans
            .iter()
            .all(|r| r.end - r.start == 1024 || r.end == 10_000),
        "{spans:?}"
    );
    // Committed a whole span at a time.
    let commits = done.lock().unwrap().clone();
    assert!(
        commits.iter().all(|d| d % 1024 == 0 || *d == 10_000),
        "{commits:?}"
    );
    // Resumed from a checkpoint after 7 chunks, inside what a span would take.
    let (state, _) = checkpoint::load::<Total>(
        &checkpoint,
        &Identity::new("sweep-test 1", "fold"),
        &Plan::new(10_000, 64),
    )
    .unwrap();
    let mut state: State = state;
    state.committed = 7;
    let partial = (0..7 * 64).fold(0u64, |t, i| t.wrapping_add(worth(i, 0)));
    checkpoint::save(&checkpoint, &state, &Total(partial)).unwrap();
    assert_eq!(run(Some(1000), 3), expected);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_checkpoint_that_does_not_add_up_is_refused() {
    let dir = scratch("refuse");
    let checkpoint = dir.join("run.checkpoint");
    let job = Hashes {
        items: 1000,
        rounds: false,
        span: 1,
    };
    let (mut summary, _) = plainly(&job, 5);
    summary.items += 1;
    let state = State {
        identity: identity(&job),
        plan: job.plan(),
        committed: 5,
        seconds: 0.0,
        journal: None,
    };
    checkpoint::save(&checkpoint, &state, &summary).unwrap();
    let mut files = Files {
        checkpoint: Some(Checkpointing {
            path: checkpoint.clone(),
            every: Duration::ZERO,
        }),
        journal: None,
        fraction_done: None,
    };
    let error = sweep::run(
        job,
        state.identity.clone(),
        files.clone(),
        &Workers::Threads(1),
        Box::new(|_| {}),
    )
    .err()
    .unwrap();
    assert!(
        error
            .to_string()
            .contains("does not add up: 186 items counted in 5 chunks"),
        "{error}"
    );
    assert!(error.is_usage());
    // A checkpoint of a run without output, resumed with one, would leave results out.
    summary.items -= 1;
    checkpoint::save(&checkpoint, &state, &summary).unwrap();
    let job = Hashes {
        items: 1000,
        rounds: false,
        span: 1,
    };
    files.journal = Some(Sink::File(dir.join("out")));
    let error = sweep::run(
        job,
        state.identity.clone(),
        files,
        &Workers::Threads(1),
        Box::new(|_| {}),
    )
    .err()
    .unwrap();
    assert!(
        error.to_string().contains("without an output file"),
        "{error}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// The test process itself ends: the cluster cannot go on, and nothing would wake the others.
fn die(message: &str) -> ! {
    eprintln!("the cluster failed: {message}");
    std::process::exit(3)
}

#[test]
fn a_cluster_gives_what_one_thread_gives() {
    let items = 20_000;
    let (expected, journal) = plainly(
        &Hashes {
            items,
            rounds: false,
            span: 1,
        },
        Hashes {
            items,
            rounds: false,
            span: 1,
        }
        .plan()
        .chunks(),
    );
    let dir = scratch("cluster");
    let out = dir.join("out.jsonl");
    let addresses = free_ports(2).unwrap();
    let processes: Vec<_> = (0..2)
        .map(|process| {
            let cluster = Cluster {
                process,
                addresses: addresses.clone(),
                wait: Duration::from_secs(20),
            };
            let out = out.clone();
            std::thread::spawn(move || {
                let job = Hashes {
                    items,
                    rounds: false,
                    span: 1,
                };
                let identity = identity(&job);
                let files = Files {
                    checkpoint: None,
                    journal: Some(Sink::File(out)),
                    fraction_done: None,
                };
                let workers = Workers::Cluster {
                    cluster,
                    threads: 2,
                    die,
                };
                sweep::run(job, identity, files, &workers, Box::new(|_| {})).unwrap()
            })
        })
        .collect();
    let results: Vec<_> = processes.into_iter().map(|p| p.join().unwrap()).collect();
    assert_eq!(results[0].as_ref().unwrap().summary, expected);
    assert!(results[1].is_none());
    assert_eq!(std::fs::read(&out).unwrap(), journal);
    std::fs::remove_dir_all(dir).unwrap();

    // A job in rounds stays on one machine.
    let cluster = Cluster {
        process: 0,
        addresses: free_ports(1).unwrap(),
        wait: Duration::from_secs(1),
    };
    let job = Hashes {
        items,
        rounds: true,
        span: 1,
    };
    let identity = identity(&job);
    let workers = Workers::Cluster {
        cluster,
        threads: 1,
        die,
    };
    let refused = sweep::run(job, identity, Files::default(), &workers, Box::new(|_| {}));
    assert!(
        refused
            .err()
            .unwrap()
            .to_string()
            .contains("runs on one machine")
    );
}
