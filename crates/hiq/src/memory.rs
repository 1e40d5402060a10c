//! A bound on the memory the census and the solver may hold: positions take bytes, and a start
//! with many pegs and few symmetries has hundreds of millions of them.

use thiserror::Error;

/// The bound that `parlor` applies unless told otherwise: four times what the census of the
/// standard start holds, and well below what a current computer has.
pub const DEFAULT_MEMORY: u64 = 4 << 30;

/// A search stopped because its tables would pass the bound it was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error(
    "the positions reachable from this start need more than {} of memory (the work stopped after {} positions)",
    size(*limit),
    grouped(*positions)
)]
pub struct OverMemory {
    /// The bound, in bytes.
    pub limit: u64,
    /// Positions stored by then.
    pub positions: u64,
}

/// A number of bytes as people write it: `64 MiB`, `4 GiB`, `1,000 bytes`.
pub(crate) fn size(bytes: u64) -> String {
    for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")] {
        if bytes >= 1 << shift && bytes.is_multiple_of(1 << shift) {
            return format!("{} {unit}", grouped(bytes >> shift));
        }
    }
    format!("{} bytes", grouped(bytes))
}

/// `895,752`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(size(64 << 20), "64 MiB");
        assert_eq!(size(4 << 30), "4 GiB");
        assert_eq!(size(1536 << 20), "1,536 MiB");
        assert_eq!(size(1000), "1,000 bytes");
        assert_eq!(grouped(895_752), "895,752");
    }
}
