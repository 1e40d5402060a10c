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
//   (the Russian Solitaire page's purse.js).

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
  let response;
  try {
    response = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      body,
      headers: body === undefined ? {} : { "Content-Type": "text/plain; charset=utf-8" },
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
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed;
}

/** `n` and `word`, made plural unless n is 1: `3 jumps`, `1 move`. */
export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

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
