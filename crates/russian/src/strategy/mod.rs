//! Strategies: how a player chooses among the legal moves, seeing only what a player sees.
//!
//! A strategy receives a [`Position`], which holds the face-up cards, the number of face-down
//! cards in each column and the foundations, and nothing else: the face-down cards stay inside
//! [`crate::fast::Game`], so no strategy can peek, by design rather than by good manners. The one
//! exception is named for it: [`Clairvoyant`] is built from the whole game, to measure the
//! upper bound.

mod clairvoyant;
mod greedy;
mod lookahead;
mod planner;
mod random;

pub use clairvoyant::Clairvoyant;
pub use greedy::Greedy;
pub use lookahead::Lookahead;
pub use planner::{DECISION_BUDGET, DEFAULT_SAMPLES, Decision, MAX_SAMPLES, Planner};
pub use random::Random;

use crate::Event;
use crate::fast::Game;
use crate::position::{Move, Position};
use std::convert::Infallible;
use std::fmt;
use std::str::FromStr;

/// A way to choose moves.
///
/// ```
/// use russian::strategy::{self, Greedy, Strategy};
/// use russian::fast::Game;
/// use russian::{Move, Position};
///
/// /// Always the last move offered.
/// struct Last;
///
/// impl Strategy for Last {
///     fn choose(&mut self, _: &Position, moves: &[Move]) -> usize {
///         moves.len() - 1
///     }
/// }
///
/// let score = strategy::play(&mut Game::deal(5), &mut Last, |_| {});
/// assert!(score <= 52);
/// let greedy = strategy::play(&mut Game::deal(5), &mut Greedy, |_| {});
/// assert_eq!(greedy, russian::play_deal(5, russian::StrategyName::Greedy));
/// ```
pub trait Strategy {
    /// The index in `moves` of the move to make. `moves` are the legal moves of `position` in
    /// [`Position::moves`] order, never none.
    fn choose(&mut self, position: &Position, moves: &[Move]) -> usize;
}

/// Plays `game` to its end with `strategy`, telling `log` each event; gives the score. The
/// game does end, whatever the strategy chooses: see [`Game`].
///
/// ```
/// use russian::strategy::{self, Greedy};
/// use russian::fast::Game;
/// use russian::Event;
///
/// let mut game = Game::deal(0);
/// let mut moves = 0;
/// let score = strategy::play(&mut game, &mut Greedy, |event| {
///     moves += usize::from(matches!(event, Event::Move(_)));
/// });
/// assert_eq!(score, game.score());
/// assert!(game.position().moves().is_empty() && moves <= 52);
/// ```
pub fn play(game: &mut Game, strategy: &mut impl Strategy, log: impl FnMut(Event)) -> u32 {
    struct EventsOnly<L>(L);
    impl<L: FnMut(Event)> Watch for EventsOnly<L> {
        type Error = Infallible;
        fn event(&mut self, event: Event) {
            (self.0)(event)
        }
        fn step(&mut self, _: &Game) -> Result<(), Infallible> {
            Ok(())
        }
    }
    match run(game, strategy, &mut EventsOnly(log)) {
        Ok(score) => score,
        Err(never) => match never {},
    }
}

/// Plays `game` to its end with `strategy` as [`play`] does, stopping after each step — the
/// foundation moves the deal allows at once, then each chosen move with the turns and
/// foundation moves that follow it — to call `step` with the game as the step left it and the
/// step's events (none when the deal allows no foundation move). An error from `step` ends the
/// game there and is returned; otherwise gives the score.
pub fn play_in_steps<E>(
    game: &mut Game,
    strategy: &mut impl Strategy,
    step: impl FnMut(&Game, &[Event]) -> Result<(), E>,
) -> Result<u32, E> {
    struct Steps<S> {
        events: Vec<Event>,
        step: S,
    }
    impl<E, S: FnMut(&Game, &[Event]) -> Result<(), E>> Watch for Steps<S> {
        type Error = E;
        fn event(&mut self, event: Event) {
            self.events.push(event)
        }
        fn step(&mut self, game: &Game) -> Result<(), E> {
            let result = (self.step)(game, &self.events);
            self.events.clear();
            result
        }
    }
    let mut steps = Steps {
        events: Vec::new(),
        step,
    };
    run(game, strategy, &mut steps)
}

/// What [`run`] reports as a game goes: each event, and the end of each step.
trait Watch {
    type Error;
    fn event(&mut self, event: Event);
    fn step(&mut self, game: &Game) -> Result<(), Self::Error>;
}

/// The one game loop behind [`play`] and [`play_in_steps`]: the settling, then a move at a
/// time, until no move is left.
fn run<W: Watch>(
    game: &mut Game,
    strategy: &mut impl Strategy,
    watch: &mut W,
) -> Result<u32, W::Error> {
    game.settle(&mut |event| watch.event(event));
    loop {
        watch.step(game)?;
        let moves = game.position().moves();
        if moves.is_empty() {
            return Ok(game.score());
        }
        let choice = strategy.choose(game.position(), &moves);
        game.make_unchecked(moves[choice], &mut |event| watch.event(event));
    }
}

/// The strategies by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StrategyName {
    /// [`Random`].
    Random,
    /// [`Greedy`].
    Greedy,
    /// [`Lookahead`].
    Lookahead,
    /// [`Planner`].
    Planner,
    /// [`Clairvoyant`].
    Clairvoyant,
}

impl StrategyName {
    /// Every strategy, weakest first; the last, `clairvoyant`, is not fair.
    pub const ALL: [StrategyName; 5] = [
        StrategyName::Random,
        StrategyName::Greedy,
        StrategyName::Lookahead,
        StrategyName::Planner,
        StrategyName::Clairvoyant,
    ];

    /// The name the command line takes: `random`, `greedy`, ….
    pub const fn name(self) -> &'static str {
        match self {
            StrategyName::Random => "random",
            StrategyName::Greedy => "greedy",
            StrategyName::Lookahead => "lookahead",
            StrategyName::Planner => "planner",
            StrategyName::Clairvoyant => "clairvoyant",
        }
    }

    /// The strategy ready to play `game`, deal `number`: the number seeds the random choices
    /// of `random` and `planner` ([`crate::deal::strategy_rng`]), `samples` is `planner`'s
    /// layouts per decision, and only `clairvoyant` looks at `game` (it solves it at once).
    pub fn player(self, game: &Game, number: u64, samples: u32) -> Player {
        match self {
            StrategyName::Random => Player::Random(Box::new(Random::new(number))),
            StrategyName::Greedy => Player::Greedy(Greedy),
            StrategyName::Lookahead => Player::Lookahead(Lookahead::default()),
            StrategyName::Planner => Player::Planner(Box::new(Planner::new(number, samples))),
            StrategyName::Clairvoyant => Player::Clairvoyant(Clairvoyant::new(game)),
        }
    }
}

impl fmt::Display for StrategyName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a strategy's; its message lists the known ones.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown strategy \"{0}\": the strategies are random, greedy, lookahead, planner and \
     clairvoyant"
)]
pub struct UnknownStrategy(pub String);

impl FromStr for StrategyName {
    type Err = UnknownStrategy;
    fn from_str(name: &str) -> Result<StrategyName, UnknownStrategy> {
        StrategyName::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| UnknownStrategy(name.into()))
    }
}

/// Any of the strategies, without dynamic dispatch.
pub enum Player {
    /// Boxed: the generator's buffer is large beside the other strategies.
    Random(Box<Random>),
    /// [`Greedy`].
    Greedy(Greedy),
    /// [`Lookahead`].
    Lookahead(Lookahead),
    /// [`Planner`], boxed for its generator too.
    Planner(Box<Planner>),
    /// [`Clairvoyant`].
    Clairvoyant(Clairvoyant),
}

impl Strategy for Player {
    fn choose(&mut self, position: &Position, moves: &[Move]) -> usize {
        match self {
            Player::Random(s) => s.choose(position, moves),
            Player::Greedy(s) => s.choose(position, moves),
            Player::Lookahead(s) => s.choose(position, moves),
            Player::Planner(s) => s.choose(position, moves),
            Player::Clairvoyant(s) => s.choose(position, moves),
        }
    }
}
