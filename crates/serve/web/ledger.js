// What the statistics of every page share: a game's random id, the ledger of games counted
// (their ids, in localStorage, so that a game is counted once whatever tabs hold it: a tab
// duplicated copies its sessionStorage, game and all), and the strict reading of an exported
// file.

/** How many ids of counted games are kept: a tab holding a game open while this many others
 *  are counted elsewhere could count it again. */
const COUNTED_KEPT = 1000;

/** A new game's id, random: what tells it from every other game. */
export const gameId = () =>
  [...crypto.getRandomValues(new Uint32Array(4))].map((n) => n.toString(16).padStart(8, "0")).join("");

function countedIds(countedKey) {
  try {
    const ids = JSON.parse(localStorage.getItem(countedKey));
    if (Array.isArray(ids)) return ids.filter((id) => typeof id === "string");
  } catch {
    // None kept, or not this page's: none counted.
  }
  return [];
}

/**
 * Counts the game `id` once: unless the ledger under `countedKey` holds it already, `count()`
 * gives what counting it makes (null when nothing is counted), and the id joins the ledger. What
 * `count()` gave, or null when the game was counted already. Throws when the browser keeps no
 * storage.
 */
export function countOnce(countedKey, id, count) {
  // Read, checked and written at once: localStorage is the one store every tab of the browser
  // sees, and a script's run is not interleaved with another's of the same page.
  const ids = countedIds(countedKey);
  if (ids.includes(id)) return null;
  const counted = count();
  if (counted === null) return null;
  localStorage.setItem(countedKey, JSON.stringify([...ids, id].slice(-COUNTED_KEPT)));
  return counted;
}

/** The statistics as an exported file's text. */
export const exportStats = (stats) => `${JSON.stringify(stats, null, 2)}\n`;

export const refuse = (message) => {
  throw new Error(message);
};

export const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** Every field of `object` is one of `fields`, and every one of them is there. */
export function exactly(object, fields, where) {
  for (const name of Object.keys(object)) {
    if (!fields.includes(name)) refuse(`${where}: unexpected field "${name.slice(0, 40)}" (expected ${fields.join(", ")})`);
  }
  for (const name of fields) {
    if (!(name in object)) refuse(`${where}: missing field "${name}"`);
  }
}
