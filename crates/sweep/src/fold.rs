//! The commonest long run: every chunk folded into statistics that add up ([`tally::Merge`]),
//! or that are appended in chunk order (sums of real numbers, whose last bits depend on the
//! order). Such a run is a plan, a way to play a range of items, and a check of a summary read
//! back — the rest of its [`Job`] is always the same, and written here once.

use crate::{Commit, Job, Plan};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::ops::Range;
use tally::Merge;

/// Plays a range of items into their statistics.
type Play<T> = dyn Fn(Range<u64>) -> T + Send + Sync;
/// Whether statistics read from a checkpoint can be those of the first `items` items.
type Check<T> = dyn Fn(&T, u64) -> Result<(), String> + Send + Sync;
/// How many items the player would rather play at once.
type Span = dyn Fn() -> u64 + Send + Sync;

/// A [`Job`] whose chunks' parts and summary are the same statistics, combined in chunk order.
///
/// ```
/// use sweep::{Fold, Plan};
/// use tally::Merge;
///
/// #[derive(Clone, Default, serde::Serialize, serde::Deserialize)]
/// struct Sum(u64);
///
/// impl Merge for Sum {
///     fn merge(&mut self, other: &Sum) {
///         self.0 += other.0;
///     }
/// }
///
/// let squares = Fold::new(Plan::new(1000, 64), Sum(0), |items| Sum(items.map(|i| i * i).sum()))
///     .checked_by(|_sum, _items| Ok(()));
/// let finish = sweep::run(squares, sweep::Identity::new("example 1", "squares"), Default::default(),
///     &sweep::Workers::Threads(2), Box::new(|_| {})).unwrap().unwrap();
/// assert_eq!(finish.summary.0, (0..1000u64).map(|i| i * i).sum::<u64>());
/// ```
pub struct Fold<T> {
    plan: Plan,
    empty: T,
    combine: fn(&mut T, &T),
    play: Box<Play<T>>,
    check: Box<Check<T>>,
    span: Option<Box<Span>>,
}

impl<T: Merge> Fold<T> {
    /// A run of `plan`'s items, starting from the statistics `empty` of no item, each chunk
    /// played by `play` and merged. Without [`Fold::checked_by`], every summary read back is
    /// taken.
    pub fn new(
        plan: Plan,
        empty: T,
        play: impl Fn(Range<u64>) -> T + Send + Sync + 'static,
    ) -> Fold<T> {
        Fold::appending(plan, empty, play, T::merge)
    }
}

impl<T> Fold<T> {
    /// A run like [`Fold::new`] whose statistics are not merged but appended: `append` adds a
    /// later chunk's statistics, and the engine calls it in chunk order only.
    pub fn appending(
        plan: Plan,
        empty: T,
        play: impl Fn(Range<u64>) -> T + Send + Sync + 'static,
        append: fn(&mut T, &T),
    ) -> Fold<T> {
        Fold {
            plan,
            empty,
            combine: append,
            play: Box::new(play),
            check: Box::new(|_, _| Ok(())),
            span: None,
        }
    }

    /// Lets the player take more than a chunk at once: about `items()` items, in whole chunks,
    /// played by one call and committed together (the statistics of a span are those of its
    /// chunks, merged or appended in order, so the summary is the same).
    pub fn spanning(self, items: impl Fn() -> u64 + Send + Sync + 'static) -> Fold<T> {
        Fold {
            span: Some(Box::new(items)),
            ..self
        }
    }

    /// Checks statistics read from a checkpoint against the number of items they claim to
    /// cover; the message says what does not add up.
    pub fn checked_by(
        self,
        check: impl Fn(&T, u64) -> Result<(), String> + Send + Sync + 'static,
    ) -> Fold<T> {
        Fold {
            check: Box::new(check),
            ..self
        }
    }
}

impl<T> Job for Fold<T>
where
    T: Clone + Send + Sync + Serialize + DeserializeOwned + 'static,
{
    type Part = T;
    type Summary = T;
    type Basis = ();

    fn plan(&self) -> Plan {
        self.plan
    }

    fn empty(&self) -> T {
        self.empty.clone()
    }

    fn basis(&self, _: &T) {}

    fn play(&self, _chunk: u64, items: Range<u64>, _: &()) -> T {
        (self.play)(items)
    }

    fn span(&self) -> u64 {
        self.span
            .as_ref()
            .map_or(1, |items| items().div_ceil(self.plan.chunk).max(1))
    }

    /// The span's statistics as its first chunk's part, and empty statistics after them: they
    /// are committed together.
    fn play_span(&self, chunks: Range<u64>, _: &()) -> Vec<T> {
        let items = self.plan.range(chunks.start).start..self.plan.range(chunks.end - 1).end;
        let mut parts = vec![(self.play)(items)];
        parts.resize((chunks.end - chunks.start) as usize, self.empty.clone());
        parts
    }

    fn commit(&self, summary: &mut T, part: T, _: &mut Commit<'_>) -> Result<(), String> {
        (self.combine)(summary, &part);
        Ok(())
    }

    fn check(&self, summary: &T, chunks: u64) -> Result<(), String> {
        (self.check)(summary, self.plan.items_before(chunks))
    }
}
