//! The line mode: the table as sentences printed once and commands typed
//! as words, for screen readers and scripts. No screen is drawn and no
//! escape sequence is printed; the same table, seeds, saves and records
//! as the full-screen table.

pub mod cards;
pub mod command;
pub mod narrator;

pub use cards::CardWords;
pub use narrator::Narrator;

#[cfg(test)]
mod tests;
