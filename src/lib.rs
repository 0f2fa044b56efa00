#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod cli;
pub mod commands;
pub mod config;
pub mod engine;
