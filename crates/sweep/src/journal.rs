//! A run's journal: the file its results are appended to as their chunks are committed (a
//! search's `--out`). A checkpoint records how long the journal was and its checksum then; a
//! resumed run checks the file against both and cuts it back to that length, so that what was
//! written after the checkpoint is written again, once.

use crate::Error;
use crate::file::{self, Lock, Place};
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// How far a journal had got: its length and the CRC-32 of those bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    /// Its length.
    pub bytes: u64,
    /// The CRC-32 of its first `bytes` bytes.
    pub crc32: u32,
}

/// The results file of a run, appended to as chunks are committed, held by this run alone; or a
/// pipe or device the results stream into (which a run with a checkpoint cannot have).
#[derive(Debug)]
pub(crate) struct Journal {
    path: PathBuf,
    file: File,
    /// `None` for a stream, which is neither held nor synced.
    lock: Option<Lock>,
    bytes: u64,
    hasher: crc32fast::Hasher,
}

impl Journal {
    /// Opens the journal at `path` for this run alone: empty for a new run, or, resuming from
    /// `mark`, checked to begin with what the checkpoint recorded and cut back to it.
    pub fn open(path: &Path, mark: Option<Mark>) -> Result<Journal, Error> {
        if let Place::Stream(stream) = file::place(path)? {
            let file = OpenOptions::new()
                .append(true)
                .open(stream)
                .map_err(Error::file(path))?;
            return Ok(Journal {
                path: path.to_owned(),
                file,
                lock: None,
                bytes: 0,
                hasher: crc32fast::Hasher::new(),
            });
        }
        let (lock, mut file) = Lock::file(path)?;
        let mark = mark.unwrap_or_default();
        let length = file.metadata().map_err(Error::file(path))?.len();
        if length < mark.bytes {
            return Err(Error::checkpoint(
                path,
                format!(
                    "holds {length} bytes, but the checkpoint recorded {} bytes of results: it is \
                     not the output of the run that made the checkpoint",
                    mark.bytes
                ),
            ));
        }
        let mut hasher = crc32fast::Hasher::new();
        let mut prefix = (&mut file).take(mark.bytes);
        let mut buffer = vec![0u8; 1 << 16];
        loop {
            let read = prefix.read(&mut buffer).map_err(Error::file(path))?;
            if read == 0 {
                break;
            }
            hasher.update(&buffer[..read]);
        }
        if hasher.clone().finalize() != mark.crc32 {
            return Err(Error::checkpoint(
                path,
                format!(
                    "its first {} bytes are not those the checkpoint recorded: it was changed, or \
                     it is the output of another run",
                    mark.bytes
                ),
            ));
        }
        file.set_len(mark.bytes).map_err(Error::file(path))?;
        file.seek(SeekFrom::End(0)).map_err(Error::file(path))?;
        Ok(Journal {
            path: path.to_owned(),
            file,
            lock: Some(lock),
            bytes: mark.bytes,
            hasher,
        })
    }

    /// Appends `bytes` in one write.
    pub fn append(&mut self, bytes: &[u8]) -> Result<(), Error> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.file
            .write_all(bytes)
            .map_err(Error::file(&self.path))?;
        self.hasher.update(bytes);
        self.bytes += bytes.len() as u64;
        Ok(())
    }

    /// The journal's bytes so far, read again from the start.
    pub fn reread(&self) -> Result<impl BufRead, Error> {
        let file = File::open(&self.path).map_err(Error::file(&self.path))?;
        Ok(BufReader::new(file.take(self.bytes)))
    }

    /// Where the journal is now.
    pub fn mark(&self) -> Mark {
        Mark {
            bytes: self.bytes,
            crc32: self.hasher.clone().finalize(),
        }
    }

    /// Makes what was appended durable: a checkpoint is never ahead of its journal on disk.
    pub fn sync(&self) -> Result<(), Error> {
        if self.lock.is_none() {
            return Ok(());
        }
        self.file.sync_data().map_err(Error::file(&self.path))
    }
}

/// The mark of the first `bytes` bytes of some text, as a journal of it would give.
pub fn mark_of(text: &[u8]) -> Mark {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(text);
    Mark {
        bytes: text.len() as u64,
        crc32: hasher.finalize(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn a_resumed_journal_is_cut_back_to_its_mark() {
        let dir = std::env::temp_dir().join(format!("sweep-journal-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.jsonl");
        fs::write(&path, "old content\n").unwrap();
        let mut journal = Journal::open(&path, None).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"");
        journal.append(b"one\n").unwrap();
        let mark = journal.mark();
        assert_eq!(mark, mark_of(b"one\n"));
        journal.append(b"two\n").unwrap();
        drop(journal);

        let mut journal = Journal::open(&path, Some(mark)).unwrap();
        journal.append(b"again\n").unwrap();
        assert_eq!(journal.mark(), mark_of(b"one\nagain\n"));
        drop(journal);
        assert_eq!(fs::read(&path).unwrap(), b"one\nagain\n");

        fs::write(&path, "One\nagain\n").unwrap();
        let changed = Journal::open(&path, Some(mark)).unwrap_err();
        assert!(changed.to_string().contains("changed"), "{changed}");
        fs::write(&path, "on").unwrap();
        let short = Journal::open(&path, Some(mark)).unwrap_err();
        assert!(short.to_string().contains("holds 2 bytes"), "{short}");
        fs::remove_dir_all(dir).unwrap();
    }
}
