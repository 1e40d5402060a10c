//! Playing by hand: clicks, keys, drags, undo and redo, and a reload.

use super::*;

trials![
    hiq_standard_start_is_won_by_clicks,
    hiq_losing_move_then_undo_and_redo,
    hiq_keyboard_plays_a_jump,
    hiq_drag_plays_a_jump,
    hiq_reload_brings_the_game_back,
];

async fn hiq_standard_start_is_won_by_clicks(page: Page) -> Outcome {
    page.open("/hiq").await?;
    page.wait_text("#verdict", "Winnable").await?;
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
    let start = page.post("/api/hiq/board", STANDARD).await?;
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
    if !text.starts_with("Won\n") || !class.contains("won") {
        return Err(fail(format!("the end's verdict is {text:?} ({class})")));
    }
    if pegs_shown(&page).await? != [17] {
        return Err(fail("the board does not show the single peg in 17"));
    }
    let label = page.find(&hole(17)).await?.attr("aria-label").await?;
    if label.as_deref() != Some("hole 17, peg") {
        return Err(fail(format!("hole 17 is labelled {label:?}")));
    }
    let logged = page.count("#log li").await?;
    if logged != 31 {
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
    let here = page
        .post(&format!("/api/hiq/board?line={prefix}"), STANDARD)
        .await?;
    for (from, to) in jumps(&here["legal"]) {
        let after = page
            .post(
                &format!("/api/hiq/board?line={prefix},{from}-{to}"),
                STANDARD,
            )
            .await?;
        let position: Vec<String> = holes(&after["remaining"])
            .iter()
            .map(u64::to_string)
            .collect();
        let verdict = page
            .post("/api/hiq/solve?goal=centre", &position.join(" "))
            .await?;
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
    open_played(&page, &line[..played]).await?;
    page.wait_text("#verdict", "Winnable").await?;
    let won = settled_verdict(&page).await?.0;
    let status = page.text("#status").await?;
    let lost = format!(
        "Not winnable: at best {fewest} peg{}",
        if fewest == 1 { "" } else { "s" }
    );

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
    page.wait_text("#verdict", "Winnable").await?;
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
    page.wait_text("#verdict", "Winnable").await?;
    body.send_keys("r").await?;
    page.wait_text("#verdict", &lost).await?;
    body.send_keys(&(Key::Control + "z")).await?;
    page.wait_text("#verdict", "Winnable").await?;
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
    page.wait_text("#verdict", "Winnable").await?;
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
    page.drag_onto(&hole(from), &hole(to), 300).await
}

async fn let_go(page: &Page) -> Outcome {
    page.let_go().await
}

async fn hiq_drag_plays_a_jump(page: Page) -> Outcome {
    page.open("/hiq").await?;
    page.wait_text("#verdict", "Winnable").await?;
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

/// The game as the page shows it: its address, the pegs, the status line and the verdict.
async fn game_shown(page: &Page) -> Result<(url::Url, Vec<u64>, String, String), Failure> {
    Ok((
        page.client.current_url().await?,
        pegs_shown(page).await?,
        page.text("#status").await?,
        settled_verdict(page).await?.0,
    ))
}

async fn hiq_reload_brings_the_game_back(page: Page) -> Outcome {
    page.open("/hiq").await?;
    let line = winning_line(&page).await?;
    page.wait_text("#verdict", "Winnable").await?;
    click_line(&page, &line[..3]).await?;
    page.wait_text("#status", "3 jumps played").await?;
    let goal = page.find("#goal").await?;
    goal.select_by_value("any").await?;
    page.wait_text("#verdict", "Winnable").await?;
    let before = game_shown(&page).await?;
    let query = before.0.query().unwrap_or_default().to_owned();
    let expected = format!("line={}&goal=any", written(&line[..3], "+"));
    if query != expected {
        return Err(fail(format!(
            "the address says {query:?}, not {expected:?}"
        )));
    }
    page.client.refresh().await?;
    page.wait_text("#status", "3 jumps played").await?;
    let after = game_shown(&page).await?;
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
