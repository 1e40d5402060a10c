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
pub use planner::{DECISION_BUDGET, DEFAULT_SAMPLES, Decision, MAX_SAMPLES, PLANNER_MEAN, Planner};
pub use random::Random;

use crate::Event;
use crate::fast::Game;
use crate::position::{Move, Position};
use crate::solver::{Allowance, Unsolved};
use cancel::Cancel;
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
    let choose =
        |position: &Position, moves: &[Move]| Ok::<_, Infallible>(strategy.choose(position, moves));
    match run(game, choose, &mut EventsOnly(log)) {
        Ok(score) => score,
        Err(never) => match never {},
    }
}

/// [`play`] with `player`, whose searches may examine `allowed` positions over the game (as
/// [`crate::solver::Solver::move_values_cancellable`] counts them; it is lessened by those they
/// examined), and which stops between two moves, or within a search, when `cancel` is raised:
/// the same game whenever neither stops it.
///
/// ```
/// use cancel::Cancel;
/// use russian::StrategyName;
/// use russian::fast::Game;
/// use russian::solver::{Allowance, Unsolved};
/// use russian::strategy::{self, play_within};
///
/// let game = Game::deal(7);
/// let mut player = StrategyName::Planner.player(&game, 7, 5);
/// let score = strategy::play(&mut game.clone(), &mut player, |_| {});
/// let mut player = StrategyName::Planner.player(&game, 7, 5);
/// let mut allowed = Allowance::UNBOUNDED;
/// let within = play_within(&mut game.clone(), &mut player, &mut allowed, &Cancel::new(), |_| {});
/// assert_eq!(within, Ok(score));
/// let mut player = StrategyName::Planner.player(&game, 7, 5);
/// let mut allowed = Allowance::positions(100);
/// let few = play_within(&mut game.clone(), &mut player, &mut allowed, &Cancel::new(), |_| {});
/// assert_eq!(few, Err(Unsolved::OverAllowance));
/// ```
///
/// # Errors
///
/// [`Unsolved::OverAllowance`] when a search would pass what is left of `allowed`;
/// [`Unsolved::Cancelled`] once `cancel` is raised.
pub fn play_within(
    game: &mut Game,
    player: &mut Player,
    allowed: &mut Allowance,
    cancel: &Cancel,
    log: impl FnMut(Event),
) -> Result<u32, Unsolved> {
    let choose = |position: &Position, moves: &[Move]| {
        cancel.check()?;
        player.choose_within(position, moves, allowed, cancel)
    };
    run(game, choose, &mut EventsOnly(log))
}

/// Tells `log` each event, and nothing at each step.
struct EventsOnly<L>(L);

impl<L: FnMut(Event), E> Watch<E> for EventsOnly<L> {
    fn event(&mut self, event: Event) {
        (self.0)(event)
    }
    fn step(&mut self, _: &Game) -> Result<(), E> {
        Ok(())
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
    impl<E, S: FnMut(&Game, &[Event]) -> Result<(), E>> Watch<E> for Steps<S> {
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
    let choose = |position: &Position, moves: &[Move]| Ok(strategy.choose(position, moves));
    run(game, choose, &mut steps)
}

/// What [`run`] reports as a game goes: each event, and the end of each step, which may end
/// the game with an error `E`.
trait Watch<E> {
    fn event(&mut self, event: Event);
    fn step(&mut self, game: &Game) -> Result<(), E>;
}

/// The one game loop behind [`play`], [`play_within`] and [`play_in_steps`]: the settling,
/// then a move at a time as `choose` picks it, until no move is left.
fn run<E>(
    game: &mut Game,
    mut choose: impl FnMut(&Position, &[Move]) -> Result<usize, E>,
    watch: &mut impl Watch<E>,
) -> Result<u32, E> {
    game.settle(&mut |event| watch.event(event));
    loop {
        watch.step(game)?;
        let moves = game.position().moves();
        if moves.is_empty() {
            return Ok(game.score());
        }
        let choice = choose(game.position(), &moves)?;
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

impl StrategyName {
    /// [`StrategyName::player`], the clairvoyant's search examining at most `allowed`
    /// positions, which it lessens by those it examined, and stopping when `cancel` is raised.
    ///
    /// # Errors
    ///
    /// As [`Clairvoyant::within`]'s.
    pub fn player_within(
        self,
        game: &Game,
        number: u64,
        samples: u32,
        allowed: &mut Allowance,
        cancel: &Cancel,
    ) -> Result<Player, Unsolved> {
        match self {
            StrategyName::Clairvoyant => {
                Clairvoyant::within(game, allowed, cancel).map(Player::Clairvoyant)
            }
            _ => Ok(self.player(game, number, samples)),
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

impl Player {
    /// [`Strategy::choose`] examining at most `allowed` positions, which it lessens by those
    /// it examined, and stopping when `cancel` is raised: only the planner searches as it
    /// chooses (the clairvoyant searched when it was made).
    ///
    /// # Errors
    ///
    /// As [`Planner::decide_within`]'s.
    pub fn choose_within(
        &mut self,
        position: &Position,
        moves: &[Move],
        allowed: &mut Allowance,
        cancel: &Cancel,
    ) -> Result<usize, Unsolved> {
        match self {
            // A forced move is no decision: the planner's `choose` takes it without a layout.
            Player::Planner(s) if moves.len() > 1 => {
                Ok(s.decide_within(position, moves, allowed, cancel)?.choice)
            }
            _ => Ok(self.choose(position, moves)),
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timing::{PROMPTLY, raised_after};
    use cancel::Cancelled;
    use std::time::Duration;

    /// Deal `number` played by `name`, within `allowed`: the events and the score, and the
    /// positions left of `allowed`.
    fn played(
        name: StrategyName,
        number: u64,
        samples: u32,
        allowed: u64,
    ) -> (Result<(Vec<Event>, u32), Unsolved>, u64) {
        let (mut game, cancel) = (Game::deal(number), Cancel::new());
        let mut left = Allowance::positions(allowed);
        let mut events = Vec::new();
        let score = name
            .player_within(&game, number, samples, &mut left, &cancel)
            .and_then(|mut player| {
                play_within(&mut game, &mut player, &mut left, &cancel, |e| {
                    events.push(e)
                })
            });
        (score.map(|score| (events, score)), left.positions)
    }

    #[test]
    fn within_no_bound_every_strategy_plays_the_same_game() {
        for name in StrategyName::ALL {
            for number in [0, 7, 113] {
                let mut game = Game::deal(number);
                let mut player = name.player(&game, number, 5);
                let mut events = Vec::new();
                let score = play(&mut game, &mut player, |e| events.push(e));
                let (within, _) = played(name, number, 5, u64::MAX);
                assert_eq!(within, Ok((events, score)), "{name} deal {number}");
            }
        }
    }

    #[test]
    fn a_game_plays_within_exactly_the_positions_its_searches_examine() {
        for name in [StrategyName::Planner, StrategyName::Clairvoyant] {
            let (game, left) = played(name, 113, 10, u64::MAX);
            let examined = u64::MAX - left;
            assert!(examined > 0);
            assert_eq!(played(name, 113, 10, examined), (game, 0), "{name}");
            let (short, _) = played(name, 113, 10, examined - 1);
            assert_eq!(short, Err(Unsolved::OverAllowance), "{name}");
        }
    }

    #[test]
    fn a_flag_raised_on_another_thread_stops_a_planners_game_within_100_ms() {
        let mut game = Game::deal(113);
        let mut player = StrategyName::Planner.player(&game, 113, MAX_SAMPLES);
        let (score, late) = raised_after(Duration::from_millis(300), |cancel| {
            let mut allowed = Allowance::UNBOUNDED;
            play_within(&mut game, &mut player, &mut allowed, cancel, |_| {})
        });
        assert_eq!(score, Err(Unsolved::Cancelled(Cancelled)));
        assert!(late <= PROMPTLY, "returned {late:?} after the flag");
    }
}
