//! The engine on the threads of one process: workers take chunks in order from a counter, play
//! them, and send their parts to the calling thread, which commits them in order and reports
//! progress.
//!
//! Workers stay within a window of chunks ahead of the last commit, so that memory stays flat
//! whatever the number of items and a kill throws little work away; a chunk of a round waits
//! until every round before it is committed.

use crate::{Error, Finish, Job, Ledger, Plan, Progress};
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

/// Takes the next `span` chunks (at least one) from `next`, stopping at the end of the run and
/// of a round; `None` once every chunk is taken.
fn take(next: &AtomicU64, plan: &Plan, span: u64) -> Option<std::ops::Range<u64>> {
    let mut first = next.load(Ordering::Relaxed);
    loop {
        let taken = plan.span(first, first.saturating_add(span.max(1)));
        if taken.is_empty() {
            return None;
        }
        match next.compare_exchange_weak(first, taken.end, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return Some(taken),
            Err(now) => first = now,
        }
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
                    while let Some(span) = take(next, &plan, job.span()) {
                        let chunk = span.start;
                        // A worker holding a span of many chunks may run as far ahead.
                        let window = window * (span.end - span.start);
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
                        let parts = job.play_span(span, &basis);
                        if sender.send((chunk, parts)).is_err() {
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
        for (chunk, parts) in receiver.iter() {
            let committed = ledger.offer_span(chunk, parts);
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
