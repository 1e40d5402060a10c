//! One batch of deals through the GPU: the deals made (or given), played, counted and gathered,
//! and what the host needs read back.

use crate::GpuError;
use crate::device::Device;
use crate::layout::{
    CAPACITY, CARDS, FIND, FOUND, HISTOGRAM, PLAY_BLOCK, Params, REPLAY, Slot, TALLY_BYTES,
    THRESHOLD, TRICKS,
};
use std::sync::{Condvar, Mutex};

/// Where a batch's deals come from.
#[derive(Clone, Copy)]
pub(crate) enum Source<'a> {
    /// Random deals `first`, `first + 1`, … of a dealer's key (as little-endian words).
    Random { key: [u32; 8], first: u64 },
    /// The deals of indices `first`, `first + 1`, … in camicia.dev's order.
    Index { first: u128 },
    /// Deals made by the host, three words each: the plane of payment places, then the queue;
    /// and, unless all are dealt 26 and 26, each one's A's length | B's << 8.
    Given {
        deals: &'a [[u32; 3]],
        lengths: Option<&'a [u32]>,
    },
}

/// A batch: its deals, and how many finished games its finds must hold.
pub(crate) struct Batch<'a> {
    pub(crate) source: Source<'a>,
    /// Deals, at most [`CAPACITY`].
    pub(crate) count: u32,
    /// The finds hold at least this many finished games (or all of them), the longest…
    pub(crate) need: u32,
    /// …and every finished game of this many cards or more.
    pub(crate) most: u32,
    /// Whether tricks are counted in their histogram (the stats need it, the searches do not).
    pub(crate) tricks: bool,
}

/// A game the GPU reports one by one: the deal's place in the batch, and its cards and tricks
/// if it finished, or nothing if the host must play it again ([`REPLAY`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Find {
    pub(crate) place: u32,
    pub(crate) cards: u32,
    pub(crate) tricks: u32,
    pub(crate) replay: bool,
}

/// What a batch gives back.
pub(crate) struct Output {
    /// The finds, in the order of their deals.
    pub(crate) finds: Vec<Find>,
    /// `cards[c]`: finished games of c cards (below [`HISTOGRAM`]), the finds among them too.
    pub(crate) cards: Vec<u64>,
    /// `tricks[t]`: the same games by tricks, when asked for.
    pub(crate) tricks: Vec<u64>,
    /// The fewest cards of a finished game gathered among the finds.
    pub(crate) threshold: u32,
}

/// Finds read back with the tally, before their number is known: a search's usual finds fit.
const FIRST_FINDS: u32 = 1024;
/// Deals per thread of the index-order dealing: the first is unranked, place by place on numbers
/// of five limbs, the others stepped to by a few bit operations on the deal's planes.
const SEGMENT: u32 = 64;
/// Threads per workgroup, as the kernels declare.
const WORKGROUP: u32 = 64;
/// Batches in flight at once: each holds 12.6 MB of buffers; more threads wait for one to end.
const SLOTS: usize = 8;

/// The slots of a device: those free, and how many exist.
pub(crate) struct Slots {
    free: Mutex<(Vec<Slot>, usize)>,
    returned: Condvar,
}

impl Slots {
    pub(crate) fn new() -> Slots {
        Slots {
            free: Mutex::new((Vec::new(), 0)),
            returned: Condvar::new(),
        }
    }

    fn take(&self, device: &Device) -> Slot {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(slot) = free.0.pop() {
                return slot;
            }
            if free.1 < SLOTS {
                free.1 += 1;
                return Slot::new(&device.device, &device.layout);
            }
            free = self.returned.wait(free).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn give_back(&self, slot: Slot) {
        self.free
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .0
            .push(slot);
        self.returned.notify_one();
    }
}

/// Runs a batch on `device` with one of its slots.
pub(crate) fn run(device: &Device, slots: &Slots, batch: &Batch<'_>) -> Result<Output, GpuError> {
    debug_assert!(batch.count <= CAPACITY);
    let slot = slots.take(device);
    let output = run_on(device, &slot, batch);
    slots.give_back(slot);
    output
}

fn workgroups(threads: u32) -> u32 {
    threads.div_ceil(WORKGROUP).max(1)
}

fn run_on(device: &Device, slot: &Slot, batch: &Batch<'_>) -> Result<Output, GpuError> {
    let count = batch.count;
    let (first, key) = match batch.source {
        Source::Random { key, first } => ([first as u32, (first >> 32) as u32, 0], key),
        Source::Index { first } => (
            [first as u32, (first >> 32) as u32, (first >> 64) as u32],
            [0; 8],
        ),
        Source::Given { .. } => ([0; 3], [0; 8]),
    };
    let params = Params {
        count,
        segment: SEGMENT,
        need: batch.need,
        most: batch.most,
        tricks: batch.tricks,
        first,
        key,
    };
    let queue = &device.queue;
    queue.write_buffer(&slot.params, 0, &params.bytes());
    if let Source::Given { deals, lengths } = batch.source {
        let bytes: Vec<u8> = deals
            .iter()
            .flatten()
            .chain(lengths.into_iter().flatten())
            .flat_map(|w| w.to_le_bytes())
            .collect();
        queue.write_buffer(&slot.deals, 0, &bytes);
    }
    let kernels = &device.kernels;
    let mut encoder = device
        .device
        .create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
    encoder.clear_buffer(&slot.tally, 0, None);
    {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor::default());
        pass.set_bind_group(0, &slot.bind_group, &[]);
        match batch.source {
            Source::Random { .. } => {
                pass.set_pipeline(&kernels.deal_random);
                pass.dispatch_workgroups(workgroups(count), 1, 1);
            }
            Source::Index { .. } => {
                pass.set_pipeline(&kernels.deal_index);
                pass.dispatch_workgroups(workgroups(count.div_ceil(SEGMENT)), 1, 1);
            }
            Source::Given { .. } => {}
        }
        let sized = matches!(
            batch.source,
            Source::Given {
                lengths: Some(_),
                ..
            }
        );
        pass.set_pipeline(if sized {
            &kernels.play_sized
        } else {
            &kernels.play
        });
        pass.dispatch_workgroups(count.div_ceil(PLAY_BLOCK).max(1), 1, 1);
        pass.set_pipeline(&kernels.threshold);
        pass.dispatch_workgroups(1, 1, 1);
        pass.set_pipeline(&kernels.gather);
        pass.dispatch_workgroups(workgroups(count), 1, 1);
    }
    // The finds that fit without knowing their number: all of them when every game is wanted.
    let first_finds = if batch.need >= count {
        count
    } else {
        FIRST_FINDS.min(count)
    };
    encoder.copy_buffer_to_buffer(&slot.tally, 0, &slot.staging, 0, TALLY_BYTES);
    let first_bytes = FIND * u64::from(first_finds);
    if first_bytes > 0 {
        encoder.copy_buffer_to_buffer(&slot.finds, 0, &slot.staging, TALLY_BYTES, first_bytes);
    }
    let submission = queue.submit([encoder.finish()]);
    let words = read(device, &slot.staging, TALLY_BYTES + first_bytes, submission)?;
    let tally = |at: u32| words[at as usize];
    let found = tally(FOUND).min(count);
    let mut find_words = words[(TALLY_BYTES / 4) as usize..].to_vec();
    find_words.truncate(4 * found as usize);
    if found > first_finds {
        // More finds than fitted: the rest, in a second trip.
        let mut encoder = device
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
        let rest = FIND * u64::from(found - first_finds);
        encoder.copy_buffer_to_buffer(&slot.finds, first_bytes, &slot.staging, 0, rest);
        let submission = queue.submit([encoder.finish()]);
        find_words.extend(read(device, &slot.staging, rest, submission)?);
    }
    let mut finds: Vec<Find> = find_words
        .chunks_exact(4)
        .map(|f| Find {
            place: f[0],
            cards: f[1],
            tricks: f[2],
            replay: f[3] == REPLAY,
        })
        .collect();
    if finds
        .iter()
        .any(|f| f.place >= count || f.replay == (f.cards > 0))
    {
        return Err(GpuError::Failed(
            "the GPU gave back finds that no batch makes".into(),
        ));
    }
    finds.sort_unstable_by_key(|f| f.place);
    let histogram = |start: u32| -> Vec<u64> {
        words[start as usize..(start + HISTOGRAM) as usize]
            .iter()
            .map(|&n| u64::from(n))
            .collect()
    };
    Ok(Output {
        finds,
        cards: histogram(CARDS),
        tricks: if batch.tricks {
            histogram(TRICKS)
        } else {
            Vec::new()
        },
        threshold: tally(THRESHOLD),
    })
}

/// The first `bytes` of `buffer` as words, once submission `submission` is done.
fn read(
    device: &Device,
    buffer: &wgpu::Buffer,
    bytes: u64,
    submission: wgpu::SubmissionIndex,
) -> Result<Vec<u32>, GpuError> {
    let slice = buffer.slice(..bytes);
    let (sender, receiver) = std::sync::mpsc::channel();
    slice.map_async(wgpu::MapMode::Read, move |mapped| {
        let _ = sender.send(mapped);
    });
    let mut wait = Some(submission);
    let mapped = loop {
        device.check()?;
        if let Ok(mapped) = receiver.try_recv() {
            break mapped;
        }
        device
            .device
            .poll(wgpu::PollType::Wait {
                submission_index: wait.take(),
                timeout: Some(std::time::Duration::from_secs(1)),
            })
            .or_else(|e| match e {
                wgpu::PollError::Timeout => Ok(wgpu::PollStatus::WaitSucceeded),
                e => Err(GpuError::Failed(e.to_string())),
            })?;
    };
    mapped.map_err(|e| GpuError::Failed(format!("the results could not be read: {e}")))?;
    let words = slice
        .get_mapped_range()
        .map_err(|e| GpuError::Failed(format!("the results could not be read: {e}")))?
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    buffer.unmap();
    device.check()?;
    Ok(words)
}
