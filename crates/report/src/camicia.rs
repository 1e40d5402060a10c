//! Camicia's shapes: a whole game as `parlor camicia --trace --json` writes it (which the page
//! replays), both decks at every round's start (which the page draws the decks from), and a deal
//! index as the command line and the page write it.

use camicia::index::DEALS;
use camicia::trace::{Budget, Meter, OverBudget, Trace};
use camicia::{Deal, Event, Face, Game, Player};
use serde::Serialize;

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
    /// The game of `deal` played to its end by the rule book's engine, as its trace shows it.
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
        let mut game = Game::new(deal);
        let mut meter = budget.map(|budget| Meter::new(deal, budget));
        let mut decks = vec![both(&game)];
        while let Some(event) = game.step() {
            if matches!(event, Event::Trick { .. }) {
                decks.push(both(&game));
            }
            if let Some(meter) = &mut meter {
                meter.spend(&game, event)?;
            }
        }
        Ok(DecksJson { decks })
    }
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
