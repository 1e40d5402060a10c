//! The verdict with the jump: random games from the standard start played by clicks, each jump
//! timed in the page from its click to its verdict shown, and no "Thinking…" in them, nor after
//! an undo and a redo; and from the other single-vacancy starts, whose verdicts the solver finds
//! while the player thinks, timed the same way.

use super::*;
use crate::support::random::Rng;
use hiq::Board;

trials![
    hiq_the_verdict_arrives_with_the_jump,
    hiq_other_starts_verdicts_found_while_the_player_thinks,
];

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
    let start = (Board::standard_start(), true);
    let (played, _) = play_randomly(&page, start, JUMPS, THINKING, &mut rng).await?;
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
    let (median, p99, max, page_median, page_p99, page_max) = quantiles(&timed[0]);
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

/// Plays up to `jumps` random jumps by clicks from the position `board` of the page, each after
/// `thinking`, waiting for each to be played (a new game from the standard start with its button
/// when one ends and `again`, or an end otherwise): the jumps of the game last shown, and the
/// position it ends in.
async fn play_randomly(
    page: &Page,
    (start, again): (Board, bool),
    jumps: usize,
    thinking: Duration,
    rng: &mut Rng,
) -> Result<(usize, Board), Failure> {
    let mut board = start;
    let mut played = 0;
    for _ in 0..jumps {
        let mut legal: Vec<hiq::Jump> = board.legal_jumps().collect();
        if legal.is_empty() {
            if !again {
                break;
            }
            page.click("#standard").await?;
            page.wait_text("#status", "· 0 jumps played").await?;
            board = Board::standard_start();
            played = 0;
            legal = board.legal_jumps().collect();
        }
        let jump = legal[rng.below(legal.len())];
        tokio::time::sleep(thinking).await;
        page.click(&hole(jump.from().number().into())).await?;
        page.click(&hole(jump.to().number().into())).await?;
        board = board.apply(jump).ok_or("a legal jump")?;
        played += 1;
        let s = if played == 1 { "" } else { "s" };
        page.wait_text("#status", &format!("· {played} jump{s} played"))
            .await?;
    }
    Ok((played, board))
}

/// The start's pegs as the page's address writes them.
fn pegs(board: Board) -> String {
    board
        .pegs()
        .map(|hole| hole.number().to_string())
        .collect::<Vec<_>>()
        .join("+")
}

/// The medians, 99th percentiles and longest of the timed jumps, from the click and from the
/// page's handler (the browser's dispatch of the click left out, which a busy machine stretches:
/// 3.6 ms at the median under a load of 14 on 2 cores).
fn quantiles(timed: &Value) -> (f64, f64, f64, f64, f64, f64) {
    let of = |index: usize| {
        let mut took: Vec<f64> = items(timed)
            .filter_map(|t| Some(t[0].as_f64()? - t[index].as_f64()?))
            .collect();
        took.sort_by(f64::total_cmp);
        let at = |q: f64| took[((took.len().max(1) - 1) as f64 * q).round() as usize];
        (at(0.5), at(0.99), at(1.0))
    };
    let ((median, p99, max), (page_median, page_p99, page_max)) = (of(2), of(3));
    (median, p99, max, page_median, page_p99, page_max)
}

/// The other single-vacancy starts, up to symmetry: the hole left empty.
const OTHER_STARTS: [u8; 6] = [1, 2, 4, 5, 9, 10];

/// How long the player thinks between jumps from the other starts: time for the server to find
/// the verdicts of the positions one jump ahead, which for most positions takes milliseconds
/// and for some a second or more.
const THINKING_OTHER: Duration = Duration::from_millis(1000);

/// From each other single-vacancy start, random jumps played by clicks, each timed from its
/// click to its verdict (a single peg anywhere, the default goal) shown: 8 jumps of each, or
/// with `PARLOR_MEASURE` set 100 (some 5 games; some 15 minutes in all). The times depend on the
/// machine and the player's thinking (figures in BENCHMARKS.md); the trial checks that every
/// verdict is shown, and is the server's.
async fn hiq_other_starts_verdicts_found_while_the_player_thinks(page: Page) -> Outcome {
    let jumps = if std::env::var_os("PARLOR_MEASURE").is_some() {
        100
    } else {
        8
    };
    let mut rng = Rng::new(51);
    for empty in OTHER_STARTS {
        let start = Board::from_holes(hiq::Hole::all().filter(|h| h.number() != empty));
        let (mut timed, mut thinking) = (Vec::new(), 0);
        while timed.len() < jumps {
            page.open(&format!("/hiq?pegs={}", pegs(start))).await?;
            page.wait_text("#verdict", "Winnable").await?;
            page.eval(TIMER, vec![]).await?;
            let left = jumps - timed.len();
            let (played, end) =
                play_randomly(&page, (start, false), left, THINKING_OTHER, &mut rng).await?;
            let game = page
                .wait_for(
                    "every jump timed",
                    &format!(
                        "return window.timed.length >= {played} && [window.timed, window.thinking];"
                    ),
                )
                .await?;
            timed.extend(items(&game[0]).cloned());
            thinking += game[1].as_u64().unwrap_or(0);
            // The verdict shown last is the server's for the line played.
            let line = page
                .eval(
                    "return new URLSearchParams(location.search).get('line');",
                    vec![],
                )
                .await?;
            let line = line.as_str().unwrap_or("").replace(' ', ",");
            let answer = page
                .post(
                    &format!("/api/hiq/verdict?line={line}"),
                    &pegs(start).replace('+', " "),
                )
                .await?;
            let words = if answer["won"] == json!(true) {
                "Winnable"
            } else {
                "Not winnable"
            };
            page.wait_text("#verdict", words).await?;
            if answer["pegs"] != json!(end.pegs().map(|h| h.number()).collect::<Vec<_>>()) {
                return Err(fail(format!("the page played another line: {answer}")));
            }
        }
        let (median, p99, max, ..) = quantiles(&Value::Array(timed.clone()));
        eprintln!(
            "Hi-Q from the start without hole {empty}, {} jumps of random games, {} ms to \
             think: from the click to the verdict shown, median {median:.1} ms, p99 {p99:.1} \
             ms, max {max:.1} ms; \"Thinking…\" {thinking} times",
            timed.len(),
            THINKING_OTHER.as_millis(),
        );
    }
    Ok(())
}
