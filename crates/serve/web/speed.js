// The Speed page: the contest's two robots on their millisecond clock. The server plays the
// game (`POST /api/speed/play`, which answers what `parlor speed --json` prints: the deal and
// every action with its start and end); the page only replays that log at the instant the clock
// shows, so it never decides a move.
//
// The URL holds what is watched, so that a reload or a shared link shows the same picture:
//   ?example=K            one of EXAMPLES below (1 = the rule book's worked example)
//   ?input=TEXT           contest input as typed (URL-encoded; newlines and all)
//   ?seed=S&deal=I&split=A/B   a random deal, as `parlor speed stats` numbers them
// and with any of them &set=K (the data set, 1 = the first), &t=MS (the clock) and &lang=az
// (the verdict in the words of the original problem statement).

import { $, api, el, say, setQuery, getQuery } from "/parlor.js";

// From the rule book (docs/speed.md and the contest's statement): inputs to start from.
const EXAMPLES = [
  { name: "Worked example", input: "5\nS3 S5 S8 S9 S2\n3\nH7 H3 H4\n0\n" },
  {
    name: "Contest sample",
    input: "5\nS3 S5 S8 S9 S2\n3\nH7 H3 H4\n1\nHK\n1\nSK\n5\nS4 S3 C8 C7 S5\n6\nHJ H5 D8 D7 HX C2\n0\n",
  },
  { name: "Out together", input: "2 S2 S3\n2 H7 H8\n0\n" },
];

const SUITS = {
  S: { symbol: "♠", name: "spades" },
  H: { symbol: "♥", name: "hearts" },
  D: { symbol: "♦", name: "diamonds" },
  C: { symbol: "♣", name: "clubs" },
};

const VERDICT = { en: (robot) => `${robot} wins.`, az: (robot) => `${robot} qalibdir.` };

// The rule book's times: how far along its way a card is depends on the action's full length,
// which a cancelled move never reached.
const DRAW_MS = 300;
const RIGHT_MS = 500;
const LEFT_MS = 700;
const RETURN_MS = 500;

const felt = $("felt");
const clock = $("clock");
const scrub = $("scrub");
const playButton = $("play");
const verdictLine = $("verdict");
const happening = $("happening");
const message = $("message");
const textarea = $("input");

/** What is watched: where its input came from, the games, and the clock. */
const view = {
  source: {},
  games: [],
  game: null,
  set: 1,
  t: 0,
  playing: false,
  lang: "en",
};

function cardElement(code, extra = "") {
  const suit = SUITS[code[0]];
  const rank = code[1] === "X" ? "10" : code[1];
  return el(
    "div",
    { class: `card ${suit.name} ${extra}`, role: "img", "aria-label": `${rank}${suit.symbol}`, dataset: { card: code } },
    el("span", { class: "corner" }, rank + suit.symbol),
    el("span", { class: "pip", "aria-hidden": "true" }, suit.symbol),
  );
}

/** `A deck`, `B slot 2`, `table A`: a place on the felt, from an event's `from` or `to`. */
function placeOf(robot, where) {
  return where.startsWith("table") ? where : `${robot} ${where}`;
}

/** The full length of a move to `table` by `robot`: its own right table is the near one. */
function moveLength(robot, table) {
  return table === `table ${robot}` ? RIGHT_MS : LEFT_MS;
}

/**
 * A game made ready for replay: every change of a place (a card leaving at an action's start,
 * arriving at its end), in the order the rule book resolves an instant — completions before the
 * choices made at it — and each action's path across the felt as a function of the clock.
 */
function prepare(json) {
  const changes = [];
  const paths = [];
  const lastOf = { A: null, B: null };
  json.events.forEach((e, i) => {
    changes.push({ time: e.start, arrives: false, e, i });
    if (e.status === "done") changes.push({ time: e.end, arrives: true, e, i });
    const from = placeOf(e.robot, e.from);
    const to = placeOf(e.robot, e.to);
    let path;
    if (e.kind === "draw") {
      path = { from, to, at: (t) => (t - e.start) / DRAW_MS };
    } else if (e.kind === "return") {
      // Back from where the cancelled move was stopped, along the same line.
      const move = lastOf[e.robot];
      const reached = (move.end - move.start) / moveLength(move.robot, move.to);
      path = { from: to, to: from, at: (t) => reached * (1 - (t - e.start) / RETURN_MS) };
    } else {
      const length = moveLength(e.robot, e.to);
      path = { from, to, at: (t) => (t - e.start) / length };
    }
    paths.push(path);
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
    if (e.end === at && e.status === "done" && e.to.startsWith("table")) parts.push(`${e.card} lands on ${e.to}`);
    if (e.end === at && e.status === "cancelled") parts.push(`${e.robot} must return ${e.card}`);
  }
  for (const e of game.json.events) {
    if (e.start !== at) continue;
    if (e.kind === "opening") parts.push(`${e.robot} opens with ${e.card}`);
    else if (e.kind === "restart") parts.push(`${e.robot} restarts with ${e.card} (deadend)`);
    else if (e.kind === "draw") parts.push(`${e.robot} draws ${e.card} into ${e.to}`);
    else if (e.kind === "move") parts.push(`${e.robot} starts ${e.card} to ${e.to}`);
  }
  for (const w of game.json.waits) if (w.start === at) parts.push(`${w.robot} waits`);
  return `${at} ms: ${parts.join("; ") || "nothing new"}`;
}

// The felt's fixed parts, built once per game: a place element for every deck, slot and table,
// and a flying card for each robot. Frames then touch only what changed.
const places = new Map();
const flying = {};
const sideLabels = {};
let drawnAt = null;
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
  drawnAt = null;
  geometry = null;
}

/** Where each place's pile sits on the felt, measured once per layout. */
function measure() {
  const origin = felt.getBoundingClientRect();
  geometry = new Map();
  for (const [key, place] of places) {
    const r = place.pile.getBoundingClientRect();
    geometry.set(key, { x: r.left - origin.left, y: r.top - origin.top });
  }
}

function showPlace(place, cards, key) {
  const top = cards.length ? cards[cards.length - 1] : null;
  const deck = key.endsWith("deck");
  const shown = `${deck ? cards.length : top}|${cards.length}`;
  if (place.shown === shown) return;
  place.shown = shown;
  if (deck) {
    place.pile.replaceChildren(...(cards.length ? [el("div", { class: "card down", role: "img", "aria-label": `${cards.length} cards face down` })] : []));
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
    return { opening: "opens", restart: "restarts", draw: "draws", move: "moves", return: "returns" }[e.kind] + ` ${e.card}`;
  }
  return game.json.waits.some((w) => w.robot === robot && w.start <= t && t < w.end) ? "waits" : "";
}

/** The picture at the clock's millisecond: the places when an instant was crossed, the flying
 *  cards every frame. */
function draw() {
  const game = view.game;
  if (!game) return;
  const t = Math.floor(view.t);
  if (!geometry) measure();
  const instant = game.instants.filter((i) => i <= t).length;
  const crossed = drawnAt === null || drawnAt.instant !== instant || drawnAt.end !== (t >= game.json.end_ms);
  if (crossed) {
    for (const [key, cards] of placesAt(game, t)) showPlace(places.get(key), cards, key);
    happening.textContent = describe(game, t);
    const over = t >= game.json.end_ms;
    verdictLine.hidden = !over;
    verdictLine.textContent = over ? VERDICT[view.lang](game.json.winner) : "";
  }
  for (const robot of ["A", "B"]) {
    const hand = handAt(game, robot, t);
    const fly = flying[robot];
    if (fly.event !== hand) {
      fly.event = hand;
      fly.node.hidden = hand === null;
      fly.node.replaceChildren(...(hand === null ? [] : [cardElement(game.json.events[hand].card, "in-hand")]));
      fly.node.dataset.card = hand === null ? "" : game.json.events[hand].card;
    }
    if (hand !== null) {
      const path = game.paths[hand];
      const p = Math.min(1, Math.max(0, path.at(t)));
      const a = geometry.get(path.from);
      const b = geometry.get(path.to);
      fly.node.style.transform = `translate(${(a.x + (b.x - a.x) * p).toFixed(1)}px, ${(a.y + (b.y - a.y) * p).toFixed(1)}px)`;
    }
    const words = doing(game, robot, t, hand);
    if (sideLabels[robot].textContent !== words) sideLabels[robot].textContent = words;
  }
  drawnAt = { instant, end: t >= game.json.end_ms };
  clock.textContent = String(t);
  scrub.value = String(t);
}

// The clock runs on requestAnimationFrame: each frame moves it by the real time passed times
// the pace.
let lastFrame = null;

function frame(now) {
  if (!view.playing) return;
  if (lastFrame !== null) view.t += (now - lastFrame) * Number($("pace").value);
  lastFrame = now;
  if (view.t >= view.game.json.end_ms) {
    view.t = view.game.json.end_ms;
    pause();
  } else {
    requestAnimationFrame(frame);
  }
  draw();
}

function play() {
  if (!view.game || view.playing) return;
  if (view.t >= view.game.json.end_ms) view.t = 0;
  view.playing = true;
  lastFrame = null;
  playButton.textContent = "Pause";
  requestAnimationFrame(frame);
}

function pause() {
  view.playing = false;
  playButton.textContent = "Play";
  remember();
}

/** Shows the clock at `t`; `keep` puts it in the URL too (not while the scrubber is dragged,
 *  which would rewrite the history at every pixel). */
function seek(t, keep = true) {
  if (!view.game) return;
  if (view.playing) pause();
  view.t = Math.max(0, Math.min(view.game.json.end_ms, t));
  draw();
  if (keep) remember();
}

function step(direction) {
  if (!view.game) return;
  const t = Math.floor(view.t);
  const list = view.game.instants;
  const to = direction > 0 ? list.find((i) => i > t) : list.filter((i) => i < t).pop();
  seek(to ?? (direction > 0 ? view.game.json.end_ms : 0));
}

function remember() {
  setQuery({ ...view.source, set: view.set === 1 ? "" : view.set, t: Math.floor(view.t) || "", lang: view.lang === "en" ? "" : view.lang });
}

function choose(set, t = 0) {
  view.set = set;
  view.game = prepare(view.games[set - 1]);
  $("set").value = String(set);
  $("length").textContent = String(view.game.json.end_ms);
  scrub.max = String(view.game.json.end_ms);
  buildFelt();
  view.t = Math.max(0, Math.min(view.game.json.end_ms, t));
  felt.removeAttribute("aria-busy");
  draw();
  remember();
}

function enableControls() {
  for (const id of ["set", "play", "next", "back", "scrub"]) $(id).disabled = false;
}

/** Plays `input` on the server and shows data set `set` at `t`; a refusal is shown with its
 *  place in the input selected. */
async function load(input, source, set = 1, t = 0) {
  if (view.playing) pause();
  textarea.value = input;
  say(message, "Playing…");
  let games;
  try {
    games = await api("/api/speed/play", input);
  } catch (error) {
    say(message, error.message, true);
    if (error.line) selectPlace(error.line, error.column || 1);
    return;
  }
  say(message, games.length === 1 ? "One data set." : `${games.length} data sets.`);
  view.source = source;
  view.games = games;
  $("set").replaceChildren(
    ...games.map((g, i) => el("option", { value: String(i + 1) }, `${i + 1}: ${g.winner} in ${g.end_ms} ms`)),
  );
  enableControls();
  choose(Math.min(Math.max(1, set), games.length), t);
}

function selectPlace(line, column) {
  const lines = textarea.value.split("\n");
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  at += column - 1;
  textarea.focus();
  textarea.setSelectionRange(at, Math.min(textarea.value.length, at + 1));
}

async function randomDeal(seed, deal, split, set, t) {
  const query = new URLSearchParams({ seed, deal, split });
  try {
    const answer = await api(`/api/speed/deal?${query}`);
    await load(answer.input, { seed, deal, split }, set, t);
  } catch (error) {
    say(message, error.message, true);
  }
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
    randomDeal($("seed").value.trim(), $("deal").value.trim(), $("split").value.trim());
  });
  $("set").addEventListener("change", () => {
    if (view.playing) pause();
    choose(Number($("set").value));
  });
  playButton.addEventListener("click", () => (view.playing ? pause() : play()));
  $("next").addEventListener("click", () => step(1));
  $("back").addEventListener("click", () => step(-1));
  scrub.addEventListener("input", () => seek(Number(scrub.value), false));
  scrub.addEventListener("change", remember);
  $("lang").addEventListener("change", () => {
    view.lang = $("lang").value;
    drawnAt = null;
    draw();
    remember();
  });
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target.matches("textarea, input[type=text], select") || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === " ") {
      event.preventDefault();
      if (view.playing) pause();
      else play();
    } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      step(event.key === "ArrowRight" ? 1 : -1);
    }
  });
  // The flying cards are placed in pixels: a new layout needs new measures.
  new ResizeObserver(() => {
    geometry = null;
    draw();
  }).observe(felt);
}

function start() {
  wire();
  const query = getQuery();
  view.lang = query.lang === "az" ? "az" : "en";
  $("lang").value = view.lang;
  const set = Number(query.set) || 1;
  const t = Number(query.t) || 0;
  if (query.input !== undefined) {
    load(query.input, { input: query.input }, set, t);
  } else if (query.seed !== undefined || query.deal !== undefined || query.split !== undefined) {
    const seed = query.seed ?? "1";
    const deal = query.deal ?? "0";
    const split = query.split ?? "26/26";
    $("seed").value = seed;
    $("deal").value = deal;
    $("split").value = split;
    randomDeal(seed, deal, split, set, t);
  } else {
    const k = Number(query.example);
    const example = EXAMPLES[k - 1] ? k : 1;
    load(EXAMPLES[example - 1].input, { example }, set, t);
  }
}

start();
