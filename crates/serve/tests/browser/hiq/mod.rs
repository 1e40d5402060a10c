//! The Hi-Q page, played as a player plays it: by clicks, keys and the page's buttons, with the
//! server's own answers (asked through the page's address, as the page asks them) as the
//! measure of what the page must show.

mod instant;
mod play;
mod solver;
mod verdicts;

use crate::browser::{Failure, Outcome, Page, fail, items};
use crate::trials;
use fantoccini::key::Key;
use serde_json::{Value, json};
use std::time::Duration;

pub fn trials() -> Vec<(&'static str, crate::browser::TestFn)> {
    let mut trials = play::trials();
    trials.extend(solver::trials());
    trials.extend(verdicts::trials());
    trials.extend(instant::trials());
    trials
}

/// Every hole but the centre.
const STANDARD: &str = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 18 19 20 21 22 23 24 25 26 27 28 \
                        29 30 31 32 33";

/// The longest a verdict may take to show: while every solver is busy the page asks again each
/// second, each ask waiting up to the server's wait for a solver, and then the request may take
/// the server's whole time for one (on a machine as loaded as CI's, a search of seconds alone
/// takes that long).
const VERDICT_WAIT: Duration =
    Duration::from_secs(5).saturating_add(serve::limits::REQUEST_TIMEOUT.saturating_mul(2));

/// The selector of hole `n`'s button.
fn hole(n: u64) -> String {
    format!(".hole[data-hole=\"{n}\"]")
}

/// `(from, to)` of each jump in a JSON list of jumps.
fn jumps(value: &Value) -> Vec<(u64, u64)> {
    items(value)
        .map(|j| {
            (
                j["from"].as_u64().unwrap_or(0),
                j["to"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

/// A line written short, `5-17,8-10`.
fn written(line: &[(u64, u64)], separator: &str) -> String {
    line.iter()
        .map(|(from, to)| format!("{from}-{to}"))
        .collect::<Vec<_>>()
        .join(separator)
}

/// The solver's winning line from the standard start.
async fn winning_line(page: &Page) -> Result<Vec<(u64, u64)>, Failure> {
    let solution = page.post("/api/hiq/solve", STANDARD).await?;
    if solution["won"] != json!(true) {
        return Err(fail(format!("the standard start is not won: {solution}")));
    }
    Ok(jumps(&solution["jumps"]))
}

/// Opens the page with the standard start and `played` jumped, as a link to that game does.
pub(crate) async fn open_played(page: &Page, played: &[(u64, u64)]) -> Outcome {
    page.open(&format!("/hiq?line={}", written(played, "+")))
        .await
}

/// Opens the page after the first `played` jumps of the solver's winning line, once its verdict
/// is in; the whole line.
pub(crate) async fn won_after(page: &Page, played: usize) -> Result<Vec<(u64, u64)>, Failure> {
    page.open("/hiq").await?;
    let line = winning_line(page).await?;
    open_played(page, &line[..played]).await?;
    page.wait_text("#verdict", "Winnable").await?;
    Ok(line)
}

/// Waits until the page offers to show the solver's line.
async fn show_offered(page: &Page) -> Outcome {
    page.wait_for(
        "Show me how offered",
        "return !document.getElementById('show').disabled;",
    )
    .await?;
    Ok(())
}

/// The holes the board draws with a peg.
async fn pegs_shown(page: &Page) -> Result<Vec<u64>, Failure> {
    let value = page
        .eval(
            "return [...document.querySelectorAll('.hole.peg')].map(b => +b.dataset.hole);",
            vec![],
        )
        .await?;
    Ok(items(&value).filter_map(Value::as_u64).collect())
}

/// The remaining pegs of a JSON answer.
fn holes(value: &Value) -> Vec<u64> {
    items(value).filter_map(Value::as_u64).collect()
}

/// The verdict box's whole text and classes, once it has stopped thinking.
async fn settled_verdict(page: &Page) -> Result<(String, String), Failure> {
    let value = page
        .wait_for_within(
            "a verdict",
            "const v = document.getElementById('verdict'); \
             return v.classList.contains('thinking') ? null : [v.innerText, v.className];",
            VERDICT_WAIT,
        )
        .await?;
    Ok((
        value[0].as_str().unwrap_or_default().to_owned(),
        value[1].as_str().unwrap_or_default().to_owned(),
    ))
}

/// Clicks each jump's hole and landing hole.
pub(crate) async fn click_line(page: &Page, line: &[(u64, u64)]) -> Outcome {
    for &(from, to) in line {
        page.click(&hole(from)).await?;
        page.click(&hole(to)).await?;
    }
    Ok(())
}

/// The sum the contest's player leaves for the one game of the contest input `input`, as
/// `parlor hiq` prints it.
fn contest_sum(input: &str) -> Result<String, Failure> {
    let boards = hiq::contest::parse(input)?;
    match boards.as_slice() {
        [start] => Ok(hiq::auto::finish(*start).hole_sum().to_string()),
        _ => Err(fail(format!("not one game: {input:?}"))),
    }
}

/// Fails unless every error the page logged since the last call mentions `expected`: a status
/// the trial caused on purpose, which the browser logs as an error of the page.
async fn only_expected_errors(page: &Page, expected: &str) -> Outcome {
    let errors = page.errors().await?;
    if errors.is_empty() {
        return Err(fail(format!(
            "the page logged no {expected}, which the trial caused"
        )));
    }
    if let Some(other) = errors.iter().find(|e| !e.contains(expected)) {
        return Err(fail(format!(
            "the page logged an error besides the {expected}: {other}"
        )));
    }
    Ok(())
}
