// Playing cards as the pages draw them (Russian Solitaire's table, Speed's felt). A card is
// written as the crates write it, its suit then its rank: `SQ`, `HX` (the ten of hearts).

import { el } from "/parlor.js";

/** The suits by letter, clubs to spades (the order of Russian Solitaire's foundations). */
export const SUITS = {
  C: { symbol: "♣", name: "clubs" },
  D: { symbol: "♦", name: "diamonds" },
  H: { symbol: "♥", name: "hearts" },
  S: { symbol: "♠", name: "spades" },
};

const RANKS = {
  A: ["A", "ace"], 2: ["2", "two"], 3: ["3", "three"], 4: ["4", "four"], 5: ["5", "five"],
  6: ["6", "six"], 7: ["7", "seven"], 8: ["8", "eight"], 9: ["9", "nine"], X: ["10", "ten"],
  J: ["J", "jack"], Q: ["Q", "queen"], K: ["K", "king"],
};

/** How a card reads: `10♥`, its suit's name and symbol, and its name, `ten of hearts`. */
export function face(code) {
  const suit = SUITS[code[0]];
  const [rank, rankName] = RANKS[code[1]];
  return { text: rank + suit.symbol, suit: suit.name, symbol: suit.symbol, name: `${rankName} of ${suit.name}` };
}

/** A card's name in running text, in its suit's colour. */
export function cardName(code) {
  const { text, suit } = face(code);
  return el("span", { class: `cardname ${suit}` }, text);
}

/**
 * A face-up card: its corner and its pip. A button when `button` (it leads a move), an image
 * otherwise; `label` is what a screen reader says (the card's name unless given), `classes`
 * what the page marks it with.
 */
export function cardElement(code, { button = false, label, classes = "" } = {}) {
  const { text, suit, symbol, name } = face(code);
  return el(
    button ? "button" : "div",
    {
      type: button ? "button" : null,
      class: `card ${suit} ${classes}`.trim(),
      role: button ? null : "img",
      "aria-label": label ?? name,
      dataset: { card: code },
    },
    el("span", { class: "corner", "aria-hidden": "true" }, text),
    el("span", { class: "pip", "aria-hidden": "true" }, symbol),
  );
}

/** A card face down, or a deck of them, as `label` says. */
export function cardBack(label) {
  return el("div", { class: "card down", role: "img", "aria-label": label });
}
