//! The summaries of the long runs from what the GPU gives back: the histograms count most games,
//! the finds name the others, and the loops (and any game past the guard) are played again here.

use crate::batch::{Batch, Find, Output, Source};
use crate::given::{every_game, given, outcome};
use crate::layout::HISTOGRAM;
use crate::plan::key;
use crate::stream::Feed;
use crate::{Gpu, GpuError};
use camicia::bulk::{Bulk, Packs, cuts};
use camicia::deal::Dealer;
use camicia::fast::play_pack;
use camicia::search::{Haul, Keep};
use camicia::stats::Stats;
use camicia::workunit::{Entry, Report};
use camicia::{Pack, Status};
use std::ops::Range;
use tally::Merge;

/// A search's batches gather this many times the games its chunks need, so that each chunk's
/// longest are among its finds but in the rarest batches, whose chunks are then played again.
const MARGIN: u32 = 4;

/// The indices of a range that are deal indices, as `camicia::index::packs` takes them.
fn deal_indices(indices: Range<u128>) -> Range<u128> {
    indices.start..indices.end.min(camicia::index::DEALS).max(indices.start)
}

/// Takes a game out of a histogram that counted it.
fn uncount(histogram: &mut [u64], value: u32) -> Result<(), GpuError> {
    histogram
        .get_mut(value as usize)
        .and_then(|n| n.checked_sub(1).map(|less| *n = less))
        .ok_or_else(|| GpuError::Failed("the GPU's histograms do not count its finds".into()))
}

/// The stats of a batch of random deals from deal `first` on.
fn stats_of(dealer: &Dealer, first: u64, output: Output) -> Result<Stats, GpuError> {
    let Output {
        finds,
        mut cards,
        mut tricks,
        ..
    } = output;
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

pub(crate) fn stats_on(
    feed: &Feed<'_>,
    dealer: &Dealer,
    deals: Range<u64>,
) -> Result<Stats, GpuError> {
    let key = key(dealer);
    let mut stats = Stats::default();
    feed.stream(
        deals.end.saturating_sub(deals.start),
        u32::MAX,
        |offset, count| Batch {
            source: Source::Random {
                key,
                first: deals.start + offset,
            },
            count,
            need: 1,
            most: HISTOGRAM,
            tricks: true,
        },
        |offset, _, output| {
            stats.merge(&stats_of(dealer, deals.start + offset, output)?);
            Ok(())
        },
    )?;
    Ok(stats)
}

fn report_on(feed: &Feed<'_>, indices: Range<u128>) -> Result<Report, GpuError> {
    let mut report = Report::default();
    feed.stream(
        (indices.end - indices.start) as u64,
        u32::MAX,
        |offset, count| Batch {
            source: Source::Index {
                first: indices.start + u128::from(offset),
            },
            count,
            need: 1,
            most: HISTOGRAM,
            tricks: false,
        },
        |offset, batch, output| {
            let first = indices.start + u128::from(offset);
            let mut games = Vec::with_capacity(output.finds.len());
            for find in &output.finds {
                let index = first + u128::from(find.place);
                let pack =
                    || camicia::index::pack(index).expect("a unit's indices are deal indices");
                let outcome = outcome(find, || play_pack(&pack()));
                let game = Entry {
                    index,
                    cards: outcome.cards,
                    tricks: outcome.tricks,
                };
                games.push((game, matches!(outcome.status, Status::Loop { .. })));
            }
            report.append(Report::of_games(batch.count.into(), games));
            Ok(())
        },
    )?;
    Ok(report)
}

/// The finds of one chunk of a search, gathered from the batches that cover it.
#[derive(Default)]
struct Gathered {
    finds: Vec<(u128, Find)>,
    /// The highest threshold of the batches that cover it: a game below it may be missing.
    threshold: u32,
}

impl Gathered {
    /// Whether the chunk's finds hold what its haul keeps: its loops, its games of `most` cards
    /// or more (every batch gathers them), and its `need` longest finished games, which are
    /// there if every game below the threshold is shorter than they, or if no game is missing.
    fn complete(&self, deals: u64, need: usize) -> bool {
        let mut finished: Vec<u32> = self
            .finds
            .iter()
            .filter(|(_, f)| !f.replay)
            .map(|(_, f)| f.cards)
            .collect();
        let replays = self.finds.len() - finished.len();
        if self.threshold == 0 || finished.len() as u64 + replays as u64 == deals {
            return true;
        }
        if finished.len() < need {
            return false;
        }
        finished.sort_unstable_by(|a, b| b.cmp(a));
        finished[need - 1] >= self.threshold
    }
}

/// How a search's deals fall into its chunks: `chunk` deals each, the first at place `first`.
struct Spread {
    chunk: u64,
    first: u128,
}

impl Spread {
    /// Sorts the finds of a batch of deals from `offset` on (counted from the search's first)
    /// into the chunks they lie in, `chunks[0]` being chunk `base`, and raises the threshold of
    /// each chunk the batch covers to the batch's.
    fn sort(
        &self,
        chunks: &mut [Gathered],
        base: u64,
        offset: u64,
        batch: &Batch<'_>,
        output: Output,
    ) {
        let chunk = self.chunk;
        let low = (offset / chunk - base) as usize;
        let high = ((offset + u64::from(batch.count) - 1) / chunk - base) as usize;
        for gathered in &mut chunks[low..=high] {
            gathered.threshold = gathered.threshold.max(output.threshold);
        }
        for find in output.finds {
            let at = offset + u64::from(find.place);
            chunks[(at / chunk - base) as usize]
                .finds
                .push((self.first + u128::from(at), find));
        }
    }
}

/// What a search asks of its batches: each chunk's top K (and the longest), and every game of
/// its least number of cards.
fn search_batch(source: Source<'_>, count: u32, need: u32, keep: Keep) -> Batch<'_> {
    Batch {
        source,
        count,
        need,
        most: keep
            .min_cards
            .map_or(HISTOGRAM, |cards| cards.min(HISTOGRAM.into()) as u32),
        tricks: false,
    }
}

/// The finished games a chunk's haul needs: its K longest, and the longest whatever K.
fn needed(keep: Keep) -> u32 {
    u32::try_from(keep.top.max(1)).unwrap_or(u32::MAX)
}

/// The hauls of each chunk of `chunk` deals of a search's `total` deals from `source`, whose
/// places start at `first`: the batches, sized for the device, gather games for all the chunks
/// they cover, and a chunk whose longest games may lie below its batches' thresholds (rare) is
/// played again alone. `pack` makes the deal at a place, for the finds kept.
fn hauls_on(
    feed: &Feed<'_>,
    source: Source<'_>,
    total: u64,
    first: u128,
    chunk: u64,
    keep: Keep,
    pack: impl Fn(u128) -> Pack,
) -> Result<Vec<Haul>, GpuError> {
    let chunk = chunk.max(1);
    let every = matches!(source, Source::Given { .. });
    let mut chunks: Vec<Gathered> = (0..total.div_ceil(chunk))
        .map(|_| Gathered::default())
        .collect();
    let batch_at = |offset: u64, count: u32| {
        if every {
            return every_game(source, offset, count);
        }
        let covered = (offset + u64::from(count)).div_ceil(chunk) - offset / chunk;
        let need = needed(keep)
            .saturating_mul(MARGIN)
            .saturating_mul(covered as u32);
        search_batch(source.part(offset, count), count, need, keep)
    };
    let spread = Spread { chunk, first };
    feed.stream(total, u32::MAX, batch_at, |offset, batch, output| {
        spread.sort(&mut chunks, 0, offset, batch, output);
        Ok(())
    })?;
    let mut hauls = Vec::with_capacity(chunks.len());
    for (k, gathered) in chunks.iter_mut().enumerate() {
        let start = k as u64 * chunk;
        let deals = chunk.min(total - start);
        if !gathered.complete(deals, needed(keep) as usize) {
            // Played again alone, each of its batches gathering the chunk's K longest.
            feed.device.clock.again();
            let mut again = vec![Gathered::default()];
            feed.stream(
                deals,
                u32::MAX,
                |offset, count| {
                    search_batch(
                        source.part(start + offset, count),
                        count,
                        needed(keep),
                        keep,
                    )
                },
                |offset, batch, output| {
                    spread.sort(&mut again, k as u64, start + offset, batch, output);
                    Ok(())
                },
            )?;
            *gathered = again.pop().unwrap_or_default();
        }
        gathered.finds.sort_unstable_by_key(|(order, _)| *order);
        let games = gathered
            .finds
            .iter()
            .map(|(order, find)| (*order, outcome(find, || play_pack(&pack(*order)))));
        hauls.push(Haul::of_games(keep, deals, games, &pack));
    }
    Ok(hauls)
}

impl Gpu {
    fn hauls_of<'a>(
        &self,
        source: Source<'a>,
        places: Range<u128>,
        chunk: u64,
        keep: Keep,
        pack: impl Fn(u128) -> Pack,
        on_cpu: impl FnOnce() -> Vec<Haul>,
    ) -> Vec<Haul> {
        let total = (places.end - places.start) as u64;
        self.attempt(
            |feed| hauls_on(feed, source, total, places.start, chunk, keep, &pack).map(Some),
            |_| on_cpu(),
        )
    }
}

impl Bulk for Gpu {
    fn name(&self) -> &'static str {
        "gpu"
    }

    fn span(&self) -> u64 {
        self.span_deals()
    }

    fn stats(&self, dealer: &Dealer, deals: Range<u64>) -> Stats {
        self.attempt(
            |feed| stats_on(feed, dealer, deals.clone()).map(Some),
            |cpu| Stats::of(cpu, dealer, deals.clone()),
        )
    }

    fn haul_dealt(&self, dealer: &Dealer, deals: Range<u64>, keep: Keep) -> Haul {
        let whole = deals.end.saturating_sub(deals.start).max(1);
        let hauls = self.hauls_dealt(dealer, deals, whole, keep);
        hauls.into_iter().next().unwrap_or_else(|| Haul::new(keep))
    }

    fn hauls_dealt(&self, dealer: &Dealer, deals: Range<u64>, chunk: u64, keep: Keep) -> Vec<Haul> {
        let source = Source::Random {
            key: key(dealer),
            first: deals.start,
        };
        self.hauls_of(
            source,
            deals.start.into()..deals.end.into(),
            chunk,
            keep,
            |order| dealer.pack(order as u64),
            || {
                cuts(deals.start.into()..deals.end.into(), chunk.into())
                    .map(|part| {
                        let part = part.start as u64..part.end as u64;
                        camicia::search::haul_dealt(self.cpu(), dealer, part, keep)
                    })
                    .collect()
            },
        )
    }

    fn haul_indices(&self, indices: Range<u128>, keep: Keep) -> Haul {
        let whole = (indices.end.saturating_sub(indices.start) as u64).max(1);
        let hauls = self.hauls_indices(indices, whole, keep);
        hauls.into_iter().next().unwrap_or_else(|| Haul::new(keep))
    }

    fn hauls_indices(&self, indices: Range<u128>, chunk: u64, keep: Keep) -> Vec<Haul> {
        // Indices past the last deal are no deals: their chunks' hauls hold none.
        let dealt = deal_indices(indices.clone());
        let mut hauls = self.hauls_of(
            Source::Index { first: dealt.start },
            dealt.clone(),
            chunk,
            keep,
            |order| camicia::index::pack(order).expect("a search's indices are deal indices"),
            || {
                cuts(dealt.clone(), chunk.into())
                    .map(|part| self.cpu().haul_indices(part, keep))
                    .collect()
            },
        );
        let chunks = cuts(indices, chunk.into()).count();
        hauls.resize_with(chunks, || Haul::new(keep));
        hauls
    }

    fn haul(&self, packs: &mut Packs<'_>, first: u128, keep: Keep) -> Haul {
        let hauls = self.hauls(packs, first, u64::MAX, keep);
        hauls.into_iter().next().unwrap_or_else(|| Haul::new(keep))
    }

    fn hauls(&self, packs: &mut Packs<'_>, first: u128, chunk: u64, keep: Keep) -> Vec<Haul> {
        let packs: Vec<Pack> = packs.collect();
        let on_cpu = || {
            let cpu = self.cpu();
            cpu.hauls(&mut packs.iter().copied(), first, chunk, keep)
        };
        let Some(deals): Option<Vec<[u32; 3]>> = packs
            .iter()
            .map(|pack| given(pack.iter().copied()))
            .collect()
        else {
            return on_cpu();
        };
        let places = first..first + packs.len() as u128;
        let source = Source::Given {
            deals: &deals,
            lengths: None,
        };
        let pack = |order: u128| packs[(order - first) as usize];
        self.hauls_of(source, places, chunk, keep, pack, on_cpu)
    }

    fn report(&self, indices: Range<u128>) -> Report {
        let dealt = deal_indices(indices);
        self.attempt(
            |feed| report_on(feed, dealt.clone()).map(Some),
            |cpu| Report::of(cpu, dealt.clone()),
        )
    }
}

#[cfg(test)]
mod tests {
    //! The host's side of a batch, which needs no adapter: which indices are deals, how a
    //! dealer's key reaches the GPU, and how its finds and histograms are read (how runs are cut
    //! into submissions is `plan`'s, and how a deal is given is `given`'s, tested there).
    use super::*;
    use camicia::Outcome;

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
}
