// The Hi-Q page: the 33-hole cross played by click, drag or keyboard, with an exact verdict after
// every jump and while the start is edited, a one-jump hint, and the jump that lost the goal
// marked. The page keeps what was played and draws it; every legal jump, every position a line of
// jumps leads to, every verdict, hint and losing jump, de Bruijn's class and the contest player's
// jumps come from the server. The cross is drawn by hiq-cross.js, the verdict asked and worded by
// hiq-verdict.js, and the forms of a new game read by hiq-start.js.
//
// The address holds the game, so that a link or a reload brings it back. Each parameter may be
// left out, and then takes its default:
//   pegs=10+12+17+19+25  the start: its peg holes, numbered as the rule book numbers them
//                        (0: the empty board). Default: the standard start, every hole but 17.
//   line=5-17+8-10       the jumps played from the start, each written as the hole a peg leaves,
//                        a dash and the hole it lands in, as `parlor` writes a line.
//   goal=any|centre|9    where the last peg must stand. Default: the centre from the standard
//                        start, anywhere from any other (as `parlor hiq solve`).
//   edit=1               the start is being edited; pegs are the pegs placed so far.
// For example /hiq?line=5-17+8-10 or /hiq?pegs=10+12+17+19+25&line=12-26&goal=centre.

import { $, api, el, say, holdState, getQuery, plural, undoKeys, celebrate } from "/parlor.js";
import { draggable } from "/drag.js";
import { CENTRE, HOLES, STANDARD, body, buildCross, holeOf, markHoles, nextHole, sameHoles, written } from "/hiq-cross.js";
import { ask as askSolver, keepBoard, key, knownBoard, known, lookAhead, losingJump, single } from "/hiq-verdict.js";
import { startForms } from "/hiq-start.js";

/** Milliseconds between the jumps of a line being shown. */
const PACE = 600;

const cross = $("cross");
const goalChoice = $("goal");
const message = $("message");
const startMessage = $("start-message");

const state = {
  /** The start's peg holes, ascending, as the server read them. */
  start: STANDARD,
  /** The jumps played: {from, over, to, by}, `by` being "you", "solver" or "contest". */
  line: [],
  /** The jumps undone, the next to redo last. */
  redo: [],
  goal: "centre",
  /** The goal the start is solved for unless one is asked, as the server says. */
  defaultGoal: "centre",
  /** The pegs where the line ends, and the jumps legal there, as the server gave them. */
  pegs: new Set(),
  legal: [],
  selected: null,
  /** The hole that Tab reaches in the board (one hole only, so that arrows move within it). */
  focus: 1,
  /** The pegs placed so far while the start is edited, otherwise null. */
  editing: null,
  /** The holes a single last peg may stand in, by de Bruijn's class of the pegs placed, as the
   * server gave them while the start is edited. */
  classHoles: null,
  /** The jump a hint showed, until the position changes. */
  hint: null,
  /** The line being shown jump by jump: {by, done, total, stopped, wake}. */
  run: null,
  /** What the verdict box says: {kind, headline, detail}. */
  verdict: { kind: "thinking", headline: "Thinking…", detail: [] },
};

/** The address: the game, or the start being edited. */
function address(s) {
  if (s.editing) return { edit: 1, pegs: body([...s.editing].sort((a, b) => a - b)) };
  return {
    pegs: sameHoles(s.start, STANDARD) ? null : body(s.start),
    line: written(s.line, " "),
    goal: s.goal === s.defaultGoal ? null : s.goal,
  };
}

const update = holdState(state, render, address);

/** Has the verdict box say what the solver says of the position in `s`, asking it if need be,
 * and asks for the positions one jump ahead. */
const ask = (s) => {
  askSolver(s, update);
  lookAhead(s);
};

// The board's actions run one after another, each on the position the previous one left: a
// click made while the server still answers the last one waits for it rather than acting on
// the position before.
let queue = Promise.resolve();
function act(task) {
  queue = queue.then(task).then(
    () => true,
    (error) => {
      say(message, error.message, true);
      return false;
    },
  );
  return queue;
}

const boardPath = (line) => `/api/hiq/board?line=${encodeURIComponent(line)}`;

/** The jumps legal from the selected peg, by landing hole. */
function targets() {
  return new Map(state.legal.filter((j) => j.from === state.selected).map((j) => [j.to, j]));
}

const buttons = buildCross(cross, state.focus);
for (const { number } of HOLES.filter((h) => h.number !== CENTRE)) {
  goalChoice.append(el("option", { value: number }, `a single peg in hole ${number}`));
}

/** Takes the server's answer for `line` played from `start` as the game, with what `also` sets
 * (a new game's goal). */
function commit(answer, line, redo, also = {}) {
  keepBoard(answer);
  update((s) => {
    // A new game takes the goal its start is solved for unless one is asked.
    const goal = also.goal === DEFAULT ? answer.default_goal : (also.goal ?? s.goal);
    Object.assign(s, also, {
      goal,
      defaultGoal: answer.default_goal,
      start: answer.pegs,
      line,
      redo,
      pegs: new Set(answer.remaining),
      legal: answer.legal,
      selected: null,
      hint: null,
    });
    ask(s);
  });
}

/** Plays `line` from `start` and shows where it leads: in the same frame where the server told
 * it already (one jump ahead of a position shown, or shown before), once it answers otherwise. */
async function go(start, line, redo = [], also = {}) {
  const answer = knownBoard(start, line) ?? (await api(boardPath(written(line, ",")), body(start)));
  commit(answer, line, redo, also);
}

/** Makes `move`, one of the server's legal jumps; made by `by`. Redoing by hand what was undone
 * keeps the rest to redo. */
function jump(move, by) {
  const next = state.redo.at(-1);
  const again = next && next.from === move.from && next.to === move.to;
  const redo = again ? state.redo.slice(0, -1) : [];
  const made = { ...move, by };
  jumpedHere.add(made);
  return go(state.start, [...state.line, made], redo);
}

/** The jumps made on this page since it opened, not read from its address: a game is celebrated
 * only when the player's own jump here won it. */
const jumpedHere = new WeakSet();
/** The position last celebrated, so that an answer drawn again does not celebrate again. */
let celebrated = null;

function undo() {
  stop();
  act(() => {
    if (state.editing || state.line.length === 0) return;
    say(message, "");
    return go(state.start, state.line.slice(0, -1), [...state.redo, state.line.at(-1)]);
  });
}

function redo() {
  stop();
  act(() => {
    if (state.editing || state.redo.length === 0) return;
    say(message, "");
    return go(state.start, [...state.line, state.redo.at(-1)], state.redo.slice(0, -1));
  });
}

/** What a new game's goal is asked as when it is the one its start is solved for unless one is
 * asked: the server says which (`default_goal`). */
const DEFAULT = Symbol("the start's default goal");

/** Starts a new game from `start`, with the goal that start is solved for by default. */
async function begin(start) {
  stop();
  say(message, "");
  say(startMessage, "");
  await go(start, [], [], { editing: null, goal: DEFAULT });
}

/** The verdict box drawn, so that an answer redraws it once. */
let shownVerdict = null;

function render() {
  board();
  controls();
  goalChoice.value = state.goal;
  if (shownVerdict !== state.verdict) {
    shownVerdict = state.verdict;
    const { kind, headline, detail } = state.verdict;
    $("verdict").className = `verdict hiq-verdict ${kind}`.trim();
    $("headline").textContent = headline;
    $("detail").replaceChildren(...detail);
    const last = state.line.at(-1);
    if (state.verdict.won && last?.by === "you" && jumpedHere.has(last) && celebrated !== key(state)) {
      celebrated = key(state);
      celebrate($("verdict"));
    }
  }
}

function board() {
  const editing = state.editing !== null;
  const pegs = editing ? state.editing : state.pegs;
  markHoles(buttons, {
    pegs,
    selected: state.selected,
    landing: editing ? new Map() : targets(),
    last: editing ? undefined : state.line.at(-1),
    hint: state.hint,
    focus: state.focus,
    editing,
  });
  cross.classList.toggle("editing", editing);
  cross.setAttribute(
    "aria-label",
    editing ? "The cross of 33 holes, being edited" : "The cross of 33 holes",
  );
  $("edit-banner").hidden = !editing;
  $("controls").hidden = editing;
  $("edit-this").disabled = editing;
  if (editing) {
    $("status").textContent = `${plural(pegs.size, "peg")} placed`;
  } else {
    const over = state.legal.length === 0 ? " · no jump left" : "";
    $("status").textContent =
      `${plural(pegs.size, "peg")} · ${plural(state.line.length, "jump")} played${over}`;
  }
  const log = $("log");
  const lost = editing ? null : losingJump(state);
  log.replaceChildren(
    ...state.line.map((j, i) =>
      el(
        "li",
        { class: [j.by === "you" ? "" : "auto", i === lost ? "lost-here" : ""].join(" ").trim() || null },
        `${j.from} over ${j.over} to ${j.to}`,
        j.by === "solver" ? " (the solver's)" : j.by === "contest" ? " (the contest player's)" : "",
        i === lost ? el("strong", { class: "lost-mark" }, ` — ${single(state.goal)} was lost here`) : "",
      ),
    ),
  );
  // In the frame's own layout rather than one forced in the jump's task.
  requestAnimationFrame(() => {
    log.scrollTop = log.scrollHeight;
  });
  $("log-empty").hidden = state.line.length > 0;
  $("back").hidden = lost === null;
}

/** The buttons under the board, as the game and the line being shown allow. */
function controls() {
  const run = state.run;
  $("undo").disabled = state.line.length === 0;
  $("redo").disabled = state.redo.length === 0;
  const show = $("show");
  const contest = $("contest");
  show.textContent = run?.by === "solver" ? "Stop" : "Show me how";
  contest.textContent = run?.by === "contest" ? "Stop" : "Contest player";
  const line = known(state)?.jumps;
  show.disabled = run ? run.by !== "solver" : !(line && line.length > 0);
  contest.disabled = run ? run.by !== "contest" : false;
  $("hint").disabled = Boolean(run) || !(line && line.length > 0);
}

// ---------- Lines shown jump by jump ----------

/** Plays `jumps` from the current position, one every PACE ms, until done or stopped; then
 * `end(run)`. */
async function show(jumps, by, end) {
  const run = { by, done: 0, total: jumps.length, stopped: false, wake: null };
  update((s) => {
    s.run = run;
  });
  for (const move of jumps) {
    if (run.done > 0) {
      await new Promise((resolve) => {
        run.wake = resolve;
        setTimeout(resolve, PACE);
      });
    }
    if (run.stopped) break;
    run.done += 1;
    const played = await act(() => (run.stopped ? undefined : jump(move, by)));
    if (!played) break;
  }
  if (state.run === run) {
    update((s) => {
      s.run = null;
      ask(s);
    });
  }
  end(run);
}

/** Stops the line being shown, if any. */
function stop() {
  const run = state.run;
  if (!run) return;
  run.stopped = true;
  run.wake?.();
  update((s) => {
    s.run = null;
    ask(s);
  });
}

$("show").addEventListener("click", () => {
  if (state.run) {
    stop();
    return;
  }
  const line = known(state)?.jumps;
  if (!line || line.length === 0) return;
  say(message, "");
  show(line, "solver", (run) => {
    if (run.stopped) {
      say(message, `Stopped after ${run.done} of the solver's ${plural(run.total, "jump")}.`);
    }
  });
});

$("contest").addEventListener("click", () => {
  if (state.run) {
    stop();
    return;
  }
  act(async () => {
    const [game] = await api("/api/hiq/play", `1\n${[...state.pegs].join(" ")} 0\n`);
    const where = game.remaining.join(" ") || "no hole";
    const ending = `the pegs stand in ${where}, and the sum of their holes is ${game.sum}`;
    if (game.jumps.length === 0) {
      say(message, `The contest player has no jump to make: ${ending}.`);
      return;
    }
    say(message, "");
    // Not awaited: its jumps queue behind this action.
    show(game.jumps, "contest", (run) => {
      say(
        message,
        run.stopped
          ? `Stopped after ${run.done} of the contest player's ${plural(run.total, "jump")}; ` +
              `played to the end, ${ending}.`
          : `The contest player made ${plural(run.total, "jump")}; no jump is left: ${ending}.`,
      );
    });
  });
});

// ---------- The board: clicks, drags and keys ----------

/** A click on hole `n`: in play, pick a peg or land the picked one; editing, put a peg in or
 * take it out. */
function press(n) {
  if (state.editing) {
    const pegs = new Set(state.editing);
    if (!pegs.delete(n)) pegs.add(n);
    return edited(pegs);
  }
  stop();
  const move = targets().get(n);
  if (move) {
    say(message, "");
    return jump(move, "you");
  }
  const pick = state.pegs.has(n) && n !== state.selected;
  if (pick) {
    const none = !state.legal.some((j) => j.from === n);
    say(message, none ? `The peg in ${n} has no jump to make.` : "");
  }
  update((s) => {
    s.selected = pick ? n : null;
  });
}

cross.addEventListener("click", (event) => {
  const n = holeOf(event.target);
  if (n) act(() => press(n));
});

// A peg dragged is picked up once the pointer has travelled, drawn under it, and jumps where it
// is let go if it can land there; the drawing that follows the pointer is the drag's own.
let ghost = null;
draggable(cross, {
  grab(event) {
    const n = holeOf(event.target);
    return n && !state.editing && state.pegs.has(n) ? buttons[n] : null;
  },
  lift(button) {
    ghost = el("div", { class: "drag-peg", "aria-hidden": "true" });
    document.body.append(ghost);
    button.classList.add("dragging");
    const hole = holeOf(button);
    act(() => {
      stop();
      say(message, "");
      update((s) => {
        s.selected = hole;
      });
    });
  },
  follow(_, event) {
    ghost.style.left = `${event.clientX}px`;
    ghost.style.top = `${event.clientY}px`;
  },
  drop(button, event) {
    letGo(button);
    const hole = holeOf(button);
    const to = holeOf(document.elementFromPoint(event.clientX, event.clientY));
    act(() => {
      const move = state.selected === hole ? targets().get(to) : undefined;
      return move ? jump(move, "you") : undefined;
    });
  },
  abandon: letGo,
});

function letGo(button) {
  ghost.remove();
  ghost = null;
  button.classList.remove("dragging");
}

cross.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const next = nextHole(state.focus, event.key);
  if (next === undefined) return;
  event.preventDefault();
  // None past the edge, where the focus stays.
  if (next) buttons[next].focus();
});
cross.addEventListener("focusin", (event) => {
  const n = holeOf(event.target);
  if (!n || n === state.focus) return;
  update((s) => {
    s.focus = n;
  });
});

document.addEventListener("keydown", (event) => {
  if (event.target.closest?.("input, textarea, select") || undoKeys(event, undo, redo)) return;
  if (event.key !== "Escape" || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  if (state.run) stop();
  else act(() => update((s) => {
    s.selected = null;
  }));
});

$("hint").addEventListener("click", () => {
  stop();
  act(() => {
    const answer = known(state);
    const next = answer?.jumps?.[0];
    if (state.editing || !next) return;
    const leaves = answer.won
      ? `a line that reaches ${single(state.goal)}`
      : `a line that leaves ${plural(answer.remaining.length, "peg")}`;
    say(message, `Hint: the peg in ${next.from} jumps over ${next.over} to ${next.to}, on ${leaves}.`);
    update((s) => {
      s.hint = next;
      s.selected = next.from;
    });
  });
});

$("back").addEventListener("click", () => {
  stop();
  act(() => {
    const lost = losingJump(state);
    if (state.editing || lost === null) return;
    say(message, "");
    const undone = state.line.slice(lost).reverse();
    return go(state.start, state.line.slice(0, lost), [...state.redo, ...undone]);
  });
});

$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);

goalChoice.addEventListener("change", () => update((s) => {
  s.goal = goalChoice.value;
  ask(s);
}));

// ---------- New games ----------

/** Enters the editor with `pegs` placed. */
function edit(pegs) {
  stop();
  say(message, "");
  return edited(new Set(pegs));
}

/** Shows `pegs` as the start being edited, with what de Bruijn's class of them allows at once,
 * and then their verdict. */
async function edited(pegs) {
  const answer = await api("/api/hiq/board", body([...pegs].sort((a, b) => a - b)));
  update((s) => {
    s.editing = pegs;
    s.classHoles = answer.class_holes;
    ask(s);
  });
}

$("standard").addEventListener("click", () => act(() => begin(STANDARD)));
$("empty").addEventListener("click", () => act(() => edit([])));
$("edit-this").addEventListener("click", () => act(() => edit(state.pegs)));
$("edit-clear").addEventListener("click", () => act(() => edit([])));
$("edit-fill").addEventListener("click", () => act(() => edit(HOLES.map((h) => h.number))));
$("edit-cancel").addEventListener("click", () =>
  act(() => update((s) => {
    s.editing = null;
    ask(s);
  })),
);
$("edit-done").addEventListener("click", () =>
  act(async () => {
    const answer = await api("/api/hiq/board", body([...state.editing].sort((a, b) => a - b)));
    await begin(answer.pegs);
  }),
);

startForms({ act, begin });

// ---------- The game in the address ----------

/** The game the address names; what it gets wrong is said, and the rest kept. */
async function fromAddress() {
  const query = getQuery();
  let start = STANDARD;
  let text = query.line ?? "";
  if (query.pegs !== undefined) {
    try {
      start = (await api("/api/hiq/board", query.pegs)).pegs;
    } catch (error) {
      if (error.reason !== "input") throw error;
      say(message, `The address's pegs: ${error.message}. The standard start instead.`, true);
      text = "";
    }
  }
  let goal = DEFAULT;
  if (query.goal !== undefined) {
    if ([...goalChoice.options].some((o) => o.value === query.goal)) goal = query.goal;
    else say(message, `The address's goal ${query.goal} is none of the goals offered.`, true);
  }
  let answer;
  try {
    answer = await api(boardPath(text), body(start));
  } catch (error) {
    if (error.parameter !== "line" || !error.column) throw error;
    // The jumps before the fault are played; the player sees where the link went wrong.
    const fault = error.message.replace(/^line: /, "");
    say(message, `The address's line of jumps stops being legal at ${fault}`, true);
    text = text.slice(0, error.column - 1);
    answer = await api(boardPath(text), body(start));
  }
  commit(answer, answer.jumps.map((j) => ({ ...j, by: "you" })), [], { goal });
  // Editing starts from the game its start makes, which Cancel returns to.
  if (query.edit) await edit(start);
}

act(fromAddress);
