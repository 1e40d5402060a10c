//! The engine on the threads of one process: workers take chunks in order from a counter, play
//! them, and send their parts to the calling thread, which commits them in order and reports
//! progress.
//!
//! Workers stay within a window of chunks ahead of the last commit, so that memory stays flat
//! whatever the number of items and a kill throws little work away; a chunk of a round waits
//! until every round before it is committed.

use crate::{Error, Finish, Job, Ledger, Progress};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError, mpsc};

/// Chunks a worker may run ahead of the last commit, per worker.
const AHEAD: u64 = 4;

/// What the workers wait on: how far the commits have got, and what the current round plays
/// from.
struct Gate<B> {
    state: Mutex<GateState<B>>,
    changed: Condvar,
}

struct GateState<B> {
    committed: u64,
    basis: Arc<B>,
    stop: bool,
}

impl<B> Gate<B> {
    fn lock(&self) -> std::sync::MutexGuard<'_, GateState<B>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn update(&self, change: impl FnOnce(&mut GateState<B>)) {
        change(&mut self.lock());
        self.changed.notify_all();
    }
}

/// Plays every chunk the ledger has not committed on `threads` worker threads (at least one),
/// commits them in order and calls `progress` after each commit. The result does not depend on
/// `threads`.
pub(crate) fn run<J: Job>(
    mut ledger: Ledger<J>,
    threads: usize,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Finish<J::Summary>, Error> {
    let threads = threads.max(1);
    let plan = ledger.plan();
    let job = Arc::clone(ledger.job());
    let chunks = plan.chunks();
    let window = AHEAD * threads as u64;
    let next = AtomicU64::new(ledger.committed());
    let gate = Gate {
        state: Mutex::new(GateState {
            committed: ledger.committed(),
            basis: Arc::new(ledger.basis()),
            stop: false,
        }),
        changed: Condvar::new(),
    };
    progress(&ledger.progress());
    let outcome = std::thread::scope(|scope| -> Result<(), Error> {
        let (sender, receiver) = mpsc::channel();
        for worker in 0..threads {
            let sender = sender.clone();
            let (next, gate, job) = (&next, &gate, &job);
            let spawned = std::thread::Builder::new()
                .name(format!("sweep-{worker}"))
                .spawn_scoped(scope, move || {
                    loop {
                        let chunk = next.fetch_add(1, Ordering::Relaxed);
                        if chunk >= chunks {
                            break;
                        }
                        let mut state = gate.lock();
                        while !state.stop
                            && (chunk >= state.committed + window
                                || state.committed < plan.needs(chunk))
                        {
                            state = gate
                                .changed
                                .wait(state)
                                .unwrap_or_else(PoisonError::into_inner);
                        }
                        if state.stop {
                            break;
                        }
                        let basis = Arc::clone(&state.basis);
                        drop(state);
                        let part = job.play(chunk, plan.range(chunk), &basis);
                        if sender.send((chunk, part)).is_err() {
                            break;
                        }
                    }
                });
            if let Err(error) = spawned {
                gate.update(|state| state.stop = true);
                return Err(Error::Threads(error));
            }
        }
        drop(sender);
        for (chunk, part) in receiver.iter() {
            let committed = ledger.offer(chunk, part);
            let round_ended = match committed {
                Ok(ended) => ended,
                Err(error) => {
                    gate.update(|state| state.stop = true);
                    return Err(error);
                }
            };
            let basis = round_ended.then(|| Arc::new(ledger.basis()));
            gate.update(|state| {
                state.committed = ledger.committed();
                if let Some(basis) = basis {
                    state.basis = basis;
                }
            });
            progress(&ledger.progress());
        }
        Ok(())
    });
    outcome?;
    ledger.finish()
}
