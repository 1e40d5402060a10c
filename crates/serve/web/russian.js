// The Russian Solitaire page. The page keeps only the game's name and its line of moves; the
// server replays them for every request, so every legal move, every position, every automatic
// foundation move and every verdict is the game crate's. The page never shows a face-down card
// but when the player asks to peek (or lets the clairvoyant play), and then says so; autoplay's
// answer carries the deal, as `parlor russian play --json` does, and the page reads only its moves.

import { $, api, el, say, setQuery, getQuery } from "/parlor.js";

const SUITS = {
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
const FACE_DOWN = "[?]";

// The house's expected take quoted beside the ledger: docs/russian.md, "The planner, on as many
// deals as its cost allows" — the planner (30 samples), the best fair strategy measured, scores
// 5.360 ± 0.070 over deals 0 to 99,999. The stake and the pay are the rule book's casino.
const STAKE = 55;
const PAY = 5;
const FAIR_MEAN = 5.36;
const HOUSE_TAKE = STAKE - PAY * FAIR_MEAN;

const LEDGER_KEY = "parlor.russian.ledger";

const felt = $("felt");
const columnsBox = $("columns");
const message = $("message");

const state = {
  game: null, // { kind: "deal" | "pysol", number: "1" }, the number kept as typed: deals go to 2^64 − 1
  line: [], // the player's moves as the server writes them: "SQ-1"
  redo: [], // moves undone; the next to redo is the last
  view: null, // the server's answer for the game and line shown
  viewKey: null, // the game and line of `view`: answers about another position are dropped
  viewQuery: null, // the query naming the game and line of `view`, for the solvers
  selected: null, // the card picked up, "SQ"
  loading: null, // the AbortController of the position being fetched
  sequence: 0,
  hint: null, // { key, answer }
  peek: null,
  asking: { hint: null, peek: null }, // AbortControllers of the solvers' requests
  autoplay: null,
};

// ---------- cards and moves as the player reads them ----------

function face(code) {
  const suit = SUITS[code[0]];
  const [rank, rankName] = RANKS[code[1]];
  return { text: rank + suit.symbol, suit: suit.name, symbol: suit.symbol, name: `${rankName} of ${suit.name}` };
}

function cardName(code) {
  const { text, suit } = face(code);
  return el("span", { class: `cardname ${suit}` }, text);
}

function describe(move) {
  switch (move.kind) {
    case "column": return [cardName(move.card), ` from ${move.from} to ${move.to}`];
    case "king": return ["king ", cardName(move.card), ` from ${move.from} to ${move.to}`];
    case "foundation": return [cardName(move.card), ` to foundation from ${move.from}`];
    default: return ["turned ", cardName(move.card), ` in ${move.column}`];
  }
}

const isPlayerMove = (move) => move.kind === "column" || move.kind === "king";
const written = (move) => `${move.card}-${move.to}`;
const sameMove = (a, b) => a.card === b.card && a.to === b.to;

function dollars(amount) {
  const digits = Number.isInteger(amount) ? Math.abs(amount) : Math.abs(amount).toFixed(2);
  return amount < 0 ? `−$${digits}` : amount > 0 ? `+$${digits}` : "$0";
}

// ---------- the game, its line, and the URL ----------

function gameParams() {
  const params = new URLSearchParams({ [state.game.kind]: state.game.number });
  if (state.line.length) params.set("moves", state.line.join(","));
  return params;
}

const positionKey = () => `${state.game.kind}=${state.game.number} ${state.line.join(",")}`;

const busy = () => state.loading !== null;

/**
 * Fetches and draws the position of the game and line now in `state`. Resolves to true once it
 * is drawn, to false when a newer position overtook it; rejects with the server's refusal,
 * leaving the drawn position as it was.
 */
async function show() {
  const sequence = ++state.sequence;
  state.loading?.abort();
  const loading = new AbortController();
  state.loading = loading;
  felt.setAttribute("aria-busy", "true");
  setQuery({ [state.game.kind]: state.game.number, moves: state.line.join(",") });
  try {
    const view = await api(`/api/russian/game?${gameParams()}`, undefined, { signal: loading.signal });
    if (sequence !== state.sequence) return false;
    apply(view);
    return true;
  } catch (error) {
    if (sequence !== state.sequence) return false;
    throw error;
  } finally {
    if (sequence === state.sequence) {
      state.loading = null;
      felt.setAttribute("aria-busy", "false");
    }
  }
}

/** Makes a change to the game or its line and shows it; puts everything back if the server refuses. */
async function change(update) {
  const before = { game: state.game, line: state.line, redo: state.redo };
  update();
  try {
    const shown = await show();
    if (shown) say(message, "");
    return shown;
  } catch (error) {
    Object.assign(state, before);
    if (state.game) setQuery({ [state.game.kind]: state.game.number, moves: state.line.join(",") });
    say(message, error.message, true);
    return false;
  }
}

function play(card, to) {
  const move = `${card}-${to}`;
  return change(() => {
    state.line = [...state.line, move];
    // Redoing by hand keeps the rest of what was undone.
    state.redo = state.redo.at(-1) === move ? state.redo.slice(0, -1) : [];
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
  change(() => {
    state[to] = [...state[to], state[from].at(-1)];
    state[from] = state[from].slice(0, -1);
  });
}

function restart() {
  if (!state.line.length) return;
  stopAutoplay();
  change(() => {
    state.redo = [...state.redo, ...state.line.toReversed()];
    state.line = [];
  });
}

async function openGame(game) {
  stopAutoplay();
  if (await change(() => { state.game = game; state.line = []; state.redo = []; })) syncChooser();
}

function syncChooser() {
  $("kind").value = state.game.kind;
  $("number").value = state.game.number;
}

function randomDeal() {
  return { kind: "deal", number: String(crypto.getRandomValues(new Uint32Array(1))[0]) };
}

// ---------- drawing ----------

function apply(view) {
  const hadFocus = felt.contains(document.activeElement) ? document.activeElement : null;
  state.view = view;
  state.viewKey = positionKey();
  state.viewQuery = gameParams();
  state.selected = null;
  for (const kind of ["hint", "peek"]) {
    state.asking[kind]?.abort();
    state.asking[kind] = null;
  }
  render();
  restoreFocus(hadFocus);
  if (!view.legal.length) record(view);
  for (const kind of ["hint", "peek"]) {
    if ($(`${kind}-always`).checked && view.legal.length) ask(kind);
    else showVerdict(kind);
  }
}

function render() {
  const view = state.view;
  $("score").textContent = view.score;
  const money = $("money");
  money.textContent = `${dollars(view.net)} ($${STAKE} paid, $${view.net + STAKE} back)`;
  money.className = `money ${view.net < 0 ? "minus" : view.net > 0 ? "plus" : ""}`;
  const played = `${state.line.length} ${state.line.length === 1 ? "move" : "moves"}`;
  $("status").textContent = view.legal.length
    ? `${played} · ${view.unseen} face down`
    : view.score === 52 ? `${played} · won: every card is up!` : `${played} · game over: no move is left`;
  $("status").classList.toggle("over", !view.legal.length);

  renderFoundations(view);
  renderColumns(view);
  renderLog(view.moves);

  $("undo").disabled = !state.line.length;
  $("restart").disabled = !state.line.length;
  $("redo").disabled = !state.redo.length;
  for (const id of ["hint", "peek"]) $(id).disabled = !view.legal.length;
  renderAutoplay();
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
  columnsBox.replaceChildren(...view.columns.map((cards, index) => {
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
        ? el("div", { class: "card down", role: "img", "aria-label": "face-down card" })
        : cardElement(code, movable.has(code) ? number : null);
      card.style.setProperty("--d", Math.min(k, down));
      card.style.setProperty("--u", Math.max(0, k - down));
      column.append(card);
    });
    return column;
  }));
  applyMarks();
}

/** A face-up card; a button when it leads a legal move from column `from`. */
function cardElement(code, from = null) {
  const { text, suit, symbol, name } = face(code);
  const parts = [el("span", { class: "corner", "aria-hidden": "true" }, text), el("span", { class: "pip", "aria-hidden": "true" }, symbol)];
  if (from === null) return el("div", { class: `card ${suit}`, role: "img", "aria-label": name, dataset: { card: code } }, ...parts);
  return el("button", { type: "button", class: `card ${suit} movable`, "aria-label": `${name}, column ${from}`, dataset: { card: code } }, ...parts);
}

function renderLog(moves) {
  const log = $("log");
  log.replaceChildren(...moves.map((move) => el("li", { class: isPlayerMove(move) ? null : "auto" }, describe(move))));
  log.scrollTop = log.scrollHeight;
}

/** The selection, the hint and the peek drawn on the table. */
function applyMarks() {
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
    const move = current(kind) && (kind === "hint" ? state.hint.answer.fair : state.peek.answer.keep);
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
  state.selected = card;
  applyMarks();
  const targets = destinations(card);
  const places = targets.length === 1 ? `column ${targets[0]}` : `columns ${targets.join(" or ")}`;
  say(message, `${face(card).text} can go to ${places}: ${HOW[how]}.`);
  if (how === "keyboard") columnsBox.querySelector(".column.destination")?.focus();
}

function cancel() {
  if (!state.selected) return;
  const card = state.selected;
  state.selected = null;
  applyMarks();
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
  if (drag.justEnded || busy() || !state.view) return;
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

// Dragging: the card and every card covering it follow the pointer; the column under it when
// the pointer is let go is the destination.
const drag = { active: null, justEnded: false };

felt.addEventListener("pointerdown", (event) => {
  const card = event.target.closest(".card.movable");
  if (!card || event.button !== 0 || busy()) return;
  const box = card.getBoundingClientRect();
  drag.active = {
    card,
    code: card.dataset.card,
    pointer: event.pointerId,
    x: event.clientX,
    y: event.clientY,
    dx: event.clientX - box.left,
    dy: event.clientY - box.top,
    stack: null,
  };
  card.setPointerCapture(event.pointerId);
});

felt.addEventListener("pointermove", (event) => {
  const active = drag.active;
  if (!active || event.pointerId !== active.pointer) return;
  if (!active.card.isConnected) {
    // The table was redrawn under the pointer (autoplay's last step): this drag is over.
    endDrag();
    return;
  }
  if (!active.stack) {
    if (Math.hypot(event.clientX - active.x, event.clientY - active.y) < 6) return;
    stopAutoplay();
    lift(active);
  }
  // Placed within the felt, which gives the cards their size.
  const origin = felt.getBoundingClientRect();
  active.stack.style.left = `${event.clientX - active.dx - origin.left}px`;
  active.stack.style.top = `${event.clientY - active.dy - origin.top}px`;
  const over = columnAt(event.clientX, event.clientY);
  for (const column of columnsBox.children) column.classList.toggle("over", column === over);
});

felt.addEventListener("pointerup", (event) => {
  const active = drag.active;
  if (!active || event.pointerId !== active.pointer) return;
  const over = columnAt(event.clientX, event.clientY);
  endDrag();
  if (!active.stack) return; // not moved: a click, which the click handler takes
  // The click that follows this pointerup, in the same task, is the drop's, not a pick.
  drag.justEnded = true;
  setTimeout(() => { drag.justEnded = false; });
  if (over?.classList.contains("destination")) play(active.code, Number(over.dataset.column));
  else cancel();
});

felt.addEventListener("pointercancel", () => {
  if (drag.active?.stack) cancel();
  endDrag();
});
felt.addEventListener("lostpointercapture", () => {
  if (drag.active?.stack) cancel();
  endDrag();
});

function lift(active) {
  const cards = [...active.card.closest(".column").querySelectorAll(".card")];
  const moving = cards.slice(cards.indexOf(active.card));
  active.stack = el("div", { class: "drag-stack", inert: true, "aria-hidden": "true" });
  moving.forEach((card, i) => {
    const copy = card.cloneNode(true);
    copy.classList.remove("selected", "hinted", "peeked");
    copy.style.setProperty("--d", 0);
    copy.style.setProperty("--u", i);
    active.stack.append(copy);
    card.classList.add("lifted");
  });
  felt.append(active.stack);
  select(active.code, "drag");
}

function endDrag() {
  const active = drag.active;
  drag.active = null;
  if (!active?.stack) return;
  active.stack.remove();
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
    if (drag.active) endDrag();
    const card = cancel();
    if (card) columnsBox.querySelector(`.card.movable[data-card="${card}"]`)?.focus();
    else stopAutoplay();
    return;
  }
  if (event.ctrlKey || event.metaKey) {
    if (event.altKey) return;
    const lower = key.toLowerCase();
    if (lower === "z" || lower === "y") {
      event.preventDefault();
      if (lower === "z" && !event.shiftKey) undo();
      else redo();
    }
    return;
  }
  if (event.altKey) return;
  if (state.selected && key >= "1" && key <= "7") {
    event.preventDefault();
    if (!busy()) dropOn(Number(key));
  } else if ((key === "Enter" || key === " ") && event.target.classList?.contains("column")) {
    event.preventDefault();
    if (state.selected && !busy()) dropOn(Number(event.target.dataset.column));
  } else if (key === "u" || key === "U") {
    undo();
  } else if (key === "r" || key === "R") {
    redo();
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
  const key = state.viewKey;
  state.asking[kind]?.abort();
  const asking = new AbortController();
  state.asking[kind] = asking;
  const verdict = $(`${kind}-verdict`);
  verdict.className = "verdict thinking";
  verdict.querySelector(".headline").textContent = kind === "hint" ? "The planner is thinking…" : "The exact solver is looking…";
  try {
    const answer = kind === "hint"
      ? await api("/api/russian/hint", view.table, { signal: asking.signal })
      : await api(`/api/russian/peek?${state.viewQuery}`, undefined, { signal: asking.signal });
    if (key !== state.viewKey) return;
    state[kind] = { key, answer };
    showVerdict(kind);
    applyMarks();
  } catch (error) {
    if (error.name === "AbortError" || key !== state.viewKey) return;
    verdict.className = "verdict lost";
    verdict.replaceChildren(el("div", { class: "headline" }, "No answer"), el("div", { class: "small" }, error.message));
  } finally {
    if (state.asking[kind] === asking) state.asking[kind] = null;
  }
}

/** The verdict box and the values table of the hint or the peek, or their resting text. */
function showVerdict(kind) {
  const verdict = $(`${kind}-verdict`);
  const table = $(`${kind}-values`);
  if (!current(kind)) {
    verdict.className = "verdict";
    const over = state.view && !state.view.legal.length;
    verdict.replaceChildren(...(over ? [el("div", { class: "headline" }, "No move is left: the game is over.")] : resting[kind].map((node) => node.cloneNode(true))));
    table.hidden = true;
    return;
  }
  const answer = state[kind].answer;
  if (kind === "hint") {
    verdict.className = "verdict";
    verdict.replaceChildren(
      el("div", { class: "headline" }, "Fair move: ", describe(answer.fair)),
      el("div", { class: "small" }, `The planner's highest mean maximum over ${answer.samples} layouts of the ${answer.unseen} unseen cards, which it shuffles without looking.`),
    );
  } else {
    const gain = answer.maximum - answer.score;
    verdict.className = `verdict ${answer.maximum === 52 ? "won" : gain === 0 ? "lost" : ""}`;
    verdict.replaceChildren(
      el("div", { class: "headline" }, el("span", { class: "eye" }), "At most ", el("span", { class: "maximum" }, String(answer.maximum)), ` cards: ${dollars(PAY * answer.maximum - STAKE)}`),
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

const resting = {
  hint: [...$("hint-verdict").childNodes].map((node) => node.cloneNode(true)),
  peek: [...$("peek-verdict").childNodes].map((node) => node.cloneNode(true)),
};

// ---------- autoplay ----------

/** Lets `strategy` play the rest: the server plays it out at once, the page shows it move by move. */
async function autoplay() {
  const view = state.view;
  if (!view?.legal.length || busy()) return;
  const strategy = $("strategy").value;
  const run = { stopped: false, controller: new AbortController(), timer: null, wake: null };
  state.autoplay = run;
  renderAutoplay();
  const status = $("autoplay-status");
  status.textContent = `${strategy} is thinking…`;
  try {
    const answer = await api(`/api/russian/play?${state.viewQuery}&strategy=${strategy}`, undefined, { signal: run.controller.signal });
    const rest = answer.moves.slice(view.moves.length).filter(isPlayerMove);
    for (const [i, move] of rest.entries()) {
      await new Promise((resolve) => {
        run.wake = resolve;
        run.timer = setTimeout(resolve, Number($("pace").value));
      });
      if (run.stopped) return;
      status.textContent = `${strategy}: move ${i + 1} of ${rest.length}`;
      const shown = await change(() => {
        state.line = [...state.line, written(move)];
        state.redo = [];
      });
      if (!shown || run.stopped) return;
    }
    status.textContent = `${strategy} played ${rest.length} ${rest.length === 1 ? "move" : "moves"} and scored ${answer.score}`;
  } catch (error) {
    if (error.name === "AbortError" || run.stopped) return;
    status.textContent = "";
    say(message, error.message, true);
  } finally {
    if (state.autoplay === run) {
      state.autoplay = null;
      renderAutoplay();
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
  state.autoplay = null;
  $("autoplay-status").textContent = "stopped";
  renderAutoplay();
}

function renderAutoplay() {
  const button = $("autoplay");
  button.textContent = state.autoplay ? "Stop" : "Play the rest";
  button.disabled = !state.autoplay && !state.view?.legal.length;
  $("strategy").disabled = Boolean(state.autoplay);
  $("clairvoyant-note").hidden = $("strategy").value !== "clairvoyant";
}

// ---------- the ledger ----------

function readLedger() {
  try {
    const ledger = JSON.parse(localStorage.getItem(LEDGER_KEY));
    if (ledger && typeof ledger.games === "object" && ledger.games !== null) return ledger;
  } catch {
    // Storage refused or a ledger not written by this page: start a new one.
  }
  return { games: {} };
}

function record(view) {
  const ledger = readLedger();
  const key = state.viewKey;
  if (key in ledger.games) return;
  ledger.games[key] = { score: view.score, net: view.net };
  try {
    localStorage.setItem(LEDGER_KEY, JSON.stringify(ledger));
  } catch {
    say(message, "The browser keeps no storage for this page: the ledger cannot record the game.", true);
  }
  renderLedger();
}

function renderLedger() {
  const games = Object.values(readLedger().games);
  const count = games.length;
  const score = games.reduce((sum, game) => sum + game.score, 0);
  const net = games.reduce((sum, game) => sum + game.net, 0);
  const expected = -HOUSE_TAKE * count;
  const row = (term, ...value) => [el("dt", {}, term), el("dd", {}, ...value)];
  const money = (amount) => el("span", { class: `money ${amount < 0 ? "minus" : amount > 0 ? "plus" : ""}` }, dollars(amount));
  $("ledger").replaceChildren(
    ...row("Games", el("span", { id: "ledger-count" }, String(count))),
    ...row("Mean score", el("span", { id: "ledger-mean" }, count ? (score / count).toFixed(2) : "–"), " cards"),
    ...row("Your money", el("span", { id: "ledger-net" }, money(net)), " in all"),
    ...row("Expected", money(Math.round(expected * 100) / 100), `: the house takes $${HOUSE_TAKE.toFixed(2)} a game`),
    ...row("Difference", money(Math.round((net - expected) * 100) / 100), net >= expected ? " better than expected" : " worse than expected"),
  );
  $("reset-ledger").disabled = count === 0;
}

let resetArmed = null;

function resetLedger() {
  const button = $("reset-ledger");
  if (!resetArmed) {
    // One click could wipe a long record: a second one within a few seconds confirms.
    button.textContent = "Click again to erase the ledger";
    resetArmed = setTimeout(disarmReset, 4000);
    return;
  }
  disarmReset();
  try {
    localStorage.removeItem(LEDGER_KEY);
  } catch {
    // Nothing was stored.
  }
  renderLedger();
}

function disarmReset() {
  clearTimeout(resetArmed);
  resetArmed = null;
  $("reset-ledger").textContent = "Reset ledger";
}

// ---------- the page ----------

$("colnums").replaceChildren(...[1, 2, 3, 4, 5, 6, 7].map((n) => el("span", {}, String(n))));
$("ledger-source").textContent = `The expectation is the house's take from a player as good as parlor's planner, the best fair strategy measured: $${STAKE} − $${PAY} × ${FAIR_MEAN.toFixed(3)} cards = $${HOUSE_TAKE.toFixed(2)} a game (its mean score over deals 0 to 99,999, docs/russian.md).`;

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
$("strategy").addEventListener("change", renderAutoplay);
$("reset-ledger").addEventListener("click", resetLedger);
window.addEventListener("storage", (event) => {
  if (event.key === LEDGER_KEY || event.key === null) renderLedger();
});

async function start() {
  renderLedger();
  const query = getQuery();
  state.game = query.pysol !== undefined ? { kind: "pysol", number: query.pysol }
    : query.deal !== undefined ? { kind: "deal", number: query.deal }
      : randomDeal();
  state.line = (query.moves ?? "").split(",").filter((move) => move !== "");
  syncChooser();
  try {
    await show();
  } catch (error) {
    if (error.parameter === "moves" && error.column) {
      // Show the game as far as its line makes sense, and say where it stopped.
      const kept = state.line.join(",").slice(0, error.column - 1).split(",").slice(0, -1);
      await change(() => { state.line = kept; });
      say(message, `The link's moves stop after move ${kept.length}: ${error.message}`, true);
    } else {
      felt.setAttribute("aria-busy", "false");
      say(message, error.message, true);
      $("number").focus();
    }
  }
}

start();
