//! The verdict as the player meets it: live while the start is edited, a one-jump hint, and the
//! jump that lost the goal marked with a way back.

use super::*;

trials![
    hiq_edit_mode_gives_a_live_verdict,
    hiq_hint_shows_the_next_jump_of_the_best_line,
    hiq_losing_jump_is_marked_with_a_way_back,
];

/// The verdict box's words for the server's verdict on `pegs` (for the centre).
async fn expected_words(page: &Page, pegs: &str) -> Result<String, Failure> {
    let answer = page.post("/api/hiq/verdict?goal=centre", pegs).await?;
    let left = holes(&answer["remaining"]).len();
    Ok(if answer["won"] == json!(true) {
        "Winnable".into()
    } else if answer["proof"] == json!("class") {
        "Not winnable: no single peg can be left in the centre (de Bruijn's class)".into()
    } else if answer["fewest"] == json!(false) {
        "Not winnable: no single peg can be left in the centre".into()
    } else {
        format!(
            "Not winnable: at best {left} peg{}",
            if left == 1 { "" } else { "s" }
        )
    })
}

async fn hiq_edit_mode_gives_a_live_verdict(page: Page) -> Outcome {
    page.open("/hiq").await?;
    page.wait_text("#verdict", "Winnable").await?;
    page.click("#empty").await?;
    page.wait_text("#status", "0 pegs placed").await?;
    // The cross of six pegs: de Bruijn's class first, then the verdict, for the centre.
    for n in [5, 9, 10, 11, 17, 24] {
        page.click(&hole(n)).await?;
    }
    page.wait_text("#status", "6 pegs placed").await?;
    let class = page.post("/api/hiq/board", "5 9 10 11 17 24").await?;
    let listed: Vec<String> = holes(&class["class_holes"])
        .iter()
        .map(u64::to_string)
        .collect();
    page.wait_text(
        "#verdict",
        &format!("can only stand in holes {}", listed.join(", ")),
    )
    .await?;
    page.wait_text("#verdict", &expected_words(&page, "5 9 10 11 17 24").await?)
        .await?;
    // A peg out: another class, and another verdict, while still editing.
    page.click(&hole(24)).await?;
    page.wait_text("#status", "5 pegs placed").await?;
    let class = page.post("/api/hiq/board", "5 9 10 11 17").await?;
    let centre = holes(&class["class_holes"]).contains(&17);
    if !centre {
        // Said at once, and by the verdict's proof after it.
        page.wait_text("#verdict", "De Bruijn's class").await?;
    }
    page.wait_text("#verdict", &expected_words(&page, "5 9 10 11 17").await?)
        .await?;
    let (text, _) = settled_verdict(&page).await?;
    let hidden = page
        .eval("return document.getElementById('controls').hidden;", vec![])
        .await?;
    if text.contains("Hint") || hidden != json!(true) {
        return Err(fail(format!(
            "the editor offers to play from a start not yet begun: {text:?}"
        )));
    }
    Ok(())
}

/// The contest player's line from the standard start, which loses the centre at some jump; and
/// the index of that jump.
pub async fn contest_line(page: &Page) -> Result<(Vec<(u64, u64)>, usize), Failure> {
    let played = page
        .post("/api/hiq/play", &format!("1\n{STANDARD} 0\n"))
        .await?;
    let line = jumps(&played["jumps"]);
    let path = format!("/api/hiq/verdict?line={}", written(&line, ","));
    let answer = page.post(&path, STANDARD).await?;
    match answer["losing_jump"].as_u64() {
        Some(lost) => Ok((line, lost as usize)),
        None => Err(fail(format!("the contest's line never lost: {answer}"))),
    }
}

async fn hiq_hint_shows_the_next_jump_of_the_best_line(page: Page) -> Outcome {
    page.open("/hiq").await?;
    let (line, lost) = contest_line(&page).await?;
    // The position before the losing jump, and the one after it: each hint keeps what the
    // verdict says.
    for played in [&line[..lost], &line[..=lost]] {
        open_played(&page, played).await?;
        let path = format!("/api/hiq/verdict?line={}", written(played, ","));
        let answer = page.post(&path, STANDARD).await?;
        let words = if answer["won"] == json!(true) {
            "Winnable".to_owned()
        } else {
            let left = holes(&answer["remaining"]).len();
            format!("Not winnable: at best {left} peg")
        };
        page.wait_text("#verdict", &words).await?;
        page.wait_for(
            "the hint offered",
            "return !document.getElementById('hint').disabled;",
        )
        .await?;
        page.click("#hint").await?;
        let next = &answer["jumps"][0];
        let (from, over, to) = (&next["from"], &next["over"], &next["to"]);
        page.wait_text(
            "#message",
            &format!("Hint: the peg in {from} jumps over {over} to {to}"),
        )
        .await?;
        let marked = page
            .eval(
                "return [document.querySelector('.hole.selected')?.dataset.hole, \
                 document.querySelector('.hole.hint-to')?.dataset.hole];",
                vec![],
            )
            .await?;
        if marked != json!([from.to_string(), to.to_string()]) {
            return Err(fail(format!("the hint marks {marked}, not {from} to {to}")));
        }
        // Playing it keeps the verdict.
        page.click(&format!(".hole[data-hole=\"{to}\"]")).await?;
        page.wait_text("#status", "jumps played").await?;
        page.wait_for(
            "the hinted jump played",
            "return !document.querySelector('.hole.hint-to') && \
             !document.getElementById('verdict').classList.contains('thinking');",
        )
        .await?;
        page.wait_text("#verdict", &words).await?;
    }
    Ok(())
}

async fn hiq_losing_jump_is_marked_with_a_way_back(page: Page) -> Outcome {
    page.open("/hiq").await?;
    let (line, lost) = contest_line(&page).await?;
    open_played(&page, &line).await?;
    page.wait_text("#verdict", "Not winnable").await?;
    let marked = page
        .wait_for(
            "the losing jump marked",
            "const items = [...document.querySelectorAll('#log li')]; \
             const at = items.findIndex(li => li.classList.contains('lost-here')); \
             return at < 0 ? null : [at, items[at].innerText];",
        )
        .await?;
    if marked[0] != json!(lost) || !marked[1].as_str().unwrap_or("").contains("was lost here") {
        return Err(fail(format!("the log marks {marked}, not jump {lost}")));
    }
    page.wait_for(
        "the way back offered",
        "return !document.getElementById('back').hidden;",
    )
    .await?;
    page.click("#back").await?;
    page.wait_text("#status", &format!(" {lost} jump")).await?;
    page.wait_text("#verdict", "Winnable").await?;
    let offered = page
        .eval(
            "return [document.getElementById('back').hidden, \
             document.getElementById('redo').disabled, \
             document.querySelectorAll('#log li.lost-here').length];",
            vec![],
        )
        .await?;
    if offered != json!([true, false, 0]) {
        return Err(fail(format!(
            "after going back: back hidden, redo offered, no mark expected; found {offered}"
        )));
    }
    // Redo plays the losing jump again, and marks it again.
    page.click("#redo").await?;
    page.wait_text("#verdict", "Not winnable").await?;
    page.wait_for(
        "the losing jump marked again",
        "return document.querySelector('#log li.lost-here');",
    )
    .await?;
    Ok(())
}
