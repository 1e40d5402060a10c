//! How the processes of a cluster find each other: process i listens at its address and calls
//! every process before it, twice — once for the run's data, once for the heartbeats that tell
//! a silent process from a busy one; each connection opens with a hello that names the process,
//! the program and the run, so that processes of different runs never join. Every step has a
//! deadline: a process that does not come is named, with its address, instead of being waited
//! for forever. Hellos are heard on threads of their own, so a connection that says nothing
//! (a stranger, a port scan) never holds up the processes that do come. Process 0 that cannot
//! run (its checkpoint refused, its files in use) says so in its hello, so the others stop at
//! once with its reason instead of waiting for it.

use crate::Error;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream, ToSocketAddrs};
use std::sync::mpsc;
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
    /// Whether this connection carries heartbeats rather than the run's data.
    pub heartbeat: bool,
    /// Process 0: why it cannot run, when it cannot; the others then stop with this reason.
    pub refusal: Option<String>,
}

/// The connections of a process to every other, by process (`None` for this one).
#[derive(Debug)]
pub struct Links {
    /// The run's data, handed to timely.
    pub data: Vec<Option<TcpStream>>,
    /// The heartbeats ([`super::heartbeat`]).
    pub beats: Vec<Option<TcpStream>>,
    /// What process 0 said (this process's own hello for process 0).
    pub first: Hello,
}

const GREETING: &str = "parlor-cluster 1";

/// How long a hello may take to arrive: it is sent at once, so a connection that stays silent
/// is a stranger, and must not hold the wait for the real process.
const HELLO: Duration = Duration::from_secs(5);

/// Time between attempts to reach a process that is not listening yet, and between looks for a
/// process calling: short, as the whole cluster waits for the last to connect.
const RETRY: Duration = Duration::from_millis(10);

/// Connects to every other process, twice: the run's data and the heartbeats, and what process
/// 0 said. Process 0 with a [`Hello::refusal`] only tells the processes that come why it cannot
/// run (within the wait), and gives what it has.
pub fn connect(cluster: &Cluster, mine: &Hello) -> Result<Links, Error> {
    let me = cluster.process;
    let deadline = Instant::now() + cluster.wait;
    let listener =
        TcpListener::bind(&cluster.addresses[me]).map_err(|e| cannot_listen(cluster, &e))?;
    listener.set_nonblocking(true).map_err(io_peer)?;
    let none = || (0..cluster.processes()).map(|_| None).collect::<Vec<_>>();
    let mut links = Links {
        data: none(),
        beats: none(),
        first: mine.clone(),
    };
    let beat = Hello {
        heartbeat: true,
        ..mine.clone()
    };
    for earlier in 0..me {
        let (stream, hello) = call(cluster, earlier, mine, deadline)?;
        if let Some(refusal) = &hello.refusal {
            return Err(Error::Cluster(format!(
                "{} cannot run: {refusal}",
                cluster.name(earlier)
            )));
        }
        if earlier == 0 {
            links.first = hello;
        }
        links.data[earlier] = Some(stream);
        links.beats[earlier] = Some(call(cluster, earlier, &beat, deadline)?.0);
    }
    let telling = mine.refusal.is_some();
    let (heard, hellos) = mpsc::channel();
    loop {
        // A process that is told of a refusal stops before it calls for its heartbeats.
        let missing = (me + 1..cluster.processes())
            .find(|&p| links.data[p].is_none() || (!telling && links.beats[p].is_none()));
        let Some(missing) = missing else { break };
        if Instant::now() >= deadline {
            return Err(not_come(cluster, missing));
        }
        match listener.accept() {
            Ok((stream, _)) => listen(stream, deadline, heard.clone()),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(io_peer(e)),
        }
        // A stranger or a process that died while saying hello is not an error: the real
        // process may still come.
        if let Ok((stream, Some(hello))) = hellos.recv_timeout(RETRY)
            && let Some((process, stream)) = answer(cluster, stream, mine, &hello)?
        {
            let slot = if hello.heartbeat {
                &mut links.beats[process]
            } else {
                &mut links.data[process]
            };
            slot.get_or_insert(stream);
        }
    }
    for stream in links.data.iter().chain(&links.beats).flatten() {
        prepare(stream)?;
    }
    Ok(links)
}

/// Hears the hello of a connection on a thread of its own, and hands it to `heard`.
fn listen(stream: TcpStream, deadline: Instant, heard: mpsc::Sender<(TcpStream, Option<Hello>)>) {
    let left = deadline.saturating_duration_since(Instant::now());
    std::thread::spawn(move || {
        let ready = stream
            .set_nonblocking(false)
            .and_then(|()| stream.set_read_timeout(Some(HELLO.min(left).max(RETRY))));
        let hello = ready.ok().and_then(|()| hear(&stream));
        // A stranger's hearing may end after the cluster has formed, when nobody listens.
        let _ = heard.send((stream, hello));
    });
}

fn io_peer(e: std::io::Error) -> Error {
    Error::Peer(format!("cannot set up the cluster's connections: {e}"))
}

fn cannot_listen(cluster: &Cluster, e: &std::io::Error) -> Error {
    let address = &cluster.addresses[cluster.process];
    let why = if e.kind() == std::io::ErrorKind::AddrInUse {
        // Outgoing connections borrow their ports from a range that host files often use
        // (Linux: 32768 to 60999), so a port free a moment ago may be taken: say so.
        "the port is taken; give this process a free port in the host file, one below the range \
         the system lends to outgoing connections (on Linux, /proc/sys/net/ipv4/ip_local_port_range)"
            .to_owned()
    } else {
        e.to_string()
    };
    Error::Peer(format!(
        "cannot listen at {address}, this process's address in the host file: {why}"
    ))
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
                if hello.refusal.is_none() {
                    agree(cluster, earlier, mine, &hello)?;
                }
                return Ok((stream, hello));
            }
            None => std::thread::sleep(RETRY.min(left)),
        }
    }
}

/// Answers a later process's `hello` heard on `stream`: the process, if the answer went.
/// Process 0 that cannot run answers every process with its refusal, whatever it runs.
fn answer(
    cluster: &Cluster,
    mut stream: TcpStream,
    mine: &Hello,
    hello: &Hello,
) -> Result<Option<(usize, TcpStream)>, Error> {
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
    if mine.refusal.is_none() {
        agree(cluster, hello.process, mine, hello)?;
    }
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
    use crate::cluster::free_ports;

    fn hello(process: usize, run: &str) -> Hello {
        Hello {
            process,
            processes: 2,
            threads: 1,
            program: "test 1".into(),
            run: run.into(),
            resume: 7 * u64::from(process == 0),
            heartbeat: false,
            refusal: None,
        }
    }

    fn cluster(addresses: &[String], process: usize, wait: u64) -> Cluster {
        Cluster {
            process,
            addresses: addresses.to_vec(),
            wait: Duration::from_secs(wait),
        }
    }

    /// Process `process` connecting on a thread of its own, as another program would; what it
    /// learns of process 0, or why it cannot run.
    fn meeting(
        addresses: &[String],
        process: usize,
        wait: u64,
        hello: Hello,
    ) -> std::thread::JoinHandle<Result<Hello, Error>> {
        let c = cluster(addresses, process, wait);
        std::thread::spawn(move || connect(&c, &hello).map(|links| links.first))
    }

    #[test]
    fn two_processes_meet_and_learn_where_to_resume() {
        let addresses = free_ports(2).unwrap();
        let later = meeting(&addresses, 1, 10, hello(1, "run"));
        let links = connect(&cluster(&addresses, 0, 10), &hello(0, "run")).unwrap();
        assert!(links.data[0].is_none() && links.data[1].is_some());
        assert!(links.beats[0].is_none() && links.beats[1].is_some());
        assert_eq!(links.first.resume, 7);
        assert_eq!(later.join().unwrap().unwrap().resume, 7);
    }

    /// A port held by an outgoing connection (as CI's did, from another test's client) stops
    /// the process at once, saying what to choose instead.
    #[test]
    fn a_port_held_by_a_connection_is_named_taken() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let held = client.local_addr().unwrap().to_string();
        let addresses = [held.clone(), free_ports(1).unwrap()[0].clone()];
        let Err(Error::Peer(message)) = connect(&cluster(&addresses, 0, 1), &hello(0, "run"))
        else {
            panic!("listening at a held port did not fail");
        };
        assert!(
            message.starts_with(&format!("cannot listen at {held}, "))
                && message.contains("the port is taken; give this process a free port"),
            "{message}"
        );
    }

    /// Connections that never say hello, made before the real process calls, each used to hold
    /// the listener for the five seconds a hello may take: three of them outlasted a wait of 4 s.
    #[test]
    fn connections_that_say_nothing_hold_up_no_process() {
        let addresses = free_ports(2).unwrap();
        let first = meeting(&addresses, 0, 4, hello(0, "run"));
        let strangers: Vec<TcpStream> = (0..3)
            .map(|_| {
                loop {
                    if let Ok(stream) = TcpStream::connect(&addresses[0]) {
                        break stream;
                    }
                    std::thread::sleep(RETRY);
                }
            })
            .collect();
        let started = Instant::now();
        connect(&cluster(&addresses, 1, 4), &hello(1, "run")).unwrap();
        first.join().unwrap().unwrap();
        assert!(started.elapsed() < Duration::from_secs(3));
        drop(strangers);
    }

    #[test]
    fn a_refusal_of_process_0_reaches_the_others_at_once() {
        let addresses = free_ports(3).unwrap();
        let refusing = Hello {
            refusal: Some("run.checkpoint: its summary does not add up".into()),
            processes: 3,
            ..hello(0, "run")
        };
        let first = meeting(&addresses, 0, 30, refusing);
        let started = Instant::now();
        let later = |process: usize| {
            let mine = Hello {
                processes: 3,
                ..hello(process, "run")
            };
            meeting(&addresses, process, 30, mine)
        };
        let (one, two) = (later(1), later(2));
        for told in [one.join().unwrap(), two.join().unwrap()] {
            assert_eq!(
                told.unwrap_err().to_string(),
                format!(
                    "process 0 ({}) cannot run: run.checkpoint: its summary does not add up",
                    addresses[0]
                )
            );
        }
        first.join().unwrap().unwrap();
        assert!(started.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn a_process_of_another_run_is_refused_by_name() {
        let addresses = free_ports(2).unwrap();
        let later = meeting(&addresses, 1, 10, hello(1, "other"));
        let error = connect(&cluster(&addresses, 0, 10), &hello(0, "run")).unwrap_err();
        assert!(error.to_string().contains("runs `other`"), "{error}");
        assert!(later.join().unwrap().is_err());
    }

    #[test]
    fn a_process_that_never_comes_is_named_after_the_wait() {
        let addresses = free_ports(2).unwrap();
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
