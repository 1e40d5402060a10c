//! Hi-Q's shapes: a contest game (`parlor hiq --json`), a jump, the solver's answer (`parlor hiq
//! solve --json`), and the goal as the command line and the page write it.

use hiq::solve::{Goal, Solution, Verdict};
use hiq::{Board, Hole, Jump, auto};
use serde::Serialize;

/// The holes of `board`'s pegs, by number, in order.
pub fn hole_numbers(board: Board) -> Vec<u8> {
    board.pegs().map(Hole::number).collect()
}

/// One game as `--json` prints it.
#[derive(Serialize)]
pub struct GameJson {
    pegs: Vec<u8>,
    jumps: Vec<JumpJson>,
    remaining: Vec<u8>,
    sum: u32,
}

/// A jump as every Hi-Q shape writes it: the holes by number.
#[derive(Serialize)]
pub struct JumpJson {
    from: u8,
    over: u8,
    to: u8,
}

impl From<Jump> for JumpJson {
    fn from(jump: Jump) -> JumpJson {
        let (from, over, to) = (jump.from(), jump.over(), jump.to());
        JumpJson {
            from: from.number(),
            over: over.number(),
            to: to.number(),
        }
    }
}

impl GameJson {
    /// The contest's automatic player's game from `start`.
    pub fn play(start: Board) -> GameJson {
        let numbers = |board: Board| board.pegs().map(Hole::number).collect();
        let mut play = auto::jumps(start);
        let jumps = play.by_ref().map(JumpJson::from).collect();
        let end = play.board();
        GameJson {
            pegs: numbers(start),
            jumps,
            remaining: numbers(end),
            sum: end.hole_sum(),
        }
    }
}

/// `--goal` (and the page's `goal`): `centre`, `any` or a hole number.
pub fn parse_goal(text: &str) -> Result<Goal, String> {
    match text {
        "centre" | "center" => Ok(Goal::Hole(Hole::CENTRE)),
        "any" => Ok(Goal::Any),
        _ => text
            .parse::<u8>()
            .ok()
            .and_then(Hole::new)
            .map(Goal::Hole)
            .ok_or_else(|| {
                format!(
                    "expected centre, any or a hole number from 1 to 33, found {}",
                    excerpt::Excerpt::of(text)
                )
            }),
    }
}

/// The goal when none is given: the centre from the standard start, any hole otherwise.
pub fn default_goal(start: Board) -> Goal {
    if start == Board::standard_start() {
        Goal::Hole(Hole::CENTRE)
    } else {
        Goal::Any
    }
}

#[derive(Serialize)]
#[serde(untagged)]
enum GoalJson {
    Hole(u8),
    Any(&'static str),
}

/// `solve --json`: the start, the goal, whether it is won and how the answer is proved, and
/// the line (as `parlor hiq --json` writes jumps).
#[derive(Serialize)]
pub struct SolutionJson {
    pegs: Vec<u8>,
    goal: GoalJson,
    won: bool,
    /// `null` when won; `"class"` or `"exhausted"` for the proof that no line wins.
    proof: Option<&'static str>,
    positions: u64,
    jumps: Vec<JumpJson>,
    remaining: Vec<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<Vec<JumpJson>>>,
}

impl SolutionJson {
    /// The solver's `solution` from `start` for `goal`; `moves`, when given, is the fewest-moves
    /// line (`--min-moves`), grouped by move, which the answer shows instead.
    pub fn new(start: Board, goal: Goal, solution: &Solution, moves: Option<&[Vec<Jump>]>) -> Self {
        let jumps: Vec<Jump> = match moves {
            Some(moves) => moves.concat(),
            None => solution.jumps.clone(),
        };
        let end = jumps
            .iter()
            .try_fold(start, |b, &j| b.apply(j))
            .unwrap_or(solution.end);
        SolutionJson {
            pegs: hole_numbers(start),
            goal: match goal {
                Goal::Hole(hole) => GoalJson::Hole(hole.number()),
                Goal::Any => GoalJson::Any("any"),
            },
            won: solution.verdict == Verdict::Won,
            proof: match solution.verdict {
                Verdict::Won => None,
                Verdict::LostByClass => Some("class"),
                Verdict::LostByExhaustion => Some("exhausted"),
            },
            positions: solution.positions,
            jumps: jumps.into_iter().map(JumpJson::from).collect(),
            remaining: hole_numbers(end),
            moves: moves.map(|m| {
                m.iter()
                    .map(|js| js.iter().map(|&j| j.into()).collect())
                    .collect()
            }),
        }
    }
}
