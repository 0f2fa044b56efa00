//! `hearts sim`: the duplicate arena, with its progress and its report.

use std::io::{IsTerminal, Write as _};

use crate::cli::SimArgs;
use hearts_bots::config::LoadedRules;
use hearts_bots::players::{BotChoices, Player};
use hearts_bots::sim::{self, Arena, Lineup, Units};

use super::records::read_records;
use super::{CommandError, progress_bar};

/// `hearts sim`: plays the arena and returns the table or JSON.
pub(super) fn simulate(loaded: &LoadedRules, choices: &BotChoices, args: &SimArgs) -> Result<String, CommandError> {
    let players = loaded.rules.player_count();
    let lineup = match &args.duplicate {
        Some(pair) => {
            let (a, b) = pair.split_once(',').ok_or_else(|| CommandError::DuplicatePair(pair.clone()))?;
            let parse = |text: &str| text.trim().parse::<Player>().map_err(CommandError::DuplicatePlayer);
            Lineup::Duplicate { a: parse(a)?, b: parse(b)?, both_ways: args.both_ways }
        }
        None => Lineup::Fixed(choices.resolve(players)?),
    };
    let units = match (args.games, args.hands) {
        (Some(n), _) => Units::Games(n),
        (None, Some(n)) => Units::Hands(n),
        (None, None) => Units::Hands(1000),
    };
    let threads =
        args.threads.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |n| n as usize);
    let arena = Arena { rules: loaded.rules, seed: args.seed, units, lineup, threads, think: choices.think() };
    // Read before playing, so that a wrong file does not cost a long run.
    let before = match &args.compare {
        Some(path) => Some(read_records(path).map_err(|error| match error {
            CommandError::Record { path, source } => CommandError::Compare { path, problem: source.to_string() },
            other => other,
        })?),
        None => None,
    };
    let mut now = Vec::new();
    let mut writer = match &args.record {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|source| CommandError::Record { path: path.clone(), source })?,
        )),
        None => None,
    };
    let mut write_error = None;
    let show_progress = std::io::stderr().is_terminal();
    let mut report = arena.run(
        writer.is_some() || before.is_some(),
        |record| {
            if before.is_some() {
                now.push(record.clone());
            }
            if let Some(out) = writer.as_mut()
                && write_error.is_none()
                && let Err(e) = writeln!(out, "{}", serde_json::to_string(record).expect("a record serializes"))
            {
                write_error = Some(e);
            }
        },
        |done, total| {
            if show_progress {
                eprint!("\r{}", progress_bar(done, total, "deals"));
                if done == total {
                    eprintln!();
                }
            }
        },
    );
    if let Some(out) = writer.as_mut() {
        let flushed = out.flush();
        if let Some(e) = write_error.or(flushed.err()) {
            return Err(CommandError::Record { path: args.record.clone().unwrap_or_default(), source: e });
        }
    }
    if let (Some(before), Some(path)) = (&before, &args.compare) {
        let comparison = sim::compare::compare(before, &now, &arena.layout())
            .map_err(|problem| CommandError::Compare { path: path.clone(), problem })?;
        report.compared = Some((path.display().to_string(), comparison));
    }
    Ok(if args.json { format!("{}\n", sim::render_json(&report)) } else { sim::render_table(&report) })
}
