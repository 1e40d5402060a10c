//! How long the robot takes to choose when a person plays it: a rule of the variant "against
//! the robot" (docs/speed.md of the workspace).

/// The robot's reaction time in ms. The robot chooses (rule 3) `ms` after the instant at which
/// the rule book's robot would: after its own action completes, or after a card lands while it
/// waits; it chooses by the state at that later instant, and a card landing meanwhile changes
/// only what it then sees. 0 is the rule book's robot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Reaction {
    ms: u32,
}

impl Reaction {
    /// The rule book's robot, which chooses the instant it may.
    pub const RULE_BOOK: Reaction = Reaction { ms: 0 };

    /// The reactions offered to people: 0, 250, 500 and 1,000 ms.
    pub const OFFERED: [Reaction; 4] = [
        Reaction::RULE_BOOK,
        Reaction { ms: 250 },
        Reaction { ms: 500 },
        Reaction { ms: 1_000 },
    ];

    /// The slowest reaction there may be, 10,000 ms.
    pub const SLOWEST_MS: u32 = 10_000;

    /// The reaction of `ms` milliseconds, if it is at most [`Reaction::SLOWEST_MS`].
    pub const fn new(ms: u32) -> Option<Reaction> {
        if ms <= Reaction::SLOWEST_MS {
            Some(Reaction { ms })
        } else {
            None
        }
    }

    /// The reaction time in ms.
    pub const fn ms(self) -> u32 {
        self.ms
    }
}
