//! The statistics: each game counted once, in its column (the player's, autoplay's or
//! peeking's), kept over a reload, reset, exported and imported.

use super::honest::end_game;
use super::*;
use crate::trials;

trials![
    russian_autoplay_scores_as_the_strategy_and_counts_in_its_own_column,
    russian_a_restart_is_a_game_played_and_autoplay_after_it_is_not_yours,
    russian_undoing_and_finishing_again_counts_one_game,
    russian_statistics_export_import_and_refuse_a_bad_file,
];

async fn russian_autoplay_scores_as_the_strategy_and_counts_in_its_own_column(
    page: Page,
) -> Outcome {
    page.open("/russian?deal=12").await?;
    ready(&page, "").await?;
    let line = autoplay(&page, "lookahead").await?;
    let played = page
        .get("/api/russian/play?deal=12&strategy=lookahead")
        .await?;
    if line != player_moves(&played["moves"]) {
        return Err(fail(format!(
            "autoplay by lookahead played {line:?}; `parlor russian play --seed 12 --strategy lookahead` plays {:?}",
            player_moves(&played["moves"])
        )));
    }
    shows(&page, "deal=12", &line).await?;
    let score = played["score"].as_u64().unwrap_or_default();
    if page.text("#score").await?.parse::<u64>().ok() != Some(score) {
        return Err(fail(format!(
            "the page's score is not {score}, lookahead's"
        )));
    }
    let expected = games(&[], &[score], &[]);
    counted(&page, &expected, "a game autoplay finished").await?;
    page.client.refresh().await?;
    ready(&page, &line.join(",")).await?;
    counted(&page, &expected, "the same game after a reload").await?;
    // Reset takes a second click to confirm.
    page.click("#tab-stats").await?;
    page.click("#reset-stats").await?;
    counted(&page, &expected, "one click on Reset").await?;
    page.click("#reset-stats").await?;
    let none = games(&[], &[], &[]);
    page.wait_text("#stats-message", "reset").await?;
    counted(&page, &none, "a reset").await?;
    // A purse kept by the page before it had statistics is dropped, and the page says so.
    eval(
        &page,
        "localStorage.setItem('parlor.russian.purse', \
             JSON.stringify({games: {'deal=1 SQ-1': {score: 3, net: -40}}}));",
    )
    .await?;
    page.open("/russian?deal=1").await?;
    ready(&page, "").await?;
    page.wait_text("#stats-message", "not carried over").await?;
    counted(&page, &none, "the page opened over a former purse").await?;
    if eval(
        &page,
        "return localStorage.getItem('parlor.russian.purse');",
    )
    .await?
        != Value::Null
    {
        return Err(fail("the former purse was left in the browser's storage"));
    }
    Ok(())
}

/// The statistics as shown: for each column, the games played, the best score on the deal open
/// (0 for none) and the money.
async fn statistics(page: &Page) -> Result<Value, Failure> {
    eval(
        page,
        "const cell = (id) => document.getElementById(id).textContent; \
         return Object.fromEntries(['player', 'autoplay', 'peeking'].map(row => [row, \
             [Number(cell(`stats-played-${row}`)), Number(cell(`stats-deal-${row}`).replace('–', '0')), \
              cell(`stats-net-${row}`)]]));",
    )
    .await
}

/// What [`statistics`] shows after games of the deal open that scored `player`, `autoplay` and
/// `peeking`, in each column: $5 a card less the $55 stake, as the page writes money.
fn games(player: &[u64], autoplay: &[u64], peeking: &[u64]) -> Value {
    let column = |scores: &[u64]| {
        let net: i64 = scores.iter().map(|&score| 5 * score as i64 - 55).sum();
        let sign = match net.signum() {
            -1 => "−",
            1 => "+",
            _ => "",
        };
        let best = scores.iter().max().copied().unwrap_or(0);
        json!([scores.len(), best, format!("{sign}${}", net.abs())])
    };
    json!({"player": column(player), "autoplay": column(autoplay), "peeking": column(peeking)})
}

/// Fails unless the statistics show `expected` (see [`games`]) after `what`.
async fn counted(page: &Page, expected: &Value, what: &str) -> Outcome {
    let shown = statistics(page).await?;
    if &shown != expected {
        return Err(fail(format!(
            "after {what} the statistics show {shown} (games, best on this deal, money); expected {expected}"
        )));
    }
    Ok(())
}

async fn russian_a_restart_is_a_game_played_and_autoplay_after_it_is_not_yours(
    page: Page,
) -> Outcome {
    page.open("/russian?deal=113").await?;
    ready(&page, "").await?;
    let mut line = Vec::new();
    for _ in 0..2 {
        play_first(&page, "deal=113", &mut line).await?;
    }
    let score = page.text("#score").await?.parse::<u64>()?;
    // Starting over in mid-game counts the game: the page asks first, in a dialog of its own.
    page.click("#restart").await?;
    let asked = page.text("#end-game-what").await?;
    if !asked.contains(&format!("at {score} cards up")) || !asked.contains("in the You column") {
        return Err(fail(format!(
            "before starting over the page asks {asked:?}"
        )));
    }
    page.click("#end-game-no").await?;
    ready(&page, &line.join(",")).await?;
    counted(&page, &games(&[], &[], &[]), "starting over, declined").await?;
    end_game(&page, "#restart").await?;
    ready(&page, "").await?;
    let after_restart = games(&[score], &[], &[]);
    counted(&page, &after_restart, "two moves and a restart").await?;
    // The clairvoyant wins deal 113 from its start: a game of its own, in the peeking column.
    autoplay(&page, "clairvoyant").await?;
    page.wait_text("#message", "Won").await?;
    let won = games(&[score], &[], &[52]);
    counted(&page, &won, "the clairvoyant's game after the restart").await?;
    // A new deal opened ends nothing more: the won game is counted already.
    page.click("#random").await?;
    ready_for(&page, "another deal", "game !== 'deal=113'").await?;
    let after_new_deal = played(&page).await?;
    if after_new_deal != json!([1, 0, 1]) {
        return Err(fail(format!(
            "a new deal opened after the won game counted another: games played {after_new_deal}"
        )));
    }
    // Deal 318 is dealt with no move in it: over at once, and not played.
    page.open("/russian?deal=318").await?;
    ready(&page, "").await?;
    page.wait_text("#status", "no move is left").await?;
    let after_no_move = played(&page).await?;
    if after_no_move != json!([1, 0, 1]) {
        return Err(fail(format!(
            "a deal dealt with no move in it was counted: games played {after_no_move}"
        )));
    }
    // A link that opens deal 113 partway through gives a game not played here: never counted,
    // however it ends, and the page says so.
    page.open(&format!("/russian?deal=113&moves={}", line[0]))
        .await?;
    ready(&page, &line[0]).await?;
    page.wait_text("#stats-linked", "not counted").await?;
    play_first(&page, "deal=113", &mut line[..1].to_vec()).await?;
    end_game(&page, "#random").await?;
    ready(&page, "").await?;
    if played(&page).await? != json!([1, 0, 1]) {
        return Err(fail(format!(
            "a game opened partway through by a link was counted: {}",
            played(&page).await?
        )));
    }
    Ok(())
}

/// The games played of each column.
async fn played(page: &Page) -> Result<Value, Failure> {
    eval(
        page,
        "return ['player', 'autoplay', 'peeking'].map(row => \
             Number(document.getElementById(`stats-played-${row}`).textContent));",
    )
    .await
}

async fn russian_undoing_and_finishing_again_counts_one_game(page: Page) -> Outcome {
    page.open("/russian?deal=12").await?;
    ready(&page, "").await?;
    let first = autoplay(&page, "greedy").await?;
    let score = page.text("#score").await?.parse::<u64>()?;
    let once = games(&[], &[score], &[]);
    counted(&page, &once, "greedy's game").await?;
    // Undo a few moves, play another move by hand and let greedy finish: the same game, each
    // time ending on another line.
    let mut ends = vec![first.clone()];
    for undone in [2, 3, 4] {
        for _ in 0..undone {
            page.click("#undo").await?;
        }
        let kept = &first[..first.len() - undone];
        ready(&page, &kept.join(",")).await?;
        let game = page
            .get(&format!(
                "/api/russian/game?deal=12&moves={}",
                kept.join(",")
            ))
            .await?;
        let other = items(&game["legal"])
            .map(|m| format!("{}-{}", as_str(&m["card"]), m["to"]))
            .find(|m| *m != first[first.len() - undone]);
        if let Some(other) = other {
            let (card, to) = other.split_once('-').unwrap_or_default();
            click_move(&page, &mut kept.to_vec(), card, to).await?;
        }
        if page.count("#status.over").await? == 0 {
            ends.push(autoplay(&page, "greedy").await?);
        }
        counted(
            &page,
            &once,
            &format!("{undone} moves undone and the game finished again"),
        )
        .await?;
    }
    ends.dedup();
    if ends.len() < 2 {
        return Err(fail(
            "the game never ended on another line: the test shows nothing",
        ));
    }
    Ok(())
}

async fn russian_statistics_export_import_and_refuse_a_bad_file(page: Page) -> Outcome {
    page.open("/russian?deal=113").await?;
    ready(&page, "").await?;
    let mut line = Vec::new();
    play_first(&page, "deal=113", &mut line).await?;
    end_game(&page, "#restart").await?;
    ready(&page, "").await?;
    page.click("#peek").await?;
    page.wait_for(
        "the peek",
        "return document.querySelector('#peek-verdict .maximum');",
    )
    .await?;
    play_first(&page, "deal=113", &mut Vec::new()).await?;
    end_game(&page, "#restart").await?;
    ready(&page, "").await?;
    let before = games(&[0], &[], &[0]);
    counted(&page, &before, "a game of the player's and one peeked at").await?;
    // The file Export offers, caught on its way out.
    eval(
        &page,
        "HTMLAnchorElement.prototype.click = function () { \
             window.exported = [this.download, \
                 decodeURIComponent(this.href.slice(this.href.indexOf(',') + 1))]; };",
    )
    .await?;
    page.click("#tab-stats").await?;
    page.click("#export-stats").await?;
    let exported = eval(&page, "return window.exported;").await?;
    let file: Value = serde_json::from_str(as_str(&exported[1]))?;
    if exported[0] != "parlor-russian-stats.json"
        || file["format"] != "parlor.russian.stats"
        || file["version"] != 1
        || file["player"]["played"] != 1
        || file["peeking"]["best"] != json!({"deal=113": 0})
    {
        return Err(fail(format!("the exported file is {exported}")));
    }
    page.click("#reset-stats").await?;
    page.click("#reset-stats").await?;
    page.wait_text("#stats-message", "reset").await?;
    counted(&page, &games(&[], &[], &[]), "a reset").await?;
    import(&page, "stats.json", as_str(&exported[1])).await?;
    page.wait_text("#stats-message", "Imported stats.json: 2 games")
        .await?;
    counted(&page, &before, "the exported file imported").await?;
    // Files that are not the page's statistics are refused, and the statistics stay whole.
    let mut lies = file.clone();
    lies["player"]["won"] = json!(2);
    let mut extra = file.clone();
    extra["player"]["cheat"] = json!(true);
    let mut deal = file.clone();
    deal["player"]["best"] = json!({"deal=113": 53});
    for (bad, says) in [
        ("{\"format\":", "not JSON"),
        ("[]", "expected an object"),
        (&lies.to_string()[..], "2 games won of 1 played"),
        (&extra.to_string()[..], "unexpected field \"cheat\""),
        (&deal.to_string()[..], "expected a score from 0 to 52"),
    ] {
        import(&page, "bad.json", bad).await?;
        let message = page.wait_text("#stats-message", "refused").await?;
        if !message.contains(says) || !message.contains("as they were") {
            return Err(fail(format!(
                "{bad:?} was refused with {message:?}; expected it to say {says:?}"
            )));
        }
        counted(&page, &before, &format!("the refused file {bad:?}")).await?;
        let kept = eval(
            &page,
            "return JSON.parse(localStorage.getItem('parlor.russian.stats.v1'));",
        )
        .await?;
        if kept != file {
            return Err(fail(format!(
                "after {bad:?} the statistics kept are {kept}"
            )));
        }
        eval(
            &page,
            "document.getElementById('stats-message').textContent = '';",
        )
        .await?;
    }
    Ok(())
}

/// Gives the page's Import the file `name` holding `text`, as a player choosing it would.
pub(super) async fn import(page: &Page, name: &str, text: &str) -> Outcome {
    page.eval(
        "const input = document.getElementById('import-file'); \
         const files = new DataTransfer(); \
         files.items.add(new File([arguments[1]], arguments[0], {type: 'application/json'})); \
         input.files = files.files; \
         input.dispatchEvent(new Event('change'));",
        vec![json!(name), json!(text)],
    )
    .await?;
    Ok(())
}
