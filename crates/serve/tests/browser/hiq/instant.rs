//! The verdict with the jump: random games from the standard start played by clicks, each jump
//! timed in the page from its click to its verdict shown, and no "Thinking…" in them, nor after
//! an undo and a redo.

use super::*;
use crate::support::random::Rng;
use hiq::Board;

trials![hiq_the_verdict_arrives_with_the_jump];

/// The jumps timed.
const JUMPS: usize = 200;

/// How long the player thinks before a jump: a quick player's.
const THINKING: Duration = Duration::from_millis(100);

/// Installed in the page: for each click on a hole where the picked peg can land, when the
/// verdict of the position it leads to was shown (the verdict box changed, and thinking no
/// more, with the jumps played counted anew), whether in the click's own task (so in the frame
/// that draws the board), when the click was made and when the page's handlers began; and how
/// often the verdict box said "Thinking…" at all.
const TIMER: &str = "
    window.timed = []; window.thinking = 0;
    const verdict = document.getElementById('verdict');
    const status = document.getElementById('status');
    let waiting = null;
    new MutationObserver(() => {
      if (verdict.classList.contains('thinking')) window.thinking += 1;
      if (!waiting || status.textContent === waiting.status || verdict.classList.contains('thinking')) return;
      window.timed.push([performance.now(), !waiting.later, waiting.clicked, waiting.handled]);
      waiting = null;
    }).observe(document.body, { attributes: true, childList: true, subtree: true, characterData: true });
    document.getElementById('cross').addEventListener('click', (event) => {
      if (!event.target.closest('.hole')?.classList.contains('target')) return;
      const click = { clicked: event.timeStamp, handled: performance.now(), status: status.textContent, later: false };
      waiting = click;
      // Run in a task after the click's: a verdict shown after it was not in the jump's frame.
      setTimeout(() => { click.later = true; }, 0);
    }, true);
    return true;";

async fn hiq_the_verdict_arrives_with_the_jump(page: Page) -> Outcome {
    page.open("/hiq").await?;
    // The table is read or made in the background; the page asks it once it answers.
    let ready = std::time::Instant::now();
    while page.post("/api/hiq/verdict", STANDARD).await?["answered_by"] != json!("table") {
        if ready.elapsed() > Duration::from_secs(600) {
            return Err(fail("no table after 10 min"));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    page.open("/hiq").await?;
    page.wait_text("#verdict", "Winnable").await?;
    page.eval(TIMER, vec![]).await?;
    let mut rng = Rng::new(51);
    let mut board = Board::standard_start();
    let mut played = 0;
    for _ in 0..JUMPS {
        let mut legal: Vec<hiq::Jump> = board.legal_jumps().collect();
        if legal.is_empty() {
            page.click("#standard").await?;
            page.wait_text("#status", "· 0 jumps played").await?;
            board = Board::standard_start();
            played = 0;
            legal = board.legal_jumps().collect();
        }
        let jump = legal[rng.below(legal.len())];
        tokio::time::sleep(THINKING).await;
        page.click(&hole(jump.from().number().into())).await?;
        page.click(&hole(jump.to().number().into())).await?;
        board = board.apply(jump).ok_or("a legal jump")?;
        played += 1;
        let s = if played == 1 { "" } else { "s" };
        page.wait_text("#status", &format!("· {played} jump{s} played"))
            .await?;
    }
    // Undo and redo: positions shown before, or one jump ahead of one shown, at once too.
    let s = if played == 1 { "" } else { "s" };
    let before = if played == 2 { "" } else { "s" };
    page.click("#undo").await?;
    page.wait_text("#status", &format!("· {} jump{before} played", played - 1))
        .await?;
    page.click("#redo").await?;
    page.wait_text("#status", &format!("· {played} jump{s} played"))
        .await?;
    let timed = page
        .wait_for(
            "every jump timed",
            &format!("return window.timed.length >= {JUMPS} && [window.timed, window.thinking];"),
        )
        .await?;
    // From the click, and from the moment the page's handlers begin (the browser's dispatch of
    // the click left out, which a busy machine stretches: 3.6 ms at the median under a load of
    // 14 on 2 cores).
    let quantiles = |index: usize| {
        let mut took: Vec<f64> = items(&timed[0])
            .filter_map(|t| Some(t[0].as_f64()? - t[index].as_f64()?))
            .collect();
        took.sort_by(f64::total_cmp);
        let at = |q: f64| took[((took.len() - 1) as f64 * q).round() as usize];
        (at(0.5), at(0.99), at(1.0))
    };
    let (median, p99, max) = quantiles(2);
    let (page_median, page_p99, page_max) = quantiles(3);
    eprintln!(
        "Hi-Q, {JUMPS} jumps of random games: from the click to the verdict shown, median \
         {median:.1} ms, p99 {p99:.1} ms, max {max:.1} ms; from the page's handler, median \
         {page_median:.1} ms, p99 {page_p99:.1} ms, max {page_max:.1} ms"
    );
    // The verdict in the jump's own task is drawn in the frame that draws the board, whatever
    // the machine's load; the milliseconds depend on it (the figures in BENCHMARKS.md), and a
    // busy machine's are not asserted.
    let apart = items(&timed[0]).filter(|t| t[1] != json!(true)).count();
    if timed[1] != json!(0) || apart > 0 {
        return Err(fail(format!(
            "\"Thinking…\" shown {} times; {apart} verdicts in another task than their jump",
            timed[1]
        )));
    }
    Ok(())
}
