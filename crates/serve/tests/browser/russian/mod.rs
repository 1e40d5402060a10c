//! The Russian Solitaire page, played as a person plays it: by clicks on the cards' visible
//! corners, by drag and by keys, against what the API answers for the same game.

mod honest;
mod play;
mod screens;
mod solvers;
mod statistics;

use crate::browser::{Failure, Outcome, Page, fail, items};
use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MOUSE_BUTTON_LEFT, MouseActions, PointerAction,
};
use serde_json::{Value, json};

pub fn trials() -> Vec<(&'static str, crate::browser::TestFn)> {
    let mut trials = play::trials();
    trials.extend(solvers::trials());
    trials.extend(statistics::trials());
    trials.extend(honest::trials());
    trials.extend(screens::trials());
    trials
}

/// Waits until the page shows the game after `line` (its URL says so and no position is being
/// fetched).
pub(super) async fn ready(page: &Page, line: &str) -> Outcome {
    let script = format!(
        "const felt = document.getElementById('felt'); \
         const moves = new URLSearchParams(location.search).get('moves') ?? ''; \
         return felt !== null && felt.getAttribute('aria-busy') === 'false' && moves === {} \
             && document.querySelectorAll('#columns .column').length === 7;",
        json!(line)
    );
    page.wait_for(&format!("the position after {line:?}"), &script)
        .await?;
    Ok(())
}

/// Waits until the game the address names (`deal=113`, `pysol=ms5`, as `game`) passes `test`, a
/// JavaScript condition on `game`, and the page shows it from its start.
async fn ready_for(page: &Page, what: &str, test: &str) -> Outcome {
    let script = format!(
        "const query = new URLSearchParams(location.search); \
         const game = ['deal', 'pysol'].filter(n => query.has(n)).map(n => `${{n}}=${{query.get(n)}}`)[0]; \
         return {test};"
    );
    page.wait_for(what, &script).await?;
    ready(page, "").await
}

/// The columns as the page draws them, in the API's notation (`[?]` for a card back).
async fn shown_columns(page: &Page) -> Result<Value, Failure> {
    let script = "return [...document.querySelectorAll('#columns .column')].map(column => \
                  [...column.querySelectorAll('.card')].map(card => \
                  card.classList.contains('down') ? '[?]' : card.dataset.card));";
    Ok(page.eval(script, vec![]).await?)
}

async fn eval(page: &Page, script: &str) -> Result<Value, Failure> {
    Ok(page.eval(script, vec![]).await?)
}

/// The point of the viewport a player aims at on element `css`: on a card, its visible corner
/// (a card lower in the column covers the rest); on a column, its middle.
async fn aim(page: &Page, css: &str) -> Result<(f64, f64), Failure> {
    let script = "const e = document.querySelector(arguments[0]); \
                  if (!e) return null; \
                  e.scrollIntoView({block: 'nearest'}); \
                  const r = e.getBoundingClientRect(); \
                  const corner = e.classList.contains('card'); \
                  return [r.left + r.width / 2, corner ? r.top + 6 : r.top + r.height / 2];";
    let point = page.eval(script, vec![json!(css)]).await?;
    match (point[0].as_f64(), point[1].as_f64()) {
        (Some(x), Some(y)) => Ok((x.round(), y.round())),
        _ => Err(fail(format!("nothing on the page matches {css}"))),
    }
}

/// The mouse moved to `(x, y)` and its left button pressed there.
fn pressed_at(x: f64, y: f64) -> MouseActions {
    MouseActions::new("mouse".into())
        .then(PointerAction::MoveTo {
            duration: None,
            x,
            y,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
}

/// A mouse click where a player would click element `css`.
async fn tap(page: &Page, css: &str) -> Outcome {
    let (x, y) = aim(page, css).await?;
    let mouse = pressed_at(x, y).then(PointerAction::Up {
        button: MOUSE_BUTTON_LEFT,
    });
    page.client.perform_actions(mouse).await?;
    Ok(())
}

/// Presses and lets go of `key` (a character, or a WebDriver key code such as `'\u{E007}'`,
/// Enter) where the focus is.
async fn press(page: &Page, key: char) -> Outcome {
    let keys = KeyActions::new("keys".into())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    page.client.perform_actions(keys).await?;
    Ok(())
}

const ENTER: char = '\u{E007}';

fn as_str(value: &Value) -> &str {
    value.as_str().unwrap_or_default()
}

/// The moves the player makes in the API's list of events, as a line writes them.
fn player_moves(events: &Value) -> Vec<String> {
    items(events)
        .filter(|m| m["kind"] == "column" || m["kind"] == "king")
        .map(|m| format!("{}-{}", as_str(&m["card"]), m["to"]))
        .collect()
}

/// Checks that the page shows what the API answers for `game` after `line`: the columns, the
/// score, and the log (one numbered entry a move, one greyed entry for each automatic event).
async fn shows(page: &Page, game: &str, line: &[String]) -> Result<Value, Failure> {
    let answer = page
        .get(&format!(
            "/api/russian/game?{game}&moves={}",
            line.join(",")
        ))
        .await?;
    let columns = shown_columns(page).await?;
    if columns != answer["columns"] {
        return Err(fail(format!(
            "after {line:?} the page shows {columns} but the game is {}",
            answer["columns"]
        )));
    }
    let score = page.text(".scoreline .big").await?;
    if score != format!("Score {} of 52", answer["score"]) {
        return Err(fail(format!(
            "the page's score is {score}, the game's {}",
            answer["score"]
        )));
    }
    let log = eval(
        page,
        "return [document.querySelectorAll('#log li:not(.auto)').length, \
                 document.querySelectorAll('#log li.auto').length];",
    )
    .await?;
    let events = answer["moves"].as_array().map_or(0, Vec::len);
    if log != json!([line.len(), events - line.len()]) {
        return Err(fail(format!(
            "the log lists {log} (moves, automatic events); the game has {} and {}",
            line.len(),
            events - line.len()
        )));
    }
    Ok(answer)
}

/// Lets `strategy` play the rest at the fast pace and waits for the game's end; its line.
pub(super) async fn autoplay(page: &Page, strategy: &str) -> Result<Vec<String>, Failure> {
    page.click(&format!("#strategy option[value='{strategy}']"))
        .await?;
    page.click("#pace option[value='100']").await?;
    page.click("#autoplay").await?;
    page.wait_for(
        "the autoplay's end",
        "return document.getElementById('status').classList.contains('over') \
             && document.getElementById('felt').getAttribute('aria-busy') === 'false' \
             && document.getElementById('autoplay').textContent === 'Play the rest';",
    )
    .await?;
    let line = eval(
        page,
        "return new URLSearchParams(location.search).get('moves') ?? '';",
    )
    .await?;
    Ok(as_str(&line)
        .split(',')
        .filter(|m| !m.is_empty())
        .map(str::to_owned)
        .collect())
}

/// Plays `card` to column `to` by clicks on the card and the column; waits for the game after
/// `line` and the move, which is added to it.
async fn click_move(page: &Page, line: &mut Vec<String>, card: &str, to: &str) -> Outcome {
    tap(page, &format!("#columns .card[data-card='{card}']")).await?;
    tap(page, &format!("#columns .column[data-column='{to}']")).await?;
    line.push(format!("{card}-{to}"));
    ready(page, &line.join(",")).await
}

/// Plays the first legal move of `game` (`deal=113`) after `line` by clicks, and adds it to
/// `line`.
async fn play_first(page: &Page, game: &str, line: &mut Vec<String>) -> Outcome {
    let game = page
        .get(&format!(
            "/api/russian/game?{game}&moves={}",
            line.join(",")
        ))
        .await?;
    let first = &game["legal"][0];
    click_move(page, line, as_str(&first["card"]), &first["to"].to_string()).await
}
