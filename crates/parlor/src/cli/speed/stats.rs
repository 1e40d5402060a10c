//! `parlor speed stats`: random one-pack deals played by the fast engine, summed up.
//!
//! Deal i of seed S is `speed::Deal::random(S, i, split)`. The deals are cut into fixed chunks
//! whatever the number of threads, and the tally is an order-free reduction (integer sums,
//! extremes with the smallest index on ties), so the output is the same for any `--threads`.

use super::contest_lines;
use crate::error::CliError;
use crate::threads::Threads;
use clap::Args;
use rayon::prelude::*;
use serde::Serialize;
use speed::stats::{Moments, Tally, wilson};
use speed::{Deal, Split, fast};
use std::io::{self, BufWriter, Write};
use std::time::Instant;

#[derive(Args)]
pub struct StatsArgs {
    /// How many deals to play
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Deal i is made from the seed and i (ChaCha8; see docs/speed.md)
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Cards for A and for B from one shuffled pack, at least 1 each and 52 in all at most
    #[arg(long, value_name = "A/B", default_value = "26/26", value_parser = parse_split)]
    split: Split,
    #[command(flatten)]
    threads: Threads,
    /// The summary as one JSON object
    #[arg(long)]
    json: bool,
    /// No progress bar and no throughput line
    #[arg(long)]
    quiet: bool,
}

fn parse_split(text: &str) -> Result<Split, String> {
    let bad = || {
        format!("expected A/B such as 26/26 (each at least 1, at most 52 in all), found {text:?}")
    };
    let (a, b) = text.split_once('/').ok_or_else(bad)?;
    let (a, b) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    Split::new(a, b).ok_or_else(bad)
}

/// Deals per unit of work: fixed, so that the split does not depend on the threads.
const CHUNK: u64 = 1 << 14;

pub fn run(args: &StatsArgs) -> Result<(), CliError> {
    let (pool, threads) = args.threads.pool()?;
    let progress = crate::progress::bar(args.games, "games", args.quiet);
    let started = Instant::now();
    let tally = pool.install(|| {
        (0..args.games.div_ceil(CHUNK))
            .into_par_iter()
            .map(|chunk| {
                let mut tally = Tally::default();
                let range = chunk * CHUNK..((chunk + 1) * CHUNK).min(args.games);
                let length = range.end - range.start;
                for index in range {
                    tally.add(
                        index,
                        &fast::play(&Deal::random(args.seed, index, args.split)),
                    );
                }
                progress.inc(length);
                tally
            })
            .reduce(Tally::default, |mut x, y| {
                x.merge(&y);
                x
            })
    });
    let seconds = started.elapsed().as_secs_f64();
    progress.finish_and_clear();

    let summary = Summary::new(args, &tally);
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        serde_json::to_writer(&mut out, &summary).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        write_text(&mut out, &summary)?;
    }
    out.flush()?;
    if !args.quiet {
        eprintln!(
            "throughput: {:.0} games/s ({} games in {seconds:.3} s on {threads} thread{})",
            args.games as f64 / seconds.max(1e-9),
            args.games,
            if threads == 1 { "" } else { "s" }
        );
    }
    Ok(())
}

/// A rate with its 95% Wilson interval.
#[derive(Serialize)]
struct Rate {
    count: u64,
    rate: f64,
    ci95: [f64; 2],
}

impl Rate {
    fn new(count: u64, trials: u64) -> Rate {
        let (lo, hi) = wilson(count, trials);
        Rate {
            count,
            rate: count as f64 / trials as f64,
            ci95: [lo, hi],
        }
    }
}

/// A mean with its 95% interval (normal approximation), the spread and the extremes.
#[derive(Serialize)]
struct Mean {
    mean: f64,
    ci95: [f64; 2],
    sd: f64,
    min: u32,
    max: u32,
}

impl Mean {
    fn new(m: &Moments) -> Mean {
        let (lo, hi) = m.mean_interval();
        Mean {
            mean: m.mean(),
            ci95: [lo, hi],
            sd: m.sd(),
            min: m.min,
            max: m.max,
        }
    }
}

#[derive(Serialize)]
struct Longest {
    game: u64,
    end_ms: u32,
    a: String,
    b: String,
}

/// What `--json` prints; the text output says the same in words.
#[derive(Serialize)]
struct Summary {
    games: u64,
    seed: u64,
    split: [usize; 2],
    a_wins: Rate,
    length_ms: Mean,
    deadends: Mean,
    cancelled_moves: Mean,
    same_instant_finishes: Rate,
    longest: Option<Longest>,
}

impl Summary {
    fn new(args: &StatsArgs, tally: &Tally) -> Summary {
        let longest = tally.longest.map(|(end_ms, game)| {
            let [a, b] = contest_lines(&Deal::random(args.seed, game, args.split));
            Longest { game, end_ms, a, b }
        });
        Summary {
            games: tally.games,
            seed: args.seed,
            split: [args.split.a(), args.split.b()],
            a_wins: Rate::new(tally.a_wins, tally.games),
            length_ms: Mean::new(&tally.length),
            deadends: Mean::new(&tally.deadends),
            cancelled_moves: Mean::new(&tally.returns),
            same_instant_finishes: Rate::new(tally.together, tally.games),
            longest,
        }
    }
}

fn percent(x: f64) -> String {
    format!("{:.2}%", 100.0 * x)
}

fn write_text(out: &mut impl Write, s: &Summary) -> io::Result<()> {
    writeln!(
        out,
        "Speed: {} random deals from one pack, A {} cards and B {}, seed {}",
        s.games, s.split[0], s.split[1], s.seed
    )?;
    let rate = |name: &str, r: &Rate| {
        format!(
            "{name:<22}{} of {} = {} (95% CI {} to {}, Wilson)",
            r.count,
            s.games,
            percent(r.rate),
            percent(r.ci95[0]),
            percent(r.ci95[1])
        )
    };
    let per_game = |name: &str, m: &Mean| {
        format!(
            "{name:<22}mean {:.3} per game (95% CI {:.3} to {:.3}), sd {:.3}, min {}, max {}",
            m.mean, m.ci95[0], m.ci95[1], m.sd, m.min, m.max
        )
    };
    writeln!(out, "{}", rate("A wins", &s.a_wins))?;
    let m = &s.length_ms;
    writeln!(
        out,
        "{:<22}mean {:.1} ms (95% CI {:.1} to {:.1} ms), sd {:.1} ms, min {} ms, max {} ms",
        "game length", m.mean, m.ci95[0], m.ci95[1], m.sd, m.min, m.max
    )?;
    writeln!(out, "{}", per_game("deadends", &s.deadends))?;
    writeln!(out, "{}", per_game("cancelled moves", &s.cancelled_moves))?;
    writeln!(
        out,
        "{}",
        rate("same-instant finishes", &s.same_instant_finishes)
    )?;
    if let Some(l) = &s.longest {
        writeln!(
            out,
            "{:<22}game {}, {} ms; watch it with",
            "longest game", l.game, l.end_ms
        )?;
        writeln!(
            out,
            "  printf '{}\\n{}\\n0\\n' | parlor speed --trace",
            l.a, l.b
        )?;
    }
    writeln!(
        out,
        "The intervals cover the sampling error of the deals (95%, normal approximation for \
         means, Wilson for rates)."
    )
}
