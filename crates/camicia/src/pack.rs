//! A one-pack deal as the fast engines take it: 52 penalty codes, A's 26 cards then B's, top
//! first — 0 for a number card, 1 to 4 for J Q K A — with at most [`MAX_PAYMENT`] payment cards.
//! A `Pack` can only hold such codes, so every engine can play it.
//!
//! ```
//! use camicia::Pack;
//!
//! let mut codes = [0u8; 52];
//! codes[..16].copy_from_slice(&[4, 4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1]);
//! let pack = Pack::new(codes).unwrap();
//! assert_eq!(camicia::fast::play_pack(&pack).to_string(), "status: \"finished\", cards: 34, tricks: 8");
//! // The reference engine agrees.
//! let deal = camicia::deal::pack_deal(&pack);
//! assert_eq!(camicia::reference::Game::play(&deal), camicia::fast::play_pack(&pack));
//! assert!(Pack::new([5; 52]).is_err());
//! ```

use crate::hand::MAX_PAYMENT;
use std::ops::Deref;
use thiserror::Error;

/// 52 penalty codes that every engine can play (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pack([u8; 52]);

/// Codes that are not a pack the engines can play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PackCodeError {
    /// A code above 4.
    #[error("place {place}: expected a penalty code from 0 to 4, found {code}")]
    Code {
        /// Its place, from 0.
        place: usize,
        /// The code.
        code: u8,
    },
    /// Too many payment cards.
    #[error("expected at most {MAX_PAYMENT} payment cards (codes 1 to 4), found {count}")]
    Payments {
        /// How many there are.
        count: usize,
    },
}

impl Pack {
    /// The pack of these codes.
    ///
    /// # Errors
    ///
    /// A code above 4, or more than [`MAX_PAYMENT`] payment cards.
    pub fn new(codes: [u8; 52]) -> Result<Pack, PackCodeError> {
        if let Some(place) = codes.iter().position(|&c| c > 4) {
            return Err(PackCodeError::Code {
                place,
                code: codes[place],
            });
        }
        let count = codes.iter().filter(|&&c| c > 0).count();
        if count > MAX_PAYMENT {
            return Err(PackCodeError::Payments { count });
        }
        Ok(Pack(codes))
    }

    /// Codes made by this crate's own dealing, ordering and moves, which only ever place the
    /// 16 payment cards of one pack.
    pub(crate) const fn of_valid(codes: [u8; 52]) -> Pack {
        Pack(codes)
    }

    /// Changes the codes in place, by a change that keeps them a pack (a permutation).
    pub(crate) fn permute(&mut self, change: impl FnOnce(&mut [u8; 52])) {
        change(&mut self.0);
    }

    /// The 52 penalties.
    pub fn codes(&self) -> &[u8; 52] {
        &self.0
    }
}

impl Deref for Pack {
    type Target = [u8; 52];

    fn deref(&self) -> &[u8; 52] {
        &self.0
    }
}

impl TryFrom<[u8; 52]> for Pack {
    type Error = PackCodeError;

    fn try_from(codes: [u8; 52]) -> Result<Pack, PackCodeError> {
        Pack::new(codes)
    }
}
