//! The engine on many processes, on one machine or many: timely dataflow carries each chunk's
//! part to worker 0 of process 0, whose ledger commits them in chunk order, writes the
//! journal and the checkpoint. Chunk c belongs to process c mod N; the threads of a process take
//! its chunks in order. Every worker stays within a window of chunks ahead of the last commit,
//! which it learns from timely's progress tracking, so memory stays flat and a restart loses
//! little.
//!
//! Only process 0 keeps a checkpoint: with the window, the others never hold more than a few
//! seconds of work that it has not committed, and on a restart process 0 tells each process,
//! as they connect, where its checkpoint stands, so they all start from there. A process that
//! does not come is named after [`Cluster::wait`]; a process that goes away mid-run — its
//! connections close, or its machine stops answering the keepalive probes within seconds —
//! ends every other process through the `die` function given to [`crate::run`] in
//! [`crate::Workers::Cluster`], from whichever thread notices; so does a process that stops
//! answering while its connections stay open (stopped, frozen), named by the heartbeats within
//! [`heartbeat::SILENCE`]. Process 0 that cannot run tells the others why as they connect.
//! Checkpoints on disk are always whole, so the same command on every machine resumes.

mod connect;
pub mod heartbeat;
mod hosts;

pub use connect::{Cluster, Hello};
pub use hosts::{free_ports, hosts, seat};

use crate::{Error, Files, Finish, Identity, Job, Ledger, Progress};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::{Input, Operator, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};

/// Where a worker puts its chunks' parts: each at its chunk's number as timely's time.
type Parts<P> = InputHandle<u64, CapacityContainerBuilder<Vec<(u64, P)>>>;

/// Chunks a worker may run ahead of the last commit, per worker of the cluster.
const AHEAD: u64 = 4;

/// How often an idle worker wakes to report progress.
const TICK: Duration = Duration::from_millis(100);

/// What ends the process when the cluster cannot go on (a peer lost, a write failed): prints
/// the message and exits with status 1.
pub type Die = fn(&str) -> !;

/// Where the cluster's processes are, and how the failure of one is told.
static PEERS: OnceLock<(Vec<String>, Die)> = OnceLock::new();

/// Runs `job` as process `cluster.process` of the cluster, with `threads` worker threads.
/// Process 0 holds the checkpoint and the journal, merges, and returns the summary; the others
/// return `None` when the run is done.
///
/// A job in rounds cannot be shared this way (each round waits for the last): it is refused.
/// The basis of every chunk is made from the empty summary.
pub(crate) fn run<J: Job>(
    job: Arc<J>,
    identity: Identity,
    files: Files,
    cluster: &Cluster,
    threads: usize,
    progress: Box<dyn FnMut(&Progress) + Send>,
    die: Die,
) -> Result<Option<Finish<J::Summary>>, Error> {
    let plan = job.plan();
    if plan.round.is_some() {
        return Err(Error::Cluster(format!(
            "{} goes in rounds that each start from the last one: it runs on one machine (use \
             --threads), not in a cluster",
            identity.command
        )));
    }
    let threads = threads.max(1);
    let mut mine = Hello {
        process: cluster.process,
        processes: cluster.processes(),
        threads,
        program: identity.program.clone(),
        run: identity.to_string(),
        resume: 0,
        heartbeat: false,
        refusal: None,
    };
    let ledger = if cluster.process == 0 {
        match Ledger::open(Arc::clone(&job), identity.clone(), files) {
            Ok(ledger) => Some(ledger),
            Err(refusal) => {
                // Told, the others stop at once with the reason, instead of waiting for a
                // process 0 that never comes. Whether they came or not, the reason is this.
                if cluster.processes() > 1 {
                    mine.refusal = Some(refusal.to_string());
                    let _ = connect::connect(cluster, &mine);
                }
                return Err(refusal);
            }
        }
    } else {
        None
    };
    mine.resume = ledger.as_ref().map_or(0, Ledger::committed);
    let (builders, comms, resume, beats): (
        Vec<AllocatorBuilder>,
        Box<dyn std::any::Any + Send>,
        u64,
        _,
    ) = if cluster.processes() == 1 {
        let refill = timely::communication::Hooks::default().refill;
        let local = ProcessBuilder::new_typed_vector(threads, refill, None);
        let builders = local.into_iter().map(AllocatorBuilder::Process).collect();
        (builders, Box::new(()), mine.resume, Vec::new())
    } else {
        let links = connect::connect(cluster, &mine)?;
        let hooks = timely::communication::Hooks::default();
        let local = ProcessBuilder::new_typed_vector(threads, hooks.refill.clone(), None);
        let (tcp, guard) =
            initialize_networking_from_sockets(local, links.data, cluster.process, threads, hooks)
                .map_err(|e| Error::Peer(format!("cannot start the cluster's connections: {e}")))?;
        let builders = tcp.into_iter().map(AllocatorBuilder::Tcp).collect();
        (builders, Box::new(guard), links.first.resume, links.beats)
    };
    watch_for_lost_peers(cluster, die);
    let addresses = cluster.addresses.clone();
    let heartbeats = heartbeat::Heartbeats::start(
        beats,
        Arc::new(move |peer, cause| lost(&addresses, peer, cause)),
        die,
    )
    .map_err(|e| Error::Peer(format!("cannot start the cluster's heartbeats: {e}")))?;

    let processes = cluster.processes() as u64;
    let process = cluster.process as u64;
    let chunks = plan.chunks();
    // This process's chunks: those from `resume` on with number ≡ process (mod processes).
    let first = resume + (process + processes - resume % processes) % processes;
    let taken = Arc::new(AtomicU64::new(0));
    let ledger = Arc::new(Mutex::new(ledger));
    let finish = Arc::new(Mutex::new(None));
    let progress = Arc::new(Mutex::new(progress));
    let basis = Arc::new(job.basis(&job.empty()));
    let result = Arc::clone(&finish);
    let guards = timely::execute::execute_from(
        builders,
        comms,
        timely::WorkerConfig::default(),
        move |worker| {
            let index = worker.index();
            let reports = index % threads == 0;
            let window = AHEAD * worker.peers() as u64;
            let mut input: Parts<J::Part> = InputHandle::new();
            let probe = ProbeHandle::new();
            let mut merger = if index == 0 {
                lock(&ledger).take()
            } else {
                None
            };
            let (finish, progress_of_merger) = (Arc::clone(&finish), Arc::clone(&progress));
            worker.dataflow::<u64, _, _>(|scope| {
                scope
                    .input_from(&mut input)
                    .unary_frontier::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                        Exchange::new(|_: &(u64, J::Part)| 0),
                        "commit",
                        move |capability, _| {
                            let mut capability = merger.is_some().then_some(capability);
                            move |(input, frontier), _output| {
                                let Some(ledger) = merger.as_mut() else {
                                    input.for_each(|_, _| {});
                                    return;
                                };
                                input.for_each(|_, parts| {
                                    for (chunk, part) in parts.drain(..) {
                                        if let Err(error) = ledger.offer(chunk, part) {
                                            die(&error.to_string());
                                        }
                                    }
                                });
                                tell(&progress_of_merger, &ledger.progress());
                                if !frontier.is_empty() && !ledger.is_complete() {
                                    if let Some(held) = &mut capability {
                                        held.downgrade(&ledger.committed());
                                    }
                                    return;
                                }
                                if !ledger.is_complete() {
                                    die(&format!(
                                        "the cluster ended with chunk {} of {} not played: \
                                         a process was started with other options",
                                        ledger.committed(),
                                        ledger.plan().chunks()
                                    ));
                                }
                                capability = None;
                                if let Some(ledger) = merger.take() {
                                    *lock(&finish) = Some(ledger.finish());
                                }
                            }
                        },
                    )
                    .probe_with(&probe);
            });
            let report = |probe: &ProbeHandle<u64>| {
                if reports && index != 0 {
                    let done = probe.with_frontier(|f| f.first().copied().unwrap_or(chunks));
                    tell(
                        &progress,
                        &Progress {
                            done: plan.items_before(done),
                            total: plan.items,
                            resumed: plan.items_before(resume),
                            status: None,
                        },
                    );
                }
            };
            loop {
                let k = taken.fetch_add(1, Ordering::Relaxed);
                let chunk = k.checked_mul(processes).and_then(|o| o.checked_add(first));
                let Some(chunk) = chunk.filter(|&c| c < chunks) else {
                    break;
                };
                input.advance_to(chunk);
                while chunk >= window && probe.less_than(&(chunk + 1 - window)) {
                    worker.step_or_park(Some(TICK));
                    report(&probe);
                }
                let part = job.play(chunk, plan.range(chunk), &basis);
                input.send((chunk, part));
                worker.step();
            }
            drop(input);
            while !probe.done() {
                worker.step_or_park(Some(TICK));
                report(&probe);
            }
        },
    )
    .map_err(Error::Cluster)?;
    for joined in guards.join() {
        if let Err(panic) = joined {
            die(&format!("a worker thread failed: {panic}"));
        }
    }
    heartbeats.end();
    let finished = lock(&result).take();
    finished.transpose()
}

/// The message that ends every process when process `peer` is lost, and why.
fn lost(addresses: &[String], peer: usize, cause: &str) -> String {
    format!(
        "lost process {peer} ({}): {cause}; every process of the cluster stops: start them all \
         again with the same command, and a run with a checkpoint resumes where it stopped",
        addresses[peer]
    )
}

type Report = Mutex<Box<dyn FnMut(&Progress) + Send>>;

fn tell(progress: &Report, now: &Progress) {
    let mut report = lock(progress);
    (*report)(now);
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Turns the panics by which timely's connection threads report a lost peer into a message
/// naming the process, and ends this process: left alone, the workers would wait for it
/// forever. Any other panic in a cluster run is a fault, which would also leave the others
/// waiting: it ends the process after the usual report.
fn watch_for_lost_peers(cluster: &Cluster, die: Die) {
    if PEERS.set((cluster.addresses.clone(), die)).is_err() {
        return;
    }
    let usual = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let Some((addresses, die)) = PEERS.get() else {
            return usual(info);
        };
        let thread = std::thread::current();
        let peer = thread
            .name()
            .and_then(|name| {
                name.strip_prefix("timely:recv-")
                    .or(name.strip_prefix("timely:send-"))
            })
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|&n| n < addresses.len());
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        match peer {
            Some(peer) => {
                let cause = message
                    .strip_prefix("timely communication error: ")
                    .unwrap_or(message);
                die(&lost(addresses, peer, cause))
            }
            None => {
                usual(info);
                std::process::exit(101);
            }
        }
    }));
}
