//! `parlor camicia search`: the record hunt over one-pack deals — random, exhaustive by index, or
//! climbing from a deal — on every core, with results written as they are found and a checkpoint
//! to resume from.
//!
//! A search is cut into chunks of fixed size (rounds, for a climb) taken in a fixed order. Worker
//! threads play chunks in any order; this thread commits them strictly in order: it reports the
//! chunk's finds (appended to `--out` in one write), counts them, and now and then saves the
//! checkpoint. The checkpoint records how many chunks were committed and how long `--out` was
//! then, so a search killed at any moment resumes at that chunk after cutting `--out` back to
//! that length: results written after the checkpoint are written again, identically, and nothing
//! is written twice. The checkpoint is written to a file beside it and renamed over it, so it is
//! always whole, and `--out` is synced to disk before it.

use super::index::{deal_argument, parse_index};
use crate::error::CliError;
use crate::format::grouped;
use crate::threads::Threads;
use camicia::deal::Dealer;
use camicia::fast::play_pack;
use camicia::index::{self, DEALS};
use camicia::notation::pack_record;
use camicia::search::{Climb, Find, Haul, Keep, ROUND, Tally, haul, haul_dealt};
use clap::{ArgGroup, Args};
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, PoisonError, mpsc};
use std::time::{Duration, Instant};

#[derive(Args)]
#[command(group(ArgGroup::new("mode").required(true).args(["random", "range", "climb"])))]
pub struct SearchArgs {
    /// Random one-pack deals: deal i of seed S is the deal `parlor camicia stats` plays
    #[arg(long, requires = "deals")]
    random: bool,
    /// How many random deals
    #[arg(long, requires = "random", value_parser = clap::value_parser!(u64).range(1..))]
    deals: Option<u64>,
    /// Every deal with index from START to END - 1, in index order
    #[arg(long, value_name = "START..END")]
    range: Option<String>,
    /// Local search from a deal: swaps and moves of payment cards, following the longest game
    #[arg(long, requires = "from")]
    climb: bool,
    /// Where the climb starts: a deal (A's deck/B's deck, as `parlor camicia index` takes it) or
    /// its index
    #[arg(
        long,
        value_name = "DEAL",
        requires = "climb",
        allow_hyphen_values = true
    )]
    from: Option<String>,
    /// Deals the climb plays, its start included
    #[arg(long, requires = "climb", value_parser = clap::value_parser!(u64).range(1..))]
    steps: Option<u64>,
    /// Seed of the random deals or of the climb's moves (ChaCha8; see docs/camicia.md)
    #[arg(long, conflicts_with = "range")]
    seed: Option<u64>,
    #[command(flatten)]
    threads: Threads,
    /// Keep the K longest finished games
    #[arg(long, value_name = "K", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    top: u64,
    /// Also report every finished game of at least C cards
    #[arg(long, value_name = "C")]
    min_cards: Option<u64>,
    /// Write the finds here as they are found, one JSON object per line
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Save progress here, and resume from it when it exists
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints (0: after every chunk)
    #[arg(long, value_name = "SECONDS", default_value_t = 2.0, requires = "checkpoint",
          value_parser = seconds)]
    checkpoint_every: f64,
    /// The summary as one JSON object
    #[arg(long)]
    json: bool,
    /// No progress bar
    #[arg(long)]
    quiet: bool,
}

fn seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| format!("expected a number of seconds, found \"{text}\""))
}

/// Deals per chunk of a random or exhaustive search: about a tenth of a second of one core.
const CHUNK: u64 = 1 << 18;
/// The climb's default number of deals.
const STEPS: u64 = 10_000_000;
/// The checkpoint's layout; a checkpoint of another layout is not resumed.
const FORMAT: u32 = 1;

/// What is searched, in the checkpoint's words.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "lowercase")]
enum Plan {
    Random {
        deals: u64,
        seed: u64,
    },
    Range {
        #[serde(with = "decimal")]
        start: u128,
        #[serde(with = "decimal")]
        end: u128,
    },
    Climb {
        #[serde(with = "decimal")]
        from: u128,
        steps: u64,
        seed: u64,
    },
}

/// Everything that decides a search's results: a checkpoint resumes only the same search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Params {
    format: u32,
    plan: Plan,
    top: u64,
    min_cards: Option<u64>,
    /// Whether the finds go to a file (its length is then part of the checkpoint).
    out: bool,
    chunk: u64,
}

impl Params {
    fn keep(&self) -> Keep {
        Keep {
            top: self.top as usize,
            min_cards: self.min_cards,
        }
    }

    fn deals(&self) -> u128 {
        match self.plan {
            Plan::Random { deals, .. } => deals.into(),
            Plan::Range { start, end } => end - start,
            Plan::Climb { steps, .. } => steps.into(),
        }
    }

    fn chunks(&self) -> u64 {
        u64::try_from(self.deals().div_ceil(self.chunk.into()))
            .expect("at most 2^70 deals in chunks of 2^12 or more")
    }

    /// The places in the search of chunk `chunk`'s deals.
    fn places(&self, chunk: u64) -> std::ops::Range<u128> {
        let first = match self.plan {
            Plan::Range { start, .. } => start,
            _ => 0,
        };
        let lo = u128::from(chunk) * u128::from(self.chunk);
        first + lo..first + (lo + u128::from(self.chunk)).min(self.deals())
    }
}

/// u128 values as decimal strings: JSON readers often hold numbers in doubles.
mod decimal {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(value: &u128, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u128, D::Error> {
        String::deserialize(deserializer)?
            .parse()
            .map_err(D::Error::custom)
    }
}

/// A find as `--out` and the summary write it.
#[derive(Serialize)]
struct FindJson {
    index: String,
    deal: String,
    status: &'static str,
    cards: u64,
    tricks: u64,
}

impl From<&Find> for FindJson {
    fn from(find: &Find) -> FindJson {
        FindJson {
            index: index_of(&find.pack).to_string(),
            deal: pack_record(&find.pack),
            status: find.outcome.status.name(),
            cards: find.outcome.cards,
            tricks: find.outcome.tricks,
        }
    }
}

fn index_of(pack: &[u8; 52]) -> u128 {
    index::index(pack).expect("a search plays one-pack deals")
}

/// A kept find in a checkpoint: its place in the search and its deal. The outcome is played
/// again on resuming.
#[derive(Serialize, Deserialize)]
struct Kept {
    #[serde(with = "decimal")]
    order: u128,
    #[serde(with = "decimal")]
    index: u128,
}

impl From<&Find> for Kept {
    fn from(find: &Find) -> Kept {
        Kept {
            order: find.order,
            index: index_of(&find.pack),
        }
    }
}

impl Kept {
    fn find(&self) -> Option<Find> {
        let pack = index::pack(self.index)?;
        Some(Find {
            order: self.order,
            pack,
            outcome: play_pack(&pack),
        })
    }
}

#[derive(Serialize, Deserialize)]
struct ClimbState {
    base: Kept,
    best: Kept,
    stale: u32,
}

#[derive(Serialize, Deserialize)]
struct Checkpoint {
    search: Params,
    /// Chunks committed: every deal before chunk `chunks` is counted and its finds written.
    chunks: u64,
    /// The length of `--out` after those finds.
    out_bytes: u64,
    /// Time spent so far, over all the runs.
    seconds: f64,
    #[serde(with = "decimal")]
    deals: u128,
    top: Vec<Kept>,
    loops: u64,
    first_loops: Vec<Kept>,
    long: u64,
    /// A climb's reported deals, by index.
    reported: Option<Vec<String>>,
    climb: Option<ClimbState>,
}

/// A search in progress: what has been committed, and where it goes.
struct Hunt {
    params: Params,
    tally: Tally,
    climb: Option<Climb>,
    /// Chunks committed.
    chunks: u64,
    out: Option<(PathBuf, File)>,
    out_bytes: u64,
    checkpoint: Option<PathBuf>,
    save_every: Duration,
    last_save: Instant,
    seconds_before: f64,
    started: Instant,
    progress: ProgressBar,
}

pub fn run(args: &SearchArgs) -> Result<(), CliError> {
    let params = params(args)?;
    let threads = args.threads.count();
    let mut hunt = Hunt::open(params, args)?;
    if hunt.chunks < hunt.params.chunks() {
        match hunt.params.plan {
            Plan::Random { seed, .. } => {
                let dealer = Dealer::new(seed);
                let keep = hunt.params.keep();
                let params = hunt.params.clone();
                hunt.run_chunks(threads, move |chunk| {
                    let places = params.places(chunk);
                    haul_dealt(&dealer, places.start as u64..places.end as u64, keep)
                })?;
            }
            Plan::Range { .. } => {
                let keep = hunt.params.keep();
                let params = hunt.params.clone();
                hunt.run_chunks(threads, move |chunk| {
                    let places = params.places(chunk);
                    haul(index::packs(places.clone()), places.start, keep)
                })?;
            }
            Plan::Climb { .. } => hunt.run_climb(threads)?,
        }
    }
    hunt.progress.finish_and_clear();
    if hunt.checkpoint.is_some() {
        hunt.save()?;
    }
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        serde_json::to_writer(&mut out, &hunt.summary()).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        hunt.write_summary(&mut out)?;
    }
    out.flush()?;
    Ok(())
}

fn params(args: &SearchArgs) -> Result<Params, CliError> {
    let seed = args.seed.unwrap_or(1);
    let (plan, chunk) = if let Some(deals) = args.deals {
        (Plan::Random { deals, seed }, CHUNK)
    } else if let Some(text) = &args.range {
        let (start, end) = parse_range(text)?;
        (Plan::Range { start, end }, CHUNK)
    } else {
        let text = args.from.as_deref().unwrap_or_default();
        let from = if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            parse_index(text).map_err(|e| CliError::BadInput(format!("--from: {e}")))?
        } else {
            index_of(&deal_argument(text, "--from")?)
        };
        let steps = args.steps.unwrap_or(STEPS);
        (Plan::Climb { from, steps, seed }, ROUND)
    };
    Ok(Params {
        format: FORMAT,
        plan,
        top: args.top,
        min_cards: args.min_cards,
        out: args.out.is_some(),
        chunk,
    })
}

fn parse_range(text: &str) -> Result<(u128, u128), CliError> {
    let number = |t: &str| {
        t.parse::<u128>()
            .ok()
            .filter(|_| t.bytes().all(|b| b.is_ascii_digit()))
    };
    text.split_once("..")
        .and_then(|(s, e)| Some((number(s)?, number(e)?)))
        .filter(|&(start, end)| start < end && end <= DEALS)
        .ok_or_else(|| {
            CliError::BadInput(format!(
                "--range: expected START..END, deal indices with START < END <= {DEALS}, found \
                 \"{text}\""
            ))
        })
}

fn file_error(path: &Path, error: io::Error) -> CliError {
    CliError::Write(io::Error::new(
        error.kind(),
        format!("{}: {error}", path.display()),
    ))
}

impl Hunt {
    /// Resumes the search of the checkpoint if there is one, or starts it.
    fn open(params: Params, args: &SearchArgs) -> Result<Hunt, CliError> {
        let keep = params.keep();
        let saved = match &args.checkpoint {
            Some(path) if path.exists() => Some(read_checkpoint(path, &params)?),
            _ => None,
        };
        let mut hunt = Hunt {
            tally: Tally::new(keep, matches!(params.plan, Plan::Climb { .. })),
            climb: None,
            chunks: 0,
            out: None,
            out_bytes: 0,
            checkpoint: args.checkpoint.clone(),
            save_every: Duration::from_secs_f64(args.checkpoint_every),
            last_save: Instant::now(),
            seconds_before: 0.0,
            started: Instant::now(),
            progress: crate::progress::bar(
                u64::try_from(params.deals()).unwrap_or(u64::MAX),
                "deals",
                args.quiet,
            ),
            params,
        };
        if let Plan::Climb { from, seed, .. } = hunt.params.plan {
            hunt.climb = Some(Climb::new(
                index::pack(from).expect("checked below DEALS"),
                seed,
            ));
        }
        if let (Some(saved), Some(path)) = (saved, &args.checkpoint) {
            hunt.restore(saved, path)?;
        }
        if let Some(path) = &args.out {
            let file = if hunt.out_bytes == 0 {
                File::create(path)
            } else {
                // Appending, after the cut below.
                OpenOptions::new().append(true).open(path)
            }
            .map_err(|e| file_error(path, e))?;
            let length = file.metadata().map_err(|e| file_error(path, e))?.len();
            if length < hunt.out_bytes {
                return Err(CliError::BadInput(format!(
                    "{}: holds {length} bytes, but the checkpoint recorded {} bytes of results: \
                     it is not this search's output",
                    path.display(),
                    hunt.out_bytes
                )));
            }
            // Results written after the checkpoint are written again.
            file.set_len(hunt.out_bytes)
                .map_err(|e| file_error(path, e))?;
            hunt.out = Some((path.clone(), file));
        }
        hunt.progress
            .set_position(u64::try_from(hunt.tally.deals).unwrap_or(u64::MAX));
        hunt.progress.reset_eta();
        hunt.show_best();
        if hunt.checkpoint.is_some() {
            // From now on the checkpoint exists and matches `--out`.
            hunt.save()?;
        }
        Ok(hunt)
    }

    fn restore(&mut self, saved: Checkpoint, path: &Path) -> Result<(), CliError> {
        let corrupt = || {
            CliError::BadInput(format!(
                "{}: expected a checkpoint of parlor camicia search, found a deal index out of \
                 range",
                path.display()
            ))
        };
        let finds = |kept: &[Kept]| -> Result<Vec<Find>, CliError> {
            kept.iter().map(|k| k.find().ok_or_else(corrupt)).collect()
        };
        // A checkpoint edited by hand or damaged would give wrong totals: they must add up.
        let committed =
            (u128::from(saved.chunks) * u128::from(self.params.chunk)).min(self.params.deals());
        if saved.chunks > self.params.chunks()
            || saved.deals != committed
            || saved.loops < saved.first_loops.len() as u64
        {
            return Err(CliError::BadInput(format!(
                "{}: expected a checkpoint of parlor camicia search, found totals that do not \
                 add up ({} chunks committed, {} deals counted, {} loops with {} listed)",
                path.display(),
                saved.chunks,
                saved.deals,
                saved.loops,
                saved.first_loops.len()
            )));
        }
        self.chunks = saved.chunks;
        self.out_bytes = saved.out_bytes;
        self.seconds_before = saved.seconds;
        self.tally.deals = saved.deals;
        for find in finds(&saved.top)? {
            self.tally.top.offer(find);
        }
        self.tally.loops = saved.loops;
        self.tally.first_loops = finds(&saved.first_loops)?;
        self.tally.long = saved.long;
        if let (Some(reported), Some(set)) = (&saved.reported, &mut self.tally.reported) {
            for text in reported {
                let pack = text
                    .parse()
                    .ok()
                    .and_then(index::pack)
                    .ok_or_else(corrupt)?;
                set.insert(pack);
            }
        }
        if let (Some(state), Some(climb)) = (&saved.climb, &mut self.climb) {
            let base = state.base.find().ok_or_else(corrupt)?;
            let best = state.best.find().ok_or_else(corrupt)?;
            let Plan::Climb { seed, .. } = self.params.plan else {
                unreachable!("a climb's plan")
            };
            *climb = Climb::resume(seed, climb.start, base, best, state.stale);
        }
        Ok(())
    }

    /// Plays the chunks not yet committed on `threads` workers and commits them in order.
    fn run_chunks(
        &mut self,
        threads: usize,
        play: impl Fn(u64) -> Haul + Sync,
    ) -> Result<(), CliError> {
        let total = self.params.chunks();
        let next = AtomicU64::new(self.chunks);
        // Workers stay within a window of chunks ahead of the last commit, so that what a kill
        // throws away stays small.
        let window = 4 * threads as u64;
        let committed = (Mutex::new(self.chunks), Condvar::new());
        let stop = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::channel();
            for _ in 0..threads {
                let sender = sender.clone();
                let (next, committed, stop, play) = (&next, &committed, &stop, &play);
                scope.spawn(move || {
                    loop {
                        let chunk = next.fetch_add(1, Ordering::Relaxed);
                        if chunk >= total {
                            break;
                        }
                        let mut done = committed.0.lock().unwrap_or_else(PoisonError::into_inner);
                        while chunk >= *done + window && !stop.load(Ordering::Relaxed) {
                            done = committed
                                .1
                                .wait(done)
                                .unwrap_or_else(PoisonError::into_inner);
                        }
                        drop(done);
                        if stop.load(Ordering::Relaxed)
                            || sender.send((chunk, play(chunk))).is_err()
                        {
                            break;
                        }
                    }
                });
            }
            drop(sender);
            let mut waiting = BTreeMap::new();
            let mut result = Ok(());
            'receive: for (chunk, haul) in receiver.iter() {
                waiting.insert(chunk, haul);
                while let Some(haul) = waiting.remove(&self.chunks) {
                    result = self.commit(haul);
                    *committed.0.lock().unwrap_or_else(PoisonError::into_inner) = self.chunks;
                    committed.1.notify_all();
                    if result.is_err() {
                        break 'receive;
                    }
                }
            }
            stop.store(true, Ordering::Relaxed);
            committed.1.notify_all();
            drop(receiver);
            result
        })
    }

    /// Plays the climb's rounds not yet committed, each round's steps shared among the threads.
    fn run_climb(&mut self, threads: usize) -> Result<(), CliError> {
        let pool = crate::threads::pool(threads)?;
        let keep = self.params.keep();
        // Two parts per thread even out games of unequal lengths; the results do not depend
        // on the split.
        let parts = 2 * threads as u64;
        while self.chunks < self.params.chunks() {
            let places = self.params.places(self.chunks);
            let (lo, hi) = (places.start as u64, places.end as u64);
            let climb = self.climb.as_ref().expect("a climb");
            let step = (hi - lo).div_ceil(parts);
            let hauls: Vec<Haul> = pool.install(|| {
                (0..parts)
                    .into_par_iter()
                    .map(|p| {
                        let steps = (lo + p * step).min(hi)..(lo + (p + 1) * step).min(hi);
                        haul(climb.steps(steps.clone()), steps.start.into(), keep)
                    })
                    .collect()
            });
            let mut round = Haul::new(keep);
            for haul in hauls {
                round.merge(haul);
            }
            self.climb.as_mut().expect("a climb").advance(round.best);
            self.commit(round)?;
        }
        Ok(())
    }

    /// Reports a chunk's finds, counts its deals, and saves the checkpoint when it is time.
    fn commit(&mut self, haul: Haul) -> Result<(), CliError> {
        let deals = haul.deals;
        let best = self.tally.top.games().first().map(|f| f.outcome.cards);
        let finds = self.tally.commit(haul);
        if let Some((path, file)) = &mut self.out {
            let mut lines = Vec::new();
            for find in &finds {
                serde_json::to_writer(&mut lines, &FindJson::from(find))
                    .map_err(io::Error::from)?;
                lines.push(b'\n');
            }
            // One write per chunk: the finds reach the file as soon as their chunk is done.
            file.write_all(&lines).map_err(|e| file_error(path, e))?;
            self.out_bytes += lines.len() as u64;
        }
        self.chunks += 1;
        self.progress.inc(deals);
        if self.tally.top.games().first().map(|f| f.outcome.cards) != best {
            self.show_best();
        }
        if self.checkpoint.is_some() && self.last_save.elapsed() >= self.save_every {
            self.save()?;
        }
        Ok(())
    }

    fn show_best(&self) {
        if let Some(best) = self.tally.top.games().first() {
            self.progress
                .set_message(format!("best {}", best.outcome.cards));
        }
    }

    fn seconds(&self) -> f64 {
        self.seconds_before + self.started.elapsed().as_secs_f64()
    }

    /// Writes the checkpoint beside its place and renames it there, after syncing `--out`, so
    /// that the checkpoint on disk is always whole and never ahead of `--out`.
    fn save(&mut self) -> Result<(), CliError> {
        let Some(path) = &self.checkpoint else {
            return Ok(());
        };
        if let Some((out_path, file)) = &self.out {
            file.sync_data().map_err(|e| file_error(out_path, e))?;
        }
        let kept = |finds: &[Find]| finds.iter().map(Kept::from).collect::<Vec<_>>();
        let checkpoint = Checkpoint {
            search: self.params.clone(),
            chunks: self.chunks,
            out_bytes: self.out_bytes,
            seconds: self.seconds(),
            deals: self.tally.deals,
            top: kept(&self.tally.top.games()),
            loops: self.tally.loops,
            first_loops: kept(&self.tally.first_loops),
            long: self.tally.long,
            reported: self.tally.reported.as_ref().map(|set| {
                let mut indices: Vec<u128> = set.iter().map(index_of).collect();
                indices.sort_unstable();
                indices.iter().map(u128::to_string).collect()
            }),
            climb: self.climb.as_ref().map(|climb| ClimbState {
                base: Kept::from(&climb.base),
                best: Kept::from(&climb.best),
                stale: climb.stale,
            }),
        };
        let mut name = path.file_name().unwrap_or_default().to_owned();
        name.push(".tmp");
        let temporary = path.with_file_name(name);
        let write = || -> io::Result<()> {
            let mut file = File::create(&temporary)?;
            serde_json::to_writer(&mut file, &checkpoint)?;
            file.write_all(b"\n")?;
            file.sync_all()?;
            std::fs::rename(&temporary, path)?;
            // The rename itself reaches the disk with the directory.
            let directory = path.parent().filter(|p| !p.as_os_str().is_empty());
            if let Ok(directory) = File::open(directory.unwrap_or(Path::new("."))) {
                directory.sync_all().ok();
            }
            Ok(())
        };
        write().map_err(|e| file_error(path, e))?;
        self.last_save = Instant::now();
        Ok(())
    }

    fn summary(&self) -> Summary {
        let seconds = self.seconds();
        let start = self.climb.as_ref().map(|climb| {
            FindJson::from(&Find {
                order: 0,
                pack: climb.start,
                outcome: play_pack(&climb.start),
            })
        });
        Summary {
            search: self.params.plan.clone(),
            top_k: self.params.top,
            min_cards: self.params.min_cards,
            start,
            deals: self.tally.deals,
            seconds,
            deals_per_second: self.tally.deals as f64 / seconds.max(1e-9),
            longest: self.tally.top.games().iter().map(FindJson::from).collect(),
            loops: self.tally.loops,
            first_loops: self.tally.first_loops.iter().map(FindJson::from).collect(),
            long_games: self.params.min_cards.map(|_| self.tally.long),
        }
    }

    fn write_summary(&self, out: &mut impl Write) -> io::Result<()> {
        let summary = self.summary();
        match summary.search {
            Plan::Random { deals, seed } => writeln!(
                out,
                "camicia search: {} random one-pack deals, seed {seed}",
                grouped(deals)
            )?,
            Plan::Range { start, end } => writeln!(
                out,
                "camicia search: every deal of index {start} to {} ({} deals)",
                end - 1,
                grouped(end - start)
            )?,
            Plan::Climb { from, steps, seed } => writeln!(
                out,
                "camicia search: climb of {} deals from index {from}, seed {seed}",
                grouped(steps)
            )?,
        }
        if let Some(start) = &summary.start {
            writeln!(
                out,
                "start: {}, {} cards, {} tricks",
                start.status,
                grouped(start.cards),
                grouped(start.tricks)
            )?;
        }
        writeln!(
            out,
            "searched {} deals in {:.3} s ({} deals/s)",
            grouped(summary.deals),
            summary.seconds,
            grouped(summary.deals_per_second as u64)
        )?;
        let list = |out: &mut dyn Write, finds: &[FindJson]| -> io::Result<()> {
            for (rank, find) in (1..).zip(finds) {
                writeln!(
                    out,
                    "{rank:>4}. {} cards, {} tricks, index {}",
                    grouped(find.cards),
                    grouped(find.tricks),
                    find.index
                )?;
                writeln!(out, "      {}", find.deal)?;
            }
            Ok(())
        };
        if summary.top_k > 0 {
            writeln!(
                out,
                "longest finished games ({} kept):",
                summary.longest.len()
            )?;
            list(out, &summary.longest)?;
        }
        write!(out, "loops: {}", grouped(summary.loops))?;
        if summary.loops > summary.first_loops.len() as u64 {
            write!(out, " (the first {} listed)", summary.first_loops.len())?;
        }
        writeln!(out)?;
        list(out, &summary.first_loops)?;
        if let (Some(c), Some(n)) = (summary.min_cards, summary.long_games) {
            writeln!(
                out,
                "finished games of at least {} cards: {}",
                grouped(c),
                grouped(n)
            )?;
        }
        if let Some((path, _)) = &self.out {
            writeln!(out, "finds written to {}", path.display())?;
        }
        Ok(())
    }
}

fn read_checkpoint(path: &Path, params: &Params) -> Result<Checkpoint, CliError> {
    let text = std::fs::read_to_string(path).map_err(|source| CliError::Read {
        path: path.to_owned(),
        source,
    })?;
    let saved: Checkpoint = serde_json::from_str(&text).map_err(|e| {
        CliError::BadInput(format!(
            "{}: line {}, column {}: expected a checkpoint of parlor camicia search ({e})",
            path.display(),
            e.line(),
            e.column()
        ))
    })?;
    if saved.search != *params {
        let json = |p: &Params| serde_json::to_string(p).unwrap_or_default();
        return Err(CliError::BadInput(format!(
            "{}: the checkpoint is of another search: {}, not {}; give the same options, or \
             another checkpoint file",
            path.display(),
            json(&saved.search),
            json(params)
        )));
    }
    Ok(saved)
}

/// What the search found, as `--json` prints it.
#[derive(Serialize)]
struct Summary {
    search: Plan,
    top_k: u64,
    min_cards: Option<u64>,
    /// A climb's first deal.
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<FindJson>,
    deals: u128,
    seconds: f64,
    deals_per_second: f64,
    longest: Vec<FindJson>,
    loops: u64,
    first_loops: Vec<FindJson>,
    /// Finished games of at least `min_cards` cards, when it is given.
    long_games: Option<u64>,
}
