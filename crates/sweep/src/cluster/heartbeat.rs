//! Heartbeats between the processes of a cluster, on connections of their own: a process that
//! stops answering while its connections stay open — stopped (`kill -STOP`), swapping without
//! end, its machine frozen — is named within [`SILENCE`], where the run's own connections would
//! wait for it forever (its kernel still answers TCP's keepalive probes). A thread of each
//! process beats every [`BEAT`], whatever its workers are doing, so a chunk that takes minutes
//! is never taken for silence.

use super::Die;
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Time between two heartbeats.
pub const BEAT: Duration = Duration::from_secs(1);

/// Silence after which a process is taken for lost: ten heartbeats missed, so that a loaded
/// machine that is slow to schedule a thread is not.
pub const SILENCE: Duration = Duration::from_secs(10);

/// The message that names a lost process, from its number and what happened.
pub type Lost = dyn Fn(usize, &str) -> String + Send + Sync;

/// A heartbeat.
const ALIVE: u8 = b'.';
/// The last word of a process that ended its part of the run: its silence from then on is not
/// a loss.
const DONE: u8 = b'!';

/// The heartbeats of this process: sent to every other process, and listened for from each.
pub struct Heartbeats {
    streams: Vec<TcpStream>,
    ended: Arc<AtomicBool>,
}

impl Heartbeats {
    /// Starts beating on `beats` (by process, `None` for this one) and listening to them; a
    /// process that goes silent or whose connection closes before it is done ends this one
    /// through `die`, with the message `lost(process, cause)`.
    pub fn start(
        beats: Vec<Option<TcpStream>>,
        lost: Arc<Lost>,
        die: Die,
    ) -> std::io::Result<Heartbeats> {
        let ended = Arc::new(AtomicBool::new(false));
        let mut streams = Vec::new();
        for (process, stream) in beats.into_iter().enumerate() {
            let Some(stream) = stream else { continue };
            stream.set_read_timeout(Some(SILENCE))?;
            stream.set_write_timeout(Some(BEAT))?;
            let (reader, ended, lost) =
                (stream.try_clone()?, Arc::clone(&ended), Arc::clone(&lost));
            std::thread::Builder::new()
                .name(format!("sweep:heartbeat-{process}"))
                .spawn(move || {
                    let cause = listen(reader);
                    if let Some(cause) = cause
                        && !ended.load(Ordering::SeqCst)
                    {
                        die(&lost(process, &cause));
                    }
                })?;
            streams.push(stream);
        }
        let (writers, stop) = (
            streams
                .iter()
                .map(TcpStream::try_clone)
                .collect::<Result<Vec<_>, _>>()?,
            Arc::clone(&ended),
        );
        std::thread::Builder::new()
            .name("sweep:heartbeats".into())
            .spawn(move || {
                while !stop.load(Ordering::SeqCst) {
                    // A process that went away is named by its listener, not here.
                    for mut stream in &writers {
                        let _ = stream.write_all(&[ALIVE]);
                    }
                    std::thread::sleep(BEAT);
                }
            })?;
        Ok(Heartbeats { streams, ended })
    }

    /// This process has done its part: the others are told, and nothing they do from now on
    /// ends it.
    pub fn end(self) {
        self.ended.store(true, Ordering::SeqCst);
        for mut stream in &self.streams {
            let _ = stream.write_all(&[DONE]);
        }
    }
}

/// Listens to a process's heartbeats until it is done (`None`) or lost: why, in words.
fn listen(mut stream: TcpStream) -> Option<String> {
    let mut byte = [0u8];
    loop {
        match stream.read(&mut byte) {
            Ok(0) => return Some("its connection closed".into()),
            Ok(_) if byte[0] == DONE => return None,
            Ok(_) => {}
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return Some(format!(
                    "it has said nothing for {} s (stopped, or its machine cut off)",
                    SILENCE.as_secs()
                ));
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Some(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    fn pair() -> (TcpStream, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let near = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        (near, listener.accept().unwrap().0)
    }

    #[test]
    fn a_process_is_lost_when_its_connection_closes_and_not_once_it_is_done() {
        let (near, far) = pair();
        far.set_read_timeout(Some(SILENCE)).unwrap();
        drop(near);
        assert_eq!(listen(far).as_deref(), Some("its connection closed"));
        let (mut near, far) = pair();
        near.write_all(&[ALIVE, ALIVE, DONE]).unwrap();
        drop(near);
        assert_eq!(listen(far), None);
    }

    #[test]
    fn a_silent_process_is_lost() {
        let (_near, far) = pair();
        far.set_read_timeout(Some(Duration::from_millis(50)))
            .unwrap();
        assert!(listen(far).unwrap().starts_with("it has said nothing for"));
    }
}
