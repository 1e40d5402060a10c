//! What a long run is: numbered items cut into chunks, a function that plays a chunk, and a
//! summary that takes the chunks' parts in chunk order.

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::io::BufRead;
use std::ops::Range;

/// The shape of a job's work: items `0..items`, cut into chunks of `chunk` items (the last one
/// may be shorter), and optionally taken in rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Plan {
    /// How many items the job has.
    pub items: u64,
    /// Items per chunk, at least 1: fixed by the job, never by the threads or the machines, so
    /// that the chunks and their order are the same however the work is shared.
    pub chunk: u64,
    /// Chunks per round, when the job goes in sequential rounds: the chunks of round k start only
    /// once every chunk of the rounds before is committed, and play with the [`Job::Basis`] made
    /// from that summary. `None`: every chunk can be played at any time.
    pub round: Option<u64>,
}

impl Plan {
    /// A plan of independent chunks.
    pub fn new(items: u64, chunk: u64) -> Plan {
        Plan {
            items,
            chunk: chunk.max(1),
            round: None,
        }
    }

    /// The same plan in rounds of `chunks` chunks each.
    pub fn in_rounds(self, chunks: u64) -> Plan {
        Plan {
            round: Some(chunks.max(1)),
            ..self
        }
    }

    /// How many chunks there are.
    pub fn chunks(&self) -> u64 {
        self.items.div_ceil(self.chunk)
    }

    /// The items of chunk `chunk`.
    pub fn range(&self, chunk: u64) -> Range<u64> {
        let start = chunk.saturating_mul(self.chunk).min(self.items);
        start..start.saturating_add(self.chunk).min(self.items)
    }

    /// The items of the chunks before chunk `chunk`.
    pub fn items_before(&self, chunk: u64) -> u64 {
        self.range(chunk).start
    }

    /// Chunks `first..end` cut where they would run past the run's last chunk or the end of
    /// `first`'s round, or stretched to it where fewer than half as many would be left after
    /// them: the span a worker takes, never leaving a sliver of a span for the last.
    pub(crate) fn span(&self, first: u64, end: u64) -> Range<u64> {
        let mut last = self.chunks();
        if let Some(round) = self.round {
            last = last.min(first - first % round + round);
        }
        let end = end.min(last).max(first);
        if last - end < (end - first) / 2 {
            return first..last.max(first);
        }
        first..end
    }

    /// How many chunks must be committed before chunk `chunk` may start.
    pub(crate) fn needs(&self, chunk: u64) -> u64 {
        self.round.map_or(0, |round| chunk - chunk % round)
    }

    /// Whether committing up to chunk `committed` (exclusive) ends a round, so that the basis of
    /// the next one must be made.
    pub(crate) fn ends_round(&self, committed: u64) -> bool {
        self.round
            .is_some_and(|round| committed.is_multiple_of(round))
    }

    /// Whether chunk `chunk` is the last of its round: the last of the round's chunks, or the
    /// run's last chunk. Never, for a plan without rounds.
    pub(crate) fn closes_round(&self, chunk: u64) -> bool {
        self.round.is_some() && (self.ends_round(chunk + 1) || chunk + 1 == self.chunks())
    }
}

impl std::fmt::Display for Plan {
    /// `1,000 items in chunks of 16`, and `, 8 chunks a round` for a plan in rounds.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (items, chunk) = (tally::grouped(self.items), tally::grouped(self.chunk));
        write!(f, "{items} items in chunks of {chunk}")?;
        match self.round {
            Some(round) => write!(f, ", {} chunks a round", tally::grouped(round)),
            None => Ok(()),
        }
    }
}

/// Where a commit stands: which chunk, whether it ends a round, and the journal's bytes.
#[derive(Debug)]
pub struct Commit<'a> {
    pub(crate) chunk: u64,
    pub(crate) ends_round: bool,
    pub(crate) journal: &'a mut Vec<u8>,
}

impl<'a> Commit<'a> {
    /// The commit of chunk `chunk` of `plan`, its journal's bytes going to `journal`: what the
    /// engine hands a job, for a plain reading of the job that commits chunks by hand.
    pub fn of(plan: &Plan, chunk: u64, journal: &'a mut Vec<u8>) -> Commit<'a> {
        Commit {
            chunk,
            ends_round: plan.closes_round(chunk),
            journal,
        }
    }

    /// The chunk being committed.
    pub fn chunk(&self) -> u64 {
        self.chunk
    }

    /// Whether this chunk is the last of its round (of a plan in rounds; the run's last chunk
    /// ends the last round however short it is): what the round found is then final.
    pub fn ends_round(&self) -> bool {
        self.ends_round
    }

    /// Bytes for the run's journal, written once the commit is done.
    pub fn journal(&mut self) -> &mut Vec<u8> {
        self.journal
    }
}

/// A long run: the items of a numbered stream (deal numbers, seeds, a range of indices), what a
/// chunk of them yields, and how those parts add up.
///
/// Everything a job computes must depend only on the chunk it is given (and, for rounds, on the
/// basis), never on which thread, process or machine plays it: then the engine's result is the
/// same on any number of threads and machines.
pub trait Job: Send + Sync + 'static {
    /// What one chunk yields; it goes between threads, and between machines as bincode.
    type Part: Clone + Send + Serialize + DeserializeOwned + 'static;
    /// What the committed chunks add up to; checkpoints save it as JSON.
    type Summary: Send + Serialize + DeserializeOwned + 'static;
    /// What a chunk needs of the chunks before it: `()` unless the job goes in rounds.
    type Basis: Send + Sync + 'static;

    /// The items and how they are cut.
    fn plan(&self) -> Plan;

    /// The summary of no chunk at all.
    fn empty(&self) -> Self::Summary;

    /// What the chunks of the next round play from, made from the summary of every chunk before
    /// them (once at the start for a job without rounds).
    fn basis(&self, summary: &Self::Summary) -> Self::Basis;

    /// Plays the items of chunk `chunk`.
    fn play(&self, chunk: u64, items: Range<u64>, basis: &Self::Basis) -> Self::Part;

    /// How many chunks a worker would take at once, asked each time it takes some: 1, unless
    /// the job's engine plays far more than a chunk at a time (a GPU fed batches of millions).
    /// The chunks stay the job's, so the results do not depend on it; a span never reaches past
    /// the end of a round.
    fn span(&self) -> u64 {
        1
    }

    /// Plays chunks `chunks` at once: a part for each, in order. The parts of a span are
    /// committed together, one after the other with no checkpoint between them, so a job whose
    /// parts merge may give the whole span's part as its first chunk's and empty parts after
    /// it. By default, each chunk by [`Job::play`].
    fn play_span(&self, chunks: Range<u64>, basis: &Self::Basis) -> Vec<Self::Part> {
        let plan = self.plan();
        chunks
            .map(|chunk| self.play(chunk, plan.range(chunk), basis))
            .collect()
    }

    /// Adds a chunk's part to the summary; chunks come strictly in order. What the job appends
    /// to [`Commit::journal`] goes to the run's journal (its results file, or standard output),
    /// if it has one. An error stops the run: what was committed before it stays in the
    /// checkpoint.
    fn commit(
        &self,
        summary: &mut Self::Summary,
        part: Self::Part,
        commit: &mut Commit<'_>,
    ) -> Result<(), String>;

    /// Whether a summary read from a checkpoint can be the summary of the first `chunks` chunks:
    /// its counts are those of the chunks' items, its sums within what those items can make,
    /// every game it names lies in those chunks and ends as it says. A checkpoint's CRC is no
    /// defence against one written on purpose, so this checks every invariant the summary has.
    /// The message says what is wrong.
    fn check(&self, summary: &Self::Summary, chunks: u64) -> Result<(), String>;

    /// Whether a summary resumed from a checkpoint agrees with the journal its run wrote up to
    /// the checkpoint, read back line by line: what the results say was found must be what
    /// the summary counts. Jobs that write no journal, or a journal that counts nothing, have
    /// nothing to check. The message says what is wrong.
    fn check_journal(
        &self,
        _summary: &Self::Summary,
        _journal: &mut dyn BufRead,
    ) -> Result<(), String> {
        Ok(())
    }

    /// A few words on the summary so far for the progress bar ("best 8,344").
    fn status(&self, _summary: &Self::Summary) -> Option<String> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_the_items_once() {
        let plan = Plan::new(10, 3);
        assert_eq!(plan.chunks(), 4);
        let ranges: Vec<_> = (0..5).map(|c| plan.range(c)).collect();
        assert_eq!(ranges, [0..3, 3..6, 6..9, 9..10, 10..10]);
        assert_eq!(plan.items_before(3), 9);
        assert_eq!(Plan::new(0, 5).chunks(), 0);
        let huge = Plan::new(u64::MAX, 1 << 20);
        assert_eq!(huge.range(huge.chunks() - 1).end, u64::MAX);
        assert_eq!(huge.range(u64::MAX), u64::MAX..u64::MAX);
        assert_eq!(plan.to_string(), "10 items in chunks of 3");
        assert_eq!(
            Plan::new(100_000, 2048).in_rounds(8).to_string(),
            "100,000 items in chunks of 2,048, 8 chunks a round"
        );
    }

    #[test]
    fn spans_stop_at_the_end_and_at_rounds() {
        let plan = Plan::new(100, 10);
        assert_eq!(plan.span(2, 6), 2..6);
        assert_eq!(plan.span(1, 2), 1..2);
        assert_eq!(plan.span(8, 20), 8..10);
        assert_eq!(plan.span(10, 12), 10..10);
        // 2 left after 6: taken with them; 3 after 4 are not.
        assert_eq!(plan.span(2, 8), 2..10);
        assert_eq!(plan.span(3, 7), 3..7);
        let rounds = plan.in_rounds(4);
        assert_eq!(rounds.span(1, 9), 1..4);
        assert_eq!(rounds.span(4, 9), 4..8);
        assert_eq!(rounds.span(9, 12), 9..10);
        assert_eq!(Plan::new(100, 10).in_rounds(8).span(0, 6), 0..8);
    }

    #[test]
    fn rounds_wait_for_the_chunks_before_them() {
        let plan = Plan::new(100, 10).in_rounds(4);
        assert_eq!(
            (0..9).map(|c| plan.needs(c)).collect::<Vec<_>>(),
            [0, 0, 0, 0, 4, 4, 4, 4, 8]
        );
        assert!(plan.ends_round(4) && plan.ends_round(8) && !plan.ends_round(5));
        assert_eq!(Plan::new(100, 10).needs(7), 0);
        assert!(!Plan::new(100, 10).ends_round(4));
        assert!(plan.closes_round(3) && plan.closes_round(9) && !plan.closes_round(4));
        assert!(!Plan::new(100, 10).closes_round(9));
    }
}
