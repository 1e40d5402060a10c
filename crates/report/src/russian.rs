//! Russian Solitaire's shapes: a layout, a game played (`parlor russian play --json`), a move,
//! a hint (`parlor russian hint --json`), the casino's terms, the solver's answer (`parlor
//! russian solve --json`),
//! the statistics of `simulate`, `bound` and `catalogue` and the catalogue's lines, a game as its
//! player sees it (the server's `/api/russian/game`), and the strategy names both the command
//! line and the page take.
//!
//! ```
//! use report::russian::{PlayJson, parse_strategy};
//! use russian::fast::Game;
//! use russian::strategy;
//!
//! // `parlor russian play --seed 42 --strategy greedy --json`: the deal, every move, the score.
//! let name = parse_strategy("greedy").unwrap();
//! let layout = russian::deal::deal(42);
//! let mut game = Game::new(&layout).unwrap();
//! let mut player = name.player(&game, 42, strategy::DEFAULT_SAMPLES);
//! let played = PlayJson::play(&layout, name, &mut game, &mut player, []);
//! let line = serde_json::to_string(&played).unwrap();
//! assert!(line.starts_with(r#"{"deal":{"columns":[["#));
//! assert!(line.ends_with(&format!(r#""score":{}}}"#, game.score())));
//! ```

use russian::bound::Stats as BoundStats;
use russian::catalogue::{Catalogue, Entry, Numbering};
use russian::fast::Game;
use russian::hint::Hint;
use russian::solver::Solution;
use russian::{
    Card, Event, Layout, Move, MoveKind, PAY_PER_CARD, Rank, STAKE, Slot, Stats, Strategy,
    StrategyName, Suit, Table, strategy,
};
use serde::Serialize;
use std::convert::Infallible;
use tally::Estimate;

/// The casino's terms, as the page counts a player's money: the rule book's stake and pay, what
/// each score nets, and what the house expects to take from a player as good as the planner.
#[derive(Serialize)]
pub struct CasinoJson {
    /// The cards of the pack: a game scores 0 to all of them, and is won with every one up.
    pack: u32,
    stake: f64,
    pay_per_card: f64,
    /// What a game ending with 0, 1, … `pack` cards up is worth to its player, by score.
    net: Vec<f64>,
    /// The planner's mean score, measured over 100,000 deals.
    planner_mean: f64,
    /// The house's expected profit a game from a player who scores the planner's mean.
    house_profit: f64,
}

impl CasinoJson {
    /// The rule book's casino, and the planner's measured mean.
    pub fn rule_book() -> CasinoJson {
        let pack = Card::ALL.len() as u32;
        CasinoJson {
            pack,
            stake: STAKE,
            pay_per_card: PAY_PER_CARD,
            net: (0..=pack).map(russian::net).collect(),
            planner_mean: strategy::PLANNER_MEAN,
            house_profit: russian::house_profit(strategy::PLANNER_MEAN),
        }
    }
}

/// A layout as JSON: each column's cards as the text writes them, `"[D4]"`, `"HK"`.
#[derive(Serialize)]
pub struct LayoutJson {
    columns: Vec<Vec<String>>,
}

impl LayoutJson {
    /// `layout`'s columns.
    pub fn of(layout: &Layout) -> LayoutJson {
        LayoutJson {
            columns: layout
                .columns
                .iter()
                .map(|column| column.iter().map(Slot::to_string).collect())
                .collect(),
        }
    }
}

/// The strategy names clap accepts, with the list of known ones in its message.
pub fn parse_strategy(name: &str) -> Result<StrategyName, String> {
    name.parse()
        .map_err(|e: russian::UnknownStrategy| e.to_string())
}

/// A game played by a strategy, as `parlor russian play --json` writes it.
#[derive(Serialize)]
pub struct PlayJson {
    deal: LayoutJson,
    /// The strategy's name.
    strategy: &'static str,
    /// Every move and turn, in order.
    moves: Vec<MoveJson>,
    /// The cards on the foundations at the end.
    score: u32,
}

impl PlayJson {
    /// The game dealt from `layout`, which `earlier` events have brought to `game`, played to
    /// its end by `player`, the player of the strategy `name`.
    pub fn play(
        layout: &Layout,
        name: StrategyName,
        game: &mut Game,
        player: &mut impl Strategy,
        earlier: impl IntoIterator<Item = Event>,
    ) -> PlayJson {
        let played = PlayJson::play_by(layout, name, earlier, |log| {
            Ok::<_, Infallible>(strategy::play(game, player, log))
        });
        match played {
            Ok(json) => json,
            Err(never) => match never {},
        }
    }

    /// The game dealt from `layout`, which `earlier` events have brought to where `play` takes
    /// it on: `play` plays it to its end by the strategy `name`, telling each event to the log
    /// it is handed, and gives the score, or why it stopped.
    ///
    /// # Errors
    ///
    /// `play`'s.
    pub fn play_by<E>(
        layout: &Layout,
        name: StrategyName,
        earlier: impl IntoIterator<Item = Event>,
        play: impl FnOnce(&mut dyn FnMut(Event)) -> Result<u32, E>,
    ) -> Result<PlayJson, E> {
        let mut moves: Vec<MoveJson> = earlier.into_iter().map(MoveJson::of).collect();
        let score = play(&mut |event| moves.push(MoveJson::of(event)))?;
        Ok(PlayJson {
            deal: LayoutJson::of(layout),
            strategy: name.name(),
            moves,
            score,
        })
    }
}

/// One event; columns numbered 1 to 7.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum MoveJson {
    /// `card` and the cards on it, from column `from` onto column `to`.
    Column {
        /// The card moved.
        card: String,
        /// Its column.
        from: u8,
        /// The column it goes on.
        to: u8,
    },
    /// A king and the cards on it, from column `from` to the empty column `to`.
    King {
        /// The king.
        card: String,
        /// Its column.
        from: u8,
        /// The empty column.
        to: u8,
    },
    /// `card` from the top of column `from` to its foundation.
    Foundation {
        /// The card.
        card: String,
        /// Its column.
        from: u8,
    },
    /// A face-down card turned up at the top of `column`.
    Turn {
        /// The card turned.
        card: String,
        /// Its column.
        column: u8,
    },
}

impl MoveJson {
    /// How a game's `event` is written.
    pub fn of(event: Event) -> MoveJson {
        match event {
            Event::Move(mv) => {
                let (card, from, to) = (mv.card.to_string(), mv.from + 1, mv.to + 1);
                match mv.kind {
                    MoveKind::Column => MoveJson::Column { card, from, to },
                    MoveKind::King => MoveJson::King { card, from, to },
                }
            }
            Event::Foundation { card, from } => MoveJson::Foundation {
                card: card.to_string(),
                from: from + 1,
            },
            Event::Turn { card, column } => MoveJson::Turn {
                card: card.to_string(),
                column: column + 1,
            },
        }
    }
}

/// A hint, as `parlor russian hint --json` writes it: the fair planner's values of every move and
/// its choice, and with every card known the exact maximum and a move that keeps it.
#[derive(Serialize)]
pub struct HintJson {
    /// The foundation moves (and turns) the game made at once.
    automatic: Vec<MoveJson>,
    score: u32,
    unseen: usize,
    unknown: usize,
    samples: u32,
    /// Only when the planner stopped at its budget before solving the layouts asked for.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    stopped: bool,
    moves: Vec<MoveValueJson>,
    fair: Option<MoveJson>,
    /// How many moves share the fair move's mean, itself among them: more than one is a tie,
    /// which greedy's value of the moves breaks. 0 when no move is left.
    ties: usize,
    /// Every card known: the exact maximum, whether it is every card up (the game can still
    /// be won), and the first move that keeps it.
    maximum: Option<u32>,
    won: Option<bool>,
    keep: Option<MoveJson>,
}

#[derive(Serialize)]
struct MoveValueJson {
    #[serde(rename = "move")]
    mv: MoveJson,
    /// The planner's mean over its layouts of the maximum after the move.
    mean: f64,
    /// The exact maximum after the move, every card known.
    #[serde(skip_serializing_if = "Option::is_none")]
    max: Option<u32>,
}

impl HintJson {
    /// `hint` for a position whose `unknown` face-down cards were written `[?]`.
    pub fn of(hint: &Hint, unknown: usize) -> HintJson {
        let json = |mv: Move| MoveJson::of(Event::Move(mv));
        let exact = hint.exact.as_ref();
        HintJson {
            automatic: hint.automatic.iter().map(|&e| MoveJson::of(e)).collect(),
            score: hint.score,
            unseen: hint.unseen,
            unknown,
            samples: hint.samples,
            stopped: hint.stopped,
            moves: hint
                .moves
                .iter()
                .zip(&hint.means)
                .enumerate()
                .map(|(i, (&mv, &mean))| MoveValueJson {
                    mv: json(mv),
                    mean,
                    max: exact.map(|e| e.values[i]),
                })
                .collect(),
            fair: hint.fair.map(|i| json(hint.moves[i])),
            ties: hint.ties(),
            maximum: exact.map(|e| e.maximum),
            won: exact.map(|e| e.won()),
            keep: exact.and_then(|e| e.keep).map(|i| json(hint.moves[i])),
        }
    }
}

/// `parlor russian solve --json`: the best line found and whether it is the maximum.
#[derive(Serialize)]
pub struct SolveJson {
    deal: LayoutJson,
    /// The score of the line in `moves`: the maximum when `complete`.
    best: u32,
    complete: bool,
    won: bool,
    /// A proven upper bound on the score; equal to `best` when `complete`.
    bound: u32,
    /// Positions searched.
    nodes: u64,
    moves: Vec<MoveJson>,
}

impl SolveJson {
    /// The deal `layout` solved as `solution` says, its line played on to `best` by `moves`.
    pub fn new(layout: &Layout, solution: &Solution, best: u32, moves: Vec<MoveJson>) -> Self {
        SolveJson {
            deal: LayoutJson::of(layout),
            best,
            complete: solution.complete || best == solution.bound,
            won: best == 52,
            bound: solution.bound,
            nodes: solution.nodes,
            moves,
        }
    }
}

/// One strategy's line of `parlor russian simulate --json`.
#[derive(Serialize)]
pub struct SimulateJson {
    strategy: &'static str,
    /// Layouts sampled per decision, for `planner` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    samples: Option<u32>,
    first_deal: u64,
    deals: u64,
    /// Cards on the foundations at the end.
    score: Option<tally::Mean>,
    /// Games with all 52 cards on the foundations.
    wins: tally::Rate,
    /// The casino's profit per $55 game.
    house_profit: Estimate,
    /// The profit as a share of the stake.
    house_edge: f64,
    /// Games ending with each score, 0 to 52.
    histogram: Vec<u64>,
}

impl SimulateJson {
    /// The scores `tally` of `strategy` (the planner sampling `samples` layouts a decision) on
    /// the deals from `first`.
    pub fn of(strategy: StrategyName, tally: &Stats, first: u64, samples: u32) -> SimulateJson {
        let (low, high) = tally.house_profit_interval();
        SimulateJson {
            strategy: strategy.name(),
            samples: (strategy == StrategyName::Planner).then_some(samples),
            first_deal: first,
            deals: tally.games(),
            score: tally::Mean::of_histogram(&tally.histogram),
            wins: tally::Rate::new(tally.wins(), tally.games()),
            house_profit: Estimate {
                mean: tally.house_profit(),
                ci95: [low, high],
            },
            house_edge: tally.house_profit() / STAKE,
            histogram: tally.histogram.to_vec(),
        }
    }
}

/// `parlor russian bound --json`.
#[derive(Serialize)]
pub struct BoundJson {
    first_deal: u64,
    deals: u64,
    samples: u32,
    turns: u32,
    /// Deals that foresaw more than `FORESIGHT_LIMIT` positions before a turn.
    over_limit: u64,
    /// The upper bound on a fair player's expected score.
    bound: Estimate,
    /// The mean clairvoyant maximum of the layouts drawn.
    layouts_clairvoyant: Estimate,
    /// That mean less the bound, paired over the deals.
    below_clairvoyant: Estimate,
    /// The clairvoyant mean of the deals themselves.
    clairvoyant: Estimate,
    /// The least the casino expects to keep per $55 game against any fair player.
    house_profit: Estimate,
    house_edge: f64,
}

impl BoundJson {
    /// The bound `tally` of the deals from `first`, with `samples` layouts a deal, seeing face-up
    /// cards only until turn `turns`.
    pub fn of(tally: &BoundStats, first: u64, samples: u32, turns: u32) -> BoundJson {
        let bound = tally.bound();
        let (mean, [low, high]) = (bound.mean, bound.ci95);
        let profit = |score: f64| STAKE - PAY_PER_CARD * score;
        BoundJson {
            first_deal: first,
            deals: tally.deals(),
            samples,
            turns,
            over_limit: tally.over_limit(),
            bound,
            layouts_clairvoyant: tally.layouts_clairvoyant(),
            below_clairvoyant: tally.gap(),
            clairvoyant: tally.clairvoyant(),
            house_profit: Estimate {
                mean: profit(mean),
                ci95: [profit(high), profit(low)],
            },
            house_edge: profit(mean) / STAKE,
        }
    }
}

/// What a catalogue's lines call their deals' numbers: `pysol` or `seed`.
pub fn numbering_name(numbering: Numbering) -> &'static str {
    match numbering {
        Numbering::Seed => "seed",
        Numbering::Pysol => "pysol",
    }
}

/// `"pysol": …` or `"seed": …`, to be flattened into a map: the key names the numbering.
pub fn numbered<T: Serialize, S: serde::Serializer>(
    deal: &(Numbering, T),
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = serializer.serialize_map(Some(1))?;
    map.serialize_entry(numbering_name(deal.0), &deal.1)?;
    map.end()
}

/// A catalogue's line for one deal: `{"pysol":1,"max":52,"proven":true,"won":true}`.
#[derive(Serialize)]
pub struct CatalogueLineJson {
    /// The deal's number, named by its numbering.
    #[serde(flatten, serialize_with = "numbered")]
    deal: (Numbering, u128),
    /// The highest score found: the maximum when `proven`.
    max: u8,
    /// No line scores more.
    proven: bool,
    /// The maximum is 52.
    won: bool,
}

impl CatalogueLineJson {
    /// The line of deal `number` of `numbering`, whose entry is `entry`.
    pub fn of(numbering: Numbering, number: u128, entry: Entry) -> CatalogueLineJson {
        CatalogueLineJson {
            deal: (numbering, number),
            max: entry.max,
            proven: entry.proven,
            won: entry.won(),
        }
    }
}

/// A catalogue's line for deal `number` ([`CatalogueLineJson`]) and a newline.
pub fn catalogue_line(numbering: Numbering, number: u128, entry: Entry) -> String {
    let line = serde_json::to_string(&CatalogueLineJson::of(numbering, number, entry))
        .expect("a catalogue's line holds a name, numbers and booleans");
    line + "\n"
}

/// The deal and entry of a line [`catalogue_line`] wrote, exactly as it writes them.
pub fn read_catalogue_line(numbering: Numbering, line: &str) -> Option<(u128, Entry)> {
    let rest = line
        .strip_prefix('{')?
        .strip_prefix('"')?
        .strip_prefix(numbering_name(numbering))?;
    let (number, rest) = rest.strip_prefix("\":")?.split_once(",\"max\":")?;
    let (max, rest) = rest.split_once(",\"proven\":")?;
    let (proven, _) = rest.split_once(",\"won\":")?;
    let number = number.parse().ok()?;
    let entry = Entry {
        max: max.parse().ok().filter(|&m| m <= 52)?,
        proven: proven.parse().ok()?,
    };
    // Only the text the writer gives for these values is a line of it: no other spelling of
    // a number, and a "won" that follows from the maximum.
    (catalogue_line(numbering, number, entry).strip_suffix('\n') == Some(line))
        .then_some((number, entry))
}

/// `parlor russian catalogue`'s summary, as `--json` writes it; the text says the same.
#[derive(Serialize)]
pub struct CatalogueJson {
    /// "pysol" or "seed".
    pub numbering: &'static str,
    /// Decimal strings: PySolFC's numbers go past what a double holds exactly.
    pub first: String,
    /// The last deal's number.
    pub last: String,
    /// Deals solved.
    pub deals: u64,
    /// Deals whose maximum is proven (all of them unless a budget ran out).
    pub proven: u64,
    /// Deals that can be won, with the 95% Wilson interval of the share.
    pub winnable: tally::Rate,
    /// The best score of each deal (its maximum when proven).
    pub max: Option<tally::Mean>,
    /// Deals by their best score, 0 to 52.
    pub histogram: Vec<u64>,
}

impl CatalogueJson {
    /// The `catalogue` of deals `first` to `last` numbered by `numbering`.
    pub fn of(numbering: Numbering, first: u128, last: u128, catalogue: &Catalogue) -> Self {
        CatalogueJson {
            numbering: numbering_name(numbering),
            first: first.to_string(),
            last: last.to_string(),
            deals: catalogue.deals(),
            proven: catalogue.proven,
            winnable: catalogue.winnable_rate(),
            max: tally::Mean::of_histogram(&catalogue.maxima.histogram),
            histogram: catalogue.maxima.histogram.to_vec(),
        }
    }
}

/// A game as its player sees it.
#[derive(Serialize)]
pub struct TableJson {
    /// Each column's cards, first to last, as `deal` writes them, every face-down card `[?]`.
    columns: Vec<Vec<String>>,
    /// The top card of each foundation begun, clubs to spades.
    foundations: Vec<String>,
    score: u32,
    /// Every card is up: the game is won (and over).
    won: bool,
    /// What the game is worth to the player so far: $5 a card less the $55 stake.
    net: f64,
    unseen: usize,
    /// Every event since the deal, as `parlor russian play --json` lists them.
    moves: Vec<MoveJson>,
    /// The moves the player may make now; none when the game is over.
    legal: Vec<MoveJson>,
    /// The position as `parlor russian hint --deal` reads it.
    table: String,
}

impl TableJson {
    /// `game` after `events`, every event since the deal.
    pub fn of(game: &Game, events: &[Event]) -> TableJson {
        let table = Table::of_game(game, false);
        let position = game.position();
        let columns = (0..7)
            .map(|k| {
                let down = table.face_down[k]
                    .iter()
                    .map(|_| russian::UNKNOWN.to_owned());
                down.chain(table.face_up[k].iter().map(|card| card.to_string()))
                    .collect()
            })
            .collect();
        let foundations = Suit::ALL
            .into_iter()
            .filter_map(|suit| {
                let rank = Rank::from_value(position.foundation(suit))?;
                Some(Card::new(rank, suit).to_string())
            })
            .collect();
        TableJson {
            columns,
            foundations,
            score: game.score(),
            won: game.score() == 52,
            net: russian::net(game.score()),
            unseen: (0..7).map(|k| position.face_down(k)).sum(),
            moves: events.iter().map(|&e| MoveJson::of(e)).collect(),
            legal: position
                .moves()
                .iter()
                .map(|&mv| MoveJson::of(Event::Move(mv)))
                .collect(),
            table: table.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_catalogues_lines_are_written_and_read_to_the_character() {
        let won = Entry {
            max: 52,
            proven: true,
        };
        let unproven = Entry {
            max: 17,
            proven: false,
        };
        let lines = [
            (
                Numbering::Pysol,
                1,
                won,
                "{\"pysol\":1,\"max\":52,\"proven\":true,\"won\":true}\n",
            ),
            (
                Numbering::Seed,
                u128::from(u64::MAX),
                unproven,
                "{\"seed\":18446744073709551615,\"max\":17,\"proven\":false,\"won\":false}\n",
            ),
        ];
        for (numbering, number, entry, line) in lines {
            assert_eq!(catalogue_line(numbering, number, entry), line);
            let read = read_catalogue_line(numbering, line.trim_end());
            assert_eq!(read, Some((number, entry)));
        }
        assert_eq!(
            read_catalogue_line(
                Numbering::Seed,
                "{\"seed\":01,\"max\":52,\"proven\":true,\"won\":true}"
            )
            .map(|(n, _)| n),
            None
        );
    }
}
