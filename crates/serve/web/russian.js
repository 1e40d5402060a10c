// The Russian Solitaire page. The page keeps only the game's name and its line of moves; the
// server replays them for every request, so every legal move, every position, every automatic
// foundation move and every verdict is the game crate's, and the casino's terms (what a game
// costs, what each score nets, what the house expects to take) are the server's too. The page
// never shows a face-down card but when the player asks to peek (or lets the clairvoyant play),
// and then says so; autoplay's answer carries the deal, as `parlor russian play --json` does,
// and the page reads only its moves.

import { $, api, el, say, holdState, getQuery, plural, undoKeys, celebrate } from "/parlor.js";
import { face } from "/cards.js";
import { draggable } from "/drag.js";
import { MAX_FILE_BYTES, ROWS, countGame, dropFormerPurse, emptyStats, exportStats, importStats, keepOpen, readOpen, readStats, resetStats, rowOf, watchStats } from "/stats.js";
import { describe, dollars, drawTable, isPlayerMove, money } from "/russian-table.js";

const felt = $("felt");
const columnsBox = $("columns");
const message = $("message");

const state = {
  casino: null, // the casino's terms, `GET /api/russian/casino`
  game: null, // { kind: "deal" | "pysol", number: "1" }, the number kept as typed: deals go to 2^64 − 1
  line: [], // the player's moves as the server writes them: "SQ-1"
  redo: [], // moves undone; the next to redo is the last
  view: null, // the server's answer for the game and line shown
  viewKey: null, // the game and line of `view`: answers about another position are dropped
  viewQuery: null, // the query naming the game and line of `view`, for the solvers
  selected: null, // the card picked up, "SQ"
  loading: null, // the AbortController of the position being fetched
  hint: null, // { key, answer } or { key, error }
  peek: null,
  asking: { hint: null, peek: null }, // AbortControllers of the solvers' requests
  autoplay: null,
  stats: emptyStats(), // read once the casino says how many cards a game has
  open: readOpen(), // the game being played: see `follow`
  fresh: false, // the position being fetched begins a new game: a deal opened, or started over
  resetArmed: null, // the timer within which a second click on Reset empties the statistics
};

/** The address: the game and its line. */
function address(s) {
  return s.game && { [s.game.kind]: s.game.number, moves: s.line.join(",") };
}

const update = holdState(state, render, address);

// ---------- the game, its line, and the server ----------

const written = (move) => `${move.card}-${move.to}`;
const sameMove = (a, b) => a.card === b.card && a.to === b.to;

function gameParams() {
  const params = new URLSearchParams({ [state.game.kind]: state.game.number });
  if (state.line.length) params.set("moves", state.line.join(","));
  return params;
}

const positionKey = () => `${state.game.kind}=${state.game.number} ${state.line.join(",")}`;

const busy = () => state.loading !== null;

/**
 * Changes the game or its line by `edit` and shows the position it leads to. Resolves to true
 * once it is drawn, to false when a newer position overtook it; rejects with the server's
 * refusal, leaving the drawn position as it was.
 */
async function show(edit) {
  const loading = new AbortController();
  update((s) => {
    edit(s);
    s.loading?.abort();
    s.loading = loading;
  });
  const query = gameParams();
  try {
    const view = await api(`/api/russian/game?${query}`, undefined, { signal: loading.signal });
    if (state.loading !== loading) return false;
    apply(view, query);
    return true;
  } catch (error) {
    if (state.loading !== loading) return false;
    update((s) => {
      s.loading = null;
    });
    throw error;
  }
}

/** Makes `edit` to the game or its line and shows it; puts everything back if the server refuses. */
async function change(edit) {
  const before = { game: state.game, line: state.line, redo: state.redo, fresh: state.fresh };
  // Cleared before, not after: what the position shown says of itself (a win) stays.
  say(message, "");
  try {
    return await show(edit);
  } catch (error) {
    update((s) => Object.assign(s, before));
    say(message, error.message, true);
    return false;
  }
}

/** Takes the server's answer for the position `query` names as the one shown. */
function apply(view, query) {
  const hadFocus = felt.contains(document.activeElement) ? document.activeElement : null;
  update((s) => {
    Object.assign(s, { view, viewKey: positionKey(), viewQuery: query, selected: null, loading: null });
    for (const kind of ["hint", "peek"]) {
      s.asking[kind]?.abort();
      s.asking[kind] = null;
    }
  });
  restoreFocus(hadFocus);
  follow(view);
  for (const kind of ["hint", "peek"]) {
    if ($(`${kind}-always`).checked && view.legal.length) ask(kind);
  }
}

function play(card, to) {
  const move = `${card}-${to}`;
  return change((s) => {
    s.line = [...s.line, move];
    // Redoing by hand keeps the rest of what was undone.
    s.redo = s.redo.at(-1) === move ? s.redo.slice(0, -1) : [];
  });
}

function undo() {
  moveLast("line", "redo");
}

function redo() {
  moveLast("redo", "line");
}

/** Undo or redo: the last move of the list `from` goes to the end of the list `to`. */
function moveLast(from, to) {
  if (!state[from].length) return;
  stopAutoplay();
  change((s) => {
    s[to] = [...s[to], s[from].at(-1)];
    s[from] = s[from].slice(0, -1);
  });
}

function restart() {
  if (!state.line.length) return;
  stopAutoplay();
  change((s) => {
    s.redo = [...s.redo, ...s.line.toReversed()];
    s.line = [];
    s.fresh = true;
  });
}

async function openGame(game) {
  stopAutoplay();
  if (await change((s) => Object.assign(s, { game, line: [], redo: [], fresh: true }))) syncChooser(game);
}

function syncChooser(game) {
  $("kind").value = game.kind;
  $("number").value = game.number;
}

function randomDeal() {
  return { kind: "deal", number: String(crypto.getRandomValues(new Uint32Array(1))[0]) };
}

// ---------- drawing ----------

/** What is drawn, so that a render redraws only what changed. */
const drawn = { view: null, casino: null, stats: null, statsDeal: null, hint: null, peek: null, why: null };

function render() {
  felt.setAttribute("aria-busy", String(busy()));
  renderCasino();
  renderStats();
  $("stats-linked").hidden = !state.open?.linked;
  renderAutoplay();
  const view = state.view;
  if (!view) return;
  if (drawn.view !== view) {
    drawn.view = view;
    drawTable(view, state.casino.stake);
  }
  $("undo").disabled = !state.line.length;
  $("restart").disabled = !state.line.length;
  $("redo").disabled = !state.redo.length;
  for (const id of ["hint", "peek"]) $(id).disabled = !view.legal.length;
  renderMarks();
  renderVerdict("hint");
  renderVerdict("peek");
  renderWhy();
}

/** The selection, the hint and the peek drawn on the table. */
function renderMarks() {
  const cards = [...columnsBox.querySelectorAll(".card.movable")];
  const columns = [...columnsBox.querySelectorAll(".column")];
  const numbers = [...$("colnums").children];
  const targets = state.selected ? destinations(state.selected) : [];
  for (const card of cards) card.classList.toggle("selected", card.dataset.card === state.selected);
  columns.forEach((column, i) => {
    const target = targets.includes(i + 1);
    column.classList.toggle("destination", target);
    column.tabIndex = target ? 0 : -1;
  });
  for (const kind of ["hint", "peek"]) {
    const answer = current(kind) && state[kind].answer;
    const move = answer && (kind === "hint" ? answer.fair : answer.keep);
    const mark = kind === "hint" ? "hinted" : "peeked";
    for (const card of cards) card.classList.toggle(mark, Boolean(move) && card.dataset.card === move.card);
    numbers.forEach((number, i) => number.classList.toggle(`${kind}-to`, Boolean(move) && move.to === i + 1));
  }
}

function restoreFocus(previous) {
  if (!previous) return;
  const code = previous.dataset?.card;
  const again = code && columnsBox.querySelector(`.card.movable[data-card="${code}"]`);
  const next = again || columnsBox.querySelector(".card.movable") || $("undo");
  next.focus();
}

// ---------- picking up and putting down ----------

function destinations(card) {
  return state.view.legal.filter((move) => move.card === card).map((move) => move.to);
}

const HOW = {
  click: "click it, or the card again",
  drag: "drop it there",
  keyboard: "Enter or the number puts it there, Esc cancels",
};

/** Picks up `card`; `how` ("click", "drag" or "keyboard") is how the player will put it down. */
function select(card, how) {
  update((s) => {
    s.selected = card;
  });
  const targets = destinations(card);
  const places = targets.length === 1 ? `column ${targets[0]}` : `columns ${targets.join(" or ")}`;
  say(message, `${face(card).text} can go to ${places}: ${HOW[how]}.`);
  if (how === "keyboard") columnsBox.querySelector(".column.destination")?.focus();
}

/** Puts the card picked up back; the card, if there was one. */
function cancel() {
  const card = state.selected;
  if (!card) return null;
  update((s) => {
    s.selected = null;
  });
  say(message, "");
  return card;
}

function dropOn(to) {
  const card = state.selected;
  if (!destinations(card).includes(to)) {
    say(message, `${face(card).text} cannot go to column ${to}.`, true);
    return;
  }
  play(card, to);
}

felt.addEventListener("click", (event) => {
  if (busy() || !state.view) return;
  stopAutoplay();
  const column = event.target.closest(".column");
  if (state.selected && column?.classList.contains("destination")) {
    play(state.selected, Number(column.dataset.column));
    return;
  }
  const card = event.target.closest(".card.movable");
  if (!card) {
    cancel();
    return;
  }
  const code = card.dataset.card;
  if (code !== state.selected) {
    // A click from the keyboard has no detail: its user needs the focus on the destinations.
    select(code, event.detail === 0 ? "keyboard" : "click");
    return;
  }
  play(code, destinations(code)[0]);
});

// Dragging: the card and every card covering it follow the pointer, held where it was pressed;
// the column under the pointer when it is let go is the destination. The stack that follows
// the pointer is the drag's own drawing.
let lifted = null;
const dragging = draggable(felt, {
  grab(event) {
    const card = event.target.closest(".card.movable");
    if (!card || busy()) return null;
    const box = card.getBoundingClientRect();
    lifted = { dx: event.clientX - box.left, dy: event.clientY - box.top, stack: null };
    return card;
  },
  lift(card) {
    stopAutoplay();
    const cards = [...card.closest(".column").querySelectorAll(".card")];
    lifted.stack = el("div", { class: "drag-stack", inert: true, "aria-hidden": "true" });
    cards.slice(cards.indexOf(card)).forEach((moving, i) => {
      const copy = moving.cloneNode(true);
      copy.classList.remove("selected", "hinted", "peeked");
      copy.style.setProperty("--d", 0);
      copy.style.setProperty("--u", i);
      lifted.stack.append(copy);
      moving.classList.add("lifted");
    });
    felt.append(lifted.stack);
    select(card.dataset.card, "drag");
  },
  follow(_, event) {
    // Placed within the felt, which gives the cards their size.
    const origin = felt.getBoundingClientRect();
    lifted.stack.style.left = `${event.clientX - lifted.dx - origin.left}px`;
    lifted.stack.style.top = `${event.clientY - lifted.dy - origin.top}px`;
    const over = columnAt(event.clientX, event.clientY);
    for (const column of columnsBox.children) column.classList.toggle("over", column === over);
  },
  drop(card, event) {
    const over = columnAt(event.clientX, event.clientY);
    putDown();
    if (over?.classList.contains("destination")) play(card.dataset.card, Number(over.dataset.column));
    else cancel();
  },
  abandon() {
    putDown();
    cancel();
  },
});

function putDown() {
  lifted?.stack?.remove();
  lifted = null;
  for (const card of columnsBox.querySelectorAll(".lifted")) card.classList.remove("lifted");
  for (const column of columnsBox.children) column.classList.remove("over");
}

function columnAt(x, y) {
  return document.elementFromPoint(x, y)?.closest(".column") ?? null;
}

document.addEventListener("keydown", (event) => {
  if (event.target.closest?.("input, select, textarea") || !state.view) return;
  const key = event.key;
  if (key === "Escape") {
    const card = state.selected;
    dragging.cancel();
    cancel();
    if (card) columnsBox.querySelector(`.card.movable[data-card="${card}"]`)?.focus();
    else stopAutoplay();
    return;
  }
  if (undoKeys(event, undo, redo) || event.ctrlKey || event.metaKey || event.altKey) return;
  if (state.selected && key >= "1" && key <= "7") {
    event.preventDefault();
    if (!busy()) dropOn(Number(key));
  } else if ((key === "Enter" || key === " ") && event.target.classList?.contains("column")) {
    event.preventDefault();
    if (state.selected && !busy()) dropOn(Number(event.target.dataset.column));
  } else if ((key === "h" || key === "H") && !$("hint").disabled) {
    ask("hint");
  }
});

// ---------- the solvers: the fair hint, and the peek ----------

const current = (kind) => state[kind] !== null && state[kind].key === state.viewKey;

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

/** One sentence beside the peek on why its maximum and the fair planner's figure differ, once
 *  both are in for the position shown. */
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
  why.textContent = peek.maximum >= Number(mean)
    ? `Why ${peek.maximum} and not the planner's ${mean}: the planner cannot see the face-down cards, so it must pick one move for all ${hint.samples} layouts it imagines, while peeking knows the real one and plays to it.`
    : `Why ${peek.maximum}, below the planner's ${mean}: this deal's real face-down cards lie worse than the ${hint.samples} layouts the planner imagines do on average, and peeking plays the real ones.`;
}

// ---------- autoplay ----------

/** Lets `strategy` play the rest: the server plays it out at once, the page shows it move by move. */
async function autoplay() {
  const view = state.view;
  if (!view?.legal.length || busy()) return;
  const strategy = $("strategy").value;
  const run = { stopped: false, controller: new AbortController(), timer: null, wake: null };
  update((s) => {
    s.autoplay = run;
  });
  const status = $("autoplay-status");
  say(status, `${strategy} is thinking…`);
  try {
    const answer = await api(`/api/russian/play?${state.viewQuery}&strategy=${strategy}`, undefined, { signal: run.controller.signal });
    const rest = answer.moves.slice(view.moves.length).filter(isPlayerMove);
    for (const [i, move] of rest.entries()) {
      await new Promise((resolve) => {
        run.wake = resolve;
        run.timer = setTimeout(resolve, Number($("pace").value));
      });
      if (run.stopped) return;
      mark(strategy === "clairvoyant" ? "peeked" : "autoplay");
      say(status, `${strategy}: move ${i + 1} of ${rest.length}`);
      const shown = await change((s) => {
        s.line = [...s.line, written(move)];
        s.redo = [];
      });
      if (!shown || run.stopped) return;
    }
    say(status, `${strategy} played ${plural(rest.length, "move")} and scored ${answer.score}`);
  } catch (error) {
    if (error.name === "AbortError" || run.stopped) return;
    say(status, "");
    say(message, error.message, true);
  } finally {
    if (state.autoplay === run) {
      update((s) => {
        s.autoplay = null;
      });
    }
  }
}

function stopAutoplay() {
  const run = state.autoplay;
  if (!run) return;
  run.stopped = true;
  run.controller.abort();
  clearTimeout(run.timer);
  run.wake?.();
  say($("autoplay-status"), "stopped");
  update((s) => {
    s.autoplay = null;
  });
}

function renderAutoplay() {
  const button = $("autoplay");
  button.textContent = state.autoplay ? "Stop" : "Play the rest";
  button.disabled = !state.autoplay && !state.view?.legal.length;
  $("strategy").disabled = Boolean(state.autoplay);
  $("clairvoyant-note").hidden = $("strategy").value !== "clairvoyant";
}

// ---------- the statistics and the casino's terms ----------

const dealOf = (game) => `${game.kind}=${game.number}`;

/**
 * The game being played follows the position shown: a deal opened, or started over, ends the
 * game before it at its score and begins another; a game ends, and is counted, once — when no
 * move is left, or when another begins — and only if a move was made in it. A game a link
 * opened partway through was not played here, and is never counted.
 */
function follow(view) {
  const deal = dealOf(state.game);
  let open = state.open;
  if (state.fresh || open?.deal !== deal) {
    if (open) end(open);
    open = { deal, score: 0, won: false, net: 0, played: false, peeked: false, autoplay: false, counted: false, linked: state.line.length > 0 };
  }
  open = { ...open, score: view.score, won: view.won, net: view.net, played: open.played || state.line.length > 0 };
  if (!view.legal.length && !open.counted) {
    open = end({ ...open, played: true });
    // The one place a game is seen to end won.
    if (open.won) {
      // A game a link opened already won was not won here: no celebration.
      if (open.counted) celebrate(message);
      say(message, open.counted
        ? `Won: every card is up (${dollars(open.net)}), counted in the ${ROW_NAMES[rowOf(open)]} column.`
        : `Won: every card is up (${dollars(open.net)}); a game opened partway through is not counted.`);
    }
  }
  keepOpen(open);
  update((s) => {
    s.open = open;
    s.fresh = false;
  });
}

/** Counts the game `open` if it was played and is not counted yet; the game, counted. */
function end(open) {
  if (!open.played || open.counted || open.linked) return open;
  try {
    const stats = countGame(open, state.casino.pack);
    update((s) => {
      s.stats = stats;
    });
  } catch {
    say($("stats-message"), "The browser keeps no storage for this page: the game cannot be counted.", true);
  }
  return { ...open, counted: true };
}

/** Marks the game being played as helped: `peeked` or `autoplay`. */
function mark(help) {
  if (!state.open || state.open[help]) return;
  const open = { ...state.open, [help]: true };
  keepOpen(open);
  update((s) => {
    s.open = open;
  });
}

const ROW_NAMES = { player: "You", autoplay: "Autoplay", peeking: "Peeking" };

/** A share as a percentage, or a dash for none of none. */
const percent = (part, whole) => (whole ? `${(100 * part / whole).toFixed(1)}%` : "–");

function renderStats() {
  const house = state.casino?.house_profit;
  $("reset-stats").textContent = state.resetArmed ? "Click again to reset" : "Reset";
  const deal = state.game && dealOf(state.game);
  if (house === undefined || (drawn.stats === state.stats && drawn.statsDeal === deal)) return;
  drawn.stats = state.stats;
  drawn.statsDeal = deal;
  const rows = ROWS.map((row) => state.stats[row]);
  const line = (term, cell, id) => el("tr", {}, el("th", { scope: "row" }, term),
    ...rows.map((row, i) => el("td", { class: "number", id: id && `${id}-${ROWS[i]}` }, cell(row))));
  $("stats").tBodies[0].replaceChildren(
    line("Games played", (r) => String(r.played), "stats-played"),
    line("Won", (r) => String(r.won), "stats-won"),
    line("Win rate", (r) => percent(r.won, r.played)),
    line("Mean score", (r) => (r.played ? (r.cards / r.played).toFixed(2) : "–"), "stats-mean"),
    line("Money", (r) => money(r.net), "stats-net"),
    line("Expected money", (r) => money(-Math.round(house * r.played * 100) / 100), "stats-expected"),
    line("Best streak", (r) => String(r.best_streak)),
    line("Current streak", (r) => String(r.streak)),
    line("Best on this deal", (r) => (deal in r.best ? String(r.best[deal]) : "–"), "stats-deal"),
  );
  const deals = [...new Set(rows.flatMap((row) => Object.keys(row.best)))].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  $("deals").querySelector("tbody").replaceChildren(...deals.map((name) => el("tr", { class: name === deal ? "chosen" : null },
    el("th", { scope: "row" }, name.replace("=", " ")),
    ...rows.map((row) => el("td", { class: "number" }, name in row.best ? String(row.best[name]) : "–")))));
  $("deals").hidden = !deals.length;
  const played = rows.reduce((sum, row) => sum + row.played, 0);
  $("reset-stats").disabled = played === 0;
  $("export-stats").disabled = played === 0;
}

function resetStatsTwice() {
  clearTimeout(state.resetArmed);
  if (state.resetArmed) {
    update((s) => {
      s.resetArmed = null;
      s.stats = resetStats();
    });
    say($("stats-message"), "The statistics are reset.");
    return;
  }
  // One click could wipe a long record: a second one within a few seconds confirms.
  update((s) => {
    s.resetArmed = setTimeout(() => update((later) => {
      later.resetArmed = null;
    }), 4000);
  });
}

function exportFile() {
  const href = `data:application/json;charset=utf-8,${encodeURIComponent(exportStats(state.stats))}`;
  el("a", { href, download: "parlor-russian-stats.json" }).click();
}

async function importFile(file) {
  const said = $("stats-message");
  try {
    if (file.size > MAX_FILE_BYTES) throw new Error(`expected a file of statistics, at most ${MAX_FILE_BYTES} bytes; this one has ${file.size}`);
    const stats = importStats(await file.text(), state.casino.pack);
    update((s) => {
      s.stats = stats;
    });
    say(said, `Imported ${file.name}: ${plural(ROWS.reduce((sum, row) => sum + stats[row].played, 0), "game")}.`);
  } catch (error) {
    say(said, `${file.name} is refused, the statistics are as they were: ${error.message}.`, true);
  }
}

/** The sentences that quote the casino's terms, once they are in. */
function renderCasino() {
  const casino = state.casino;
  if (!casino || drawn.casino === casino) return;
  drawn.casino = casino;
  const { pack, stake, pay_per_card: pay, planner_mean: mean, house_profit: house } = casino;
  $("pack").textContent = pack;
  $("terms").textContent = `You pay $${stake} and get $${pay} a card.`;
  $("stats-source").textContent = `Expected money: the casino's expected take, $${house.toFixed(2)} a game, from a player as good as parlor's planner, the best fair strategy measured: $${stake} − $${pay} × ${mean.toFixed(3)} cards (its mean score over deals 0 to 99,999, docs/russian-etude.md).`;
}

// ---------- the page ----------

$("colnums").replaceChildren(...[1, 2, 3, 4, 5, 6, 7].map((n) => el("span", {}, String(n))));

$("choose").addEventListener("submit", (event) => {
  event.preventDefault();
  openGame({ kind: $("kind").value, number: $("number").value.trim() });
});
$("random").addEventListener("click", () => openGame(randomDeal()));
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("restart").addEventListener("click", restart);
$("hint").addEventListener("click", () => ask("hint"));
$("peek").addEventListener("click", () => ask("peek"));
for (const kind of ["hint", "peek"]) {
  $(`${kind}-always`).addEventListener("change", (event) => {
    if (event.target.checked && !current(kind)) ask(kind);
  });
}
$("autoplay").addEventListener("click", () => (state.autoplay ? stopAutoplay() : autoplay()));
$("strategy").addEventListener("change", () => update());
$("reset-stats").addEventListener("click", resetStatsTwice);
$("export-stats").addEventListener("click", exportFile);
$("import-stats").addEventListener("click", () => $("import-file").click());
$("import-file").addEventListener("change", (event) => {
  const [file] = event.target.files;
  event.target.value = "";
  if (file) importFile(file);
});
{
  const former = dropFormerPurse();
  if (former !== null) {
    say($("stats-message"), `The purse kept before (${former} counted) was not carried over: it could not tell your games from autoplay's or peeking's, and counted a deal once for every way it ended.`);
  }
}

/** The game the address names (a random deal if none), as far as its line makes sense. */
async function fromAddress() {
  const query = getQuery();
  const game = query.pysol !== undefined ? { kind: "pysol", number: query.pysol }
    : query.deal !== undefined ? { kind: "deal", number: query.deal }
      : randomDeal();
  const line = (query.moves ?? "").split(",").filter((move) => move !== "");
  syncChooser(game);
  try {
    await show((s) => Object.assign(s, { game, line }));
  } catch (error) {
    if (error.parameter === "moves" && error.column) {
      // Show the game as far as its line makes sense, and say where it stopped.
      const kept = line.join(",").slice(0, error.column - 1).split(",").slice(0, -1);
      await change((s) => {
        s.line = kept;
      });
      say(message, `The link's moves stop after move ${kept.length}: ${error.message}`, true);
    } else {
      say(message, error.message, true);
      $("number").focus();
    }
  }
}

async function start() {
  try {
    const casino = await api("/api/russian/casino");
    update((s) => {
      s.casino = casino;
      s.stats = readStats(casino.pack);
    });
    watchStats(casino.pack, (stats) => update((s) => {
      s.stats = stats;
    }));
  } catch (error) {
    felt.setAttribute("aria-busy", "false");
    say(message, error.message, true);
    return;
  }
  fromAddress();
}

start();
