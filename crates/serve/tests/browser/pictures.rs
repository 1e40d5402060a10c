//! The index's pictures of the game pages and what the pages say: each picture is kept beside
//! the words its page said when it was taken (`web/pictures/NAME.webp` and `NAME.txt`), and this
//! trial fails once the page says anything else, so that no picture shows words the page no
//! longer says. `scripts/index-pictures` runs it with `PARLOR_RETAKE_PICTURES` set, and it then
//! takes every picture and its words again, from one drawing of the page.
//!
//! The words, not the pixels, are compared: they are the same on every machine, where fonts and
//! their smoothing are not, and they cost one look at each page.

use crate::browser::{Failure, Outcome, Page, WAIT, fail};
use crate::trials;
use serde_json::json;
use std::path::PathBuf;
use std::time::{Duration, Instant};

trials![pages_the_index_pictures_show_what_the_pages_say];

/// Each picture: its name, the address of the page it shows (a game under way), and the
/// condition under which the page has drawn all it will.
const PICTURES: [(&str, &str, &str); 4] = [
    (
        "hiq",
        "/hiq?line=5-17,12-10,3-11",
        // The verdict from the table of prospects, as a player sees it once it is made.
        "const v = document.getElementById('verdict'); \
         return !v.classList.contains('thinking') && v.innerText.includes('the table');",
    ),
    (
        "russian",
        "/russian?deal=1",
        "return document.getElementById('felt').getAttribute('aria-busy') === 'false' \
             && document.getElementById('pack').textContent !== '';",
    ),
    (
        "camicia",
        "/camicia?card=2000",
        "return document.getElementById('table').getAttribute('aria-busy') === 'false';",
    ),
    (
        "speed",
        "/speed?example=2&set=3&t=1400",
        "return !document.getElementById('felt').hasAttribute('aria-busy') \
             && !document.getElementById('play').disabled;",
    ),
];

/// The size a picture shows the page at, in CSS pixels, and the scale it is taken at.
const WIDTH: u32 = 1024;
const HEIGHT: u32 = 640;
const SCALE: f64 = 0.5;

/// The words of the page's `<main>` as a player reads them: a line a block, spaces collapsed.
const WORDS: &str = "return document.querySelector('main').innerText.split('\\n') \
                       .map(line => line.replace(/\\s+/g, ' ').trim()).filter(line => line) \
                       .join('\\n') + '\\n';";

fn pictures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("web/pictures")
}

/// Opens `address` until `settled` holds, each time anew: the table of prospects may still be
/// being made when the trials start, and a page asks for its verdict once.
async fn open_settled(page: &Page, address: &str, settled: &str) -> Outcome {
    let start = Instant::now();
    loop {
        page.open(address).await?;
        let drawn = page.wait_for(&format!("{address} drawn"), settled).await;
        if drawn.is_ok() {
            return Ok(());
        }
        if start.elapsed() > 6 * WAIT {
            return drawn.map(|_| ());
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
}

/// The window's picture, `SCALE` times its size in CSS pixels, as WebP (Chrome's DevTools
/// protocol, through chromedriver, decoded by the page).
async fn picture(page: &Page) -> Result<Vec<u8>, Failure> {
    let clip = json!({"x": 0, "y": 0, "width": WIDTH, "height": HEIGHT, "scale": SCALE});
    let answer = page
        .devtools(
            "Page.captureScreenshot",
            json!({"format": "webp", "quality": 80, "clip": clip}),
        )
        .await?;
    let bytes = page
        .eval(
            "return Array.from(atob(arguments[0]), c => c.charCodeAt(0));",
            vec![answer["data"].clone()],
        )
        .await?;
    Ok(serde_json::from_value(bytes)?)
}

async fn pages_the_index_pictures_show_what_the_pages_say(page: Page) -> Outcome {
    let retake = std::env::var_os("PARLOR_RETAKE_PICTURES").is_some();
    page.resize(WIDTH, HEIGHT).await?;
    for (name, address, settled) in PICTURES {
        open_settled(&page, address, settled).await?;
        let words = page.eval(WORDS, vec![]).await?;
        let words = words.as_str().unwrap_or_default();
        let kept = pictures().join(format!("{name}.txt"));
        if retake {
            // Let the last frame settle, as the trials' screenshots do.
            tokio::time::sleep(Duration::from_millis(300)).await;
            std::fs::write(
                pictures().join(format!("{name}.webp")),
                picture(&page).await?,
            )?;
            std::fs::write(&kept, words)?;
            continue;
        }
        let before =
            std::fs::read_to_string(&kept).map_err(|e| fail(format!("{}: {e}", kept.display())))?;
        if before != words {
            let (line, (now, then)) = words
                .lines()
                .map(Some)
                .chain(std::iter::repeat(None))
                .zip(before.lines().map(Some).chain(std::iter::repeat(None)))
                .enumerate()
                .find(|(_, (now, then))| now != then)
                .unwrap_or((0, (None, None)));
            return Err(fail(format!(
                "{address} no longer says what its index picture shows (line {}: the page says \
                 {}, the picture {}): take the pictures again with scripts/index-pictures",
                line + 1,
                json!(now),
                json!(then),
            )));
        }
    }
    Ok(())
}
