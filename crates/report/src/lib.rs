//! What parlor writes and reads at its edges, for the command line and the server alike.
//!
//! Every JSON object a command writes and the server answers is one of the shapes here, one
//! module a game (and [`error`] for the server's refusals), each named `…Json` and built by its
//! own constructor, so that the two can never drift apart: the server's answer to a position is
//! the command's line for it, byte for byte. The parsers of the words both take (a goal, a
//! strategy, a deal index, a split, a count) and the reading of bytes as text live here too, for
//! the same reason. Nothing here prints, reads a file or knows a terminal.
//!
//! ```
//! use report::hiq::GameJson;
//!
//! // The contest's automatic player on the rule book's sample game 1, as `parlor hiq --json`.
//! let start = hiq::position::parse_position("10 12 17 19 25").unwrap();
//! let line = serde_json::to_string(&GameJson::play(start)).unwrap();
//! assert!(line.ends_with(r#""remaining":[24,27],"sum":51}"#));
//! ```

pub mod camicia;
pub mod count;
pub mod error;
pub mod hiq;
pub mod russian;
pub mod speed;
pub mod text;
