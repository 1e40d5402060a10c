//! Where a game's deal comes from, named the same way on the command line and in the server's
//! addresses: deal N of [`crate::deal`] (`--seed N`, `seed=N`), PySolFC's game N
//! ([`crate::pysol`]: `--pysol N`, `pysol=N`), or a layout written whole (`--layout FILE`, read
//! by the command line). The seed also seeds a strategy's random choices, whichever deal is
//! played: 0 when none is given.
//!
//! ```
//! use russian::source::Source;
//!
//! let dealt = Source { seed: Some(113), ..Source::default() };
//! assert_eq!(dealt.layout(), Ok(russian::deal::deal(113)));
//! let pysol = Source { pysol: Some("ms5".parse().unwrap()), ..Source::default() };
//! assert_eq!(pysol.number(), 0);
//! assert!(Source::default().layout().is_err());
//! ```

use crate::layout::Layout;
use crate::pysol::{self, GameNumber};
use thiserror::Error;

/// A deal as a player names it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Source {
    /// Deal N of [`crate::deal`], played unless a PySolFC game or a layout is given; the number
    /// that seeds a strategy's random choices in every case.
    pub seed: Option<u64>,
    /// PySolFC's game N.
    pub pysol: Option<GameNumber>,
    /// A layout given whole.
    pub layout: Option<Layout>,
}

/// Why a [`Source`] names no deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum SourceError {
    /// Neither a seed, a PySolFC game nor a layout.
    #[error("no deal is named: give a seed, a PySolFC game or a layout")]
    Unnamed,
    /// A PySolFC game and a layout, which are two deals.
    #[error("a PySolFC game and a layout name two deals: give one")]
    Both,
}

impl Source {
    /// The deal named: the layout given, else PySolFC's game, else deal `seed`.
    ///
    /// # Errors
    ///
    /// When nothing names a deal, or both a PySolFC game and a layout do.
    pub fn layout(&self) -> Result<Layout, SourceError> {
        match (&self.layout, self.pysol, self.seed) {
            (Some(_), Some(_), _) => Err(SourceError::Both),
            (Some(layout), None, _) => Ok(layout.clone()),
            (None, Some(number), _) => Ok(pysol::deal(number)),
            (None, None, Some(seed)) => Ok(crate::deal::deal(seed)),
            (None, None, None) => Err(SourceError::Unnamed),
        }
    }

    /// The number that seeds a strategy's random choices: the seed, 0 unless given.
    pub fn number(&self) -> u64 {
        self.seed.unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layout_or_a_pysol_game_is_played_the_seed_seeding_the_choices() {
        let pysol: GameNumber = "5".parse().unwrap();
        let layout = crate::deal::deal(7);
        let with_seed = |seed| Source {
            seed,
            pysol: Some(pysol),
            layout: None,
        };
        assert_eq!(with_seed(Some(3)).layout(), Ok(pysol::deal(pysol)));
        assert_eq!(with_seed(Some(3)).number(), 3);
        assert_eq!(with_seed(None).number(), 0);
        let given = Source {
            seed: Some(9),
            pysol: None,
            layout: Some(layout.clone()),
        };
        assert_eq!(given.layout(), Ok(layout.clone()));
        let both = Source {
            layout: Some(layout),
            ..with_seed(None)
        };
        assert_eq!(both.layout(), Err(SourceError::Both));
    }
}
