//! Where the work of a request runs: never on the threads that answer connections, and never
//! behind costlier work.
//!
//! Every job first gets a *quick try*: a thread of its own for up to [`QUICK_TRY`], beside
//! whatever else runs. Most requests (a move's verdict, a hint, a Speed game) end there. A job
//! still at work then moves to the *long lane*, where at most [`limits::solvers`] jobs run at
//! once: it goes on there if nobody waits for the lane, and otherwise is cancelled and run again
//! from its start when its turn comes, the others having waited in order of arrival. The jobs
//! are deterministic, so the second run gives what the first would have; what a costly request
//! loses under load is its quick try. So a few clients looping the costliest requests hold the
//! long lane, but a cheap request never waits behind them: it is done within its quick try.
//!
//! Priorities keep it so under load. The threads answering connections run at the process's
//! niceness, the quick tries [`QUICK_LOWERED_BY`] lower and the long lane [`LONG_LOWERED_BY`]
//! lower, so that the system gives a page's threads half as much again as a quick try, and a
//! quick try twice the time of a long job; lowered no further, so that a long job on a machine
//! busy with other programs still ends within its request's time.

use crate::limits::{self, SOLVER_WAIT};
use crate::threads::{THREADS, give_back_freed_memory, lower_priority, thread_id};
use cancel::{Cancel, Memory};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, oneshot};

/// How long a job may run before it is moved to the long lane: more than a cheap request
/// needs on a loaded machine (a Hi-Q verdict in the table or a Russian Solitaire hint at 30
/// samples take some milliseconds), far less than a costly one.
pub const QUICK_TRY: Duration = Duration::from_millis(500);

/// How much lower a quick try's priority is than the process's, in niceness: the system gives
/// a thread some 1.6 times the processor of one of niceness 2 more.
pub const QUICK_LOWERED_BY: i32 = 2;

/// How much lower the long lane's priority is than the process's, in niceness: the system gives
/// a thread of niceness 2 twice the processor of one of niceness 5.
pub const LONG_LOWERED_BY: i32 = 5;

/// Why a job gave no answer.
#[derive(Debug, PartialEq, Eq)]
pub enum Unanswered {
    /// No thread was free for [`SOLVER_WAIT`].
    Busy,
    /// The memory the work shares had not what the job's tables asked for.
    Crowded,
    /// The server is stopping, and cancelled the job.
    Stopping,
    /// The job's thread could not start, or ended without an answer (a panic).
    Failed,
}

/// The two lanes' permits, the memory their work shares, and the flag that cancels all work
/// when the server stops.
pub struct Lanes {
    quick: Arc<Semaphore>,
    long: Arc<Semaphore>,
    memory: Memory,
    stopping: Cancel,
}

impl Lanes {
    /// Lanes for this machine: as many quick tries at once as twice the solvers, so that the
    /// costly requests' quick tries never fill them, and [`limits::solvers`] long jobs; their
    /// tables of positions hold [`limits::WORK_MEMORY`] together.
    pub fn new(stopping: Cancel) -> Lanes {
        Lanes::sharing(stopping, Memory::new(limits::WORK_MEMORY))
    }

    fn sharing(stopping: Cancel, memory: Memory) -> Lanes {
        Lanes {
            quick: Arc::new(Semaphore::new(2 * limits::solvers())),
            long: Arc::new(Semaphore::new(limits::solvers())),
            memory,
            stopping,
        }
    }

    /// `job`'s answer, from its quick try or from the long lane. The job is handed a flag
    /// raised when its answer is no longer wanted: its quick try is over, the future of this
    /// call was dropped (the request timed out, its client left) or the server is stopping.
    /// It then returns soon, with anything: what a cancelled run returns is dropped. A run
    /// whose tables would take more of the memory the work shares than is free is cancelled,
    /// and answered [`Unanswered::Crowded`].
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl Fn(&Cancel) -> T + Send + Sync + 'static,
    ) -> Result<T, Unanswered> {
        self.tried(Arc::new(job)).await.map_err(|unanswered| {
            // Whatever a run cancelled by the server's stop came to, that is why.
            if self.stopping.is_cancelled() {
                Unanswered::Stopping
            } else {
                unanswered
            }
        })
    }

    async fn tried<T: Send + 'static>(
        &self,
        job: Arc<impl Fn(&Cancel) -> T + Send + Sync + 'static>,
    ) -> Result<T, Unanswered> {
        let quick = self.permit(&self.quick).await?;
        let mut tried = Run::start(job.clone(), quick, QUICK_LOWERED_BY, self)?;
        if let Some(answer) = tried.within(QUICK_TRY).await? {
            return Ok(answer);
        }
        // With nobody waiting for the long lane, the run goes on there, losing nothing;
        // otherwise it takes its turn after those who wait.
        if let Ok(long) = self.long.clone().try_acquire_owned() {
            tried.promote(long);
            return tried.answer().await;
        }
        drop(tried);
        let long = self.permit(&self.long).await?;
        Run::start(job, long, LONG_LOWERED_BY, self)?.answer().await
    }

    async fn permit(&self, lane: &Arc<Semaphore>) -> Result<OwnedSemaphorePermit, Unanswered> {
        match tokio::time::timeout(SOLVER_WAIT, lane.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(Unanswered::Busy),
        }
    }
}

/// One run of a job on a thread of its own, which holds a lane's permit until it ends; its flag
/// is raised when the run is dropped.
struct Run<T> {
    answer: oneshot::Receiver<Result<T, Unanswered>>,
    cancel: Cancel,
    /// The lane's permit while the job works; `None` once it has ended.
    held: Arc<Mutex<Option<OwnedSemaphorePermit>>>,
    /// The thread's id, to lower its priority when it moves to the long lane.
    thread: Arc<OnceLock<i32>>,
}

impl<T: Send + 'static> Run<T> {
    fn start(
        job: Arc<impl Fn(&Cancel) -> T + Send + Sync + 'static>,
        permit: OwnedSemaphorePermit,
        lowered_by: i32,
        lanes: &Lanes,
    ) -> Result<Run<T>, Unanswered> {
        let cancel = lanes.stopping.child_sharing(&lanes.memory);
        let (send, answer) = oneshot::channel();
        let held = Arc::new(Mutex::new(Some(permit)));
        let thread = Arc::new(OnceLock::new());
        let (flag, ends, named) = (cancel.clone(), held.clone(), thread.clone());
        std::thread::Builder::new()
            .name(THREADS.into())
            .spawn(move || {
                let id = thread_id();
                let _ = named.set(id);
                lower_priority(id, lowered_by);
                let answer = at_work(|| job(&flag));
                *lock(&ends) = None;
                if flag.is_crowded() {
                    let _ = send.send(Err(Unanswered::Crowded));
                } else if !flag.is_cancelled() {
                    let _ = send.send(Ok(answer));
                }
            })
            .map_err(|_| Unanswered::Failed)?;
        Ok(Run {
            answer,
            cancel,
            held,
            thread,
        })
    }

    /// The answer if it comes within `time`; `None` otherwise, the run still at work.
    async fn within(&mut self, time: Duration) -> Result<Option<T>, Unanswered> {
        match tokio::time::timeout(time, &mut self.answer).await {
            Ok(answer) => answer.map_err(|_| Unanswered::Failed)?.map(Some),
            Err(_) => Ok(None),
        }
    }

    /// Moves the run to the long lane, whose `permit` it takes for its own.
    fn promote(&self, permit: OwnedSemaphorePermit) {
        let mut held = lock(&self.held);
        if held.is_some() {
            *held = Some(permit);
            if let Some(&thread) = self.thread.get() {
                lower_priority(thread, LONG_LOWERED_BY - QUICK_LOWERED_BY);
            }
        }
    }

    async fn answer(mut self) -> Result<T, Unanswered> {
        (&mut self.answer).await.map_err(|_| Unanswered::Failed)?
    }
}

impl<T> Drop for Run<T> {
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}

/// The runs at work, over every server of the process.
static AT_WORK: AtomicUsize = AtomicUsize::new(0);

/// `work()`, counted among the runs at work; the last run to end hands the memory the work
/// freed back to the system, so that a peak of costly requests is not held once they are done
/// (a Russian hint's table of positions may take hundreds of MB). Only the last: a trim takes
/// some milliseconds over a large heap, and runs still at work would soon take the pages back.
fn at_work<T>(work: impl FnOnce() -> T) -> T {
    AT_WORK.fetch_add(1, Ordering::SeqCst);
    let answer = work();
    if AT_WORK.fetch_sub(1, Ordering::SeqCst) == 1 {
        give_back_freed_memory();
    }
    answer
}

fn lock(
    held: &Mutex<Option<OwnedSemaphorePermit>>,
) -> std::sync::MutexGuard<'_, Option<OwnedSemaphorePermit>> {
    // A permit or its absence is whole whatever panicked while the lock was held.
    held.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Instant;

    /// A job of `work` that stops when cancelled, counting its runs and its cancelled ones.
    fn job(
        work: Duration,
        runs: &Arc<AtomicUsize>,
        cancelled: &Arc<AtomicUsize>,
    ) -> impl Fn(&Cancel) -> Duration + Send + Sync + 'static {
        let (runs, cancelled) = (runs.clone(), cancelled.clone());
        move |cancel| {
            runs.fetch_add(1, Ordering::Relaxed);
            let started = Instant::now();
            while started.elapsed() < work {
                if cancel.is_cancelled() {
                    cancelled.fetch_add(1, Ordering::Relaxed);
                    break;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
            work
        }
    }

    fn counters() -> (Arc<AtomicUsize>, Arc<AtomicUsize>) {
        (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)))
    }

    #[tokio::test]
    async fn a_cheap_job_ends_in_its_quick_try() {
        let lanes = Lanes::new(Cancel::new());
        let (runs, cancelled) = counters();
        let work = Duration::from_millis(20);
        assert_eq!(lanes.run(job(work, &runs, &cancelled)).await, Ok(work));
        assert_eq!(
            (
                runs.load(Ordering::Relaxed),
                cancelled.load(Ordering::Relaxed)
            ),
            (1, 0)
        );
    }

    #[tokio::test]
    async fn a_costly_job_goes_on_in_a_free_long_lane() {
        let lanes = Lanes::new(Cancel::new());
        let (runs, cancelled) = counters();
        let work = QUICK_TRY + Duration::from_millis(300);
        assert_eq!(lanes.run(job(work, &runs, &cancelled)).await, Ok(work));
        assert_eq!(
            (
                runs.load(Ordering::Relaxed),
                cancelled.load(Ordering::Relaxed)
            ),
            (1, 0)
        );
        // Its quick permit was given back when it moved, its long one when it ended.
        assert_eq!(lanes.quick.available_permits(), 2 * limits::solvers());
        assert_eq!(lanes.long.available_permits(), limits::solvers());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_costly_job_past_a_full_long_lane_is_cancelled_and_run_again_in_its_turn() {
        let lanes = Arc::new(Lanes::new(Cancel::new()));
        let (runs, cancelled) = counters();
        let holding: Vec<_> = (0..limits::solvers())
            .map(|_| {
                let lanes = lanes.clone();
                let job = job(QUICK_TRY * 3, &runs, &cancelled);
                tokio::spawn(async move { lanes.run(job).await })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(50)).await;
        let work = QUICK_TRY + Duration::from_millis(100);
        assert_eq!(lanes.run(job(work, &runs, &cancelled)).await, Ok(work));
        assert_eq!(
            cancelled.load(Ordering::Relaxed),
            1,
            "the late one's quick try"
        );
        assert_eq!(runs.load(Ordering::Relaxed), limits::solvers() + 2);
        for held in holding {
            assert_eq!(held.await.expect("no panic"), Ok(QUICK_TRY * 3));
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_cheap_job_is_not_behind_a_full_long_lane() {
        let lanes = Arc::new(Lanes::new(Cancel::new()));
        let (runs, cancelled) = counters();
        let costly: Vec<_> = (0..2 * limits::solvers())
            .map(|_| {
                let lanes = lanes.clone();
                let job = job(Duration::from_secs(4), &runs, &cancelled);
                tokio::spawn(async move { lanes.run(job).await })
            })
            .collect();
        // Past their quick tries: the long lane is full, and as many wait for it.
        tokio::time::sleep(QUICK_TRY + Duration::from_millis(200)).await;
        let asked = Instant::now();
        let cheap = lanes
            .run(job(Duration::from_millis(10), &runs, &cancelled))
            .await;
        assert_eq!(cheap, Ok(Duration::from_millis(10)));
        assert!(
            asked.elapsed() < Duration::from_millis(300),
            "{:?}",
            asked.elapsed()
        );
        for costly in costly {
            costly.abort();
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_whose_table_takes_more_memory_than_is_free_is_crowded_out_alone() {
        let lanes = Arc::new(Lanes::sharing(Cancel::new(), Memory::new(100)));
        // A job holding 80 bytes of tables until it is cancelled.
        let holding = {
            let lanes = lanes.clone();
            tokio::spawn(async move {
                lanes
                    .run(|cancel| {
                        let mut table = cancel.share();
                        table.resize(80).expect("free at first");
                        while !cancel.is_cancelled() {
                            std::thread::sleep(Duration::from_millis(1));
                        }
                    })
                    .await
            })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        let wanting = |bytes| {
            move |cancel: &Cancel| {
                let mut table = cancel.share();
                table.resize(bytes).is_ok()
            }
        };
        assert_eq!(lanes.run(wanting(30)).await, Err(Unanswered::Crowded));
        assert_eq!(lanes.run(wanting(20)).await, Ok(true));
        holding.abort();
        let freed = Instant::now();
        while lanes.memory.free() < 100 {
            assert!(freed.elapsed() < Duration::from_secs(1), "still held");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(lanes.run(wanting(100)).await, Ok(true));
    }

    #[tokio::test]
    async fn a_job_nobody_waits_for_is_cancelled() {
        let lanes = Lanes::new(Cancel::new());
        let (runs, cancelled) = counters();
        let waited = tokio::time::timeout(
            Duration::from_millis(100),
            lanes.run(job(Duration::from_secs(10), &runs, &cancelled)),
        )
        .await;
        assert!(waited.is_err());
        let gave_up = Instant::now();
        while cancelled.load(Ordering::Relaxed) == 0 {
            assert!(gave_up.elapsed() < Duration::from_secs(1), "still running");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    #[tokio::test]
    async fn stopping_cancels_the_work_and_says_so() {
        let stopping = Cancel::new();
        let lanes = Arc::new(Lanes::new(stopping.clone()));
        let (runs, cancelled) = counters();
        let running = {
            let lanes = lanes.clone();
            let job = job(Duration::from_secs(10), &runs, &cancelled);
            tokio::spawn(async move { lanes.run(job).await })
        };
        tokio::time::sleep(QUICK_TRY + Duration::from_millis(100)).await;
        stopping.cancel();
        let answer = tokio::time::timeout(Duration::from_secs(1), running).await;
        assert_eq!(
            answer.expect("in time").expect("no panic"),
            Err(Unanswered::Stopping)
        );
    }
}
