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
        russian_hint_words_a_tie_a_king_and_why_peeking_sees_more,
        russian_autoplay_scores_as_the_strategy_and_counts_in_its_own_column,
        russian_a_restart_is_a_game_played_and_autoplay_after_it_is_not_yours,
        russian_undoing_and_finishing_again_counts_one_game,
        russian_statistics_export_import_and_refuse_a_bad_file,
        russian_keys_drag_reload_and_a_pysol_game,
        russian_screenshots_and_a_phone_sized_window,
        russian_every_face_down_count_reads_on_a_phone,
    ]
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
    let words = if hint["ties"].as_u64().unwrap_or(0) > 1 {
        format!("{} moves tie; the planner picks ", hint["ties"])
    } else {
        "Fair move: ".to_owned()
    };
    page.wait_text("#hint-verdict", &words).await?;
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

/// The hint's headline and the text of its values table's chosen move, once both are in.
async fn hint_headline(page: &Page) -> Result<Value, Failure> {
    page.wait_for(
        "the hint",
        "const chosen = document.querySelector('#hint-values tr.chosen td'); \
         return chosen && !document.getElementById('hint-values').hidden \
             ? [document.querySelector('#hint-verdict .headline').textContent, chosen.textContent] \
             : null;",
    )
    .await
}

async fn russian_hint_words_a_tie_a_king_and_why_peeking_sees_more(page: Page) -> Outcome {
    // Deal 113 opens with four moves at the planner's best mean, 6.700; it can be won.
    page.open("/russian?deal=113").await?;
    ready(&page, "").await?;
    page.click("#hint").await?;
    page.click("#peek").await?;
    let [headline, chosen] = <[Value; 2]>::try_from(
        hint_headline(&page)
            .await?
            .as_array()
            .cloned()
            .unwrap_or_default(),
    )
    .map_err(|shown| fail(format!("the hint shows {shown:?}")))?;
    if headline != format!("4 moves tie; the planner picks {}", as_str(&chosen)) {
        return Err(fail(format!(
            "the tie reads {headline}; expected it named, with the move picked, {chosen}"
        )));
    }
    let why = page.wait_text("#peek-why", "Why").await?;
    if !why.starts_with("Why 52 and not the planner's 6.700: ") {
        return Err(fail(format!(
            "the peek's sentence on the planner reads {why:?}"
        )));
    }
    // Deal 22 opens with one move best of six; deal 11 with one move.
    for (deal, words) in [
        ("22", "Fair move: A♦ from 7 to 6"),
        ("11", "The only move: 4♥ from 7 to 2"),
    ] {
        page.open(&format!("/russian?deal={deal}")).await?;
        ready(&page, "").await?;
        page.click("#hint").await?;
        let headline = hint_headline(&page).await?;
        if headline[0] != words {
            return Err(fail(format!(
                "deal {deal}'s hint reads {headline}; expected {words:?}"
            )));
        }
    }
    // Deal 6 opens with two kings that may go to the empty column 1.
    page.open("/russian?deal=6").await?;
    ready(&page, "").await?;
    page.click("#hint").await?;
    hint_headline(&page).await?;
    let moves = eval(
        &page,
        "return [...document.querySelectorAll('#hint-values tbody tr')].map(r => r.cells[0].textContent);",
    )
    .await?;
    let moves: Vec<&str> = moves.as_array().into_iter().flatten().map(as_str).collect();
    if !moves.contains(&"K♣ from 6 to 1") || !moves.contains(&"K♥ from 7 to 1") {
        return Err(fail(format!("the kings' moves read {moves:?}")));
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
    // Deal 113 can be won, and the peek's verdict is marked so as the server's `won` says.
    let marked = eval(
        &page,
        "return document.getElementById('peek-verdict').classList.contains('won');",
    )
    .await?;
    if marked != peek["won"] || peek["won"] != true {
        return Err(fail(format!(
            "the peek's verdict is marked won: {marked}; the server's won: {}",
            peek["won"]
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

async fn russian_autoplay_scores_as_the_strategy_and_counts_in_its_own_column(
    page: Page,
) -> Outcome {
    page.open("/russian?deal=12").await?;
    ready(&page, "").await?;
    let line = autoplay(&page, "lookahead").await?;
    let played = get(&page, "/api/russian/play?deal=12&strategy=lookahead").await?;
    if line != player_moves(&played["moves"]) {
        return Err(fail(format!(
            "autoplay by lookahead played {line:?}; `parlor russian play --seed 12 --strategy lookahead` plays {:?}",
            player_moves(&played["moves"])
        )));
    }
    shows(&page, "deal=12", &line).await?;
    let score = played["score"].as_u64().unwrap_or_default();
    if page.text("#score").await?.parse::<u64>().ok() != Some(score) {
        return Err(fail(format!(
            "the page's score is not {score}, lookahead's"
        )));
    }
    let expected = games(&[], &[score], &[]);
    counted(&page, &expected, "a game autoplay finished").await?;
    page.client.refresh().await?;
    ready(&page, &line.join(",")).await?;
    counted(&page, &expected, "the same game after a reload").await?;
    // Reset takes a second click to confirm.
    page.click("#reset-stats").await?;
    counted(&page, &expected, "one click on Reset").await?;
    page.click("#reset-stats").await?;
    let none = games(&[], &[], &[]);
    page.wait_text("#stats-message", "reset").await?;
    counted(&page, &none, "a reset").await?;
    // A purse kept by the page before it had statistics is dropped, and the page says so.
    eval(
        &page,
        "localStorage.setItem('parlor.russian.purse', \
             JSON.stringify({games: {'deal=1 SQ-1': {score: 3, net: -40}}}));",
    )
    .await?;
    page.open("/russian?deal=1").await?;
    ready(&page, "").await?;
    page.wait_text("#stats-message", "not carried over").await?;
    counted(&page, &none, "the page opened over a former purse").await?;
    if eval(
        &page,
        "return localStorage.getItem('parlor.russian.purse');",
    )
    .await?
        != Value::Null
    {
        return Err(fail("the former purse was left in the browser's storage"));
    }
    Ok(())
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

/// The statistics as shown: for each column, the games played, the best score on the deal open
/// (0 for none) and the money.
async fn statistics(page: &Page) -> Result<Value, Failure> {
    eval(
        page,
        "const cell = (id) => document.getElementById(id).textContent; \
         return Object.fromEntries(['player', 'autoplay', 'peeking'].map(row => [row, \
             [Number(cell(`stats-played-${row}`)), Number(cell(`stats-deal-${row}`).replace('–', '0')), \
              cell(`stats-net-${row}`)]]));",
    )
    .await
}

/// What [`statistics`] shows after games of the deal open that scored `player`, `autoplay` and
/// `peeking`, in each column: $5 a card less the $55 stake, as the page writes money.
fn games(player: &[u64], autoplay: &[u64], peeking: &[u64]) -> Value {
    let column = |scores: &[u64]| {
        let net: i64 = scores.iter().map(|&score| 5 * score as i64 - 55).sum();
        let sign = match net.signum() {
            -1 => "−",
            1 => "+",
            _ => "",
        };
        let best = scores.iter().max().copied().unwrap_or(0);
        json!([scores.len(), best, format!("{sign}${}", net.abs())])
    };
    json!({"player": column(player), "autoplay": column(autoplay), "peeking": column(peeking)})
}

/// Fails unless the statistics show `expected` (see [`games`]) after `what`.
async fn counted(page: &Page, expected: &Value, what: &str) -> Outcome {
    let shown = statistics(page).await?;
    if &shown != expected {
        return Err(fail(format!(
            "after {what} the statistics show {shown} (games, best on this deal, money); expected {expected}"
        )));
    }
    Ok(())
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
    let game = get(
        page,
        &format!("/api/russian/game?{game}&moves={}", line.join(",")),
    )
    .await?;
    let first = &game["legal"][0];
    click_move(page, line, as_str(&first["card"]), &first["to"].to_string()).await
}

async fn russian_a_restart_is_a_game_played_and_autoplay_after_it_is_not_yours(
    page: Page,
) -> Outcome {
    page.open("/russian?deal=113").await?;
    ready(&page, "").await?;
    let mut line = Vec::new();
    for _ in 0..2 {
        play_first(&page, "deal=113", &mut line).await?;
    }
    let score = page.text("#score").await?.parse::<u64>()?;
    page.click("#restart").await?;
    ready(&page, "").await?;
    let after_restart = games(&[score], &[], &[]);
    counted(&page, &after_restart, "two moves and a restart").await?;
    // The clairvoyant wins deal 113 from its start: a game of its own, in the peeking column.
    autoplay(&page, "clairvoyant").await?;
    page.wait_text("#message", "Won").await?;
    let won = games(&[score], &[], &[52]);
    counted(&page, &won, "the clairvoyant's game after the restart").await?;
    // A new deal opened ends nothing more: the won game is counted already.
    page.click("#random").await?;
    page.wait_for(
        "another deal",
        "return new URLSearchParams(location.search).get('deal') !== '113';",
    )
    .await?;
    ready(&page, "").await?;
    if played(&page).await? != json!([1, 0, 1]) {
        return Err(fail("a new deal opened after the won game counted another"));
    }
    // A link that opens deal 113 partway through gives a game not played here: never counted,
    // however it ends, and the page says so.
    page.open(&format!("/russian?deal=113&moves={}", line[0]))
        .await?;
    ready(&page, &line[0]).await?;
    page.wait_text("#stats-linked", "not counted").await?;
    play_first(&page, "deal=113", &mut line[..1].to_vec()).await?;
    page.click("#random").await?;
    ready(&page, "").await?;
    if played(&page).await? != json!([1, 0, 1]) {
        return Err(fail("a game opened partway through by a link was counted"));
    }
    Ok(())
}

/// The games played of each column.
async fn played(page: &Page) -> Result<Value, Failure> {
    eval(
        page,
        "return ['player', 'autoplay', 'peeking'].map(row => \
             Number(document.getElementById(`stats-played-${row}`).textContent));",
    )
    .await
}

async fn russian_undoing_and_finishing_again_counts_one_game(page: Page) -> Outcome {
    page.open("/russian?deal=12").await?;
    ready(&page, "").await?;
    let first = autoplay(&page, "greedy").await?;
    let score = page.text("#score").await?.parse::<u64>()?;
    let once = games(&[], &[score], &[]);
    counted(&page, &once, "greedy's game").await?;
    // Undo a few moves, play another move by hand and let greedy finish: the same game, each
    // time ending on another line.
    let mut ends = vec![first.clone()];
    for undone in [2, 3, 4] {
        for _ in 0..undone {
            page.click("#undo").await?;
        }
        let kept = &first[..first.len() - undone];
        ready(&page, &kept.join(",")).await?;
        let game = get(
            &page,
            &format!("/api/russian/game?deal=12&moves={}", kept.join(",")),
        )
        .await?;
        let other = game["legal"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|m| format!("{}-{}", as_str(&m["card"]), m["to"]))
            .find(|m| *m != first[first.len() - undone]);
        if let Some(other) = other {
            let (card, to) = other.split_once('-').unwrap_or_default();
            click_move(&page, &mut kept.to_vec(), card, to).await?;
        }
        if page.count("#status.over").await? == 0 {
            ends.push(autoplay(&page, "greedy").await?);
        }
        counted(
            &page,
            &once,
            &format!("{undone} moves undone and the game finished again"),
        )
        .await?;
    }
    ends.dedup();
    if ends.len() < 2 {
        return Err(fail(
            "the game never ended on another line: the test shows nothing",
        ));
    }
    Ok(())
}

async fn russian_statistics_export_import_and_refuse_a_bad_file(page: Page) -> Outcome {
    page.open("/russian?deal=113").await?;
    ready(&page, "").await?;
    let mut line = Vec::new();
    play_first(&page, "deal=113", &mut line).await?;
    page.click("#restart").await?;
    ready(&page, "").await?;
    page.click("#peek").await?;
    page.wait_for(
        "the peek",
        "return document.querySelector('#peek-verdict .maximum');",
    )
    .await?;
    play_first(&page, "deal=113", &mut Vec::new()).await?;
    page.click("#restart").await?;
    ready(&page, "").await?;
    let before = games(&[0], &[], &[0]);
    counted(&page, &before, "a game of the player's and one peeked at").await?;
    // The file Export offers, caught on its way out.
    eval(
        &page,
        "HTMLAnchorElement.prototype.click = function () { \
             window.exported = [this.download, \
                 decodeURIComponent(this.href.slice(this.href.indexOf(',') + 1))]; };",
    )
    .await?;
    page.click("#export-stats").await?;
    let exported = eval(&page, "return window.exported;").await?;
    let file: Value = serde_json::from_str(as_str(&exported[1]))?;
    if exported[0] != "parlor-russian-stats.json"
        || file["format"] != "parlor.russian.stats"
        || file["version"] != 1
        || file["player"]["played"] != 1
        || file["peeking"]["best"] != json!({"deal=113": 0})
    {
        return Err(fail(format!("the exported file is {exported}")));
    }
    page.click("#reset-stats").await?;
    page.click("#reset-stats").await?;
    page.wait_text("#stats-message", "reset").await?;
    counted(&page, &games(&[], &[], &[]), "a reset").await?;
    import(&page, "stats.json", as_str(&exported[1])).await?;
    page.wait_text("#stats-message", "Imported stats.json: 2 games")
        .await?;
    counted(&page, &before, "the exported file imported").await?;
    // Files that are not the page's statistics are refused, and the statistics stay whole.
    let mut lies = file.clone();
    lies["player"]["won"] = json!(2);
    let mut extra = file.clone();
    extra["player"]["cheat"] = json!(true);
    let mut deal = file.clone();
    deal["player"]["best"] = json!({"deal=113": 53});
    for (bad, says) in [
        ("{\"format\":", "not JSON"),
        ("[]", "expected an object"),
        (&lies.to_string()[..], "2 games won of 1 played"),
        (&extra.to_string()[..], "unexpected field \"cheat\""),
        (&deal.to_string()[..], "expected a score from 0 to 52"),
    ] {
        import(&page, "bad.json", bad).await?;
        let message = page.wait_text("#stats-message", "refused").await?;
        if !message.contains(says) || !message.contains("as they were") {
            return Err(fail(format!(
                "{bad:?} was refused with {message:?}; expected it to say {says:?}"
            )));
        }
        counted(&page, &before, &format!("the refused file {bad:?}")).await?;
        let kept = eval(
            &page,
            "return JSON.parse(localStorage.getItem('parlor.russian.stats.v1'));",
        )
        .await?;
        if kept != file {
            return Err(fail(format!(
                "after {bad:?} the statistics kept are {kept}"
            )));
        }
        eval(
            &page,
            "document.getElementById('stats-message').textContent = '';",
        )
        .await?;
    }
    Ok(())
}

/// Gives the page's Import the file `name` holding `text`, as a player choosing it would.
async fn import(page: &Page, name: &str, text: &str) -> Outcome {
    page.eval(
        "const input = document.getElementById('import-file'); \
         const files = new DataTransfer(); \
         files.items.add(new File([arguments[1]], arguments[0], {type: 'application/json'})); \
         input.files = files.files; \
         input.dispatchEvent(new Event('change'));",
        vec![json!(name), json!(text)],
    )
    .await?;
    Ok(())
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
    // The statistics, once a game is counted. The game the link opened partway through is not:
    // started over, it is a game of the player's, counted when started over again.
    press(&page, '\u{E00C}').await?;
    page.click("#restart").await?;
    ready(&page, "").await?;
    play_first(&page, "deal=1", &mut Vec::new()).await?;
    page.click("#restart").await?;
    ready(&page, "").await?;
    page.wait_text("#stats-played-player", "1").await?;
    for (width, height) in [(1280, 800), (390, 844)] {
        page.resize(width, height).await?;
        eval(
            &page,
            "document.getElementById('stats-title').scrollIntoView({block: 'start'});",
        )
        .await?;
        page.screenshot("russian-stats", width, height).await?;
    }
    Ok(())
}

/// Each column's face-down count as the page shows it in its number on the backs — the count,
/// or null where no number is shown — with whether it can be read: drawn, at least 12 px
/// high, and not covered by the column's first face-up card.
async fn down_counts(page: &Page) -> Result<Value, Failure> {
    eval(
        page,
        "return [...document.querySelectorAll('#columns .column')].map(column => { \
             const count = column.querySelector('.down-count'); \
             if (!count || getComputedStyle(count).display === 'none') return null; \
             const box = count.getBoundingClientRect(); \
             const up = column.querySelector('.card:not(.down)'); \
             const clear = !up || up.getBoundingClientRect().top >= box.bottom - 0.5; \
             const size = parseFloat(getComputedStyle(count).fontSize); \
             return box.height >= 12 && size >= 12 && clear ? Number(count.textContent) : 'unreadable'; \
         });",
    )
    .await
}

async fn russian_every_face_down_count_reads_on_a_phone(page: Page) -> Outcome {
    // After these moves column 1 has no face-down card and the others 1 to 5.
    let line = "SQ-1,H6-1,S8-4,DA-1,DQ-3";
    page.open(&format!("/russian?deal=1&moves={line}")).await?;
    ready(&page, line).await?;
    let game = get(&page, &format!("/api/russian/game?deal=1&moves={line}")).await?;
    let expected: Vec<Value> = game["columns"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|column| {
            let down = column
                .as_array()
                .into_iter()
                .flatten()
                .filter(|card| *card == russian::UNKNOWN)
                .count();
            if down == 0 { Value::Null } else { json!(down) }
        })
        .collect();
    if !expected.contains(&Value::Null) || expected.iter().filter(|d| d.is_u64()).count() < 5 {
        return Err(fail(format!(
            "the position's face-down counts, {expected:?}, test too little"
        )));
    }
    page.resize(390, 844).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let shown = down_counts(&page).await?;
    if shown != json!(expected) {
        return Err(fail(format!(
            "at 390 px the columns' face-down counts read {shown}; the game's are {}",
            json!(expected)
        )));
    }
    // On a wide window the backs are drawn apart, each one seen, and no number is needed.
    page.resize(1280, 800).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let wide = down_counts(&page).await?;
    if wide != json!([null, null, null, null, null, null, null]) {
        return Err(fail(format!(
            "at 1280 px numbers are drawn on the backs: {wide}"
        )));
    }
    Ok(())
}
