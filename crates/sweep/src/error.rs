//! How a run fails: what the user gave cannot be used (a checkpoint of another command, a file
//! in use), or the machine failed the run (a write, the threads, a lost peer).

use std::io;
use std::path::PathBuf;
use thiserror::Error;

/// Why a run cannot start, resume or go on.
#[derive(Debug, Error)]
pub enum Error {
    /// A checkpoint that cannot be resumed by this command: of another command or version, not
    /// a checkpoint at all, or one whose content does not agree with itself or with the journal.
    #[error("{}: {problem}", path.display())]
    Checkpoint {
        /// The checkpoint (or the journal it disagrees with).
        path: PathBuf,
        /// What is wrong with it, and what to do.
        problem: String,
    },
    /// A file that another run holds.
    #[error(
        "{}: another run is using it (it holds {}); wait for that run to end, or give another file",
        path.display(), lock.display()
    )]
    Busy {
        /// The file in use.
        path: PathBuf,
        /// The lock the other run holds.
        lock: PathBuf,
    },
    /// Two roles given the same file.
    #[error("{first} and {second} are the same file, {}: give each its own", path.display())]
    SameFile {
        /// One role (`--out`).
        first: String,
        /// The other (`--checkpoint`).
        second: String,
        /// The file both name.
        path: PathBuf,
    },
    /// A path to write that names something no run writes: a folder, a socket, a block device.
    #[error("{}: is {what}, not a file: give the path of a file to write", path.display())]
    NotAFile {
        /// The path given.
        path: PathBuf,
        /// What it names.
        what: &'static str,
    },
    /// The cluster's processes disagree, or its options cannot work.
    #[error("{0}")]
    Cluster(String),
    /// A process of the cluster did not come, or went away.
    #[error("{0}")]
    Peer(String),
    /// Reading or writing a file failed.
    #[error("{}: {source}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The machine would not start the worker threads.
    #[error("cannot start the worker threads: {0}")]
    Threads(io::Error),
    /// Writing the journal to standard output failed (a reader that went away, a full disk).
    #[error("cannot write the output: {0}")]
    Stdout(io::Error),
    /// The job could not commit a chunk; the message says why.
    #[error("{0}")]
    Job(String),
}

impl Error {
    /// Whether the user can mend it (exit status 2), rather than the machine failing (1).
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            Error::Checkpoint { .. }
                | Error::Busy { .. }
                | Error::SameFile { .. }
                | Error::NotAFile { .. }
                | Error::Cluster(_)
        )
    }

    pub(crate) fn file(path: &std::path::Path) -> impl FnOnce(io::Error) -> Error + '_ {
        move |source| Error::File {
            path: path.to_owned(),
            source,
        }
    }

    pub(crate) fn checkpoint(path: &std::path::Path, problem: impl Into<String>) -> Error {
        Error::Checkpoint {
            path: path.to_owned(),
            problem: problem.into(),
        }
    }
}
