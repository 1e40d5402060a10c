//! `parlor camicia workunit IN OUT`: a camicia.dev work unit, computed on the long-run engine and
//! written exactly as camicia.dev's worker writes it (`camicia::workunit` holds the format and
//! the rules of the report).

use crate::error::CliError;
use crate::format::grouped;
use crate::longrun::{LongRun, Outputs};
use camicia::workunit::Unit;
use clap::Args;
use std::io::Read;
use std::path::{Path, PathBuf};

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
    engine: super::engine::EngineArg,
    #[command(flatten)]
    run: LongRun,
}

/// The most bytes a unit's input may hold: two 21-digit numbers and some whitespace fit many
/// times over.
const LONGEST_INPUT: u64 = 4096;

pub fn run(args: &WorkunitArgs) -> Result<(), CliError> {
    let unit = read_unit(&args.input)?;
    let engine = args.engine.choose(args.run.quiet)?;
    let run = runs::camicia::WorkunitRun::new(unit.first(), unit.last(), engine.engine())
        .ok_or_else(|| {
            CliError::BadInput(format!(
                "{}: a unit of {} deals, but one run covers at most {} (2^64 - 1)",
                args.input.display(),
                grouped(unit.last() - unit.first() + 1),
                grouped(u64::MAX)
            ))
        })?;
    let outputs = Outputs {
        reads: vec![("IN", args.input.as_path())],
        at_the_end: vec![("OUT", args.output.as_path())],
        fraction_done: args.fraction_done.as_deref(),
        ..Outputs::default()
    };
    super::run_deals(&engine, &run, &args.run, outputs, |report| {
        sweep::file::write_atomically(&args.output, report.text().as_bytes())?;
        Ok(())
    })
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
