//! The shared table: a game several people and bots share.
//!
//! No terminal crate is used here: the table's input is what people
//! intend, its output to each person is their sight of it.

pub mod clock;
pub mod hint;
pub mod lineup;
pub mod saved;

pub use lineup::{Setup, seat_name};
