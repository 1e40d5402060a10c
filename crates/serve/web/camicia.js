// The Camicia page: a whole game asked once, then replayed. The server plays it: its trace
// (`POST /api/camicia/trace`, what `parlor camicia --trace --json` prints) says who laid each
// card, what was then owed and who took each pile, and its decks (`POST /api/camicia/decks`)
// are both decks at every round's start. The page knows no rule: a deck at any card is its
// round's start less the cards its player has laid since, which the trace lists, found in
// constant time.

import { $, api, el, say, holdState, getQuery } from "/parlor.js";
import { Replay } from "/replay.js";

/** The records the page offers, from the exercise's cases and docs/camicia.md. */
const RECORDS = [
  ["Kleber", 1999, "---JQ---K-A----A-J-K---QK-/-J-----------AJQA----K---Q", 5790, 805],
  ["Collins", 2006, "A-QK------Q----KA-----J---/-JAK----A--Q----J---QJ--K-", 6913, 960],
  ["Mann and Wu", 2007, "K-KK----K-A-----JAA--Q--J-/---Q---Q-J-----J------AQ--", 7157, 1007],
  ["Nessler", 2012, "----Q------A--K--A-A--QJK-/-Q--J--J---QK---K----JA---", 7207, 1015],
  ["Anderson", 2013, "--A-Q--J--J---Q--AJ-K---K-/-J-------Q------A--A--QKK-", 7225, 1016],
  ["Rucklidge", 2014, "-J------Q------AAA-----QQ-/K----JA-----------KQ-K-JJK", 7959, 1122],
  ["Nessler", 2021, "----K---A--Q-A--JJA------J/-----KK---------A-JK-Q-Q-Q", 7972, 1106],
  ["Nessler", 2022, "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---", 8344, 1164],
  ["Casella (loop)", 2024, "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA", 474, 66],
];

const message = $("message");
const scrub = $("scrub");
const playButton = $("play");

/** How many cards of a deck's top the page names. */
const TOP = 12;
/** How many of the pile's last cards are drawn face up. */
const FAN = 6;

/** The payment cards, drawn apart from the number cards. */
const PAYMENT = new Set("JQKA");

const state = {
  /** The game shown, ready for a position at any card; null before the first. */
  game: null,
  /** Cards laid at the position shown, played at the cards a second the speed asks. */
  clock: new Replay(() => Number($("speed").value) / 1000, (change) => update(change)),
  /** A game is being asked for. */
  loading: true,
  /** The request for it, aborted by the next. */
  asking: null,
};

/** The address: the deal and, once the clock rests, the card. */
function address(s) {
  return s.game && !s.clock.moving ? { deal: s.game.trace.deal, card: s.clock.position } : null;
}

const update = holdState(state, render, address);

const other = (player) => (player === "A" ? "B" : "A");

/** Prepares the trace and the decks for a position at any card in constant time. */
function prepare(trace, decks) {
  const cards = trace.laid.length;
  const taken = trace.taken;
  // Laid by A among the first n cards.
  const laidA = new Uint32Array(cards + 1);
  for (let i = 0; i < cards; i++) laidA[i + 1] = laidA[i] + (trace.by[i] === "A" ? 1 : 0);
  // The tricks announced by card n (its pile may still be on the table).
  const announced = new Uint32Array(cards + 1);
  for (let n = 0, t = 0; n <= cards; n++) {
    while (t < taken.length && taken[t] <= n) t++;
    announced[n] = t;
  }
  const roundStart = (round) => (round <= 1 ? 0 : taken[round - 2]);
  return {
    trace,
    cards,
    laidA,
    starts: decks.decks.map((both) => both.split("/")),
    announced,
    loopFrom: trace.repeat ? roundStart(trace.repeat.earlier) : null,
  };
}

/** The table after `n` cards: a pile taken by card n is still shown until the next card is
 *  laid, so that every card is seen; at the game's end every pile has been taken. */
function at(n) {
  const g = state.game;
  const announced = g.announced[n];
  const applied = n === g.cards ? announced : n > 0 && g.trace.taken[announced - 1] === n ? announced - 1 : announced;
  const from = applied === 0 ? 0 : g.trace.taken[applied - 1];
  const [startA, startB] = g.starts[applied];
  const laidA = g.laidA[n] - g.laidA[from];
  const handA = startA.slice(laidA);
  const handB = startB.slice(n - from - laidA);
  const pile = g.trace.laid.slice(from, n);
  const due = n > 0 ? Number(g.trace.due[n - 1]) : 0;
  const takes = announced > applied || (n === g.cards && announced > 0 && g.trace.taken[announced - 1] === n)
    ? g.trace.takers[announced - 1] : null;
  // Who owes lays the next card, as the trace's `due` says; owing after the last card, a player
  // had none to lay, and the other took the last pile (the trace's `unpaid`).
  let payer = null;
  if (due > 0) payer = n < g.cards ? g.trace.by[n] : other(g.trace.takers.at(-1));
  const next = n < g.cards ? g.trace.by[n] : null;
  return { n, handA, handB, pile, due, payer, takes, next, tricks: announced, round: applied + 1 };
}

function cardClass(c) {
  if (PAYMENT.has(c)) return "cam-card pay";
  return c === "-" ? "cam-card unknown" : "cam-card";
}

function cardText(c) {
  return c === "X" ? "10" : c;
}

/** The pile's face-up cards: FAN nodes, made once, their text changed. */
const fan = [];
function buildTable() {
  const pile = $("pile");
  pile.replaceChildren();
  fan.length = 0;
  for (let i = 0; i < FAN; i++) {
    const card = el("span", { class: "cam-card" });
    card.style.setProperty("--i", String(i));
    fan.push(card);
    pile.append(card);
  }
}

function stack(element, count) {
  // A deck's thickness grows with its cards, up to a point: a few nodes whatever the count.
  element.style.setProperty("--depth", String(Math.min(12, Math.ceil(count / 5))));
  element.classList.toggle("empty", count === 0);
}

/** A player's side of the table: its name and its part, its deck as a stack, its count and
 *  its top cards. */
function hand(player) {
  const id = player.toLowerCase();
  return [
    el("div", { class: "cam-who" }, `${player} `, el("span", { class: "cam-turn", id: `turn-${id}` })),
    el("div", { class: "cam-stack", id: `stack-${id}`, "aria-hidden": "true" }),
    el("div", { class: "cam-count" }, el("span", { id: `count-${id}` }, "0"), " cards"),
    el("div", { class: "cam-top", id: `top-${id}`, title: `${player}'s deck, top first` }),
  ];
}

/** The game whose totals and loop are drawn. */
let drawnGame = null;

function render() {
  const clock = state.clock;
  const label = clock.playing ? "⏸ Pause" : "▶ Play";
  if (playButton.textContent !== label) playButton.textContent = label;
  $("table").setAttribute("aria-busy", String(state.loading));
  const g = state.game;
  if (!g) return;
  if (drawnGame !== g) {
    drawnGame = g;
    $("card-total").textContent = g.cards.toLocaleString("en");
    $("trick-total").textContent = g.trace.tricks.toLocaleString("en");
    const band = $("loopband");
    band.hidden = g.loopFrom === null;
    if (g.loopFrom !== null && g.cards > 0) {
      band.style.left = `${(100 * g.loopFrom) / g.cards}%`;
      band.style.right = "0";
    }
  }
  const s = at(clock.position);
  $("count-a").textContent = String(s.handA.length);
  $("count-b").textContent = String(s.handB.length);
  stack($("stack-a"), s.handA.length);
  stack($("stack-b"), s.handB.length);
  $("top-a").textContent = topText(s.handA);
  $("top-b").textContent = topText(s.handB);
  const shown = s.pile.slice(-FAN);
  for (let i = 0; i < FAN; i++) {
    const c = shown[i];
    const card = fan[i];
    if (c === undefined) {
      card.hidden = true;
    } else {
      card.hidden = false;
      card.className = cardClass(c) + (i === shown.length - 1 ? " last" : "");
      card.textContent = cardText(c);
    }
  }
  $("pile-count").textContent = String(s.pile.length);
  $("due").textContent = dueText(s);
  $("due").classList.toggle("owing", s.due > 0);
  $("turn-a").textContent = role(s, "A");
  $("turn-b").textContent = role(s, "B");
  $("hand-a").classList.toggle("active", s.next === "A");
  $("hand-b").classList.toggle("active", s.next === "B");
  $("card-n").textContent = s.n.toLocaleString("en");
  $("trick-n").textContent = s.tricks.toLocaleString("en");
  $("round-n").textContent = s.round.toLocaleString("en");
  clock.show(scrub);
  verdict(s);
}

function role(s, player) {
  if (s.payer === player) return "pays";
  if (s.takes === player) return "takes";
  return s.next === player ? "to lay" : "";
}

function topText(hand) {
  if (hand.length === 0) return "no card";
  const top = [...hand.slice(0, TOP)].map(cardText).join(" ");
  return hand.length > TOP ? `${top} …` : top;
}

function dueText(s) {
  if (s.takes) {
    const count = s.pile.length || lastPileSize(s.n);
    return `${s.takes} takes the pile (${count} cards)`;
  }
  if (s.due > 0) return `${s.payer} owes ${s.due} card${s.due > 1 ? "s" : ""}`;
  return "no penalty";
}

function lastPileSize(n) {
  const taken = state.game.trace.taken;
  const t = state.game.announced[n];
  return taken[t - 1] - (t >= 2 ? taken[t - 2] : 0);
}

function verdict(s) {
  const box = $("verdict");
  const game = state.game;
  const t = game.trace;
  const inLoop = game.loopFrom !== null && s.n >= game.loopFrom && s.n > 0;
  box.classList.toggle("won", t.status === "finished" && s.n === game.cards);
  box.classList.toggle("lost", t.status === "loop" && (inLoop || s.n === game.cards));
  if (s.n === game.cards) {
    if (t.status === "finished") {
      const winner = s.handA.length === 0 ? "B" : "A";
      box.textContent = `Finished: ${winner} holds all ${(s.handA.length + s.handB.length).toLocaleString("en")} cards after ${t.cards.toLocaleString("en")} cards and ${t.tricks.toLocaleString("en")} tricks.`;
    } else {
      box.textContent = `Loop: the start of round ${t.repeat.later} repeats the start of round ${t.repeat.earlier}, so rounds ${t.repeat.earlier} to ${t.repeat.later - 1} come back forever. Reported after ${t.cards.toLocaleString("en")} cards and ${t.tricks.toLocaleString("en")} tricks.`;
    }
  } else if (inLoop) {
    box.textContent = `In the loop: rounds ${t.repeat.earlier} to ${t.repeat.later - 1} repeat forever.`;
  } else {
    box.textContent = t.status === "finished"
      ? `This game finishes after ${t.cards.toLocaleString("en")} cards.`
      : `This game never ends: it loops from round ${t.repeat.earlier}.`;
  }
}

/** Shows card `n`, paused. */
function go(n) {
  update((s) => s.clock.seek(n));
}

function trickStep(direction) {
  const g = state.game;
  if (!g) return;
  const position = state.clock.position;
  const taken = g.trace.taken;
  if (direction > 0) {
    const t = taken.findIndex((c) => c > position);
    go(t < 0 ? g.cards : taken[t]);
  } else {
    let target = 0;
    for (const c of taken) if (c < position) target = c;
    go(target);
  }
}

/** Asks the game of `deal` (any notation `parlor camicia` reads) and shows it at `card`. */
async function open(deal, card = 0) {
  const asking = new AbortController();
  update((s) => {
    s.clock.pause();
    s.asking?.abort();
    s.asking = asking;
    s.loading = true;
  });
  say(message, "Playing the game…");
  performance.clearMarks();
  performance.mark("camicia-request");
  let trace;
  let decks;
  try {
    const ask = (path) => api(path, deal, { signal: asking.signal });
    [trace, decks] = await Promise.all([ask("/api/camicia/trace"), ask("/api/camicia/decks")]);
  } catch (error) {
    if (error.name === "AbortError") return;
    say(message, error.message, true);
    update((s) => {
      s.loading = false;
    });
    return;
  }
  update((s) => {
    s.game = prepare(trace, decks);
    s.clock.load(s.game.cards, Number.isInteger(card) ? card : 0);
    s.loading = false;
  });
  if ($("kind").value === "deal") $("what").value = trace.deal;
  const [a, b] = trace.deal.split("/");
  say(message, `A ${a.length} cards, B ${b.length}: ${trace.status}, ${trace.cards.toLocaleString("en")} cards, ${trace.tricks.toLocaleString("en")} tricks.`);
  performance.mark("camicia-ready");
  performance.measure("camicia-load", "camicia-request", "camicia-ready");
}
/** The deal of an index or a seed, from the server. */
async function dealOf(kind, text) {
  const query = kind === "index" ? `index=${encodeURIComponent(text)}` : `seed=${encodeURIComponent(text)}`;
  const answer = await api(`/api/camicia/deal?${query}`);
  return answer.deal;
}

async function choose(event) {
  event.preventDefault();
  const kind = $("kind").value;
  const text = $("what").value.trim();
  if (kind === "deal") {
    await open(text);
    return;
  }
  try {
    await open(await dealOf(kind, text));
  } catch (error) {
    say(message, error.message, true);
  }
}

function records() {
  const body = $("records").querySelector("tbody");
  for (const [who, year, deal, cards, tricks] of RECORDS) {
    const button = el("button", { type: "button", class: "link", onclick: () => {
      $("kind").value = "deal";
      $("what").value = deal;
      open(deal);
    } }, who);
    body.append(el("tr", {}, el("td", {}, button), el("td", { class: "number" }, String(year)),
      el("td", { class: "number" }, cards.toLocaleString("en")), el("td", { class: "number" }, tricks.toLocaleString("en"))));
  }
}

function keys(event) {
  if (event.target.closest("input[type=text], select, textarea")) return;
  if (event.key === " ") {
    event.preventDefault();
    update((s) => s.clock.toggle());
  } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
    event.preventDefault();
    const direction = event.key === "ArrowRight" ? 1 : -1;
    if (event.shiftKey) trickStep(direction);
    else go(state.clock.position + direction);
  } else if (event.key === "Home") {
    event.preventDefault();
    go(0);
  } else if (event.key === "End") {
    event.preventDefault();
    go(state.clock.length);
  }
}

function start() {
  $("hand-a").replaceChildren(...hand("A"));
  $("hand-b").replaceChildren(...hand("B"));
  buildTable();
  records();
  $("choose").addEventListener("submit", choose);
  $("kind").addEventListener("change", () => {
    const kind = $("kind").value;
    $("what").placeholder = kind === "deal" ? "A's deck/B's deck" : kind === "index" ? "0 to 653534134886878244999" : "a whole number";
    $("what").value = "";
  });
  playButton.addEventListener("click", () => update((s) => s.clock.toggle()));
  $("start").addEventListener("click", () => go(0));
  $("end").addEventListener("click", () => go(state.clock.length));
  $("back").addEventListener("click", () => go(state.clock.position - 1));
  $("forward").addEventListener("click", () => go(state.clock.position + 1));
  $("trick-back").addEventListener("click", () => trickStep(-1));
  $("trick-forward").addEventListener("click", () => trickStep(1));
  state.clock.slider(scrub);
  document.addEventListener("keydown", keys);
  fromAddress();
}

/** The game and the card the address names; Nessler's record unless it names one. */
function fromAddress() {
  const query = getQuery();
  const deal = query.deal || RECORDS[7][2];
  $("what").value = deal;
  open(deal, Number.parseInt(query.card ?? "0", 10));
}

start();
