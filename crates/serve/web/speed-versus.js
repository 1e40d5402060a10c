// Speed against the robot: the player at one seat, the rule book's robot at the other, slowed
// by its reaction time. The server keeps no game: the page holds the deal and the player's log
// (its timed actions) and asks `POST /api/speed/versus` what happens next if the player does
// nothing more — the robot's actions, landings and returns up to the next instant at which the
// player's choice could matter, or the end. The speed crate is the referee: an action is sent
// with the longer log, and the answer is drawn, or its refusal said in the referee's words.
//
// The game's clock runs with the browser's: an action is timed at the millisecond the clock
// shows when it is made. The page asks one step ahead of the one it draws, so that the clock
// never waits; where the answer is late, the clock holds at the last instant known.

import { $, api, say, celebrate } from "/parlor.js";
import { draggable } from "/drag.js";
import { name, prepare } from "/speed-felt.js";
import { statistics } from "/speed-statistics.js";

/** The game being played, or null. */
let game = null;
/** From each action (its input event) to the frame that drew its answer, in ms: the
 *  measure of how live the game feels, read by the browser tests. */
export const latencies = [];

const say_ = (text, error = false) => say($("versus-say"), text, error);

/** The words of the referee, without the log's place: `slot 2 is empty: …`. */
const reasonOf = (error) =>
  error.message
    .replace(/^log: action \d+ \([^)]*\): /, "")
    // The referee names cards as the log does (`S9`); the page as every page does (`9♠`).
    .replace(/\b[SHDC][2-9AXJQK]\b/g, name);

/** The query of a step: the seat, the reaction, the log and the page's clock. */
function query(g, log, extra = {}) {
  return new URLSearchParams({ seat: g.seat, reaction: g.reaction, log: log.join(","), ...extra });
}

/** A step answered, made ready to draw, with the instants its legal actions hold over. */
function made(g, json) {
  const step = prepare(json, g.times);
  // Nothing changes until `next`: what the player may do at the step holds until then.
  step.until = json.stop === "choice" ? json.next : json.stop === "stalled" ? Infinity : json.at;
  return step;
}

/** What the player may do at `t`, as the step holding it says; nothing between steps. */
function legalAt(g, t) {
  const step = g.steps.find((s) => s.json.at <= t && t < s.until);
  return step ? step.json.legal : [];
}

/** The last step known. */
const last = (g) => g.steps[g.steps.length - 1];

/** Asks the step after the last one known, once the clock has reached the one before it. */
function askAhead(g, t) {
  const known = last(g);
  if (g.asking || known.json.stop !== "choice") return;
  if (g.steps.length > 1 && t < g.steps[g.steps.length - 2].json.at) return;
  const log = g.log;
  g.asking = api(`/api/speed/versus?${query(g, log, { now: known.json.at })}`, g.input)
    .then((json) => {
      if (game === g && g.log === log) g.steps.push(made(g, json));
    })
    .catch((error) => {
      if (game === g) say_(error.message, true);
    })
    .finally(() => {
      if (g.log === log) g.asking = null;
    });
}

/** The clock's millisecond now: the browser's time since the game began, held at the last
 *  instant known, never going back. */
function clockNow(g, now) {
  const known = last(g).json;
  const horizon = known.stop === "choice" ? known.at : known.stop === "over" ? known.end_ms : Infinity;
  let t = Math.floor(now - g.t0);
  if (t > horizon) {
    t = Math.max(horizon, g.t);
    g.t0 = now - t;
  }
  return Math.max(t, g.t);
}

/** One frame: the clock, the felt at it, what the player may do, and the end. */
function frame(now) {
  const g = game;
  if (!g) return;
  g.t = clockNow(g, now);
  askAhead(g, g.t);
  const step = last(g);
  g.felt.draw(step, g.t);
  $("clock").textContent = String(g.t);
  const legal = legalAt(g, g.t);
  const shown = legal.join(" ");
  if (g.felt.felt.dataset.legal !== shown) {
    g.felt.felt.dataset.legal = shown;
    mark(g, legal);
  }
  if (g.answered !== null) {
    latencies.push(performance.now() - g.answered);
    g.answered = null;
    g.felt.felt.dataset.log = g.log.join(",");
  }
  // Nothing moves until the player does: say so, once.
  const still = step.json.stop === "stalled" && g.t >= step.json.at;
  if (still !== g.still) {
    g.still = still;
    if (still) say_("Your move: the robot waits for a card to land, and nothing moves until you act.");
  }
  if (step.json.stop === "over" && g.t >= step.json.end_ms) {
    end(g, step.json);
    return;
  }
  requestAnimationFrame(frame);
}

/** Lights the player's cards that may move now, and the one picked. */
function mark(g, legal) {
  for (let n = 1; n <= 4; n++) {
    const place = g.felt.places.get(`${g.seat} slot ${n}`);
    place.node.classList.toggle("may", legal.some((a) => a.slice(1) === String(n) && a[0] !== "d"));
    place.node.classList.toggle("picked", g.picked === n);
  }
  for (const table of ["table A", "table B"]) g.felt.places.get(table).node.classList.toggle("target", g.picked !== null);
}

/** The game is over at its last landing: the verdict, the count, and the replay. */
function end(g, json) {
  const won = json.winner === g.seat;
  const counted = statistics.end(g.record, won ? json.end_ms : null);
  say_(`${won ? "You win" : "The robot wins"} at ${json.end_ms.toLocaleString("en")} ms. ${counted}`);
  $("versus-say").classList.toggle("won", won);
  $("verdict").hidden = false;
  $("verdict").textContent = won ? "You win!" : "The robot wins.";
  if (won) celebrate($("verdict"));
  const link = $("replay-link");
  link.href = `/speed?${new URLSearchParams({ ...g.deal, seat: g.seat, reaction: g.reaction, log: g.log.join(",") })}`;
  link.hidden = false;
  $("versus-again").hidden = false;
  g.felt.felt.dataset.over = json.winner;
  // On a phone the verdict's line is below the felt.
  $("versus-say").scrollIntoView({ block: "nearest" });
}

/** The player does `action` (`r2`, `l1`, `d3`) at the clock's millisecond; `at` is when the
 *  player's input came (the event's time). */
function act(action, at = performance.now()) {
  const g = game;
  if (!g || g.felt.felt.dataset.over) return;
  const t = g.t;
  g.picked = null;
  mark(g, legalAt(g, t));
  // One at a time, in the order made: each is sent with the log its predecessor left.
  g.queue = g.queue.then(async () => {
    if (game !== g) return;
    const log = [...g.log, `${t}${action}`];
    try {
      const json = await api(`/api/speed/versus?${query(g, log, { now: t })}`, g.input);
      if (game !== g) return;
      g.log = log;
      g.steps = [made(g, json)];
      g.asking = null;
      g.answered = at;
      say_("");
    } catch (error) {
      if (game === g) say_(error.reason === "refused" ? `Refused: ${reasonOf(error)}.` : error.message, true);
    }
  });
}

/** The player's slot `n`'s card to its right or left table. */
const send = (n, table) => act(`${table === rightOf(game.seat) ? "r" : "l"}${n}`);
const rightOf = (seat) => `table ${seat}`;

/** A draw into the slot picked if it is empty, else into the rightmost empty slot. */
function draw(at) {
  const g = game;
  const empty = (n) => !g.felt.places.get(`${g.seat} slot ${n}`).node.dataset.card;
  const n = g.picked && empty(g.picked) ? g.picked : [1, 2, 3, 4].find(empty) ?? 1;
  act(`d${n}`, at);
}

/** A tap: on one of the player's cards, it picks it; on a table, it sends the card picked
 *  there; on the player's deck, it draws. */
function tap(event) {
  const g = game;
  const place = event.target.closest("[data-place]")?.dataset.place;
  if (!g || !place) return;
  if (place === `${g.seat} deck`) draw(performance.now());
  else if (place.startsWith(`${g.seat} slot`)) {
    const n = Number(place.slice(-1));
    g.picked = g.picked === n ? null : n;
    mark(g, legalAt(g, g.t));
  } else if (place.startsWith("table") && g.picked) send(g.picked, place);
}

function keys(event) {
  const g = game;
  if (!g || event.altKey || event.ctrlKey || event.metaKey || event.target.matches("textarea, input, select")) return;
  const key = event.key.toLowerCase();
  if (["1", "2", "3", "4"].includes(key)) {
    g.picked = Number(key);
    mark(g, legalAt(g, g.t));
  } else if ((key === "arrowleft" || key === "arrowright") && g.picked) {
    act(`${key === "arrowright" ? "r" : "l"}${g.picked}`, event.timeStamp);
  } else if (key === "d") {
    draw(event.timeStamp);
  } else if (key === "escape") {
    g.picked = null;
    mark(g, legalAt(g, g.t));
  } else return;
  event.preventDefault();
}

/** Dragging one of the player's cards onto a table. */
function wireDrag(felt) {
  let from = null;
  draggable(felt, {
    grab: (event) => {
      const place = event.target.closest("[data-place]");
      if (!game || !place?.dataset.card || !place.dataset.place.startsWith(`${game.seat} slot`)) return null;
      return place;
    },
    lift: (place, event) => {
      from = { x: event.clientX, y: event.clientY };
      place.classList.add("dragging");
    },
    follow: (place, event) => {
      place.querySelector(".card").style.transform = `translate(${event.clientX - from.x}px, ${event.clientY - from.y}px)`;
    },
    drop: (place, event) => {
      const card = place.querySelector(".card");
      if (card) card.style.transform = "";
      place.classList.remove("dragging");
      const target = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-place^='table']");
      if (target && game) send(Number(place.dataset.place.slice(-1)), target.dataset.place);
    },
    abandon: (place) => {
      const card = place.querySelector(".card");
      if (card) card.style.transform = "";
      place.classList.remove("dragging");
    },
  });
}

let wired = false;

/**
 * The game against the robot: `start` plays the deal in `input` (contest input of one data
 * set; `deal` names it in a link: `{seed, deal, split}` or `{input}`) with the player at `seat`
 * against the robot reacting in `reaction` ms, on the page's felt; `leave(after)` ends it and
 * gives the felt back. `playing()` says whether a game is on.
 */
export const versus = {
  playing: () => game !== null,

  async start({ felt, times, input, deal, seat, reaction, onLeave }) {
    if (!wired) {
      wired = true;
      $("felt").addEventListener("click", tap);
      document.addEventListener("keydown", keys);
      wireDrag($("felt"));
      $("versus-leave").addEventListener("click", () => versus.leave());
      $("versus-again").addEventListener("click", () => versus.start(game.options));
    }
    const options = { felt, times, input, deal, seat, reaction, onLeave };
    if (game && !game.felt.felt.dataset.over) statistics.end(game.record, null);
    game = null;
    document.querySelector("main.speed").classList.add("playing");
    for (const id of ["replay-link", "versus-again"]) $(id).hidden = true;
    $("verdict").hidden = true;
    say_("Dealing…");
    let json;
    try {
      json = await api(`/api/speed/versus?${new URLSearchParams({ seat, reaction })}`, input);
    } catch (error) {
      say_(error.message, true);
      return;
    }
    const robot = seat === "A" ? "B" : "A";
    felt.build(seat, { [seat]: `You (${seat})`, [robot]: `Robot ${robot} (${Number(reaction).toLocaleString("en")} ms)` });
    for (const key of ["over", "log", "legal"]) delete felt.felt.dataset[key];
    felt.felt.removeAttribute("aria-busy");
    const g = { options, felt, times, input, deal, seat, reaction: String(reaction), onLeave, log: [], asking: null, queue: Promise.resolve(), picked: null, t: 0, t0: performance.now(), answered: null };
    g.steps = [made(g, json)];
    g.record = statistics.begin(reaction);
    game = g;
    say_(`You sit below, at ${seat}; the robot at ${robot} reacts in ${Number(reaction).toLocaleString("en")} ms. Go!`);
    $("versus-say").classList.remove("won");
    requestAnimationFrame(frame);
  },

  /** Ends the game (a game left before its end is counted as lost) and gives the felt back. */
  leave() {
    const g = game;
    if (!g) return;
    if (!g.felt.felt.dataset.over) statistics.end(g.record, null);
    game = null;
    document.querySelector("main.speed").classList.remove("playing");
    $("verdict").hidden = true;
    g.onLeave();
  },

  /** The felt's layout changed. */
  remeasure() {
    game?.felt.remeasure();
  },
};

