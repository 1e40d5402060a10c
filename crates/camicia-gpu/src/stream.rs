//! A call's deals fed to the GPU: cut into submissions sized by the device's measured time,
//! several in flight at once, each read back asynchronously into its own slot while the
//! device plays the next, and handed on in order.

use crate::GpuError;
use crate::batch::{self, Batch, Output};
use crate::device::Device;
use crate::layout::FIND;
use crate::plan::{Sizer, piece};
use crate::slot::{Slot, Slots};
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// Submissions a call keeps in flight: the device has the next while the host reads one back.
const IN_FLIGHT: usize = 3;

/// What the GPU engine shares between the calls of every thread: the device, its slots, and
/// its measured speed.
pub(crate) struct Feed<'d> {
    pub(crate) device: &'d Device,
    pub(crate) slots: &'d Slots,
    pub(crate) sizer: &'d Sizer,
}

/// A submission in flight.
struct Flight<'a> {
    batch: Batch<'a>,
    slot: Slot,
    submission: wgpu::SubmissionIndex,
    mapped: Receiver<Result<(), wgpu::BufferAsyncError>>,
    bytes: u64,
    sent: Instant,
}

impl Feed<'_> {
    /// Plays deals `0..total` of `batch_at` (which makes the batch of deals `offset..offset +
    /// count`) in submissions of at most `most` deals, and hands each one's output to
    /// `deliver` in order, with its offset and batch. The host waits on the device only when
    /// it has [`IN_FLIGHT`] submissions out, or every slot of the device is in flight.
    pub(crate) fn stream<'a>(
        &self,
        total: u64,
        most: u32,
        batch_at: impl Fn(u64, u32) -> Batch<'a>,
        mut deliver: impl FnMut(u64, &Batch<'a>, Output) -> Result<(), GpuError>,
    ) -> Result<(), GpuError> {
        let most = most.min(self.device.most_deals).max(1);
        let mut flights: VecDeque<(u64, Flight<'a>)> = VecDeque::new();
        let mut next = 0u64;
        let mut landed_last = Instant::now();
        let outcome = loop {
            while next < total && flights.len() < IN_FLIGHT {
                let count = piece(total - next, self.sizer.batch(most));
                let batch = batch_at(next, count);
                // With nothing of its own in flight, a call waits for another's slot.
                let Some(slot) = self
                    .slots
                    .take(self.device, batch.room(), flights.is_empty())
                else {
                    break;
                };
                flights.push_back((next, self.launch(slot, batch)));
                next += u64::from(count);
            }
            let Some((offset, flight)) = flights.pop_front() else {
                break Ok(());
            };
            let sent = flight.sent;
            let batch = flight.batch;
            match self.land(flight) {
                Ok((output, device_seconds)) => {
                    // Without timestamps, the device's time on a submission is taken as the time
                    // from when it could start (sent, and the one before back) until it came back.
                    let now = Instant::now();
                    let seconds = device_seconds
                        .unwrap_or_else(|| (now - sent.max(landed_last)).as_secs_f64());
                    landed_last = now;
                    self.sizer.measured(batch.count, seconds);
                    if let Err(error) = deliver(offset, &batch, output) {
                        break Err(error);
                    }
                }
                Err(error) => break Err(error),
            }
        };
        for (_, flight) in flights {
            self.device.clock.returned(None, None);
            self.slots.give_back(flight.slot);
        }
        outcome
    }

    fn launch<'a>(&self, slot: Slot, batch: Batch<'a>) -> Flight<'a> {
        let commands = batch::record(self.device, &slot, &batch);
        // Counted before it goes: a device may start it before `submit` returns, and the run's
        // wall time must hold all of its busy time.
        self.device.clock.submitted(batch.count.into());
        let submission = self.device.queue.submit([commands]);
        let bytes = batch::staged(&batch);
        let (sender, mapped) = channel();
        slot.staging
            .slice(..bytes)
            .map_async(wgpu::MapMode::Read, move |result| {
                let _ = sender.send(result);
            });
        Flight {
            batch,
            slot,
            submission,
            mapped,
            bytes,
            sent: Instant::now(),
        }
    }

    /// Waits for a submission to be read back, and gives its output and the device's seconds on
    /// it (where it writes timestamps); its slot goes back to the device's.
    fn land(&self, flight: Flight<'_>) -> Result<(Output, Option<f64>), GpuError> {
        let Flight {
            batch,
            slot,
            submission,
            mapped,
            bytes,
            ..
        } = flight;
        let read = wait(self.device, &mapped, submission).and_then(|()| {
            let words = words_of(&slot.staging, bytes)?;
            let found = batch::found(&batch, &words);
            let rest = if found > batch.first_finds() {
                self.rest(&slot, batch.first_finds(), found)?
            } else {
                Vec::new()
            };
            Ok((words, rest))
        });
        let span = read
            .as_ref()
            .ok()
            .and_then(|(words, _)| batch::span(words, self.device.timestamps));
        let output = read.and_then(|(words, rest)| batch::decode(&batch, &words, &rest));
        self.device
            .clock
            .returned(span, output.as_ref().ok().map(|o| o.lanes));
        self.slots.give_back(slot);
        let output = output?;
        self.device.check()?;
        let seconds = span.map(|(start, end)| (end - start) as f64 * 1e-9);
        Ok((output, seconds))
    }

    /// The finds past the first `first` of a batch that made `found`, in a second trip.
    fn rest(&self, slot: &Slot, first: u32, found: u32) -> Result<Vec<u32>, GpuError> {
        let bytes = FIND * u64::from(found - first);
        let staging = self.device.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("more finds"),
            size: bytes,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut encoder = self
            .device
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
        encoder.copy_buffer_to_buffer(&slot.finds, FIND * u64::from(first), &staging, 0, bytes);
        let submission = self.device.queue.submit([encoder.finish()]);
        let (sender, mapped) = channel();
        staging
            .slice(..)
            .map_async(wgpu::MapMode::Read, move |result| {
                let _ = sender.send(result);
            });
        wait(self.device, &mapped, submission)?;
        words_of(&staging, bytes)
    }
}

/// Waits until a mapping asked for after `submission` is done, or the device fails.
fn wait(
    device: &Device,
    mapped: &Receiver<Result<(), wgpu::BufferAsyncError>>,
    submission: wgpu::SubmissionIndex,
) -> Result<(), GpuError> {
    loop {
        device.check()?;
        if let Ok(result) = mapped.try_recv() {
            return result
                .map_err(|e| GpuError::Failed(format!("the results could not be read: {e}")));
        }
        device
            .device
            .poll(wgpu::PollType::Wait {
                submission_index: Some(submission.clone()),
                timeout: Some(Duration::from_secs(1)),
            })
            .or_else(|e| match e {
                wgpu::PollError::Timeout => Ok(wgpu::PollStatus::WaitSucceeded),
                e => Err(GpuError::Failed(e.to_string())),
            })?;
    }
}

/// The first `bytes` of a mapped buffer as words; the buffer is unmapped.
fn words_of(buffer: &wgpu::Buffer, bytes: u64) -> Result<Vec<u32>, GpuError> {
    let slice = buffer.slice(..bytes);
    let words = slice
        .get_mapped_range()
        .map_err(|e| GpuError::Failed(format!("the results could not be read: {e}")))?
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    buffer.unmap();
    Ok(words)
}
