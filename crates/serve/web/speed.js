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
// (the verdict in the words of the original problem statement). A game played against the robot
// (speed-versus.js) is replayed from its deal (input or seed) and &seat=A&reaction=MS&log=…, the
// server playing the player's log out to the end (`POST /api/speed/versus?until=end`).

import { $, api, el, say, holdState, getQuery, selectPlace, celebrate } from "/parlor.js";
import { Felt, describe, prepare } from "/speed-felt.js";
import { Replay } from "/replay.js";
import { versus } from "/speed-versus.js";

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

const clockText = $("clock");
const scrub = $("scrub");
const playButton = $("play");
const verdictLine = $("verdict");
const happening = $("happening");
const message = $("message");
const textarea = $("input");

const felt = new Felt();
/** What the page shows: {games, game, end, lang}. */
let drawn = null;

/** The seats' names: a game against the robot names the player's. */
function names(source) {
  if (!source.seat) return undefined;
  const robot = source.seat === "A" ? "B" : "A";
  return { [source.seat]: `You (${source.seat})`, [robot]: `Robot ${robot} (${source.reaction || 0} ms)` };
}

/** The page at the clock's millisecond: the places when an instant was crossed, the flying
 *  cards every frame. */
function render() {
  const game = state.game;
  const clock = state.clock;
  if (state.times && !$("times").textContent) $("times").textContent = timesText(state.times);
  if (!game || versus.playing()) return;
  if (drawn?.game !== game) {
    if (drawn?.games !== state.games) {
      $("set").replaceChildren(
        ...state.games.map((g, i) => el("option", { value: String(i + 1) }, `${i + 1}: ${g.winner} in ${g.end_ms} ms`)),
      );
      for (const id of ["set", "play", "next", "back", "scrub", "versus-start"]) $(id).disabled = false;
    }
    felt.build(state.source.seat ?? "A", names(state.source));
    $("set").value = String(state.set);
    $("length").textContent = String(game.json.end_ms);
    $("felt").removeAttribute("aria-busy");
  }
  const t = clock.position;
  const over = t >= game.json.end_ms;
  if (felt.draw(game, t) || drawn.lang !== state.lang) {
    happening.textContent = describe(game, t);
    verdictLine.hidden = !over;
    verdictLine.textContent = over ? VERDICT[state.lang](game.json.winner) : "";
    $("lang").value = state.lang;
    // Seen to end, not opened at its end: every game of Speed has a winner.
    if (over && drawn?.game === game && !drawn.end) celebrate(verdictLine);
  }
  drawn = { games: state.games, game, end: over, lang: state.lang };
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
    games = source.seat ? [await replayed(input, source)] : await api("/api/speed/play", input);
  } catch (error) {
    say(message, error.message, true);
    if (error.line) selectPlace(textarea, error.line, error.column || 1);
    return;
  }
  $("versus-linked").hidden = !source.seat;
  if (source.seat) say(message, `A game against the robot: ${games[0].winner === source.seat ? "you win" : "the robot wins"}.`);
  else say(message, games.length === 1 ? "One data set." : `${games.length} data sets.`);
  update((s) => {
    s.source = source;
    s.games = games;
    watch(s, set, t);
  });
}

/** The game against the robot that `source` names (its `seat`, `reaction` and `log`) on the
 *  deal `input`, played out to its end by the server. */
async function replayed(input, source) {
  const { seat, reaction = "0", log = "" } = source;
  const game = await api(`/api/speed/versus?${new URLSearchParams({ seat, reaction, log, until: "end" })}`, input);
  if (game.stop !== "over") {
    throw new Error(`this log ends before its game does: the game stands still at ${game.at} ms, waiting for the player`);
  }
  return game;
}

/** The deal watched as a game against the robot takes it, contest input of one data set, and
 *  as a link names it. */
function watchedDeal(s) {
  const g = s.games[s.set - 1];
  const input = `${g.a.length}\n${g.a.join(" ")}\n${g.b.length}\n${g.b.join(" ")}\n0\n`;
  const { seed, deal, split } = s.source;
  return { input, deal: seed !== undefined ? { seed, deal, split } : { input } };
}

/** Plays the deal watched against the robot, as the form says. */
function playWatched() {
  if (!state.games.length) return;
  update((s) => s.clock.pause());
  const { input, deal } = watchedDeal(state);
  versus.start({
    felt,
    times: state.times,
    input,
    deal,
    seat: $("versus-seat").value,
    reaction: $("versus-reaction").value,
    onLeave: () => {
      drawn = null;
      update();
    },
  });
}

/** Deals a random deal as `given` names it, `{seed, deal, split}`: the server takes its own
 *  default for each one left out, and the form then shows what it took. */
async function randomDeal(given, set, t, played = {}) {
  const query = new URLSearchParams(Object.entries(given).filter(([, value]) => value !== undefined));
  try {
    const answer = await api(`/api/speed/deal?${query}`);
    const source = { ...showDeal(answer), ...played };
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
  $("versus-form").addEventListener("submit", (event) => {
    event.preventDefault();
    playWatched();
  });
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (versus.playing() || target.matches("textarea, input[type=text], select") || event.altKey || event.ctrlKey || event.metaKey) return;
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
    felt.remeasure();
    update();
  }).observe($("felt"));
}

/** The game the address names. */
function fromAddress() {
  const query = getQuery();
  update((s) => {
    s.lang = query.lang === "az" ? "az" : "en";
  });
  const set = Number(query.set) || 1;
  const t = Number(query.t) || 0;
  // A game against the robot, to replay: the player's seat, the robot's reaction, the log.
  const played = query.seat === undefined ? {} : { seat: query.seat, reaction: query.reaction ?? "0", log: query.log ?? "" };
  if (query.input !== undefined) {
    load(query.input, { input: query.input, ...played }, set, t);
  } else if (query.seed !== undefined || query.deal !== undefined || query.split !== undefined) {
    randomDeal({ seed: query.seed, deal: query.deal, split: query.split }, set, t, played);
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
