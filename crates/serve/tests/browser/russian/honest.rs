//! The statistics against the tricks that inflated them: a link opened in the tab of a game
//! begun by hand, a tab duplicated with its game, and files whose figures no games can leave
//! (with the others, in statistics.rs's import trial).

use super::statistics::import;
use super::*;
use crate::trials;

trials![
    russian_a_link_opened_in_the_same_tab_is_not_the_players_game,
    russian_a_game_held_by_two_tabs_counts_once,
    russian_a_file_of_figures_no_games_leave_is_refused_whole,
];

/// The games played of each column, and whether the note on a game opened by a link shows.
async fn played_and_linked(page: &Page) -> Result<Value, Failure> {
    eval(
        page,
        "return [['player', 'autoplay', 'peeking'].map(row => \
                   Number(document.getElementById(`stats-played-${row}`).textContent)), \
                 !document.getElementById('stats-linked').hidden];",
    )
    .await
}

async fn russian_a_link_opened_in_the_same_tab_is_not_the_players_game(page: Page) -> Outcome {
    // A game of the player's own begun in this tab, no move made in it.
    page.open("/russian?deal=113").await?;
    ready(&page, "").await?;
    // The clairvoyant's line wins deal 113: all but its last move make the link.
    let won = page
        .get("/api/russian/play?deal=113&strategy=clairvoyant")
        .await?;
    let line = player_moves(&won["moves"]);
    let Some((last, link)) = line.split_last().filter(|_| won["score"] == 52) else {
        return Err(fail(format!("the clairvoyant's line of deal 113 is {won}")));
    };
    page.open(&format!("/russian?deal=113&moves={}", link.join(",")))
        .await?;
    ready(&page, &link.join(",")).await?;
    if played_and_linked(&page).await? != json!([[0, 0, 0], true]) {
        return Err(fail(format!(
            "the link opened in the tab of a game begun by hand shows {} (games, the link's note)",
            played_and_linked(&page).await?
        )));
    }
    // One move from the end both solvers see 52 cards: they agree, and the page says so.
    page.click("#hint").await?;
    page.click("#peek").await?;
    let why = page.wait_text("#peek-why", "agree").await?;
    if why.contains("Why") {
        return Err(fail(format!("where the two agree the page says {why:?}")));
    }
    let (card, to) = last.split_once('-').unwrap_or_default();
    click_move(&page, &mut link.to_vec(), card, to).await?;
    let said = page.wait_text("#message", "Won").await?;
    if !said.contains("not counted") || played_and_linked(&page).await? != json!([[0, 0, 0], true])
    {
        return Err(fail(format!(
            "the link's game won by its last move says {said:?} and the statistics show {}",
            played_and_linked(&page).await?
        )));
    }
    Ok(())
}

/// Ends the game by `button` (`#restart`, `#random`), saying yes when the page asks first (it
/// asks at once, in the click's own handler).
pub(super) async fn end_game(page: &Page, button: &str) -> Outcome {
    page.click(button).await?;
    let asked = eval(
        page,
        "return document.getElementById('end-game')?.open === true;",
    )
    .await?;
    if asked == json!(true) {
        page.click("#end-game-yes").await?;
    }
    Ok(())
}

async fn russian_a_game_held_by_two_tabs_counts_once(page: Page) -> Outcome {
    page.open("/russian?deal=113").await?;
    ready(&page, "").await?;
    let mut line = Vec::new();
    for _ in 0..2 {
        play_first(&page, "deal=113", &mut line).await?;
    }
    let moves = line.join(",");
    let score = page.text("#score").await?.parse::<u64>()?;
    // A tab duplicated: a browser copies the tab's sessionStorage, and the address, into the new
    // one.
    let session = eval(
        &page,
        "return JSON.stringify(Object.entries(sessionStorage));",
    )
    .await?;
    let first = page.client.window().await?;
    let second = page.client.new_window(true).await?.handle;
    page.client.switch_to_window(second).await?;
    page.open("/").await?;
    page.eval(
        "for (const [key, value] of JSON.parse(arguments[0])) sessionStorage.setItem(key, value);",
        vec![session],
    )
    .await?;
    page.open(&format!("/russian?deal=113&moves={moves}"))
        .await?;
    ready(&page, &moves).await?;
    if played_and_linked(&page).await? != json!([[0, 0, 0], false]) {
        return Err(fail(format!(
            "the duplicated tab shows {} (games, the link's note): its game is the player's",
            played_and_linked(&page).await?
        )));
    }
    // Ended in both tabs: counted in the first to end it, and not again in the other.
    end_game(&page, "#restart").await?;
    ready(&page, "").await?;
    page.client.switch_to_window(first).await?;
    end_game(&page, "#restart").await?;
    ready(&page, "").await?;
    let shown = played_and_linked(&page).await?;
    let kept = eval(
        &page,
        "const stats = JSON.parse(localStorage.getItem('parlor.russian.stats.v1')); \
         return [stats.player.played, stats.player.cards];",
    )
    .await?;
    if shown != json!([[1, 0, 0], false]) || kept != json!([1, score]) {
        return Err(fail(format!(
            "one game of {score} cards ended in both tabs holding it shows {shown} (games, the \
             link's note) and keeps {kept} (games, cards)"
        )));
    }
    Ok(())
}

/// A row of a statistics file.
fn row(played: u64, won: u64, cards: u64, net: i64, streaks: [u64; 2], best: Value) -> Value {
    json!({"played": played, "won": won, "cards": cards, "net": net,
           "streak": streaks[0], "best_streak": streaks[1], "best": best})
}

async fn russian_a_file_of_figures_no_games_leave_is_refused_whole(page: Page) -> Outcome {
    page.open("/russian?deal=113").await?;
    ready(&page, "").await?;
    // Two games of the player's, deal 113 won and deal 1 lost at 3 cards: 55 cards, $5 each
    // less two stakes of $55.
    let none = row(0, 0, 0, 0, [0, 0], json!({}));
    let sound = json!({"format": "parlor.russian.stats", "version": 1,
        "player": row(2, 1, 55, 165, [0, 1], json!({"deal=113": 52, "deal=1": 3})),
        "autoplay": none, "peeking": none});
    import(&page, "sound.json", &sound.to_string()).await?;
    page.wait_text("#stats-message", "Imported sound.json: 2 games")
        .await?;
    let lie = |field: &str, value: Value| {
        let mut file = sound.clone();
        file[field] = value;
        file.to_string()
    };
    for (bad, says) in [
        // A fortune from one game of no card up.
        (
            lie(
                "autoplay",
                row(1, 0, 0, 1_000_000, [0, 0], json!({"deal=2": 0})),
            ),
            "row \"autoplay\": money +$1000000, but the casino pays −$55 for 1 game with 0 cards up",
        ),
        // A win on a row that won nothing, its cards and money sound.
        (
            lie(
                "peeking",
                row(2, 0, 51, 145, [0, 0], json!({"deal=113": 52})),
            ),
            "row \"peeking\".best: 1 deal with a best of 52 (a win), but 0 games won",
        ),
        // A best score above the cards of the games lost.
        (
            lie(
                "player",
                row(2, 1, 55, 165, [0, 1], json!({"deal=113": 52, "deal=1": 7})),
            ),
            "row \"player\".best: 1 deal never won, with best scores of 7 cards together, but 1 game lost with 3 cards up",
        ),
        // A streak of wins longer than the wins.
        (
            lie(
                "player",
                row(2, 1, 55, 165, [0, 2], json!({"deal=113": 52, "deal=1": 3})),
            ),
            "row \"player\": a streak of 0 now and 2 at best, with 1 game won and 1 lost",
        ),
    ] {
        import(&page, "bad.json", &bad).await?;
        let message = page.wait_text("#stats-message", "bad.json").await?;
        let kept = eval(
            &page,
            "return JSON.parse(localStorage.getItem('parlor.russian.stats.v1'));",
        )
        .await?;
        if !message.contains(says) || !message.contains("refused") || kept != sound {
            return Err(fail(format!(
                "{bad} was met with {message:?}, expected a refusal saying {says:?}, and left {kept} kept"
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
