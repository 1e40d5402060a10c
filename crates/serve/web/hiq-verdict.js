// The Hi-Q solver's verdict on the position shown, said in the player's words — winnable or not
// and why, de Bruijn's class while the start is edited, the line's length, the jump that lost the
// goal. Every verdict, line and class is the server's. While the player thinks, the positions one
// jump ahead are asked for with their verdicts in one request, so that a jump, undo or redo shows
// its position and its verdict in the same frame; a position not known yet is asked for at once.

import { api, el, plural } from "/parlor.js";
import { CENTRE, body, written } from "/hiq-cross.js";

/** The solver's answers by goal and position. A position past the server's budget is kept as
 * {budget: true}. */
export const verdicts = new Map();
/** The server's positions (as /api/hiq/board answers) by start and line, seen or one jump
 * ahead of one seen. */
const boards = new Map();
/** The request for the current position's verdict: {timer, controller}. */
let asking = null;
/** The request for the positions one jump ahead of the current one: {position, controller}. */
let looking = null;

const boardKey = (start, line) => `${body(start)}|${written(line, ",")}`;

/** The server's position for `line` played from `start`, if it is known. */
export const knownBoard = (start, line) => boards.get(boardKey(start, line));

/** The most positions and verdicts kept (some 2 KB each): a long session forgets its oldest,
 * which are asked again if they are met again. */
const KEPT = 10000;

/** Sets `key` in `map`, forgetting its oldest entries past KEPT. */
function keep(map, key, value) {
  map.delete(key);
  map.set(key, value);
  while (map.size > KEPT) map.delete(map.keys().next().value);
}

/** Keeps the server's `answer` for a position, as /api/hiq/board gives it. */
export const keepBoard = (answer) => keep(boards, boardKey(answer.pegs, answer.jumps), answer);

/** Asks for every position one legal jump past the game of `s` and its verdict, where the server
 * knows them at once, and keeps them; a question for a position left since is dropped. */
export function lookAhead(s) {
  if (s.editing) return;
  const position = key(s);
  if (looking?.position === position) return;
  looking?.controller.abort();
  const request = { position, controller: new AbortController() };
  looking = request;
  const { goal, start } = s;
  const line = encodeURIComponent(written(s.line, ","));
  const path = `/api/hiq/ahead?goal=${encodeURIComponent(goal)}&line=${line}`;
  // Asked after the task that shows the position, which has a frame to draw first.
  const asked = new Promise((resolve) => setTimeout(resolve, 0)).then(() =>
    api(path, body(start), { signal: request.controller.signal }),
  );
  asked.then(
    (answer) => {
      for (const next of answer.ahead) {
        keepBoard(next.board);
        keep(verdicts, `${goal}|${body(start)}|${written(next.board.jumps, ",")}`, next.verdict);
      }
      if (looking === request) looking = null;
    },
    // Where the server cannot look ahead, each position is asked for once it is shown.
    () => {
      if (looking === request) looking = null;
    },
  );
}

/** The position a verdict is asked for: the pegs being edited, or the line played from the
 * start. */
const judged = (s) =>
  s.editing
    ? { pegs: [...s.editing].sort((a, b) => a - b), line: "" }
    : { pegs: s.start, line: written(s.line, ",") };

/** The goal and position of `s`, by which its verdict is kept. */
export const key = (s) => {
  const { pegs, line } = judged(s);
  return `${s.goal}|${body(pegs)}|${line}`;
};

/** The solver's answer for the position of `s`, if it is in. */
export const known = (s) => verdicts.get(key(s));

/** The index in the line of the jump after which the goal could no longer be reached, as the
 * server's verdict on the line says; null when none, or not known yet. */
export const losingJump = (s) => known(s)?.losing_jump ?? null;

const verdict = (kind, headline, ...detail) => ({ kind, headline, detail });

/** What the verdict box says of the position in `s`, asking the solver unless it answered
 * already; its answer comes in an update of its own (through `update`, the page's), and a late
 * one for a position left since is dropped. */
export function ask(s, update) {
  if (asking) {
    clearTimeout(asking.timer);
    asking.controller.abort();
    asking = null;
  }
  if (s.run) {
    const what = s.run.by === "solver" ? "Showing the solver's line" : "The contest player";
    s.verdict = verdict(
      "",
      `${what}: jump ${s.run.done} of ${s.run.total}`,
      "Esc or Stop ends it; the solver's verdict follows.",
    );
    return;
  }
  const position = key(s);
  const answer = verdicts.get(position);
  if (answer) {
    s.verdict = tell(s, answer);
    return;
  }
  s.verdict = verdict("thinking", "Thinking…", ...classSays(s), "Looking this position up.");
  const request = { controller: new AbortController() };
  const { pegs: start, line } = judged(s);
  const path =
    `/api/hiq/verdict?goal=${encodeURIComponent(s.goal)}&line=${encodeURIComponent(line)}`;
  const pegs = body(start);
  const answered = (shown) => {
    if (asking !== request) return;
    asking = null;
    update((now) => {
      now.verdict = shown(now);
    });
  };
  const solve = async () => {
    try {
      keep(verdicts, position, await api(path, pegs, { signal: request.controller.signal }));
    } catch (error) {
      if (error.name === "AbortError" || asking !== request) return;
      if (error.reason === "busy") {
        update((now) => {
          now.verdict = verdict("thinking", "Thinking…", "Every solver is busy; asking again in a moment.");
        });
        request.timer = setTimeout(solve, 1000);
        return;
      }
      if (error.reason !== "budget") {
        answered(() => verdict("", "No verdict", error.message));
        return;
      }
      keep(verdicts, position, { budget: true });
    }
    answered((now) => tell(now, verdicts.get(position)));
  };
  asking = request;
  solve();
}

/** "a single peg in the centre", as the goal asks. */
export function single(goal) {
  if (goal === "any") return "a single peg";
  return goal === "centre" ? "a single peg in the centre" : `a single peg in hole ${goal}`;
}

/** What de Bruijn's class of the pegs being edited allows, as the server gave it: said at once,
 * before the verdict. */
function classSays(s) {
  if (!s.editing || !s.classHoles) return [];
  const holes = s.classHoles;
  if (holes.length === 0) {
    return [el("span", {}, "De Bruijn's class: no single peg can be left from these pegs, in any hole. ")];
  }
  const where = holes.length === 1 ? `hole ${holes[0]}` : `holes ${holes.join(", ")}`;
  const allowed = s.goal === "any" || holes.includes(s.goal === "centre" ? CENTRE : Number(s.goal));
  return [
    el(
      "span",
      {},
      `De Bruijn's class: a last single peg can only stand in ${where}` +
        (allowed ? ". " : `, so ${single(s.goal)} is out of reach. `),
    ),
  ];
}

/** The verdict box for a game won: a single peg stands where the goal asks, and no jump is left.
 * The one place where the page learns that the player has won. */
function wonGame(s) {
  return { ...verdict("won", "Won", `${capital(single(s.goal))}: the game is over, and won.`), won: true };
}

/** The verdict box for the server's `answer` on the position in `s`. */
function tell(s, answer) {
  const cls = classSays(s);
  if (answer.budget) {
    return verdict(
      "unknown",
      "Not known within the server's budget",
      ...cls,
      "The search from here is larger than the server allows one request. Play on (with fewer ",
      "pegs it can answer again), or ask the command line, which may take more memory: ",
      el("code", {}, `parlor hiq solve ${body(judged(s).pegs)} --goal ${s.goal}`),
    );
  }
  const goal = single(s.goal);
  const positions = plural(answer.positions, "position");
  const found =
    answer.answered_by === "table"
      ? "the table of every position reachable from the standard start says so"
      : `the solver examined ${positions}`;
  const left = answer.remaining;
  const play = s.editing ? "" : " Hint shows the next jump; Show me how plays the line.";
  if (answer.won) {
    if (answer.pegs.length === 1) {
      if (!s.editing) return wonGame(s);
      return verdict("won", "Winnable", ...cls, `${capital(goal)}: already there.`);
    }
    return verdict(
      "won",
      "Winnable",
      ...cls,
      `${capital(goal)} can still be reached: ${found}.${play}`,
    );
  }
  if (answer.pegs.length === 0) {
    return verdict("lost", "Not winnable: the board is empty", ...cls, "Start a new game, or edit this board's pegs.");
  }
  const goals = s.goal === "any" ? "every single peg" : goal;
  const proof =
    answer.proof === "class"
      ? `De Bruijn's class of this position differs from that of ${goals}, and no jump changes it.`
      : answer.answered_by === "table"
        ? `${capital(goal)} is out of reach: ${found}.`
        : `${capital(goal)} is out of reach: every position reachable from here was examined or ruled out by a pagoda function (${positions} examined).`;
  const then =
    answer.jumps.length === 0
      ? " No jump is left."
      : left.length === 1
        ? ` A single peg can still be left in hole ${left[0]}.${play}`
        : answer.fewest
          ? ` The best line leaves pegs in ${left.join(" ")}.${play}`
          : ` A short search found a line that leaves pegs in ${left.join(" ")}; fewer may be possible.${play}`;
  const where = s.goal === "any" ? "" : s.goal === "centre" ? " in the centre" : ` in hole ${s.goal}`;
  // The fewest pegs are said only where the search for them ended: within the server's budget
  // for the line, past which only the verdict is known.
  const headline =
    answer.proof === "class"
      ? `Not winnable: no single peg can be left${where} (de Bruijn's class)`
      : answer.fewest
        ? `Not winnable: at best ${plural(left.length, "peg")}`
        : `Not winnable: no single peg can be left${where}`;
  return verdict("lost", headline, ...(answer.proof === "class" ? [] : cls), proof + then);
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
