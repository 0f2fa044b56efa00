#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod cli;
pub mod commands;
pub mod files;
pub mod line;
pub mod lobby;
pub mod remembered;
pub mod request;
pub mod room;
pub mod serve;
pub mod terminal;
#[cfg(test)]
mod testing;
pub mod theme;
pub mod ui;
pub mod words;

/// The engine example of `docs/engine.md`, run as a doctest so it keeps compiling.
#[cfg(doctest)]
#[doc = include_str!("../docs/engine.md")]
struct EngineDoc;
