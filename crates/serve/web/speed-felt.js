// Speed's felt: the decks, slots and tables of both seats and the cards in their hands, drawn
// at any millisecond of a game from its log (the events of `POST /api/speed/play`, or of a game
// against the robot, `POST /api/speed/versus`, in the same shape). The watching page and the
// game against the robot draw on it alike; neither decides a move.

import { $, el } from "/parlor.js";
import { cardBack, cardElement, face } from "/cards.js";

/** A card as every page names it in words: `3♥`, not the log's `H3`. */
export const name = (code) => face(code).text;

/** `A deck`, `B slot 2`, `table A`: a place on the felt, from an event's `from` or `to`. */
export function placeOf(robot, where) {
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
export function lengthOf(e, times) {
  if (e.kind === "draw") return times.draw_ms;
  if (e.kind === "return") return times.return_ms;
  return e.to === times.right[e.robot] ? times.right_ms : times.left_ms;
}

/**
 * A game made ready for replay: every change of a place (a card leaving at an action's start,
 * arriving at its end), in the order the rule book resolves an instant — completions before the
 * choices made at it — and each action's path across the felt as a function of the clock.
 */
export function prepare(json, times) {
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
  // A game against the robot not over yet is known up to its step's instant.
  const last = json.end_ms ?? json.at;
  const instants = new Set([0, last]);
  for (const e of json.events) instants.add(e.start).add(e.end);
  for (const w of json.waits) instants.add(w.start).add(w.end);
  return {
    json,
    changes,
    paths,
    instants: [...instants].filter((t) => t <= last).sort((x, y) => x - y),
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

export function describe(game, t) {
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

/** What `robot` is doing at `t`, in a word and a card. */
function doing(game, robot, t, hand) {
  const end = game.json.end_ms;
  if (end !== null && t >= end) return game.json.winner === robot ? "has won" : "";
  if (hand !== null) {
    const e = game.json.events[hand];
    return { opening: "opens", restart: "restarts", draw: "draws", move: "moves", return: "returns" }[e.kind] + ` ${name(e.card)}`;
  }
  return game.json.waits.some((w) => w.robot === robot && w.start <= t && t < w.end) ? "waits" : "";
}

/**
 * The felt of the page (`#felt`, its sides `#side-top` and `#side-bottom`, their lanes, and
 * `#tables`): a place element for every deck, slot and table (`data-place="A slot 2"`) and a
 * flying card for each seat, built once per game; frames then touch only what changed.
 */
export class Felt {
  constructor() {
    this.felt = $("felt");
    this.places = new Map();
    this.flying = {};
    this.sideLabels = {};
    /** Where each place's pile sits on the felt, measured once per layout. */
    this.geometry = null;
    /** What was drawn: {game, instant, end}. */
    this.drawn = null;
  }

  placeElement(key, label) {
    const node = el("div", { class: "speed-place", dataset: { place: key } });
    const pile = el("div", { class: "pile speed-pile" });
    const caption = el("div", { class: "speed-caption" }, label);
    node.append(pile, caption);
    this.places.set(key, { node, pile, caption, label, shown: null });
    return node;
  }

  /**
   * Lays out the places afresh: `bottom` the seat drawn below (A unless given; the player's, in
   * a game against the robot), `names` each seat's name.
   */
  build(bottom = "A", names = { A: "Robot A", B: "Robot B" }) {
    this.places.clear();
    this.bottom = bottom;
    for (const robot of ["A", "B"]) {
      const end = robot === bottom ? "bottom" : "top";
      const side = $(`side-${end}`);
      const slots = [1, 2, 3, 4].map((n) => this.placeElement(`${robot} slot ${n}`, `slot ${n}`));
      const deck = this.placeElement(`${robot} deck`, "deck");
      // Each seat's slot 1 is on its own right: the seat below faces up the screen, the one
      // above down it.
      const row = end === "bottom" ? [deck, ...slots.reverse()] : [...slots, deck];
      this.sideLabels[robot] = el("span", { class: "speed-doing" });
      side.replaceChildren(
        el("div", { class: "speed-who" }, el("strong", {}, names[robot]), this.sideLabels[robot]),
        el("div", { class: "speed-row" }, row),
      );
      side.dataset.seat = robot;
      this.flying[robot]?.node.remove();
      this.flying[robot] = { node: el("div", { class: "speed-fly", hidden: true }), event: null };
      this.felt.append(this.flying[robot].node);
    }
    // Each seat's right table on its right: table A on the screen's right when A sits below.
    const tables = [this.placeElement("table B", "table B"), this.placeElement("table A", "table A")];
    $("tables").replaceChildren(...(bottom === "A" ? tables : tables.reverse()));
    this.geometry = null;
    this.drawn = null;
  }

  /** The layout changed: the flying cards need new measures. */
  remeasure() {
    this.geometry = null;
  }

  /** Each place's point in a lane: a card in a seat's hand level with the place, at the size
   *  the sheet gives a card in a hand, in the middle of the seat's lane. */
  measure() {
    const origin = this.felt.getBoundingClientRect();
    const hand = Number(getComputedStyle(this.felt).getPropertyValue("--hand")) || 1;
    const laneOf = (robot) => $(`lane-${robot === this.bottom ? "bottom" : "top"}`).getBoundingClientRect();
    const lanes = { A: laneOf("A"), B: laneOf("B") };
    const level = (pile, robot) => {
      const r = pile.getBoundingClientRect();
      const lane = lanes[robot];
      return { x: r.left + (r.width * (1 - hand)) / 2 - origin.left, y: lane.top + (lane.height - r.height * hand) / 2 - origin.top };
    };
    const geometry = new Map();
    geometry.hand = hand;
    for (const [key, place] of this.places) {
      if (!key.startsWith("table")) geometry.set(key, level(place.pile, key[0]));
      else for (const robot of ["A", "B"]) geometry.set(`${key} from ${robot}`, level(place.pile, robot));
    }
    this.geometry = geometry;
  }

  showPlace(place, cards, key) {
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

  /**
   * Draws `game` (as `prepare` made it) at `t`: the places when an instant was crossed, the
   * flying cards every frame. Whether an instant was crossed (or the game is new), so that the
   * page redraws what it says of it.
   */
  draw(game, t) {
    if (!this.geometry) this.measure();
    const instant = game.instants.filter((i) => i <= t).length;
    const end = game.json.end_ms;
    const over = end !== null && t >= end;
    const crossed = this.drawn?.game !== game || this.drawn.instant !== instant || this.drawn.end !== over;
    if (crossed) {
      for (const [key, cards] of placesAt(game, t)) this.showPlace(this.places.get(key), cards, key);
    }
    for (const robot of ["A", "B"]) {
      const hand = handAt(game, robot, t);
      const fly = this.flying[robot];
      const shown = hand === null ? null : `${game.json.events[hand].card}|${game.json.events[hand].start}`;
      if (fly.shown !== shown) {
        fly.shown = shown;
        fly.node.hidden = hand === null;
        fly.node.replaceChildren(...(hand === null ? [] : [cardElement(game.json.events[hand].card, { classes: "in-hand" })]));
        fly.node.dataset.card = hand === null ? "" : game.json.events[hand].card;
        // A card sent back is drawn as one: it failed to land.
        fly.node.classList.toggle("returning", hand !== null && game.json.events[hand].kind === "return");
      }
      if (hand !== null) {
        const path = game.paths[hand];
        const p = Math.min(1, Math.max(0, path.at(t)));
        const a = this.geometry.get(path.from);
        const b = this.geometry.get(path.to);
        fly.node.style.transform = `translate(${(a.x + (b.x - a.x) * p).toFixed(1)}px, ${(a.y + (b.y - a.y) * p).toFixed(1)}px) scale(${this.geometry.hand})`;
      }
      const words = doing(game, robot, t, hand);
      if (this.sideLabels[robot].textContent !== words) this.sideLabels[robot].textContent = words;
    }
    this.drawn = { game, instant, end: over };
    return crossed;
  }
}
