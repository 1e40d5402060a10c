//! The Russian Solitaire page, played as a person plays it: by clicks on the cards' visible
//! corners, by drag and by keys, against what the API answers for the same game.

use crate::browser::{Failure, Outcome, Page, fail};
use crate::trials;
use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MOUSE_BUTTON_LEFT, MouseActions, PointerAction,
};
use serde_json::{Value, json};
use std::time::Duration;

pub fn trials() -> Vec<(&'static str, crate::browser::TestFn)> {
    trials![
        russian_moves_by_click_follow_the_score_log_and_url_and_undo,
        russian_hint_is_the_fair_planners_move,
        russian_peek_shows_the_exact_maximum,
        russian_autoplay_scores_as_the_strategy_and_the_purse_counts_once,
        russian_keys_drag_reload_and_a_pysol_game,
        russian_screenshots_and_a_phone_sized_window,
    ]
}

/// Waits until the page shows the game after `line` (its URL says so and no position is being
/// fetched).
async fn ready(page: &Page, line: &str) -> Outcome {
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

/// The API's answer to GET `path`, asked from the page.
async fn get(page: &Page, path: &str) -> Result<Value, Failure> {
    let script = "return fetch(arguments[0]).then(r => r.json());";
    Ok(page.eval(script, vec![json!(path)]).await?)
}

/// The API's answer to POST `body` to `path`, asked from the page.
async fn post(page: &Page, path: &str, body: &str) -> Result<Value, Failure> {
    let script =
        "return fetch(arguments[0], {method: 'POST', body: arguments[1]}).then(r => r.json());";
    Ok(page.eval(script, vec![json!(path), json!(body)]).await?)
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
    events
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| m["kind"] == "column" || m["kind"] == "king")
        .map(|m| format!("{}-{}", as_str(&m["card"]), m["to"]))
        .collect()
}

/// Checks that the page shows what the API answers for `game` after `line`: the columns, the
/// score, and the log (one numbered entry a move, one greyed entry for each automatic event).
async fn shows(page: &Page, game: &str, line: &[String]) -> Result<Value, Failure> {
    let answer = get(
        page,
        &format!("/api/russian/game?{game}&moves={}", line.join(",")),
    )
    .await?;
    let columns = shown_columns(page).await?;
    if columns != answer["columns"] {
        return Err(fail(format!(
            "after {line:?} the page shows {columns} but the game is {}",
            answer["columns"]
        )));
    }
    let score = page.text("#score").await?;
    if score.parse::<u64>().ok() != answer["score"].as_u64() {
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

async fn russian_moves_by_click_follow_the_score_log_and_url_and_undo(page: Page) -> Outcome {
    page.open("/russian?deal=1").await?;
    ready(&page, "").await?;
    let mut line: Vec<String> = Vec::new();
    let mut answer = shows(&page, "deal=1", &line).await?;
    for _ in 0..3 {
        let legal = answer["legal"].as_array().cloned().unwrap_or_default();
        let last = legal
            .last()
            .ok_or_else(|| fail("deal 1 ended too soon for the test"))?;
        let (card, to) = (as_str(&last["card"]), last["to"].as_u64().unwrap_or(0));
        tap(&page, &format!("#columns .card[data-card='{card}']")).await?;
        let expected: Vec<u64> = legal
            .iter()
            .filter(|m| m["card"] == card)
            .filter_map(|m| m["to"].as_u64())
            .collect();
        let highlighted = eval(
            &page,
            "return [...document.querySelectorAll('#columns .column.destination')] \
                 .map(c => Number(c.dataset.column));",
        )
        .await?;
        if highlighted != json!(expected) {
            return Err(fail(format!(
                "{card} picked up highlights columns {highlighted}; its legal destinations are {expected:?}"
            )));
        }
        tap(&page, &format!("#columns .column[data-column='{to}']")).await?;
        line.push(format!("{card}-{to}"));
        ready(&page, &line.join(",")).await?;
        answer = shows(&page, "deal=1", &line).await?;
        let money = page.text("#money").await?;
        let net = answer["net"].as_f64().unwrap_or_default();
        if !money.contains(&format!("${}", net.abs())) {
            return Err(fail(format!(
                "the money shown, {money:?}, is not the game's net {net}"
            )));
        }
    }
    // A click on a column the picked card cannot go to moves nothing.
    let legal = answer["legal"].as_array().cloned().unwrap_or_default();
    if let Some(mv) = legal.first() {
        let card = as_str(&mv["card"]);
        let wrong = (1..=7)
            .find(|k| !legal.iter().any(|m| m["card"] == card && m["to"] == *k))
            .unwrap_or(1);
        tap(&page, &format!("#columns .card[data-card='{card}']")).await?;
        tap(&page, &format!("#columns .column[data-column='{wrong}']")).await?;
        tokio::time::sleep(Duration::from_millis(300)).await;
        ready(&page, &line.join(",")).await?;
        shows(&page, "deal=1", &line).await?;
    }
    let undone = line.pop().unwrap_or_default();
    page.click("#undo").await?;
    ready(&page, &line.join(",")).await?;
    shows(&page, "deal=1", &line).await?;
    page.click("#redo").await?;
    line.push(undone);
    ready(&page, &line.join(",")).await?;
    shows(&page, "deal=1", &line).await?;
    Ok(())
}

async fn russian_hint_is_the_fair_planners_move(page: Page) -> Outcome {
    page.open("/russian?deal=1&moves=SQ-1").await?;
    ready(&page, "SQ-1").await?;
    page.click("#hint").await?;
    page.wait_for(
        "the hint",
        "return document.querySelector('#columns .card.hinted') !== null \
             && !document.getElementById('hint-values').hidden;",
    )
    .await?;
    let game = get(&page, "/api/russian/game?deal=1&moves=SQ-1").await?;
    let hint = post(&page, "/api/russian/hint", as_str(&game["table"])).await?;
    let fair = &hint["fair"];
    let hinted = eval(
        &page,
        "return [[...document.querySelectorAll('#columns .card.hinted')].map(c => c.dataset.card), \
                 [...document.querySelectorAll('#colnums .hint-to')].map(n => Number(n.textContent))];",
    )
    .await?;
    if hinted != json!([[fair["card"]], [fair["to"]]]) {
        return Err(fail(format!(
            "the page hints {hinted} (card, destination); the fair move is {fair}"
        )));
    }
    let rows = eval(
        &page,
        "return [...document.querySelectorAll('#hint-values tbody tr')].map(r => \
             [r.cells[1].textContent, r.classList.contains('chosen')]);",
    )
    .await?;
    let expected: Vec<Value> = hint["moves"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| {
            let chosen = m["move"]["card"] == fair["card"] && m["move"]["to"] == fair["to"];
            json!([format!("{:.3}", m["mean"].as_f64().unwrap_or(-1.0)), chosen])
        })
        .collect();
    if rows != json!(expected) {
        return Err(fail(format!(
            "the values table shows {rows}; the hint's means are {expected:?}"
        )));
    }
    page.wait_text("#hint-verdict", "Fair move").await?;
    // After the move the hint is about a position gone: it must not stay on the table.
    let (card, to) = (as_str(&fair["card"]), &fair["to"]);
    tap(&page, &format!("#columns .card[data-card='{card}']")).await?;
    tap(&page, &format!("#columns .column[data-column='{to}']")).await?;
    ready(&page, &format!("SQ-1,{card}-{to}")).await?;
    let stale = eval(
        &page,
        "return document.querySelectorAll('#columns .hinted, #colnums .hint-to').length \
             + (document.getElementById('hint-values').hidden ? 0 : 1);",
    )
    .await?;
    if stale != json!(0) {
        return Err(fail("the hint for the old position stayed on the table"));
    }
    Ok(())
}

async fn russian_peek_shows_the_exact_maximum(page: Page) -> Outcome {
    page.open("/russian?deal=113").await?;
    ready(&page, "").await?;
    page.click("#peek").await?;
    let maximum = page
        .wait_for(
            "the peek",
            "const m = document.querySelector('#peek-verdict .maximum'); \
             return m && document.querySelector('#columns .card.peeked') ? m.textContent : null;",
        )
        .await?;
    let peek = get(&page, "/api/russian/peek?deal=113").await?;
    if maximum != json!(peek["maximum"].to_string()) {
        return Err(fail(format!(
            "the page shows a maximum of {maximum}; the exact solver's is {}",
            peek["maximum"]
        )));
    }
    let peeked = eval(
        &page,
        "return document.querySelector('#columns .card.peeked').dataset.card;",
    )
    .await?;
    if peeked != peek["keep"]["card"] {
        return Err(fail(format!(
            "the page marks {peeked}; the move that keeps the maximum is {}",
            peek["keep"]
        )));
    }
    let panel = page.text(".peek-panel").await?;
    if !panel.contains("If you could see") || !panel.contains("Peeking") {
        return Err(fail(format!(
            "the peek is not marked as peeking: {panel:?}"
        )));
    }
    let rows = eval(
        &page,
        "return [...document.querySelectorAll('#peek-values tbody tr')].map(r => Number(r.cells[1].textContent));",
    )
    .await?;
    let maxima: Vec<Value> = peek["moves"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| m["max"].clone())
        .collect();
    if rows != json!(maxima) {
        return Err(fail(format!(
            "the peek's table shows {rows}; the solver's maxima are {maxima:?}"
        )));
    }
    Ok(())
}

async fn russian_autoplay_scores_as_the_strategy_and_the_purse_counts_once(page: Page) -> Outcome {
    page.open("/russian?deal=12").await?;
    ready(&page, "").await?;
    page.click("#strategy option[value='lookahead']").await?;
    page.click("#pace option[value='100']").await?;
    page.click("#autoplay").await?;
    page.wait_text("#status", "game over").await?;
    let played = get(&page, "/api/russian/play?deal=12&strategy=lookahead").await?;
    let line = player_moves(&played["moves"]);
    ready(&page, &line.join(",")).await?;
    shows(&page, "deal=12", &line).await?;
    let score = page.text("#score").await?;
    if score.parse::<u64>().ok() != played["score"].as_u64() {
        return Err(fail(format!(
            "autoplay by lookahead scored {score}; `parlor russian play --seed 12 --strategy lookahead` scores {}",
            played["score"]
        )));
    }
    let score = played["score"].as_f64().unwrap_or_default();
    let net = 5.0 * score - 55.0;
    let expected = json!([
        "1",
        format!("{score:.2}"),
        format!("{}${}", if net < 0.0 { "−" } else { "+" }, net.abs())
    ]);
    let recorded = purse(&page).await?;
    if recorded != expected {
        return Err(fail(format!(
            "the purse shows {recorded} (games, mean, money); expected {expected}"
        )));
    }
    page.client.refresh().await?;
    ready(&page, &line.join(",")).await?;
    let again = purse(&page).await?;
    if again != expected {
        return Err(fail(format!(
            "after a reload the purse shows {again}; expected {expected}"
        )));
    }
    // Reset takes a second click to confirm.
    page.click("#reset-purse").await?;
    if purse(&page).await?[0] != "1" {
        return Err(fail("one click on Reset purse emptied it"));
    }
    page.click("#reset-purse").await?;
    page.wait_text("#purse-count", "0").await?;
    // A purse kept under its former name, the ledger, is read once under its new one.
    eval(
        &page,
        "localStorage.setItem('parlor.russian.ledger', \
             JSON.stringify({games: {'deal=1 SQ-1': {score: 3, net: -40}}}));",
    )
    .await?;
    page.open("/russian?deal=1").await?;
    ready(&page, "").await?;
    if purse(&page).await? != json!(["1", "3.00", "−$40"]) {
        return Err(fail("the purse kept as the ledger was not read"));
    }
    Ok(())
}

/// The purse's games, mean score and money, as shown.
async fn purse(page: &Page) -> Result<Value, Failure> {
    eval(
        page,
        "return ['purse-count', 'purse-mean', 'purse-net'] \
             .map(id => document.getElementById(id).textContent);",
    )
    .await
}

async fn russian_keys_drag_reload_and_a_pysol_game(page: Page) -> Outcome {
    page.open("/russian?deal=1").await?;
    ready(&page, "").await?;
    let answer = get(&page, "/api/russian/game?deal=1").await?;
    // By keys: the card focused, Enter picks it up, its column's number puts it down.
    let first = &answer["legal"][0];
    let (card, to) = (as_str(&first["card"]), first["to"].as_u64().unwrap_or(0));
    page.eval(
        "document.querySelector(`#columns .card[data-card='${arguments[0]}']`).focus();",
        vec![json!(card)],
    )
    .await?;
    press(&page, ENTER).await?;
    page.wait_for(
        "the card picked up",
        "return document.querySelector('#columns .card.selected') !== null;",
    )
    .await?;
    press(&page, char::from_digit(to as u32, 10).unwrap_or('0')).await?;
    let mut line = vec![format!("{card}-{to}")];
    ready(&page, &line.join(",")).await?;
    let answer = shows(&page, "deal=1", &line).await?;
    // By drag: the card's corner taken to its destination column.
    let second = &answer["legal"][0];
    let (card, to) = (as_str(&second["card"]), second["to"].as_u64().unwrap_or(0));
    let (x, y) = aim(&page, &format!("#columns .card[data-card='{card}']")).await?;
    let (tx, ty) = aim(&page, &format!("#columns .column[data-column='{to}']")).await?;
    let step = Some(Duration::from_millis(60));
    let mouse = pressed_at(x, y)
        .then(PointerAction::MoveTo {
            duration: step,
            x: x + 10.0,
            y: y + 10.0,
        })
        .then(PointerAction::MoveTo {
            duration: step,
            x: (x + tx) / 2.0,
            y: (y + ty) / 2.0,
        })
        .then(PointerAction::MoveTo {
            duration: step,
            x: tx,
            y: ty,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    page.client.perform_actions(mouse).await?;
    line.push(format!("{card}-{to}"));
    ready(&page, &line.join(",")).await?;
    let before = shown_columns(&page).await?;
    shows(&page, "deal=1", &line).await?;
    // A reload brings the same game back, from its URL alone.
    page.client.refresh().await?;
    ready(&page, &line.join(",")).await?;
    if shown_columns(&page).await? != before {
        return Err(fail("a reload does not bring the same position back"));
    }
    shows(&page, "deal=1", &line).await?;
    // A PySolFC game, chosen in the form.
    page.click("#kind option[value='pysol']").await?;
    let number = page.find("#number").await?;
    number.clear().await?;
    number.send_keys("ms5").await?;
    page.click("#choose button[type='submit']").await?;
    page.wait_for(
        "the PySolFC game in the URL",
        "return new URLSearchParams(location.search).get('pysol') === 'ms5';",
    )
    .await?;
    ready(&page, "").await?;
    shows(&page, "pysol=ms5", &[]).await?;
    // A link names a PySolFC game too.
    page.open("/russian?pysol=1").await?;
    ready(&page, "").await?;
    shows(&page, "pysol=1", &[]).await?;
    Ok(())
}

async fn russian_screenshots_and_a_phone_sized_window(page: Page) -> Outcome {
    let line = "SQ-1,H6-1,S8-4,DA-1,DQ-3";
    page.open(&format!("/russian?deal=1&moves={line}")).await?;
    ready(&page, line).await?;
    page.screenshot("russian", 1280, 800).await?;
    page.screenshot("russian", 390, 844).await?;
    // On a phone the seven columns fit the width and nothing makes the page scroll sideways.
    let fits = eval(
        &page,
        "const felt = document.getElementById('felt').getBoundingClientRect(); \
         const last = document.querySelector('#columns .column:last-child').getBoundingClientRect(); \
         return [document.documentElement.scrollWidth <= window.innerWidth, \
                 last.right <= felt.right, felt.right <= window.innerWidth];",
    )
    .await?;
    if fits != json!([true, true, true]) {
        return Err(fail(format!(
            "at 390 px the page does not fit (no sideways scroll, last column in the felt, felt in the window): {fits}"
        )));
    }
    page.click("#hint").await?;
    page.click("#peek").await?;
    page.wait_for(
        "the hint and the peek",
        "return document.querySelector('#columns .card.hinted') \
             && document.querySelector('#columns .card.peeked');",
    )
    .await?;
    page.resize(1280, 800).await?;
    eval(&page, "window.scrollTo(0, 0);").await?;
    page.screenshot("russian-hint", 1280, 800).await?;
    page.resize(390, 844).await?;
    eval(
        &page,
        "document.getElementById('hint').scrollIntoView({block: 'start'});",
    )
    .await?;
    page.screenshot("russian-hint", 390, 844).await?;
    // A card picked up: it and its destinations marked.
    page.resize(1280, 800).await?;
    eval(&page, "window.scrollTo(0, 0);").await?;
    tap(&page, "#columns .card.movable").await?;
    page.wait_for(
        "a card picked up",
        "return document.querySelector('#columns .column.destination');",
    )
    .await?;
    page.screenshot("russian-picked", 1280, 800).await?;
    Ok(())
}
