//! The `hearts` binary: parse the command line, run the command, print.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use hearts::cli::Cli;
use hearts::commands;
use hearts_bots::config::SearchPaths;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match commands::run(&cli, &SearchPaths::from_environment()) {
        Ok(output) => {
            // A closed pipe (`hearts deal ... | head`) is not an error worth a panic.
            let _ = std::io::stdout().lock().write_all(output.as_bytes());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("hearts: {error}");
            ExitCode::from(2)
        }
    }
}
