//! Speed's long run: `parlor speed stats`.

use crate::Run;
use serde::{Serialize, Serializer};
use speed::Split;
use speed::stats::Stats;
use sweep::{Fold, Plan};

/// Deals per chunk of work: fixed, so that the cut does not depend on the threads.
const CHUNK: u64 = 1 << 14;

/// Deals 0..N of a seed, each split dealt from the same shuffled pack, played by the fast
/// engine and summed up, one statistics for each split in the order given.
#[derive(Clone, Debug, Serialize)]
pub struct StatsRun {
    deals: u64,
    seed: u64,
    #[serde(serialize_with = "splits")]
    split: Vec<Split>,
}

impl StatsRun {
    /// The run of `deals` deals of `seed` for every split of `splits`.
    pub fn new(deals: u64, seed: u64, splits: Vec<Split>) -> StatsRun {
        StatsRun {
            deals,
            seed,
            split: splits,
        }
    }
}

/// `13/39,26/26`, as `--split` takes it.
fn splits<S: Serializer>(splits: &[Split], serializer: S) -> Result<S::Ok, S::Error> {
    let names: Vec<String> = splits
        .iter()
        .map(|s| format!("{}/{}", s.a(), s.b()))
        .collect();
    serializer.collect_str(&names.join(","))
}

impl Run for StatsRun {
    const COMMAND: &'static str = "speed stats";
    type Job = Fold<Vec<Stats>>;

    fn job(&self) -> Fold<Vec<Stats>> {
        let (seed, splits) = (self.seed, self.split.clone());
        let play = {
            let splits = splits.clone();
            move |deals: std::ops::Range<u64>| {
                splits
                    .iter()
                    .map(|&split| Stats::of(seed, deals.clone(), split))
                    .collect()
            }
        };
        let empty = vec![Stats::default(); splits.len()];
        Fold::new(Plan::new(self.deals, CHUNK), empty, play).checked_by(move |tallies, games| {
            if tallies.len() != splits.len() {
                return Err(format!(
                    "{} tallies for {} splits",
                    tallies.len(),
                    splits.len()
                ));
            }
            for (tally, &split) in tallies.iter().zip(&splits) {
                tally.check(seed, split, games)?;
            }
            Ok(())
        })
    }
}
