//! One module per game: its arguments and how its results are written.

pub mod camicia;
pub mod hiq;
pub mod russian;
pub mod speed;
