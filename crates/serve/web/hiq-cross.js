// The Hi-Q page's cross: its 33 holes, numbered row by row as the rule book numbers them (the
// API's numbering), drawn as a grid of buttons and marked as the game shows them; the arrow keys
// that move the focus among them; and the holes and jumps written as the API and the address
// write them. It knows no rule: which peg may jump where is the server's.

import { el } from "/parlor.js";

export const CENTRE = 17;
/** Each row's first and last column on the 7 × 7 square around the cross. */
const ROWS = [[2, 4], [2, 4], [0, 6], [0, 6], [0, 6], [2, 4], [2, 4]];
/** The holes, numbered row by row as the rule book numbers them, each with its place. */
export const HOLES = ROWS.flatMap(([first, last], row) =>
  Array.from({ length: last - first + 1 }, (_, i) => ({ row, col: first + i })),
).map((place, i) => ({ number: i + 1, ...place }));
export const STANDARD = HOLES.map((h) => h.number).filter((n) => n !== CENTRE);

/** Peg holes as the API reads them, `10 12 17`; `0` for none. */
export const body = (pegs) => (pegs.length ? pegs.join(" ") : "0");
/** A line of jumps as the API and the address write it, each the hole a peg leaves, a dash and
 * the hole it lands in: `5-17,8-10`. */
export const written = (line, separator) => line.map((j) => `${j.from}-${j.to}`).join(separator);
export const sameHoles = (a, b) => a.length === b.length && a.every((h, i) => h === b[i]);

/** The hole a click or a pointer is on, or null. */
export const holeOf = (target) => Number(target?.closest?.(".hole")?.dataset.hole) || null;

/** Fills `cross` with a button a hole, hole `focus` the one Tab reaches; the buttons by hole. */
export function buildCross(cross, focus) {
  const buttons = [];
  for (const hole of HOLES) {
    const button = el(
      "button",
      { type: "button", class: "hole", "data-hole": hole.number },
      el("span", { class: "number", "aria-hidden": "true" }, String(hole.number)),
    );
    button.style.gridArea = `${hole.row + 1} / ${hole.col + 1}`;
    button.tabIndex = hole.number === focus ? 0 : -1;
    buttons[hole.number] = button;
    cross.append(button);
  }
  return buttons;
}

/**
 * Marks every hole's button as `shown` says: `pegs` (a Set of holes), the `selected` peg, the
 * `landing` holes of its jumps (a Map by hole), the `last` jump and the `hint`'s, and `focus`,
 * the hole Tab reaches; an `editing` cross marks no jump.
 */
export function markHoles(buttons, { pegs, selected, landing, last, hint, focus, editing }) {
  for (const { number } of HOLES) {
    const button = buttons[number];
    const peg = pegs.has(number);
    const picked = !editing && number === selected;
    const target = landing.has(number);
    button.classList.toggle("peg", peg);
    button.classList.toggle("selected", picked);
    button.classList.toggle("target", target);
    button.classList.toggle("last-to", last?.to === number);
    button.classList.toggle("last-over", last?.over === number);
    button.classList.toggle("hint-to", !editing && hint?.to === number);
    button.tabIndex = number === focus ? 0 : -1;
    let label = `hole ${number}, ${peg ? "peg" : "empty"}`;
    if (picked) label += ", selected";
    if (target) label += `, the peg in ${selected} can land here`;
    button.setAttribute("aria-label", label);
  }
}

const STEPS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

/** The hole the arrow key `key` moves the focus to from hole `from`: the nearest that way along
 * its row or column, or null past the edge; undefined for a key that is no arrow. */
export function nextHole(from, key) {
  const step = STEPS[key];
  if (!step) return undefined;
  const here = HOLES[from - 1];
  const [dr, dc] = step;
  // How far hole `h` lies that way along the focused hole's row or column (0: not that way).
  const ahead = (h) =>
    dr === 0
      ? (h.row === here.row ? (h.col - here.col) * dc : 0)
      : (h.col === here.col ? (h.row - here.row) * dr : 0);
  const next = HOLES.filter((h) => ahead(h) > 0).sort((a, b) => ahead(a) - ahead(b))[0];
  return next ? next.number : null;
}
