// The Russian Solitaire page's statistics: every game played in this browser, counted once when
// it ends, in one of three rows — the player's own, the games autoplay finished, and the games
// played with peeking on — so that no help inflates the player's figures. This module alone
// reads and writes them: the totals in localStorage under a versioned key, the game open in
// this tab in sessionStorage (a reload goes on with it; another tab has its own), and the games
// already counted, by their ids, in localStorage: a tab duplicated copies its sessionStorage,
// game and all, and the game must still count once.

import { countOnce, exactly, gameId, isObject, refuse } from "/ledger.js";
import { plural } from "/parlor.js";
import { dollars } from "/russian-table.js";

export { exportStats } from "/ledger.js";

const KEY = "parlor.russian.stats.v1";
/** The game open in this tab. Version 2 knows its id and its line; a game kept by version 1
 *  is not taken up. */
const OPEN_KEY = "parlor.russian.open.v2";
/** The ids of the games counted lately, oldest first. */
const COUNTED_KEY = "parlor.russian.counted.v1";
/** Where the page kept a purse before: one entry per deal and line that ended, autoplay's and
 *  peeking's games among them, in no order. It cannot be told apart into games honestly, so it
 *  is dropped, and the page says so once. */
const FORMER_KEYS = ["parlor.russian.purse", "parlor.russian.ledger"];

/** What an exported file says it is. */
const FORMAT = "parlor.russian.stats";
const VERSION = 1;

/** The rows, in the order the page shows them. */
export const ROWS = ["player", "autoplay", "peeking"];

/** An exported file larger than this is no file of this page's: refused unread. */
export const MAX_FILE_BYTES = 1 << 20;

const ROW_FIELDS = ["played", "won", "cards", "net", "streak", "best_streak", "best"];
const COUNTS = ["played", "won", "cards", "streak", "best_streak"];
/** A deal as the address names it: `deal=113`, `pysol=ms5`. */
const DEAL = /^(deal|pysol)=[0-9A-Za-z]{1,40}$/;

const emptyRow = () => ({ played: 0, won: 0, cards: 0, net: 0, streak: 0, best_streak: 0, best: {} });

/** Statistics with no game counted. */
export function emptyStats() {
  return { format: FORMAT, version: VERSION, player: emptyRow(), autoplay: emptyRow(), peeking: emptyRow() };
}

/** The statistics kept, of games played at the `casino`'s terms; empty ones where none are, or
 *  where what is kept is not sound (`refused` then says why). */
export function loadStats(casino) {
  let kept = null;
  try {
    kept = localStorage.getItem(KEY);
  } catch {
    // Storage refused: nothing is kept.
  }
  try {
    if (kept !== null) return { stats: parseStats(kept, casino), refused: null };
  } catch (error) {
    return { stats: emptyStats(), refused: error.message };
  }
  return { stats: emptyStats(), refused: null };
}

const readStats = (casino) => loadStats(casino).stats;

function writeStats(stats) {
  localStorage.setItem(KEY, JSON.stringify(stats));
}

/** Drops the purse an earlier page kept; how many entries it held, or null if there was none. */
export function dropFormerPurse() {
  let entries = null;
  try {
    for (const key of FORMER_KEYS) {
      const kept = localStorage.getItem(key);
      if (kept === null) continue;
      let games = {};
      try {
        games = JSON.parse(kept)?.games ?? {};
      } catch {
        // Unreadable: counted as empty, dropped all the same.
      }
      entries = (entries ?? 0) + (typeof games === "object" && games !== null ? Object.keys(games).length : 0);
      localStorage.removeItem(key);
    }
  } catch {
    return null;
  }
  return entries;
}

/** The row a game goes in: peeking outranks autoplay, which outranks the player. */
export const rowOf = (game) => (game.peeked ? "peeking" : game.autoplay ? "autoplay" : "player");

/** A game begun on `deal` (`deal=113`) at the `line` of moves shown; `linked` when a link
 *  opened it partway through. Its id, random, is what tells it from every other game. */
export function newGame(deal, line, linked) {
  const id = gameId();
  return { id, deal, line, score: 0, won: false, net: 0, played: false, peeked: false, autoplay: false, counted: false, linked };
}

/**
 * Counts `game` — as `newGame` made it, now `{score, won, net, peeked, autoplay}` — in its row,
 * unless a tab holding the same game counted it already; the statistics then, or null when it
 * was counted already. Throws when the browser keeps no storage.
 */
export function countGame(game, casino) {
  const stats = countOnce(COUNTED_KEY, game.id, () => {
    const counted = readStats(casino);
    const row = counted[rowOf(game)];
    row.played += 1;
    row.cards += game.score;
    row.net += game.net;
    if (game.won) {
      row.won += 1;
      row.streak += 1;
      row.best_streak = Math.max(row.best_streak, row.streak);
    } else {
      row.streak = 0;
    }
    row.best[game.deal] = Math.max(row.best[game.deal] ?? 0, game.score);
    return counted;
  });
  if (stats !== null) writeStats(stats);
  return stats;
}

/** Empties the statistics; the empty ones. */
export function resetStats() {
  const stats = emptyStats();
  try {
    writeStats(stats);
  } catch {
    // Nothing was kept.
  }
  return stats;
}

/** Takes the exported file `text` as the statistics, once it is read whole and found sound; the
 *  statistics then. Throws an Error that says what was expected, leaving the kept ones as they
 *  were. */
export function importStats(text, casino) {
  const stats = parseStats(text, casino);
  writeStats(stats);
  return stats;
}

/** Calls `changed(stats)` whenever another tab of this browser changes the statistics. */
export function watchStats(casino, changed) {
  window.addEventListener("storage", (event) => {
    if (event.key === KEY || event.key === null) changed(readStats(casino));
  });
}

/** The game open in this tab, as `newGame` made it and the page changed it since, or null. */
export function readOpen() {
  try {
    const open = JSON.parse(sessionStorage.getItem(OPEN_KEY));
    if (open && ["id", "deal", "line"].every((field) => typeof open[field] === "string")) return open;
  } catch {
    // None kept, or not this page's.
  }
  return null;
}

/** Keeps `game` as the game open in this tab. */
export function keepOpen(game) {
  try {
    sessionStorage.setItem(OPEN_KEY, JSON.stringify(game));
  } catch {
    // A reload will start a new game: nothing is counted twice for it.
  }
}

// ---------- reading a file strictly ----------

/** The row `name` of a file, checked field by field and then as a whole: every figure must be
 *  one that games played at the `casino`'s terms can leave. */
function parseRow(row, name, casino) {
  const where = `row "${name}"`;
  if (!isObject(row)) refuse(`${where}: expected an object`);
  exactly(row, ROW_FIELDS, where);
  for (const field of COUNTS) {
    if (!Number.isSafeInteger(row[field]) || row[field] < 0) {
      refuse(`${where}.${field}: expected a whole number from 0, found ${JSON.stringify(row[field])}`);
    }
  }
  if (typeof row.net !== "number" || !Number.isFinite(row.net)) refuse(`${where}.net: expected a number of dollars`);
  if (!isObject(row.best)) refuse(`${where}.best: expected an object of deals and their best scores`);
  const { pack, stake, pay_per_card: pay } = casino;
  const { played, won, cards, net, streak, best_streak: bestStreak } = row;
  const lost = played - won;
  if (won > played) refuse(`${where}: ${won} games won of ${played} played`);
  // A won game has every card up; a lost one one card fewer at the most.
  const lostCards = cards - pack * won;
  if (lostCards < 0 || lostCards > (pack - 1) * lost) {
    refuse(`${where}: ${plural(cards, "card")} up in ${plural(played, "game")}, ${won} of them won (a game won has ${pack} up, a game lost at most ${pack - 1})`);
  }
  const paid = pay * cards - stake * played;
  if (Math.abs(net - paid) >= 0.005) {
    refuse(`${where}: money ${dollars(net)}, but the casino pays ${dollars(paid)} for ${plural(played, "game")} with ${plural(cards, "card")} up ($${pay} a card, less $${stake} a game)`);
  }
  // The losses part the wins into runs, one more at the most: the longest is at least their share.
  const shortestBest = won && Math.ceil(won / (lost + 1));
  if (streak > bestStreak || bestStreak > won || bestStreak < shortestBest || (lost === 0 && streak !== won)) {
    refuse(`${where}: a streak of ${streak} now and ${bestStreak} at best, with ${plural(won, "game")} won and ${lost} lost`);
  }
  const deals = Object.entries(row.best);
  for (const [deal, score] of deals) {
    if (!DEAL.test(deal)) refuse(`${where}.best: expected deals such as "deal=113" or "pysol=ms5", found ${JSON.stringify(deal.slice(0, 50))}`);
    if (!Number.isInteger(score) || score < 0 || score > pack) refuse(`${where}.best["${deal}"]: expected a score from 0 to ${pack}`);
  }
  // Every game counted leaves its deal a best; distinct deals are distinct games.
  if (deals.length > played || (played > 0 && deals.length === 0)) refuse(`${where}.best: ${deals.length} deals for ${played} games played`);
  const wins = deals.filter(([, score]) => score === pack).length;
  if (wins > won || (won > 0 && wins === 0)) {
    refuse(`${where}.best: ${plural(wins, "deal")} with a best of ${pack} (a win), but ${plural(won, "game")} won`);
  }
  const unwon = deals.filter(([, score]) => score < pack);
  const unwonCards = unwon.reduce((sum, [, score]) => sum + score, 0);
  if (unwon.length > lost || unwonCards > lostCards) {
    refuse(`${where}.best: ${plural(unwon.length, "deal")} never won, with best scores of ${plural(unwonCards, "card")} together, but ${plural(lost, "game")} lost with ${plural(lostCards, "card")} up`);
  }
  return { played, won, cards, net, streak, best_streak: bestStreak, best: Object.fromEntries(deals) };
}

/** The statistics in `text`, as `exportStats` writes them, of games played at the `casino`'s
 *  terms (`GET /api/russian/casino`); throws an Error saying what is wrong, and where. */
export function parseStats(text, casino) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON: ${error.message}`);
  }
  if (!isObject(value)) refuse(`expected an object with "format": "${FORMAT}"`);
  exactly(value, ["format", "version", ...ROWS], "the file");
  if (value.format !== FORMAT) refuse(`expected "format": "${FORMAT}", found ${JSON.stringify(value.format)}`);
  if (value.version !== VERSION) refuse(`expected "version": ${VERSION}, found ${JSON.stringify(value.version)}`);
  const stats = emptyStats();
  for (const row of ROWS) stats[row] = parseRow(value[row], row, casino);
  return stats;
}
