//! Hi-Q's table of prospects of the standard start, made once per process: read from the user's
//! cache when the file there is the very file parlor writes (its length and SHA-256 are known in
//! advance: [`STANDARD_FILE`]), made in the background otherwise (some 7 s on 2 idle cores in a
//! release build) and then saved there for the next start. It holds some 125 MB. Until it is
//! ready, the solver answers every verdict, as it does for positions the table does not hold.
//!
//! A file that is there and is refused — a pipe or a device, a file of another length (both seen
//! by its metadata, before a byte is read), one damaged, or one whose digest is another's,
//! though its CRC be right — is said once on standard error, and the table made again.

use crate::threads::{give_back_freed_memory, lower_priority, thread_id};
use hiq::Board;
use hiq::prospects::{FileError, STANDARD_FILE, Table};
use lines::say;
use std::path::PathBuf;
use std::sync::{Once, OnceLock};

/// The file's name in the cache directory; the file names its format's version inside.
const FILE: &str = "hiq-prospects.table";

/// What making the table may hold at its peak (some 283 MB from the standard start): far more
/// is a fault, and the server goes on with the solver alone.
const MEMORY: u64 = 1 << 30;

static TABLE: OnceLock<Table> = OnceLock::new();

/// The table, once it is ready.
pub fn table() -> Option<&'static Table> {
    TABLE.get()
}

/// Starts reading or making the table on a thread of its own, the first time it is called in
/// the process; later calls (another server in the same process) share that one.
pub fn prepare() {
    static STARTED: Once = Once::new();
    STARTED.call_once(|| {
        let started = std::thread::Builder::new()
            .name("parlor-hiq-table".into())
            .spawn(|| {
                if let Some(table) = obtain() {
                    let _ = TABLE.set(table);
                }
            });
        if let Err(e) = started {
            say(&format!(
                "warning: cannot start making Hi-Q's table ({e}); the solver answers every verdict"
            ));
        }
    });
}

/// Where the table is cached: `$XDG_CACHE_HOME/parlor`, or `~/.cache/parlor`.
fn cache() -> Option<PathBuf> {
    let home = std::env::var_os("XDG_CACHE_HOME")
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))?;
    Some(home.join("parlor").join(FILE))
}

/// The table from the cache, or made and saved there; `None`, said on standard error, when it
/// cannot be made.
fn obtain() -> Option<Table> {
    let start = Board::standard_start();
    let path = cache();
    if let Some(path) = &path {
        match Table::load_expected(path, start, MEMORY, &STANDARD_FILE) {
            Ok(table) => return Some(table),
            // None yet: made, as at the first start.
            Err(FileError::Read(e)) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(refused) => {
                say(&format!(
                    "warning: Hi-Q's table in {} is refused ({refused}); it is made again",
                    path.display()
                ));
            }
        }
    }
    let table = match make(start) {
        Ok(table) => table,
        Err(e) => {
            say(&format!(
                "warning: Hi-Q's table cannot be made ({e}); the solver answers every verdict"
            ));
            return None;
        }
    };
    if let Some(path) = &path {
        let saved = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| table.save(path));
        if let Err(e) = saved {
            say(&format!(
                "warning: cannot keep Hi-Q's table in {} ({e}); it is made again at the next start",
                path.display()
            ));
        }
    }
    Some(table)
}

/// Makes the table on threads of the lowest priority, so that requests, whose solvers run
/// meanwhile, keep the cores they need.
fn make(start: Board) -> Result<Table, Box<dyn std::error::Error>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .thread_name(|i| format!("parlor-hiq-table-{i}"))
        // The least priority: niceness is at most 19, and the system caps a higher one there.
        .start_handler(|_| lower_priority(thread_id(), 19))
        .build()?;
    let table = pool.install(|| Table::build(start, MEMORY, |_| {}))?;
    drop(pool);
    give_back_freed_memory();
    Ok(table)
}
