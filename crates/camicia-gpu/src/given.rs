//! Deals made by the host for the GPU: a climb's, and deals of any sizes for [`Gpu::play`].

use crate::batch::{Batch, Find, Source};
use crate::stream::Feed;
use crate::{Gpu, GpuError};
use camicia::{Deal, Outcome, Status};

/// A deal made by the host for the GPU from its cards' penalties (A's cards then B's, top first,
/// 0 for a number card): the plane of payment places and the queue of their penalties less one.
/// `None` for more than 16 payment cards, which one queue word cannot hold, or more than 63 cards,
/// which the places and their sentinel bit cannot (no deal of a search has either; the CPU plays
/// such deals).
pub(crate) fn given(penalties: impl IntoIterator<Item = u8>) -> Option<[u32; 3]> {
    let mut places = 0u64;
    let mut values = 0u32;
    let mut queued = 0;
    for (place, penalty) in penalties.into_iter().enumerate() {
        if place == 63 {
            return None;
        }
        if penalty > 0 {
            if queued == 16 {
                return None;
            }
            places |= 1 << place;
            values |= u32::from(penalty - 1) << (2 * queued);
            queued += 1;
        }
    }
    Some([places as u32, (places >> 32) as u32, values])
}

/// A deal of any sizes as the GPU takes it, with its hands' lengths (A's | B's << 8); `None` for
/// one that [`given`] refuses, or whose game ends before it starts (a hand without cards), which
/// the CPU plays.
fn given_deal(deal: &Deal) -> Option<([u32; 3], u32)> {
    let (a, b) = (deal.a(), deal.b());
    if a.is_empty() || b.is_empty() {
        return None;
    }
    let words = given(a.iter().chain(b).map(|face| face.penalty()))?;
    // Both lengths are below 63 here.
    Some((words, a.len() as u32 | (b.len() as u32) << 8))
}

/// A find's game: finished as the GPU counted it, or played again from its deal by `replay`.
pub(crate) fn outcome(find: &Find, replay: impl FnOnce() -> Outcome) -> Outcome {
    if find.replay {
        replay()
    } else {
        Outcome {
            status: Status::Finished,
            cards: find.cards.into(),
            tricks: find.tricks.into(),
        }
    }
}

/// Every game of the given deals, each a find: the batches gather them all.
pub(crate) fn every_game<'a>(source: Source<'a>, offset: u64, count: u32) -> Batch<'a> {
    Batch {
        source: source.part(offset, count),
        count,
        need: u32::MAX,
        most: 0,
        tricks: false,
    }
}

/// The games of the deals that [`given_deal`] takes, in order.
fn play_on(
    feed: &Feed<'_>,
    taken: &[(usize, [u32; 3], u32)],
    deal: impl Fn(usize) -> Outcome,
) -> Result<Vec<Outcome>, GpuError> {
    let words: Vec<[u32; 3]> = taken.iter().map(|t| t.1).collect();
    let lengths: Vec<u32> = taken.iter().map(|t| t.2).collect();
    let source = Source::Given {
        deals: &words,
        lengths: Some(&lengths),
    };
    let mut outcomes = Vec::with_capacity(taken.len());
    feed.stream(
        taken.len() as u64,
        u32::MAX,
        |offset, count| every_game(source, offset, count),
        |offset, batch, output| {
            let every = output.finds.len() == batch.count as usize
                && output
                    .finds
                    .iter()
                    .enumerate()
                    .all(|(k, f)| f.place as usize == k);
            if !every {
                return Err(GpuError::Failed(
                    "the GPU did not give back every game asked for".into(),
                ));
            }
            let start = offset as usize;
            outcomes.extend(
                output
                    .finds
                    .iter()
                    .map(|find| outcome(find, || deal(taken[start + find.place as usize].0))),
            );
            Ok(())
        },
    )?;
    Ok(outcomes)
}

impl Gpu {
    /// Whether [`Gpu::play`] plays this deal on the GPU: at most 63 cards, at most 16 of them
    /// payment cards, and a card in each hand (one pack dealt any way, and less). Other deals
    /// are played by the processor.
    pub fn takes(deal: &Deal) -> bool {
        given_deal(deal).is_some()
    }

    /// The game of each deal, in order, as [`camicia::play`] and the reference engine report it:
    /// the deals that [`Gpu::takes`] uploaded and played on the GPU (a loop, found there, is
    /// played again by the processor for its first repeat), the others on the processor.
    pub fn play(&self, deals: &[Deal]) -> Vec<Outcome> {
        let taken: Vec<(usize, [u32; 3], u32)> = deals
            .iter()
            .enumerate()
            .filter_map(|(k, deal)| given_deal(deal).map(|(words, lengths)| (k, words, lengths)))
            .collect();
        let replay = |k: usize| camicia::play(&deals[k]);
        let on_gpu = if taken.is_empty() {
            Vec::new()
        } else {
            self.attempt(
                |feed| play_on(feed, &taken, replay).map(Some),
                |_| taken.iter().map(|t| replay(t.0)).collect(),
            )
        };
        let mut played = taken.iter().map(|t| t.0).zip(on_gpu).peekable();
        deals
            .iter()
            .enumerate()
            .map(|(k, deal)| match played.next_if(|(at, _)| *at == k) {
                Some((_, outcome)) => outcome,
                None => camicia::play(deal),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use camicia::Face;

    #[test]
    fn given_deals_are_their_payment_places_and_queue() {
        // J at 0, A at 2, K at 40: places 0, 2 and 40; penalties less one 0, 3, 2.
        let mut penalties = [0u8; 52];
        (penalties[0], penalties[2], penalties[40]) = (1, 4, 3);
        let words = given(penalties).unwrap();
        assert_eq!(words, [0b101, 1 << 8, 0b10_11_00]);
        // 17 payment cards, or 64 cards, do not fit.
        assert_eq!(given([1u8; 17]), None);
        assert_eq!(given([0u8; 64]), None);
        assert!(given([1u8; 16]).is_some());
    }

    #[test]
    fn deals_of_any_sizes_carry_their_lengths() {
        let face = |p: u8| Face::from_penalty(p);
        let deal = Deal::new(vec![face(0), face(2)], vec![face(0); 5]).unwrap();
        assert_eq!(given_deal(&deal), Some(([0b10, 0, 1], 2 | 5 << 8)));
        let empty = Deal::new(Vec::new(), vec![face(1)]).unwrap();
        assert_eq!(given_deal(&empty), None);
    }
}
