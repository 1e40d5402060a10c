// The Russian Solitaire page. The page keeps only the game's name and its line of moves; the
// server replays them for every request, so every legal move, every position, every automatic
// foundation move and every verdict is the game crate's, and the casino's terms (what a game
// costs, what each score nets, what the house expects to take) are the server's too. The page
// never shows a face-down card but when the player asks to peek (or lets the clairvoyant play),
// and then says so; autoplay's answer carries the deal, as `parlor russian play --json` does,
// and the page reads only its moves. The table is drawn by russian-table.js, the hint and the
// peek by russian-solvers.js, and the statistics by russian-statistics.js.

import { $, api, el, say, holdState, getQuery, plural, undoKeys } from "/parlor.js";
import { face } from "/cards.js";
import { draggable } from "/drag.js";
import { emptyStats, readOpen } from "/stats.js";
import { drawTable, isPlayerMove } from "/russian-table.js";
import { solvers } from "/russian-solvers.js";
import { statistics } from "/russian-statistics.js";

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
  open: readOpen(), // the game being played: see russian-statistics.js's `follow`
  fresh: false, // the position being fetched begins a new game: a deal opened, or started over
  arriving: true, // the position being fetched is the one the address named when the page opened
  resetArmed: null, // the timer within which a second click on Reset empties the statistics
  pane: "solvers", // the tab shown beside the game: "solvers" or "stats"
};

/** The address: the game and its line. */
function address(s) {
  return s.game && { [s.game.kind]: s.game.number, moves: s.line.join(",") };
}

const update = holdState(state, render, address);
const record = statistics(state, update, message);
const solver = solvers(state, update, record.mark);

// ---------- the game, its line, and the server ----------

const written = (move) => `${move.card}-${move.to}`;

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
  record.follow(view);
  for (const kind of ["hint", "peek"]) {
    if ($(`${kind}-always`).checked && view.legal.length) solver.ask(kind);
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
  record.beforeEnding("Start over", () => change((s) => {
    s.redo = [...s.redo, ...s.line.toReversed()];
    s.line = [];
    s.fresh = true;
  }));
}

/** Opens `game`, once the player says so where that ends a game played; `label` names it so. */
function openGame(game, label) {
  stopAutoplay();
  record.beforeEnding(label, async () => {
    if (await change((s) => Object.assign(s, { game, line: [], redo: [], fresh: true }))) syncChooser(game);
  });
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
const drawn = { view: null, casino: null };

function render() {
  felt.setAttribute("aria-busy", String(busy()));
  renderPanes();
  renderCasino();
  record.render();
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
  renderMarks();
  solver.render();
}

const PANES = ["solvers", "stats"];

/** The tab chosen beside the game, and its pane. */
function renderPanes() {
  for (const pane of PANES) {
    const tab = $(`tab-${pane}`);
    tab.setAttribute("aria-selected", String(state.pane === pane));
    tab.tabIndex = state.pane === pane ? 0 : -1;
    $(`pane-${pane}`).hidden = state.pane !== pane;
  }
}

function showPane(pane) {
  update((s) => {
    s.pane = pane;
  });
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
    const answer = solver.current(kind) && state[kind].answer;
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
  if (event.target.closest?.("input, select, textarea, dialog") || !state.view) return;
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
    solver.ask("hint");
  }
});

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
      record.mark(strategy === "clairvoyant" ? "peeked" : "autoplay");
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

// ---------- the casino's terms ----------

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
  const game = { kind: $("kind").value, number: $("number").value.trim() };
  openGame(game, `Open ${game.kind === "deal" ? "deal" : "PySolFC game"} ${game.number}`);
});
$("random").addEventListener("click", () => openGame(randomDeal(), "New random deal"));
for (const pane of PANES) $(`tab-${pane}`).addEventListener("click", () => showPane(pane));
// The tabs' keys: the arrows go from one to the next, as a tab list's do.
$("tab-solvers").parentElement.addEventListener("keydown", (event) => {
  const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
  if (!step) return;
  const pane = PANES[(PANES.indexOf(state.pane) + step + PANES.length) % PANES.length];
  showPane(pane);
  $(`tab-${pane}`).focus();
});
// On a phone the panes are below the table: one tap shows the statistics and goes to them.
$("show-stats").addEventListener("click", () => {
  showPane("stats");
  const tab = $("tab-stats");
  const top = tab.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight / 3) tab.scrollIntoView({ block: "start" });
  tab.focus({ preventScroll: true });
});
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("restart").addEventListener("click", restart);
$("autoplay").addEventListener("click", () => (state.autoplay ? stopAutoplay() : autoplay()));
$("strategy").addEventListener("change", () => update());

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
    record.read(casino);
    update((s) => {
      s.casino = casino;
    });
  } catch (error) {
    felt.setAttribute("aria-busy", "false");
    say(message, error.message, true);
    return;
  }
  fromAddress();
}

start();
