// The Speed page: the contest's two robots on their millisecond clock. The server plays the
// game (`POST /api/speed/play`, which answers what `parlor speed --json` prints: the deal and
// every action with its start and end) and says how long each action takes (`GET
// /api/speed/times`); the page only replays that log at the instant the clock shows, each card
// in a hand that far along its way, so it never decides a move.
//
// The URL holds what is watched, so that a reload or a shared link shows the same picture:
//   ?example=K            one of EXAMPLES below (1 = the rule book's worked example)
//   ?input=TEXT           contest input as typed (URL-encoded; newlines and all)
//   ?seed=S&deal=I&split=A/B   a random deal, as `parlor speed stats` numbers them
// and with any of them &set=K (the data set, 1 = the first), &t=MS (the clock) and &lang=az
// (the verdict in the words of the original problem statement).

import { $, api, el, say, holdState, getQuery, selectPlace, celebrate } from "/parlor.js";
import { cardBack, cardElement, face } from "/cards.js";
import { Replay } from "/replay.js";

// From the rule book (docs/speed.md and the contest's statement): inputs to start from.
const EXAMPLES = [
  { name: "Worked example", input: "5\nS3 S5 S8 S9 S2\n3\nH7 H3 H4\n0\n" },
  {
    name: "Contest sample",
    input: "5\nS3 S5 S8 S9 S2\n3\nH7 H3 H4\n1\nHK\n1\nSK\n5\nS4 S3 C8 C7 S5\n6\nHJ H5 D8 D7 HX C2\n0\n",
  },
  { name: "Out together", input: "2 S2 S3\n2 H7 H8\n0\n" },
];

const VERDICT = { en: (robot) => `${robot} wins.`, az: (robot) => `${robot} qalibdir.` };

/** What is watched: where its input came from, its games, and the clock. */
const state = {
  /** How long each action takes (`GET /api/speed/times`). */
  times: null,
  /** Where the input came from, as the address names it: {example}, {input} or {seed, deal, split}. */
  source: {},
  /** The games of the input, as the server played them. */
  games: [],
  /** The data set watched, made ready for replay. */
  game: null,
  set: 1,
  lang: "en",
  clock: new Replay(() => Number($("pace").value), (change) => update(change)),
};

/** The address: what is watched and, once the clock rests, its millisecond. */
function address(s) {
  if (!s.game || s.clock.moving) return null;
  const t = s.clock.position;
  return { ...s.source, set: s.set === 1 ? "" : s.set, t: t || "", lang: s.lang === "en" ? "" : s.lang };
}

const update = holdState(state, render, address);

const felt = $("felt");
const clockText = $("clock");
const scrub = $("scrub");
const playButton = $("play");
const verdictLine = $("verdict");
const happening = $("happening");
const message = $("message");
const textarea = $("input");

/** A card as every page names it in words: `3♥`, not the log's `H3`. */
const name = (code) => face(code).text;

/** `A deck`, `B slot 2`, `table A`: a place on the felt, from an event's `from` or `to`. */
function placeOf(robot, where) {
  return where.startsWith("table") ? where : `${robot} ${where}`;
}

/**
 * Where a card heading for `where` is drawn while `robot` holds it: in the robot's lane, level
 * with the place, so that a card in a hand never covers a slot, a deck or a table. Only a card
 * that lands lies on a table; one whose move is cancelled on arrival stops beside it.
 */
function pointOf(robot, where) {
  return where.startsWith("table") ? `${where} from ${robot}` : placeOf(robot, where);
}

/** How long event `e`'s action takes in full, which a cancelled move never reached. */
function lengthOf(e, times) {
  if (e.kind === "draw") return times.draw_ms;
  if (e.kind === "return") return times.return_ms;
  return e.to === times.right[e.robot] ? times.right_ms : times.left_ms;
}

/**
 * A game made ready for replay: every change of a place (a card leaving at an action's start,
 * arriving at its end), in the order the rule book resolves an instant — completions before the
 * choices made at it — and each action's path across the felt as a function of the clock.
 */
function prepare(json, times) {
  const changes = [];
  const paths = [];
  const lastOf = { A: null, B: null };
  json.events.forEach((e, i) => {
    changes.push({ time: e.start, arrives: false, e, i });
    if (e.status === "done") changes.push({ time: e.end, arrives: true, e, i });
    const from = pointOf(e.robot, e.from);
    const to = pointOf(e.robot, e.to);
    const length = lengthOf(e, times);
    if (e.kind === "return") {
      // Back from where the cancelled move was stopped, along the same line.
      const move = lastOf[e.robot];
      const reached = (move.end - move.start) / lengthOf(move, times);
      paths.push({ from: to, to: from, at: (t) => reached * (1 - (t - e.start) / length) });
    } else {
      paths.push({ from, to, at: (t) => (t - e.start) / length });
    }
    lastOf[e.robot] = e;
  });
  changes.sort((x, y) => x.time - y.time || y.arrives - x.arrives || x.i - y.i);
  const instants = new Set([0, json.end_ms]);
  for (const e of json.events) instants.add(e.start).add(e.end);
  for (const w of json.waits) instants.add(w.start).add(w.end);
  return {
    json,
    changes,
    paths,
    instants: [...instants].filter((t) => t <= json.end_ms).sort((x, y) => x - y),
  };
}

/** The cards on the felt after every change up to `t`. */
function placesAt(game, t) {
  const places = new Map();
  for (const robot of ["A", "B"]) {
    const cards = game.json[robot.toLowerCase()];
    places.set(`${robot} deck`, cards.slice(4));
    for (let n = 1; n <= 4; n++) places.set(`${robot} slot ${n}`, cards[n - 1] ? [cards[n - 1]] : []);
  }
  places.set("table A", []);
  places.set("table B", []);
  for (const change of game.changes) {
    if (change.time > t) break;
    const e = change.e;
    if (change.arrives) {
      places.get(placeOf(e.robot, e.to)).push(e.card);
    } else if (e.from === "deck") {
      places.get(`${e.robot} deck`).shift();
    } else if (e.from.startsWith("slot")) {
      places.set(placeOf(e.robot, e.from), []);
    }
  }
  return places;
}

/** The action of `robot` whose card is in its hand at `t`, with its index, or null. */
function handAt(game, robot, t) {
  let found = null;
  game.json.events.forEach((e, i) => {
    if (e.robot === robot && e.start <= t && (t < e.end || e.status === "unfinished")) found = i;
  });
  return found;
}

function describe(game, t) {
  const at = game.instants.filter((i) => i <= t).pop() ?? 0;
  const parts = [];
  for (const e of game.json.events) {
    if (e.end === at && e.status === "done" && e.to.startsWith("table")) parts.push(`${name(e.card)} lands on ${e.to}`);
    if (e.end === at && e.status === "cancelled") parts.push(`${e.robot} must return ${name(e.card)}`);
  }
  for (const e of game.json.events) {
    if (e.start !== at) continue;
    if (e.kind === "opening") parts.push(`${e.robot} opens with ${name(e.card)}`);
    else if (e.kind === "restart") parts.push(`${e.robot} restarts with ${name(e.card)} (deadend)`);
    else if (e.kind === "draw") parts.push(`${e.robot} draws ${name(e.card)} into ${e.to}`);
    else if (e.kind === "move") parts.push(`${e.robot} starts ${name(e.card)} to ${e.to}`);
  }
  for (const w of game.json.waits) if (w.start === at) parts.push(`${w.robot} waits`);
  return `${at} ms: ${parts.join("; ") || "nothing new"}`;
}

// The felt's fixed parts, built once per game: a place element for every deck, slot and table,
// and a flying card for each robot. Frames then touch only what changed since `drawn`.
const places = new Map();
const flying = {};
const sideLabels = {};
/** What the page shows: {games, game, instant, end, lang}. */
let drawn = null;
/** Where each place's pile sits on the felt, measured once per layout. */
let geometry = null;

function placeElement(key, label) {
  const node = el("div", { class: "speed-place", dataset: { place: key } });
  const pile = el("div", { class: "pile speed-pile" });
  const caption = el("div", { class: "speed-caption" }, label);
  node.append(pile, caption);
  places.set(key, { node, pile, caption, label, shown: null });
  return node;
}

function buildFelt() {
  places.clear();
  for (const robot of ["A", "B"]) {
    const side = $(`side-${robot}`);
    const slots = [1, 2, 3, 4].map((n) => placeElement(`${robot} slot ${n}`, `slot ${n}`));
    const deck = placeElement(`${robot} deck`, "deck");
    // Each robot's slot 1 is on its own right: A faces up the screen, B down it.
    const row = robot === "A" ? [deck, ...slots.reverse()] : [...slots, deck];
    sideLabels[robot] = el("span", { class: "speed-doing" });
    side.replaceChildren(
      el("div", { class: "speed-who" }, el("strong", {}, `Robot ${robot}`), sideLabels[robot]),
      el("div", { class: "speed-row" }, row),
    );
    flying[robot]?.node.remove();
    flying[robot] = { node: el("div", { class: "speed-fly", hidden: true }), event: null };
    felt.append(flying[robot].node);
  }
  // Table B lies on B's right, which is the screen's left.
  $("tables").replaceChildren(placeElement("table B", "table B"), placeElement("table A", "table A"));
  geometry = null;
}

/** Each place's point in a lane: a card in `robot`'s hand level with the place, at the size
 *  the sheet gives a card in a hand, in the middle of the robot's lane. */
function measure() {
  const origin = felt.getBoundingClientRect();
  const hand = Number(getComputedStyle(felt).getPropertyValue("--hand")) || 1;
  const lanes = { A: $("lane-A").getBoundingClientRect(), B: $("lane-B").getBoundingClientRect() };
  const level = (pile, robot) => {
    const r = pile.getBoundingClientRect();
    const lane = lanes[robot];
    return { x: r.left + (r.width * (1 - hand)) / 2 - origin.left, y: lane.top + (lane.height - r.height * hand) / 2 - origin.top };
  };
  geometry = new Map();
  geometry.hand = hand;
  for (const [key, place] of places) {
    if (!key.startsWith("table")) geometry.set(key, level(place.pile, key[0]));
    else for (const robot of ["A", "B"]) geometry.set(`${key} from ${robot}`, level(place.pile, robot));
  }
}

function showPlace(place, cards, key) {
  const top = cards.length ? cards[cards.length - 1] : null;
  const deck = key.endsWith("deck");
  const shown = `${deck ? cards.length : top}|${cards.length}`;
  if (place.shown === shown) return;
  place.shown = shown;
  if (deck) {
    place.pile.replaceChildren(...(cards.length ? [cardBack(`${cards.length} cards face down`)] : []));
    place.caption.textContent = `deck ${cards.length}`;
  } else {
    place.pile.replaceChildren(...(top ? [cardElement(top)] : []));
    place.caption.textContent = key.startsWith("table") ? `${place.label} · ${cards.length}` : place.label;
  }
  place.node.dataset.card = top ?? "";
}

function doing(game, robot, t, hand) {
  if (t >= game.json.end_ms) return game.json.winner === robot ? "has won" : "";
  if (hand !== null) {
    const e = game.json.events[hand];
    return { opening: "opens", restart: "restarts", draw: "draws", move: "moves", return: "returns" }[e.kind] + ` ${name(e.card)}`;
  }
  return game.json.waits.some((w) => w.robot === robot && w.start <= t && t < w.end) ? "waits" : "";
}

/** The page at the clock's millisecond: the places when an instant was crossed, the flying
 *  cards every frame. */
function render() {
  const game = state.game;
  const clock = state.clock;
  if (state.times && !$("times").textContent) $("times").textContent = timesText(state.times);
  if (!game) return;
  if (drawn?.game !== game) {
    if (drawn?.games !== state.games) {
      $("set").replaceChildren(
        ...state.games.map((g, i) => el("option", { value: String(i + 1) }, `${i + 1}: ${g.winner} in ${g.end_ms} ms`)),
      );
      for (const id of ["set", "play", "next", "back", "scrub"]) $(id).disabled = false;
    }
    buildFelt();
    $("set").value = String(state.set);
    $("length").textContent = String(game.json.end_ms);
    felt.removeAttribute("aria-busy");
  }
  const t = clock.position;
  if (!geometry) measure();
  const instant = game.instants.filter((i) => i <= t).length;
  const over = t >= game.json.end_ms;
  if (drawn?.game !== game || drawn.instant !== instant || drawn.end !== over || drawn.lang !== state.lang) {
    for (const [key, cards] of placesAt(game, t)) showPlace(places.get(key), cards, key);
    happening.textContent = describe(game, t);
    verdictLine.hidden = !over;
    verdictLine.textContent = over ? VERDICT[state.lang](game.json.winner) : "";
    $("lang").value = state.lang;
    // Seen to end, not opened at its end: every game of Speed has a winner.
    if (over && drawn?.game === game && !drawn.end) celebrate(verdictLine);
  }
  for (const robot of ["A", "B"]) {
    const hand = handAt(game, robot, t);
    const fly = flying[robot];
    if (fly.event !== hand) {
      fly.event = hand;
      fly.node.hidden = hand === null;
      fly.node.replaceChildren(...(hand === null ? [] : [cardElement(game.json.events[hand].card, { classes: "in-hand" })]));
      fly.node.dataset.card = hand === null ? "" : game.json.events[hand].card;
      // A card sent back is drawn as one: it failed to land.
      fly.node.classList.toggle("returning", hand !== null && game.json.events[hand].kind === "return");
    }
    if (hand !== null) {
      const path = game.paths[hand];
      const p = Math.min(1, Math.max(0, path.at(t)));
      const a = geometry.get(path.from);
      const b = geometry.get(path.to);
      fly.node.style.transform = `translate(${(a.x + (b.x - a.x) * p).toFixed(1)}px, ${(a.y + (b.y - a.y) * p).toFixed(1)}px) scale(${geometry.hand})`;
    }
    const words = doing(game, robot, t, hand);
    if (sideLabels[robot].textContent !== words) sideLabels[robot].textContent = words;
  }
  drawn = { games: state.games, game, instant, end: over, lang: state.lang };
  clockText.textContent = String(t);
  clock.show(scrub, playButton);
}

/** The help's sentence on the times, in the server's numbers. */
function timesText(times) {
  return `A card travels for as long as its action takes: draw ${times.draw_ms} ms, to the right ` +
    `table ${times.right_ms} ms, to the left ${times.left_ms} ms, back to its slot ${times.return_ms} ms.`;
}

/** The instant before or after the clock's, or the game's end. */
function step(direction) {
  const game = state.game;
  if (!game) return;
  const t = state.clock.position;
  const list = game.instants;
  const to = direction > 0 ? list.find((i) => i > t) : list.filter((i) => i < t).pop();
  update((s) => s.clock.seek(to ?? (direction > 0 ? game.json.end_ms : 0)));
}

/** Watches data set `set` (kept within the games) at `t`. */
function watch(s, set, t = 0) {
  s.set = Math.min(Math.max(1, set), s.games.length);
  s.game = prepare(s.games[s.set - 1], s.times);
  s.clock.load(s.game.json.end_ms, t);
}

/** Plays `input` on the server and shows data set `set` at `t`; a refusal is shown with its
 *  place in the input selected. */
async function load(input, source, set = 1, t = 0) {
  update((s) => s.clock.pause());
  textarea.value = input;
  say(message, "Playing…");
  let games;
  try {
    games = await api("/api/speed/play", input);
  } catch (error) {
    say(message, error.message, true);
    if (error.line) selectPlace(textarea, error.line, error.column || 1);
    return;
  }
  say(message, games.length === 1 ? "One data set." : `${games.length} data sets.`);
  update((s) => {
    s.source = source;
    s.games = games;
    watch(s, set, t);
  });
}

/** Deals a random deal as `given` names it, `{seed, deal, split}`: the server takes its own
 *  default for each one left out, and the form then shows what it took. */
async function randomDeal(given, set, t) {
  const query = new URLSearchParams(Object.entries(given).filter(([, value]) => value !== undefined));
  try {
    const answer = await api(`/api/speed/deal?${query}`);
    const source = showDeal(answer);
    await load(answer.input, source, set, t);
  } catch (error) {
    say(message, error.message, true);
  }
}

/** Puts the random deal `answer` (`GET /api/speed/deal`) in the form; the deal as the address
 *  names it. */
function showDeal(answer) {
  const source = { seed: String(answer.seed), deal: String(answer.deal), split: answer.split.join("/") };
  for (const [name, value] of Object.entries(source)) $(name).value = value;
  return source;
}

function wire() {
  $("examples").replaceChildren(
    ...EXAMPLES.map((example, i) =>
      el("button", { type: "button", dataset: { example: i + 1 }, onclick: () => load(example.input, { example: i + 1 }) }, example.name),
    ),
  );
  $("input-form").addEventListener("submit", (event) => {
    event.preventDefault();
    load(textarea.value, { input: textarea.value });
  });
  $("random-form").addEventListener("submit", (event) => {
    event.preventDefault();
    randomDeal({ seed: $("seed").value.trim(), deal: $("deal").value.trim(), split: $("split").value.trim() });
  });
  $("set").addEventListener("change", () => update((s) => watch(s, Number($("set").value))));
  playButton.addEventListener("click", () => update((s) => s.clock.toggle()));
  $("next").addEventListener("click", () => step(1));
  $("back").addEventListener("click", () => step(-1));
  state.clock.slider(scrub);
  $("lang").addEventListener("change", () => update((s) => {
    s.lang = $("lang").value;
  }));
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target.matches("textarea, input[type=text], select") || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === " ") {
      event.preventDefault();
      update((s) => s.clock.toggle());
    } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      step(event.key === "ArrowRight" ? 1 : -1);
    }
  });
  // The flying cards are placed in pixels: a new layout needs new measures.
  new ResizeObserver(() => {
    geometry = null;
    update();
  }).observe(felt);
}

/** The game the address names. */
function fromAddress() {
  const query = getQuery();
  update((s) => {
    s.lang = query.lang === "az" ? "az" : "en";
  });
  const set = Number(query.set) || 1;
  const t = Number(query.t) || 0;
  if (query.input !== undefined) {
    load(query.input, { input: query.input }, set, t);
  } else if (query.seed !== undefined || query.deal !== undefined || query.split !== undefined) {
    randomDeal({ seed: query.seed, deal: query.deal, split: query.split }, set, t);
  } else {
    const k = Number(query.example);
    const example = EXAMPLES[k - 1] ? k : 1;
    load(EXAMPLES[example - 1].input, { example }, set, t);
  }
}

async function start() {
  wire();
  try {
    // The form offers the random deal the server deals unless told otherwise.
    const [times, deal] = await Promise.all([api("/api/speed/times"), api("/api/speed/deal")]);
    showDeal(deal);
    update((s) => {
      s.times = times;
    });
  } catch (error) {
    say(message, error.message, true);
    return;
  }
  fromAddress();
}

start();
