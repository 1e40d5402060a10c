// The Russian Solitaire page's statistics: when a game is counted and in which column, the
// table of the three columns and the best score of every deal, and Reset, Export and Import.
// What is kept in the browser is read and written by stats.js alone.

import { $, el, say, plural, celebrate, statsButtons } from "/parlor.js";
import { dollars, money } from "/russian-table.js";
import { MAX_FILE_BYTES, ROWS, countGame, dropFormerPurse, exportStats, importStats, keepOpen, loadStats, newGame, resetStats, rowOf, watchStats } from "/stats.js";

const dealOf = (game) => `${game.kind}=${game.number}`;

const ROW_NAMES = { player: "You", autoplay: "Autoplay", peeking: "Peeking" };

/** A share as a percentage, or a dash for none of none. */
const percent = (part, whole) => (whole ? `${(100 * part / whole).toFixed(1)}%` : "–");

/**
 * The statistics of the page whose state is `state` (its `stats`, the game `open`, whether the
 * position being fetched begins a `fresh` one, whether the page is `arriving` at the position
 * its address names, and `resetArmed`, beside the `game`, its `line` and the `casino`), changed
 * through `update`; a game won is said in `message`. Returns `follow(view)`, `mark(help)` and
 * `render()`, `read(casino)`, which reads the statistics kept once the casino's terms are in, and
 * `beforeEnding(label, action)`, which asks before a game played is ended and counted.
 */
export function statistics(state, update, message) {
  statsButtons({ exportFile, importFile, reset: resetTwice });
  /** What the table last drew, so that a render redraws only what changed. */
  const drawn = { stats: null, deal: null };

  /**
   * The game being played follows the position shown: a deal opened, or started over, ends the
   * game before it at its score and begins another; a game ends, and is counted, once — when no
   * move is left, or when another begins — and only if a move was made in it. The page opened
   * on an address where this tab's game does not stand (a link, an address typed, another tab's
   * game) begins another game too: one opened partway through was not played here, and is never
   * counted, in whatever tab it is opened.
   */
  function follow(view) {
    const deal = dealOf(state.game);
    const line = state.line.join(",");
    let open = state.open;
    const elsewhere = state.arriving && (open?.deal !== deal || open.line !== line);
    if (state.fresh || open?.deal !== deal || elsewhere) {
      if (open) end(open);
      open = newGame(deal, line, line !== "");
    }
    open = { ...open, line, score: view.score, won: view.won, net: view.net, played: open.played || line !== "" };
    if (!view.legal.length && !open.counted) {
      // A deal dealt with no move in it (4 of deals 0 to 2,999) ends at once, unplayed: it
      // counts no more than a deal left before its first move.
      open = end(open);
      // The one place a game is seen to end won.
      if (open.won) {
        // A game a link opened already won was not won here: no celebration.
        if (open.counted === true) celebrate(message);
        say(message, `Won: every card is up (${dollars(open.net)}); ${open.counted === true
          ? `counted in the ${ROW_NAMES[rowOf(open)]} column.`
          : open.linked ? "a game opened partway through is not counted." : "counted already, when it ended in another tab."}`);
      }
    }
    keepOpen(open);
    update((s) => {
      s.open = open;
      s.fresh = false;
      s.arriving = false;
    });
  }

  /**
   * Counts the game `open` if it was played and is not counted yet; the game then, its
   * `counted` true when counted here and "elsewhere" when another tab holding it (a tab
   * duplicated copies the game with its id) counted it first.
   */
  function end(open) {
    if (!open.played || open.counted || open.linked) return open;
    try {
      const stats = countGame(open, state.casino);
      if (stats === null) return { ...open, counted: "elsewhere" };
      update((s) => {
        s.stats = stats;
      });
    } catch {
      say($("stats-message"), "The browser keeps no storage for this page: the game cannot be counted.", true);
    }
    return { ...open, counted: true };
  }

  /** Marks the game being played as helped: `peeked` or `autoplay`. */
  function mark(help) {
    if (!state.open || state.open[help]) return;
    const open = { ...state.open, [help]: true };
    keepOpen(open);
    update((s) => {
      s.open = open;
    });
  }

  /**
   * Runs `action`, which ends the game being played — opening a deal, starting over — once the
   * player says so, where that counts the game as one played at its score now: the dialog's
   * confirming button says `label`. At once where nothing would be counted.
   */
  function beforeEnding(label, action) {
    const open = state.open;
    if (!open?.played || open.counted || open.linked || !state.view?.legal.length) {
      action();
      return;
    }
    const dialog = $("end-game");
    const { score, net } = state.view;
    $("end-game-what").replaceChildren(`It has moves left. Ended now, it counts as a game played, at ${plural(score, "card")} up (`, money(net), `), in the ${ROW_NAMES[rowOf(open)]} column.`);
    $("end-game-yes").textContent = label;
    dialog.returnValue = "";
    dialog.onclose = () => {
      if (dialog.returnValue === "end") action();
    };
    dialog.showModal();
  }

  /** The table of the three columns, the deals' best scores, and what the buttons offer. */
  function render() {
    $("stats-linked").hidden = !state.open?.linked;
    $("stats-elsewhere").hidden = state.open?.counted !== "elsewhere";
    const house = state.casino?.house_profit;
    $("reset-stats").textContent = state.resetArmed ? "Click again to reset" : "Reset";
    const deal = state.game && dealOf(state.game);
    if (house === undefined || (drawn.stats === state.stats && drawn.deal === deal)) return;
    drawn.stats = state.stats;
    drawn.deal = deal;
    const rows = ROWS.map((row) => state.stats[row]);
    const line = (term, cell, id) => el("tr", {}, el("th", { scope: "row" }, term),
      ...rows.map((row, i) => el("td", { class: "number", id: id && `${id}-${ROWS[i]}` }, cell(row))));
    $("stats").tBodies[0].replaceChildren(
      line("Games played", (r) => String(r.played), "stats-played"),
      line("Won", (r) => String(r.won), "stats-won"),
      line("Win rate", (r) => percent(r.won, r.played)),
      line("Mean score", (r) => (r.played ? (r.cards / r.played).toFixed(2) : "–"), "stats-mean"),
      line("Money", (r) => money(r.net), "stats-net"),
      line("Expected money", (r) => money(-Math.round(house * r.played * 100) / 100), "stats-expected"),
      line("Best streak", (r) => String(r.best_streak)),
      line("Current streak", (r) => String(r.streak)),
      line("Best on this deal", (r) => (deal in r.best ? String(r.best[deal]) : "–"), "stats-deal"),
    );
    const deals = [...new Set(rows.flatMap((row) => Object.keys(row.best)))].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
    $("deals").querySelector("tbody").replaceChildren(...deals.map((name) => el("tr", { class: name === deal ? "chosen" : null },
      el("th", { scope: "row" }, name.replace("=", " ")),
      ...rows.map((row) => el("td", { class: "number" }, name in row.best ? String(row.best[name]) : "–")))));
    $("deals").hidden = !deals.length;
    const played = rows.reduce((sum, row) => sum + row.played, 0);
    $("reset-stats").disabled = played === 0;
    $("export-stats").disabled = played === 0;
  }

  function resetTwice() {
    clearTimeout(state.resetArmed);
    if (state.resetArmed) {
      update((s) => {
        s.resetArmed = null;
        s.stats = resetStats();
      });
      say($("stats-message"), "The statistics are reset.");
      return;
    }
    // One click could wipe a long record: a second one within a few seconds confirms.
    update((s) => {
      s.resetArmed = setTimeout(() => update((later) => {
        later.resetArmed = null;
      }), 4000);
    });
  }

  function exportFile() {
    const href = `data:application/json;charset=utf-8,${encodeURIComponent(exportStats(state.stats))}`;
    el("a", { href, download: "parlor-russian-stats.json" }).click();
  }

  async function importFile(file) {
    const said = $("stats-message");
    try {
      if (file.size > MAX_FILE_BYTES) throw new Error(`expected a file of statistics, at most ${MAX_FILE_BYTES} bytes; this one has ${file.size}`);
      const stats = importStats(await file.text(), state.casino);
      update((s) => {
        s.stats = stats;
      });
      say(said, `Imported ${file.name}: ${plural(ROWS.reduce((sum, row) => sum + stats[row].played, 0), "game")}.`);
    } catch (error) {
      say(said, `${file.name} is refused, the statistics are as they were: ${error.message}.`, true);
    }
  }

  /** Reads the statistics kept, of games at the `casino`'s terms, and follows another tab's
   *  changes. */
  function read(casino) {
    const { stats, refused } = loadStats(casino);
    update((s) => {
      s.stats = stats;
    });
    if (refused) say($("stats-message"), `The statistics kept in this browser are not sound and are not shown (${refused}); the next game counted replaces them. Import a file exported before to bring them back.`, true);
    watchStats(casino, (changed) => update((s) => {
      s.stats = changed;
    }));
  }

  $("end-game-yes").addEventListener("click", () => $("end-game").close("end"));
  $("end-game-no").addEventListener("click", () => $("end-game").close("keep"));
  const former = dropFormerPurse();
  if (former !== null) {
    say($("stats-message"), `The purse kept before (${former} counted) was not carried over: it could not tell your games from autoplay's or peeking's, and counted a deal once for every way it ended.`);
  }
  return { beforeEnding, follow, mark, render, read };
}
