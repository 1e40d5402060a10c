// The statistics of the games played against the robot in this browser, one row per reaction
// time of the robot: games played, won, and the best time to win. This module alone reads and
// writes them: the rows in localStorage under a versioned key, the game open in this tab in
// sessionStorage, and the games already counted, by their ids, in localStorage, so that a game
// is counted once whatever tabs hold it (a tab duplicated copies its sessionStorage, game and
// all).

import { countOnce, exactly, gameId, isObject, refuse } from "/ledger.js";

export { exportStats } from "/ledger.js";

const KEY = "parlor.speed.stats.v1";
/** The game open in this tab: begun, not ended. */
const OPEN_KEY = "parlor.speed.open.v1";
/** The ids of the games counted lately, oldest first. */
const COUNTED_KEY = "parlor.speed.counted.v1";

/** What an exported file says it is. */
const FORMAT = "parlor.speed.stats";
const VERSION = 1;

/** The reaction times offered, in ms: the rows, in order. */
export const REACTIONS = ["0", "250", "500", "1000"];

/** An exported file larger than this is no file of this page's: refused unread. */
export const MAX_FILE_BYTES = 1 << 16;

/** The latest instant a game can be won at: the person's last card lands at the end of an action
 *  the server's log lets start at 999,999,999 ms at the latest, and a move to the left table, the
 *  longest action, takes 700 ms. */
const LATEST_WIN_MS = 999_999_999 + 700;

const ROW_FIELDS = ["played", "won", "best_ms"];

/** Statistics with no game counted. */
export function emptyStats() {
  const reactions = Object.fromEntries(REACTIONS.map((r) => [r, { played: 0, won: 0, best_ms: null }]));
  return { format: FORMAT, version: VERSION, reactions };
}

/** The statistics kept; empty ones where none are, or where what is kept is not sound
 *  (`refused` then says why). */
export function loadStats() {
  let kept = null;
  try {
    kept = localStorage.getItem(KEY);
  } catch {
    // Storage refused: nothing is kept.
  }
  try {
    if (kept !== null) return { stats: parseStats(kept), refused: null };
  } catch (error) {
    return { stats: emptyStats(), refused: error.message };
  }
  return { stats: emptyStats(), refused: null };
}

/** A game begun against the robot reacting in `reaction` ms; its id, random, tells it from
 *  every other game. */
export function newGame(reaction) {
  const id = gameId();
  return { id, reaction: String(reaction) };
}

/**
 * Counts `game`, as `newGame` made it, as played, and won in `won_ms` when that is a number,
 * unless a tab holding the same game counted it already; the statistics then, or null when it
 * was counted already. Throws when the browser keeps no storage.
 */
export function countGame(game, wonMs) {
  const stats = countOnce(COUNTED_KEY, game.id, () => {
    const counted = loadStats().stats;
    const row = counted.reactions[game.reaction];
    if (!row) return null;
    row.played += 1;
    if (typeof wonMs === "number") {
      row.won += 1;
      row.best_ms = row.best_ms === null ? wonMs : Math.min(row.best_ms, wonMs);
    }
    return counted;
  });
  if (stats === null) return null;
  localStorage.setItem(KEY, JSON.stringify(stats));
  forgetOpen(game);
  return stats;
}

/** The game this tab began and left before its end, or null. */
export function readOpen() {
  try {
    const open = JSON.parse(sessionStorage.getItem(OPEN_KEY));
    if (open && typeof open.id === "string" && REACTIONS.includes(open.reaction)) return open;
  } catch {
    // None kept, or not this page's.
  }
  return null;
}

/** Keeps `game` as the game open in this tab, until it is counted. */
export function keepOpen(game) {
  try {
    sessionStorage.setItem(OPEN_KEY, JSON.stringify(game));
  } catch {
    // Left before its end, it will not be counted.
  }
}

function forgetOpen(game) {
  try {
    if (readOpen()?.id === game.id) sessionStorage.removeItem(OPEN_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** Empties the statistics; the empty ones. */
export function resetStats() {
  const stats = emptyStats();
  try {
    localStorage.setItem(KEY, JSON.stringify(stats));
  } catch {
    // Nothing was kept.
  }
  return stats;
}

/** Takes the exported file `text` as the statistics, once it is read whole and found sound; the
 *  statistics then. Throws an Error that says what was expected, leaving the kept ones as they
 *  were. */
export function importStats(text) {
  const stats = parseStats(text);
  localStorage.setItem(KEY, JSON.stringify(stats));
  return stats;
}

/** Calls `changed(stats)` whenever another tab of this browser changes the statistics. */
export function watchStats(changed) {
  window.addEventListener("storage", (event) => {
    if (event.key === KEY || event.key === null) changed(loadStats().stats);
  });
}

// ---------- reading a file strictly ----------

/** The row of the robot reacting in `reaction` ms, checked field by field and as a whole. */
function parseRow(row, reaction) {
  const where = `the row of ${reaction} ms`;
  if (!isObject(row)) refuse(`${where}: expected an object`);
  exactly(row, ROW_FIELDS, where);
  for (const field of ["played", "won"]) {
    if (!Number.isSafeInteger(row[field]) || row[field] < 0) {
      refuse(`${where}.${field}: expected a whole number from 0, found ${JSON.stringify(row[field])}`);
    }
  }
  const { played, won, best_ms: best } = row;
  if (won > played) refuse(`${where}: ${won} games won of ${played} played`);
  if (won === 0 ? best !== null : !Number.isSafeInteger(best) || best < 1 || best > LATEST_WIN_MS) {
    refuse(`${where}.best_ms: expected ${won === 0 ? "null with no game won" : `a time in ms from 1 to ${LATEST_WIN_MS}`}, found ${JSON.stringify(best)}`);
  }
  return { played, won, best_ms: best };
}

/** The statistics in `text`, as `exportStats` writes them; throws an Error saying what is
 *  wrong, and where. */
export function parseStats(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON: ${error.message}`);
  }
  if (!isObject(value)) refuse(`expected an object with "format": "${FORMAT}"`);
  exactly(value, ["format", "version", "reactions"], "the file");
  if (value.format !== FORMAT) refuse(`expected "format": "${FORMAT}", found ${JSON.stringify(value.format)}`);
  if (value.version !== VERSION) refuse(`expected "version": ${VERSION}, found ${JSON.stringify(value.version)}`);
  if (!isObject(value.reactions)) refuse(`expected "reactions": an object of ${REACTIONS.join(", ")}`);
  exactly(value.reactions, REACTIONS, "reactions");
  const stats = emptyStats();
  for (const reaction of REACTIONS) stats.reactions[reaction] = parseRow(value.reactions[reaction], reaction);
  return stats;
}
