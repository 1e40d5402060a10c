//! Hi-Q's table of prospects in the server's cache, attacked: a file forged with its CRC made
//! right, a pipe and a sparse file of a gigabyte in its place. The server believes only the
//! file whose SHA-256 its source holds, says so once on standard error, and makes the table
//! again; a pipe or a file of another length is refused by its metadata before a byte is read.
//! (Issue 50: the forged table was believed, 20 of 80 verdicts wrong; the pipe was never
//! loaded and nothing said; the sparse file took the server to 961 MiB.)

use crate::harness::{CACHE, STANDARD, Served};
use hiq::Board;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::Duration;

/// The table's file in a cache.
fn table_in(cache: &Path) -> PathBuf {
    cache.join("parlor").join("hiq-prospects.table")
}

/// A cache of its own for `name`, empty.
fn cache(name: &str) -> PathBuf {
    let dir = Path::new(CACHE).join(format!("forged-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("parlor")).expect("a cache");
    dir
}

/// `count` lines of random jumps from the standard start, written as the verdict's `line`.
fn random_lines(count: usize) -> Vec<String> {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    (0..count)
        .map(|_| {
            let mut board = Board::standard_start();
            let mut line = Vec::new();
            for _ in 0..10 + next(22) {
                let jumps: Vec<_> = board.legal_jumps().collect();
                if jumps.is_empty() {
                    break;
                }
                let jump = jumps[next(jumps.len())];
                // `12 over 19 to 26`, written short: `12-26`.
                let words: Vec<String> = jump.to_string().split(' ').map(String::from).collect();
                line.push(format!("{}-{}", words[0], words[4]));
                board = board.apply(jump).expect("a legal jump");
            }
            line.join(",")
        })
        .collect()
}

/// The verdicts of `lines`, as the server answers them.
fn verdicts(served: &Served, lines: &[String]) -> Vec<String> {
    let standard = format!("{STANDARD}\n");
    lines
        .iter()
        .map(|line| {
            let (status, body) = served
                .raw("POST", &format!("/api/hiq/verdict?line={line}"), &standard)
                .expect("a verdict");
            let body = String::from_utf8_lossy(&body).into_owned();
            assert_eq!(status, 200, "{line}: {body}");
            body
        })
        .collect()
}

/// The CRC-32 of `bytes` (IEEE, as the table's file seals itself).
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                crc >> 1 ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// The table's file with the prospect of the one position after the first jump (all four first
/// jumps are one up to symmetry) made "no longer winnable", its CRC made right: every line's
/// losing jump becomes its first.
fn forged(mut bytes: Vec<u8>) -> Vec<u8> {
    // After the header, the first two entries whose value is "winnable, one peg" (0x81) are
    // the start's and that position's: the buckets' offsets before them are small numbers.
    let header = 24 + 4 + 8 + 4 + 4 * 32;
    let winnable: Vec<usize> = (header..bytes.len() - 4)
        .step_by(4)
        .filter(|&at| bytes[at] == 0x81)
        .take(2)
        .collect();
    bytes[winnable[1]] = 0x01;
    let end = bytes.len() - 4;
    let crc = crc32(&bytes[..end]);
    bytes[end..].copy_from_slice(&crc.to_le_bytes());
    bytes
}

/// The lines of standard error that say Hi-Q's table was refused.
fn refusals(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|line| line.contains("Hi-Q's table") && line.contains("refused"))
        .collect()
}

#[test]
fn a_forged_table_is_refused_and_made_again_with_no_verdict_wrong() {
    let lines = random_lines(80);
    let served = Served::attacked(&[], None);
    served.wait_for_the_table();
    let genuine = verdicts(&served, &lines);
    served.stop(libc::SIGTERM);
    let bytes = std::fs::read(table_in(Path::new(CACHE))).expect("the table's file");
    let forged = forged(bytes);
    let dir = cache("crc");
    std::fs::write(table_in(&dir), forged).expect("the forged file");
    let served = Served::attacked_with_cache(&[], None, &dir);
    served.wait_for_the_table();
    let after = verdicts(&served, &lines);
    let wrong = genuine.iter().zip(&after).filter(|(a, b)| a != b).count();
    let stderr = served.stop(libc::SIGTERM).stderr;
    eprintln!(
        "forged table: {wrong} of 80 verdicts wrong; {:?}",
        refusals(&stderr)
    );
    assert_eq!(wrong, 0);
    let said = refusals(&stderr);
    assert_eq!(said.len(), 1, "{stderr}");
    assert!(said[0].contains("SHA-256"), "{stderr}");
    // Made again, and kept for the next start.
    assert_eq!(
        std::fs::metadata(table_in(&dir)).map(|m| m.len()).ok(),
        Some(hiq::prospects::STANDARD_FILE.length)
    );
}

#[test]
fn a_pipe_or_a_sparse_gigabyte_is_refused_before_a_byte_is_read() {
    for (name, said) in [
        ("pipe", "names a pipe"),
        ("sparse", "holds 1073741824 bytes"),
    ] {
        let dir = cache(name);
        let path = table_in(&dir);
        if name == "pipe" {
            let c_path = std::ffi::CString::new(path.to_string_lossy().as_bytes()).expect("a path");
            // SAFETY: mkfifo reads the path it is given, which lives for the call.
            assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
        } else {
            let file = std::fs::File::create(&path).expect("a file");
            file.set_len(1 << 30).expect("a sparse gigabyte");
        }
        let served = Served::attacked_with_cache(&[], None, &dir);
        // The table is being made again meanwhile; the solver answers.
        thread::sleep(Duration::from_secs(1));
        let resident = served.resident_mib();
        served.page();
        let stderr = served.stop(libc::SIGTERM).stderr;
        eprintln!(
            "a {name} in the table's place: {resident} MiB; {:?}",
            refusals(&stderr)
        );
        let refused = refusals(&stderr);
        assert_eq!(refused.len(), 1, "{stderr}");
        assert!(refused[0].contains(said), "{stderr}");
        assert!(resident < 400, "{resident} MiB after 1 s");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
