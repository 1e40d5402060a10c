// What every page shares: asking the server, and building the page's elements. The pages
// compute no rule: every legal move, every position after a move and every verdict comes from
// the server, which asks the game crates.

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

/** The page's state in its URL (replaced, so that Back leaves the page rather than undoing). */
export function setQuery(values) {
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
