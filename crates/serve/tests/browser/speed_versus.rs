//! Speed against the robot, played as a player plays it: by keys, taps and a drag, on the game's
//! clock. A scripted player acts on what the page says it may do, wins against the slow robot and
//! loses to the rule book's, is refused in words, replays its game by the link, is counted once;
//! and the time from each action to its answer drawn is measured (over 200 actions with
//! `PARLOR_MEASURE` set).

use crate::browser::{Failure, Outcome, Page, fail, items};
use crate::trials;
use fantoccini::key::Key;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

trials![
    speed_versus_a_player_wins_loses_replays_and_is_counted_once,
    speed_versus_a_tap_a_drag_and_a_refusal_in_words,
    speed_versus_answers_drawn_within_a_frame_or_two,
    speed_versus_screenshots,
];

/// The actions timed from the input to the answer drawn: 200 for the figure BENCHMARKS.md
/// records (with `PARLOR_MEASURE` set: some 2 to 3 minutes of games on the game's clock), a
/// game's worth otherwise, so that the test suite checks every answer is drawn and its median
/// in some 20 s.
fn timed() -> usize {
    if std::env::var_os("PARLOR_MEASURE").is_some() {
        200
    } else {
        40
    }
}

async fn eval(page: &Page, script: &str) -> Result<Value, Failure> {
    Ok(page.eval(script, vec![]).await?)
}

/// Opens the deal `path` names and starts a game on it at `seat` against the robot reacting in
/// `reaction` ms; waits until the clock runs.
async fn start(page: &Page, path: &str, seat: &str, reaction: u32) -> Outcome {
    page.open(path).await?;
    page.wait_for(
        "the deal to be drawn",
        "return !document.getElementById('versus-start').disabled;",
    )
    .await?;
    page.click(&format!("#versus-seat option[value='{seat}']"))
        .await?;
    page.click(&format!("#versus-reaction option[value='{reaction}']"))
        .await?;
    page.click("#versus-start").await?;
    page.wait_text("#versus-say", "Go!").await?;
    // Keys go to the document, not to the button just clicked.
    eval(page, "document.activeElement.blur(); return true;").await?;
    Ok(())
}

/// What the page offers the player now: its legal actions, the winner once over, the log.
async fn offered(page: &Page) -> Result<(String, String, String), Failure> {
    let v = eval(
        page,
        "const f = document.getElementById('felt').dataset; \
         return [f.legal || '', f.over || '', f.log || ''];",
    )
    .await?;
    let text = |i: usize| v[i].as_str().unwrap_or_default().to_owned();
    Ok((text(0), text(1), text(2)))
}

/// Types `keys` on the element that has the focus (the page's body).
async fn typed(page: &Page, keys: &str) -> Outcome {
    page.client.active_element().await?.send_keys(keys).await?;
    Ok(())
}

/// Does `action` (`r2`, `l1`, `d3`) by the keys.
async fn keyed(page: &Page, action: &str) -> Outcome {
    let (kind, slot) = action.split_at(1);
    if kind == "d" {
        return typed(page, "d").await;
    }
    let arrow = if kind == "r" { Key::Right } else { Key::Left };
    typed(page, &format!("{slot}{arrow}")).await
}

/// Plays the game on by the keys, each time the first action the page offers, until it is
/// over or `actions` were accepted; the winner ("" if not over) and the actions accepted.
async fn play_on(page: &Page, actions: usize) -> Result<(String, usize), Failure> {
    let started = Instant::now();
    let mut accepted = 0;
    loop {
        let (legal, over, log) = offered(page).await?;
        if !over.is_empty() || accepted >= actions {
            return Ok((over, accepted));
        }
        if started.elapsed() > Duration::from_secs(240) {
            return Err(fail(format!("no end after 240 s; the log is {log}")));
        }
        let Some(action) = legal.split_whitespace().next() else {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        keyed(page, action).await?;
        // The answer drawn, or refused (the game moved on meanwhile), before the next.
        let waited = Instant::now();
        while waited.elapsed() < Duration::from_millis(400) {
            let (_, over, now) = offered(page).await?;
            if now != log || !over.is_empty() {
                accepted += usize::from(now != log);
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

/// Fails unless every error the page logged is a refusal of an action (422), which a player
/// acting on what the page offered may meet when the robot's card lands first.
async fn only_refusals(page: &Page) -> Outcome {
    let errors = page.errors().await?;
    if errors
        .iter()
        .any(|e| !e.contains("422 (Unprocessable Entity)"))
    {
        return Err(fail(format!("the page logged {errors:?}")));
    }
    Ok(())
}

/// Every place's card on the felt, as `place=card`.
async fn places(page: &Page) -> Result<Value, Failure> {
    eval(
        page,
        "return [...document.querySelectorAll('#felt [data-place]')] \
             .map(p => p.dataset.place + '=' + p.dataset.card + '/' + \
                  p.querySelector('.speed-caption').textContent).sort();",
    )
    .await
}

/// The statistics' rows as the page shows them: reaction, played, won, best.
async fn stats(page: &Page) -> Result<Value, Failure> {
    eval(
        page,
        "return [...document.querySelectorAll('#versus-stats tbody tr')] \
             .map(r => [...r.children].map(c => c.textContent).join(' '));",
    )
    .await
}

/// Plays the game on to its end, which `seat` must win, the page saying `said`.
async fn won_by(page: &Page, seat: &str, said: &str) -> Outcome {
    let (winner, _) = play_on(page, usize::MAX).await?;
    page.wait_text("#versus-say", said).await?;
    if winner != seat {
        return Err(fail(format!("{winner} won, not {seat}")));
    }
    Ok(())
}

async fn speed_versus_a_player_wins_loses_replays_and_is_counted_once(page: Page) -> Outcome {
    // Eight cards against 44 and a robot that takes a second to choose: the player wins.
    start(&page, "/speed?seed=5&deal=0&split=8/44", "A", 1000).await?;
    won_by(&page, "A", "You win").await?;
    let said = page.text("#versus-say").await?;
    let end: u64 = said
        .split(" at ")
        .nth(1)
        .and_then(|rest| rest.split(" ms").next())
        .map(|ms| ms.replace(',', ""))
        .and_then(|ms| ms.parse().ok())
        .ok_or_else(|| fail(format!("no end in {said:?}")))?;
    let at_the_end = places(&page).await?;
    let link = page
        .find("#replay-link")
        .await?
        .attr("href")
        .await?
        .ok_or("no replay link")?;
    // Forty-four cards against eight, and the rule book's robot: the robot wins.
    start(&page, "/speed?seed=5&deal=1&split=44/8", "A", 0).await?;
    won_by(&page, "B", "The robot wins").await?;
    // A game left before its end is counted, as lost.
    start(&page, "/speed?seed=5&deal=2&split=26/26", "B", 250).await?;
    page.click("#versus-leave").await?;
    let counted = json!([
        "0 ms 1 0 –",
        "250 ms 1 0 –",
        "500 ms 0 0 –",
        format!("1,000 ms 1 1 {:.3} s", end as f64 / 1000.0)
    ]);
    let still_counted = |when: &'static str| {
        let (page, counted) = (&page, &counted);
        async move {
            let shown = stats(page).await?;
            if shown != *counted {
                return Err(fail(format!("{when}, statistics {shown}, not {counted}")));
            }
            Ok(())
        }
    };
    still_counted("at the end").await?;
    // Counted once: a reload counts nothing again, nor does the replay.
    page.open(&link).await?;
    let drawn = "return !document.getElementById('play').disabled;";
    page.wait_for("the replay to be drawn", drawn).await?;
    still_counted("after the replay").await?;
    // The replay is the game played: its length, its verdict, and every card at its end.
    let length = page.text("#length").await?;
    if length != end.to_string() {
        return Err(fail(format!(
            "the replay lasts {length} ms, the game {end}"
        )));
    }
    page.find("#scrub").await?;
    eval(
        &page,
        &format!(
            "const s = document.getElementById('scrub'); s.value = '{end}'; \
             s.dispatchEvent(new Event('input')); s.dispatchEvent(new Event('change')); return true;"
        ),
    )
    .await?;
    page.wait_text("#verdict", "A wins.").await?;
    let replayed = places(&page).await?;
    if replayed != at_the_end {
        return Err(fail(format!(
            "the replay's end {replayed} is not the game's {at_the_end}"
        )));
    }
    page.wait_text("#side-bottom", "You (A)").await?;
    // A file of statistics that no games could leave is refused, saying why.
    let refused = eval(
        &page,
        "return import('/speed-stats.js').then(m => { \
           const bad = m.emptyStats(); bad.reactions['0'] = {played: 1, won: 2, best_ms: 9}; \
           try { m.parseStats(JSON.stringify(bad)); return 'read'; } catch (e) { return e.message; } });",
    )
    .await?;
    if refused != json!("the row of 0 ms: 2 games won of 1 played") {
        return Err(fail(format!("an impossible file: {refused}")));
    }
    // A game can be won as late as an action the log lets start at 999,999,999 ms lands, and
    // no later.
    let latest = eval(
        &page,
        "return import('/speed-stats.js').then(m => { \
           const late = m.emptyStats(); late.reactions['0'] = {played: 1, won: 1, best_ms: 1000000499}; \
           const read = m.parseStats(JSON.stringify(late)).reactions['0'].best_ms; \
           late.reactions['0'].best_ms = 1000000700; \
           try { m.parseStats(JSON.stringify(late)); return [read, 'read']; } \
           catch (e) { return [read, e.message]; } });",
    )
    .await?;
    let expected = json!([
        1_000_000_499u32,
        "the row of 0 ms.best_ms: expected a time in ms from 1 to 1000000699, found 1000000700"
    ]);
    if latest != expected {
        return Err(fail(format!("the latest win: {latest}")));
    }
    only_refusals(&page).await
}

/// Presses the mouse on `from` and moves it, slowly, onto `to`, and lets go.
async fn drag(page: &Page, from: &str, to: &str) -> Outcome {
    page.drag_onto(from, to, 150).await?;
    page.let_go().await
}

/// Does the first move the page offers — by a drag when `dragged`, by two taps otherwise — until
/// one is accepted (the robot's card may land first), five tries at most.
async fn moved(page: &Page, dragged: bool) -> Outcome {
    let started = Instant::now();
    let mut tries = 0;
    while tries < 5 && started.elapsed() < Duration::from_secs(20) {
        let (legal, _, log) = offered(page).await?;
        let Some(action) = legal.split_whitespace().find(|a| !a.starts_with('d')) else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        tries += 1;
        let from = format!("[data-place='A slot {}']", &action[1..]);
        let to = format!(
            "[data-place='table {}']",
            if action.starts_with('r') { "A" } else { "B" }
        );
        if dragged {
            drag(page, &format!("{from} .card"), &to).await?;
        } else {
            page.click(&from).await?;
            page.click(&to).await?;
        }
        let waited = Instant::now();
        while waited.elapsed() < Duration::from_secs(2) {
            if offered(page).await?.2 != log {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    Err(fail(format!(
        "no move {} accepted",
        if dragged { "dragged" } else { "tapped" }
    )))
}

async fn speed_versus_a_tap_a_drag_and_a_refusal_in_words(page: Page) -> Outcome {
    // The worked example's A, which opens with S2, its whole deck, and holds S3 S5 S8 S9; B
    // with twenty cards, none an 8, a 9 or a 10, so that the game lasts and no 8 or 10 comes
    // on table A but A's.
    let b = "H7 H3 H4 C4 D4 C3 D3 CK DK HK CQ DQ HQ C5 D5 H5 C6 D6 H6 CJ";
    let input = format!("5\nS3 S5 S8 S9 S2\n20\n{b}\n0\n")
        .replace('\n', "%0A")
        .replace(' ', "%20");
    start(&page, &format!("/speed?input={input}"), "A", 1000).await?;
    page.wait_for(
        "A free at 500 ms",
        "return (document.getElementById('felt').dataset.legal || '').includes('r1');",
    )
    .await?;
    keyed(&page, "d1").await?;
    page.wait_text(
        "#versus-say",
        "Refused: your deck is empty: there is no card to draw.",
    )
    .await?;
    // S9 on table A, which holds no 8 and no 10 all game: tapped, then the table tapped.
    page.click("[data-place='A slot 4']").await?;
    page.click("[data-place='table A']").await?;
    page.wait_text(
        "#versus-say",
        "Refused: 9♠ cannot go on table A: its top card is",
    )
    .await?;
    // A card dragged onto a table, and one tapped there, each as the page offers.
    moved(&page, true).await?;
    moved(&page, false).await?;
    // The refusals, logged by the browser as failed requests; nothing else.
    let errors = page.errors().await?;
    if errors.len() < 2
        || errors
            .iter()
            .any(|e| !e.contains("422 (Unprocessable Entity)"))
    {
        return Err(fail(format!("the page logged {errors:?}, not the 422s")));
    }
    Ok(())
}

/// A player in the page: each time the page offers an action and the last one was answered
/// (or 400 ms went by), it presses the keys of the first one offered, as key events on the page's
/// body; it stops at the end.
const PLAYER: &str = "
    const felt = document.getElementById('felt');
    const press = (key) => document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    let log = '';
    let sent = 0;
    const tick = () => {
      const offered = felt.dataset;
      if (offered.over) return;
      if ((offered.log || '') !== log) { log = offered.log || ''; sent = 0; }
      const action = (offered.legal || '').split(' ')[0];
      if (action && performance.now() - sent > 400) {
        sent = performance.now();
        if (action[0] === 'd') press('d');
        else { press(action[1]); press(action[0] === 'r' ? 'ArrowRight' : 'ArrowLeft'); }
      }
      setTimeout(tick, 4);
    };
    tick();
    return true;";

async fn speed_versus_answers_drawn_within_a_frame_or_two(page: Page) -> Outcome {
    let mut took: Vec<f64> = Vec::new();
    let mut games = 0;
    let timed = timed();
    while took.len() < timed {
        start(
            &page,
            &format!("/speed?seed=52&deal={games}&split=44/8"),
            "A",
            1000,
        )
        .await?;
        eval(&page, PLAYER).await?;
        let started = Instant::now();
        loop {
            tokio::time::sleep(Duration::from_millis(500)).await;
            let (_, over, _) = offered(&page).await?;
            let answered = eval(
                &page,
                "return import('/speed-versus.js').then(m => m.latencies);",
            )
            .await?;
            if !over.is_empty() || took.len() + items(&answered).len() >= timed {
                took.extend(items(&answered).filter_map(Value::as_f64));
                break;
            }
            if started.elapsed() > Duration::from_secs(120) {
                return Err(fail(format!("game {games} not over after 120 s")));
            }
        }
        games += 1;
    }
    took.sort_by(f64::total_cmp);
    let at = |q: f64| took[((took.len() - 1) as f64 * q).round() as usize];
    let (median, p99, max) = (at(0.5), at(0.99), at(1.0));
    eprintln!(
        "Speed against the robot, {} actions by keys over {games} games: from the key to the \
         answer drawn, median {median:.1} ms, p99 {p99:.1} ms, max {max:.1} ms",
        took.len()
    );
    // The target is 50 ms at the 99th percentile (BENCHMARKS.md has the figures); a machine
    // busy with builds and other browser trials stretches a few of them to most of a second
    // (p99 852 ms once, at a load of 8 to 11), so the median alone is asserted, with a wide
    // margin.
    if median > 100.0 {
        return Err(fail(format!(
            "median {median:.1} ms from an action to its answer drawn"
        )));
    }
    only_refusals(&page).await
}

async fn speed_versus_screenshots(page: Page) -> Outcome {
    for theme in ["light", "dark"] {
        page.emulate("prefers-color-scheme", theme).await?;
        page.resize(1280, 800).await?;
        start(&page, "/speed?seed=7&deal=3", "A", 1000).await?;
        play_on(&page, 4).await?;
        page.click("[data-place='A slot 2']").await?;
        page.screenshot(&format!("speed-versus-{theme}"), 1280, 800)
            .await?;
        page.screenshot(&format!("speed-versus-{theme}"), 390, 844)
            .await?;
        let fits = eval(
            &page,
            "const felt = document.getElementById('felt').getBoundingClientRect(); \
             return document.documentElement.scrollWidth <= window.innerWidth && \
                 [...document.querySelectorAll('#felt .speed-place')] \
                     .every(p => { const r = p.getBoundingClientRect(); \
                                   return r.left >= felt.left && r.right <= felt.right; });",
        )
        .await?;
        if fits != json!(true) {
            return Err(fail("at 390 px the felt does not fit"));
        }
    }
    // The end: who won, and the link to its replay.
    page.resize(1280, 800).await?;
    start(&page, "/speed?seed=5&deal=0&split=8/44", "A", 1000).await?;
    play_on(&page, usize::MAX).await?;
    page.wait_text("#versus-say", "You win").await?;
    page.screenshot("speed-versus-end", 1280, 800).await?;
    page.screenshot("speed-versus-end", 390, 844).await?;
    only_refusals(&page).await
}
