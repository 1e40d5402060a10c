//! `parlor russian catalogue`: every deal of a range solved exactly, one JSON line per deal in
//! increasing order, and the counts of the range.
//!
//! The lines are the command's output. With `--out FILE` they go to the engine's journal, which
//! a killed run resumes without a line lost or written twice, and the summary goes to standard
//! output; without it they stream to standard output as their chunks are committed, and the
//! summary goes to standard error, so that standard output holds nothing but the lines. Lines
//! already in a pipe cannot be taken back, so `--checkpoint` needs `--out`.

use crate::error::CliError;
use crate::format::grouped;
use crate::longrun::{self, LongRun, Outputs};
use clap::{ArgGroup, Args};
use russian::catalogue::{Catalogue, Entry, Numbering, solve_deals};
use russian::pysol::MAX_PLAIN;
use serde::Serialize;
use std::io::{self, BufWriter, Write};
use std::ops::Range;
use std::path::PathBuf;
use sweep::{Job, Plan};

#[derive(Args)]
#[command(group(ArgGroup::new("numbers").required(true).args(["pysol", "seed"])))]
#[command(
    after_help = "Examples:\n  parlor russian catalogue --pysol 1..101 --winnable\n  parlor russian catalogue --seed 0..1000 --out catalogue.jsonl --checkpoint catalogue.checkpoint\n  parlor russian catalogue --pysol 1..1001 --out winnable.jsonl --winnable --json"
)]
pub struct CatalogueArgs {
    /// PySolFC's Russian Solitaire games A to B-1 (1 <= A < B <= 10^20 + 1)
    #[arg(long, value_name = "A..B")]
    pysol: Option<String>,
    /// parlor's deals A to B-1, as `deal --seed` numbers them (B at most 2^64)
    #[arg(long, value_name = "A..B")]
    seed: Option<String>,
    /// Search at most NODES positions a deal; a deal whose search runs out gets the best score
    /// found and "proven":false
    #[arg(long, value_name = "NODES")]
    budget: Option<u64>,
    /// Write the lines of the deals that can be won only (the summary still counts every deal)
    #[arg(long)]
    winnable: bool,
    /// Write the lines to FILE, as their chunks are done and resumably, and the summary to
    /// standard output (without it: the lines on standard output, the summary on standard error)
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The summary as one JSON object
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    run: LongRun,
}

/// Deals per chunk: about a fifth of a second of one core.
const CHUNK: u64 = 1024;

/// The deals of a catalogue.
#[derive(Clone, Copy)]
struct Deals {
    numbering: Numbering,
    first: u128,
    count: u64,
}

impl Deals {
    fn name(self) -> &'static str {
        match self.numbering {
            Numbering::Seed => "seed",
            Numbering::Pysol => "pysol",
        }
    }

    fn last(self) -> u128 {
        self.first + u128::from(self.count) - 1
    }
}

struct Solve {
    deals: Deals,
    budget: Option<u64>,
    winnable: bool,
    /// Where the lines go when there is no journal.
    stdout: bool,
}

impl Job for Solve {
    type Part = Vec<Entry>;
    type Summary = Catalogue;
    type Basis = ();

    fn plan(&self) -> Plan {
        Plan::new(self.deals.count, CHUNK)
    }

    fn empty(&self) -> Catalogue {
        Catalogue::default()
    }

    fn basis(&self, _: &Catalogue) {}

    fn play(&self, _chunk: u64, items: Range<u64>, _: &()) -> Vec<Entry> {
        let first = self.deals.first;
        let numbers = items.map(|i| first + u128::from(i));
        solve_deals(self.deals.numbering, numbers, self.budget)
    }

    fn commit(
        &self,
        catalogue: &mut Catalogue,
        chunk: u64,
        part: Vec<Entry>,
        journal: &mut Vec<u8>,
    ) {
        let start = self.deals.first + u128::from(self.plan().items_before(chunk));
        for (number, entry) in (start..).zip(part) {
            catalogue.add(entry);
            if !self.winnable || entry.won() {
                journal.extend_from_slice(line(self.deals.name(), number, entry).as_bytes());
            }
        }
        if self.stdout {
            let written = io::stdout().lock().write_all(journal);
            if let Err(error) = written.and_then(|()| io::stdout().flush()) {
                give_up(&error);
            }
        }
    }

    fn check(&self, catalogue: &Catalogue, chunks: u64) -> Result<(), String> {
        catalogue.check(self.plan().items_before(chunks))
    }

    fn status(&self, catalogue: &Catalogue) -> Option<String> {
        Some(format!("{} winnable", grouped(catalogue.winnable())))
    }
}

/// Ends the run when standard output fails: the engine cannot be told to stop from a commit,
/// and every deal solved after this would be lost anyway. A reader that went away (`| head`)
/// knows, so it gets no message.
fn give_up(error: &io::Error) -> ! {
    if error.kind() != io::ErrorKind::BrokenPipe {
        crate::error::say(&format!("error: cannot write the output: {error}"));
    }
    std::process::exit(1)
}

/// `{"pysol":1,"max":52,"proven":true,"won":true}` and a newline. Written by hand: a name, digits
/// and booleans need no escaping, and this cannot fail.
fn line(name: &str, number: u128, entry: Entry) -> String {
    format!(
        "{{\"{name}\":{number},\"max\":{},\"proven\":{},\"won\":{}}}\n",
        entry.max,
        entry.proven,
        entry.won()
    )
}

fn deals(args: &CatalogueArgs) -> Result<Deals, CliError> {
    let (numbering, option, text, what, lowest, end) = match (&args.pysol, &args.seed) {
        (Some(text), _) => (
            Numbering::Pysol,
            "--pysol",
            text.clone(),
            "PySolFC game numbers",
            1,
            MAX_PLAIN + 1,
        ),
        // clap requires one of the two.
        (None, seed) => (
            Numbering::Seed,
            "--seed",
            seed.as_ref().unwrap_or(&String::new()).clone(),
            "deal numbers",
            0,
            1 << 64,
        ),
    };
    let (first, count) = super::number_range(option, &text, what, lowest, end)?;
    Ok(Deals {
        numbering,
        first,
        count,
    })
}

pub fn run(args: &CatalogueArgs) -> Result<(), CliError> {
    let deals = deals(args)?;
    if args.run.checkpoint.is_some() && args.out.is_none() {
        return Err(CliError::BadInput(
            "--checkpoint needs --out FILE: lines already written to standard output cannot be \
             taken back, so a resumed run could not end as an uninterrupted one"
                .into(),
        ));
    }
    let range = format!("{}..{}", deals.first, deals.last() + 1);
    let identity = longrun::identity("russian catalogue")
        .with(&format!("--{}", deals.name()), range)
        .with_some("--budget", args.budget)
        .with_flag("--winnable", args.winnable);
    let job = Solve {
        deals,
        budget: args.budget,
        winnable: args.winnable,
        stdout: args.out.is_none(),
    };
    let outputs = Outputs {
        out: args.out.as_deref(),
        ..Outputs::default()
    };
    longrun::run(
        job,
        identity,
        &args.run,
        "deals",
        None,
        outputs,
        |catalogue| {
            let summary = SummaryJson::of(deals, &catalogue);
            let mut text = Vec::new();
            if args.json {
                serde_json::to_writer(&mut text, &summary).map_err(io::Error::from)?;
                writeln!(text)?;
            } else {
                write_summary(&mut text, &summary)?;
            }
            if args.out.is_some() {
                let mut stdout = BufWriter::new(io::stdout().lock());
                stdout.write_all(&text)?;
                stdout.flush()?;
            } else if !args.run.quiet {
                io::stderr().lock().write_all(&text)?;
            }
            Ok(())
        },
    )
}

#[derive(Serialize)]
struct SummaryJson {
    /// "pysol" or "seed".
    numbering: &'static str,
    /// Decimal strings: PySolFC's numbers go past what a double holds exactly.
    first: String,
    last: String,
    deals: u64,
    /// Deals whose maximum is proven (all of them unless a budget ran out).
    proven: u64,
    /// Deals that can be won, with the 95% Wilson interval of the share.
    winnable: tally::Rate,
    /// The best score of each deal (its maximum when proven).
    max: Option<tally::Mean>,
    /// Deals by their best score, 0 to 52.
    histogram: Vec<u64>,
}

impl SummaryJson {
    fn of(deals: Deals, catalogue: &Catalogue) -> SummaryJson {
        SummaryJson {
            numbering: deals.name(),
            first: deals.first.to_string(),
            last: deals.last().to_string(),
            deals: catalogue.deals(),
            proven: catalogue.proven,
            winnable: catalogue.winnable_rate(),
            max: tally::Mean::of_histogram(&catalogue.maxima.histogram),
            histogram: catalogue.maxima.histogram.to_vec(),
        }
    }
}

fn write_summary(out: &mut impl Write, summary: &SummaryJson) -> io::Result<()> {
    let what = if summary.numbering == "pysol" {
        "PySolFC games"
    } else {
        "deals"
    };
    writeln!(
        out,
        "catalogue of {what} {} to {}: {} deals, {} maxima proven",
        summary.first,
        summary.last,
        grouped(summary.deals),
        grouped(summary.proven)
    )?;
    writeln!(out, "winnable  {}", crate::format::rate(&summary.winnable))?;
    if let Some(max) = &summary.max {
        writeln!(
            out,
            "maximum   {}, median {}",
            crate::format::mean(max, 4, ""),
            max.median.unwrap_or(0.0)
        )?;
    }
    writeln!(
        out,
        "maximum      deals   share (maxima no deal has are left out)"
    )?;
    for (max, &count) in summary.histogram.iter().enumerate() {
        if count > 0 {
            writeln!(
                out,
                "{max:>7} {:>10} {:>7}",
                grouped(count),
                crate::format::percent(count as f64 / summary.deals as f64)
            )?;
        }
    }
    Ok(())
}
