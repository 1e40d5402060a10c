//! The Hi-Q endpoints: the solver's verdict (`parlor hiq solve --json`), the page's verdict
//! ([`hiq::verdict`]: from the table of prospects where it holds the position, the solver
//! otherwise), the verdicts one jump ahead ([`hiq::verdict::ahead`]), the contest's player
//! (`parlor hiq --json`), and a position's legal jumps after a line of jumps.

use super::body::Text;
use super::query::{Nothing, Params, read};
use super::work::{State, contest_lines, solver, solver_or};
use crate::answer::{Answer, json};
use crate::limits::{
    HIQ_LINE_POSITIONS, HIQ_LOSING_JUMP_POSITIONS, HIQ_MEMO_SOLUTIONS, HIQ_MEMORY,
};
use crate::prospects;
use crate::refusal::ApiError;
use cancel::Cancel;
use hiq::line::{self, Line};
use hiq::solve::{Goal, Unsolved, solve_cancellable};
use hiq::verdict::{self, Budget, Memo, default_goal};
use hiq::{Board, contest, position};
use report::hiq::{AheadJson, BoardJson, GameJson, SolutionJson, VerdictJson, parse_goal};
use serde::{Deserialize, Deserializer};
use std::sync::LazyLock;

/// The solutions of the server's verdicts, kept for the next questions of the same games.
static MEMO: LazyLock<Memo> = LazyLock::new(|| Memo::new(HIQ_MEMO_SOLUTIONS));

/// What judging a line may spend on the server.
const BUDGET: Budget = Budget {
    memory: HIQ_MEMORY,
    positions: HIQ_LOSING_JUMP_POSITIONS,
    line: HIQ_LINE_POSITIONS,
};

/// `goal`, as `--goal` reads it.
fn goal<'de, D: Deserializer<'de>>(parameter: D) -> Result<Option<Goal>, D::Error> {
    read(parameter, parse_goal)
}

/// The query of `solve`.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(super) struct SolveQuery {
    #[serde(deserialize_with = "goal")]
    goal: Option<Goal>,
}

/// The query of `verdict` and `ahead`: the goal, and a line of jumps from the position in the
/// body.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(super) struct VerdictQuery {
    #[serde(deserialize_with = "goal")]
    goal: Option<Goal>,
    line: Option<String>,
}

/// The query of `board`: a line of jumps from the position in the body.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(super) struct BoardQuery {
    line: Option<String>,
}

/// The position in the body, as `parlor hiq solve FILE` reads it.
fn position(Text(text): Text) -> Result<Board, ApiError> {
    position::parse_position(&text).map_err(ApiError::input)
}

/// The position in the body, and the goal: `goal`, or the default from the position.
fn start(body: Text, goal: Option<Goal>) -> Result<(Board, Goal), ApiError> {
    let start = position(body)?;
    Ok((start, goal.unwrap_or(default_goal(start))))
}

/// The line `line` (none: no jump) played from `start`.
fn played(start: Board, line: Option<&str>) -> Result<Line, ApiError> {
    line::play(start, line.unwrap_or("")).map_err(|e| ApiError::parameter("line", e))
}

/// `POST /api/hiq/solve?goal=G`: what `parlor hiq solve --json --memory 64M` prints.
pub(super) async fn solve(state: State, Params(query): Params<SolveQuery>, body: Text) -> Answer {
    let (start, goal) = start(body, query.goal)?;
    let solution = solver(&state, move |cancel| {
        solve_cancellable(start, goal, HIQ_MEMORY, u64::MAX, cancel, |_| {})
    })
    .await?
    .map_err(past_the_budget)?;
    Ok(json(&SolutionJson::new(start, goal, &solution, None)))
}

fn past_the_budget(unsolved: Unsolved) -> ApiError {
    match unsolved {
        Unsolved::OverMemory(over) => ApiError::budget(format!(
            "not known within the server's budget: {over}; `parlor hiq solve` on the command \
             line holds up to 4 GiB unless given another --memory"
        )),
        // Work is cancelled only when nobody waits for its answer, so no client reads this.
        Unsolved::Cancelled(cancelled) => ApiError::budget(cancelled.to_string()),
    }
}

/// `POST /api/hiq/verdict?goal=G&line=12-26,25-27`: the verdict for the position in the body
/// after the line, and the line's losing jump, as [`hiq::verdict`] judges them within the
/// server's budget. Where the table holds the line's start it answers at once; otherwise the
/// judging runs on a solver's thread.
pub(super) async fn verdict(
    state: State,
    Params(query): Params<VerdictQuery>,
    body: Text,
) -> Answer {
    let (start, goal) = start(body, query.goal)?;
    let played = played(start, query.line.as_deref())?;
    let table = prospects::table();
    let end = played.end;
    let judge = move |cancel: &Cancel| {
        verdict::judge(table, start, &played, goal, BUDGET, Some(&MEMO), cancel)
    };
    let judged = if verdict::answered_at_once(table, start, goal) {
        // Nothing to cancel, and nothing to wait for.
        judge(&Cancel::new())
    } else {
        solver(&state, judge).await?
    };
    Ok(json(&VerdictJson::new(
        end,
        goal,
        &judged.map_err(past_the_budget)?,
    )))
}

/// `POST /api/hiq/ahead?goal=G&line=12-26,25-27`: for every jump legal after the line, the
/// position it leads to as `board` answers it and its verdict as `verdict` does (leaving out
/// those past the solver's budget), as [`hiq::verdict::ahead`] finds them. The page asks it
/// while the player thinks, and shows the verdict with the jump. Where the table holds the start
/// it answers on the spot; otherwise the verdicts are the solver's (its solutions kept for the
/// `verdict` that follows), on a solver's thread, stopped when the page asks about another
/// position; where every solver is busy, an empty list.
pub(super) async fn ahead(state: State, Params(query): Params<VerdictQuery>, body: Text) -> Answer {
    let (start, goal) = start(body, query.goal)?;
    let played = played(start, query.line.as_deref())?;
    let table = prospects::table();
    let ahead = move |cancel: &Cancel| {
        let ahead = verdict::ahead(table, (start, &played), goal, BUDGET, Some(&MEMO), cancel)
            .map_err(|cancelled| past_the_budget(Unsolved::Cancelled(cancelled)))?;
        Ok(json(&AheadJson::new(start, goal, &ahead)))
    };
    if table.is_some_and(|t| t.wins(start, goal).is_some()) {
        ahead(&Cancel::new())
    } else {
        // Where every solver is busy, nothing is known ahead; the page asks for the position
        // once it is played.
        let nothing = Ok(json(&AheadJson::new(start, goal, &[])));
        solver_or(&state, nothing, ahead).await?
    }
}

/// `POST /api/hiq/play`: what `parlor hiq --json` prints for the contest input in the body.
pub(super) async fn play(state: State, _: Params<Nothing>, Text(input): Text) -> Answer {
    contest_lines(&state, input, contest::parse, |&board| {
        GameJson::play(board)
    })
    .await
}

/// `POST /api/hiq/board?line=12-26,25-27`: the position in the body after the line, and its
/// legal jumps.
pub(super) async fn board(Params(query): Params<BoardQuery>, body: Text) -> Answer {
    let start = position(body)?;
    let played = played(start, query.line.as_deref())?;
    Ok(json(&BoardJson::new(start, &played)))
}
