//! How the processes of a cluster find each other: process i listens at its address and calls
//! every process before it; each connection opens with a hello that names the process, the
//! program and the run, so that processes of different runs never join. Every step has a
//! deadline: a process that does not come is named, with its address, instead of being waited
//! for forever.

use crate::Error;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

/// The processes of a cluster and this one among them.
#[derive(Clone, Debug)]
pub struct Cluster {
    /// This process: 0 to `addresses.len() - 1`.
    pub process: usize,
    /// `host:port` of every process, process 0 first.
    pub addresses: Vec<String>,
    /// How long to wait for the other processes to come.
    pub wait: Duration,
}

impl Cluster {
    /// How many processes the cluster has.
    pub fn processes(&self) -> usize {
        self.addresses.len()
    }

    /// `process 1 (node2:4000)`.
    pub fn name(&self, process: usize) -> String {
        format!("process {process} ({})", self.addresses[process])
    }
}

/// What a process says of itself when it connects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// Which process it is.
    pub process: usize,
    /// How many processes it thinks the cluster has.
    pub processes: usize,
    /// Worker threads per process: timely needs the same number in every process.
    pub threads: usize,
    /// The program and its version: processes of different builds never join.
    pub program: String,
    /// The command and the options that decide the results.
    pub run: String,
    /// Process 0: the first chunk not in its checkpoint, where every process starts.
    pub resume: u64,
}

const GREETING: &str = "parlor-cluster 1";

/// How long a hello may take to arrive: it is sent at once, so a connection that stays silent
/// is a stranger, and must not hold the wait for the real process.
const HELLO: Duration = Duration::from_secs(5);

/// Time between attempts to reach a process that is not listening yet, and between looks for a
/// process calling: short, as the whole cluster waits for the last to connect.
const RETRY: Duration = Duration::from_millis(10);

/// Connects to every other process: the streams by process (`None` for this one) and what
/// process 0 said (this process's own hello for process 0).
pub fn connect(cluster: &Cluster, mine: &Hello) -> Result<(Vec<Option<TcpStream>>, Hello), Error> {
    let me = cluster.process;
    let deadline = Instant::now() + cluster.wait;
    let listener = TcpListener::bind(&cluster.addresses[me]).map_err(|e| {
        Error::Peer(format!(
            "cannot listen at {}, this process's address in the host file: {e}",
            cluster.addresses[me]
        ))
    })?;
    listener.set_nonblocking(true).map_err(io_peer)?;
    let mut streams: Vec<Option<TcpStream>> = (0..cluster.processes()).map(|_| None).collect();
    let mut first = mine.clone();
    for (earlier, slot) in streams.iter_mut().enumerate().take(me) {
        let (stream, hello) = call(cluster, earlier, mine, deadline)?;
        if earlier == 0 {
            first = hello;
        }
        *slot = Some(stream);
    }
    while let Some(missing) = (me + 1..cluster.processes()).find(|&p| streams[p].is_none()) {
        if Instant::now() >= deadline {
            return Err(not_come(cluster, missing));
        }
        match listener.accept() {
            Ok((stream, _)) => {
                // A stranger or a process that died while saying hello is not an error: the
                // real process may still come.
                if let Some((process, stream)) = answer(cluster, stream, mine, deadline)?
                    && streams[process].is_none()
                {
                    streams[process] = Some(stream);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => std::thread::sleep(RETRY),
            Err(e) => return Err(io_peer(e)),
        }
    }
    for stream in streams.iter().flatten() {
        prepare(stream)?;
    }
    Ok((streams, first))
}

fn io_peer(e: std::io::Error) -> Error {
    Error::Peer(format!("cannot set up the cluster's connections: {e}"))
}

fn not_come(cluster: &Cluster, process: usize) -> Error {
    Error::Peer(format!(
        "{} did not come within {} s: start it with the same command and --process {process}, \
         or check its address in the host file",
        cluster.name(process),
        cluster.wait.as_secs()
    ))
}

/// Calls process `earlier` until it answers or the deadline passes.
fn call(
    cluster: &Cluster,
    earlier: usize,
    mine: &Hello,
    deadline: Instant,
) -> Result<(TcpStream, Hello), Error> {
    let address = &cluster.addresses[earlier];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(not_come(cluster, earlier));
        }
        let attempt = address
            .to_socket_addrs()
            .ok()
            .and_then(|mut addresses| addresses.next())
            .and_then(|socket| {
                TcpStream::connect_timeout(&socket, left.min(Duration::from_secs(1))).ok()
            });
        let Some(mut stream) = attempt else {
            std::thread::sleep(RETRY.min(left));
            continue;
        };
        stream
            .set_read_timeout(Some(HELLO.min(left).max(RETRY)))
            .ok();
        if say(&mut stream, mine).is_err() {
            continue;
        }
        match hear(&stream) {
            Some(hello) => {
                agree(cluster, earlier, mine, &hello)?;
                return Ok((stream, hello));
            }
            None => std::thread::sleep(RETRY.min(left)),
        }
    }
}

/// Hears a later process's hello on `stream` and answers it; `None` if it was not one.
fn answer(
    cluster: &Cluster,
    mut stream: TcpStream,
    mine: &Hello,
    deadline: Instant,
) -> Result<Option<(usize, TcpStream)>, Error> {
    stream.set_nonblocking(false).map_err(io_peer)?;
    let left = deadline.saturating_duration_since(Instant::now());
    stream
        .set_read_timeout(Some(HELLO.min(left).max(RETRY)))
        .ok();
    let Some(hello) = hear(&stream) else {
        return Ok(None);
    };
    if hello.process <= cluster.process || hello.process >= cluster.processes() {
        return Err(Error::Cluster(format!(
            "a process that calls itself process {} of {} connected to {}: give every process \
             the same host file and its own --process",
            hello.process,
            hello.processes,
            cluster.name(cluster.process)
        )));
    }
    // Answered even when they disagree, so that both ends say why at once.
    let answered = say(&mut stream, mine).is_ok();
    agree(cluster, hello.process, mine, &hello)?;
    Ok(answered.then_some((hello.process, stream)))
}

fn say(stream: &mut TcpStream, hello: &Hello) -> std::io::Result<()> {
    let json = serde_json::to_string(hello)?;
    stream.write_all(format!("{GREETING} {json}\n").as_bytes())
}

/// One hello line, or `None` if the other end said something else or nothing in time. It is
/// read a byte at a time: what follows the line belongs to the run, and must stay in the socket.
fn hear(mut stream: &TcpStream) -> Option<Hello> {
    let mut line = Vec::new();
    let mut byte = [0u8];
    // A hello is short: a stranger cannot make this grow.
    while line.len() < 4096 {
        stream.read_exact(&mut byte).ok()?;
        if byte[0] == b'\n' {
            let text = std::str::from_utf8(&line).ok()?;
            return serde_json::from_str(text.strip_prefix(GREETING)?.trim()).ok();
        }
        line.push(byte[0]);
    }
    None
}

/// Refuses a process of another cluster layout, program or run.
fn agree(cluster: &Cluster, process: usize, mine: &Hello, theirs: &Hello) -> Result<(), Error> {
    let name = cluster.name(process);
    if theirs.process != process {
        return Err(Error::Cluster(format!(
            "{name} says it is process {}: give every process the same host file",
            theirs.process
        )));
    }
    if theirs.processes != mine.processes {
        return Err(Error::Cluster(format!(
            "{name} runs in a cluster of {} processes, this one in a cluster of {}: give every \
             process the same --processes",
            theirs.processes, mine.processes
        )));
    }
    if theirs.threads != mine.threads {
        return Err(Error::Cluster(format!(
            "{name} runs {} worker threads, this one {}: give every process the same --threads",
            theirs.threads, mine.threads
        )));
    }
    if theirs.program != mine.program {
        return Err(Error::Cluster(format!(
            "{name} is {}, this process is {}: run the same program on every machine",
            theirs.program, mine.program
        )));
    }
    if theirs.run != mine.run {
        return Err(Error::Cluster(format!(
            "{name} runs `{}`, this process runs `{}`: start every process with the same command",
            theirs.run, mine.run
        )));
    }
    Ok(())
}

/// A connection ready for the run: blocking, no delay, and probed when idle so that a machine
/// that vanishes is noticed within seconds even when nothing is being sent.
fn prepare(stream: &TcpStream) -> Result<(), Error> {
    stream.set_nonblocking(false).map_err(io_peer)?;
    stream.set_read_timeout(None).map_err(io_peer)?;
    stream.set_nodelay(true).map_err(io_peer)?;
    let keepalive = socket2::TcpKeepalive::new()
        .with_time(Duration::from_secs(4))
        .with_interval(Duration::from_secs(1))
        .with_retries(4);
    socket2::SockRef::from(stream)
        .set_tcp_keepalive(&keepalive)
        .map_err(io_peer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn free_ports(n: usize) -> Vec<String> {
        let listeners: Vec<TcpListener> = (0..n)
            .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
            .collect();
        listeners
            .iter()
            .map(|l| l.local_addr().unwrap().to_string())
            .collect()
    }

    fn hello(process: usize, run: &str) -> Hello {
        Hello {
            process,
            processes: 2,
            threads: 1,
            program: "test 1".into(),
            run: run.into(),
            resume: 7 * u64::from(process == 0),
        }
    }

    fn cluster(addresses: &[String], process: usize, wait: u64) -> Cluster {
        Cluster {
            process,
            addresses: addresses.to_vec(),
            wait: Duration::from_secs(wait),
        }
    }

    #[test]
    fn two_processes_meet_and_learn_where_to_resume() {
        let addresses = free_ports(2);
        let later = {
            let c = cluster(&addresses, 1, 10);
            std::thread::spawn(move || connect(&c, &hello(1, "run")).map(|(_, h)| h))
        };
        let (streams, first) = connect(&cluster(&addresses, 0, 10), &hello(0, "run")).unwrap();
        assert!(streams[0].is_none() && streams[1].is_some());
        assert_eq!(first.resume, 7);
        assert_eq!(later.join().unwrap().unwrap().resume, 7);
    }

    #[test]
    fn a_process_of_another_run_is_refused_by_name() {
        let addresses = free_ports(2);
        let later = {
            let c = cluster(&addresses, 1, 10);
            std::thread::spawn(move || connect(&c, &hello(1, "other")).map(drop))
        };
        let error = connect(&cluster(&addresses, 0, 10), &hello(0, "run")).unwrap_err();
        assert!(error.to_string().contains("runs `other`"), "{error}");
        assert!(later.join().unwrap().is_err());
    }

    #[test]
    fn a_process_that_never_comes_is_named_after_the_wait() {
        let addresses = free_ports(2);
        let started = Instant::now();
        let error = connect(&cluster(&addresses, 1, 1), &hello(1, "run")).unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(5));
        let text = error.to_string();
        assert!(
            text.contains(&format!("process 0 ({})", addresses[0])),
            "{text}"
        );
        assert!(text.contains("did not come within 1 s"), "{text}");
        let error = connect(&cluster(&addresses, 0, 1), &hello(0, "run")).unwrap_err();
        assert!(error.to_string().contains("process 1"), "{error}");
    }
}
