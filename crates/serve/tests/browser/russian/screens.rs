//! The page's pictures, desktop and phone, and its table on a phone: seven columns in the
//! width, every face-down count readable.

use super::honest::end_game;
use super::*;
use crate::trials;
use std::time::Duration;

trials![
    russian_screenshots_and_a_phone_sized_window,
    russian_every_face_down_count_reads_on_a_phone,
];

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
    end_game(&page, "#restart").await?;
    ready(&page, "").await?;
    play_first(&page, "deal=1", &mut Vec::new()).await?;
    // Starting over in mid-game asks first.
    page.click("#restart").await?;
    page.screenshot("russian-asks", 1280, 800).await?;
    page.screenshot("russian-asks", 390, 844).await?;
    page.resize(1280, 800).await?;
    page.click("#end-game-yes").await?;
    ready(&page, "").await?;
    // The statistics in one click on their tab, in full without scrolling at 1280 × 800; on a
    // phone, in one tap from the top of the page.
    eval(&page, "window.scrollTo(0, 0);").await?;
    page.click("#tab-stats").await?;
    page.wait_text("#stats-played-player", "1").await?;
    in_view(&page, "at 1280 × 800, the statistics' tab chosen").await?;
    page.screenshot("russian-stats", 1280, 800).await?;
    page.click("#tab-solvers").await?;
    page.resize(390, 844).await?;
    eval(&page, "window.scrollTo(0, 0);").await?;
    page.click("#show-stats").await?;
    in_view(&page, "at 390 × 844, one tap on Statistics").await?;
    page.screenshot("russian-stats", 390, 844).await?;
    Ok(())
}

/// Fails unless the statistics' table lies whole in the window, as `what` left it.
async fn in_view(page: &Page, what: &str) -> Outcome {
    let seen = eval(
        page,
        "const table = document.getElementById('stats').getBoundingClientRect(); \
         return [table.top >= 0, table.bottom <= window.innerHeight, table.height > 100];",
    )
    .await?;
    if seen != json!([true, true, true]) {
        return Err(fail(format!(
            "{what}, the statistics are not all in the window (top in, bottom in, drawn): {seen}"
        )));
    }
    Ok(())
}

/// Each column's face-down count as the page shows it in its number on the backs — the count,
/// or null where no number is shown — with whether it can be read: drawn, at least 12 px
/// high, not covered by the column's first face-up card, centred under its own column's number
/// ('misplaced' where it is not), and drawn as a badge on the backs, not as a second row of
/// column numbers ('unmarked' where it has no background of its own).
async fn down_counts(page: &Page) -> Result<Value, Failure> {
    eval(
        page,
        "const numbers = [...document.querySelectorAll('#colnums span')]; \
         return [...document.querySelectorAll('#columns .column')].map((column, i) => { \
             const count = column.querySelector('.down-count'); \
             if (!count || getComputedStyle(count).display === 'none') return null; \
             const box = count.getBoundingClientRect(); \
             const up = column.querySelector('.card:not(.down)'); \
             const clear = !up || up.getBoundingClientRect().top >= box.bottom - 0.5; \
             const size = parseFloat(getComputedStyle(count).fontSize); \
             const number = numbers[i].getBoundingClientRect(); \
             const centred = Math.abs(box.left + box.right - number.left - number.right) <= 2; \
             if (!centred) return 'misplaced'; \
             if (getComputedStyle(count).backgroundColor === 'rgba(0, 0, 0, 0)') return 'unmarked'; \
             return box.height >= 12 && size >= 12 && clear ? Number(count.textContent) : 'unreadable'; \
         });",
    )
    .await
}

async fn russian_every_face_down_count_reads_on_a_phone(page: Page) -> Outcome {
    // At the deal's start, columns 2 to 7 hold 1 to 6 face-down cards: each count under its
    // own column's number, never read as the number of the next.
    page.resize(390, 844).await?;
    page.open("/russian?deal=1").await?;
    ready(&page, "").await?;
    let start = down_counts(&page).await?;
    if start != json!([null, 1, 2, 3, 4, 5, 6]) {
        return Err(fail(format!(
            "at a deal's start on a phone the columns' face-down counts read {start}"
        )));
    }
    // After these moves column 1 has no face-down card and the others 1 to 5.
    let line = "SQ-1,H6-1,S8-4,DA-1,DQ-3";
    page.open(&format!("/russian?deal=1&moves={line}")).await?;
    ready(&page, line).await?;
    let game = page
        .get(&format!("/api/russian/game?deal=1&moves={line}"))
        .await?;
    let expected: Vec<Value> = items(&game["columns"])
        .map(|column| {
            let down = items(column)
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
