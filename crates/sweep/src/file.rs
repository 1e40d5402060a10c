//! Files a long run writes: whole or not at all, each used by one run at a time, and checked
//! before any work starts.

use crate::Error;
use std::ffi::OsString;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// `path` with `.suffix` added to its file name: `hunt.json` → `hunt.json.tmp`.
pub(crate) fn sidecar(path: &Path, suffix: &str) -> PathBuf {
    let mut name: OsString = path.file_name().unwrap_or_default().to_owned();
    name.push(".");
    name.push(suffix);
    path.with_file_name(name)
}

/// Writes `bytes` to `path` so that a crash at any moment leaves either the old file or the new
/// one, whole: into a file beside it, synced, then renamed over it.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let temporary = sidecar(path, "tmp");
    let write = || -> io::Result<()> {
        let mut file = File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, path)?;
        // The rename reaches the disk with the folder.
        if let Ok(folder) = File::open(folder_of(path)) {
            folder.sync_all().ok();
        }
        Ok(())
    };
    write().map_err(Error::file(path))
}

fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Fails unless a file can be written at `path`, without touching `path` itself: a run checks
/// its outputs before it starts, not after hours of work.
pub fn check_writable(path: &Path) -> Result<(), Error> {
    let folder = folder_of(path);
    let problem = |text: String| Error::File {
        path: path.to_owned(),
        source: io::Error::other(text),
    };
    if !folder.is_dir() {
        return Err(problem(format!(
            "cannot write there: the folder {} does not exist",
            folder.display()
        )));
    }
    if path.is_dir() {
        return Err(problem("is a folder, not a file".into()));
    }
    let temporary = sidecar(path, "tmp");
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

/// What names the same file: the file itself if it exists (links followed), or its folder and
/// name; `None` when the folder does not exist (that is reported when the file is written).
fn identity(path: &Path) -> Option<PathBuf> {
    if let Ok(real) = fs::canonicalize(path) {
        return Some(real);
    }
    Some(
        fs::canonicalize(folder_of(path))
            .ok()?
            .join(path.file_name()?),
    )
}

/// Refuses two roles given the same file (`--out` and `--checkpoint`, say).
pub fn check_distinct(files: &[(&'static str, &Path)]) -> Result<(), Error> {
    let known: Vec<_> = files
        .iter()
        .map(|&(role, path)| (role, path, identity(path)))
        .collect();
    for (i, (first, _, a)) in known.iter().enumerate() {
        for (second, path, b) in &known[i + 1..] {
            if a.is_some() && a == b {
                return Err(Error::SameFile {
                    first,
                    second,
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
        assert!(check_distinct(&[("--out", &out), ("--checkpoint", &dir.join("c"))]).is_ok());
        let error = check_distinct(&[("--out", &out), ("--checkpoint", &again)]).unwrap_err();
        assert!(matches!(error, Error::SameFile { .. }), "{error}");
        fs::write(&out, "").unwrap();
        assert!(check_distinct(&[("--out", &out), ("--checkpoint", &again)]).is_err());
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
