// The Russian Solitaire page's solvers: the fair hint (the planner, from the table as the player
// sees it) and the peek (the exact solver, every card known), asked of the server for the
// position shown, and drawn in their panels in the words of `parlor russian hint`. An answer
// about a position left since is dropped.

import { $, api, el, plural } from "/parlor.js";
import { describe, dollars } from "/russian-table.js";

const sameMove = (a, b) => a.card === b.card && a.to === b.to;

/** The kinds of answer, each with its button, its "after every move" box and its panel. */
const KINDS = ["hint", "peek"];

/** The fair hint in plain words, the CLI's (`parlor russian hint`): a tie named as one. */
function hintWords(answer) {
  const mean = answer.moves.find((row) => sameMove(row.move, answer.fair)).mean.toFixed(3);
  const layouts = answer.unseen
    ? `On average over ${plural(answer.samples, "layout")} the planner imagines for the ${plural(answer.unseen, "face-down card")}`
    : "With no card face down";
  if (answer.ties > 1) {
    return [
      el("div", { class: "headline" }, `${answer.ties} moves tie; the planner picks `, describe(answer.fair)),
      el("div", { class: "small" }, `${layouts}, the best play after each gets ${mean} cards up; greedy's rule of thumb (turn a card, free a column) breaks the tie.`),
    ];
  }
  const only = answer.moves.length === 1;
  return [
    el("div", { class: "headline" }, only ? "The only move: " : "Fair move: ", describe(answer.fair)),
    el("div", { class: "small" }, `${layouts}, the best play after it gets ${mean} cards up${only ? "" : ", more than after any other move"}.`),
  ];
}

/**
 * The solvers of the page whose state is `state` (its `view`, `viewKey` and `viewQuery`, the
 * `casino`, and the answers `hint` and `peek` with the requests `asking` for them), changed
 * through `update`; `mark(help)` marks the game being played as helped, as a peek does. Returns
 * `ask(kind)`, which asks for a hint or a peek, `current(kind)`, whether its answer is for the
 * position shown, and `render()`, which draws both panels.
 */
export function solvers(state, update, mark) {
  const current = (kind) => state[kind] !== null && state[kind].key === state.viewKey;
  /** What each panel last drew, so that a render redraws only what changed. */
  const drawn = { hint: null, peek: null, why: null };

  /** Asks the fair planner (from the table as the player sees it) or peeks (from the whole game). */
  async function ask(kind) {
    const view = state.view;
    if (!view?.legal.length) return;
    if (kind === "peek") mark("peeked");
    const key = state.viewKey;
    const asking = new AbortController();
    update((s) => {
      s.asking[kind]?.abort();
      s.asking[kind] = asking;
    });
    const answered = (result) => update((s) => {
      s[kind] = { key, ...result };
      s.asking[kind] = null;
    });
    try {
      answered({
        answer: kind === "hint"
          ? await api("/api/russian/hint", view.table, { signal: asking.signal })
          : await api(`/api/russian/peek?${state.viewQuery}`, undefined, { signal: asking.signal }),
      });
    } catch (error) {
      if (error.name !== "AbortError" && state.asking[kind] === asking) answered({ error: error.message });
    }
  }

  const resting = {
    hint: [...$("hint-verdict").childNodes].map((node) => node.cloneNode(true)),
    peek: [...$("peek-verdict").childNodes].map((node) => node.cloneNode(true)),
  };

  /** The verdict box and the values table of the hint or the peek: thinking, the answer or
   *  refusal for the position shown, or their resting text. */
  function renderVerdict(kind) {
    const over = !state.view.legal.length;
    const now = state.asking[kind] ? "thinking" : current(kind) ? state[kind] : over ? "over" : "resting";
    if (drawn[kind] === now) return;
    drawn[kind] = now;
    const verdict = $(`${kind}-verdict`);
    const table = $(`${kind}-values`);
    table.hidden = true;
    if (typeof now === "string") {
      verdict.className = now === "thinking" ? "verdict thinking" : "verdict";
      verdict.replaceChildren(...(now === "over" ? [el("div", { class: "headline" }, "No move is left: the game is over.")] : resting[kind].map((node) => node.cloneNode(true))));
      if (now === "thinking") verdict.querySelector(".headline").textContent = kind === "hint" ? "The planner is thinking…" : "The exact solver is looking…";
      return;
    }
    if (now.error) {
      verdict.className = "verdict lost";
      verdict.replaceChildren(el("div", { class: "headline" }, "No answer"), el("div", { class: "small" }, now.error));
      return;
    }
    const answer = now.answer;
    if (kind === "hint") {
      verdict.className = "verdict";
      verdict.replaceChildren(...hintWords(answer));
    } else {
      const gain = answer.maximum - answer.score;
      verdict.className = `verdict ${answer.won ? "won" : gain === 0 ? "lost" : ""}`;
      verdict.replaceChildren(
        el("div", { class: "headline" }, el("span", { class: "eye" }), "At most ", el("span", { class: "maximum" }, String(answer.maximum)), ` cards: ${dollars(state.casino.net[answer.maximum])}`),
        el("div", { class: "small" }, gain ? `${gain} more can go up; the first move of a way there: ` : "No more card can go up, however the game goes on; one move: ", describe(answer.keep)),
      );
    }
    const chosen = kind === "hint" ? answer.fair : answer.keep;
    table.tBodies[0].replaceChildren(...answer.moves.map((row) => el("tr", { class: sameMove(row.move, chosen) ? "chosen" : null },
      el("td", {}, describe(row.move)),
      el("td", { class: "number" }, kind === "hint" ? row.mean.toFixed(3) : String(row.max)),
    )));
    table.hidden = false;
  }

  /** One sentence beside the peek on why its maximum and the fair planner's figure differ (or
   *  that they agree), once both are in for the position shown. */
  function renderWhy() {
    const hint = current("hint") && state.hint.answer;
    const peek = current("peek") && state.peek.answer;
    const now = hint && peek ? `${state.viewKey}` : null;
    if (drawn.why === now) return;
    drawn.why = now;
    const why = $("peek-why");
    why.hidden = !now;
    if (!now) return;
    const mean = hint.moves.find((row) => sameMove(row.move, hint.fair)).mean.toFixed(3);
    // Compared as shown: a player reads the two figures, not what lies past their last digit.
    why.textContent = peek.maximum === Number(mean)
      ? `Peeking and the planner agree: ${peek.maximum} cards.`
      : peek.maximum > Number(mean)
      ? `Why ${peek.maximum} and not the planner's ${mean}: the planner cannot see the face-down cards, so it must pick one move for all ${hint.samples} layouts it imagines, while peeking knows the real one and plays to it.`
      : `Why ${peek.maximum}, below the planner's ${mean}: this deal's real face-down cards lie worse than the ${hint.samples} layouts the planner imagines do on average, and peeking plays the real ones.`;
  }

  function render() {
    for (const kind of KINDS) $(kind).disabled = !state.view.legal.length;
    renderVerdict("hint");
    renderVerdict("peek");
    renderWhy();
  }

  for (const kind of KINDS) {
    $(kind).addEventListener("click", () => ask(kind));
    $(`${kind}-always`).addEventListener("change", (event) => {
      if (event.target.checked && !current(kind)) ask(kind);
    });
  }
  return { ask, current, render };
}
