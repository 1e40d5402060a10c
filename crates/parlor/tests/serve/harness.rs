//! One running `parlor serve`, as every test of this program starts it: the real binary on a
//! free port of 127.0.0.1, its first line read for its address and token, asked over HTTP by a
//! client or by hand-written requests, stopped by a signal and killed if a test ends first.
//!
//! The attacks need the machine to themselves: a server started by [`Served::attacked`] holds it
//! alone, and one started by [`Served::start`] beside the other process tests' servers, so that
//! no attack runs while another test's server does.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
#[cfg(target_os = "linux")]
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
#[cfg(target_os = "linux")]
use std::sync::RwLockWriteGuard;
use std::sync::{PoisonError, RwLock, RwLockReadGuard};
use std::thread;
use std::time::{Duration, Instant};

/// A Russian Solitaire table with face-down cards, as the page sends it for a hint.
pub const UNKNOWN: &str = include_str!(crate::testdata!("examples/russian-unknown.txt"));

/// Hi-Q's standard start: every hole but the centre.
pub const STANDARD: &str =
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33";

/// Where the servers keep Hi-Q's table: beside the build, not in the user's cache.
pub const CACHE: &str = env!("CARGO_TARGET_TMPDIR");

/// The longest a server may take to exit once signalled: its drain, and some slack.
const EXIT_WAIT: Duration = Duration::from_secs(30);

/// The machine: shared by the process tests' servers, held whole by an attack's.
static MACHINE: RwLock<()> = RwLock::new(());

/// A server's hold on the machine, for as long as it runs.
enum Hold {
    /// Beside the other process tests' servers.
    Beside { _held: RwLockReadGuard<'static, ()> },
    /// Alone, for an attack.
    #[cfg(target_os = "linux")]
    Alone {
        _held: RwLockWriteGuard<'static, ()>,
    },
}

/// A running `parlor serve --port 0`, killed when dropped if [`Served::stop`] did not end it.
pub struct Served {
    child: Child,
    stdout: BufReader<ChildStdout>,
    /// The first line it printed: its address.
    pub printed: String,
    /// Where requests go: its port on the loopback interface, whatever address it listens on.
    pub address: SocketAddr,
    /// The token of the printed address, which every request carries, if there is one.
    pub token: Option<String>,
    agent: ureq::Agent,
    _hold: Hold,
}

/// How a server ended: how long after its signal, and what it said on standard error.
pub struct Exit {
    /// From the signal to the exit.
    pub took: Duration,
    /// Its standard error, whole.
    pub stderr: String,
}

impl Served {
    /// `parlor serve --port 0 ARGS` beside the other process tests, once it has printed its
    /// address.
    pub fn start(args: &[&str]) -> Served {
        let _held = MACHINE.read().unwrap_or_else(PoisonError::into_inner);
        Served::spawn(args, None, Path::new(CACHE), Hold::Beside { _held })
    }

    /// `parlor serve --port 0 ARGS` for an attack, once no other test's server runs, its
    /// descriptors limited to `descriptors` (soft and hard) if given; it holds the machine
    /// until it ends.
    #[cfg(target_os = "linux")]
    pub fn attacked(args: &[&str], descriptors: Option<u64>) -> Served {
        Served::attacked_with_cache(args, descriptors, Path::new(CACHE))
    }

    /// [`Served::attacked`], its cache (where Hi-Q's table is kept) in `cache`.
    #[cfg(target_os = "linux")]
    pub fn attacked_with_cache(args: &[&str], descriptors: Option<u64>, cache: &Path) -> Served {
        let _held = MACHINE.write().unwrap_or_else(PoisonError::into_inner);
        Served::spawn(args, descriptors, cache, Hold::Alone { _held })
    }

    fn spawn(args: &[&str], descriptors: Option<u64>, cache: &Path, hold: Hold) -> Served {
        let mut command = Command::new(env!("CARGO_BIN_EXE_parlor"));
        command
            .args(["serve", "--port", "0"])
            .args(args)
            .env("XDG_CACHE_HOME", cache)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(target_os = "linux")]
        if let Some(limit) = descriptors {
            // SAFETY: the closure runs in the child between fork and exec, where it calls only
            // setrlimit, which is async-signal-safe, on a struct on its own stack.
            unsafe {
                command.pre_exec(move || {
                    let limit = libc::rlimit {
                        rlim_cur: limit,
                        rlim_max: limit,
                    };
                    if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) == 0 {
                        Ok(())
                    } else {
                        Err(std::io::Error::last_os_error())
                    }
                });
            }
        }
        #[cfg(not(target_os = "linux"))]
        let _ = descriptors;
        let mut child = command.spawn().expect("parlor serve starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut printed = String::new();
        stdout.read_line(&mut printed).expect("parlor serve prints");
        let (url, token) = match printed.trim_end().split_once("/#token=") {
            Some((url, token)) => (format!("{url}/"), Some(token.to_string())),
            None => (printed.trim_end().to_string(), None),
        };
        let port = url
            .strip_prefix("http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .and_then(|host| host.rsplit_once(':'))
            .and_then(|(_, port)| port.parse::<u16>().ok());
        let Some(port) = port else {
            let _ = child.kill();
            let mut stderr = String::new();
            let _ = child
                .stderr
                .take()
                .map(|mut e| e.read_to_string(&mut stderr));
            panic!("the first line is not the address: {printed:?}; stderr: {stderr}");
        };
        // Connections kept for less than the server's idle bound, so that no request goes out
        // on a connection the server is closing.
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_idle_age(serve::limits::HEAD_TIMEOUT / 2)
            .build()
            .into();
        Served {
            child,
            stdout,
            printed,
            address: SocketAddr::from(([127, 0, 0, 1], port)),
            token,
            agent,
            _hold: hold,
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The status and the text of the answer to a GET of `path`, or a POST of `body` to it.
    pub fn ask(&self, path: &str, body: Option<&[u8]>) -> (u16, String) {
        let url = format!("http://{}{path}", self.address);
        let bearer = format!("Bearer {}", self.token.as_deref().unwrap_or_default());
        let response = match body {
            Some(body) => self
                .agent
                .post(url)
                .header("authorization", &bearer)
                .send(body),
            None => self.agent.get(url).header("authorization", &bearer).call(),
        };
        let mut response = response.expect("the server answers");
        let text = response
            .body_mut()
            .read_to_string()
            .expect("a whole UTF-8 body");
        (response.status().as_u16(), text)
    }

    /// The status and the body of `method path` with `body`, written by hand on a connection
    /// of its own and read whole; `None` when the server closed it first or did not answer in
    /// 30 s.
    pub fn raw(&self, method: &str, path: &str, body: &str) -> Option<(u16, Vec<u8>)> {
        let mut stream = TcpStream::connect(self.address).ok()?;
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .ok()?;
        stream
            .write_all(self.request(method, path, body).as_bytes())
            .ok()?;
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).ok()?;
        let head_end = answer.windows(4).position(|w| w == b"\r\n\r\n")?;
        let status = std::str::from_utf8(&answer[9..12]).ok()?.parse().ok()?;
        Some((status, answer.split_off(head_end + 4)))
    }

    /// The text of a request, with the token if there is one, closing its connection after the
    /// answer.
    pub fn request(&self, method: &str, path: &str, body: &str) -> String {
        let token = self
            .token
            .as_ref()
            .map(|t| format!("Authorization: Bearer {t}\r\n"))
            .unwrap_or_default();
        format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\n{token}Connection: close\r\n\
             Content-Length: {}\r\n\r\n{body}",
            self.address,
            body.len()
        )
    }

    /// Sends `signal` and waits for the server to exit, which it must with status 0, saying
    /// it stopped, with nothing more on standard output and no panic.
    pub fn stop(mut self, signal: libc::c_int) -> Exit {
        let pid = libc::pid_t::try_from(self.pid()).expect("a pid");
        let signalled = Instant::now();
        // SAFETY: kill only sends a signal; the child is not reaped until `try_wait` below
        // sees it exit, so the pid is still its.
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                break status;
            }
            assert!(signalled.elapsed() < EXIT_WAIT, "the server did not stop");
            thread::sleep(Duration::from_millis(10));
        };
        let took = signalled.elapsed();
        let mut rest = String::new();
        self.stdout.read_to_string(&mut rest).expect("stdout");
        let mut stderr = String::new();
        if let Some(mut pipe) = self.child.stderr.take() {
            pipe.read_to_string(&mut stderr).expect("stderr");
        }
        assert!(status.success(), "{status}: {stderr}");
        assert_eq!(rest, "", "only the address on standard output");
        assert!(stderr.lines().any(|l| l.starts_with("stopped")), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        Exit { took, stderr }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
