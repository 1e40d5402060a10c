//! The fair hint and the peek: the planner's move and the exact maximum, marked on the table
//! and worded as the command line words them.

use super::*;
use crate::trials;

trials![
    russian_hint_is_the_fair_planners_move,
    russian_peek_shows_the_exact_maximum,
    russian_hint_words_a_tie_a_king_and_why_peeking_sees_more,
];

async fn russian_hint_is_the_fair_planners_move(page: Page) -> Outcome {
    page.open("/russian?deal=1&moves=SQ-1").await?;
    ready(&page, "SQ-1").await?;
    page.click("#hint").await?;
    page.wait_for(
        "the hint",
        "return document.querySelector('#columns .card.hinted') !== null \
             && !document.getElementById('hint-values').hidden;",
    )
    .await?;
    let game = page.get("/api/russian/game?deal=1&moves=SQ-1").await?;
    let hint = page
        .post("/api/russian/hint", as_str(&game["table"]))
        .await?;
    let fair = &hint["fair"];
    let hinted = eval(
        &page,
        "return [[...document.querySelectorAll('#columns .card.hinted')].map(c => c.dataset.card), \
                 [...document.querySelectorAll('#colnums .hint-to')].map(n => Number(n.textContent))];",
    )
    .await?;
    if hinted != json!([[fair["card"]], [fair["to"]]]) {
        return Err(fail(format!(
            "the page hints {hinted} (card, destination); the fair move is {fair}"
        )));
    }
    let rows = eval(
        &page,
        "return [...document.querySelectorAll('#hint-values tbody tr')].map(r => \
             [r.cells[1].textContent, r.classList.contains('chosen')]);",
    )
    .await?;
    let expected: Vec<Value> = items(&hint["moves"])
        .map(|m| {
            let chosen = m["move"]["card"] == fair["card"] && m["move"]["to"] == fair["to"];
            json!([format!("{:.3}", m["mean"].as_f64().unwrap_or(-1.0)), chosen])
        })
        .collect();
    if rows != json!(expected) {
        return Err(fail(format!(
            "the values table shows {rows}; the hint's means are {expected:?}"
        )));
    }
    let words = if hint["ties"].as_u64().unwrap_or(0) > 1 {
        format!("{} moves tie; the planner picks ", hint["ties"])
    } else {
        "Fair move: ".to_owned()
    };
    page.wait_text("#hint-verdict", &words).await?;
    // After the move the hint is about a position gone: it must not stay on the table.
    let (card, to) = (as_str(&fair["card"]), &fair["to"]);
    tap(&page, &format!("#columns .card[data-card='{card}']")).await?;
    tap(&page, &format!("#columns .column[data-column='{to}']")).await?;
    ready(&page, &format!("SQ-1,{card}-{to}")).await?;
    let stale = eval(
        &page,
        "return document.querySelectorAll('#columns .hinted, #colnums .hint-to').length \
             + (document.getElementById('hint-values').hidden ? 0 : 1);",
    )
    .await?;
    if stale != json!(0) {
        return Err(fail("the hint for the old position stayed on the table"));
    }
    Ok(())
}

/// The hint's headline and the text of its values table's chosen move, once both are in.
async fn hint_headline(page: &Page) -> Result<Value, Failure> {
    page.wait_for(
        "the hint",
        "const chosen = document.querySelector('#hint-values tr.chosen td'); \
         return chosen && !document.getElementById('hint-values').hidden \
             ? [document.querySelector('#hint-verdict .headline').textContent, chosen.textContent] \
             : null;",
    )
    .await
}

async fn russian_hint_words_a_tie_a_king_and_why_peeking_sees_more(page: Page) -> Outcome {
    // Deal 113 opens with four moves at the planner's best mean, 6.700; it can be won.
    page.open("/russian?deal=113").await?;
    ready(&page, "").await?;
    page.click("#hint").await?;
    page.click("#peek").await?;
    let [headline, chosen] = <[Value; 2]>::try_from(
        hint_headline(&page)
            .await?
            .as_array()
            .cloned()
            .unwrap_or_default(),
    )
    .map_err(|shown| fail(format!("the hint shows {shown:?}")))?;
    if headline != format!("4 moves tie; the planner picks {}", as_str(&chosen)) {
        return Err(fail(format!(
            "the tie reads {headline}; expected it named, with the move picked, {chosen}"
        )));
    }
    let why = page.wait_text("#peek-why", "Why").await?;
    if !why.starts_with("Why 52 and not the planner's 6.700: ") {
        return Err(fail(format!(
            "the peek's sentence on the planner reads {why:?}"
        )));
    }
    // Deal 22 opens with one move best of six; deal 11 with one move.
    for (deal, words) in [
        ("22", "Fair move: A♦ from 7 to 6"),
        ("11", "The only move: 4♥ from 7 to 2"),
    ] {
        page.open(&format!("/russian?deal={deal}")).await?;
        ready(&page, "").await?;
        page.click("#hint").await?;
        let headline = hint_headline(&page).await?;
        if headline[0] != words {
            return Err(fail(format!(
                "deal {deal}'s hint reads {headline}; expected {words:?}"
            )));
        }
    }
    // Deal 6 opens with two kings that may go to the empty column 1.
    page.open("/russian?deal=6").await?;
    ready(&page, "").await?;
    page.click("#hint").await?;
    hint_headline(&page).await?;
    let moves = eval(
        &page,
        "return [...document.querySelectorAll('#hint-values tbody tr')].map(r => r.cells[0].textContent);",
    )
    .await?;
    let moves: Vec<&str> = moves.as_array().into_iter().flatten().map(as_str).collect();
    if !moves.contains(&"K♣ from 6 to 1") || !moves.contains(&"K♥ from 7 to 1") {
        return Err(fail(format!("the kings' moves read {moves:?}")));
    }
    Ok(())
}

async fn russian_peek_shows_the_exact_maximum(page: Page) -> Outcome {
    page.open("/russian?deal=113").await?;
    ready(&page, "").await?;
    page.click("#peek").await?;
    let maximum = page
        .wait_for(
            "the peek",
            "const m = document.querySelector('#peek-verdict .maximum'); \
             return m && document.querySelector('#columns .card.peeked') ? m.textContent : null;",
        )
        .await?;
    let peek = page.get("/api/russian/peek?deal=113").await?;
    if maximum != json!(peek["maximum"].to_string()) {
        return Err(fail(format!(
            "the page shows a maximum of {maximum}; the exact solver's is {}",
            peek["maximum"]
        )));
    }
    // The card marked leads a way to the maximum, and the verdict is marked won as the server's
    // `won` says: deal 113 can be won.
    let marked = eval(
        &page,
        "return [document.querySelector('#columns .card.peeked').dataset.card, \
                 document.getElementById('peek-verdict').classList.contains('won')];",
    )
    .await?;
    if marked != json!([peek["keep"]["card"], peek["won"]]) || peek["won"] != true {
        return Err(fail(format!(
            "the page marks {marked} (the card, the verdict won); the move that keeps the \
             maximum is {}, and the server's won {}",
            peek["keep"], peek["won"]
        )));
    }
    let panel = page.text(".peek-panel").await?;
    if !panel.contains("If you could see") || !panel.contains("Peeking") {
        return Err(fail(format!(
            "the peek is not marked as peeking: {panel:?}"
        )));
    }
    let rows = eval(
        &page,
        "return [...document.querySelectorAll('#peek-values tbody tr')].map(r => Number(r.cells[1].textContent));",
    )
    .await?;
    let maxima: Vec<Value> = items(&peek["moves"]).map(|m| m["max"].clone()).collect();
    if rows != json!(maxima) {
        return Err(fail(format!(
            "the peek's table shows {rows}; the solver's maxima are {maxima:?}"
        )));
    }
    Ok(())
}
