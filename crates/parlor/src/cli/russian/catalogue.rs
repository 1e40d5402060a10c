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
use crate::longrun::{self, LongRun, Outputs, Results};
use clap::{ArgGroup, Args};
use report::count::count;
use report::russian::CatalogueJson;
use runs::Deals;
use russian::catalogue::Numbering;
use russian::pysol::MAX_PLAIN;
use std::io::{self, Write};
use std::path::PathBuf;

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
    /// Search at most NODES positions a deal (0 to 2^64 - 1); a deal whose search runs out gets the best score
    /// found and "proven":false
    #[arg(long, value_name = "NODES", value_parser = count("a number of positions", 0, u64::MAX))]
    budget: Option<u64>,
    /// Write the lines of the deals that can be won only (the summary still counts every deal)
    #[arg(long)]
    winnable: bool,
    /// Write the lines to FILE, as their chunks are done and resumably, and the summary to
    /// standard output (without it: the lines on standard output, the summary on standard error)
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    json: crate::output::Json,
    #[command(flatten)]
    run: LongRun,
}

fn deals(args: &CatalogueArgs) -> Result<(Numbering, Deals), CliError> {
    match (&args.pysol, &args.seed) {
        (Some(text), _) => {
            let deals = crate::cli::deal_range(
                "--pysol",
                "A..B",
                text,
                "PySolFC game numbers",
                1,
                MAX_PLAIN + 1,
            )?;
            Ok((Numbering::Pysol, deals))
        }
        // clap requires one of the two.
        (None, seed) => {
            let text = seed.as_deref().unwrap_or_default();
            let deals = crate::cli::deal_range("--seed", "A..B", text, "deal numbers", 0, 1 << 64)?;
            Ok((Numbering::Seed, deals))
        }
    }
}

pub fn run(args: &CatalogueArgs) -> Result<(), CliError> {
    let (numbering, deals) = deals(args)?;
    if args.run.checkpoint.is_some() && args.out.is_none() {
        return Err(CliError::BadInput(
            "--checkpoint needs --out FILE: lines already written to standard output cannot be \
             taken back, so a resumed run could not end as an uninterrupted one"
                .into(),
        ));
    }
    let catalogue = runs::russian::CatalogueRun::new(numbering, deals, args.budget, args.winnable);
    let outputs = Outputs {
        results: Some(args.out.as_deref().map_or(Results::Stdout, Results::File)),
        ..Outputs::default()
    };
    longrun::run(&catalogue, &args.run, "deals", None, outputs, |catalogue| {
        let summary = CatalogueJson::of(numbering, deals.first, deals.last(), &catalogue);
        let mut text = Vec::new();
        if args.json.on {
            crate::output::json_line(&mut text, &summary)?;
        } else {
            write_summary(&mut text, &summary)?;
        }
        if args.out.is_some() {
            let mut stdout = crate::output::stdout();
            stdout.write_all(&text)?;
            stdout.flush()?;
        } else if !args.run.quiet {
            io::stderr().lock().write_all(&text)?;
        }
        Ok(())
    })
}

fn write_summary(out: &mut impl Write, summary: &CatalogueJson) -> io::Result<()> {
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
