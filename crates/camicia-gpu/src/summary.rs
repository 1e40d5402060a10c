//! The summaries of the long runs from what the GPU gives back: the histograms count most games,
//! the finds name the others, and the loops (and any game past the guard) are played again here.

use crate::batch::{self, Batch, Find, Output, Slots, Source};
use crate::device::Device;
use crate::layout::{CAPACITY, HISTOGRAM};
use crate::{Gpu, GpuError};
use camicia::bulk::Bulk;
use camicia::deal::Dealer;
use camicia::fast::play_pack;
use camicia::search::{Haul, Keep};
use camicia::stats::Stats;
use camicia::workunit::{Entry, Report};
use camicia::{Deal, Outcome, Pack, Status};
use std::ops::Range;
use tally::Merge;

/// A range cut into batches of at most [`CAPACITY`] deals: the first deal of each, and how many.
fn batches(range: Range<u128>) -> impl Iterator<Item = (u128, u32)> {
    let capacity = u128::from(CAPACITY);
    let count = range.end.saturating_sub(range.start);
    (0..count.div_ceil(capacity)).map(move |k| {
        let first = range.start + k * capacity;
        (first, (range.end - first).min(capacity) as u32)
    })
}

/// The indices of a range that are deal indices, as `camicia::index::packs` takes them.
fn deal_indices(indices: Range<u128>) -> Range<u128> {
    indices.start..indices.end.min(camicia::index::DEALS)
}

/// The key of a dealer as the words of ChaCha8's state.
fn key(dealer: &Dealer) -> [u32; 8] {
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

/// A find's game: finished as the GPU counted it, or played again from its deal by `replay`.
fn outcome(find: &Find, replay: impl FnOnce() -> Outcome) -> Outcome {
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

/// Takes a game out of a histogram that counted it.
fn uncount(histogram: &mut [u64], value: u32) -> Result<(), GpuError> {
    histogram
        .get_mut(value as usize)
        .and_then(|n| n.checked_sub(1).map(|less| *n = less))
        .ok_or_else(|| GpuError::Failed("the GPU's histograms do not count its finds".into()))
}

/// A deal made by the host for the GPU from its cards' penalties (A's cards then B's, top first,
/// 0 for a number card): the plane of payment places and the queue of their penalties less one.
/// `None` for more than 16 payment cards, which one queue word cannot hold, or more than 63 cards,
/// which the places and their sentinel bit cannot (no deal of a search has either; the CPU plays
/// such deals).
fn given(penalties: impl IntoIterator<Item = u8>) -> Option<[u32; 3]> {
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

/// The games of deals that [`given_deal`] takes, in order: every one is a find.
fn play_on(
    device: &Device,
    slots: &Slots,
    taken: &[(usize, [u32; 3], u32)],
    deal: impl Fn(usize) -> Outcome,
) -> Result<Vec<Outcome>, GpuError> {
    let words: Vec<[u32; 3]> = taken.iter().map(|t| t.1).collect();
    let lengths: Vec<u32> = taken.iter().map(|t| t.2).collect();
    let batch = Batch {
        source: Source::Given {
            deals: &words,
            lengths: Some(&lengths),
        },
        count: taken.len() as u32,
        need: u32::MAX,
        most: 0,
        tricks: false,
    };
    let output = batch::run(device, slots, &batch)?;
    let every = output.finds.len() == taken.len()
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
    Ok(output
        .finds
        .iter()
        .map(|find| outcome(find, || deal(taken[find.place as usize].0)))
        .collect())
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
        let mut outcomes = Vec::with_capacity(deals.len());
        for part in deals.chunks(CAPACITY as usize) {
            let taken: Vec<(usize, [u32; 3], u32)> = part
                .iter()
                .enumerate()
                .filter_map(|(k, deal)| {
                    given_deal(deal).map(|(words, lengths)| (k, words, lengths))
                })
                .collect();
            let replay = |k: usize| camicia::play(&part[k]);
            let on_gpu = if taken.is_empty() {
                Vec::new()
            } else {
                self.attempt(
                    |device, slots| play_on(device, slots, &taken, replay).map(Some),
                    |_| taken.iter().map(|t| replay(t.0)).collect(),
                )
            };
            let mut played = taken.iter().map(|t| t.0).zip(on_gpu).peekable();
            outcomes.extend(part.iter().enumerate().map(|(k, deal)| {
                match played.next_if(|(at, _)| *at == k) {
                    Some((_, outcome)) => outcome,
                    None => camicia::play(deal),
                }
            }));
        }
        outcomes
    }
}

fn stats_on(
    device: &Device,
    slots: &Slots,
    dealer: &Dealer,
    first: u64,
    count: u32,
) -> Result<Stats, GpuError> {
    let batch = Batch {
        source: Source::Random {
            key: key(dealer),
            first,
        },
        count,
        need: 1,
        most: HISTOGRAM,
        tricks: true,
    };
    let Output {
        finds,
        mut cards,
        mut tricks,
        ..
    } = batch::run(device, slots, &batch)?;
    let mut games = Vec::with_capacity(finds.len());
    for find in &finds {
        let index = first + u64::from(find.place);
        // A gathered game is in the histograms too: it is counted once, as a game given.
        if !find.replay && find.cards < HISTOGRAM {
            uncount(&mut cards, find.cards)?;
            uncount(&mut tricks, find.tricks)?;
        }
        games.push((index, outcome(find, || play_pack(&dealer.pack(index)))));
    }
    Ok(Stats::of_counts(&cards, &tricks, games))
}

/// The haul of a batch. A deal met twice among the longest games (a climb's neighbours can be
/// the same deal) is kept once by the top, which may then want games shorter than the finds:
/// the batch is then played again with every finished game gathered.
fn haul_on(
    device: &Device,
    slots: &Slots,
    batch: Batch<'_>,
    first: u128,
    keep: Keep,
    pack: impl Fn(u128) -> Pack,
) -> Result<Haul, GpuError> {
    let output = batch::run(device, slots, &batch)?;
    if output.threshold > 0 && kept(&output, first, keep, &pack) < keep.top {
        return haul_on(
            device,
            slots,
            Batch {
                need: u32::MAX,
                ..batch
            },
            first,
            keep,
            pack,
        );
    }
    let games: Vec<(u128, Outcome)> = output
        .finds
        .iter()
        .map(|find| {
            let order = first + u128::from(find.place);
            (order, outcome(find, || play_pack(&pack(order))))
        })
        .collect();
    Ok(Haul::of_games(keep, batch.count.into(), games, pack))
}

/// How many different deals the finished finds hold, up to `keep.top`.
fn kept(output: &Output, first: u128, keep: Keep, pack: &impl Fn(u128) -> Pack) -> usize {
    let mut deals = std::collections::HashSet::new();
    for find in output.finds.iter().filter(|f| !f.replay) {
        if deals.len() == keep.top {
            break;
        }
        deals.insert(pack(first + u128::from(find.place)));
    }
    deals.len()
}

/// What a search asks of a batch: its top K (and the longest), and every game of its least
/// number of cards.
fn search_batch(source: Source<'_>, count: u32, keep: Keep) -> Batch<'_> {
    Batch {
        source,
        count,
        need: u32::try_from(keep.top.max(1)).unwrap_or(u32::MAX),
        most: keep
            .min_cards
            .map_or(HISTOGRAM, |cards| cards.min(HISTOGRAM.into()) as u32),
        tricks: false,
    }
}

fn report_on(device: &Device, slots: &Slots, first: u128, count: u32) -> Result<Report, GpuError> {
    let batch = Batch {
        source: Source::Index { first },
        count,
        need: 1,
        most: HISTOGRAM,
        tricks: false,
    };
    let output = batch::run(device, slots, &batch)?;
    let mut games = Vec::with_capacity(output.finds.len());
    for find in &output.finds {
        let index = first + u128::from(find.place);
        let pack = || camicia::index::pack(index).expect("a unit's indices are deal indices");
        let outcome = outcome(find, || play_pack(&pack()));
        let game = Entry {
            index,
            cards: outcome.cards,
            tricks: outcome.tricks,
        };
        games.push((game, matches!(outcome.status, Status::Loop { .. })));
    }
    Ok(Report::of_games(count.into(), games))
}

impl Bulk for Gpu {
    fn name(&self) -> &'static str {
        "gpu"
    }

    fn stats(&self, dealer: &Dealer, deals: Range<u64>) -> Stats {
        let mut stats = Stats::default();
        for (first, count) in batches(deals.start.into()..deals.end.into()) {
            let first = first as u64;
            let part = self.attempt(
                |device, slots| stats_on(device, slots, dealer, first, count).map(Some),
                |cpu| Stats::of(cpu, dealer, first..first + u64::from(count)),
            );
            stats.merge(&part);
        }
        stats
    }

    fn haul_dealt(&self, dealer: &Dealer, deals: Range<u64>, keep: Keep) -> Haul {
        let mut haul = Haul::new(keep);
        for (first, count) in batches(deals.start.into()..deals.end.into()) {
            let source = Source::Random {
                key: key(dealer),
                first: first as u64,
            };
            let part = self.attempt(
                |device, slots| {
                    let batch = search_batch(source, count, keep);
                    haul_on(device, slots, batch, first, keep, |order| {
                        dealer.pack(order as u64)
                    })
                    .map(Some)
                },
                |cpu| {
                    let range = first as u64..first as u64 + u64::from(count);
                    camicia::search::haul_dealt(cpu, dealer, range, keep)
                },
            );
            haul.merge(&part);
        }
        haul
    }

    fn haul_indices(&self, indices: Range<u128>, keep: Keep) -> Haul {
        let mut haul = Haul::new(keep);
        for (first, count) in batches(deal_indices(indices)) {
            let part = self.attempt(
                |device, slots| {
                    let batch = search_batch(Source::Index { first }, count, keep);
                    haul_on(device, slots, batch, first, keep, |order| {
                        camicia::index::pack(order).expect("a search's indices are deal indices")
                    })
                    .map(Some)
                },
                |cpu| cpu.haul_indices(first..first + u128::from(count), keep),
            );
            haul.merge(&part);
        }
        haul
    }

    fn haul(&self, packs: &mut dyn Iterator<Item = Pack>, first: u128, keep: Keep) -> Haul {
        let mut haul = Haul::new(keep);
        let mut order = first;
        loop {
            let part: Vec<Pack> = (&mut *packs).take(CAPACITY as usize).collect();
            if part.is_empty() {
                break;
            }
            let start = order;
            let found = self.attempt(
                |device, slots| {
                    let Some(deals): Option<Vec<[u32; 3]>> = part
                        .iter()
                        .map(|pack| given(pack.iter().copied()))
                        .collect()
                    else {
                        return Ok(None);
                    };
                    let source = Source::Given {
                        deals: &deals,
                        lengths: None,
                    };
                    let batch = search_batch(source, deals.len() as u32, keep);
                    haul_on(device, slots, batch, start, keep, |order| {
                        part[(order - start) as usize]
                    })
                    .map(Some)
                },
                |cpu| camicia::search::haul(cpu, part.iter().copied(), start, keep),
            );
            haul.merge(&found);
            order += part.len() as u128;
        }
        haul
    }

    fn report(&self, indices: Range<u128>) -> Report {
        let mut report = Report::default();
        for (first, count) in batches(deal_indices(indices)) {
            let part = self.attempt(
                |device, slots| report_on(device, slots, first, count).map(Some),
                |cpu| Report::of(cpu, first..first + u128::from(count)),
            );
            report.append(part);
        }
        report
    }
}

#[cfg(test)]
mod tests {
    //! The host's side of a batch, which needs no adapter: how runs are cut, how a dealer's key
    //! and a deal reach the GPU, and how its finds and histograms are read.
    use super::*;
    use camicia::Face;

    #[test]
    fn a_range_is_cut_into_batches_of_the_capacity_and_a_rest() {
        let capacity = u128::from(CAPACITY);
        let cut: Vec<_> = batches(5..5 + 2 * capacity + 3).collect();
        assert_eq!(
            cut,
            [
                (5, CAPACITY),
                (5 + capacity, CAPACITY),
                (5 + 2 * capacity, 3)
            ]
        );
        assert_eq!(batches(7..7).count(), 0);
        let (start, end) = (9, 3);
        assert_eq!(batches(start..end).count(), 0);
    }

    #[test]
    fn only_indices_below_the_number_of_deals_are_deals() {
        let end = camicia::index::DEALS;
        assert_eq!(deal_indices(end - 4..end + 10), end - 4..end);
        assert_eq!(deal_indices(0..10), 0..10);
    }

    #[test]
    fn the_key_is_the_dealers_bytes_as_little_endian_words() {
        let dealer = Dealer::new(1);
        let bytes: Vec<u8> = key(&dealer).iter().flat_map(|w| w.to_le_bytes()).collect();
        assert_eq!(bytes, dealer.key());
        assert_ne!(key(&dealer), key(&Dealer::new(2)));
    }

    #[test]
    fn a_finished_find_is_read_and_a_loop_is_played_again() {
        let find = |replay| Find {
            place: 3,
            cards: 812,
            tricks: 97,
            replay,
        };
        let finished = outcome(&find(false), || {
            unreachable!("a finished game is not replayed")
        });
        assert_eq!(
            (finished.status, finished.cards, finished.tricks),
            (Status::Finished, 812, 97)
        );
        let again = Outcome {
            status: Status::Loop { period: 5 },
            cards: 1,
            tricks: 2,
        };
        assert_eq!(outcome(&find(true), || again), again);
    }

    #[test]
    fn a_find_not_in_the_histogram_is_a_failure_of_the_gpu() {
        let mut histogram = vec![0, 2, 0];
        uncount(&mut histogram, 1).unwrap();
        assert_eq!(histogram, [0, 1, 0]);
        assert!(uncount(&mut histogram, 0).is_err());
        assert!(uncount(&mut histogram, 3).is_err());
        assert_eq!(histogram, [0, 1, 0]);
    }

    #[test]
    fn a_given_deal_is_its_payment_places_and_their_penalties() {
        // Cards 1 and 3 pay 2 and 1: places 0b1010, penalties less one in two bits each.
        assert_eq!(given([0, 2, 0, 1]), Some([0b1010, 0, 1]));
        // Card 40 is in the second word of places.
        let mut far = [0; 41];
        far[40] = 4;
        assert_eq!(given(far), Some([0, 1 << 8, 3]));
        // 63 cards fit; 64 do not.
        assert!(given([0; 63]).is_some());
        assert_eq!(given([0; 64]), None);
        // 16 payment cards fit one queue word; 17 do not.
        assert!(given([1; 16]).is_some());
        assert_eq!(given([1; 17]), None);
    }

    #[test]
    fn a_deal_with_an_empty_hand_is_left_to_the_processor() {
        let deal = Deal::new(vec![Face::Number], Vec::new()).unwrap();
        assert_eq!(given_deal(&deal), None);
        let deal = Deal::new(vec![Face::Number; 2], vec![Face::Number; 3]).unwrap();
        assert_eq!(given_deal(&deal), Some(([0, 0, 0], 2 | 3 << 8)));
    }
}
