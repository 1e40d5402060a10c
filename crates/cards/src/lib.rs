//! Playing cards shared by the parlor games: [`Suit`], [`Rank`], [`Card`], the project's card
//! notation (`S3`, `HX`, `H10`, `DA`, `♠A`) and a tokenizer that keeps columns for error messages.

mod card;
mod notation;
mod rank;
mod suit;

pub use card::Card;
pub use notation::{CardError, Expected, tokens};
pub use rank::Rank;
pub use suit::Suit;
