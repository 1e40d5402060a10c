// The Camicia page: a whole game asked once (`parlor camicia --trace --json`), then replayed.
// The page knows no rule: who lays each card, what is owed and who takes each pile all come in
// the trace; the page only moves cards where the trace says, so both decks at any card follow
// from the deal and the cards laid (a deck is the cards that went in, less those that came out).

import { $, api, el, say, setQuery, getQuery } from "/parlor.js";

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

/** The replay of one trace: everything a position needs, found without stepping. */
let game = null;
/** Cards laid at the position shown. */
let position = 0;
let playing = false;
let lastFrame = 0;
let carry = 0;
let saving = 0;
let asking = null;

/** Prepares the trace for positions at any card in constant time. */
function prepare(trace) {
  const cards = trace.laid.length;
  const taken = trace.taken;
  const [deckA, deckB] = trace.deal.split("/");
  // Laid by A among the first n cards: A's deck at card n starts that far into the cards that
  // entered it.
  const laidA = new Uint32Array(cards + 1);
  for (let i = 0; i < cards; i++) laidA[i + 1] = laidA[i] + (trace.by[i] === "A" ? 1 : 0);
  // The cards that entered each deck, in order: the deal, then every pile it took.
  const entered = { A: [deckA], B: [deckB] };
  const enteredA = new Uint32Array(taken.length + 1);
  const enteredB = new Uint32Array(taken.length + 1);
  enteredA[0] = deckA.length;
  enteredB[0] = deckB.length;
  for (let t = 0; t < taken.length; t++) {
    const pile = trace.laid.slice(t === 0 ? 0 : taken[t - 1], taken[t]);
    entered[trace.takers[t]].push(pile);
    enteredA[t + 1] = enteredA[t] + (trace.takers[t] === "A" ? pile.length : 0);
    enteredB[t + 1] = enteredB[t] + (trace.takers[t] === "B" ? pile.length : 0);
  }
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
    enteredA,
    enteredB,
    sequence: { A: entered.A.join(""), B: entered.B.join("") },
    announced,
    loopFrom: trace.repeat ? roundStart(trace.repeat.earlier) : null,
  };
}

/** The table after `n` cards: a pile taken by card n is still shown until the next card is
 *  laid, so that every card is seen; at the game's end every pile has been taken. */
function at(n) {
  const g = game;
  const announced = g.announced[n];
  const applied = n === g.cards ? announced : n > 0 && g.trace.taken[announced - 1] === n ? announced - 1 : announced;
  const laidA = g.laidA[n];
  const laidB = n - laidA;
  const handA = g.sequence.A.slice(laidA, g.enteredA[applied]);
  const handB = g.sequence.B.slice(laidB, g.enteredB[applied]);
  const pileFrom = applied === 0 ? 0 : g.trace.taken[applied - 1];
  const pile = g.trace.laid.slice(pileFrom, n);
  const due = n > 0 ? Number(g.trace.due[n - 1]) : 0;
  const takes = announced > applied || (n === g.cards && announced > 0 && g.trace.taken[announced - 1] === n)
    ? g.trace.takers[announced - 1] : null;
  // Who owes is who lays the next card; a pile taken first was taken from a player with none.
  let payer = null;
  if (due > 0) payer = takes ? (takes === "A" ? "B" : "A") : g.trace.by[n];
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

function render() {
  if (!game) return;
  const s = at(position);
  const g = game;
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
  scrub.value = String(position);
  verdict(s);
  // The address follows once the position rests: browsers throttle history updates made at
  // the pace of frames or of a dragged slider.
  clearTimeout(saving);
  saving = setTimeout(() => setQuery({ deal: g.trace.deal, card: position }), 200);
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
  const taken = game.trace.taken;
  const t = game.announced[n];
  return taken[t - 1] - (t >= 2 ? taken[t - 2] : 0);
}

function verdict(s) {
  const box = $("verdict");
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

function go(n) {
  if (!game) return;
  position = Math.max(0, Math.min(game.cards, n));
  render();
}

function trickStep(direction) {
  if (!game) return;
  const taken = game.trace.taken;
  if (direction > 0) {
    const t = taken.findIndex((c) => c > position);
    go(t < 0 ? game.cards : taken[t]);
  } else {
    let target = 0;
    for (const c of taken) if (c < position) target = c;
    go(target);
  }
}

function setPlaying(on) {
  playing = on && game !== null && game.cards > 0;
  playButton.textContent = playing ? "⏸ Pause" : "▶ Play";
  if (playing) {
    if (position >= game.cards) position = 0;
    lastFrame = performance.now();
    carry = 0;
    requestAnimationFrame(frame);
  } else {
    render();
  }
}

function frame(now) {
  if (!playing) return;
  carry += ((now - lastFrame) / 1000) * Number($("speed").value);
  lastFrame = now;
  const whole = Math.floor(carry);
  if (whole > 0) {
    carry -= whole;
    position = Math.min(game.cards, position + whole);
    render();
  }
  if (position >= game.cards) {
    setPlaying(false);
    return;
  }
  requestAnimationFrame(frame);
}

/** Asks the trace of `deal` (any notation `parlor camicia` reads) and shows it at `card`. */
async function open(deal, card = 0) {
  setPlaying(false);
  asking?.abort();
  asking = new AbortController();
  $("table").setAttribute("aria-busy", "true");
  say(message, "Playing the game…");
  performance.clearMarks();
  performance.mark("camicia-request");
  let trace;
  try {
    trace = await api("/api/camicia/trace", deal, { signal: asking.signal });
  } catch (error) {
    if (error.name === "AbortError") return;
    say(message, error.message, true);
    $("table").setAttribute("aria-busy", "false");
    return;
  }
  game = prepare(trace);
  scrub.max = String(game.cards);
  $("card-total").textContent = game.cards.toLocaleString("en");
  $("trick-total").textContent = trace.tricks.toLocaleString("en");
  const band = $("loopband");
  band.hidden = game.loopFrom === null;
  if (game.loopFrom !== null && game.cards > 0) {
    band.style.left = `${(100 * game.loopFrom) / game.cards}%`;
    band.style.right = "0";
  }
  if ($("kind").value === "deal") $("what").value = trace.deal;
  const [a, b] = trace.deal.split("/");
  say(message, `A ${a.length} cards, B ${b.length}: ${trace.status}, ${trace.cards.toLocaleString("en")} cards, ${trace.tricks.toLocaleString("en")} tricks.`);
  go(Number.isInteger(card) ? card : 0);
  $("table").setAttribute("aria-busy", "false");
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
    setPlaying(!playing);
  } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
    event.preventDefault();
    setPlaying(false);
    const direction = event.key === "ArrowRight" ? 1 : -1;
    if (event.shiftKey) trickStep(direction);
    else go(position + direction);
  } else if (event.key === "Home") {
    event.preventDefault();
    go(0);
  } else if (event.key === "End") {
    event.preventDefault();
    go(game ? game.cards : 0);
  }
}

function start() {
  buildTable();
  records();
  $("choose").addEventListener("submit", choose);
  $("kind").addEventListener("change", () => {
    const kind = $("kind").value;
    $("what").placeholder = kind === "deal" ? "A's deck/B's deck" : kind === "index" ? "0 to 653534134886878244999" : "a whole number";
    $("what").value = "";
  });
  playButton.addEventListener("click", () => setPlaying(!playing));
  $("start").addEventListener("click", () => { setPlaying(false); go(0); });
  $("end").addEventListener("click", () => { setPlaying(false); go(game ? game.cards : 0); });
  $("back").addEventListener("click", () => { setPlaying(false); go(position - 1); });
  $("forward").addEventListener("click", () => { setPlaying(false); go(position + 1); });
  $("trick-back").addEventListener("click", () => { setPlaying(false); trickStep(-1); });
  $("trick-forward").addEventListener("click", () => { setPlaying(false); trickStep(1); });
  scrub.addEventListener("input", () => {
    const card = Number(scrub.value);
    setPlaying(false);
    go(card);
  });
  document.addEventListener("keydown", keys);
  const query = getQuery();
  const deal = query.deal || RECORDS[7][2];
  $("what").value = deal;
  open(deal, Number.parseInt(query.card ?? "0", 10));
}

start();
