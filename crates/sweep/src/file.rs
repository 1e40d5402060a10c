//! Files a run writes: whole or not at all, each used by one run at a time, and checked before
//! any work starts. One writer serves every output file: a regular file (or none yet) is
//! replaced whole through a temporary file beside it; a symbolic link's target is what is
//! written, the link stays; a pipe, a character device or a descriptor of the process
//! (`/dev/null`, `/dev/stdout`) is written in place, appended to, never replaced; anything else
//! (a folder, a socket) is refused.

use crate::Error;
use std::ffi::OsString;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Path, PathBuf};

/// `path` with `.suffix` added to its file name: `hunt.json` → `hunt.json.tmp`.
pub(crate) fn sidecar(path: &Path, suffix: &str) -> PathBuf {
    let mut name: OsString = path.file_name().unwrap_or_default().to_owned();
    name.push(".");
    name.push(suffix);
    path.with_file_name(name)
}

/// What a path names, for writing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A regular file, or nothing yet: written whole by renaming a temporary file over it. The
    /// path is the one the links lead to, so that the link stays and its target is replaced.
    File(PathBuf),
    /// A pipe (FIFO), a character device, or a descriptor of the process (`/dev/stdout`,
    /// `/dev/fd/3`, whatever it leads to): written in place, appended to, as it comes; it cannot
    /// be replaced (a device replaced by a file would break the system, a pipe's reader would
    /// get nothing, `>> log` would lose the log), nor read back.
    Stream(PathBuf),
}

/// The most symbolic links followed from one path, as the system's own limit.
const MOST_LINKS: usize = 40;

/// Whether `path` leads through `/proc` (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`): a
/// descriptor this process was given, whose links no path can follow.
fn is_descriptor(path: &Path) -> bool {
    let mut path = path.to_owned();
    for _ in 0..MOST_LINKS {
        let through_proc = fs::canonicalize(folder_of(&path)).is_ok_and(|f| f.starts_with("/proc"));
        if through_proc {
            return true;
        }
        match fs::read_link(&path) {
            Ok(target) => path = folder_of(&path).join(target),
            Err(_) => return false,
        }
    }
    false
}

/// `path` with its symbolic links followed to what they name, even when that does not exist
/// yet (a link to a file a run is to create).
fn resolve(path: &Path) -> Result<PathBuf, Error> {
    let mut path = path.to_owned();
    for _ in 0..MOST_LINKS {
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&path).map_err(Error::file(&path))?;
                path = folder_of(&path).join(target);
            }
            _ => return Ok(path),
        }
    }
    Err(Error::file(&path)(io::Error::other(format!(
        "more than {MOST_LINKS} symbolic links in a row, or a loop of them"
    ))))
}

/// What `path` names, or a refusal (exit status 2) when it is nothing a run can write: a
/// folder, a socket, a block device. What exists is asked of the system, which follows links
/// its own way (`/dev/stdout` leads through `/proc` to a pipe that no path names).
pub fn place(path: &Path) -> Result<Place, Error> {
    if is_descriptor(path) {
        return Ok(Place::Stream(path.to_owned()));
    }
    let kind = match fs::metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Place::File(resolve(path)?)),
        Err(e) => return Err(Error::file(path)(e)),
        Ok(meta) => meta.file_type(),
    };
    if kind.is_file() {
        Ok(Place::File(
            fs::canonicalize(path).map_err(Error::file(path))?,
        ))
    } else if kind.is_fifo() || kind.is_char_device() {
        Ok(Place::Stream(path.to_owned()))
    } else {
        let what = if kind.is_dir() {
            "a folder"
        } else if kind.is_socket() {
            "a socket"
        } else {
            "a block device"
        };
        Err(Error::NotAFile {
            path: path.to_owned(),
            what,
        })
    }
}

/// Writes `bytes` to `path` as its [`Place`] says: a file so that a crash at any moment leaves
/// either the old file or the new one, whole (into a file beside it, synced, then renamed over
/// it; a failed write removes that file); a stream in place. The one writer of every output
/// file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    write_with(path, |file| file.write_all(bytes))
}

fn write_with(path: &Path, write: impl FnOnce(&mut File) -> io::Result<()>) -> Result<(), Error> {
    let real = match place(path)? {
        Place::Stream(stream) => {
            return OpenOptions::new()
                .append(true)
                .open(&stream)
                .and_then(|mut stream| write(&mut stream).and_then(|()| stream.flush()))
                .map_err(Error::file(path));
        }
        Place::File(real) => real,
    };
    let temporary = sidecar(&real, "tmp");
    let replace = || -> io::Result<()> {
        let mut file = File::create(&temporary)?;
        write(&mut file)?;
        file.sync_all()?;
        fs::rename(&temporary, &real)?;
        // The rename reaches the disk with the folder.
        if let Ok(folder) = File::open(folder_of(&real)) {
            folder.sync_all().ok();
        }
        Ok(())
    };
    replace().map_err(|e| {
        // A full disk must not leave a half file beside the output; the old output stays.
        fs::remove_file(&temporary).ok();
        Error::file(path)(e)
    })
}

fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Fails unless `path` can be written, without touching it: a run checks its outputs before it
/// starts, not after hours of work. A pipe is not opened (that would wait for its reader).
pub fn check_writable(path: &Path) -> Result<(), Error> {
    let real = match place(path)? {
        Place::Stream(stream) if is_pipe(&stream) => return Ok(()),
        Place::Stream(stream) => {
            return OpenOptions::new()
                .append(true)
                .open(&stream)
                .map(drop)
                .map_err(Error::file(path));
        }
        Place::File(real) => real,
    };
    let folder = folder_of(&real);
    if !folder.is_dir() {
        return Err(Error::file(path)(io::Error::other(format!(
            "cannot write there: the folder {} does not exist",
            folder_of(path).display()
        ))));
    }
    let temporary = sidecar(&real, "tmp");
    match OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)
    {
        Ok(_) => fs::remove_file(&temporary).map_err(Error::file(&temporary)),
        // Left by a run that was killed: it will be written over.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => OpenOptions::new()
            .write(true)
            .open(&temporary)
            .map(drop)
            .map_err(Error::file(path)),
        Err(e) => Err(Error::file(path)(e)),
    }
}

fn is_pipe(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|meta| meta.file_type().is_fifo())
}

/// What tells two paths of the same file apart from two files: the device and inode of a file
/// that exists (so that links, hard or symbolic, and `./` are seen through), the real folder and
/// name of one that does not. `None` for a character device, which holds nothing to overwrite
/// (`/dev/stdin` and `/dev/stdout` may both be the terminal), and for a path whose folder does
/// not exist (that is reported when the file is written).
#[derive(Debug, PartialEq, Eq)]
enum Identity {
    Inode(u64, u64),
    Name(PathBuf),
}

fn identity(path: &Path) -> Option<Identity> {
    match fs::metadata(path) {
        Ok(meta) if meta.file_type().is_char_device() => None,
        Ok(meta) => Some(Identity::Inode(meta.dev(), meta.ino())),
        Err(_) => {
            let real = resolve(path).ok()?;
            let folder = fs::canonicalize(folder_of(&real)).ok()?;
            Some(Identity::Name(folder.join(real.file_name()?)))
        }
    }
}

/// One path a run reads or writes, and the role the command gives it (`--out`, `IN`).
pub type Role<'a> = (&'a str, &'a Path);

/// Refuses, before any work, a file given two roles: every file a run writes (`writes`), and
/// the temporary file beside each one written whole, is compared with every other and with every
/// file it reads or holds (`others`), by identity, not by name. Two of `others` may be the same
/// file: only what is written is at stake.
pub fn check_distinct(others: &[Role], writes: &[Role]) -> Result<(), Error> {
    let temporaries: Vec<(String, PathBuf)> = writes
        .iter()
        .filter_map(|&(role, path)| match place(path) {
            Ok(Place::File(real)) => {
                Some((format!("{role}'s temporary file"), sidecar(&real, "tmp")))
            }
            _ => None,
        })
        .collect();
    let written = writes
        .iter()
        .map(|&(role, path)| (role.to_owned(), path))
        .chain(
            temporaries
                .iter()
                .map(|(role, path)| (role.clone(), path.as_path())),
        );
    let known: Vec<(String, &Path, Option<Identity>)> = others
        .iter()
        .map(|&(role, path)| (role.to_owned(), path))
        .chain(written)
        .map(|(role, path)| {
            let id = identity(path);
            (role, path, id)
        })
        .collect();
    for (i, (first, _, a)) in known.iter().enumerate() {
        // Two of `others` may be one file: only pairs with a file written are compared.
        let from = (i + 1).max(others.len());
        for (second, path, b) in &known[from..] {
            if a.is_some() && a == b {
                return Err(Error::SameFile {
                    first: first.clone(),
                    second: second.clone(),
                    path: path.to_path_buf(),
                });
            }
        }
    }
    Ok(())
}

/// An exclusive hold on a file for one run; released when dropped, or when the process dies,
/// however it dies.
#[derive(Debug)]
pub(crate) struct Lock {
    _file: File,
}

impl Lock {
    /// Holds `path` itself, opened for writing (created if needed, never truncated).
    pub fn file(path: &Path) -> Result<(Lock, File), Error> {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(Error::file(path))?;
        hold(&file, path, path)?;
        let handle = file.try_clone().map_err(Error::file(path))?;
        Ok((Lock { _file: handle }, file))
    }

    /// Holds `path` through the file `path.lock` beside it, for a file that is replaced by
    /// renaming (a checkpoint), which a lock on the file itself would not survive.
    pub fn beside(path: &Path) -> Result<Lock, Error> {
        let lock = sidecar(path, "lock");
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock)
            .map_err(Error::file(&lock))?;
        hold(&file, path, &lock)?;
        Ok(Lock { _file: file })
    }
}

fn hold(file: &File, path: &Path, lock: &Path) -> Result<(), Error> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(TryLockError::WouldBlock) => Err(Error::Busy {
            path: path.to_owned(),
            lock: lock.to_owned(),
        }),
        Err(TryLockError::Error(e)) => Err(Error::file(lock)(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sweep-file-{name}-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn atomic_writes_replace_the_file_whole() {
        let dir = scratch("atomic");
        let path = dir.join("a.json");
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert!(!sidecar(&path, "tmp").exists());
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn outputs_are_checked_before_the_run() {
        let dir = scratch("check");
        check_writable(&dir.join("plot.svg")).unwrap();
        assert!(!dir.join("plot.svg").exists() && !dir.join("plot.svg.tmp").exists());
        let missing = check_writable(&dir.join("no/such/plot.svg")).unwrap_err();
        assert!(missing.to_string().contains("does not exist"), "{missing}");
        assert!(
            check_writable(&dir)
                .unwrap_err()
                .to_string()
                .contains("folder")
        );
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_same_file_twice_is_refused() {
        let dir = scratch("same");
        let out = dir.join("out.jsonl");
        let again = dir.join(".").join("out.jsonl");
        let checkpoint = dir.join("c");
        assert!(check_distinct(&[], &[("--out", &out), ("--checkpoint", &checkpoint)]).is_ok());
        let error = check_distinct(&[], &[("--out", &out), ("--checkpoint", &again)]).unwrap_err();
        assert!(matches!(error, Error::SameFile { .. }), "{error}");
        fs::write(&out, "").unwrap();
        assert!(check_distinct(&[], &[("--out", &out), ("--checkpoint", &again)]).is_err());
        // By identity: a hard link and a symbolic link are the file itself.
        let hard = dir.join("hard");
        fs::hard_link(&out, &hard).unwrap();
        let soft = dir.join("soft");
        std::os::unix::fs::symlink(&out, &soft).unwrap();
        for other in [&hard, &soft] {
            let error = check_distinct(&[("IN", other)], &[("OUT", &out)]).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!(
                    "IN and OUT are the same file, {}: give each its own",
                    out.display()
                )
            );
        }
        // Inputs may share a file; a file written beside another (its .tmp) may not be read.
        assert!(check_distinct(&[("IN", &out), ("--deal", &hard)], &[]).is_ok());
        let temporary = dir.join("out.jsonl.tmp");
        let error = check_distinct(&[("IN", &temporary)], &[("OUT", &out)]).unwrap_err();
        assert!(
            error.to_string().starts_with("IN and OUT's temporary file"),
            "{error}"
        );
        // A device holds nothing to overwrite: /dev/null twice is no clash.
        let null = Path::new("/dev/null");
        assert!(check_distinct(&[("IN", null)], &[("OUT", null), ("--plot", null)]).is_ok());
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_link_has_its_target_written_and_stays_a_link() {
        let dir = scratch("link");
        let target = dir.join("target.txt");
        let link = dir.join("link.txt");
        std::os::unix::fs::symlink("target.txt", &link).unwrap();
        // A link to nothing yet: its target is created.
        write_atomically(&link, b"one").unwrap();
        write_atomically(&link, b"two").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&target).unwrap(), b"two");
        assert!(!dir.join("target.txt.tmp").exists() && !dir.join("link.txt.tmp").exists());
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_pipe_is_written_in_place_and_never_replaced() {
        let dir = scratch("fifo");
        let fifo = dir.join("fifo");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(status.success());
        assert_eq!(place(&fifo).unwrap(), Place::Stream(fifo.clone()));
        check_writable(&fifo).unwrap();
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(fifo).unwrap())
        };
        write_atomically(&fifo, b"0.500000\n").unwrap();
        assert_eq!(reader.join().unwrap(), b"0.500000\n");
        assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
        assert!(!dir.join("fifo.tmp").exists());
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_descriptor_is_appended_to_never_replaced() {
        use std::os::fd::AsRawFd;
        let dir = scratch("descriptor");
        let log = dir.join("log.txt");
        fs::write(&log, "old\n").unwrap();
        let before = fs::metadata(&log).unwrap().ino();
        // As `parlor … /dev/stdout >> log.txt` hands it over.
        let held = OpenOptions::new().append(true).open(&log).unwrap();
        for name in ["/dev/fd", "/proc/self/fd"] {
            let path = Path::new(name).join(held.as_raw_fd().to_string());
            assert_eq!(place(&path).unwrap(), Place::Stream(path.clone()));
            write_atomically(&path, b"new\n").unwrap();
        }
        assert_eq!(fs::read(&log).unwrap(), b"old\nnew\nnew\n");
        assert_eq!(fs::metadata(&log).unwrap().ino(), before);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_device_is_written_in_place_and_its_failure_reported() {
        let null = Path::new("/dev/null");
        check_writable(null).unwrap();
        write_atomically(null, b"anything").unwrap();
        assert!(fs::metadata(null).unwrap().file_type().is_char_device());
        let full = Path::new("/dev/full");
        if full.exists() {
            let error = write_atomically(full, b"0.5").unwrap_err();
            assert!(
                matches!(&error, Error::File { source, .. } if source.raw_os_error() == Some(28)),
                "{error}"
            );
            assert!(!error.is_usage());
            assert!(fs::metadata(full).unwrap().file_type().is_char_device());
        }
    }

    #[test]
    fn a_folder_is_refused_as_a_usage_error() {
        let dir = scratch("folder");
        for error in [
            check_writable(&dir).unwrap_err(),
            write_atomically(&dir, b"x").unwrap_err(),
        ] {
            assert!(error.is_usage());
            assert_eq!(
                error.to_string(),
                format!(
                    "{}: is a folder, not a file: give the path of a file to write",
                    dir.display()
                )
            );
        }
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary_one() {
        let dir = scratch("fail");
        let path = dir.join("plot.svg");
        fs::write(&path, "old").unwrap();
        let error = write_with(&path, |file| {
            file.write_all(b"half")?;
            Err(io::Error::from_raw_os_error(28))
        })
        .unwrap_err();
        assert!(
            error.to_string().contains("No space left on device"),
            "{error}"
        );
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert!(!dir.join("plot.svg.tmp").exists());
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_file_is_held_by_one_run_at_a_time() {
        let dir = scratch("lock");
        let path = dir.join("hunt.checkpoint");
        let held = Lock::beside(&path).unwrap();
        assert!(matches!(Lock::beside(&path), Err(Error::Busy { .. })));
        drop(held);
        Lock::beside(&path).unwrap();
        let out = dir.join("out");
        let (_held, _file) = Lock::file(&out).unwrap();
        assert!(matches!(Lock::file(&out), Err(Error::Busy { .. })));
        fs::remove_dir_all(dir).unwrap();
    }
}
