//! Playing cards shared by the parlor games: [`Suit`], [`Rank`], [`Card`], the project's card
//! notation (`S3`, `HX`, `H10`, `DA`, `♠A`), read with the column of every token kept for error
//! messages, and the one [`shuffle`] of the games that deal from a pack.
//!
//! ```
//! use cards::{Card, Rank, Suit};
//!
//! let card: Card = "H10".parse().unwrap();
//! assert_eq!(card, Card::new(Rank::Ten, Suit::Hearts));
//! assert_eq!("♥X".parse(), Ok(card));
//! assert_eq!((card.to_string(), format!("{card:#}")), ("HX".into(), "♥X".into()));
//!
//! // Ranks count the ace as 1; suits go clubs, diamonds, hearts, spades.
//! assert_eq!((Rank::Ace.value(), Rank::King.value()), (1, 13));
//! assert_eq!(Rank::from_notation("Q"), Some(Rank::Queen));
//! assert_eq!(Suit::from_char('♠'), Some(Suit::Spades));
//! assert!(Suit::Clubs < Suit::Spades);
//!
//! // A token that is no card says where it stands and what it is.
//! let error = Card::parse_at("Z5", 7).unwrap_err();
//! assert_eq!(error.to_string(), "column 7: expected a card such as S3 or HX, found \"Z5\"");
//! assert_eq!(Card::ALL.len(), 52);
//! ```

mod card;
mod notation;
mod rank;
pub mod shuffle;
mod suit;

pub use card::Card;
pub use notation::{CardError, Expected};
pub use rank::Rank;
pub use suit::Suit;
