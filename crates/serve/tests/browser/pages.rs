//! What every page shares: the page of an unknown address, the index's pictures, and the
//! celebration of a won game, which a player who asked for reduced motion never sees.

use crate::browser::{Failure, Outcome, Page, fail};
use crate::trials;
use serde_json::{Value, json};
use std::time::Duration;

trials![
    pages_an_unknown_address_shows_the_games,
    pages_the_index_shows_a_picture_of_every_game,
    pages_a_won_game_is_celebrated,
    pages_no_celebration_under_reduced_motion,
];

async fn pages_an_unknown_address_shows_the_games(page: Page) -> Outcome {
    page.open("/no/such/page").await?;
    let heading = page.text("h1").await?;
    if heading != "No page at this address" {
        return Err(fail(format!("an unknown address shows {heading:?}")));
    }
    let links = page
        .eval(
            "return [...document.querySelectorAll('main a')].map(a => a.getAttribute('href'));",
            vec![],
        )
        .await?;
    if links != json!(["/hiq", "/russian", "/camicia", "/speed", "/"]) {
        return Err(fail(format!("the page links to {links}")));
    }
    page.click("main a[href='/speed']").await?;
    page.wait_for(
        "the Speed page",
        "return location.pathname === '/speed' && !document.getElementById('play').disabled;",
    )
    .await?;
    // The browser logs the page's own 404 as an error; nothing else may be.
    let errors = page.errors().await?;
    if errors.iter().any(|e| !e.contains("404 (Not Found)")) {
        return Err(fail(format!("the page logged {errors:?}")));
    }
    Ok(())
}

async fn pages_the_index_shows_a_picture_of_every_game(page: Page) -> Outcome {
    page.open("/").await?;
    let pictures = page
        .wait_for(
            "the pictures",
            "const cards = [...document.querySelectorAll('.home-games a.card-link')]; \
             const shown = cards.map(a => { const i = a.querySelector('img'); \
               return i && i.complete && i.naturalWidth > 0 \
                 ? [a.getAttribute('href'), i.naturalWidth, i.naturalHeight, i.alt.length > 20, \
                    Math.round(i.getBoundingClientRect().width) > 100] : null; }); \
             return shown.every(s => s) ? shown : null;",
        )
        .await?;
    let expected: Vec<Value> = ["/hiq", "/russian", "/camicia", "/speed"]
        .iter()
        .map(|path| json!([path, 512, 320, true, true]))
        .collect();
    if pictures != json!(expected) {
        return Err(fail(format!(
            "the index's pictures (game, size, alt text, drawn): {pictures}"
        )));
    }
    for (width, height) in [(1280, 800), (390, 844)] {
        page.screenshot("index", width, height).await?;
    }
    Ok(())
}

/// Counts, from now on, the celebrations the page shows (`window.celebrations`).
async fn count_celebrations(page: &Page) -> Outcome {
    page.eval(
        "window.celebrations = 0; \
         new MutationObserver(changes => { for (const c of changes) for (const n of c.addedNodes) \
           if (n.classList && n.classList.contains('celebration')) window.celebrations++; }) \
           .observe(document.body, {childList: true});",
        vec![],
    )
    .await?;
    Ok(())
}

async fn celebrations(page: &Page) -> Result<u64, Failure> {
    let count = page.eval("return window.celebrations;", vec![]).await?;
    count
        .as_u64()
        .ok_or_else(|| fail(format!("no count of celebrations: {count}")))
}

/// Opens `path`, waits until the script `ready` says that `what` is drawn, and counts the
/// celebrations from then on.
async fn open_counting(page: &Page, path: &str, what: &str, ready: &str) -> Outcome {
    page.open(path).await?;
    page.wait_for(what, ready).await?;
    count_celebrations(page).await
}

/// Once the element `css` says `won`: the celebrations seen since they were counted, and
/// whether the last was gone 1.5 s after it began.
async fn celebrated(page: &Page, css: &str, won: &str) -> Result<(u64, bool), Failure> {
    page.wait_text(css, won).await?;
    let seen = celebrations(page).await?;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    Ok((seen, page.count(".celebration").await? == 0))
}

/// Plays the Speed page's worked example to its end, Camicia's one-trick game to its end by the
/// End key's button, Russian Solitaire's deal 113 won by the clairvoyant, each after opening it
/// at its start, and Hi-Q's winning line's last jump by clicks; then opens Speed, Camicia and
/// Hi-Q at their end. The celebrations seen on each (Speed, Camicia, Russian, Hi-Q), and whether
/// each was gone 1.5 s after it began.
async fn win_each(page: &Page) -> Result<([u64; 4], bool), Failure> {
    open_counting(
        page,
        "/speed?example=1",
        "the Speed game",
        "return !document.getElementById('play').disabled;",
    )
    .await?;
    page.eval("document.getElementById('pace').value = '4';", vec![])
        .await?;
    page.click("#play").await?;
    let (speed, speed_gone) = celebrated(page, "#verdict", "B wins.").await?;

    open_counting(
        page,
        "/camicia?deal=J/-",
        "the Camicia game",
        "return document.getElementById('table').getAttribute('aria-busy') === 'false';",
    )
    .await?;
    page.click("#end").await?;
    let (camicia, camicia_gone) = celebrated(page, "#verdict", "Finished").await?;

    page.open("/russian?deal=113").await?;
    super::russian::ready(page, "").await?;
    count_celebrations(page).await?;
    super::russian::autoplay(page, "clairvoyant").await?;
    let (russian, russian_gone) = celebrated(page, "#message", "Won").await?;

    let line = super::hiq::won_after(page, 30).await?;
    count_celebrations(page).await?;
    super::hiq::click_line(page, &line[30..]).await?;
    let (hiq, hiq_gone) = celebrated(page, "#verdict", "Won").await?;
    super::hiq::open_played(page, &line).await?;
    count_celebrations(page).await?;
    page.wait_text("#verdict", "Won").await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let hiq_opened_over = celebrations(page).await?;

    // A game opened already over is not celebrated.
    let mut opened_over = 0;
    for (path, verdict) in [
        ("/speed?example=1&t=2900", "B wins."),
        ("/camicia?deal=J/-&card=2", "Finished"),
    ] {
        page.open(path).await?;
        count_celebrations(page).await?;
        page.wait_text("#verdict", verdict).await?;
        tokio::time::sleep(Duration::from_millis(300)).await;
        opened_over += celebrations(page).await?;
    }
    if opened_over + hiq_opened_over != 0 {
        return Err(fail("a game opened at its end was celebrated"));
    }
    Ok((
        [speed, camicia, russian, hiq],
        speed_gone && camicia_gone && russian_gone && hiq_gone,
    ))
}

async fn pages_a_won_game_is_celebrated(page: Page) -> Outcome {
    let (seen, gone) = win_each(&page).await?;
    if seen != [1, 1, 1, 1] || !gone {
        return Err(fail(format!(
            "celebrations on Speed, Camicia, Russian Solitaire and Hi-Q: {seen:?}; gone after 1.5 s: {gone}"
        )));
    }
    Ok(())
}

async fn pages_no_celebration_under_reduced_motion(page: Page) -> Outcome {
    page.reduce_motion().await?;
    page.open("/").await?;
    let reduced = page
        .eval(
            "return matchMedia('(prefers-reduced-motion: reduce)').matches;",
            vec![],
        )
        .await?;
    if reduced != json!(true) {
        return Err(fail("the browser does not report reduced motion"));
    }
    let (seen, _) = win_each(&page).await?;
    if seen != [0, 0, 0, 0] {
        return Err(fail(format!(
            "under reduced motion, celebrations on Speed, Camicia, Russian Solitaire and Hi-Q: {seen:?}"
        )));
    }
    Ok(())
}
