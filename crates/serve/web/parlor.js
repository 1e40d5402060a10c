// What every page shares: asking the server, building the page's elements, and holding the
// page's state. The pages compute no rule: every legal move, every position after a move, every
// verdict and every number of the rule book comes from the server, which asks the game crates.
//
// Every page holds its state one way:
// - one object, `state`, holds what the page shows and what it must remember; the page's
//   elements are drawn from it and never read back;
// - every change goes through `update(change)` (made by `holdState`): `change(state)`, then the
//   page's one `render()`, which draws the whole page from the state (touching only what
//   changed, so that it costs little after every change), then the address;
// - the address is read once, in the page's `fromAddress()` when it opens, and written in one
//   place, the page's `address(state)`, after every render; it gives null, leaving the address
//   as it is, while a replay plays or its slider is dragged (browsers throttle history updates
//   made at the pace of frames);
// - what a page keeps in the browser's storage is read and written in one module of its own
//   (the Russian Solitaire page's stats.js).

/**
 * The server's token, where it asks one (`parlor serve --bind`): the address it prints holds it
 * in its fragment (`/#token=…`), which the browser sends nowhere. The page keeps it for its tab
 * (`sessionStorage`, this origin's alone), takes it out of the address before the page reads
 * the address, and sends it with its own requests only (`api`). No cookie holds it: a browser
 * sends a cookie to every port of the host.
 */
const TOKEN_KEY = "parlor.token";
const token = (() => {
  const given = /^#token=([0-9a-f]{32})$/.exec(location.hash);
  let kept = null;
  try {
    if (given) sessionStorage.setItem(TOKEN_KEY, given[1]);
    kept = sessionStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage refused: the token serves this page alone.
  }
  if (given) history.replaceState(history.state, "", location.pathname + location.search);
  return kept || (given && given[1]);
})();

/** An answer the server refused, with its reader's message (and place, where it has one). */
export class ApiError extends Error {
  constructor(status, body) {
    super(body.error || `the server answered ${status}`);
    this.status = status;
    this.reason = body.reason || "network";
    this.line = body.line;
    this.column = body.column;
    this.parameter = body.parameter;
  }
}

/**
 * Asks the server. `body` (text) makes it a POST. Resolves to the answer's JSON, or to an array
 * of them when the server answers one JSON object a line; rejects with an ApiError.
 */
export async function api(path, body, options = {}) {
  const headers = body === undefined ? {} : { "Content-Type": "text/plain; charset=utf-8" };
  // To this server alone, whatever `path` names.
  if (token && new URL(path, location.href).origin === location.origin) {
    headers.Authorization = `Bearer ${token}`;
  }
  let response;
  try {
    response = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      body,
      headers,
      signal: options.signal,
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError(0, {
      error: "the server cannot be reached: is `parlor serve` still running?",
      reason: "network",
    });
  }
  const text = await response.text();
  const type = response.headers.get("Content-Type") || "";
  let parsed;
  try {
    parsed = type.includes("ndjson")
      ? text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l))
      : JSON.parse(text);
  } catch {
    throw new ApiError(response.status, { error: `the server's answer is not JSON (${response.status})` });
  }
  if (response.status === 401 && parsed.reason === "token") {
    // The page says where the token is.
    location.replace("/token");
  }
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed;
}

/** `n` and `word`, made plural unless n is 1: `3 jumps`, `1 move`, `8,344 cards`. */
export const plural = (n, word) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;

/** How long a celebration lasts, in ms; the sheet's `.celebration` animations fit in it. */
const CELEBRATION_MS = 1200;
/** The pieces of confetti a celebration throws. */
const PIECES = 18;

/**
 * A short celebration of a game won, over `element`, the verdict that says so: confetti thrown
 * from its middle and a pulse of the element, CSS animations of 1.2 s, then gone. None where
 * the player asked for reduced motion (`prefers-reduced-motion: reduce`). It never takes a
 * click or a key (`pointer-events: none`) and never moves the layout (a fixed layer over the
 * page). Returns the layer, which removes itself, or null when there is none.
 *
 * Call it once, at the moment the player sees the game end with a winner (a move, the clock or
 * a step reaching the end), not when a page opens on a game already over:
 *
 *     import { celebrate } from "/parlor.js";
 *     if (won && !wasWon) celebrate($("verdict"));
 */
export function celebrate(element) {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return null;
  const r = element.getBoundingClientRect();
  const layer = el("div", { class: "celebration", "aria-hidden": "true" });
  layer.style.left = `${r.left + r.width / 2}px`;
  layer.style.top = `${r.top + r.height / 2}px`;
  const reach = Math.max(80, Math.min(220, r.width));
  for (let i = 0; i < PIECES; i++) {
    const angle = (2 * Math.PI * (i + 0.5)) / PIECES;
    const far = reach * (0.6 + 0.4 * ((i * 7) % PIECES) / PIECES);
    const piece = el("span");
    piece.style.setProperty("--dx", `${(Math.cos(angle) * far).toFixed(0)}px`);
    piece.style.setProperty("--dy", `${(Math.sin(angle) * far * 0.7).toFixed(0)}px`);
    piece.style.setProperty("--hue", String((i * 47) % 360));
    layer.append(piece);
  }
  document.body.append(layer);
  element.classList.remove("celebrating");
  // A new pulse needs the class applied afresh to a laid-out element.
  void element.offsetWidth;
  element.classList.add("celebrating");
  setTimeout(() => {
    layer.remove();
    element.classList.remove("celebrating");
  }, CELEBRATION_MS);
  return layer;
}

/** The page's element with this id. */
export const $ = (id) => document.getElementById(id);

/** An element: `el("button", {class: "primary", onclick: f}, "Undo")`. */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? "" : value);
  }
  element.append(...children.flat().filter((c) => c !== undefined && c !== null && c !== false));
  return element;
}

/** Shows `text` in the element that holds a page's messages; `error` marks it as one. */
export function say(element, text, error = false) {
  element.textContent = text;
  element.classList.toggle("error", error);
}

/** Selects the character at `line` and `column` (from 1) of the text field `field`, where a
 * reader's message points, and gives it the focus. */
export function selectPlace(field, line, column) {
  const lines = field.value.split("\n");
  const at = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + column - 1;
  field.focus();
  field.setSelectionRange(at, Math.min(at + 1, field.value.length));
}

/**
 * Undo and redo by the keys of every page that has them: U or Ctrl+Z (⌘Z) undoes, R, Ctrl+Y or
 * Ctrl+Shift+Z redoes. Whether `event` was one of them; it is then handled.
 */
export function undoKeys(event, undo, redo) {
  if (event.altKey) return false;
  const key = event.key.toLowerCase();
  const command = event.ctrlKey || event.metaKey;
  if (command ? key === "z" && !event.shiftKey : key === "u") undo();
  else if (command ? key === "y" || key === "z" : key === "r") redo();
  else return false;
  event.preventDefault();
  return true;
}

/**
 * The page's `update(change)`: applies `change` (if any) to `state`, renders the page and
 * writes the query `address(state)` gives into the address (unless null).
 */
export function holdState(state, render, address) {
  return (change) => {
    change?.(state);
    render();
    const query = address(state);
    if (query) setQuery(query);
  };
}

/** The page's state in its URL (replaced, so that Back leaves the page rather than undoing). */
function setQuery(values) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== "") params.set(name, value);
  }
  const query = params.toString();
  const url = location.pathname + (query ? `?${query}` : "");
  if (url !== location.pathname + location.search) history.replaceState(null, "", url);
}

/** The page's URL query as an object. */
export function getQuery() {
  return Object.fromEntries(new URLSearchParams(location.search));
}

/**
 * Fills a statistics panel's row of buttons (`#stats-buttons`): Export, Import… (through a
 * hidden file input) and Reset, each calling the page's own `exportFile`, `importFile(file)` and
 * `reset`.
 */
export function statsButtons({ exportFile, importFile, reset }) {
  const file = el("input", {
    type: "file",
    id: "import-file",
    accept: "application/json,.json",
    hidden: true,
    onchange: (event) => {
      const [chosen] = event.target.files;
      event.target.value = "";
      if (chosen) importFile(chosen);
    },
  });
  $("stats-buttons").replaceChildren(
    el("button", { type: "button", id: "export-stats", onclick: exportFile }, "Export"),
    el("button", { type: "button", id: "import-stats", onclick: () => file.click() }, "Import…"),
    file,
    el("button", { type: "button", id: "reset-stats", onclick: reset }, "Reset"),
  );
}
