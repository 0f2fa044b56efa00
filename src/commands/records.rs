//! Kept games for `hearts replay` and `hearts review`: which record of a file, which seat, the review's report.

use std::fmt::Write as _;

use std::io::IsTerminal;

use crate::files::{self as store};
use crate::terminal::games;
use crate::terminal::{self};
use hearts_bots::record::GameRecord;
use hearts_engine::Seat;
use hearts_table::review;

use super::{CommandError, progress_bar};

/// Game `game` (1-based, default the last) of a records file, or of the
/// kept games: (record, its number, how many there are).
pub(super) fn pick_record(
    file: Option<&std::path::Path>,
    game: Option<u64>,
) -> Result<(GameRecord, usize, usize), CommandError> {
    let records = match file {
        Some(path) => read_records(path)?,
        None => {
            let (records, problem) = games::read(&store::data_dir()?);
            if let Some(problem) = problem {
                eprintln!("hearts: {problem}");
            }
            records
        }
    };
    let count = records.len();
    if count == 0 {
        let saved = file.is_none() && store::data_dir().is_ok_and(|dir| terminal::save::save_path(&dir).exists());
        return Err(if saved {
            CommandError::OnlyUnfinished
        } else {
            CommandError::NoGames(file.map(std::path::Path::to_path_buf))
        });
    }
    let index = game.map_or(count, |n| n as usize);
    let record = records.into_iter().nth(index - 1).ok_or(CommandError::NoSuchGame { index, count })?;
    Ok((record, index, count))
}

/// Seat `number` of the game `record` holds.
pub(super) fn seat_of(record: &GameRecord, number: u64) -> Result<Seat, CommandError> {
    let players = record.seats.len();
    usize::try_from(number)
        .ok()
        .filter(|&index| index < players)
        .and_then(Seat::new)
        .ok_or(CommandError::NoSuchSeat { seat: number, players })
}

/// A progress callback that draws a bar on stderr when it is a terminal.
pub(super) fn progress_on_stderr(what: &'static str) -> impl FnMut(usize, usize) {
    let show = std::io::stderr().is_terminal();
    move |done, total| {
        if show {
            eprint!("\r{what} {}", progress_bar(done as u64, total as u64, "tricks"));
            if done == total {
                eprintln!();
            }
        }
    }
}

/// The review for people: the costly cards, the biggest mistakes and the total.
pub(super) fn review_report(decisions: &[review::Decision]) -> String {
    // Cards as the table writes them (10♠), not as records keep them (TS).
    let theme = crate::theme::Theme { color: false, ascii: false, palette256: false, four_colour: false };
    let show = |cards: &str| review::show_cards(cards, |card| theme.card(card));
    let mut out = String::new();
    for decision in decisions {
        if let Some(verdict) = decision.verdict_showing(|card| theme.card(card)) {
            let verb = if decision.is_pass() { "passed" } else { "played" };
            let _ = writeln!(out, "{}: you {verb} {}, {verdict}", decision.place(), show(&decision.played));
        }
    }
    let (worst, total) = review::summary(decisions, 5);
    let unit = decisions.first().map_or(review::Unit::Points, |d| d.unit);
    let choices = if decisions.len() == 1 { "choice" } else { "choices" };
    let gap = if out.is_empty() { "" } else { "\n" };
    let _ = writeln!(out, "{gap}{} {choices} reviewed; total cost {}", decisions.len(), unit.amount(total));
    if !worst.is_empty() {
        let _ = writeln!(out, "Biggest mistakes:");
        for d in worst {
            let (played, best) = (show(&d.played), show(&d.best));
            let _ = writeln!(out, "  {}: {played} instead of {best} ({})", d.place(), unit.amount(d.cost));
        }
    }
    out
}

/// The game records of a file the person named: every line must read.
pub(super) fn read_records(path: &std::path::Path) -> Result<Vec<GameRecord>, CommandError> {
    let text = std::fs::read_to_string(path)
        .map_err(|source| CommandError::ReadRecords { path: path.to_path_buf(), source })?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line).map_err(|error| CommandError::NotARecord {
                path: path.to_path_buf(),
                line: i + 1,
                problem: error.to_string(),
            })
        })
        .collect()
}
