//! How the GPU was kept busy: its submissions, how many were in flight at once, and, where the
//! adapter writes timestamps, the device's own time on each.

use std::sync::Mutex;
use std::time::Instant;

/// What the engine has given the GPU so far, and how long the GPU worked on it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Timing {
    /// Submissions made (each a batch of deals with its passes and its read-back).
    pub submissions: u64,
    /// Deals played on the GPU.
    pub deals: u64,
    /// The most submissions in flight at once.
    pub most_in_flight: usize,
    /// Seconds of the host's clock from the first submission to the end of the last read-back:
    /// the run's wall time after the start-up (the adapter opened, the kernels compiled).
    pub wall: f64,
    /// The device's own time, where its adapter writes timestamps.
    pub device: Option<DeviceTime>,
    /// How the play's lanes were used, summed over the submissions.
    pub lanes: Lanes,
    /// A search's chunks played again alone, their longest games having fallen below the
    /// thresholds of the batches that covered them (rare).
    pub chunks_again: u64,
}

/// The device's time on its submissions, from timestamps written at the start and the end of
/// each one's passes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeviceTime {
    /// Seconds in which some submission was running.
    pub busy: f64,
    /// The shortest, the median and the longest submission, in seconds.
    pub shortest: f64,
    /// See [`DeviceTime::shortest`].
    pub median: f64,
    /// See [`DeviceTime::shortest`].
    pub longest: f64,
}

/// How the play's threads spent their steps, counted by the kernel: a step of the workgroup's
/// loop (up to three payments of a game, then its trick and next round's opening), spent playing
/// a game or waiting (for its subgroup, or for deals).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lanes {
    /// Steps of the workgroups, summed over the workgroups.
    pub steps: u64,
    /// Of those, the steps taken after the batch's deals had all been handed out: the tail, in
    /// which the workgroup finishes the games it holds.
    pub tail_steps: u64,
    /// A thread's steps, summed over the threads, in which it had no game.
    pub idle: u64,
    /// Threads per workgroup.
    pub width: u64,
    /// The longest tail of one workgroup in one submission, in steps.
    pub longest_tail: u64,
}

impl Timing {
    /// The share of the wall time after the start-up in which the device was busy.
    pub fn busy_share(&self) -> Option<f64> {
        let device = self.device.as_ref()?;
        (self.wall > 0.0).then(|| device.busy / self.wall)
    }

    /// Deals per submission, on average.
    pub fn deals_per_submission(&self) -> u64 {
        self.deals.checked_div(self.submissions).unwrap_or(0)
    }
}

impl Lanes {
    /// The share of the threads' steps spent playing.
    pub fn busy_share(&self) -> Option<f64> {
        let all = self.steps.checked_mul(self.width).filter(|&all| all > 0)?;
        Some(1.0 - self.idle as f64 / all as f64)
    }

    /// The share of the workgroups' steps spent in the tail.
    pub fn tail_share(&self) -> Option<f64> {
        (self.steps > 0).then(|| self.tail_steps as f64 / self.steps as f64)
    }

    fn add(&mut self, other: &Lanes) {
        self.steps += other.steps;
        self.tail_steps += other.tail_steps;
        self.idle += other.idle;
        self.width = self.width.max(other.width);
        self.longest_tail = self.longest_tail.max(other.longest_tail);
    }
}

/// Where the submissions of every thread are counted as they go and come back.
#[derive(Default)]
pub(crate) struct Clock {
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    submissions: u64,
    deals: u64,
    in_flight: usize,
    most_in_flight: usize,
    first: Option<Instant>,
    last: Option<Instant>,
    /// Each submission's start and end on the device, in nanoseconds of its clock.
    spans: Vec<(u64, u64)>,
    lanes: Lanes,
    chunks_again: u64,
}

impl Clock {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A submission of `deals` deals goes to the device.
    pub(crate) fn submitted(&self, deals: u64) {
        let mut state = self.lock();
        state.submissions += 1;
        state.deals += deals;
        state.in_flight += 1;
        state.most_in_flight = state.most_in_flight.max(state.in_flight);
        state.first.get_or_insert_with(Instant::now);
    }

    /// A submission came back (or failed): its start and end on the device's clock in
    /// nanoseconds, if the adapter wrote them, and how its lanes were used.
    pub(crate) fn returned(&self, span: Option<(u64, u64)>, lanes: Option<Lanes>) {
        let mut state = self.lock();
        state.in_flight = state.in_flight.saturating_sub(1);
        state.last = Some(Instant::now());
        state.spans.extend(span.filter(|(start, end)| end >= start));
        if let Some(lanes) = lanes {
            state.lanes.add(&lanes);
        }
    }

    /// Forgets what was counted: the start-up's submissions are none of a run's.
    pub(crate) fn reset(&self) {
        *self.lock() = State::default();
    }

    /// A search's chunk is played again alone.
    pub(crate) fn again(&self) {
        self.lock().chunks_again += 1;
    }

    /// What has been counted so far.
    pub(crate) fn timing(&self) -> Timing {
        let state = self.lock();
        let wall = match (state.first, state.last) {
            (Some(first), Some(last)) => last.saturating_duration_since(first).as_secs_f64(),
            _ => 0.0,
        };
        Timing {
            submissions: state.submissions,
            deals: state.deals,
            most_in_flight: state.most_in_flight,
            wall,
            device: device_time(&state.spans),
            lanes: state.lanes,
            chunks_again: state.chunks_again,
        }
    }
}

/// The device's busy time (the union of the submissions' spans: on one queue they follow each
/// other, and may overlap a little where a driver starts the next before the last ends) and the
/// shortest, median and longest submission.
fn device_time(spans: &[(u64, u64)]) -> Option<DeviceTime> {
    if spans.is_empty() {
        return None;
    }
    let mut sorted = spans.to_vec();
    sorted.sort_unstable();
    let mut busy = 0u64;
    let mut covered = 0u64;
    for &(start, end) in &sorted {
        let from = start.max(covered);
        busy += end.saturating_sub(from);
        covered = covered.max(end);
    }
    let mut lengths: Vec<u64> = spans.iter().map(|(start, end)| end - start).collect();
    lengths.sort_unstable();
    let seconds = |ns: u64| ns as f64 * 1e-9;
    Some(DeviceTime {
        busy: seconds(busy),
        shortest: seconds(lengths[0]),
        median: seconds(lengths[lengths.len() / 2]),
        longest: seconds(lengths[lengths.len() - 1]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn busy_time_counts_overlaps_once_and_gaps_never() {
        // 0–10, a gap, 20–30 overlapped by 25–40, and 40–45 touching it.
        let device = device_time(&[(25, 40), (0, 10), (20, 30), (40, 45)]).unwrap();
        let ns = |seconds: f64| (seconds * 1e9).round() as u64;
        assert_eq!(ns(device.busy), 35);
        assert_eq!(
            [device.shortest, device.median, device.longest].map(ns),
            [5, 10, 15]
        );
        assert_eq!(device_time(&[]), None);
    }

    #[test]
    fn the_clock_counts_submissions_in_flight() {
        let clock = Clock::default();
        clock.submitted(100);
        clock.submitted(50);
        clock.returned(Some((0, 1_000)), None);
        clock.submitted(25);
        clock.returned(Some((1_000, 3_000)), None);
        clock.returned(None, None);
        let timing = clock.timing();
        assert_eq!(
            (timing.submissions, timing.deals, timing.most_in_flight),
            (3, 175, 2)
        );
        assert_eq!(timing.deals_per_submission(), 58);
        assert_eq!(timing.device.map(|d| (d.busy * 1e9).round()), Some(3000.0));
        assert_eq!(Timing::default().busy_share(), None);
    }

    #[test]
    fn lanes_say_their_shares() {
        let mut lanes = Lanes {
            steps: 100,
            tail_steps: 10,
            idle: 640,
            width: 64,
            longest_tail: 7,
        };
        lanes.add(&Lanes {
            steps: 100,
            tail_steps: 30,
            idle: 640,
            width: 64,
            longest_tail: 12,
        });
        assert_eq!(lanes.busy_share(), Some(0.9));
        assert_eq!(lanes.tail_share(), Some(0.2));
        assert_eq!(lanes.longest_tail, 12);
        assert_eq!(Lanes::default().busy_share(), None);
    }
}
