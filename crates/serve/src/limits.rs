//! What one request may take. docs/serve.md and docs/reliability.md list these with what
//! happens past each.

use std::time::Duration;

/// The most bytes of a request's body: a position or a table is a few hundred.
pub const MAX_BODY: usize = 64 << 10;

/// The most bytes of the bodies being read or worked on, over all connections, each counted at
/// the length it announces ([`MAX_BODY`] when it announces none) from before its first byte
/// is read until its answer is made, at least a KiB each: past it a new body is 503. 1,024
/// bodies of the longest, or 65,536 of the few hundred bytes a page sends.
pub const BODIES: usize = 64 << 20;

/// The most bytes of a request's line and headers (hyper's read buffer, whose least this is):
/// a line of 52 moves in a query is some 300. Each connection's buffer holds at most this, so
/// 16,000 connections stalling in their headers held 367 MiB (the server's 127 idle included).
pub const MAX_HEAD: usize = 8 << 10;

/// How long a connection may take to send a request's line and headers, and how long one may
/// stay idle between requests.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a whole request may take once its headers are in: its body, the wait for a solver,
/// the work and the answer.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

/// The time a body is given beyond what [`BODY_RATE`] allows it: a body of a few hundred
/// bytes has this long.
pub const BODY_GRACE: Duration = Duration::from_secs(2);

/// The least rate, in bytes a second, at which a body must arrive after [`BODY_GRACE`]: so the
/// longest body has 6 s.
pub const BODY_RATE: usize = 16 << 10;

/// How long a connection may go without taking a byte of its answer before it is closed
/// (reset, the unsent bytes dropped): nginx's `send_timeout`, between two writes.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(5);

/// The most bytes of answers made for their requests (the JSON) and not yet read by their
/// clients, over all connections: past it a new answer is 503.
pub const UNSENT: usize = 32 << 20;

/// The piece of an answer handed to a connection at a time: with the connection's buffer of
/// [`MAX_HEAD`], the most of an answer a connection holds beside what [`UNSENT`] counts.
pub const ANSWER_PIECE: usize = 16 << 10;

/// How long the requests in flight may take to finish once the server is told to stop; past
/// it their work is cancelled (it stops within some milliseconds) and the server stops, well
/// within 5 s of being told to.
pub const DRAIN: Duration = Duration::from_secs(3);

/// How long the requests cut at the end of the drain have to send their 503 `stopping`.
pub const CUT_ANSWERED: Duration = Duration::from_millis(500);

/// While a request is at work, how often a client that has half-closed its connection is sent
/// an interim `102 Processing`: a client that has closed it answers with a reset, and its work
/// is cancelled; one that only half-closed reads it and waits for its answer.
pub const PROBE_EVERY: Duration = Duration::from_millis(100);

/// How soon `parlor serve` exits once told to stop (SIGTERM, Ctrl-C), whatever runs: the
/// drain, the work cancelled, and a margin; past it the process exits regardless.
pub const STOP_WITHIN: Duration = Duration::from_millis(4_750);

/// The most connections open at once, when the descriptor limit allows (the server raises its
/// soft limit to its hard one at start); at the cap, the connection idle the longest is closed
/// for the next one, and when every one is busy the next waits to be accepted. An idle
/// connection costs some 10 KiB.
pub const MAX_CONNECTIONS: usize = 16_384;

/// Connections the system holds for the server before it accepts them (it caps this at
/// `net.core.somaxconn`, 4096 on Linux).
pub const LISTEN_BACKLOG: i32 = 1024;

/// How long a request waits for a free solver before it is answered 503.
pub const SOLVER_WAIT: Duration = Duration::from_secs(3);

/// Solvers that may work at once: one per core, at least two.
pub fn solvers() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get().max(2))
}

/// The most bytes all the work at once may hold: the tables of positions of the searches (the
/// Hi-Q solver's, the Russian ones'), each counted as it is laid out, its old and new layouts
/// together while it grows, so four of the largest one request may hold; and the work whose
/// request bounds its memory, each at its worst from its start ([`TRACE_MEMORY`],
/// [`DECKS_MEMORY`]); and a contest's input, its games and its answer, counted as they are
/// made. A job that would take more than is free is cancelled and answered 503 `busy`; a
/// verdict found in the Hi-Q table of prospects, a hint of some thousand positions, takes little
/// and never waits behind the costly ones.
pub const WORK_MEMORY: u64 = 256 << 20;

/// The bytes of the memory the work shares ([`WORK_MEMORY`]) a Camicia trace holds while it
/// runs: its cards kept ([`MAX_TRACE_KEPT`], a byte each) and its answer, some 2 MB at the most.
pub const TRACE_MEMORY: u64 = MAX_TRACE_KEPT + (4 << 20);

/// The bytes of the memory the work shares a Camicia game's decks at every round start hold
/// while they are made and written: its cards kept, the decks' text (a byte for each card kept,
/// and a few for each round) and the same again as JSON, some 16 MB at the most.
pub const DECKS_MEMORY: u64 = 3 * MAX_TRACE_KEPT + (4 << 20);

/// The memory the Hi-Q solver may hold for one verdict, as `parlor hiq solve --memory 64M`:
/// some two million positions, a few seconds of work at the most.
pub const HIQ_MEMORY: u64 = 64 << 20;

/// The most layouts a Russian Solitaire hint may sample, as on the command line: the planner's
/// budget of positions a decision keeps a hint at the most within some 3 s.
pub use russian::strategy::MAX_SAMPLES;

/// The most cards a Camicia trace may lay: 60 times the record's 8,344, and some 2 MB of answer.
pub const MAX_TRACE_CARDS: u64 = 500_000;

/// The most cards a Camicia trace may keep of its round starts to find a loop (every card in
/// play at every round start; the record keeps 52 × 1,165): some 16 MB.
pub const MAX_TRACE_KEPT: u64 = 16_000_000;

/// The most positions the searches of a Russian Solitaire hint or peek may examine (every
/// move tried from a position searched), the planner's layouts and the exact solver together.
/// The exact solver examines some 4.3 million a second on one core from a table with every
/// card face up, whose table of positions grows large: some 4 s at the most. Past it the hint
/// is refused, the same way every time; the command line has no such bound.
pub const RUSSIAN_HINT_POSITIONS: u64 = 16_000_000;

/// The most bytes one search of a Russian Solitaire request may hold in its table of positions
/// (some 460,000 positions; the largest search of the first million deals holds 120,169), as
/// the Hi-Q solver's [`HIQ_MEMORY`]: past it the request is refused, the same way every time.
pub const RUSSIAN_MEMORY: u64 = 64 << 20;

/// The most positions the searches of a Russian Solitaire `play` may examine over every
/// decision of the game it plays on (or the clairvoyant's one search): the planner's searches
/// of layouts, whose tables stay small, examine 7 to 9 million a second on one core, so some
/// 4.5 s at the most. Past it the game is refused, the same way every time; the command line
/// has no such bound.
pub const RUSSIAN_PLAY_POSITIONS: u64 = 32_000_000;

/// The most positions the searches for a Hi-Q verdict's losing jump may examine together
/// (each one bound by [`HIQ_MEMORY`] too), beyond the search of the line's end: about what one
/// search holds at that bound (3,670,016 positions at the most). No search is begun past it,
/// and the losing jump is left unknown, as when a position is past the solver's budget; so a
/// verdict costs some three searches at the most.
pub const HIQ_LOSING_JUMP_POSITIONS: u64 = 4_000_000;

/// The most positions the search for the line leaving the fewest pegs examines once a Hi-Q
/// verdict's position is found lost (the verdict is known before it): some 5 ms, after which
/// the page says that fewer pegs may be possible. `parlor hiq solve` and `/api/hiq/solve`
/// search the line to its end.
pub const HIQ_LINE_POSITIONS: u64 = 1 << 14;

/// The most Hi-Q solutions the server keeps between the verdicts of a game (each some 200
/// bytes, some 13 MB in all; past it, it forgets them all and begins again): a game asks for
/// its line's earlier positions again and again, halved for the losing jump, and for the
/// positions one jump ahead, then the one played. An answer is the same kept or not.
pub const HIQ_MEMO_SOLUTIONS: usize = 1 << 16;
