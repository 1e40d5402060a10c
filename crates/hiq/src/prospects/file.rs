//! A table of prospects on disk, so that it is made once: a mark, the format's version, the start,
//! the number of positions of each level, each level's buckets and entries, and a CRC-32 of all
//! that. Numbers are little-endian.
//!
//! The CRC finds a file damaged by chance, not one forged: anyone may recompute it. The table is
//! the same on every machine, so the file of the standard start's can be known in advance
//! ([`STANDARD_FILE`]: its length and SHA-256), and [`Table::load_expected`] believes no other.

use super::level::{LevelTable, bucket_bits};
use super::{PEGS, Prospect, Table, WINNABLE};
use crate::board::Board;
use crate::memory::{reserve, size};
use crate::symmetry::Group;
use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::{self, BufWriter, ErrorKind, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use thiserror::Error;

/// The first bytes of a table's file. The line ending and the end-of-file character show a file
/// damaged by a transfer as text at once.
const MARK: &[u8; 24] = b"parlor hiq prospects\r\n\x1a\n";

/// The version of the format this code writes and reads.
const VERSION: u32 = 1;

/// What a table's file is known to be before it is read: its length and its SHA-256.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expected {
    /// Its length in bytes.
    pub length: u64,
    /// The SHA-256 of its bytes.
    pub sha256: [u8; 32],
}

/// The file [`Table::write`] writes for the table of the standard start, the same on every
/// machine: `the_standard_tables_file_is_the_one_expected` in tests/prospects.rs makes the
/// table and checks it.
pub const STANDARD_FILE: Expected = Expected {
    length: 124_963_020,
    sha256: [
        0x17, 0xa4, 0xdd, 0x9c, 0x1f, 0xc5, 0x31, 0xbc, 0x7f, 0x68, 0x46, 0x95, 0x2f, 0x39, 0x5b,
        0xf1, 0x6f, 0xbe, 0x3c, 0x9a, 0x8f, 0x82, 0xbb, 0x22, 0xfd, 0x2d, 0xc0, 0x9b, 0x2d, 0xdb,
        0x56, 0xc4,
    ],
};

impl Expected {
    /// The length and digest of what `table` writes.
    pub fn of(table: &Table) -> Expected {
        let mut summed = Hashing {
            inner: io::sink(),
            sha256: Sha256::new(),
            length: 0,
        };
        // A sink refuses nothing.
        let _ = table.write(&mut summed);
        summed.expected()
    }
}

/// A reader or a writer that hashes what passes through it.
struct Hashing<T> {
    inner: T,
    sha256: Sha256,
    length: u64,
}

impl<T> Hashing<T> {
    fn expected(self) -> Expected {
        Expected {
            length: self.length,
            sha256: self.sha256.finalize().into(),
        }
    }
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buffer)?;
        self.sha256.update(&buffer[..n]);
        self.length += n as u64;
        Ok(n)
    }
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(bytes)?;
        self.sha256.update(&bytes[..n]);
        self.length += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// `sha256` in hexadecimal.
fn hex(sha256: &[u8; 32]) -> String {
    sha256.iter().map(|b| format!("{b:02x}")).collect()
}

/// Why a file holds no table that can be used.
#[derive(Debug, Error)]
pub enum FileError {
    /// The file could not be opened or read.
    #[error("cannot read the table: {0}")]
    Read(#[source] io::Error),
    /// The file is not a table of prospects at all.
    #[error("not a table of Hi-Q prospects: the file does not start with the mark parlor writes")]
    NotATable,
    /// A table in another version of the format.
    #[error(
        "a table of Hi-Q prospects in version {found} of the format; this parlor reads version {VERSION}"
    )]
    Version {
        /// The file's version.
        found: u32,
    },
    /// A table of the positions reachable from another start.
    #[error("a table made from another start ({}); the one asked for is from {}", holes(*found), holes(*wanted))]
    OtherStart {
        /// The file's start.
        found: Board,
        /// The start asked for.
        wanted: Board,
    },
    /// The file stops before the end of the table.
    #[error("the table is cut short: the file ends after {at} bytes, and the table takes {length}")]
    Truncated {
        /// Where the file ends.
        at: u64,
        /// The length the table's header gives (or the header's own, if it ends before that).
        length: u64,
    },
    /// More bytes follow the table's end.
    #[error("the file goes on after the end of the table, at byte {length}")]
    Trailing {
        /// The table's length.
        length: u64,
    },
    /// The contents differ from those that were written.
    #[error(
        "the table is damaged: its checksum is {stored:08x}, and its contents give {computed:08x}"
    )]
    Checksum {
        /// The CRC-32 written at the end.
        stored: u32,
        /// The CRC-32 of what was read.
        computed: u32,
    },
    /// A file whose checksum is right but which no build makes: not written by this code.
    #[error("the table's level of {pegs} pegs is not one that parlor makes: {what}")]
    Inconsistent {
        /// The level's number of pegs.
        pegs: u32,
        /// What is wrong with it.
        what: &'static str,
    },
    /// The table would take more memory than allowed.
    #[error("the table needs {} of memory, more than the {} allowed", size(*needs), size(*limit))]
    TooLarge {
        /// What the table's header says it takes.
        needs: u64,
        /// The bound given.
        limit: u64,
    },
    /// Not a regular file: refused by its metadata, before a byte of it is read.
    #[error("not a table of Hi-Q prospects: the path names {kind}, not a regular file")]
    NotAFile {
        /// What it names: a pipe, a device, a folder, a socket.
        kind: &'static str,
    },
    /// A file of another length than the one expected: refused by its metadata, before a byte
    /// of it is read.
    #[error("not the table expected: the file holds {found} bytes, and the table {expected}")]
    Length {
        /// The file's length.
        found: u64,
        /// The expected one.
        expected: u64,
    },
    /// A file of the expected length whose contents are another's, or were edited with their
    /// checksum made right.
    #[error(
        "not the table expected: its SHA-256 is {}, and the table's {}",
        hex(found),
        hex(expected)
    )]
    Digest {
        /// The file's digest.
        found: [u8; 32],
        /// The expected one.
        expected: [u8; 32],
    },
    /// The system refused memory for the table.
    #[error("the system refused memory for the table, which needs {}", size(*needs))]
    Refused {
        /// What the table's header says it takes.
        needs: u64,
    },
}

/// `1 2 3 …`: the holes holding pegs.
fn holes(board: Board) -> String {
    let numbers: Vec<String> = board.pegs().map(|h| h.number().to_string()).collect();
    if numbers.is_empty() {
        "no peg".into()
    } else {
        format!("pegs in {}", numbers.join(" "))
    }
}

/// Bytes read or written at a time.
const BLOCK: usize = 1 << 16;

/// A writer that sums what passes through it.
struct Summed<W> {
    out: W,
    crc: crc32fast::Hasher,
}

impl<W: Write> Summed<W> {
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.crc.update(bytes);
        self.out.write_all(bytes)
    }

    fn put_words(&mut self, words: &[u32]) -> io::Result<()> {
        let mut block = Vec::with_capacity(BLOCK);
        for chunk in words.chunks(BLOCK / 4) {
            block.clear();
            block.extend(chunk.iter().flat_map(|w| w.to_le_bytes()));
            self.put(&block)?;
        }
        Ok(())
    }
}

/// A reader that sums what passes through it and knows where it is.
struct Checked<R> {
    input: R,
    crc: crc32fast::Hasher,
    at: u64,
    /// The length the header promises, once it is known.
    length: u64,
}

impl<R: Read> Checked<R> {
    /// Fills `buffer`, or says where the file ended.
    fn take(&mut self, buffer: &mut [u8]) -> Result<(), FileError> {
        let mut got = 0;
        while got < buffer.len() {
            match self.input.read(&mut buffer[got..]) {
                Ok(0) => {
                    return Err(FileError::Truncated {
                        at: self.at + got as u64,
                        length: self.length,
                    });
                }
                Ok(n) => got += n,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(FileError::Read(e)),
            }
        }
        self.crc.update(buffer);
        self.at += got as u64;
        Ok(())
    }

    fn word(&mut self) -> Result<u32, FileError> {
        let mut bytes = [0; 4];
        self.take(&mut bytes)?;
        Ok(u32::from_le_bytes(bytes))
    }

    /// `count` words, read a block at a time into memory reserved fallibly.
    fn words(&mut self, count: usize, needs: u64) -> Result<Vec<u32>, FileError> {
        let mut words = Vec::new();
        reserve(&mut words, count).map_err(|_| FileError::Refused { needs })?;
        let mut block = vec![0; BLOCK];
        while words.len() < count {
            let bytes = &mut block[..(4 * (count - words.len())).min(BLOCK)];
            self.take(bytes)?;
            let chunks = bytes.chunks_exact(4);
            words.extend(chunks.map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])));
        }
        Ok(words)
    }
}

/// The header's bytes before the levels' sizes: the mark, the version, the start and the number
/// of levels.
const HEADER: u64 = MARK.len() as u64 + 4 + 8 + 4;

impl Table {
    /// Writes the table to `out` in the format that [`Table::read`] reads: for the table of the
    /// standard start, some 125 MB.
    ///
    /// # Errors
    ///
    /// Any error of `out`.
    pub fn write(&self, out: impl Write) -> io::Result<()> {
        let mut out = Summed {
            out: BufWriter::with_capacity(BLOCK, out),
            crc: crc32fast::Hasher::new(),
        };
        out.put(MARK)?;
        out.put(&VERSION.to_le_bytes())?;
        out.put(&self.start.bits().to_le_bytes())?;
        out.put(&(self.levels.len() as u32).to_le_bytes())?;
        for level in &self.levels {
            out.put(&(level.len() as u32).to_le_bytes())?;
        }
        for level in &self.levels {
            out.put_words(level.starts())?;
            out.put_words(level.entries())?;
        }
        let crc = out.crc.finalize();
        out.out.write_all(&crc.to_le_bytes())?;
        out.out.flush()
    }

    /// Writes the table to the file at `path`, replacing it at once when it is complete: it
    /// is first written beside it, under the same name with `.`, a number of this writer's own
    /// and `.part` added.
    ///
    /// # Errors
    ///
    /// Any error of the file system.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        // Servers starting together (or threads of one program) may save the same table at
        // once: each writes a part of its own, so none truncates another's, and the last
        // rename leaves one whole file.
        static SAVES: AtomicU64 = AtomicU64::new(0);
        let writer = SAVES.fetch_add(1, Ordering::Relaxed);
        let mut part = path.as_os_str().to_owned();
        part.push(format!(".{}-{writer}.part", std::process::id()));
        let written = File::create(&part).and_then(|file| {
            self.write(&file)?;
            file.sync_all()
        });
        match written.and_then(|()| std::fs::rename(&part, path)) {
            Ok(()) => Ok(()),
            Err(e) => {
                // The error to report is the write's; a part left behind is harmless.
                let _ = std::fs::remove_file(&part);
                Err(e)
            }
        }
    }

    /// Reads a table that [`Table::write`] wrote, made from `start`, holding at most `memory`
    /// bytes.
    ///
    /// The table is checked in full: its CRC-32, then every level's buckets, every position's
    /// pegs and form (the one its class under the start's symmetries is stored as) and every
    /// prospect's sense. A file that passes was written by [`Table::write`], or made to look so
    /// on purpose.
    ///
    /// # Errors
    ///
    /// [`FileError`]: which part of the file is wrong, and how.
    pub fn read(input: impl Read, start: Board, memory: u64) -> Result<Table, FileError> {
        let mut input = Checked {
            input,
            crc: crc32fast::Hasher::new(),
            at: 0,
            length: HEADER,
        };
        let mut mark = [0; MARK.len()];
        input.take(&mut mark).map_err(|e| match e {
            FileError::Truncated { .. } => FileError::NotATable,
            e => e,
        })?;
        if &mark != MARK {
            return Err(FileError::NotATable);
        }
        let found = input.word()?;
        if found != VERSION {
            return Err(FileError::Version { found });
        }
        let mut bits = [0; 8];
        input.take(&mut bits)?;
        let found = Board::from_bits(u64::from_le_bytes(bits) & Board::FULL.bits());
        if found.bits() != u64::from_le_bytes(bits) || found != start {
            return Err(FileError::OtherStart {
                found,
                wanted: start,
            });
        }
        let count = input.word()?;
        let pegs = |level: usize| start.peg_count().saturating_sub(level as u32);
        if count == 0 || count > start.peg_count() + 1 {
            return Err(FileError::Inconsistent {
                pegs: pegs(count as usize),
                what: "the levels go past the empty board",
            });
        }
        input.length = HEADER + 4 * u64::from(count);
        let mut lens = Vec::new();
        for _ in 0..count {
            lens.push(input.word()? as usize);
        }
        let words: u64 = lens
            .iter()
            .map(|&len| (1u64 << bucket_bits(len)) + 1 + len as u64)
            .sum();
        let needs = 4 * words;
        input.length += needs + 4;
        if needs > memory {
            return Err(FileError::TooLarge {
                needs,
                limit: memory,
            });
        }
        let mut parts = Vec::new();
        for &len in &lens {
            let bits = bucket_bits(len);
            let starts = input.words((1 << bits) + 1, needs)?;
            let entries = input.words(len, needs)?;
            parts.push((bits, starts, entries));
        }
        let computed = input.crc.clone().finalize();
        let mut stored = [0; 4];
        input.take(&mut stored)?;
        let stored = u32::from_le_bytes(stored);
        if stored != computed {
            return Err(FileError::Checksum { stored, computed });
        }
        match input.input.read(&mut [0]) {
            Ok(0) => {}
            Ok(_) => return Err(FileError::Trailing { length: input.at }),
            Err(e) => return Err(FileError::Read(e)),
        }
        let group = Group::of(start);
        let mut levels = Vec::new();
        for (i, (bits, starts, entries)) in parts.into_iter().enumerate() {
            let inconsistent = |what| FileError::Inconsistent {
                pegs: pegs(i),
                what,
            };
            let level = LevelTable::from_parts(bits, starts, entries)
                .ok_or_else(|| inconsistent("its buckets are out of order"))?;
            check(&level, pegs(i), group).map_err(inconsistent)?;
            levels.push(level);
        }
        let first = levels.first().map(|level| level.iter().map(|(key, _)| key));
        if first.is_none_or(|keys| keys.ne([group.canonical_bits(start.bits())])) {
            return Err(FileError::Inconsistent {
                pegs: start.peg_count(),
                what: "it is not the start alone",
            });
        }
        Ok(Table {
            start,
            group,
            levels,
        })
    }

    /// Reads the table in the file at `path` (see [`Table::read`]).
    ///
    /// # Errors
    ///
    /// [`FileError`]: the file cannot be read, or holds no table of `start` that fits in
    /// `memory` bytes.
    pub fn load(path: &Path, start: Board, memory: u64) -> Result<Table, FileError> {
        let file = File::open(path).map_err(FileError::Read)?;
        Table::read(file, start, memory)
    }

    /// Reads the table in the file at `path` (see [`Table::read`]) only if it is the file
    /// `expected`: a regular file of its length, checked by its metadata before a byte of it
    /// is read (a pipe would hold the reader forever, a sparse file of a gigabyte would take
    /// that much memory), whose bytes have its SHA-256.
    ///
    /// # Errors
    ///
    /// As [`Table::load`]'s; [`FileError::NotAFile`], [`FileError::Length`] and
    /// [`FileError::Digest`] for a file other than the one expected.
    pub fn load_expected(
        path: &Path,
        start: Board,
        memory: u64,
        expected: &Expected,
    ) -> Result<Table, FileError> {
        // Asked before opening: opening a pipe would wait for a writer.
        let metadata = std::fs::metadata(path).map_err(FileError::Read)?;
        if !metadata.is_file() {
            return Err(FileError::NotAFile {
                kind: kind(&metadata.file_type()),
            });
        }
        if metadata.len() != expected.length {
            return Err(FileError::Length {
                found: metadata.len(),
                expected: expected.length,
            });
        }
        let file = File::open(path).map_err(FileError::Read)?;
        let mut hashed = Hashing {
            inner: file,
            sha256: Sha256::new(),
            length: 0,
        };
        let table = Table::read(&mut hashed, start, memory);
        let found = hashed.expected().sha256;
        // A file of the right length that is no table says so first; one that reads as a
        // table is believed only with the digest expected.
        let table = table?;
        if found != expected.sha256 {
            return Err(FileError::Digest {
                found,
                expected: expected.sha256,
            });
        }
        Ok(table)
    }
}

/// What a path that is no regular file names.
fn kind(file_type: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a pipe";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a folder"
    } else {
        "something other than a file"
    }
}

/// Whether every position of the level has `pegs` pegs and is stored in its class's form, and
/// every prospect makes sense: no more pegs than the position's, and 1 when the centre can be
/// reached.
fn check(level: &LevelTable, pegs: u32, group: Group) -> Result<(), &'static str> {
    level.check(|key, value| {
        let prospect = Prospect::of_byte(value);
        if key.count_ones() != pegs {
            Err("a position has another number of pegs")
        } else if group.canonical_bits(key) != key {
            Err("a position is not stored in the form of its class")
        } else if value & !(WINNABLE | PEGS) != 0
            || u32::from(prospect.fewest_pegs) > pegs
            || prospect.winnable && prospect.fewest_pegs != 1
        {
            Err("a prospect makes no sense")
        } else {
            Ok(())
        }
    })
}
