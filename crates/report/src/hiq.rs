//! Hi-Q's shapes: a contest game (`parlor hiq --json`), a jump, the solver's answer (`parlor hiq
//! solve --json`), the census (`parlor hiq census --json`), a position with its legal jumps (the
//! server's `/api/hiq/board`), and the goal as the command line and the page write it.
//!
//! ```
//! use hiq::solve::{Goal, solve};
//! use report::hiq::{SolutionJson, parse_goal};
//!
//! // `parlor hiq solve --json --goal any 10 12 17 19 25`, as the command and the server write it:
//! // no line leaves a single peg, which the pegs' classes prove.
//! let start = hiq::position::parse_position("10 12 17 19 25").unwrap();
//! let goal = parse_goal("any").unwrap();
//! assert_eq!(goal, Goal::Any);
//! let solution = solve(start, goal, 1 << 20, |_| {}).unwrap();
//! let line = serde_json::to_string(&SolutionJson::new(start, goal, &solution, None)).unwrap();
//! let start = r#"{"pegs":[10,12,17,19,25],"goal":"any","won":false,"proof":"class","#;
//! assert!(line.starts_with(start));
//! ```

use hiq::census::Census;
use hiq::line::Line;
use hiq::solve::{Goal, Solution, Verdict};
use hiq::verdict::{Ahead, Judged, default_goal};
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
        let mut play = auto::jumps(start);
        let jumps = play.by_ref().map(JumpJson::from).collect();
        let end = play.board();
        GameJson {
            pegs: hole_numbers(start),
            jumps,
            remaining: hole_numbers(end),
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
    /// Whether no line leaves fewer pegs than `remaining` ([`Solution::fewest`]): false only
    /// when the short search for the line of a lost position (by class, or a verdict's within
    /// its positions) was cut.
    fewest: bool,
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
            fewest: solution.fewest,
            moves: moves.map(|m| {
                m.iter()
                    .map(|js| js.iter().map(|&j| j.into()).collect())
                    .collect()
            }),
        }
    }
}

/// A verdict as the Hi-Q page shows it: the solver's answer for the position a line of jumps
/// leads to, what answered it, and the jump of the line that lost the goal.
#[derive(Serialize)]
pub struct VerdictJson {
    /// The answer for the line's end, as `solve --json` writes it; its `positions` are 0 when
    /// the table answered.
    #[serde(flatten)]
    solution: SolutionJson,
    /// `"table"` when the table of prospects answered, `"solver"` when the solver searched.
    answered_by: &'static str,
    /// The index in the line of the first jump after which the goal could no longer be
    /// reached; `null` when the goal is still within reach, was never, or is not known.
    losing_jump: Option<usize>,
}

impl VerdictJson {
    /// The verdict `judged` for `goal` at `end`, where its line ends.
    pub fn new(end: Board, goal: Goal, judged: &Judged) -> VerdictJson {
        VerdictJson {
            solution: SolutionJson::new(end, goal, &judged.solution, None),
            answered_by: if judged.by_table { "table" } else { "solver" },
            losing_jump: judged.losing_jump,
        }
    }
}

/// A position, a line of jumps played from it, and the jumps legal where the line ends.
#[derive(Serialize)]
pub struct BoardJson {
    /// The position the line starts from.
    pegs: Vec<u8>,
    /// The line played.
    jumps: Vec<JumpJson>,
    /// The pegs after it.
    remaining: Vec<u8>,
    legal: Vec<JumpJson>,
    /// The holes a single last peg may stand in, as de Bruijn's class of the pegs after the
    /// line allows.
    class_holes: Vec<u8>,
    /// The goal the start is solved for unless one is asked ([`default_goal`]), as the `goal`
    /// parameter spells it: `centre`, `any` or a hole's number.
    default_goal: String,
}

impl BoardJson {
    /// The line `played` from `start`, and the jumps legal after it.
    pub fn new(start: Board, played: &Line) -> BoardJson {
        BoardJson {
            pegs: hole_numbers(start),
            jumps: played.jumps.iter().map(|&j| j.into()).collect(),
            remaining: hole_numbers(played.end),
            legal: played.end.legal_jumps().map(JumpJson::from).collect(),
            class_holes: played.end.class_holes().map(|h| h.number()).collect(),
            default_goal: match default_goal(start) {
                Goal::Hole(Hole::CENTRE) => "centre".to_owned(),
                Goal::Hole(hole) => hole.number().to_string(),
                Goal::Any => "any".to_owned(),
            },
        }
    }
}

/// The positions one legal jump past a line's end, each with its verdict, as
/// [`hiq::verdict::ahead`] gives them (the server's `/api/hiq/ahead`): none where the verdicts
/// are not known at once.
#[derive(Serialize)]
pub struct AheadJson {
    ahead: Vec<NextJson>,
}

/// One position of [`AheadJson`]: as `/api/hiq/board` and `/api/hiq/verdict` answer for the line
/// one jump longer.
#[derive(Serialize)]
struct NextJson {
    board: BoardJson,
    verdict: VerdictJson,
}

impl AheadJson {
    /// The lines `ahead` of one played from `start`, judged for `goal`.
    pub fn new(start: Board, goal: Goal, ahead: &[Ahead]) -> AheadJson {
        AheadJson {
            ahead: ahead
                .iter()
                .map(|next| NextJson {
                    board: BoardJson::new(start, &next.played),
                    verdict: VerdictJson::new(next.played.end, goal, &next.judged),
                })
                .collect(),
        }
    }
}

/// One level of the census: the positions with so many pegs.
#[derive(Serialize)]
struct LevelJson {
    pegs: u32,
    positions: u64,
    positions_up_to_symmetry: u64,
    winnable: u64,
    winnable_up_to_symmetry: u64,
}

/// `census --json`. Game counts exceed 64 bits, and many JSON readers lose digits beyond 53, so
/// they are written as decimal strings.
#[derive(Serialize)]
pub struct CensusJson {
    pegs: Vec<u8>,
    levels: Vec<LevelJson>,
    positions: u64,
    positions_up_to_symmetry: u64,
    winnable: u64,
    winnable_up_to_symmetry: u64,
    games: String,
    games_won: String,
}

impl CensusJson {
    /// The census `result` of the game from `start`.
    pub fn new(start: Board, result: &Census) -> CensusJson {
        CensusJson {
            pegs: hole_numbers(start),
            levels: result
                .levels
                .iter()
                .map(|l| LevelJson {
                    pegs: l.pegs,
                    positions: l.positions,
                    positions_up_to_symmetry: l.positions_up_to_symmetry,
                    winnable: l.winnable,
                    winnable_up_to_symmetry: l.winnable_up_to_symmetry,
                })
                .collect(),
            positions: result.positions(),
            positions_up_to_symmetry: result.positions_up_to_symmetry(),
            winnable: result.winnable(),
            winnable_up_to_symmetry: result.winnable_up_to_symmetry(),
            games: result.games.to_string(),
            games_won: result.games_won.to_string(),
        }
    }
}
