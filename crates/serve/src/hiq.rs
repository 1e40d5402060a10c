//! The Hi-Q endpoints: the solver's verdict (`parlor hiq solve --json`), the page's verdict
//! (from the table of prospects where it holds the position, the solver otherwise), the
//! contest's player (`parlor hiq --json`), and a position's legal jumps after a line of jumps.

use super::api::{
    ApiError, Params, RequestBody, Routes, State, contest_lines, json, only, solver, text,
};
use super::limits::{HIQ_LOSING_JUMP_POSITIONS, HIQ_MEMORY};
use super::prospects;
use axum::http::Uri;
use axum::response::Response;
use axum::routing::post;
use cancel::Cancel;
use hiq::line::{self, Line};
use hiq::prospects::Table;
use hiq::solve::{Goal, Solution, Unsolved, Verdict, losing_jump, solve_cancellable};
use hiq::{Board, contest, position};
use report::hiq::{BoardJson, GameJson, SolutionJson, VerdictJson, default_goal, parse_goal};

/// `/api/hiq/…`.
pub fn routes() -> Routes {
    Routes::new()
        .route("/api/hiq/solve", post(solve).fallback(only("POST")))
        .route("/api/hiq/verdict", post(verdict).fallback(only("POST")))
        .route("/api/hiq/board", post(board).fallback(only("POST")))
        .route("/api/hiq/play", post(play).fallback(only("POST")))
}

/// The position in the body, as `parlor hiq solve FILE` reads it.
fn position(body: RequestBody) -> Result<Board, ApiError> {
    position::parse_position(&text(body)?).map_err(ApiError::input)
}

/// `POST /api/hiq/solve?goal=G`: what `parlor hiq solve --json --memory 64M` prints.
pub async fn solve(state: State, uri: Uri, body: RequestBody) -> Result<Response, ApiError> {
    let params = Params::of(&uri, &["goal"])?;
    let goal = params.parsed("goal", parse_goal)?;
    let start = position(body)?;
    let goal = goal.unwrap_or(default_goal(start));
    let solution = solver(&state, move |cancel| {
        solve_cancellable(start, goal, HIQ_MEMORY, cancel, |_| {})
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
/// after the line, and the line's losing jump. The table answers at once where it holds the
/// line's start (and so every position after it); otherwise a solver does, as for
/// `/api/hiq/solve`, asking the table of each position it holds.
pub async fn verdict(state: State, uri: Uri, body: RequestBody) -> Result<Response, ApiError> {
    let params = Params::of(&uri, &["goal", "line"])?;
    let goal = params.parsed("goal", parse_goal)?;
    let start = position(body)?;
    let goal = goal.unwrap_or(default_goal(start));
    let played = line::play(start, params.get("line").unwrap_or(""))
        .map_err(|e| ApiError::parameter("line", e))?;
    let table = prospects::table();
    let judge = move |cancel: &Cancel| {
        judge_line(
            table,
            start,
            &played,
            goal,
            HIQ_LOSING_JUMP_POSITIONS,
            cancel,
        )
    };
    let in_table = table.is_some_and(|t| t.wins(start, goal).is_some());
    let answer = if in_table {
        // The table answers every search at once: nothing to cancel.
        judge(&Cancel::new())
    } else {
        solver(&state, judge).await?
    };
    Ok(json(&answer.map_err(past_the_budget)?))
}

/// The verdict for the end of `played` (from `start`) and the line's losing jump, whose
/// searches may examine `budget` positions together.
fn judge_line(
    table: Option<&Table>,
    start: Board,
    played: &Line,
    goal: Goal,
    budget: u64,
    cancel: &Cancel,
) -> Result<VerdictJson, Unsolved> {
    let end = played.end;
    let (solution, by_table) = judged(table, end, goal, cancel)?;
    let won = solution.verdict == Verdict::Won;
    // The end's verdict is known; a position the solver cannot judge, or one past what the
    // searches for the losing jump may examine together, leaves the losing jump unknown rather
    // than the verdict unanswered.
    let mut examined = 0;
    let winnable = |board: Board| {
        if board == end {
            return Ok(won);
        }
        if let Some(won) = table.and_then(|t| t.wins(board, goal)) {
            return Ok(won);
        }
        if examined >= budget {
            return Err(Unjudged::Spent);
        }
        let (solution, _) = judged(table, board, goal, cancel).map_err(Unjudged::Unsolved)?;
        examined += solution.positions;
        Ok(solution.verdict == Verdict::Won)
    };
    let lost = match losing_jump(start, &played.jumps, winnable) {
        Ok(lost) => lost,
        Err(Unjudged::Spent | Unjudged::Unsolved(Unsolved::OverMemory(_))) => None,
        Err(Unjudged::Unsolved(cancelled)) => return Err(cancelled),
    };
    Ok(VerdictJson::new(end, goal, &solution, by_table, lost))
}

/// Why a position along a verdict's line was not judged.
enum Unjudged {
    /// The searches for the losing jump examined their budget before it.
    Spent,
    /// Its own search stopped.
    Unsolved(Unsolved),
}

/// The table's answer for `board`, where it holds it, or the solver's; and whether the table
/// answered.
fn judged(
    table: Option<&Table>,
    board: Board,
    goal: Goal,
    cancel: &Cancel,
) -> Result<(Solution, bool), Unsolved> {
    match table.and_then(|t| t.solve(board, goal)) {
        Some(solution) => Ok((solution, true)),
        None => {
            let solution = solve_cancellable(board, goal, HIQ_MEMORY, cancel, |_| {})?;
            Ok((solution, false))
        }
    }
}

/// `POST /api/hiq/play`: what `parlor hiq --json` prints for the contest input in the body.
pub async fn play(state: State, uri: Uri, body: RequestBody) -> Result<Response, ApiError> {
    contest_lines(&state, &uri, body, contest::parse, |&board| {
        GameJson::play(board)
    })
    .await
}

/// `POST /api/hiq/board?line=12-26,25-27`: the position in the body after the line, and its
/// legal jumps.
pub async fn board(uri: Uri, body: RequestBody) -> Result<Response, ApiError> {
    let params = Params::of(&uri, &["line"])?;
    let start = position(body)?;
    let played = line::play(start, params.get("line").unwrap_or(""))
        .map_err(|e| ApiError::parameter("line", e))?;
    Ok(json(&BoardJson::new(start, &played)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// The cross of six pegs after `line`, judged for the centre with `budget`.
    fn judged_cross(line: &str, budget: u64) -> Value {
        let start = position::parse_position("5 9 10 11 17 24").unwrap();
        let played = line::play(start, line).unwrap();
        let goal = Goal::Hole(hiq::Hole::CENTRE);
        let verdict = judge_line(None, start, &played, goal, budget, &Cancel::new()).unwrap();
        serde_json::to_value(verdict).unwrap()
    }

    /// A jump out of the cross loses it: one search (of the cross) beyond the end's tells so,
    /// which the budget allows only while it is not spent.
    #[test]
    fn the_losing_jump_is_found_within_the_budget_and_left_unknown_past_it() {
        let found = judged_cross("17-29", 1);
        assert_eq!(found["losing_jump"], json!(0), "{found}");
        let spent = judged_cross("17-29", 0);
        assert_eq!(spent["losing_jump"], Value::Null, "{spent}");
        // The end's own search is outside the budget: its verdict is answered all the same.
        assert_eq!(spent["won"], json!(false), "{spent}");
        assert_eq!(spent["answered_by"], json!("solver"), "{spent}");
        assert_eq!(spent["positions"], found["positions"]);
        // Halving a longer line takes more searches than the first allows.
        let long = "10-12,24-10,9-11,11-13";
        assert_eq!(
            judged_cross(long, HIQ_LOSING_JUMP_POSITIONS)["losing_jump"],
            json!(3)
        );
        assert_eq!(judged_cross(long, 1)["losing_jump"], Value::Null);
    }
}
