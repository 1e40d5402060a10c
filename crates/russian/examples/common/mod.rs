//! What the examples share: reading the range of deals from the command line.

/// The deals named by the arguments `[FIRST] [COUNT]`: deals 0 to 9,999 unless told otherwise,
/// at least one.
pub fn deal_range() -> (u64, u64) {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: FIRST COUNT"))
        .collect();
    let first = args.first().copied().unwrap_or(0);
    let count = args.get(1).copied().unwrap_or(10_000).max(1);
    (first, count)
}
