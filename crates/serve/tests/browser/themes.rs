//! Light and dark: every page follows the system's `prefers-color-scheme` until the player
//! chooses with the switch in its header, which every page remembers; and every page reads in
//! both, each of its words against what lies under it, at a desktop's size and a phone's.

use crate::browser::{Failure, Outcome, Page, fail};
use crate::trials;
use serde_json::{Value, json};

trials![
    pages_the_theme_follows_the_system_and_the_switch,
    pages_every_page_reads_in_light_and_dark,
];

/// Every page a player opens, each at a game under way (the index's pictures' addresses).
const PAGES: [(&str, &str); 5] = [
    ("index", "/"),
    ("hiq", "/hiq?line=5-17,12-10,3-11"),
    ("russian", "/russian?deal=1&moves=SQ-1,H6-1,S8-4"),
    ("camicia", "/camicia?card=2000"),
    ("speed", "/speed?example=2&set=3&t=1400"),
];

/// The theme the page is drawn in, and the colour of its paper.
async fn theme(page: &Page) -> Result<Value, Failure> {
    Ok(page
        .eval(
            "return [document.documentElement.dataset.theme, \
                     getComputedStyle(document.body).backgroundColor === 'rgba(0, 0, 0, 0)' \
                       ? getComputedStyle(document.documentElement).backgroundColor \
                       : getComputedStyle(document.body).backgroundColor];",
            vec![],
        )
        .await?)
}

async fn choose(page: &Page, choice: &str) -> Outcome {
    page.click(&format!("#theme option[value='{choice}']"))
        .await
}

async fn pages_the_theme_follows_the_system_and_the_switch(page: Page) -> Outcome {
    page.emulate("prefers-color-scheme", "dark").await?;
    page.open("/hiq").await?;
    let dark = theme(&page).await?;
    if dark != json!(["dark", "rgb(22, 24, 27)"]) {
        return Err(fail(format!("under a dark system the page is {dark}")));
    }
    // Chosen light: every page, in every tab, until the choice is the system's again.
    choose(&page, "light").await?;
    let light = json!(["light", "rgb(251, 250, 246)"]);
    for (_, path) in PAGES {
        page.open(path).await?;
        let now = theme(&page).await?;
        let switch = page
            .eval("return document.getElementById('theme').value;", vec![])
            .await?;
        if now != light || switch != "light" {
            return Err(fail(format!(
                "{path}, light chosen under a dark system, is {now} with its switch on {switch}"
            )));
        }
    }
    choose(&page, "system").await?;
    let now = theme(&page).await?;
    if now != dark {
        return Err(fail(format!(
            "back to the system's theme, the page is {now}"
        )));
    }
    // And it follows the system as it changes, the page open.
    page.emulate("prefers-color-scheme", "light").await?;
    let follows = "return document.documentElement.dataset.theme === 'light';";
    page.wait_for("the page to follow the system to light", follows)
        .await
        .map(|_| ())
}

/// Every piece of text on the page whose contrast against what lies under it (its colour and
/// every background behind it, blended; WCAG's ratio) is under 4.5, or 3 for large text. Text
/// over a picture (a gradient, a card back) and a disabled control's are left out.
const ILLEGIBLE: &str = "\
    const rgba = (c) => { const v = c.match(/[\\d.]+/g).map(Number); return v.length === 3 ? [...v, 1] : v; }; \
    const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3])); \
    const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; \
                         return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); }; \
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); }; \
    const under = (e) => { const layers = []; \
      for (let n = e; n; n = n.parentElement) { const s = getComputedStyle(n); \
        if (s.backgroundImage !== 'none') return null; \
        const b = rgba(s.backgroundColor); if (b[3] > 0) layers.push(b); if (b[3] === 1) break; } \
      return layers.reverse().reduce((base, layer) => over(layer, base), [255, 255, 255]); }; \
    const bad = []; \
    for (const e of document.querySelectorAll('body *')) { \
      const text = [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim(); \
      if (!text || !e.getClientRects().length || e.closest(':disabled, [aria-hidden=true], [hidden]')) continue; \
      const s = getComputedStyle(e); \
      if (s.visibility !== 'visible' || s.opacity === '0') continue; \
      const back = under(e); if (!back) continue; \
      const size = parseFloat(s.fontSize); const large = size >= 24 || (size >= 18.6 && +s.fontWeight >= 700); \
      const r = ratio(over(rgba(s.color), back), back); \
      if (r < (large ? 3 : 4.5)) bad.push(`${text.slice(0, 30)} (${r.toFixed(2)})`); } \
    return bad;";

async fn pages_every_page_reads_in_light_and_dark(page: Page) -> Outcome {
    let mut faults = Vec::new();
    for scheme in ["light", "dark"] {
        page.emulate("prefers-color-scheme", scheme).await?;
        for (name, path) in PAGES {
            page.resize(1280, 800).await?;
            page.open(path).await?;
            page.wait_for(
                "the page to be drawn",
                "return !document.querySelector('[aria-busy=true], .verdict.thinking');",
            )
            .await?;
            for (width, height) in [(1280, 800), (390, 844)] {
                page.screenshot(&format!("{name}-{scheme}"), width, height)
                    .await?;
                let bad = page.eval(ILLEGIBLE, vec![]).await?;
                if bad != json!([]) {
                    faults.push(format!("{path} in {scheme} at {width} px: {bad}"));
                }
            }
        }
    }
    if !faults.is_empty() {
        return Err(fail(format!(
            "text that does not stand out from what lies under it:\n  {}",
            faults.join("\n  ")
        )));
    }
    Ok(())
}
