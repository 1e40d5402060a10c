//! The Hi-Q page, played as a player plays it: by clicks, keys and the page's buttons, with the
//! server's own answers (asked through the page's address, as the page asks them) as the
//! measure of what the page must show.

use crate::{Failure, Outcome, Page, fail, parlor, screenshots, trials};
use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use fantoccini::key::Key;
use serde_json::{Value, json};
use std::time::Duration;

pub fn trials() -> Vec<(&'static str, crate::TestFn)> {
    trials![
        hiq_standard_start_is_won_by_clicks,
        hiq_losing_move_then_undo_and_redo,
        hiq_keyboard_plays_a_jump,
        hiq_drag_plays_a_jump,
        hiq_reload_brings_the_game_back,
        hiq_show_me_how_plays_and_stops,
        hiq_edit_mode_builds_a_start,
        hiq_contest_line_and_contest_player,
        hiq_drawn_position_and_its_errors,
        hiq_slow_verdicts_late_and_over_budget,
        hiq_screenshots,
    ]
}

/// Every hole but the centre.
const STANDARD: &str = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 18 19 20 21 22 23 24 25 26 27 28 \
                        29 30 31 32 33";

/// The selector of hole `n`'s button.
fn hole(n: u64) -> String {
    format!(".hole[data-hole=\"{n}\"]")
}

/// POSTs `body` to the server's `path` from inside the page, and returns its JSON.
async fn post(page: &Page, path: &str, body: &str) -> Result<Value, Failure> {
    let script = "return fetch(arguments[0], {method: 'POST', body: arguments[1]})\
                  .then(r => r.json());";
    Ok(page.eval(script, vec![json!(path), json!(body)]).await?)
}

/// `(from, to)` of each jump in a JSON list of jumps.
fn jumps(value: &Value) -> Vec<(u64, u64)> {
    value
        .as_array()
        .into_iter()
        .flatten()
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
    let solution = post(page, "/api/hiq/solve", STANDARD).await?;
    if solution["won"] != json!(true) {
        return Err(fail(format!("the standard start is not won: {solution}")));
    }
    Ok(jumps(&solution["jumps"]))
}

/// The holes the board draws with a peg.
async fn pegs_shown(page: &Page) -> Result<Vec<u64>, Failure> {
    let value = page
        .eval(
            "return [...document.querySelectorAll('.hole.peg')].map(b => +b.dataset.hole);",
            vec![],
        )
        .await?;
    Ok(value
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_u64)
        .collect())
}

/// The remaining pegs of a JSON answer.
fn holes(value: &Value) -> Vec<u64> {
    value
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_u64)
        .collect()
}

/// The verdict box's whole text and classes, once it has stopped thinking.
async fn settled_verdict(page: &Page) -> Result<(String, String), Failure> {
    let value = page
        .wait_for(
            "a verdict",
            "const v = document.getElementById('verdict'); \
             return v.classList.contains('thinking') ? null : [v.innerText, v.className];",
        )
        .await?;
    Ok((
        value[0].as_str().unwrap_or_default().to_owned(),
        value[1].as_str().unwrap_or_default().to_owned(),
    ))
}

/// Clicks each jump's hole and landing hole.
async fn click_line(page: &Page, line: &[(u64, u64)]) -> Outcome {
    for &(from, to) in line {
        page.click(&hole(from)).await?;
        page.click(&hole(to)).await?;
    }
    Ok(())
}

/// What `parlor hiq` prints as the sum for the contest input `input`.
fn cli_sum(input: &str) -> Result<String, Failure> {
    let text = parlor(&["hiq"], input)?;
    // HI Q OUTPUT, the sum, END OF OUTPUT.
    text.lines()
        .nth(1)
        .map(str::to_owned)
        .ok_or_else(|| fail(format!("parlor hiq printed {text:?}")))
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

async fn hiq_standard_start_is_won_by_clicks(page: Page) -> Outcome {
    page.open("/hiq").await?;
    page.wait_text(
        "#verdict",
        "Won: a single peg in the centre is still reachable",
    )
    .await?;
    page.wait_text("#status", "32 pegs · 0 jumps played")
        .await?;
    let line = winning_line(&page).await?;
    // Only the server's legal jumps are offered: the peg picked shows its landing holes.
    let (from, to) = line[0];
    page.click(&hole(from)).await?;
    let shown = page
        .wait_for(
            "the picked peg's landing holes",
            "const t = [...document.querySelectorAll('.hole.target')].map(b => +b.dataset.hole); \
             return document.querySelector('.hole.selected') ? t : null;",
        )
        .await?;
    let start = post(&page, "/api/hiq/board", STANDARD).await?;
    let legal: Vec<u64> = jumps(&start["legal"])
        .into_iter()
        .filter(|&(f, _)| f == from)
        .map(|(_, t)| t)
        .collect();
    if holes(&shown) != legal {
        return Err(fail(format!(
            "the peg in {from} offers {shown}; the server's legal jumps land in {legal:?}"
        )));
    }
    let label = page.find(&hole(to)).await?.attr("aria-label").await?;
    if !label.is_some_and(|l| l.starts_with(&format!("hole {to}, empty"))) {
        return Err(fail(format!("hole {to} is not labelled as an empty hole")));
    }
    page.click(&hole(to)).await?;
    click_line(&page, &line[1..]).await?;
    page.wait_text("#status", "1 peg · 31 jumps played · no jump left")
        .await?;
    let (text, class) = settled_verdict(&page).await?;
    if !text.starts_with("Won: a single peg in the centre\n") || !class.contains("won") {
        return Err(fail(format!("the end's verdict is {text:?} ({class})")));
    }
    if pegs_shown(&page).await? != [17] {
        return Err(fail("the board does not show the single peg in 17"));
    }
    let label = page.find(&hole(17)).await?.attr("aria-label").await?;
    if label.as_deref() != Some("hole 17, peg") {
        return Err(fail(format!("hole 17 is labelled {label:?}")));
    }
    let logged = page
        .eval(
            "return document.querySelectorAll('#log li').length;",
            vec![],
        )
        .await?;
    if logged != json!(31) {
        return Err(fail(format!("the log lists {logged} jumps, not 31")));
    }
    Ok(())
}

/// A jump, from the position after the first `played` jumps of the winning line, that loses;
/// with the fewest pegs the solver says are left after it.
async fn losing_jump(
    page: &Page,
    line: &[(u64, u64)],
    played: usize,
) -> Result<((u64, u64), usize), Failure> {
    let prefix = written(&line[..played], ",");
    let here = post(page, &format!("/api/hiq/board?line={prefix}"), STANDARD).await?;
    for (from, to) in jumps(&here["legal"]) {
        let after = post(
            page,
            &format!("/api/hiq/board?line={prefix},{from}-{to}"),
            STANDARD,
        )
        .await?;
        let position: Vec<String> = holes(&after["remaining"])
            .iter()
            .map(u64::to_string)
            .collect();
        let verdict = post(page, "/api/hiq/solve?goal=centre", &position.join(" ")).await?;
        if verdict["won"] == json!(false) {
            return Ok(((from, to), holes(&verdict["remaining"]).len()));
        }
    }
    Err(fail(format!("no jump loses after {played} jumps")))
}

async fn hiq_losing_move_then_undo_and_redo(page: Page) -> Outcome {
    page.open("/hiq").await?;
    let line = winning_line(&page).await?;
    let played = 20;
    let ((from, to), fewest) = losing_jump(&page, &line, played).await?;
    page.open(&format!("/hiq?line={}", written(&line[..played], "+")))
        .await?;
    page.wait_text(
        "#verdict",
        "Won: a single peg in the centre is still reachable",
    )
    .await?;
    let won = settled_verdict(&page).await?.0;
    let status = page.text("#status").await?;
    let lost = if fewest == 1 {
        "Lost: a single peg in the centre cannot be reached, but a single peg in hole".to_owned()
    } else {
        format!("Lost: the fewest pegs now reachable is {fewest}")
    };

    page.click(&hole(from)).await?;
    page.click(&hole(to)).await?;
    page.wait_text("#verdict", &lost).await?;
    if !page
        .find("#verdict")
        .await?
        .attr("class")
        .await?
        .unwrap_or_default()
        .contains("lost")
    {
        return Err(fail("a lost verdict is not marked lost"));
    }
    page.click("#undo").await?;
    page.wait_text(
        "#verdict",
        "Won: a single peg in the centre is still reachable",
    )
    .await?;
    if settled_verdict(&page).await?.0 != won || page.text("#status").await? != status {
        return Err(fail("undo did not bring back the position and its verdict"));
    }
    page.click("#redo").await?;
    page.wait_text("#verdict", &lost).await?;
    page.wait_text("#status", &format!("{} jumps played", played + 1))
        .await?;

    // The keys do the same, and Ctrl+Z / Ctrl+Y as well as U / R.
    let body = page.find("body").await?;
    body.send_keys("u").await?;
    page.wait_text("#verdict", "Won: a single peg").await?;
    body.send_keys("r").await?;
    page.wait_text("#verdict", &lost).await?;
    body.send_keys(&(Key::Control + "z")).await?;
    page.wait_text("#verdict", "Won: a single peg").await?;
    body.send_keys(&(Key::Control + "y")).await?;
    page.wait_text("#verdict", &lost).await?;
    if page.find("#redo").await?.is_enabled().await? {
        return Err(fail("redo is offered with nothing undone"));
    }
    Ok(())
}

/// Gives hole `n` the focus, as a click or the Tab key would.
async fn focus(page: &Page, n: u64) -> Outcome {
    let script = format!("document.querySelector('{}').focus();", hole(n));
    page.eval(&script, vec![]).await?;
    Ok(())
}

/// Presses the arrow `keys` one after another; they must lead the focus to hole `to`.
async fn arrows_lead_to(page: &Page, keys: &[Key], to: u64) -> Outcome {
    for &key in keys {
        page.press(key).await?;
    }
    let focused = page
        .eval("return +document.activeElement.dataset.hole || 0;", vec![])
        .await?;
    if focused.as_u64() != Some(to) {
        return Err(fail(format!(
            "the arrows {keys:?} led to hole {focused}, not {to}"
        )));
    }
    Ok(())
}

async fn hiq_keyboard_plays_a_jump(page: Page) -> Outcome {
    page.open("/hiq").await?;
    page.wait_text("#verdict", "Won").await?;
    // From 1: right to 2, down to 5 (a peg that can jump into the centre).
    focus(&page, 1).await?;
    arrows_lead_to(&page, &[Key::Right, Key::Down], 5).await?;
    page.press(Key::Enter).await?;
    page.wait_for(
        "the peg in 5 picked, 17 its landing hole",
        "return document.querySelector('.hole.selected[data-hole=\"5\"]') && \
         document.querySelector('.hole.target[data-hole=\"17\"]');",
    )
    .await?;
    // Escape lets go of it; Space picks it again.
    page.press(Key::Escape).await?;
    page.wait_for(
        "nothing picked",
        "return !document.querySelector('.hole.selected');",
    )
    .await?;
    page.press(Key::Space).await?;
    page.wait_for(
        "the peg in 5 picked",
        "return document.querySelector('.hole.selected');",
    )
    .await?;
    // Down past the peg in 10 to the centre, and land.
    arrows_lead_to(&page, &[Key::Down, Key::Down], 17).await?;
    page.press(Key::Enter).await?;
    page.wait_text("#status", "31 pegs · 1 jump played").await?;
    if pegs_shown(&page).await?.contains(&5) || !pegs_shown(&page).await?.contains(&17) {
        return Err(fail("the jump 5 over 10 to 17 is not on the board"));
    }
    // The edge stops the arrows: left from 7 stays on 7.
    focus(&page, 7).await?;
    arrows_lead_to(&page, &[Key::Left], 7).await
}

/// Presses the mouse on hole `from` and moves it, slowly, onto hole `to` without letting go.
async fn drag_onto(page: &Page, from: u64, to: u64) -> Outcome {
    let step = |element, ms| PointerAction::MoveToElement {
        element,
        duration: Some(Duration::from_millis(ms)),
        x: 0.0,
        y: 0.0,
    };
    let mouse = MouseActions::new("mouse".into())
        .then(step(page.find(&hole(from)).await?, 0))
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(step(page.find(&hole(to)).await?, 300));
    page.client.perform_actions(mouse).await?;
    Ok(())
}

async fn let_go(page: &Page) -> Outcome {
    let mouse = MouseActions::new("mouse".into()).then(PointerAction::Up {
        button: MOUSE_BUTTON_LEFT,
    });
    page.client.perform_actions(mouse).await?;
    Ok(())
}

async fn hiq_drag_plays_a_jump(page: Page) -> Outcome {
    page.open("/hiq").await?;
    page.wait_text("#verdict", "Won").await?;
    drag_onto(&page, 5, 17).await?;
    page.wait_for(
        "a peg dragged from 5, with 17 its landing hole",
        "return document.querySelector('.drag-peg') && \
         document.querySelector('.hole.dragging.selected[data-hole=\"5\"]') && \
         document.querySelector('.hole.target[data-hole=\"17\"]');",
    )
    .await?;
    let_go(&page).await?;
    page.wait_text("#status", "31 pegs · 1 jump played").await?;
    if page
        .eval("return !!document.querySelector('.drag-peg');", vec![])
        .await?
        != json!(false)
    {
        return Err(fail("the dragged peg stays on the screen after the drop"));
    }
    let pegs = pegs_shown(&page).await?;
    if pegs.contains(&5) || pegs.contains(&10) || !pegs.contains(&17) {
        return Err(fail("the drop did not make the jump 5 over 10 to 17"));
    }
    // Dropped where it cannot land, the peg stays, picked.
    drag_onto(&page, 29, 1).await?;
    let_go(&page).await?;
    page.wait_for(
        "the peg in 29 picked",
        "return document.querySelector('.hole.selected[data-hole=\"29\"]');",
    )
    .await?;
    if !page.text("#status").await?.contains("1 jump played")
        || !pegs_shown(&page).await?.contains(&29)
    {
        return Err(fail("a drop where no jump lands moved a peg"));
    }
    Ok(())
}

async fn hiq_reload_brings_the_game_back(page: Page) -> Outcome {
    page.open("/hiq").await?;
    let line = winning_line(&page).await?;
    page.wait_text("#verdict", "Won").await?;
    click_line(&page, &line[..3]).await?;
    page.wait_text("#status", "3 jumps played").await?;
    let goal = page.find("#goal").await?;
    goal.select_by_value("any").await?;
    page.wait_text("#verdict", "Won: a single peg is still reachable")
        .await?;
    let before = (
        page.client.current_url().await?,
        pegs_shown(&page).await?,
        page.text("#status").await?,
        settled_verdict(&page).await?.0,
    );
    let query = before.0.query().unwrap_or_default().to_owned();
    let expected = format!("line={}&goal=any", written(&line[..3], "+"));
    if query != expected {
        return Err(fail(format!(
            "the address says {query:?}, not {expected:?}"
        )));
    }
    page.client.refresh().await?;
    page.wait_text("#status", "3 jumps played").await?;
    let after = (
        page.client.current_url().await?,
        pegs_shown(&page).await?,
        page.text("#status").await?,
        settled_verdict(&page).await?.0,
    );
    if after != before {
        return Err(fail(format!(
            "before the reload {before:?}, after it {after:?}"
        )));
    }
    let chosen = page
        .eval("return document.getElementById('goal').value;", vec![])
        .await?;
    if chosen != json!("any") {
        return Err(fail(format!("the goal after the reload is {chosen}")));
    }
    Ok(())
}

/// The two slow verdicts in one trial, so that at most one trial at a time keeps a solver of
/// the shared server busy for seconds (the others would be answered 503).
async fn hiq_slow_verdicts_late_and_over_budget(page: Page) -> Outcome {
    late_verdict_never_overwrites(&page).await?;
    budget_is_said_politely(&page).await
}

async fn late_verdict_never_overwrites(page: &Page) -> Outcome {
    // From here one jump (11 over 10 to 9) leads to a position the solver takes seconds over.
    page.open("/hiq?line=5-17+8-10").await?;
    let before = settled_verdict(page).await?.0;
    page.click(&hole(11)).await?;
    page.click(&hole(9)).await?;
    page.wait_text("#verdict", "Thinking").await?;
    // The page asks once the position has stood 100 ms; the answer takes seconds.
    tokio::time::sleep(Duration::from_millis(400)).await;
    if !page.text("#verdict").await?.contains("Thinking") {
        return Err(fail(
            "the slow position was answered too soon to test a late answer",
        ));
    }
    page.click("#undo").await?;
    page.wait_text("#status", "2 jumps played").await?;
    // Longer than the solver takes over the position left.
    tokio::time::sleep(Duration::from_secs(8)).await;
    let now = settled_verdict(page).await?.0;
    if now != before {
        return Err(fail(format!(
            "the verdict of the position left replaced the current one: {now:?}, not {before:?}"
        )));
    }
    Ok(())
}

async fn hiq_show_me_how_plays_and_stops(page: Page) -> Outcome {
    page.open("/hiq").await?;
    let line = winning_line(&page).await?;
    page.open(&format!("/hiq?line={}", written(&line[..26], "+")))
        .await?;
    page.wait_text("#verdict", "Won").await?;
    page.wait_for(
        "Show me how offered",
        "return !document.getElementById('show').disabled;",
    )
    .await?;
    page.click("#show").await?;
    page.wait_text("#show", "Stop").await?;
    page.wait_text("#verdict", "Showing the solver's line")
        .await?;
    page.wait_text("#status", "1 peg · 31 jumps played · no jump left")
        .await?;
    page.wait_text("#verdict", "Won: a single peg in the centre")
        .await?;
    page.wait_text("#show", "Show me how").await?;
    let shown = page
        .eval(
            "return document.querySelectorAll('#log li.auto').length;",
            vec![],
        )
        .await?;
    if shown != json!(5) {
        return Err(fail(format!(
            "the log marks {shown} jumps as the solver's, not 5"
        )));
    }

    // Stopped after its first jump, it plays no more.
    page.open(&format!("/hiq?line={}", written(&line[..20], "+")))
        .await?;
    page.wait_for(
        "Show me how offered",
        "return !document.getElementById('show').disabled;",
    )
    .await?;
    page.click("#show").await?;
    page.wait_text("#status", "21 jumps played").await?;
    page.click("#show").await?;
    page.wait_text("#message", "Stopped after 1 of the solver's")
        .await?;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let status = page.text("#status").await?;
    if !status.contains("21 jumps played") {
        return Err(fail(format!("after Stop the line went on: {status}")));
    }
    page.wait_text(
        "#verdict",
        "Won: a single peg in the centre is still reachable",
    )
    .await?;
    Ok(())
}

async fn hiq_edit_mode_builds_a_start(page: Page) -> Outcome {
    page.open("/hiq").await?;
    page.wait_text("#verdict", "Won").await?;
    page.click("#empty").await?;
    page.wait_text("#status", "0 pegs placed").await?;
    let editing = page
        .eval(
            "return !document.getElementById('edit-banner').hidden && \
             document.getElementById('cross').classList.contains('editing') && \
             document.getElementById('controls').hidden;",
            vec![],
        )
        .await?;
    if editing != json!(true) {
        return Err(fail("the editor is not marked as such"));
    }
    for n in [9, 16, 21, 22, 5] {
        page.click(&hole(n)).await?;
    }
    // A second click takes a peg out.
    page.click(&hole(5)).await?;
    page.wait_text("#status", "4 pegs placed").await?;
    let url = page.client.current_url().await?;
    if url.query() != Some("edit=1&pegs=9+16+21+22") {
        return Err(fail(format!("the editor's address is {url}")));
    }
    // A reload goes on editing.
    page.client.refresh().await?;
    page.wait_text("#status", "4 pegs placed").await?;
    if pegs_shown(&page).await? != [9, 16, 21, 22] {
        return Err(fail("the reload lost the pegs placed"));
    }
    page.click("#edit-done").await?;
    page.wait_text("#status", "4 pegs · 0 jumps played").await?;
    if pegs_shown(&page).await? != [9, 16, 21, 22] {
        return Err(fail("the game does not start from the pegs placed"));
    }
    // Not the standard start: the goal is any single peg, which 9 16 21 22 cannot reach.
    page.wait_text("#verdict", "Lost: the fewest pegs now reachable is 2")
        .await?;
    let goal = page
        .eval("return document.getElementById('goal').value;", vec![])
        .await?;
    if goal != json!("any") {
        return Err(fail(format!("the goal of an edited start is {goal}")));
    }
    let url = page.client.current_url().await?;
    if url.query() != Some("pegs=9+16+21+22") {
        return Err(fail(format!("the game's address is {url}")));
    }
    Ok(())
}

async fn hiq_contest_line_and_contest_player(page: Page) -> Outcome {
    page.open("/hiq").await?;
    page.wait_text("#verdict", "Won").await?;
    for game in ["10 12 17 19 25 0", "9 16 21 22 0"] {
        let field = page.find("#contest-line").await?;
        field.clear().await?;
        field.send_keys(game).await?;
        page.click("#contest-form button[type=submit]").await?;
        let pegs: Vec<u64> = game
            .split(' ')
            .filter_map(|n| n.parse().ok())
            .filter(|&n| n != 0)
            .collect();
        page.wait_text("#status", &format!("{} pegs · 0 jumps played", pegs.len()))
            .await?;
        if pegs_shown(&page).await? != pegs {
            return Err(fail(format!(
                "the contest line {game} did not start the game"
            )));
        }
        let sum = cli_sum(&format!("1\n{game}\n"))?;
        let play = post(&page, "/api/hiq/play", &format!("1\n{game}\n")).await?;
        let total = jumps(&play["jumps"]).len();
        page.wait_for(
            "the contest player offered",
            "return !document.getElementById('contest').disabled;",
        )
        .await?;
        page.click("#contest").await?;
        page.wait_text("#message", &format!("the sum of their holes is {sum}."))
            .await?;
        page.wait_text("#status", &format!("{total} jumps played"))
            .await?;
        let marked = page
            .eval(
                "return document.querySelectorAll('#log li.auto').length;",
                vec![],
            )
            .await?;
        if marked != json!(total) {
            return Err(fail(format!("the log marks {marked} of {total} jumps")));
        }
        if pegs_shown(&page).await? != holes(&play["remaining"]) {
            return Err(fail("the board is not where the contest player stopped"));
        }
    }
    // A contest line that is not one is refused with the reader's place.
    let field = page.find("#contest-line").await?;
    field.clear().await?;
    field.send_keys("10 12 x7 0").await?;
    page.click("#contest-form button[type=submit]").await?;
    page.wait_text("#start-message", "column 7: expected a hole number")
        .await?;
    only_expected_errors(&page, "400").await?;
    page.wait_text("#status", "jumps played").await?;
    Ok(())
}

async fn hiq_drawn_position_and_its_errors(page: Page) -> Outcome {
    page.open("/hiq").await?;
    page.wait_text("#verdict", "Won").await?;
    let drawn = "  OOO\n  OOO\nOOOXOOO\nOOOXOOO\nOOOOOOO\n  OOO\n  OOO";
    let field = page.find("#drawn").await?;
    field.send_keys(drawn).await?;
    page.click("#drawn-form button[type=submit]").await?;
    page.wait_text("#status", "2 pegs · 0 jumps played").await?;
    if pegs_shown(&page).await? != [10, 17] {
        return Err(fail("the drawn position did not start the game"));
    }
    page.wait_text("#verdict", "Won: a single peg is still reachable")
        .await?;
    // Hole numbers too, and a fault is shown where it is.
    field.clear().await?;
    field.send_keys("10 17\n5 34").await?;
    page.click("#drawn-form button[type=submit]").await?;
    page.wait_text("#start-message", "line 2, column 3").await?;
    let selection = page
        .eval(
            "const t = document.getElementById('drawn'); return [t.selectionStart, t.selectionEnd];",
            vec![],
        )
        .await?;
    if selection != json!([8, 9]) {
        return Err(fail(format!(
            "the fault is not selected in the drawing: {selection}"
        )));
    }
    only_expected_errors(&page, "400").await?;
    Ok(())
}

async fn budget_is_said_politely(page: &Page) -> Outcome {
    let pegs = (1..=33)
        .filter(|n| ![24, 31].contains(n))
        .map(|n: u32| n.to_string())
        .collect::<Vec<_>>()
        .join("+");
    page.open(&format!("/hiq?pegs={pegs}")).await?;
    page.wait_text("#verdict", "Not known within the server's budget")
        .await?;
    page.wait_text("#verdict", "parlor hiq solve").await?;
    if page.find("#show").await?.is_enabled().await? {
        return Err(fail("Show me how is offered with no line known"));
    }
    only_expected_errors(page, "422").await?;
    Ok(())
}

async fn hiq_screenshots(page: Page) -> Outcome {
    page.open("/hiq").await?;
    let line = winning_line(&page).await?;
    page.open(&format!("/hiq?line={}", written(&line[..9], "+")))
        .await?;
    page.wait_text("#verdict", "Won").await?;
    let (from, _) = line[9];
    page.click(&hole(from)).await?;
    page.wait_for(
        "a peg picked",
        "return document.querySelector('.hole.target');",
    )
    .await?;
    for (width, height) in [(1280, 800), (390, 844)] {
        let path = page.screenshot("hiq", width, height).await?;
        // The whole board is on the screen, and nothing is wider than the window.
        let fits = page
            .eval(
                "const r = document.getElementById('cross').getBoundingClientRect(); \
                 return r.left >= 0 && r.right <= innerWidth && \
                 document.documentElement.scrollWidth <= innerWidth;",
                vec![],
            )
            .await?;
        if fits != json!(true) {
            return Err(fail(format!("the board does not fit at {width}×{height}")));
        }
        if !path.starts_with(screenshots()) {
            return Err(fail("the screenshot is not where it belongs"));
        }
    }
    page.resize(1280, 800).await?;
    page.click("#edit-this").await?;
    page.wait_text("#status", "pegs placed").await?;
    page.screenshot("hiq-editing", 1280, 800).await?;
    page.click("#edit-cancel").await?;
    page.wait_text("#status", "9 jumps played").await?;
    Ok(())
}
