// The Speed page's statistics of the games against the robot: a game is counted once, when it
// ends or when this tab is found to have left it before its end (a loss); the table of the rows,
// one per reaction time of the robot; and Reset, Export and Import. What is kept in the browser
// is read and written by speed-stats.js alone.

import { $, el, say, plural, statsButtons } from "/parlor.js";
import { MAX_FILE_BYTES, REACTIONS, countGame, exportStats, importStats, keepOpen, loadStats, newGame, readOpen, resetStats, watchStats } from "/speed-stats.js";

let stats = loadStats().stats;
let resetArmed = null;
/** What the table last drew. */
let drawn = null;

const said = () => $("stats-message");

/** A time to win in seconds, to the millisecond: `12.345 s`. */
const seconds = (ms) => `${(ms / 1000).toFixed(3)} s`;

/** Draws the table from the statistics, when they changed. */
function render() {
  $("reset-stats").textContent = resetArmed ? "Click again to reset" : "Reset";
  if (drawn === stats) return;
  drawn = stats;
  $("versus-stats").tBodies[0].replaceChildren(...REACTIONS.map((reaction) => {
    const row = stats.reactions[reaction];
    return el("tr", { dataset: { reaction } },
      el("th", { scope: "row" }, `${Number(reaction).toLocaleString("en")} ms`),
      el("td", { class: "number" }, String(row.played)),
      el("td", { class: "number" }, String(row.won)),
      el("td", { class: "number" }, row.best_ms === null ? "–" : seconds(row.best_ms)));
  }));
  const played = REACTIONS.reduce((sum, r) => sum + stats.reactions[r].played, 0);
  $("reset-stats").disabled = played === 0;
  $("export-stats").disabled = played === 0;
}

/** Counts `game` (as `begin` gave it), won in `wonMs` or lost (null); what to say of it. */
function count(game, wonMs) {
  try {
    const counted = countGame(game, wonMs);
    if (counted === null) return "It was counted already, when it ended in another tab.";
    stats = counted;
    render();
    return `Counted in the row of ${Number(game.reaction).toLocaleString("en")} ms.`;
  } catch {
    say(said(), "The browser keeps no storage for this page: the game cannot be counted.", true);
    return "";
  }
}

/**
 * The statistics of the games against the robot: `begin(reaction)` a game, kept as this tab's
 * open game until `end(game, wonMs)` counts it and says so; a game this tab left before its end
 * (a reload, the page closed) is counted as lost when the page next opens in the tab.
 */
export const statistics = {
  begin(reaction) {
    const game = newGame(reaction);
    keepOpen(game);
    return game;
  },
  end: count,
  render,
};

function resetTwice() {
  clearTimeout(resetArmed);
  if (resetArmed) {
    resetArmed = null;
    stats = resetStats();
    say(said(), "The statistics are reset.");
    render();
    return;
  }
  // One click could wipe a long record: a second one within a few seconds confirms.
  resetArmed = setTimeout(() => {
    resetArmed = null;
    render();
  }, 4000);
  render();
}

function exportFile() {
  const href = `data:application/json;charset=utf-8,${encodeURIComponent(exportStats(stats))}`;
  el("a", { href, download: "parlor-speed-stats.json" }).click();
}

async function importFile(file) {
  try {
    if (file.size > MAX_FILE_BYTES) throw new Error(`expected a file of statistics, at most ${MAX_FILE_BYTES} bytes; this one has ${file.size}`);
    stats = importStats(await file.text());
    const played = REACTIONS.reduce((sum, r) => sum + stats.reactions[r].played, 0);
    say(said(), `Imported ${file.name}: ${plural(played, "game")}.`);
  } catch (error) {
    say(said(), `${file.name} is refused, the statistics are as they were: ${error.message}.`, true);
  }
  render();
}

function start() {
  statsButtons({ exportFile, importFile, reset: resetTwice });
  const { refused } = loadStats();
  if (refused) say(said(), `The statistics kept in this browser are not sound and are not shown (${refused}); the next game counted replaces them. Import a file exported before to bring them back.`, true);
  const left = readOpen();
  if (left) {
    count(left, null);
    say(said(), "The game this tab left before its end is counted as lost.");
  }
  watchStats((changed) => {
    stats = changed;
    render();
  });
  render();
}

start();
