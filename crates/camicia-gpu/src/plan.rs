//! The host's arithmetic of feeding the GPU, kept apart so that it is tested without one: how
//! many deals a submission holds (sized by the device's measured time), how a call's deals are
//! cut into submissions, how many workgroups each pass takes, and the key of random deals.

use crate::layout::{GROUP_DEALS, WIDTH};
use camicia::deal::Dealer;
use std::collections::VecDeque;
use std::sync::Mutex;

/// Seconds of the device's work a submission is sized to: twice the 50 ms above which the cost
/// of a submission and its read-back vanishes, so that a submission stays above it when a shared
/// machine slows, and short enough for a driver's watchdog.
const TARGET: f64 = 0.1;
/// Deals of a submission before the device's speed is known: tens of milliseconds on a software
/// renderer, a fraction of one on a data-centre GPU, whose next submissions then grow.
const FIRST: u32 = 1 << 16;
/// The deals that warm a device up when it is opened, too few to time, then those that time it.
pub(crate) const WARM_UP: u64 = 2048;
pub(crate) const CALIBRATION: u64 = 1 << 15;
// The warm-up is too short to time, and the calibration long enough.
const _: () = assert!(WARM_UP < FEWEST as u64 && CALIBRATION >= FEWEST as u64);
/// The fewest deals a submission sized by time holds, and the fewest whose time is taken as a
/// measure of the device's speed.
const FEWEST: u32 = 1 << 12;
/// Submissions a call is given deals for ([`Sizer::span`]): a run's thread then waits on the
/// device once in so many submissions, at the end of its call, while another thread's keep it
/// busy.
const SUBMISSIONS_A_CALL: u64 = 8;

/// The most workgroups along one side of a dispatch.
const MOST_GROUPS: u32 = 65_535;

/// Measures of the device's speed that size the next submission: the fastest of the last so
/// many, so that a device slowed for a while (a shared machine, a software renderer whose
/// threads another process took) does not leave submissions short when it recovers.
const MEASURES: usize = 8;

/// The device's speed, deals a second of its time, measured on the last submissions.
#[derive(Default)]
pub(crate) struct Sizer {
    rates: Mutex<VecDeque<f64>>,
}

impl Sizer {
    /// Deals of the next submission: [`TARGET`] seconds of the device's work at the fastest
    /// speed measured lately, from [`FEWEST`] to `most`.
    pub(crate) fn batch(&self, most: u32) -> u32 {
        let rates = self.rates.lock().unwrap_or_else(|e| e.into_inner());
        let fastest = rates.iter().copied().reduce(f64::max);
        let deals = fastest.map_or(f64::from(FIRST), |rate| rate * TARGET);
        (deals.min(f64::from(u32::MAX)) as u32).clamp(FEWEST.min(most), most)
    }

    /// Deals a call would rather be given: several submissions' worth.
    pub(crate) fn span(&self, most: u32) -> u64 {
        u64::from(self.batch(most)) * SUBMISSIONS_A_CALL
    }

    /// A submission of `deals` deals took the device `seconds`.
    pub(crate) fn measured(&self, deals: u32, seconds: f64) {
        if deals < FEWEST || seconds <= 0.0 {
            return;
        }
        let mut rates = self.rates.lock().unwrap_or_else(|e| e.into_inner());
        if rates.len() == MEASURES {
            rates.pop_front();
        }
        rates.push_back(f64::from(deals) / seconds);
    }
}

/// Deals of the next submission of a call with `remaining` deals left, submissions being of
/// `size` deals at most: the rest is cut into equal parts, so that no submission is a sliver.
pub(crate) fn piece(remaining: u64, size: u32) -> u32 {
    let parts = remaining.div_ceil(u64::from(size.max(1)));
    remaining.div_ceil(parts.max(1)) as u32
}

/// Workgroups of the play for `count` deals: one for every [`GROUP_DEALS`], the most a
/// workgroup takes, so that every deal is taken. A workgroup's tail, in which its threads finish
/// their last games with no deal left to take, is at most a game in some 64; on a GPU that keeps
/// fewer resident, those that start late take what the others left.
pub(crate) fn play_groups(count: u32) -> u32 {
    count.div_ceil(GROUP_DEALS).max(1)
}

/// The gather's dispatch for `count` deals, a deal a thread: workgroups along x and y, at most
/// [`MOST_GROUPS`] along either.
pub(crate) fn gather_grid(count: u32) -> (u32, u32) {
    let groups = count.div_ceil(WIDTH).max(1);
    let width = groups.min(MOST_GROUPS);
    (width, groups.div_ceil(width))
}

/// The key of a dealer as the words of ChaCha8's state.
pub(crate) fn key(dealer: &Dealer) -> [u32; 8] {
    let bytes = dealer.key();
    std::array::from_fn(|i| {
        u32::from_le_bytes([
            bytes[4 * i],
            bytes[4 * i + 1],
            bytes[4 * i + 2],
            bytes[4 * i + 3],
        ])
    })
}

/// A batch's first deal number or index as the three words of the parameters, lowest first.
pub(crate) fn words(first: u128) -> [u32; 3] {
    [first as u32, (first >> 32) as u32, (first >> 64) as u32]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn submissions_are_sized_by_the_device_s_time() {
        let sizer = Sizer::default();
        assert_eq!(sizer.batch(1 << 27), FIRST);
        assert_eq!(sizer.batch(1000), 1000);
        // Too few deals to time, or no time: no measure.
        sizer.measured(100, 0.001);
        sizer.measured(1 << 20, 0.0);
        assert_eq!(sizer.batch(1 << 27), FIRST);
        // Lavapipe's speed: half a million deals a second.
        sizer.measured(1 << 16, f64::from(1 << 16) / 500_000.0);
        assert_eq!(sizer.batch(1 << 27), 50_000);
        assert_eq!(sizer.span(1 << 27), 400_000);
        // Slowed by another process for a while: the fastest lately still sizes.
        for _ in 0..MEASURES - 1 {
            sizer.measured(50_000, 0.4);
        }
        assert_eq!(sizer.batch(1 << 27), 50_000);
        sizer.measured(50_000, 0.4);
        assert_eq!(sizer.batch(1 << 27), 12_500);
        // A GPU's speed, up to the most a batch holds.
        sizer.measured(1 << 20, f64::from(1 << 20) / 2.0e9);
        assert!((199_999_000..200_001_000).contains(&sizer.batch(u32::MAX)));
        assert_eq!(sizer.batch(1 << 27), 1 << 27);
        // A slow device still gets submissions worth the trip.
        let slow = Sizer::default();
        slow.measured(FEWEST, 10.0);
        assert_eq!(slow.batch(1 << 27), FEWEST);
    }

    #[test]
    fn a_call_is_cut_into_equal_submissions() {
        assert_eq!(piece(100, 40), 34);
        assert_eq!(piece(66, 40), 33);
        assert_eq!(piece(33, 40), 33);
        assert_eq!(piece(80, 40), 40);
        assert_eq!(piece(1, 40), 1);
        assert_eq!(piece(10, 1), 1);
        let mut left = 1_000_003u64;
        let mut sizes = Vec::new();
        while left > 0 {
            let size = piece(left, 65_536);
            sizes.push(size);
            left -= u64::from(size);
        }
        assert_eq!(sizes.len(), 16);
        assert!(
            sizes.iter().all(|&s| (62_500..=62_501).contains(&s)),
            "{sizes:?}"
        );
    }

    #[test]
    fn dispatches_cover_every_deal() {
        assert_eq!(play_groups(100), 1);
        assert_eq!(play_groups(1 << 16), 4);
        assert_eq!(play_groups((1 << 16) + 1), 5);
        // The largest batch a device takes fits one dispatch.
        assert!(play_groups(1 << 27) <= MOST_GROUPS);
        assert_eq!(gather_grid(1), (1, 1));
        assert_eq!(gather_grid(256 * 1000 + 1), (1001, 1));
        let (x, y) = gather_grid(1 << 27);
        assert!(x <= MOST_GROUPS && y <= MOST_GROUPS);
        assert!(u64::from(x) * u64::from(y) * 256 >= 1 << 27);
        assert!(u64::from(x) * u64::from(y - 1) * 256 < 1 << 27);
    }

    #[test]
    fn keys_and_first_deals_as_words() {
        let dealer = Dealer::new(1);
        let words_of_key = key(&dealer);
        let bytes = dealer.key();
        assert_eq!(words_of_key[0].to_le_bytes(), bytes[..4]);
        assert_eq!(words_of_key[7].to_le_bytes(), bytes[28..]);
        assert_eq!(words(0x1_0000_0002_0000_0003), [3, 2, 1]);
        assert_eq!(words(u128::from(u64::MAX)), [u32::MAX, u32::MAX, 0]);
    }
}
