//! The Speed page, watched as a viewer watches it: played, paused, stepped and scrubbed, with
//! the command line's trace as the measure of when the game must end and with what verdict.

use crate::browser::{Failure, Outcome, Page, fail};
use crate::trials;
use fantoccini::key::Key;
use serde_json::{Value, json};
use std::time::Duration;

trials![
    speed_worked_example_ends_with_the_traces_verdict_at_its_instant,
    speed_scrubbing_shows_what_playing_showed,
    speed_steps_from_event_to_event,
    speed_bad_input_names_its_place,
    speed_frames_while_animating,
    speed_last_frame_shows_the_card_that_landed,
    speed_a_card_in_a_hand_never_covers_a_place,
    speed_screenshots,
];

const WORKED: &str = "5\nS3 S5 S8 S9 S2\n3\nH7 H3 H4\n0\n";

async fn eval(page: &Page, script: &str) -> Result<Value, Failure> {
    Ok(page.eval(script, vec![]).await?)
}

/// Fails unless the random deal's form (seed, deal, split) and the address's split are
/// `expected`.
async fn random_deal_named(page: &Page, expected: Value) -> Outcome {
    let named = eval(
        page,
        "return [...['seed', 'deal', 'split'].map(id => document.getElementById(id).value), \
                 new URLSearchParams(location.search).get('split')];",
    )
    .await?;
    if named != expected {
        return Err(fail(format!(
            "the random deal's form and the address say {named}, not {expected}"
        )));
    }
    Ok(())
}

/// Opens `path` and waits until its game is on the felt.
async fn open(page: &Page, path: &str) -> Outcome {
    page.open(path).await?;
    page.wait_for(
        "the game to be drawn",
        "return !document.getElementById('play').disabled \
             && !document.getElementById('felt').hasAttribute('aria-busy');",
    )
    .await?;
    Ok(())
}

/// The clock and everything drawn at it: each place's top card and caption, the cards in the
/// robots' hands with where they are, what each robot is doing, the verdict and the line that
/// says what happened.
async fn picture(page: &Page) -> Result<(u64, String), Failure> {
    let value = eval(
        page,
        "const places = [...document.querySelectorAll('#felt [data-place]')].map(p => \
             p.dataset.place + '=' + p.dataset.card + '/' + p.querySelector('.speed-caption').textContent); \
         const hands = [...document.querySelectorAll('.speed-fly')].map(f => \
             f.hidden ? '-' : f.dataset.card + '@' + f.style.transform); \
         const doing = [...document.querySelectorAll('.speed-doing')].map(d => d.textContent); \
         const verdict = document.getElementById('verdict'); \
         return [+document.getElementById('clock').textContent, \
                 [places.join(' '), hands.join(' '), doing.join(','), \
                  verdict.hidden ? '' : verdict.textContent, \
                  document.getElementById('happening').textContent].join(' | ')];",
    )
    .await?;
    Ok((
        value[0].as_u64().unwrap_or(u64::MAX),
        value[1].as_str().unwrap_or_default().to_owned(),
    ))
}

/// Moves the scrubber to `t` as a viewer's drag does.
async fn scrub(page: &Page, t: u64) -> Outcome {
    page.eval(
        "const s = document.getElementById('scrub'); s.value = arguments[0]; \
         s.dispatchEvent(new Event('input')); s.dispatchEvent(new Event('change'));",
        vec![json!(t)],
    )
    .await?;
    Ok(())
}

async fn pace(page: &Page, pace: &str) -> Outcome {
    page.eval(
        "document.getElementById('pace').value = arguments[0];",
        vec![json!(pace)],
    )
    .await?;
    Ok(())
}

async fn speed_worked_example_ends_with_the_traces_verdict_at_its_instant(page: Page) -> Outcome {
    // The game engine's outcome, as the trace's last line gives it: `B wins at 2900 ms: …`.
    let deals = speed::contest::parse(WORKED)?;
    let deal = deals
        .first()
        .ok_or_else(|| fail("no game in the worked example"))?;
    let outcome = speed::reference::play(deal).outcome;
    if speed::fast::play(deal) != outcome {
        return Err(fail("the trace and the verdict disagree"));
    }
    let (winner, end) = (outcome.winner, u64::from(outcome.end_ms));
    // As `parlor speed` words it.
    let verdict = format!("{winner} wins.");

    open(&page, "/speed?example=1").await?;
    // The form offers the deal the server deals unless told otherwise.
    random_deal_named(&page, json!(["1", "0", "26/26", null])).await?;
    if page.text("#length").await? != end.to_string() {
        return Err(fail(format!(
            "the page says the game lasts {} ms, the trace {end}",
            page.text("#length").await?
        )));
    }
    pace(&page, "4").await?;
    page.click("#play").await?;
    page.wait_text("#verdict", &verdict).await?;
    let (clock, _) = picture(&page).await?;
    if clock != end {
        return Err(fail(format!(
            "the verdict shows at {clock} ms, the trace ends at {end}"
        )));
    }
    if page.text("#play").await? != "Play" {
        return Err(fail("the clock still runs after the end"));
    }
    // Not a millisecond before.
    scrub(&page, end - 1).await?;
    let (_, before) = picture(&page).await?;
    if before.contains(&verdict) {
        return Err(fail(format!("the verdict shows before the end: {before}")));
    }
    // The same verdict in the words of the original statement, as `--lang az` gives it.
    let az = format!("{winner} qalibdir.");
    page.eval(
        "const l = document.getElementById('lang'); l.value = 'az'; \
         l.dispatchEvent(new Event('change'));",
        vec![],
    )
    .await?;
    scrub(&page, end).await?;
    page.wait_text("#verdict", az.trim_end()).await?;
    let url = page.client.current_url().await?;
    if !url.as_str().contains("lang=az") || !url.as_str().contains(&format!("t={end}")) {
        return Err(fail(format!(
            "the URL does not hold the clock and the words: {url}"
        )));
    }
    Ok(())
}

async fn speed_scrubbing_shows_what_playing_showed(page: Page) -> Outcome {
    // The contest sample's third game: a draw, a wait, a return and a deadend in 3.7 s.
    open(&page, "/speed?example=2&set=3").await?;
    page.click("#play").await?;
    let mut seen = Vec::new();
    for _ in 0..3 {
        tokio::time::sleep(Duration::from_millis(900)).await;
        seen.push(picture(&page).await?);
    }
    page.wait_text("#verdict", "A wins.").await?;
    if seen.windows(2).any(|w| w[0].0 >= w[1].0) || seen[0].0 == 0 {
        return Err(fail(format!(
            "the clock did not run: {:?}",
            seen.iter().map(|s| s.0).collect::<Vec<_>>()
        )));
    }
    // Back to the latest, back to the first, forward to the middle one.
    for i in [2, 0, 1] {
        let (t, played) = &seen[i];
        scrub(&page, *t).await?;
        let (clock, scrubbed) = picture(&page).await?;
        if clock != *t || &scrubbed != played {
            return Err(fail(format!(
                "at {t} ms playing showed\n  {played}\nand scrubbing shows ({clock} ms)\n  {scrubbed}"
            )));
        }
    }
    Ok(())
}

async fn speed_steps_from_event_to_event(page: Page) -> Outcome {
    open(&page, "/speed?example=1").await?;
    let body = page.find("body").await?;
    body.send_keys(&Key::Right.to_string()).await?;
    page.wait_text("#clock", "500").await?;
    page.click("#next").await?;
    page.wait_text("#clock", "1000").await?;
    // The rule book's bullet for 1000 ms.
    let said = page.text("#happening").await?;
    for part in [
        "1000 ms",
        "3♠ lands on table A",
        "B must return 3♥",
        "A starts 8♠ to table B",
    ] {
        if !said.contains(part) {
            return Err(fail(format!("at 1000 ms the page says {said:?}")));
        }
    }
    // H3 is in B's hand on its way back, S8 in A's, and S3 on top of table A.
    let (_, now) = picture(&page).await?;
    for part in ["table A=S3/table A · 2", "returns 3♥", "moves 8♠"] {
        if !now.contains(part) {
            return Err(fail(format!("at 1000 ms, no {part:?} in {now}")));
        }
    }
    page.find("body")
        .await?
        .send_keys(&Key::Left.to_string())
        .await?;
    page.wait_text("#clock", "500").await?;
    if !page.client.current_url().await?.as_str().contains("t=500") {
        return Err(fail("a step does not put the clock in the URL"));
    }
    // Space plays from there, and again pauses.
    page.find("body").await?.send_keys(" ").await?;
    page.wait_text("#play", "Pause").await?;
    page.find("body").await?.send_keys(" ").await?;
    page.wait_text("#play", "Play").await?;
    Ok(())
}

async fn speed_bad_input_names_its_place(page: Page) -> Outcome {
    open(&page, "/speed").await?;
    let bad = "1\nSA\n1\nS1\n0\n";
    let reader = match speed::contest::parse(bad) {
        Err(error) => error.to_string(),
        Ok(_) => return Err(fail(format!("the reader takes {bad:?}"))),
    };
    let area = page.find("#input").await?;
    area.clear().await?;
    area.send_keys(bad).await?;
    page.click("#input-form button[type=submit]").await?;
    let said = page.wait_text("#message", "line 4, column 1").await?;
    if said != reader {
        return Err(fail(format!(
            "the page says {said:?}, the reader {reader:?}"
        )));
    }
    // The place is selected in the input, and the game shown before stays.
    let selected = eval(
        &page,
        "const a = document.getElementById('input'); \
         return a.value.slice(a.selectionStart, a.selectionEnd);",
    )
    .await?;
    if selected != json!("S") {
        return Err(fail(format!(
            "the input selects {selected}, not line 4's S1"
        )));
    }
    if page.text("#length").await? != "2900" {
        return Err(fail("the game shown before was lost"));
    }
    // The browser logs the 400 the trial caused as an error of the page; nothing else may be.
    let errors = page.errors().await?;
    if errors.is_empty() || errors.iter().any(|e| !e.contains("400 (Bad Request)")) {
        return Err(fail(format!("the page logged {errors:?}, not the one 400")));
    }
    Ok(())
}

async fn speed_frames_while_animating(page: Page) -> Outcome {
    // The longest game of a million deals (docs/speed.md): 39.4 s and a full pack.
    open(&page, "/speed?seed=1&deal=301618").await?;
    if page.text("#length").await? != "39400" {
        return Err(fail("deal 301618 of seed 1 is not the 39,400 ms game"));
    }
    // The split the address leaves out is the server's, and the form and the address say it.
    random_deal_named(&page, json!(["1", "301618", "26/26", "26/26"])).await?;
    pace(&page, "4").await?;
    page.click("#play").await?;
    let figures = page
        .eval(
            "return new Promise(done => { \
               const gaps = []; let last = null; let long = 0; \
               const seen = new PerformanceObserver(list => { long += list.getEntries().length; }); \
               seen.observe({type: 'longtask', buffered: false}); \
               const tick = now => { \
                 if (last !== null) gaps.push(now - last); last = now; \
                 if (gaps.length < 180) requestAnimationFrame(tick); \
                 else { seen.disconnect(); gaps.sort((a, b) => a - b); \
                   done({frames: gaps.length, \
                         mean: gaps.reduce((a, b) => a + b, 0) / gaps.length, \
                         median: gaps[gaps.length >> 1], \
                         p95: gaps[Math.floor(gaps.length * 0.95)], \
                         max: gaps[gaps.length - 1], long}); } }; \
               requestAnimationFrame(tick); });",
            vec![],
        )
        .await?;
    eprintln!(
        "speed page, frames while animating at 4× (ms between frames; long tasks): {figures}"
    );
    let median = figures["median"].as_f64().unwrap_or(f64::MAX);
    // Loose, for a loaded machine: the page's own work per picture is bounded below.
    if median > 34.0 {
        return Err(fail(format!("the animation is not smooth: {figures}")));
    }
    // What one picture costs: the scrubber moved through the whole game, a draw at each step,
    // every instant crossed rebuilding the piles it changed.
    let cost = eval(
        &page,
        "const s = document.getElementById('scrub'); const steps = 2000; \
         const start = performance.now(); \
         for (let i = 0; i <= steps; i++) { \
           s.value = Math.round(39400 * i / steps); s.dispatchEvent(new Event('input')); \
           document.getElementById('felt').getBoundingClientRect(); } \
         return (performance.now() - start) / (steps + 1);",
    )
    .await?;
    let cost = cost.as_f64().unwrap_or(f64::MAX);
    eprintln!("speed page, one picture with its layout, scrubbing the 39.4 s game: {cost:.3} ms");
    if cost > 8.0 {
        return Err(fail(format!("a picture takes {cost} ms, half a frame")));
    }
    Ok(())
}

/// For each robot's card in hand at the clock: its card, whether it is drawn going back, and
/// the tables its picture overlaps.
const HANDS: &str = "const cover = (a, b) => a.left < b.right && b.left < a.right \
                         && a.top < b.bottom && b.top < a.bottom; \
     const places = [...document.querySelectorAll('#felt [data-place]')]; \
     return [...document.querySelectorAll('.speed-fly:not([hidden])')].map(f => { \
       const r = f.getBoundingClientRect(); \
       return [f.dataset.card, f.classList.contains('returning'), \
               places.filter(p => cover(r, p.querySelector('.speed-pile').getBoundingClientRect())) \
                     .map(p => p.dataset.place)]; });";

async fn speed_last_frame_shows_the_card_that_landed(page: Page) -> Outcome {
    // The rule book's worked example ends as 3♥ lands on table A at the instant 5♠ arrives.
    open(&page, "/speed?example=1&t=2900").await?;
    let said = page.text("#happening").await?;
    if !said.contains("3♥ lands on table A; A must return 5♠") {
        return Err(fail(format!("at 2900 ms the page says {said:?}")));
    }
    let top = eval(
        &page,
        "return document.querySelector('#felt [data-place=\"table A\"]').dataset.card;",
    )
    .await?;
    if top != json!("H3") {
        return Err(fail(format!("table A shows {top}, not H3")));
    }
    // Nothing covers it: S5 is in A's hand, drawn going back, on no table.
    let hands = eval(&page, HANDS).await?;
    if hands != json!([["S5", true, []]]) {
        return Err(fail(format!(
            "in the robots' hands at 2900 ms: {hands}, not S5 going back beside the tables"
        )));
    }
    Ok(())
}

async fn speed_a_card_in_a_hand_never_covers_a_place(page: Page) -> Outcome {
    // Every game of the examples, each returns and landings at the same instant among them,
    // looked at every 10 ms, on a wide window and on a phone: a card in a hand travels in its
    // robot's lane, and lies on a table only once it has landed.
    for (example, sets, width, height) in [
        (1, 1, 1280, 800),
        (2, 3, 1280, 800),
        (3, 1, 1280, 800),
        (1, 1, 390, 844),
        (2, 3, 390, 844),
    ] {
        for set in 1..=sets {
            page.resize(width, height).await?;
            open(&page, &format!("/speed?example={example}&set={set}")).await?;
            let wrong = eval(
                &page,
                &format!(
                    "const hands = () => {{ {HANDS} }}; \
                     const s = document.getElementById('scrub'); const end = +s.max; \
                     const wrong = []; let returns = 0; \
                     for (let t = 0; t <= end; t += 10) {{ \
                       s.value = t; s.dispatchEvent(new Event('input')); \
                       for (const [card, back, on] of hands()) {{ \
                         if (back) returns++; \
                         if (on.length) wrong.push(t + ' ms: ' + card + ' on ' + on); }} }} \
                     return [wrong.slice(0, 5), returns];"
                ),
            )
            .await?;
            if wrong[0] != json!([]) {
                return Err(fail(format!(
                    "example {example}, set {set}, at {width} px: a card in a hand covers a place: {}",
                    wrong[0]
                )));
            }
            // The worked example sends two cards back: the trial looks at returns.
            if example == 1 && wrong[1].as_u64().unwrap_or(0) == 0 {
                return Err(fail("no card was drawn going back in the worked example"));
            }
        }
    }
    Ok(())
}

async fn speed_screenshots(page: Page) -> Outcome {
    // The contest sample's third game at 1400 ms: H5 on its way, S3 landing next.
    open(&page, "/speed?example=2&set=3&t=1400").await?;
    page.screenshot("speed", 1280, 800).await?;
    page.screenshot("speed", 390, 844).await?;
    let fits = eval(
        &page,
        "const felt = document.getElementById('felt').getBoundingClientRect(); \
         const places = [...document.querySelectorAll('#felt .speed-place')] \
             .map(p => p.getBoundingClientRect()); \
         return [document.documentElement.scrollWidth <= window.innerWidth, \
                 places.every(r => r.left >= felt.left && r.right <= felt.right)];",
    )
    .await?;
    if fits != json!([true, true]) {
        return Err(fail(format!(
            "at 390 px the page does not fit (no sideways scroll, every pile in the felt): {fits}"
        )));
    }
    // A full pack: decks face down, twelve seconds in.
    page.resize(1280, 800).await?;
    open(&page, "/speed?seed=1&deal=301618&t=12000").await?;
    page.screenshot("speed-full", 1280, 800).await?;
    page.screenshot("speed-full", 390, 844).await?;
    open(&page, "/speed?example=2&set=3").await?;
    // The end, with its verdict.
    page.resize(1280, 800).await?;
    scrub(&page, 3700).await?;
    page.screenshot("speed-end", 1280, 800).await?;
    page.screenshot("speed-end", 390, 844).await?;
    Ok(())
}
