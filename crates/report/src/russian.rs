//! Russian Solitaire's shapes: a layout, a game played (`parlor russian play --json`), a move,
//! a hint (`parlor russian hint --json`), the casino's terms, and the strategy names both the
//! command line and the page take.

use russian::hint::Hint;
use russian::{Event, Layout, Move, MoveKind, PAY_PER_CARD, STAKE, Slot, StrategyName};
use serde::Serialize;

/// The planner's mean score (30 samples, deals 0 to 99,999: 5.360 ± 0.070), measured in
/// docs/russian-etude.md: the best fair strategy measured, and so the player the page weighs a
/// player's money against.
const PLANNER_MEAN: f64 = 5.36;

/// The casino's terms, as the page counts a player's money: the rule book's stake and pay, what
/// each score nets, and what the house expects to take from a player as good as the planner.
#[derive(Serialize)]
pub struct CasinoJson {
    stake: f64,
    pay_per_card: f64,
    /// What a game ending with 0, 1, … 52 cards up is worth to its player, by score.
    net: Vec<f64>,
    /// The planner's mean score, measured over 100,000 deals.
    planner_mean: f64,
    /// The house's expected profit a game from a player who scores the planner's mean.
    house_profit: f64,
}

impl CasinoJson {
    /// The rule book's casino, and the planner's measured mean.
    pub fn rule_book() -> CasinoJson {
        CasinoJson {
            stake: STAKE,
            pay_per_card: PAY_PER_CARD,
            net: (0..=52).map(russian::net).collect(),
            planner_mean: PLANNER_MEAN,
            house_profit: russian::house_profit(PLANNER_MEAN),
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
    /// The deal.
    pub deal: LayoutJson,
    /// The strategy's name.
    pub strategy: &'static str,
    /// Every move and turn, in order.
    pub moves: Vec<MoveJson>,
    /// The cards on the foundations at the end.
    pub score: u32,
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
    moves: Vec<MoveValue>,
    fair: Option<MoveJson>,
    /// Every card known: the exact maximum and the first move that keeps it.
    maximum: Option<u32>,
    keep: Option<MoveJson>,
}

#[derive(Serialize)]
struct MoveValue {
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
                .map(|(i, (&mv, &mean))| MoveValue {
                    mv: json(mv),
                    mean,
                    max: exact.map(|e| e.values[i]),
                })
                .collect(),
            fair: hint.fair.map(|i| json(hint.moves[i])),
            maximum: exact.map(|e| e.maximum),
            keep: exact.and_then(|e| e.keep).map(|i| json(hint.moves[i])),
        }
    }
}
