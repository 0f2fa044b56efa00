//! Your record per rules preset: games, wins, average points per hand and
//! per game, moons shot, queens taken, undos. Kept in `stats.json` in the
//! data directory and shown by `hearts stats` and the `S` key.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::engine::{Game, Seat};

use super::store::{self, FileError};

/// What one finished game adds to the statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameStats {
    /// Hands scored.
    pub hands: u32,
    /// Your scores added over the hands.
    pub points: i32,
    /// Your final total.
    pub final_total: i32,
    /// Whether you had (or shared) the lowest total.
    pub won: bool,
    /// Moons you shot.
    pub moons: u32,
    /// Hands in which you took the queen of spades.
    pub queens: u32,
    /// Undos taken.
    pub undos: u32,
}

impl GameStats {
    /// The statistics of `seat` in a finished (or timed-out) game.
    pub fn of(game: &Game, seat: Seat, undos: u32, won: bool) -> GameStats {
        let history = game.history();
        GameStats {
            hands: history.len() as u32,
            points: history.iter().map(|record| record.scores[seat]).sum(),
            final_total: game.totals()[seat],
            won,
            moons: history.iter().filter(|record| record.result.shooter == Some(seat)).count() as u32,
            queens: history.iter().filter(|record| record.result.queen_taker == Some(seat)).count() as u32,
            undos,
        }
    }
}

/// The running record for one preset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct PresetStats {
    /// Games finished.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Hands scored.
    pub hands: u32,
    /// Points scored over all hands.
    pub points: i64,
    /// Final totals added up.
    pub game_points: i64,
    /// Moons shot.
    pub moons: u32,
    /// Queens of spades taken.
    pub queens: u32,
    /// Undos taken.
    pub undos: u32,
}

impl PresetStats {
    /// Adds a finished game.
    pub fn add(&mut self, game: GameStats) {
        self.games += 1;
        self.wins += u32::from(game.won);
        self.hands += game.hands;
        self.points += i64::from(game.points);
        self.game_points += i64::from(game.final_total);
        self.moons += game.moons;
        self.queens += game.queens;
        self.undos += game.undos;
    }

    /// The record as label/value lines.
    pub fn lines(&self) -> Vec<(&'static str, String)> {
        let average = |total: i64, count: u32| {
            if count == 0 { "-".to_string() } else { format!("{:.1}", total as f64 / f64::from(count)) }
        };
        let wins = if self.games == 0 {
            "0".to_string()
        } else {
            format!("{} ({:.0}%)", self.wins, 100.0 * f64::from(self.wins) / f64::from(self.games))
        };
        vec![
            ("Games", self.games.to_string()),
            ("Wins", wins),
            ("Points per hand", average(self.points, self.hands)),
            ("Points per game", average(self.game_points, self.games)),
            ("Moons shot", self.moons.to_string()),
            ("Queens taken", self.queens.to_string()),
            ("Undos", self.undos.to_string()),
        ]
    }
}

/// Every preset's record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// The record per rules label.
    pub presets: BTreeMap<String, PresetStats>,
}

impl Stats {
    /// The statistics file in a data directory.
    pub fn path(dir: &Path) -> PathBuf {
        dir.join("stats.json")
    }

    /// Reads the statistics; none yet is an empty record. A file that
    /// does not read as statistics is moved aside (never overwritten) and
    /// the error says where it went; a file the system will not give is an
    /// error and stays as it is.
    pub fn read(dir: &Path) -> Result<Stats, FileError> {
        let path = Stats::path(dir);
        match store::read_if_present(&path)? {
            None => Ok(Stats::default()),
            Some(text) => serde_json::from_str(&text)
                .map_err(|error| store::set_aside(&path, format!("they are not statistics: {error}"))),
        }
    }

    /// Adds a finished game under `label` and writes the file.
    pub fn record(dir: &Path, label: &str, game: GameStats) -> Result<PresetStats, FileError> {
        let mut stats = Stats::read(dir)?;
        let entry = stats.presets.entry(label.to_string()).or_default();
        entry.add(game);
        let entry = *entry;
        let text = serde_json::to_string_pretty(&stats).expect("statistics serialise");
        store::write_atomically(&Stats::path(dir), &(text + "\n"))?;
        Ok(entry)
    }

    /// `hearts stats`: a table with a column per preset played.
    pub fn render(&self) -> String {
        if self.presets.is_empty() {
            return "No games finished yet.\n".to_string();
        }
        let labels: Vec<&String> = self.presets.keys().collect();
        let rows = PresetStats::default().lines().len();
        let columns: Vec<Vec<(&str, String)>> = self.presets.values().map(PresetStats::lines).collect();
        let width =
            labels.iter().map(|l| l.len()).chain(columns.iter().flatten().map(|(_, v)| v.len())).max().unwrap_or(8);
        let mut out = format!("{:<16}", "");
        for label in &labels {
            out += &format!("  {label:>width$}");
        }
        out.push('\n');
        for row in 0..rows {
            out += &format!("{:<16}", columns[0][row].0);
            for column in &columns {
                out += &format!("  {:>width$}", column[row].1);
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn averages_are_per_hand_and_per_game() {
        let mut stats = PresetStats::default();
        stats.add(GameStats { hands: 10, points: 60, final_total: 60, won: true, moons: 1, queens: 2, undos: 3 });
        stats.add(GameStats { hands: 10, points: 140, final_total: 104, won: false, moons: 0, queens: 3, undos: 0 });
        let lines: BTreeMap<&str, String> = stats.lines().into_iter().collect();
        assert_eq!(lines["Games"], "2");
        assert_eq!(lines["Wins"], "1 (50%)");
        assert_eq!(lines["Points per hand"], "10.0");
        assert_eq!(lines["Points per game"], "82.0");
        assert_eq!(lines["Moons shot"], "1");
        assert_eq!(lines["Queens taken"], "5");
        assert_eq!(lines["Undos"], "3");
    }

    #[test]
    fn corrupt_statistics_are_reported_and_kept_aside_never_reset_in_place() {
        let dir = std::env::temp_dir().join(format!("hearts-stats-corrupt-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(Stats::path(&dir), "{\"presets\": 7}").unwrap();
        match Stats::read(&dir) {
            Err(FileError::Corrupt { kept_at, .. }) => {
                assert_eq!(std::fs::read_to_string(kept_at).unwrap(), "{\"presets\": 7}");
            }
            other => panic!("expected corrupt statistics, found {other:?}"),
        }
        assert!(!Stats::path(&dir).exists(), "moved, not copied");
        // The next game starts a fresh record beside the kept file.
        let game = GameStats { hands: 3, points: 9, final_total: 9, ..GameStats::default() };
        assert_eq!(Stats::record(&dir, "black-lady", game).unwrap().games, 1);
        assert!(dir.join("stats.corrupt-1.json").exists());
    }

    #[test]
    fn a_record_is_kept_per_preset_on_disk() {
        let dir = std::env::temp_dir().join(format!("hearts-stats-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let game = GameStats { hands: 8, points: 40, final_total: 40, won: true, ..GameStats::default() };
        Stats::record(&dir, "omnibus", game).unwrap();
        let after = Stats::record(&dir, "omnibus", game).unwrap();
        assert_eq!(after.games, 2);
        Stats::record(&dir, "black-lady", game).unwrap();
        let stats = Stats::read(&dir).unwrap();
        assert_eq!(stats.presets.len(), 2);
        assert!(stats.render().contains("omnibus"));
    }
}
