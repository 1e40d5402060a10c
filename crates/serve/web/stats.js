// The Russian Solitaire page's statistics: every game played in this browser, counted once when
// it ends, in one of three rows — the player's own, the games autoplay finished, and the games
// played with peeking on — so that no help inflates the player's figures. This module alone
// reads and writes them: the totals in localStorage under a versioned key, the game open in
// this tab in sessionStorage (a reload goes on with it; another tab has its own).

const KEY = "parlor.russian.stats.v1";
const OPEN_KEY = "parlor.russian.open.v1";
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

/** The statistics kept, of games scoring 0 to `pack` cards; empty ones where none are, or where
 *  what is kept is not theirs. */
export function readStats(pack) {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept !== null) return parseStats(kept, pack);
  } catch {
    // Storage refused, or something not written by this page: start again.
  }
  return emptyStats();
}

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

/**
 * Counts `game` — `{deal, score, won, net, peeked, autoplay}`, a game of a `pack` of cards — in
 * its row; the statistics then. Throws when the browser keeps no storage.
 */
export function countGame(game, pack) {
  const stats = readStats(pack);
  const row = stats[rowOf(game)];
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
  writeStats(stats);
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

/** The statistics as an exported file's text. */
export const exportStats = (stats) => `${JSON.stringify(stats, null, 2)}\n`;

/** Takes the exported file `text` as the statistics, once it is read whole and found sound; the
 *  statistics then. Throws an Error that says what was expected, leaving the kept ones as they
 *  were. */
export function importStats(text, pack) {
  const stats = parseStats(text, pack);
  writeStats(stats);
  return stats;
}

/** Calls `changed(stats)` whenever another tab of this browser changes the statistics. */
export function watchStats(pack, changed) {
  window.addEventListener("storage", (event) => {
    if (event.key === KEY || event.key === null) changed(readStats(pack));
  });
}

/** The game open in this tab, `{deal, score, won, net, played, peeked, autoplay, counted}`, or null. */
export function readOpen() {
  try {
    const open = JSON.parse(sessionStorage.getItem(OPEN_KEY));
    if (open && typeof open.deal === "string") return open;
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

const refuse = (message) => {
  throw new Error(message);
};

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** Every field of `object` is one of `fields`, and every one of them is there. */
function exactly(object, fields, where) {
  for (const name of Object.keys(object)) {
    if (!fields.includes(name)) refuse(`${where}: unexpected field "${name}" (expected ${fields.join(", ")})`);
  }
  for (const name of fields) {
    if (!(name in object)) refuse(`${where}: missing field "${name}"`);
  }
}

function parseRow(row, name, pack) {
  const where = `"${name}"`;
  if (!isObject(row)) refuse(`${where}: expected an object`);
  exactly(row, ROW_FIELDS, where);
  for (const field of COUNTS) {
    if (!Number.isSafeInteger(row[field]) || row[field] < 0) {
      refuse(`${where}.${field}: expected a whole number from 0, found ${JSON.stringify(row[field])}`);
    }
  }
  if (typeof row.net !== "number" || !Number.isFinite(row.net)) refuse(`${where}.net: expected a number of dollars`);
  const { played, won, cards, streak, best_streak: bestStreak } = row;
  if (won > played) refuse(`${where}: ${won} games won of ${played} played`);
  if (cards > pack * played || cards < pack * won) refuse(`${where}: ${cards} cards up in ${played} games, ${won} of them won`);
  if (bestStreak > won || streak > bestStreak) refuse(`${where}: streaks of ${streak} and at best ${bestStreak} with ${won} games won`);
  if (!isObject(row.best)) refuse(`${where}.best: expected an object of deals and their best scores`);
  const deals = Object.entries(row.best);
  if (deals.length > played) refuse(`${where}.best: ${deals.length} deals for ${played} games played`);
  for (const [deal, score] of deals) {
    if (!DEAL.test(deal)) refuse(`${where}.best: expected deals such as "deal=113" or "pysol=ms5", found ${JSON.stringify(deal.slice(0, 50))}`);
    if (!Number.isInteger(score) || score < 0 || score > pack) refuse(`${where}.best["${deal}"]: expected a score from 0 to ${pack}`);
  }
  return { played, won, cards, net: row.net, streak, best_streak: bestStreak, best: Object.fromEntries(deals) };
}

/** The statistics in `text`, as `exportStats` writes them, of games scoring 0 to `pack` cards;
 *  throws an Error saying what is wrong. */
export function parseStats(text, pack) {
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
  for (const row of ROWS) stats[row] = parseRow(value[row], row, pack);
  return stats;
}
