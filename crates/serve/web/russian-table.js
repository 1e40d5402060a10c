// The Russian Solitaire page's table, drawn from the server's answer for a position (`GET
// /api/russian/game`): the score and the money, the foundations, the columns with their
// face-down cards as backs, and the moves made.

import { $, el, plural } from "/parlor.js";
import { SUITS, cardBack, cardElement, cardName, face } from "/cards.js";

const FACE_DOWN = "[?]";

/** A move or an automatic event (a card sent up, a card turned) as the moves list writes it. */
export function describe(move) {
  switch (move.kind) {
    case "column": return [cardName(move.card), ` from ${move.from} to ${move.to}`];
    case "king": return ["king ", cardName(move.card), ` from ${move.from} to ${move.to}`];
    case "foundation": return [cardName(move.card), ` to foundation from ${move.from}`];
    default: return ["turned ", cardName(move.card), ` in ${move.column}`];
  }
}

/** A move the player makes, as against what the game does by itself. */
export const isPlayerMove = (move) => move.kind === "column" || move.kind === "king";

/** Money as the page writes it: `+$20`, `−$35`, `$0`, cents where there are any. */
export function dollars(amount) {
  const digits = Number.isInteger(amount) ? Math.abs(amount) : Math.abs(amount).toFixed(2);
  return amount < 0 ? `−$${digits}` : amount > 0 ? `+$${digits}` : "$0";
}

/** The class that colours an amount as won or lost. */
const sign = (amount) => `money ${amount < 0 ? "minus" : amount > 0 ? "plus" : ""}`;

/** An amount of money in running text. */
export const money = (amount) => el("span", { class: sign(amount) }, dollars(amount));

/** Draws the position `view`, whose game was staked `stake` dollars. */
export function drawTable(view, stake) {
  $("score").textContent = view.score;
  const shown = $("money");
  shown.textContent = `${dollars(view.net)} ($${stake} paid, $${view.net + stake} back)`;
  shown.className = sign(view.net);
  const played = plural(view.moves.filter(isPlayerMove).length, "move");
  $("status").textContent = view.legal.length
    ? `${played} · ${view.unseen} face down`
    : view.score === 52 ? `${played} · won: every card is up!` : `${played} · game over: no move is left`;
  $("status").classList.toggle("over", !view.legal.length);
  renderFoundations(view);
  renderColumns(view);
  const log = $("log");
  log.replaceChildren(...view.moves.map((move) => el("li", { class: isPlayerMove(move) ? null : "auto" }, describe(move))));
  log.scrollTop = log.scrollHeight;
}

function renderFoundations(view) {
  const piles = Object.entries(SUITS).map(([letter, suit]) => {
    const top = view.foundations.find((card) => card[0] === letter);
    return top
      ? el("div", { class: "pile", role: "img", "aria-label": `${suit.name} foundation, up to the ${face(top).name}` }, cardElement(top))
      : el("div", { class: "pile", role: "img", "aria-label": `${suit.name} foundation, empty` }, suit.symbol);
  });
  $("foundations").replaceChildren(...piles, el("div", { class: "label" }, `${view.score} up`, el("br"), `${view.unseen} face down`));
}

function renderColumns(view) {
  const movable = new Set(view.legal.map((move) => move.card));
  $("columns").replaceChildren(...view.columns.map((cards, index) => {
    const number = index + 1;
    const down = cards.filter((card) => card === FACE_DOWN).length;
    const up = cards.length - down;
    const column = el("div", {
      class: cards.length ? "column" : "column empty",
      role: "group",
      tabindex: "-1",
      "aria-label": `Column ${number}: ${cards.length ? `${down} face down, ${up} face up` : "empty"}`,
      dataset: { column: number },
    });
    // The cards' places are drawn by the sheet from their counts; CSSOM, because the page's
    // Content-Security-Policy forbids style attributes.
    column.style.setProperty("--d", down);
    column.style.setProperty("--u", Math.max(0, up - 1));
    cards.forEach((code, k) => {
      const card = code === FACE_DOWN
        ? cardBack("face-down card")
        : movable.has(code)
          ? cardElement(code, { button: true, label: `${face(code).name}, column ${number}`, classes: "movable" })
          : cardElement(code);
      card.style.setProperty("--d", Math.min(k, down));
      card.style.setProperty("--u", Math.max(0, k - down));
      column.append(card);
    });
    return column;
  }));
}

