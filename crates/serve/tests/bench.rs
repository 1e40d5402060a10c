//! `cargo bench -p serve --bench serve`: this build's server, started in this process on a free
//! port of 127.0.0.1, measured as its pages use it, and a short table of the figures:
//!
//! - (a) a move's round trip: `POST /api/hiq/board` with the line so far, and `GET
//!   /api/russian/game` with the deal and its moves, along seeded random games;
//! - (b) the Hi-Q verdict for the positions of 20 to 31 pegs those games pass through;
//! - (c) a Russian Solitaire hint (30 layouts) for the positions of the Russian games;
//! - (d) 50 clients at once sending 10,000 requests of every kind;
//! - (e) what the first load of each page weighs;
//! - (f) the Hi-Q verdict as the page asks it, `POST /api/hiq/verdict` with the line so far,
//!   answered by the table: for every position after 1 to 4 jumps from the standard start, and
//!   after every jump of 1,000 random lines.
//!
//! `cargo bench -p serve --bench serve -- hiq-verdict` measures (f) alone. The games are drawn
//! by a fixed generator, so that every run asks the same questions.

// What the bench shares with the tests: their client, how they read the pages, and what they
// draw at random.
mod support {
    pub mod agent;
    pub mod pages;
    pub mod random;
}

use support::random::{Rng, hiq_line};

use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Barrier;
use std::thread;
use std::time::{Duration, Instant};

/// Every hole but the centre.
const STANDARD: &str =
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33";

/// Round trips measured for each kind of move.
const MOVES: usize = 2_000;
/// Random Hi-Q games whose positions of 20 to 31 pegs are given to the solver: 12 each.
const VERDICT_GAMES: usize = 20;
/// Russian Solitaire positions hinted.
const HINTS: usize = 1_000;
/// A random Russian game can go back and forth forever; its line stays well inside the
/// server's 8 KiB request head.
const LONGEST_GAME: usize = 150;
const CLIENTS: usize = 50;
const LOAD_REQUESTS: usize = 10_000;
/// The load test stops by itself after this long, whatever it has done.
const LOAD_DEADLINE: Duration = Duration::from_secs(300);
/// Random Hi-Q lines whose every position's verdict is timed from the table.
const RANDOM_LINES: usize = 1_000;

struct Reply {
    /// 0 when the exchange failed.
    status: u16,
    body: Vec<u8>,
    took: Duration,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "{} not JSON ({e}): {}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    fn ok(self) -> Reply {
        assert_eq!(self.status, 200, "{}", String::from_utf8_lossy(&self.body));
        self
    }
}

/// One keep-alive connection's worth of client.
struct Client {
    agent: ureq::Agent,
    base: String,
}

impl Client {
    fn new(base: &str) -> Client {
        Client {
            agent: support::agent::agent(),
            base: base.to_owned(),
        }
    }

    fn send(&self, method: &str, path: &str, body: &[u8]) -> Reply {
        let url = format!("{}{path}", self.base);
        let started = Instant::now();
        let response = match method {
            "GET" => self.agent.get(url).call(),
            _ => self.agent.post(url).send(body),
        };
        let (status, body) = match response {
            Ok(mut response) => {
                let status = response.status().as_u16();
                match response.body_mut().read_to_vec() {
                    Ok(body) => (status, body),
                    Err(_) => (0, Vec::new()),
                }
            }
            Err(_) => (0, Vec::new()),
        };
        Reply {
            status,
            body,
            took: started.elapsed(),
        }
    }

    fn get(&self, path: &str) -> Reply {
        self.send("GET", path, b"")
    }

    fn post(&self, path: &str, body: &str) -> Reply {
        self.send("POST", path, body.as_bytes())
    }
}

fn quantile(sorted: &[Duration], q: f64) -> Duration {
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// The `q` quantile of `sorted` in milliseconds, as the report writes it; `1.0` is the longest.
fn ms(sorted: &[Duration], q: f64) -> String {
    format!("{:.2} ms", quantile(sorted, q).as_secs_f64() * 1e3)
}

/// `p50 …, p99 …, max …` of `sorted`, as the report's lines give them.
fn spread(sorted: &[Duration]) -> String {
    format!(
        "p50 {}, p99 {}, max {}",
        ms(sorted, 0.5),
        ms(sorted, 0.99),
        ms(sorted, 1.0)
    )
}

fn sorted(mut times: Vec<Duration>) -> Vec<Duration> {
    times.sort();
    times
}

fn jumps(json: &Value, key: &str) -> Vec<(u64, u64)> {
    json[key]
        .as_array()
        .expect("jumps")
        .iter()
        .map(|j| (j["from"].as_u64().unwrap(), j["to"].as_u64().unwrap()))
        .collect()
}

/// What the random Hi-Q games gave: each move's round trip, the positions to solve, and easy
/// positions (ten pegs or fewer) for the load test.
#[derive(Default)]
struct HiqGames {
    moves: Vec<Duration>,
    lines: Vec<String>,
    verdicts: Vec<String>,
    easy: Vec<String>,
}

fn hiq_games(client: &Client, rng: &mut Rng) -> HiqGames {
    let mut games = HiqGames::default();
    let mut game = 0;
    while games.moves.len() < MOVES || game < VERDICT_GAMES {
        let mut line: Vec<String> = Vec::new();
        loop {
            let query = line.join(",");
            let reply = client
                .post(&format!("/api/hiq/board?line={query}"), STANDARD)
                .ok();
            if !line.is_empty() {
                games.moves.push(reply.took);
                games.lines.push(query);
            }
            let json = reply.json();
            let legal = jumps(&json, "legal");
            if legal.is_empty() {
                break;
            }
            let remaining = json["remaining"].as_array().expect("pegs");
            let holes: Vec<String> = remaining.iter().map(ToString::to_string).collect();
            let position = holes.join(" ");
            match remaining.len() {
                20..=31 if game < VERDICT_GAMES => games.verdicts.push(position),
                ..=10 => games.easy.push(position),
                _ => {}
            }
            let (from, to) = legal[rng.below(legal.len())];
            line.push(format!("{from}-{to}"));
        }
        game += 1;
    }
    games
}

/// What the random Russian games gave: each move's round trip, the games as queries, and the
/// tables where a move was to be made.
#[derive(Default)]
struct RussianGames {
    moves: Vec<Duration>,
    queries: Vec<String>,
    tables: Vec<String>,
}

fn russian_games(client: &Client, rng: &mut Rng) -> RussianGames {
    let mut games = RussianGames::default();
    let mut deal = 0u64;
    while games.moves.len() < MOVES {
        deal += 1;
        let mut line: Vec<String> = Vec::new();
        while line.len() < LONGEST_GAME {
            let query = format!("deal={deal}&moves={}", line.join(","));
            let reply = client.get(&format!("/api/russian/game?{query}")).ok();
            if !line.is_empty() {
                games.moves.push(reply.took);
                games.queries.push(query);
            }
            let json = reply.json();
            let legal = json["legal"].as_array().expect("moves").clone();
            if legal.is_empty() {
                break;
            }
            games
                .tables
                .push(json["table"].as_str().expect("a table").to_owned());
            let chosen = &legal[rng.below(legal.len())];
            line.push(format!(
                "{}-{}",
                chosen["card"].as_str().expect("a card"),
                chosen["to"]
            ));
        }
    }
    games
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Kind {
    Page,
    Board,
    Game,
    Hint,
    Solve,
}

/// Twenty requests of a client's: pages and moves most, hints and verdicts a tenth each.
const MIX: [Kind; 20] = {
    use Kind::*;
    [
        Page, Page, Page, Page, Board, Board, Board, Board, Board, Board, Game, Game, Game, Game,
        Game, Game, Hint, Hint, Solve, Solve,
    ]
};

struct Load {
    wall: Duration,
    /// Every request's kind, status and time.
    done: Vec<(Kind, u16, Duration)>,
}

fn load(base: &str, hiq: &HiqGames, russian: &RussianGames) -> Load {
    let pages = [
        "/",
        "/hiq",
        "/russian",
        "/parlor.css",
        "/parlor.js",
        "/hiq.js",
        "/russian.js",
    ];
    let start = Barrier::new(CLIENTS + 1);
    let per_client = LOAD_REQUESTS / CLIENTS;
    let (done, wall) = thread::scope(|scope| {
        let workers: Vec<_> = (0..CLIENTS)
            .map(|i| {
                let start = &start;
                scope.spawn(move || {
                    let client = Client::new(base);
                    let mut rng = Rng::new(1_000 + i as u64);
                    let mut done = Vec::with_capacity(per_client);
                    start.wait();
                    let deadline = Instant::now() + LOAD_DEADLINE;
                    for j in 0..per_client {
                        if Instant::now() > deadline {
                            break;
                        }
                        let kind = MIX[(i + j) % MIX.len()];
                        let reply = match kind {
                            Kind::Page => client.get(pages[rng.below(pages.len())]),
                            Kind::Board => {
                                let line = &hiq.lines[rng.below(hiq.lines.len())];
                                client.post(&format!("/api/hiq/board?line={line}"), STANDARD)
                            }
                            Kind::Game => {
                                let query = &russian.queries[rng.below(russian.queries.len())];
                                client.get(&format!("/api/russian/game?{query}"))
                            }
                            Kind::Hint => client.post(
                                "/api/russian/hint",
                                &russian.tables[rng.below(russian.tables.len())],
                            ),
                            Kind::Solve => {
                                client.post("/api/hiq/solve", &hiq.easy[rng.below(hiq.easy.len())])
                            }
                        };
                        done.push((kind, reply.status, reply.took));
                    }
                    done
                })
            })
            .collect();
        start.wait();
        let started = Instant::now();
        let done: Vec<_> = workers
            .into_iter()
            .flat_map(|w| w.join().expect("a client"))
            .collect();
        (done, started.elapsed())
    });
    Load { wall, done }
}

/// One line of jumps for each position 1 to 4 jumps from the standard start can reach, and
/// every beginning of `RANDOM_LINES` random lines played until no jump is left; each written
/// as the verdict's `line` takes it.
fn verdict_lines(rng: &mut Rng) -> (Vec<String>, Vec<String>) {
    let mut early = Vec::new();
    let mut level = vec![(hiq::Board::standard_start(), Vec::new())];
    let mut seen = std::collections::HashSet::new();
    for _ in 1..=4 {
        let mut next = Vec::new();
        for (board, line) in &level {
            for jump in board.legal_jumps() {
                let after = board.apply(jump).expect("a legal jump");
                if seen.insert(after) {
                    let mut longer: Vec<hiq::Jump> = line.clone();
                    longer.push(jump);
                    early.push(hiq::line::write(&longer));
                    next.push((after, longer));
                }
            }
        }
        level = next;
    }
    let mut random = Vec::new();
    for _ in 0..RANDOM_LINES {
        let line = hiq_line(rng, hiq::Board::standard_start());
        random.extend((1..=line.len()).map(|jumps| hiq::line::write(&line[..jumps])));
    }
    (early, random)
}

/// (f): waits for the table (read from the cache, or made), then times the verdicts.
fn table_verdicts(client: &Client, rng: &mut Rng) {
    let waited = Instant::now();
    loop {
        let reply = client.post("/api/hiq/verdict", STANDARD).ok();
        if reply.json()["answered_by"] == "table" {
            break;
        }
        assert!(waited.elapsed() < Duration::from_secs(600), "no table");
        thread::sleep(Duration::from_millis(100));
    }
    println!(
        "(f) Hi-Q verdict from the table, ready after {:.1} s",
        waited.elapsed().as_secs_f64()
    );
    let (early, random) = verdict_lines(rng);
    for (name, lines) in [
        ("after 1 to 4 jumps", &early),
        ("along random lines", &random),
    ] {
        let times = sorted(
            lines
                .iter()
                .map(|line| {
                    let reply = client.post(&format!("/api/hiq/verdict?line={line}"), STANDARD);
                    let reply = reply.ok();
                    assert_eq!(reply.json()["answered_by"], "table", "{line}");
                    reply.took
                })
                .collect(),
        );
        println!(
            "    {name:<20} {:>6} positions  {}",
            times.len(),
            spread(&times)
        );
    }
}

fn main() {
    // The table of Hi-Q's prospects is the tests' own, kept beside the build.
    // SAFETY: no other thread has started yet to read the environment meanwhile.
    unsafe { std::env::set_var("XDG_CACHE_HOME", env!("CARGO_TARGET_TMPDIR")) };
    let server = serve::Server::bind(([127, 0, 0, 1], 0).into()).expect("the server starts");
    let base = format!("http://{}", server.address());
    let client = Client::new(&base);
    let mut rng = Rng::new(2026);
    let cores = thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "the server at {base}; {cores} cores, {} solvers",
        serve::limits::solvers()
    );
    // The first requests pay for the connection and the server's warming up.
    for _ in 0..20 {
        client.get("/api/russian/game?deal=1").ok();
    }

    if std::env::args().any(|argument| argument == "hiq-verdict") {
        table_verdicts(&client, &mut rng);
        assert_eq!(server.stop(), serve::Stopped::Drained);
        return;
    }
    let hiq = hiq_games(&client, &mut rng);
    let russian = russian_games(&client, &mut rng);
    println!();
    println!("(a) a move's round trip        requests       p50       p99       max");
    for (name, times) in [
        ("POST /api/hiq/board", &hiq.moves),
        ("GET /api/russian/game", &russian.moves),
    ] {
        let times = sorted(times.clone());
        println!(
            "    {name:<26} {:>8} {:>9} {:>9} {:>9}",
            times.len(),
            ms(&times, 0.5),
            ms(&times, 0.99),
            ms(&times, 1.0)
        );
    }

    let mut verdicts = Vec::new();
    let mut budget = 0;
    let mut by_pegs: BTreeMap<usize, Vec<Duration>> = BTreeMap::new();
    for position in &hiq.verdicts {
        let reply = client.post("/api/hiq/solve", position);
        match reply.status {
            200 => {}
            422 => budget += 1,
            status => panic!("{status}: {}", String::from_utf8_lossy(&reply.body)),
        }
        by_pegs
            .entry(position.split(' ').count())
            .or_default()
            .push(reply.took);
        verdicts.push(reply.took);
    }
    let verdicts = sorted(verdicts);
    println!();
    println!(
        "(b) Hi-Q verdict, {} positions of 20-31 pegs: median {}, p90 {}, max {}; {budget} \
         reached the 64 MiB budget (422)",
        verdicts.len(),
        ms(&verdicts, 0.5),
        ms(&verdicts, 0.9),
        ms(&verdicts, 1.0)
    );
    let medians: Vec<String> = by_pegs
        .iter()
        .rev()
        .map(|(pegs, times)| {
            let times = sorted(times.clone());
            format!("{pegs}: {:.0}", quantile(&times, 0.5).as_secs_f64() * 1e3)
        })
        .collect();
    println!("    median ms by pegs: {}", medians.join(", "));

    let step = (russian.tables.len() / HINTS).max(1);
    let hints = sorted(
        russian
            .tables
            .iter()
            .step_by(step)
            .take(HINTS)
            .map(|table| client.post("/api/russian/hint?samples=30", table).ok().took)
            .collect(),
    );
    println!();
    println!(
        "(c) Russian hint, 30 layouts, {} positions: {}",
        hints.len(),
        spread(&hints)
    );

    let load = load(&base, &hiq, &russian);
    let errors = load.done.iter().filter(|(_, s, _)| *s != 200).count();
    let busy = load.done.iter().filter(|(_, s, _)| *s == 503).count();
    let all = sorted(load.done.iter().map(|(_, _, t)| *t).collect());
    println!();
    println!(
        "(d) load: {CLIENTS} clients, {} requests in {:.1} s: {:.0} requests/s; errors {errors} \
         (503: {busy}); {}",
        load.done.len(),
        load.wall.as_secs_f64(),
        load.done.len() as f64 / load.wall.as_secs_f64(),
        spread(&all)
    );
    let mut kinds: BTreeMap<Kind, Vec<Duration>> = BTreeMap::new();
    for &(kind, _, took) in &load.done {
        kinds.entry(kind).or_default().push(took);
    }
    for (kind, times) in kinds {
        let times = sorted(times);
        println!(
            "    {:<6} {:>6} requests  p50 {:>9}  p99 {:>9}",
            format!("{kind:?}"),
            times.len(),
            ms(&times, 0.5),
            ms(&times, 0.99)
        );
    }
    let unexpected: BTreeMap<u16, usize> = load.done.iter().filter(|(_, s, _)| *s != 200).fold(
        BTreeMap::new(),
        |mut counts, (_, s, _)| {
            *counts.entry(*s).or_default() += 1;
            counts
        },
    );
    if !unexpected.is_empty() {
        println!("    statuses other than 200 (0: no answer): {unexpected:?}");
    }

    println!();
    println!("(e) first load");
    for page in ["/", "/hiq", "/russian"] {
        let (bytes, files) = support::pages::first_load(page, |path| client.get(path).ok().body);
        println!("    {page:<9} {bytes:>7} bytes: {}", files.join(" "));
    }
    println!();
    table_verdicts(&client, &mut rng);
    assert_eq!(server.stop(), serve::Stopped::Drained);
}
