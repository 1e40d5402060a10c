//! The Camicia page: a whole game asked once and replayed, watched as a viewer watches it —
//! played to its end, stepped, scrubbed, by keys, from an index — and timed.

use crate::browser::{Failure, Outcome, Page, fail};
use crate::trials;
use fantoccini::key::Key;
use serde_json::{Value, json};

trials![
    camicia_the_record_plays_to_its_end_in_seconds,
    camicia_casellas_loop_is_shown_as_a_loop,
    camicia_scrubbing_forward_and_back_shows_what_playing_shows,
    camicia_keys_steps_an_index_a_seed_and_the_url,
    camicia_screenshots_and_a_phone_sized_window,
    camicia_counts_in_plural_words,
    camicia_play_and_pause_are_drawn_without_a_font,
    camicia_marks_the_open_record,
    camicia_labels_the_loop_band,
];

const NESSLER: &str = "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---";
const CASELLA: &str = "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA";

/// Waits until the page shows the game of `deal` (the canonical form the trace gives).
async fn ready(page: &Page, deal: &str) -> Outcome {
    let script = format!(
        "return document.getElementById('table').getAttribute('aria-busy') === 'false' \
             && new URLSearchParams(location.search).get('deal') === {};",
        json!(deal)
    );
    page.wait_for(&format!("the game of {deal}"), &script)
        .await?;
    Ok(())
}

/// Opens a game by the form: what `kind` of thing (a deal, an index, a seed) and which.
async fn choose(page: &Page, kind: &str, what: &str) -> Outcome {
    page.eval(
        "document.getElementById('kind').value = arguments[0]; \
         document.getElementById('kind').dispatchEvent(new Event('change')); \
         document.getElementById('what').value = arguments[1];",
        vec![json!(kind), json!(what)],
    )
    .await?;
    page.click("#choose button[type=submit]").await
}

/// Everything the page draws of a position, as one string.
async fn picture(page: &Page) -> Result<String, Failure> {
    let script = "const t = id => document.getElementById(id).textContent; \
                  const pile = [...document.querySelectorAll('#pile .cam-card')] \
                      .filter(c => !c.hidden).map(c => c.textContent).join(' '); \
                  return ['card-n', 'trick-n', 'round-n', 'count-a', 'count-b', 'top-a', \
                          'top-b', 'pile-count', 'due', 'turn-a', 'turn-b', 'verdict'] \
                      .map(id => id + '=' + t(id)).join('|') + '|pile=' + pile;";
    Ok(page
        .eval(script, vec![])
        .await?
        .as_str()
        .unwrap_or_default()
        .to_owned())
}

/// Moves the range input to `card` as a pointer does: a value, then an input event.
async fn scrub_to(page: &Page, card: u64) -> Outcome {
    page.eval(
        "const s = document.getElementById('scrub'); s.value = arguments[0]; \
         s.dispatchEvent(new Event('input', {bubbles: true}));",
        vec![json!(card)],
    )
    .await?;
    Ok(())
}

async fn shown_card(page: &Page) -> Result<u64, Failure> {
    let text = page.text("#card-n").await?;
    text.replace(',', "")
        .parse()
        .map_err(|_| fail(format!("card number {text:?}")))
}

async fn camicia_the_record_plays_to_its_end_in_seconds(page: Page) -> Outcome {
    page.open(&format!("/camicia?deal={NESSLER}")).await?;
    ready(&page, NESSLER).await?;
    let load = page
        .eval(
            "return performance.getEntriesByName('camicia-load')[0].duration;",
            vec![],
        )
        .await?
        .as_f64()
        .unwrap_or(f64::NAN);
    if page.text("#card-total").await? != "8,344" || page.text("#trick-total").await? != "1,164" {
        return Err(fail(
            "the record is not announced as 8,344 cards and 1,164 tricks",
        ));
    }
    // The frames while it plays at full speed, and any task long enough to drop one.
    page.eval(
        "window.frames_ = []; window.longTasks = []; \
         new PerformanceObserver(list => { for (const e of list.getEntries()) \
             window.longTasks.push(e.duration); }).observe({entryTypes: ['longtask']}); \
         let last = performance.now(); \
         const tick = now => { window.frames_.push(now - last); last = now; \
             if (window.frames_.length < 100000) requestAnimationFrame(tick); }; \
         requestAnimationFrame(tick); \
         document.getElementById('speed').value = '4000'; \
         window.playStart = performance.now(); \
         document.getElementById('play').click();",
        vec![],
    )
    .await?;
    page.wait_text("#verdict", "Finished: ").await?;
    let figures = page
        .eval(
            "const f = window.frames_.slice(1).sort((a, b) => a - b); \
             const at = q => f[Math.min(f.length - 1, Math.floor(q * f.length))]; \
             return {frames: f.length, median: at(0.5), p95: at(0.95), max: f[f.length - 1], \
                     long: window.longTasks.length, played: performance.now() - window.playStart};",
            vec![],
        )
        .await?;
    eprintln!(
        "camicia record: request to ready {load:.1} ms; played in {:.0} ms over {} frames, \
         frame interval median {:.1} ms, 95th percentile {:.1} ms, longest {:.1} ms; long tasks {}",
        figures["played"].as_f64().unwrap_or(0.0),
        figures["frames"],
        figures["median"].as_f64().unwrap_or(0.0),
        figures["p95"].as_f64().unwrap_or(0.0),
        figures["max"].as_f64().unwrap_or(0.0),
        figures["long"],
    );
    let verdict = page.text("#verdict").await?;
    if !verdict.contains("all 52 cards after 8,344 cards and 1,164 tricks") {
        return Err(fail(format!("the end says {verdict:?}")));
    }
    if page.text("#card-n").await? != "8,344" || page.text("#trick-n").await? != "1,164" {
        return Err(fail(
            "the counts at the end are not 8,344 cards and 1,164 tricks",
        ));
    }
    let counts = (page.text("#count-a").await?, page.text("#count-b").await?);
    if counts != ("0".into(), "52".into()) && counts != ("52".into(), "0".into()) {
        return Err(fail(format!("the decks at the end hold {counts:?}")));
    }
    // The frames' pace depends on the machine's load; the page's own work per frame must not:
    // a position drawn anywhere in the game, as the slider draws it, 2,000 times.
    let drawn = page
        .eval(
            "const s = document.getElementById('scrub'); const t0 = performance.now(); \
             for (let i = 0; i < 2000; i++) { s.value = (i * 4177) % 8345; \
                 s.dispatchEvent(new Event('input', {bubbles: true})); \
                 document.getElementById('card-n').getBoundingClientRect(); } \
             return (performance.now() - t0) / 2000;",
            vec![],
        )
        .await?
        .as_f64()
        .unwrap_or(f64::NAN);
    eprintln!("camicia record: a position drawn and laid out in {drawn:.3} ms on average");
    if figures["median"].as_f64().is_none_or(|m| m > 20.0) || drawn.is_nan() || drawn > 4.0 {
        return Err(fail(format!(
            "too slow to play at full speed: {figures}, {drawn} ms a position"
        )));
    }
    if load > 1000.0 {
        return Err(fail(format!("the record took {load:.0} ms to be ready")));
    }
    Ok(())
}

async fn camicia_casellas_loop_is_shown_as_a_loop(page: Page) -> Outcome {
    page.open("/camicia").await?;
    ready(&page, NESSLER).await?;
    let clicked = page
        .eval(
            "const b = [...document.querySelectorAll('#records button')] \
                 .find(b => b.textContent.startsWith('Casella')); \
             if (b) b.click(); return !!b;",
            vec![],
        )
        .await?;
    if clicked != Value::Bool(true) {
        return Err(fail("no Casella among the records"));
    }
    ready(&page, CASELLA).await?;
    page.find("body")
        .await?
        .send_keys(&Key::End.to_string())
        .await?;
    let verdict = page
        .wait_text(
            "#verdict",
            "Loop: the start of round 67 repeats the start of round 5",
        )
        .await?;
    if !verdict.contains("474 cards and 66 tricks") {
        return Err(fail(format!("the loop's verdict: {verdict:?}")));
    }
    let band = page
        .eval(
            "const b = document.getElementById('loopband'); \
             return b.hidden ? null : b.getBoundingClientRect().width;",
            vec![],
        )
        .await?;
    if band.as_f64().is_none_or(|w| w < 10.0) {
        return Err(fail(format!("the repeating rounds are not marked: {band}")));
    }
    // A card inside the repeating rounds says so; one before them does not.
    let round5 = page.post("/api/camicia/trace", CASELLA).await?["taken"][3]
        .as_u64()
        .ok_or("no fifth round")?;
    scrub_to(&page, round5 + 1).await?;
    page.wait_text("#verdict", "In the loop: rounds 5 to 66 repeat forever")
        .await?;
    scrub_to(&page, round5 - 1).await?;
    page.wait_text("#verdict", "never ends").await?;
    Ok(())
}

async fn camicia_scrubbing_forward_and_back_shows_what_playing_shows(page: Page) -> Outcome {
    page.open(&format!("/camicia?deal={NESSLER}")).await?;
    ready(&page, NESSLER).await?;
    // Three points: the first trick's end, a card with a penalty owed, and the last card but one.
    let trace = page.post("/api/camicia/trace", NESSLER).await?;
    let first_trick = trace["taken"][0].as_u64().ok_or("no trick")?;
    let owing = trace["due"]
        .as_str()
        .and_then(|due| (4_000..due.len()).find(|&i| &due[i..=i] != "0"))
        .ok_or("no penalty after card 4,000")? as u64
        + 1;
    let points = [first_trick, owing, 8_343];
    // Played through: from 20 cards before each point at 20 cards a second (one card a frame at
    // most), paused by the page's own button the moment the point is drawn.
    let mut played = Vec::new();
    for &point in &points {
        scrub_to(&page, point.saturating_sub(20)).await?;
        page.eval(
            "const target = String(arguments[0].toLocaleString('en')); \
             const n = document.getElementById('card-n'); \
             const watch = new MutationObserver(() => { if (n.textContent === target) { \
                 watch.disconnect(); document.getElementById('play').click(); } }); \
             watch.observe(n, {childList: true, characterData: true, subtree: true}); \
             document.getElementById('speed').value = '20'; \
             document.getElementById('play').click();",
            vec![json!(point)],
        )
        .await?;
        page.wait_for(
            "the pause at the point",
            "return document.getElementById('play').textContent.includes('Play');",
        )
        .await?;
        if shown_card(&page).await? != point {
            return Err(fail(format!(
                "playing did not stop at {point}: {}",
                picture(&page).await?
            )));
        }
        played.push(picture(&page).await?);
    }
    let mut forward = Vec::new();
    for &point in &points {
        scrub_to(&page, point).await?;
        forward.push(picture(&page).await?);
    }
    let mut back = Vec::new();
    scrub_to(&page, 8_344).await?;
    for &point in points.iter().rev() {
        scrub_to(&page, point).await?;
        back.push(picture(&page).await?);
    }
    back.reverse();
    // And stepped by the arrow keys onto each point from either side.
    let body = page.find("body").await?;
    let mut stepped = Vec::new();
    for &point in &points {
        scrub_to(&page, point + 1).await?;
        body.send_keys(&Key::Left.to_string()).await?;
        stepped.push(picture(&page).await?);
    }
    for (i, point) in points.iter().enumerate() {
        for (how, seen) in [
            ("forward", &forward),
            ("back", &back),
            ("by a key", &stepped),
        ] {
            if seen[i] != played[i] {
                return Err(fail(format!(
                    "at card {point}, scrubbed {how}: {}\nplayed: {}",
                    seen[i], played[i]
                )));
            }
        }
    }
    if !played[0].contains("takes the pile") && !played[0].contains("owes") {
        return Err(fail(format!(
            "card 13 says nothing of a penalty: {}",
            played[0]
        )));
    }
    Ok(())
}

async fn camicia_keys_steps_an_index_a_seed_and_the_url(page: Page) -> Outcome {
    page.open("/camicia?deal=2A78QX/3456K9J&card=4").await?;
    ready(&page, "2A78QX/3456K9J").await?;
    if page.text("#due").await? != "B owes 3 cards" || page.text("#turn-b").await? != "pays" {
        return Err(fail(format!("card 4: {}", picture(&page).await?)));
    }
    let body = page.find("body").await?;
    // Shift+→ goes to the trick's end, where the pile is shown with its taker.
    body.send_keys(&(Key::Shift + Key::Right.to_string().as_str()))
        .await?;
    page.wait_text("#due", "B takes the pile (13 cards)")
        .await?;
    page.wait_for(
        "the address to name card 13",
        "return new URLSearchParams(location.search).get('card') === '13';",
    )
    .await?;
    body.send_keys(&Key::Home.to_string()).await?;
    page.wait_text("#card-n", "0").await?;
    body.send_keys(&Key::Right.to_string()).await?;
    page.wait_text("#card-n", "1").await?;
    body.send_keys(" ").await?;
    page.wait_text("#verdict", "Finished: B holds all 13 cards")
        .await?;

    // By index: Casella's loop, from camicia.dev's numbering.
    choose(&page, "index", "472460898658889399111").await?;
    ready(&page, CASELLA).await?;
    // By seed: deal 0 of seed 1, as the API gives it.
    let deal = page.get("/api/camicia/deal?seed=1").await?["deal"]
        .as_str()
        .ok_or("no deal of seed 1")?
        .to_owned();
    choose(&page, "seed", "1").await?;
    ready(&page, &deal).await?;
    // A reload keeps the deal and the card.
    scrub_to(&page, 40).await?;
    page.wait_for(
        "the address to name card 40",
        "return new URLSearchParams(location.search).get('card') === '40';",
    )
    .await?;
    let before = picture(&page).await?;
    page.client.refresh().await?;
    ready(&page, &deal).await?;
    if picture(&page).await? != before {
        return Err(fail("a reload did not bring back the card"));
    }
    // A deal that cannot be read gets the reader's message, and the page keeps the last game.
    choose(&page, "deal", "2 Z/3").await?;
    page.wait_text("#message", "expected a card").await?;
    // The browser logs the 400 the trial asked for as an error of the page; nothing else.
    let errors = page.errors().await?;
    if errors.is_empty() || errors.iter().any(|e| !e.contains("400")) {
        return Err(fail(format!("the page logged {errors:?}")));
    }
    if picture(&page).await? != before {
        return Err(fail("a deal refused changed the game shown"));
    }
    Ok(())
}

async fn camicia_screenshots_and_a_phone_sized_window(page: Page) -> Outcome {
    page.open(&format!("/camicia?deal={NESSLER}&card=2412"))
        .await?;
    ready(&page, NESSLER).await?;
    page.screenshot("camicia", 1280, 800).await?;
    page.screenshot("camicia", 390, 844).await?;
    // Nothing wider than the phone's window.
    let wide = page
        .eval(
            "return document.documentElement.scrollWidth > window.innerWidth;",
            vec![],
        )
        .await?;
    if wide != Value::Bool(false) {
        return Err(fail("the page is wider than a 390-pixel window"));
    }
    page.open(&format!("/camicia?deal={CASELLA}&card=474"))
        .await?;
    ready(&page, CASELLA).await?;
    page.screenshot("camicia-loop", 1280, 800).await?;
    Ok(())
}

async fn camicia_counts_in_plural_words(page: Page) -> Outcome {
    // A jack paid with one card: one trick of two cards, every count at 1 somewhere.
    page.open("/camicia?deal=J/-").await?;
    ready(&page, "J/-").await?;
    let said = page.text("#message").await?;
    if said != "A 1 card, B 1: finished, 2 cards, 1 trick." {
        return Err(fail(format!("the game is announced as {said:?}")));
    }
    scrub_to(&page, 1).await?;
    let (due, decks) = (
        page.text("#due").await?,
        page.text("#hand-b .cam-count").await?,
    );
    if due != "B owes 1 card" || decks != "1 card" {
        return Err(fail(format!(
            "after the jack: {due:?}, and B's deck {decks:?}"
        )));
    }
    page.click("#end").await?;
    let verdict = page
        .wait_text(
            "#verdict",
            "Finished: A holds all 2 cards after 2 cards and 1 trick.",
        )
        .await?;
    let everything = picture(&page).await?;
    for wrong in ["1 cards", "1 tricks"] {
        if verdict.contains(wrong) || everything.contains(wrong) {
            return Err(fail(format!("the page says {wrong:?}: {everything}")));
        }
    }
    Ok(())
}

/// The play button of the page: its text, and the icon it shows with its drawn size.
async fn play_button(page: &Page) -> Result<Value, Failure> {
    Ok(page
        .eval(
            "const b = document.getElementById('play'); const i = b.querySelector('.icon'); \
             const r = i ? i.getBoundingClientRect() : {width: 0, height: 0}; \
             return [b.textContent, i ? i.className : null, r.width >= 6 && r.height >= 8];",
            vec![],
        )
        .await?)
}

async fn camicia_play_and_pause_are_drawn_without_a_font(page: Page) -> Outcome {
    // Both pages that replay share the clock's button: its icon is drawn by the sheet, and its
    // text is the word alone, with no glyph a font must have (⏸ is missing from many).
    for path in ["/camicia", "/speed"] {
        page.open(path).await?;
        page.wait_for(
            "the game",
            "return !document.getElementById('play').disabled \
                 && document.querySelector('[aria-busy=true]') === null;",
        )
        .await?;
        if play_button(&page).await? != json!(["Play", "icon play", true]) {
            return Err(fail(format!(
                "{path}: the play button is {}",
                play_button(&page).await?
            )));
        }
        page.click("#play").await?;
        if play_button(&page).await? != json!(["Pause", "icon pause", true]) {
            return Err(fail(format!(
                "{path}: playing, the button is {}",
                play_button(&page).await?
            )));
        }
        page.click("#play").await?;
    }
    Ok(())
}

/// The names of the records' rows marked as the open game.
async fn marked(page: &Page) -> Result<Value, Failure> {
    Ok(page
        .eval(
            "return [...document.querySelectorAll('#records tr[aria-current]')] \
                 .map(r => r.querySelector('td').innerText);",
            vec![],
        )
        .await?)
}

async fn camicia_marks_the_open_record(page: Page) -> Outcome {
    page.open("/camicia").await?;
    ready(&page, NESSLER).await?;
    if marked(&page).await? != json!(["Nessler · open"]) {
        return Err(fail(format!(
            "opening on Nessler's 2022 record, the table marks {}",
            marked(&page).await?
        )));
    }
    let rows = page.count("#records tbody tr").await?;
    page.click(&format!("#records tbody tr:nth-child({rows}) button"))
        .await?;
    ready(&page, CASELLA).await?;
    if marked(&page).await? != json!(["Casella (loop) · open"]) {
        return Err(fail(format!(
            "after picking Casella's loop, the table marks {}",
            marked(&page).await?
        )));
    }
    choose(&page, "deal", "J/-").await?;
    ready(&page, "J/-").await?;
    if marked(&page).await? != json!([]) {
        return Err(fail(format!(
            "a game of no record is marked as {}",
            marked(&page).await?
        )));
    }
    Ok(())
}

async fn camicia_labels_the_loop_band(page: Page) -> Outcome {
    page.open(&format!("/camicia?deal={CASELLA}")).await?;
    ready(&page, CASELLA).await?;
    // Seen, worded as the verdict words the loop, just under the band it names.
    let label = page
        .eval(
            "const b = document.getElementById('loopband').getBoundingClientRect(); \
             const l = document.getElementById('looplabel'); \
             const r = l.getBoundingClientRect(); \
             return [l.innerText, r.height > 0 && r.top >= b.bottom - 1 && r.top - b.bottom < 20 \
                     && r.left < b.right && r.right > b.left];",
            vec![],
        )
        .await?;
    if label != json!(["Loop: rounds 5 to 66 repeat forever", true]) {
        return Err(fail(format!(
            "the loop band's label: {label} (text, and whether it is seen under the band)"
        )));
    }
    // A game that finishes has neither.
    page.open("/camicia").await?;
    ready(&page, NESSLER).await?;
    let shown = page
        .eval(
            "return ['loopband', 'looplabel'].map(id => document.getElementById(id).hidden);",
            vec![],
        )
        .await?;
    if shown != json!([true, true]) {
        return Err(fail(format!("a finished game shows a loop: {shown}")));
    }
    Ok(())
}
