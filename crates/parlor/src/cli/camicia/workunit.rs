//! `parlor camicia workunit IN OUT`: a camicia.dev work unit, computed on the long-run engine and
//! written exactly as camicia.dev's worker writes it (`camicia::workunit` holds the format and
//! the rules of the report).

use crate::error::CliError;
use crate::format::grouped;
use crate::longrun::{self, LongRun, Outputs};
use camicia::engine::Engine;
use camicia::workunit::{Report, Unit};
use clap::Args;
use std::io::Read;
use std::ops::Range;
use std::path::{Path, PathBuf};
use sweep::{Job, Plan};

#[derive(Args)]
#[command(
    after_help = "Examples:\n  echo '0 999999' > unit.in && parlor camicia workunit unit.in unit.out\n  parlor camicia workunit unit.in unit.out --checkpoint unit.checkpoint --fraction-done fraction_done"
)]
pub struct WorkunitArgs {
    /// The unit: two deal indices START and END separated by whitespace, END included
    #[arg(value_name = "IN")]
    input: PathBuf,
    /// Where the result goes, written whole once the unit is done: `finished,INDEX,CARDS,TRICKS`
    /// for the longest finished game, then `loop,INDEX,CARDS,TRICKS` for every loop
    #[arg(value_name = "OUT")]
    output: PathBuf,
    /// Keep in FILE how much of the unit is done, a number from 0 to 1 (for BOINC's wrapper)
    #[arg(long, value_name = "FILE")]
    fraction_done: Option<PathBuf>,
    #[command(flatten)]
    run: LongRun,
}

/// Deals per chunk of work, as for a search by index.
const CHUNK: u64 = 1 << 18;

/// The most bytes a unit's input may hold: two 21-digit numbers and some whitespace fit many
/// times over.
const LONGEST_INPUT: u64 = 4096;

/// A unit's deals on the long-run engine.
struct WorkUnit {
    first: u128,
    deals: u64,
    engine: Engine,
}

impl Job for WorkUnit {
    type Part = Report;
    type Summary = Report;
    type Basis = ();

    fn plan(&self) -> Plan {
        Plan::new(self.deals, CHUNK)
    }

    fn empty(&self) -> Report {
        Report::default()
    }

    fn basis(&self, _: &Report) {}

    fn play(&self, _chunk: u64, deals: Range<u64>, _: &()) -> Report {
        let first = self.first + u128::from(deals.start);
        Report::of(self.engine, first..self.first + u128::from(deals.end))
    }

    fn commit(&self, report: &mut Report, _chunk: u64, part: Report, _journal: &mut Vec<u8>) {
        report.append(part);
    }

    fn check(&self, report: &Report, chunks: u64) -> Result<(), String> {
        let done = u128::from(self.plan().items_before(chunks));
        report.check(self.first..self.first + done)
    }
}

pub fn run(args: &WorkunitArgs) -> Result<(), CliError> {
    let unit = read_unit(&args.input)?;
    let deals = u64::try_from(unit.last() - unit.first() + 1).map_err(|_| {
        CliError::BadInput(format!(
            "{}: a unit of {} deals, but one run covers at most {} (2^64 - 1)",
            args.input.display(),
            grouped(unit.last() - unit.first() + 1),
            grouped(u64::MAX)
        ))
    })?;
    sweep::file::check_distinct(&[("IN", &args.input), ("OUT", &args.output)])?;
    let engine = super::engine()?;
    let job = WorkUnit {
        first: unit.first(),
        deals,
        engine,
    };
    let identity = longrun::identity("camicia workunit")
        .with("START", unit.first())
        .with("END", unit.last());
    let outputs = Outputs {
        at_the_end: vec![("OUT", args.output.as_path())],
        fraction_done: args.fraction_done.as_deref(),
        ..Outputs::default()
    };
    longrun::run(
        job,
        identity,
        &args.run,
        "deals",
        Some(engine.name()),
        outputs,
        |report| {
            sweep::file::write_atomically(&args.output, report.text().as_bytes())?;
            Ok(())
        },
    )
}

fn read_unit(path: &Path) -> Result<Unit, CliError> {
    let unreadable = |source| CliError::Read {
        path: path.to_owned(),
        source,
    };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(LONGEST_INPUT + 1).read_to_end(&mut bytes))
        .map_err(unreadable)?;
    if bytes.len() as u64 > LONGEST_INPUT {
        return Err(CliError::BadInput(format!(
            "{}: expected a work unit (two deal indices), found a file of more than {} bytes",
            path.display(),
            grouped(LONGEST_INPUT)
        )));
    }
    let text = String::from_utf8(bytes).map_err(|_| {
        CliError::BadInput(format!(
            "{}: expected a work unit (two deal indices), found bytes that are not text",
            path.display()
        ))
    })?;
    text.parse()
        .map_err(|e| CliError::BadInput(format!("{}: {e}", path.display())))
}
