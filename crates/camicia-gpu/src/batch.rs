//! One batch of deals through the GPU: its parameters and deals written, its passes recorded
//! into one submission with the copies of what the host reads back, and that read back.

use crate::GpuError;
use crate::device::Device;
use crate::layout::{
    CARDS, CUT_SHORT, FIND, FOUND, HISTOGRAM, IDLE_HIGH, IDLE_LOW, LONG, LONGEST_TAIL, NONE,
    Params, STEPS_TAKEN, TAIL_STEPS, TALLY_BYTES, THRESHOLD, TRICKS, WIDTH,
};
use crate::plan::{gather_grid, play_groups, words};
use crate::slot::{FIRST_FINDS, Room, Slot, TIMES_BYTES};
use crate::timing::Lanes;

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

impl<'a> Source<'a> {
    /// The source of the deals `offset..offset + count` of this one.
    pub(crate) fn part(&self, offset: u64, count: u32) -> Source<'a> {
        match *self {
            Source::Random { key, first } => Source::Random {
                key,
                first: first.wrapping_add(offset),
            },
            Source::Index { first } => Source::Index {
                first: first + u128::from(offset),
            },
            Source::Given { deals, lengths } => {
                let part = offset as usize..offset as usize + count as usize;
                Source::Given {
                    deals: &deals[part.clone()],
                    lengths: lengths.map(|l| &l[part]),
                }
            }
        }
    }
}

/// A batch: its deals, and how many finished games its finds must hold.
#[derive(Clone, Copy)]
pub(crate) struct Batch<'a> {
    pub(crate) source: Source<'a>,
    /// Deals.
    pub(crate) count: u32,
    /// The finds hold at least this many finished games (or all of them), the longest…
    pub(crate) need: u32,
    /// …and every finished game of this many cards or more.
    pub(crate) most: u32,
    /// Whether tricks are counted in their histogram (the stats need it, the searches do not).
    pub(crate) tricks: bool,
}

impl Batch<'_> {
    /// What the batch needs of its slot.
    pub(crate) fn room(&self) -> Room {
        Room {
            deals: self.count,
            given: match self.source {
                Source::Given { .. } => self.count,
                _ => 0,
            },
        }
    }

    /// Finds read back with the tally: those that fit without knowing their number, all of them
    /// when every game is wanted.
    pub(crate) fn first_finds(&self) -> u32 {
        let likely = self.need.saturating_mul(2).saturating_add(1024);
        likely.min(self.count).min(FIRST_FINDS)
    }
}

/// A game the GPU reports one by one: the deal's place in the batch, and its cards and tricks
/// if it finished, or nothing if the host must play it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Find {
    /// The deal's place in the batch.
    pub(crate) place: u32,
    /// Cards laid and tricks taken, when the game finished.
    pub(crate) cards: u32,
    pub(crate) tricks: u32,
    /// Whether the host plays the game again (a loop, or a game past the guard).
    pub(crate) replay: bool,
}

/// What a batch gives back.
#[derive(Debug)]
pub(crate) struct Output {
    /// The finds, in the order of their deals.
    pub(crate) finds: Vec<Find>,
    /// `cards[c]`: finished games of c cards (below [`HISTOGRAM`]), the finds among them too.
    pub(crate) cards: Vec<u64>,
    /// `tricks[t]`: the same games by tricks, when asked for.
    pub(crate) tricks: Vec<u64>,
    /// The fewest cards of a finished game gathered among the finds.
    pub(crate) threshold: u32,
    /// How the play's threads spent their steps.
    pub(crate) lanes: Lanes,
}

/// Records the batch into a command buffer on `slot`'s buffers, its parameters and deals
/// written: the play, the threshold and the gather in one pass timed by the device where it
/// can, then the copies of the timestamps, the tally and the first finds to be read.
pub(crate) fn record(device: &Device, slot: &Slot, batch: &Batch<'_>) -> wgpu::CommandBuffer {
    let count = batch.count;
    let (first, key) = match batch.source {
        Source::Random { key, first } => (words(first.into()), key),
        Source::Index { first } => (words(first), [0; 8]),
        Source::Given { .. } => ([0; 3], [0; 8]),
    };
    let (gather_width, gather_height) = gather_grid(count);
    let params = Params {
        count,
        need: batch.need.max(1),
        most: batch.most,
        tricks: batch.tricks,
        room: count,
        gather_width,
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
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: None,
            timestamp_writes: slot.times.as_ref().map(|(queries, _)| {
                wgpu::ComputePassTimestampWrites {
                    query_set: queries,
                    beginning_of_pass_write_index: Some(0),
                    end_of_pass_write_index: Some(1),
                }
            }),
        });
        pass.set_bind_group(0, &slot.bind_group, &[]);
        pass.set_pipeline(match batch.source {
            Source::Random { .. } => &kernels.play_random,
            Source::Index { .. } => &kernels.play_index,
            Source::Given { lengths: None, .. } => &kernels.play_given,
            Source::Given {
                lengths: Some(_), ..
            } => &kernels.play_sized,
        });
        pass.dispatch_workgroups(play_groups(count), 1, 1);
        pass.set_pipeline(&kernels.threshold);
        pass.dispatch_workgroups(1, 1, 1);
        pass.set_pipeline(&kernels.gather);
        pass.dispatch_workgroups(gather_width, gather_height, 1);
    }
    if let Some((queries, resolved)) = &slot.times {
        encoder.resolve_query_set(queries, 0..2, resolved, 0);
        encoder.copy_buffer_to_buffer(resolved, 0, &slot.staging, 0, TIMES_BYTES);
    }
    encoder.copy_buffer_to_buffer(&slot.tally, 0, &slot.staging, TIMES_BYTES, TALLY_BYTES);
    let first_bytes = FIND * u64::from(batch.first_finds());
    if first_bytes > 0 {
        encoder.copy_buffer_to_buffer(
            &slot.finds,
            0,
            &slot.staging,
            TIMES_BYTES + TALLY_BYTES,
            first_bytes,
        );
    }
    encoder.finish()
}

/// Bytes of the staging buffer that [`record`] fills for `batch`.
pub(crate) fn staged(batch: &Batch<'_>) -> u64 {
    TIMES_BYTES + TALLY_BYTES + FIND * u64::from(batch.first_finds())
}

/// The device's start and end of the batch in nanoseconds, from the words read back, where it
/// writes timestamps (`tick`: nanoseconds a tick).
pub(crate) fn span(words: &[u32], tick: Option<f64>) -> Option<(u64, u64)> {
    let tick = tick?;
    let at = |k: usize| u64::from(words[k]) | u64::from(words[k + 1]) << 32;
    let ns = |ticks: u64| (ticks as f64 * tick) as u64;
    Some((ns(at(0)), ns(at(2))))
}

/// What the batch gave back, from the words read (the timestamps, the tally and the first
/// finds) and the rest of its finds, read when there were more than fitted.
pub(crate) fn decode(batch: &Batch<'_>, words: &[u32], rest: &[u32]) -> Result<Output, GpuError> {
    let tally = &words[(TIMES_BYTES / 4) as usize..];
    let at = |k: u32| tally[k as usize];
    let found = found(batch, words);
    let find_words = tally[(TALLY_BYTES / 4) as usize..]
        .iter()
        .chain(rest)
        .take(2 * found as usize);
    let pairs: Vec<u32> = find_words.copied().collect();
    let mut finds: Vec<Find> = pairs
        .chunks_exact(2)
        .map(|f| Find {
            place: f[0],
            cards: f[1] & 0xffff,
            tricks: f[1] >> 16,
            replay: f[1] == NONE,
        })
        .collect();
    let threshold = at(THRESHOLD);
    if finds.len() != found as usize
        || finds.iter().any(|f| {
            f.place >= batch.count || (!f.replay && (f.cards < threshold || f.cards >= 0xffff))
        })
    {
        return Err(GpuError::Failed(
            "the GPU gave back finds that no batch makes".into(),
        ));
    }
    finds.sort_unstable_by_key(|f| f.place);
    if at(CUT_SHORT) > 0 {
        return Err(GpuError::Failed(format!(
            "the driver ended {} threads of the play before their games were done (Mesa's \
             llvmpipe ends a shader's loops after 65,535 iterations)",
            at(CUT_SHORT)
        )));
    }
    let histogram = |start: u32| -> Vec<u64> {
        tally[start as usize..(start + HISTOGRAM) as usize]
            .iter()
            .map(|&n| u64::from(n))
            .collect()
    };
    let cards = histogram(CARDS);
    // Every deal's game is counted once: finished in the histogram, or past it, or to be played
    // again (a find).
    let counted = cards.iter().sum::<u64>()
        + u64::from(at(LONG))
        + finds.iter().filter(|f| f.replay).count() as u64;
    if counted != u64::from(batch.count) {
        return Err(GpuError::Failed(format!(
            "the GPU counted {counted} games of a batch of {} deals",
            batch.count
        )));
    }
    Ok(Output {
        finds,
        cards,
        tricks: if batch.tricks {
            histogram(TRICKS)
        } else {
            Vec::new()
        },
        threshold,
        lanes: Lanes {
            steps: at(STEPS_TAKEN).into(),
            tail_steps: at(TAIL_STEPS).into(),
            idle: u64::from(at(IDLE_LOW)) | u64::from(at(IDLE_HIGH)) << 32,
            width: WIDTH.into(),
            longest_tail: at(LONGEST_TAIL).into(),
        },
    })
}

/// The finds the batch made, from the words read back (never more than its deals).
pub(crate) fn found(batch: &Batch<'_>, words: &[u32]) -> u32 {
    words[(TIMES_BYTES / 4) as usize + FOUND as usize].min(batch.count)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a batch of `count` random deals reads back: no timestamps, `finished` games of 200
    /// cards in the histogram, no finds, and `cut_short` threads of the play that left their
    /// loop before their workgroup was done.
    fn read_back(count: u32, finished: u32, cut_short: u32) -> (Batch<'static>, Vec<u32>) {
        let batch = Batch {
            source: Source::Random {
                key: [0; 8],
                first: 0,
            },
            count,
            need: 1,
            most: HISTOGRAM,
            tricks: false,
        };
        let mut words = vec![0; ((TIMES_BYTES + TALLY_BYTES) / 4) as usize];
        let tally = (TIMES_BYTES / 4) as usize;
        words[tally + (CARDS + 200) as usize] = finished;
        words[tally + CUT_SHORT as usize] = cut_short;
        (batch, words)
    }

    #[test]
    fn a_batch_is_read_only_when_every_deal_was_played_to_its_end() {
        let (batch, words) = read_back(1000, 1000, 0);
        assert_eq!(decode(&batch, &words, &[]).unwrap().cards[200], 1000);
        let (batch, words) = read_back(1000, 999, 0);
        let missing = decode(&batch, &words, &[]).unwrap_err();
        assert_eq!(
            missing,
            GpuError::Failed("the GPU counted 999 games of a batch of 1000 deals".into())
        );
        let (batch, words) = read_back(1000, 1000, 3);
        let cut = decode(&batch, &words, &[]).unwrap_err();
        assert!(cut.to_string().contains("ended 3 threads"), "{cut}");
    }
}
