//! Camicia's shapes: a game's outcome (`parlor camicia --json`), a whole game as `parlor camicia
//! --trace --json` writes it (which the page replays), both decks at every round's start (which
//! the page draws the decks from), a one-pack deal as the server names it,
//! the statistics of random deals (`parlor camicia stats --json`), the record hunt's finds and
//! summary (`parlor camicia search`), and a deal index as the command line and the page write it.
//!
//! ```
//! use report::camicia::{OutcomeJson, TraceJson};
//!
//! // `echo '2 A 7 8 Q 10/3 4 5 6 K 9 J' | parlor camicia --json`, and with `--trace`.
//! let deal = camicia::notation::parse_deal("2 A 7 8 Q 10/3 4 5 6 K 9 J").unwrap();
//! let outcome = OutcomeJson::from(camicia::play(&deal));
//! assert_eq!(
//!     serde_json::to_string(&outcome).unwrap(),
//!     r#"{"status":"finished","cards":13,"tricks":1}"#
//! );
//! let trace = serde_json::to_string(&TraceJson::of(&deal, None).unwrap()).unwrap();
//! let start = r#"{"status":"finished","cards":13,"tricks":1,"deal":"2A78QX/3456K9J","#;
//! assert!(trace.starts_with(start));
//! ```

use camicia::deal::{Dealer, pack_deal};
use camicia::index::DEALS;
use camicia::reference::{Event, Game};
use camicia::search::{Catch, Hunt};
use camicia::stats::{Notable, Stats};
use camicia::trace::{Budget, OverBudget, Steps, Trace};
use camicia::{Deal, Face, Outcome, Pack, Player, record};
use serde::Serialize;

/// One game as `--json` prints it: `{"status":"finished","cards":13,"tricks":1}`.
#[derive(Serialize)]
pub struct OutcomeJson {
    status: &'static str,
    cards: u64,
    tricks: u64,
}

impl From<Outcome> for OutcomeJson {
    fn from(outcome: Outcome) -> OutcomeJson {
        OutcomeJson {
            status: outcome.status.name(),
            cards: outcome.cards,
            tricks: outcome.tricks,
        }
    }
}

/// A whole game as `--trace --json` prints it, one line: the outcome as `--json` gives it, then
/// every card laid, in strings of one character a card so that the record's 8,344 cards stay
/// some 30 kB, and the tricks. A page replays it card by card without knowing the rules.
#[derive(Serialize)]
pub struct TraceJson {
    status: &'static str,
    cards: u64,
    tricks: u64,
    /// A's deck/B's deck, one character a card: `2`…`9`, `X` for ten, `J` `Q` `K` `A`, `-` for
    /// a number card of unknown value; `parlor camicia` reads it back.
    deal: String,
    /// The cards laid, in order, in the characters of `deal`.
    laid: String,
    /// Who laid each card: `A` or `B`.
    by: String,
    /// After each card, the cards still owed under a penalty (`0`: none); the one who owes them
    /// lays the next card.
    due: String,
    /// For each trick, how many cards had been laid in the game when its pile was taken.
    taken: Vec<u64>,
    /// For each trick, who took the pile.
    takers: String,
    /// The last trick was taken because the other player had to lay a card and had none.
    unpaid: bool,
    /// For a loop: the earlier round and the round whose start repeats it.
    #[serde(skip_serializing_if = "Option::is_none")]
    repeat: Option<RepeatJson>,
}

#[derive(Serialize)]
struct RepeatJson {
    earlier: u64,
    later: u64,
}

fn card(face: Face) -> char {
    match face {
        Face::Rank(rank) => rank.char(),
        Face::Number => '-',
    }
}

fn deck<'a>(faces: impl IntoIterator<Item = &'a Face>) -> String {
    faces.into_iter().map(|&face| card(face)).collect()
}

impl TraceJson {
    /// The game of `deal` played to its end by the reference engine, as its trace shows it.
    ///
    /// # Errors
    ///
    /// Past `budget`, the bound the game passed.
    pub fn of(deal: &Deal, budget: Option<Budget>) -> Result<TraceJson, OverBudget> {
        let trace = Trace::of(deal, budget)?;
        let outcome = trace.outcome;
        Ok(TraceJson {
            status: outcome.status.name(),
            cards: outcome.cards,
            tricks: outcome.tricks,
            deal: format!("{}/{}", deck(deal.a()), deck(deal.b())),
            laid: trace.laid.iter().map(|l| card(l.face)).collect(),
            by: trace.laid.iter().map(|l| l.by.to_string()).collect(),
            due: trace
                .laid
                .iter()
                .map(|l| char::from(b'0' + l.due))
                .collect(),
            taken: trace.tricks.iter().map(|t| t.cards).collect(),
            takers: trace.tricks.iter().map(|t| t.taker.to_string()).collect(),
            unpaid: trace.unpaid,
            repeat: outcome
                .repeated_rounds()
                .map(|(earlier, later)| RepeatJson { earlier, later }),
        })
    }
}
/// Both decks at the start of every round, as the rule book's engine plays the game: the deal,
/// then the decks as each trick leaves them, its pile under its taker's deck. Within a round a
/// deck is its start less the cards its player has laid since, which the trace lists: a page
/// draws any position from the two without taking a pile itself.
#[derive(Serialize)]
pub struct DecksJson {
    /// Round 1's (the deal), then one for each trick of the trace: A's deck/B's deck, top card
    /// first, in the characters of [`TraceJson`]'s `deal`.
    decks: Vec<String>,
}

impl DecksJson {
    /// The decks at every round's start of the game of `deal`.
    ///
    /// # Errors
    ///
    /// Past `budget`, the bound the game passed, as [`TraceJson::of`] would.
    pub fn of(deal: &Deal, budget: Option<Budget>) -> Result<DecksJson, OverBudget> {
        let both = |game: &Game| {
            format!(
                "{}/{}",
                deck(game.hand(Player::A)),
                deck(game.hand(Player::B))
            )
        };
        let mut steps = Steps::new(deal, budget);
        let mut decks = vec![both(steps.game())];
        while let Some(step) = steps.next() {
            if let Event::Trick { .. } = step? {
                decks.push(both(steps.game()));
            }
        }
        Ok(DecksJson { decks })
    }
}

/// A one-pack deal: its index in camicia.dev's numbering, and the deal as `parlor camicia deal`
/// prints it.
#[derive(Serialize)]
pub struct DealJson {
    /// In decimal: it passes what JavaScript's numbers hold exactly.
    index: String,
    deal: String,
}

impl DealJson {
    /// The deal `pack`.
    pub fn of(pack: &Pack) -> DealJson {
        DealJson {
            index: camicia::index::index(pack)
                .expect("a one-pack deal has an index")
                .to_string(),
            deal: camicia::notation::pack_record(pack),
        }
    }
}

/// Deal indices as decimal strings: JSON readers often hold numbers in doubles.
fn decimal<S: serde::Serializer>(value: &u128, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// A deal index written in decimal, below [`DEALS`].
pub fn parse_index(text: &str) -> Result<u128, String> {
    text.parse::<u128>()
        .ok()
        .filter(|&i| i < DEALS && text.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| {
            format!(
                "expected a deal index from 0 to {}, found {}",
                DEALS - 1,
                excerpt::Excerpt::of(text)
            )
        })
}

/// `parlor camicia stats --json`; the text says the same.
#[derive(Serialize)]
pub struct StatsJson {
    /// Deals played.
    pub deals: u64,
    /// Deal i is made from the seed and i.
    pub seed: u64,
    /// The engine that played the deals (every engine gives the same results).
    pub engine: &'static str,
    /// The GPU that played them, with `--engine gpu`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu: Option<GpuJson>,
    /// Games that finished.
    pub finished: u64,
    /// Games that looped.
    pub loops: tally::Rate,
    /// Cards laid per finished game.
    pub cards: Option<tally::Mean>,
    /// Tricks taken per finished game.
    pub tricks: Option<tally::Mean>,
    /// The longest finished game.
    pub longest: Option<NotableJson>,
    /// The first deal that looped.
    pub first_loop: Option<NotableJson>,
    /// Finished games by cards laid.
    pub histogram: HistogramJson,
}

/// The GPU that played a run's deals (`--engine gpu`), and how it was kept busy: besides
/// `engine`, the only part of `--json` that depends on the machine.
#[derive(Serialize)]
pub struct GpuJson {
    /// The adapter as its driver names it.
    pub adapter: String,
    /// `vulkan`, `metal` or `dx12`.
    pub backend: &'static str,
    /// `discrete`, `integrated`, `virtual`, `cpu` (the processor: a software renderer, such as
    /// Mesa's lavapipe) or `other`.
    pub device_type: &'static str,
    /// The driver and its version, as far as it says.
    pub driver: String,
    /// Why the GPU stopped during the run, if it did: the processor played the rest (with the
    /// same results). `null` when the GPU played every deal given to it.
    pub fell_back: Option<String>,
    /// Submissions made: batches of deals, each with its passes and its read-back.
    pub submissions: u64,
    /// Deals per submission, on average.
    pub deals_per_submission: u64,
    /// The most submissions in flight at once.
    pub in_flight: usize,
    /// Seconds from the first submission to the last read-back: the run after its start-up.
    pub wall_seconds: f64,
    /// Seconds in which the device was running a submission, from its timestamps; `null` where
    /// the adapter writes none.
    pub busy_seconds: Option<f64>,
    /// `busy_seconds` over `wall_seconds`.
    pub busy_share: Option<f64>,
    /// The device's seconds on its shortest, median and longest submission.
    pub submission_seconds: Option<[f64; 3]>,
    /// The share of the play's thread-steps spent playing (the rest waited for a subgroup's
    /// other games, or for deals).
    pub lanes_busy: Option<f64>,
    /// The share of the play's workgroup-steps taken after the deals had all been handed out.
    pub tail_share: Option<f64>,
}

/// A game `parlor camicia stats` names: the longest, or the first loop.
#[derive(Serialize)]
pub struct NotableJson {
    /// Its number among the seed's deals.
    pub deal: u64,
    /// camicia.dev's index of the deal (`parlor camicia index`), in decimal.
    pub index: String,
    /// A's deck in record notation.
    pub a: String,
    /// B's deck in record notation.
    pub b: String,
    /// `finished` or `loop`.
    pub status: &'static str,
    /// Cards laid.
    pub cards: u64,
    /// Tricks taken.
    pub tricks: u64,
}

/// Finished games by the cards they laid, in bins, the longest in one tail.
#[derive(Serialize)]
pub struct HistogramJson {
    /// Cards per bin; bin k holds the finished games of k·bin to k·bin + bin - 1 cards.
    pub bin: u64,
    /// Games per bin.
    pub counts: Vec<u64>,
    /// Games of this many cards or more, counted in `tail`, not in `counts`.
    pub tail_from: u64,
    /// Games of `tail_from` cards or more.
    pub tail: u64,
}

/// The histogram's bins of 50 cards, and its tail from 1,000: the range of nearly every game.
const BIN: u64 = 50;
const TAIL: u64 = 1000;

impl StatsJson {
    /// The statistics `tally` of the deals of `dealer` (made from `seed`), played by the engine
    /// named `engine` (a processor's or the GPU's).
    pub fn new(seed: u64, dealer: &Dealer, tally: &Stats, engine: &'static str) -> StatsJson {
        let game = |found: Option<Notable>| {
            found.map(|Notable { index, outcome }| {
                let pack = dealer.pack(index);
                let deal = pack_deal(&pack);
                NotableJson {
                    deal: index,
                    index: camicia::index::index(&pack).unwrap_or_default().to_string(),
                    a: record(deal.a()),
                    b: record(deal.b()),
                    status: outcome.status.name(),
                    cards: outcome.cards,
                    tricks: outcome.tricks,
                }
            })
        };
        StatsJson {
            deals: tally.deals(),
            seed,
            engine,
            gpu: None,
            finished: tally.finished(),
            loops: tally::Rate::new(tally.loops(), tally.deals()),
            cards: tally::Mean::of_histogram(tally.cards()),
            tricks: tally::Mean::of_histogram(tally.tricks()),
            longest: game(tally.longest()),
            first_loop: game(tally.first_loop()),
            histogram: HistogramJson::new(tally.cards(), BIN, TAIL),
        }
    }
}

impl HistogramJson {
    fn new(counts: &[u64], bin: u64, tail_from: u64) -> HistogramJson {
        let mut bins = vec![0u64; (tail_from / bin) as usize];
        let mut tail = 0;
        for (value, &c) in counts.iter().enumerate() {
            let value = value as u64;
            if value >= tail_from {
                tail += c;
            } else {
                bins[(value / bin) as usize] += c;
            }
        }
        // No empty bins after the last game shorter than the tail.
        let used = bins.iter().rposition(|&c| c > 0).map_or(0, |last| last + 1);
        bins.truncate(if tail > 0 { bins.len() } else { used });
        HistogramJson {
            bin,
            counts: bins,
            tail_from,
            tail,
        }
    }
}

/// A find as the search's results (`--out`) and its summary write it.
#[derive(Clone, Debug, Serialize)]
pub struct FindJson {
    /// The deal's index, as decimal digits: JSON readers often hold numbers in doubles.
    pub index: String,
    /// The deal in record notation.
    pub deal: String,
    /// `finished` or `loop`.
    pub status: &'static str,
    /// Cards laid.
    pub cards: u64,
    /// Tricks taken.
    pub tricks: u64,
}

impl From<&Catch> for FindJson {
    fn from(find: &Catch) -> FindJson {
        FindJson {
            index: camicia::index::index(&find.pack)
                .unwrap_or_default()
                .to_string(),
            deal: camicia::notation::pack_record(&find.pack),
            status: find.outcome.status.name(),
            cards: find.outcome.cards,
            tricks: find.outcome.tricks,
        }
    }
}

impl FindJson {
    /// One line of the results. Written by hand: digits, record notation and a status name need
    /// no escaping, and this cannot fail.
    pub fn line(&self) -> String {
        format!(
            "{{\"index\":\"{}\",\"deal\":\"{}\",\"status\":\"{}\",\"cards\":{},\"tricks\":{}}}\n",
            self.index, self.deal, self.status, self.cards, self.tricks
        )
    }
}

/// What a search covers, as `--json` names it.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "mode", rename_all = "lowercase")]
pub enum ModeJson {
    /// Random one-pack deals.
    Random {
        /// How many.
        deals: u64,
        /// Whose.
        seed: u64,
    },
    /// Every deal of indices `start` to `end` - 1.
    Range {
        /// The first index.
        #[serde(serialize_with = "decimal")]
        start: u128,
        /// The index after the last.
        #[serde(serialize_with = "decimal")]
        end: u128,
    },
    /// A climb from a deal.
    Climb {
        /// The index of the deal it starts from.
        #[serde(serialize_with = "decimal")]
        from: u128,
        /// Deals played, the first included.
        steps: u64,
        /// The seed of the climb's moves.
        seed: u64,
    },
}

/// What a search found, as `parlor camicia search --json` prints it; the text says the same.
#[derive(Serialize)]
pub struct SearchJson {
    /// What is searched.
    pub search: ModeJson,
    /// The engine that played the deals (every engine gives the same results).
    pub engine: &'static str,
    /// The GPU that played them, with `--engine gpu`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu: Option<GpuJson>,
    /// How many of the longest finished games are kept.
    pub top_k: u64,
    /// The length from which every finished game is reported, when given.
    pub min_cards: Option<u64>,
    /// A climb's first deal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<FindJson>,
    /// Deals played.
    pub deals: u128,
    /// The longest finished games, longest first.
    pub longest: Vec<FindJson>,
    /// Loops found.
    pub loops: u64,
    /// The first loops found, in search order.
    pub first_loops: Vec<FindJson>,
    /// Finished games of at least `min_cards` cards, when it is given.
    pub long_games: Option<u64>,
}

impl SearchJson {
    /// What the search of `search`, played by the engine named `engine` (a processor's or the
    /// GPU's), has found in `hunt`.
    pub fn new(search: ModeJson, hunt: &Hunt, engine: &'static str) -> SearchJson {
        let finds = hunt.finds();
        let keep = finds.keep();
        let start = hunt.climbing().map(|climb| {
            FindJson::from(&Catch {
                order: 0,
                pack: climb.start,
                outcome: camicia::fast::play_pack(&climb.start),
            })
        });
        SearchJson {
            search,
            engine,
            gpu: None,
            top_k: keep.top as u64,
            min_cards: keep.min_cards,
            start,
            deals: finds.deals(),
            longest: finds.longest().iter().map(FindJson::from).collect(),
            loops: finds.loops(),
            first_loops: finds.first_loops().iter().map(FindJson::from).collect(),
            long_games: keep.min_cards.map(|_| finds.long()),
        }
    }
}
