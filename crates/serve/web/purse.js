// The Russian Solitaire page's purse: every game that ends in this browser, counted once, with
// its score and its money, kept in the browser's storage. This module alone reads and writes it.

const KEY = "parlor.russian.purse";
/** Where the page kept the purse before it had that name: moved to KEY once, then removed. */
const FORMER_KEY = "parlor.russian.ledger";

/** The purse kept, `{games: {game: {score, net}}}`; an empty one where none is. */
export function readPurse() {
  try {
    const former = localStorage.getItem(FORMER_KEY);
    if (former !== null) {
      if (localStorage.getItem(KEY) === null) localStorage.setItem(KEY, former);
      localStorage.removeItem(FORMER_KEY);
    }
    const purse = JSON.parse(localStorage.getItem(KEY));
    if (purse && typeof purse.games === "object" && purse.games !== null) return purse;
  } catch {
    // Storage refused, or a purse not written by this page: start a new one.
  }
  return { games: {} };
}

/**
 * Counts the game named `game` (its deal and line), ended with `score` cards and `net` dollars,
 * unless it is counted already; the purse then. Throws when the browser keeps no storage.
 */
export function recordGame(game, score, net) {
  const purse = readPurse();
  if (game in purse.games) return purse;
  purse.games[game] = { score, net };
  localStorage.setItem(KEY, JSON.stringify(purse));
  return purse;
}

/** Empties the purse; the empty purse. */
export function emptyPurse() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
  return { games: {} };
}

/** Calls `changed(purse)` whenever another tab of this browser changes the purse. */
export function watchPurse(changed) {
  window.addEventListener("storage", (event) => {
    if (event.key === KEY || event.key === null) changed(readPurse());
  });
}
