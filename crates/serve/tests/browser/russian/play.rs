//! Playing by hand: by clicks on the cards' corners, by keys and by drag, with undo, redo, a
//! reload, and a PySolFC game.

use super::honest::end_game;
use super::*;
use crate::trials;
use std::time::Duration;

trials![
    russian_moves_by_click_follow_the_score_log_and_url_and_undo,
    russian_keys_drag_reload_and_a_pysol_game,
];

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

async fn russian_keys_drag_reload_and_a_pysol_game(page: Page) -> Outcome {
    page.open("/russian?deal=1").await?;
    ready(&page, "").await?;
    let answer = page.get("/api/russian/game?deal=1").await?;
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
    end_game(&page, "#choose button[type='submit']").await?;
    ready_for(&page, "the PySolFC game in the URL", "game === 'pysol=ms5'").await?;
    shows(&page, "pysol=ms5", &[]).await?;
    // A link names a PySolFC game too.
    page.open("/russian?pysol=1").await?;
    ready(&page, "").await?;
    shows(&page, "pysol=1", &[]).await?;
    Ok(())
}
