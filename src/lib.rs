#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod bot;
pub mod cli;
pub mod commands;
pub mod config;
pub mod engine;
pub mod files;
pub mod line;
pub mod pace;
pub mod players;
pub mod record;
pub mod review;
pub mod serve;
pub mod sim;
pub mod table;
pub mod terminal;
pub mod ui;

/// The engine example of `docs/engine.md`, run as a doctest so it keeps compiling.
#[cfg(doctest)]
#[doc = include_str!("../docs/engine.md")]
struct EngineDoc;
