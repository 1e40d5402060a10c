//! What the solvers add: verdicts (slow, late or over the budget), the line shown, an edited
//! start, the contest player, a drawn position, and the screenshots.

use super::*;
use crate::browser::screenshots;

trials![
    hiq_show_me_how_plays_and_stops,
    hiq_edit_mode_builds_a_start,
    hiq_contest_line_and_contest_player,
    hiq_drawn_position_and_its_errors,
    hiq_slow_verdicts_late_and_over_budget,
    hiq_screenshots,
];

/// The two slow verdicts in one trial, so that at most one trial at a time keeps a solver of
/// the shared server busy for seconds (the others would be answered 503).
async fn hiq_slow_verdicts_late_and_over_budget(page: Page) -> Outcome {
    // The budget first: the late verdict's test leaves the server a search of seconds that no
    // one waits for, which would share the processor with the budget's.
    budget_is_said_politely(&page).await?;
    late_verdict_never_overwrites(&page).await
}

/// A position whose verdict for a single peg in hole 2 fills the server's 64 MiB: 15-17, 18-16
/// and 5-17 played from the standard start (lost, as the command line shows with 117 MB).
const PAST_THE_BUDGET: &str = "1 2 3 4 6 7 8 9 11 12 13 14 16 17 19 20 21 22 23 24 25 26 27 28 \
                               29 30 31 32 33";

async fn late_verdict_never_overwrites(page: &Page) -> Outcome {
    // For a goal the table does not answer, a single peg in hole 2, the solver answers here
    // within some seconds, and from here one jump (5 over 10 to 17) leads to a position it
    // takes seconds over, past its budget (the verdicts one jump ahead, which the page asks
    // while the player thinks, take longer still).
    page.open("/hiq?line=15-17,18-16&goal=2").await?;
    let before = settled_verdict(page).await?.0;
    page.click(&hole(5)).await?;
    page.click(&hole(17)).await?;
    page.wait_text("#verdict", "Thinking").await?;
    // The page asks at once; the answer takes seconds.
    tokio::time::sleep(Duration::from_millis(400)).await;
    if !page.text("#verdict").await?.contains("Thinking") {
        return Err(fail(
            "the slow position was answered too soon to test a late answer",
        ));
    }
    page.click("#undo").await?;
    page.wait_text("#status", "2 jumps played").await?;
    // Longer than the solver takes over the position left.
    tokio::time::sleep(Duration::from_secs(8)).await;
    let now = settled_verdict(page).await?.0;
    if now != before {
        return Err(fail(format!(
            "the verdict of the position left replaced the current one: {now:?}, not {before:?}"
        )));
    }
    Ok(())
}

async fn hiq_show_me_how_plays_and_stops(page: Page) -> Outcome {
    let line = won_after(&page, 26).await?;
    show_offered(&page).await?;
    page.click("#show").await?;
    page.wait_text("#show", "Stop").await?;
    page.wait_text("#verdict", "Showing the solver's line")
        .await?;
    page.wait_text("#status", "1 peg · 31 jumps played · no jump left")
        .await?;
    // A sentence, begun with a capital.
    page.wait_text(
        "#verdict",
        "A single peg in the centre: the game is over, and won",
    )
    .await?;
    page.wait_text("#show", "Show me how").await?;
    let shown = page.count("#log li.auto").await?;
    if shown != 5 {
        return Err(fail(format!(
            "the log marks {shown} jumps as the solver's, not 5"
        )));
    }

    // Stopped after its first jump, it plays no more.
    open_played(&page, &line[..20]).await?;
    show_offered(&page).await?;
    page.click("#show").await?;
    page.wait_text("#status", "21 jumps played").await?;
    page.click("#show").await?;
    page.wait_text("#message", "Stopped after 1 of the solver's")
        .await?;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let status = page.text("#status").await?;
    if !status.contains("21 jumps played") {
        return Err(fail(format!("after Stop the line went on: {status}")));
    }
    page.wait_text("#verdict", "Winnable").await?;
    Ok(())
}

async fn hiq_edit_mode_builds_a_start(page: Page) -> Outcome {
    page.open("/hiq").await?;
    page.wait_text("#verdict", "Winnable").await?;
    page.click("#empty").await?;
    page.wait_text("#status", "0 pegs placed").await?;
    let editing = page
        .eval(
            "return !document.getElementById('edit-banner').hidden && \
             document.getElementById('cross').classList.contains('editing') && \
             document.getElementById('controls').hidden;",
            vec![],
        )
        .await?;
    if editing != json!(true) {
        return Err(fail("the editor is not marked as such"));
    }
    for n in [9, 16, 21, 22, 5] {
        page.click(&hole(n)).await?;
    }
    // A second click takes a peg out.
    page.click(&hole(5)).await?;
    page.wait_text("#status", "4 pegs placed").await?;
    let url = page.client.current_url().await?;
    if url.query() != Some("edit=1&pegs=9+16+21+22") {
        return Err(fail(format!("the editor's address is {url}")));
    }
    // A reload goes on editing.
    page.client.refresh().await?;
    page.wait_text("#status", "4 pegs placed").await?;
    if pegs_shown(&page).await? != [9, 16, 21, 22] {
        return Err(fail("the reload lost the pegs placed"));
    }
    page.click("#edit-done").await?;
    page.wait_text("#status", "4 pegs · 0 jumps played").await?;
    if pegs_shown(&page).await? != [9, 16, 21, 22] {
        return Err(fail("the game does not start from the pegs placed"));
    }
    // Not the standard start: the goal is any single peg, which the class of 9 16 21 22 rules
    // out; a search finds the fewest pegs, two.
    page.wait_text(
        "#verdict",
        "Not winnable: no single peg can be left (de Bruijn's class)",
    )
    .await?;
    page.wait_text("#verdict", "The best line leaves pegs in")
        .await?;
    let goal = page
        .eval("return document.getElementById('goal').value;", vec![])
        .await?;
    if goal != json!("any") {
        return Err(fail(format!("the goal of an edited start is {goal}")));
    }
    let url = page.client.current_url().await?;
    if url.query() != Some("pegs=9+16+21+22") {
        return Err(fail(format!("the game's address is {url}")));
    }
    Ok(())
}

async fn hiq_contest_line_and_contest_player(page: Page) -> Outcome {
    page.open("/hiq").await?;
    page.wait_text("#verdict", "Winnable").await?;
    for game in ["10 12 17 19 25 0", "9 16 21 22 0"] {
        let field = page.find("#contest-line").await?;
        field.clear().await?;
        field.send_keys(game).await?;
        page.click("#contest-form button[type=submit]").await?;
        let pegs: Vec<u64> = game
            .split(' ')
            .filter_map(|n| n.parse().ok())
            .filter(|&n| n != 0)
            .collect();
        page.wait_text("#status", &format!("{} pegs · 0 jumps played", pegs.len()))
            .await?;
        if pegs_shown(&page).await? != pegs {
            return Err(fail(format!(
                "the contest line {game} did not start the game"
            )));
        }
        let sum = contest_sum(&format!("1\n{game}\n"))?;
        let play = page.post("/api/hiq/play", &format!("1\n{game}\n")).await?;
        let total = jumps(&play["jumps"]).len();
        page.wait_for(
            "the contest player offered",
            "return !document.getElementById('contest').disabled;",
        )
        .await?;
        page.click("#contest").await?;
        page.wait_text("#message", &format!("the sum of their holes is {sum}."))
            .await?;
        page.wait_text("#status", &format!("{total} jumps played"))
            .await?;
        let marked = page.count("#log li.auto").await?;
        if marked != total {
            return Err(fail(format!("the log marks {marked} of {total} jumps")));
        }
        if pegs_shown(&page).await? != holes(&play["remaining"]) {
            return Err(fail("the board is not where the contest player stopped"));
        }
    }
    // A contest line that is not one is refused with the reader's place.
    let field = page.find("#contest-line").await?;
    field.clear().await?;
    field.send_keys("10 12 x7 0").await?;
    page.click("#contest-form button[type=submit]").await?;
    page.wait_text("#start-message", "column 7: expected a hole number")
        .await?;
    only_expected_errors(&page, "400").await?;
    page.wait_text("#status", "jumps played").await?;
    Ok(())
}

async fn hiq_drawn_position_and_its_errors(page: Page) -> Outcome {
    page.open("/hiq").await?;
    page.wait_text("#verdict", "Winnable").await?;
    let drawn = "  OOO\n  OOO\nOOOXOOO\nOOOXOOO\nOOOOOOO\n  OOO\n  OOO";
    let field = page.find("#drawn").await?;
    field.send_keys(drawn).await?;
    page.click("#drawn-form button[type=submit]").await?;
    // Exactly, since the standard start's "32 pegs · 0 jumps played" contains it.
    page.wait_for(
        "the drawn position's status",
        "return document.getElementById('status').textContent === '2 pegs · 0 jumps played';",
    )
    .await?;
    if pegs_shown(&page).await? != [10, 17] {
        return Err(fail("the drawn position did not start the game"));
    }
    page.wait_text("#verdict", "Winnable").await?;
    // Hole numbers too, and a fault is shown where it is.
    field.clear().await?;
    field.send_keys("10 17\n5 34").await?;
    page.click("#drawn-form button[type=submit]").await?;
    page.wait_text("#start-message", "line 2, column 3").await?;
    let selection = page
        .eval(
            "const t = document.getElementById('drawn'); return [t.selectionStart, t.selectionEnd];",
            vec![],
        )
        .await?;
    if selection != json!([8, 9]) {
        return Err(fail(format!(
            "the fault is not selected in the drawing: {selection}"
        )));
    }
    only_expected_errors(&page, "400").await?;
    Ok(())
}

async fn budget_is_said_politely(page: &Page) -> Outcome {
    // A single peg in hole 2 after 15-17, 18-16 and 5-17 from the standard start, which its
    // class allows: filling the budget takes the solver some 3 s (12 s on a busy machine). With
    // other trials' searches holding the long lane, the job may wait for it and run again from
    // its start, and the request can run out of its time (408): the machine's load, not the
    // page's doing, so the page is asked again, at most twice. Each ask waits for the page to
    // settle: its retries while every solver is busy, then the request's whole time.
    let path = format!("/hiq?pegs={}&goal=2", PAST_THE_BUDGET.replace(' ', "+"));
    let mut said = String::new();
    for ask in 1..=3 {
        page.open(&path).await?;
        said = settled_verdict(page).await?.0;
        let timed_out = said.contains("No verdict") && said.contains("took longer than");
        if !timed_out || ask == 3 {
            break;
        }
        // The 408 the load caused is not the page's error.
        page.errors().await?;
    }
    if !said.contains("Not known within the server's budget") || !said.contains("parlor hiq solve")
    {
        return Err(fail(format!(
            "past the budget the verdict says {said:?}, not that it is not known within the \
             server's budget and which command answers"
        )));
    }
    if page.find("#show").await?.is_enabled().await? {
        return Err(fail("Show me how is offered with no line known"));
    }
    only_expected_errors(page, "422").await?;
    Ok(())
}

async fn hiq_screenshots(page: Page) -> Outcome {
    // A game that lost the centre two jumps ago, its losing jump marked, and a hint shown.
    page.open("/hiq").await?;
    let (line, lost) = super::verdicts::contest_line(&page).await?;
    open_played(&page, &line[..lost + 3]).await?;
    page.wait_text("#verdict", "Not winnable").await?;
    page.wait_for(
        "the hint offered",
        "return !document.getElementById('hint').disabled && \
         document.querySelector('#log li.lost-here');",
    )
    .await?;
    page.click("#hint").await?;
    page.wait_for(
        "a hint shown",
        "return document.querySelector('.hole.hint-to');",
    )
    .await?;
    for (width, height) in [(1280, 800), (390, 844)] {
        let path = page.screenshot("hiq", width, height).await?;
        // The whole board is on the screen, and nothing is wider than the window.
        let fits = page
            .eval(
                "const r = document.getElementById('cross').getBoundingClientRect(); \
                 return r.left >= 0 && r.right <= innerWidth && \
                 document.documentElement.scrollWidth <= innerWidth;",
                vec![],
            )
            .await?;
        if fits != json!(true) {
            return Err(fail(format!("the board does not fit at {width}×{height}")));
        }
        if !path.starts_with(screenshots()) {
            return Err(fail("the screenshot is not where it belongs"));
        }
    }
    page.resize(1280, 800).await?;
    page.click("#edit-this").await?;
    page.wait_text("#status", "pegs placed").await?;
    page.screenshot("hiq-editing", 1280, 800).await?;
    page.click("#edit-cancel").await?;
    page.wait_text("#status", &format!("{} jumps played", lost + 3))
        .await?;
    Ok(())
}
