//! Your record per rules fingerprint (the preset and every option changed
//! from it) and bot line-up: games, wins, average points per hand and per
//! game, moons shot, queens taken, undos, hints, the best tournament score.
//! Kept in `stats.json` in the data directory and shown by `hearts stats`
//! and the `S` key. A game that ended before any hand was complete is not
//! counted.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use hearts_bots::players::Player;
use hearts_engine::{Game, Preset, Rules, Seat};

use crate::files::{self as store, FileError};

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
    /// Hints asked for.
    pub hints: u32,
    /// The tournament score of a timed game.
    pub tournament: Option<i32>,
}

impl GameStats {
    /// The statistics of `seat` in a finished (or timed-out) game, with the
    /// hints asked for and the tournament score of a timed game.
    pub fn of(game: &Game, seat: Seat, undos: u32, won: bool, hints: u32, tournament: Option<i32>) -> GameStats {
        let history = game.history();
        GameStats {
            hands: history.len() as u32,
            points: history.iter().map(|record| record.scores[seat]).sum(),
            final_total: game.totals()[seat],
            won,
            moons: history.iter().filter(|record| record.result.shooter == Some(seat)).count() as u32,
            queens: history.iter().filter(|record| record.result.queen_taker == Some(seat)).count() as u32,
            undos,
            hints,
            tournament,
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
    /// Hints asked for.
    pub hints: u32,
    /// The best tournament score of a timed game.
    pub best_tournament: Option<i32>,
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
        self.hints += game.hints;
        self.best_tournament = match (self.best_tournament, game.tournament) {
            (Some(best), Some(score)) => Some(best.max(score)),
            (best, score) => best.or(score),
        };
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
            ("Hints", self.hints.to_string()),
            ("Best tournament score", self.best_tournament.map_or_else(|| "-".to_string(), |s| s.to_string())),
        ]
    }
}

/// Every record, by rules fingerprint and line-up.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// The record per key: the rules fingerprint, then `vs` and the bots
    /// (older files keyed by the preset label alone still read).
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

    /// The record kept under `key`, or an empty one (no data directory, no
    /// file, or one that does not read: the table says so at its start).
    pub fn read_or_default(dir: Option<&Path>, key: &str) -> PresetStats {
        dir.and_then(|dir| Stats::read(dir).ok()).and_then(|stats| stats.presets.get(key).copied()).unwrap_or_default()
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

    /// The key a game's record is kept under: the rules fingerprint (the
    /// preset named by `label`, a trailing `+` marking changes, and every
    /// changed option) and the line-up of bots in seats 1 and on.
    pub fn key(label: &str, rules: &Rules, players: &[Player]) -> String {
        let rules_part = match label.trim_end_matches('+').parse::<Preset>() {
            Ok(preset) => hearts_bots::config::fingerprint(preset, rules),
            Err(_) => label.to_string(),
        };
        let bots: Vec<String> = players.iter().skip(1).map(Player::name).collect();
        format!("{rules_part} vs {}", bots.join(", "))
    }

    /// `hearts stats`: a block per rules fingerprint and line-up played.
    pub fn render(&self) -> String {
        if self.presets.is_empty() {
            return "No games finished yet.\n".to_string();
        }
        let mut out = String::new();
        for (key, stats) in &self.presets {
            out += &format!("{key}\n");
            for (label, value) in stats.lines() {
                out += &format!("  {label:<24}{value:>10}\n");
            }
            out.push('\n');
        }
        out.pop();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Scratch;

    #[test]
    fn averages_are_per_hand_and_per_game() {
        let mut stats = PresetStats::default();
        stats.add(GameStats {
            hands: 10,
            points: 60,
            final_total: 60,
            won: true,
            moons: 1,
            queens: 2,
            undos: 3,
            ..GameStats::default()
        });
        stats.add(GameStats {
            hands: 10,
            points: 140,
            final_total: 104,
            won: false,
            moons: 0,
            queens: 3,
            undos: 0,
            ..GameStats::default()
        });
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
        let dir = Scratch::made("stats-corrupt");
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
        let dir = Scratch::new("stats");
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

#[cfg(test)]
mod fingerprint_tests {
    use super::*;
    use hearts_bots::players::Level;

    #[test]
    fn records_are_kept_per_rules_fingerprint_and_line_up() {
        let players = vec![
            Player::Builtin(Level::Normal),
            Player::Builtin(Level::Hard),
            Player::Builtin(Level::Expert),
            Player::Builtin(Level::Normal),
        ];
        assert_eq!(Stats::key("black-lady", &Rules::default(), &players), "black-lady vs hard, expert, normal");
        let changed = Rules { target_score: 50, omnibus: true, ..Rules::default() };
        assert_eq!(
            Stats::key("black-lady+", &changed, &players),
            "black-lady omnibus=true target-score=50 vs hard, expert, normal"
        );
    }

    #[test]
    fn hints_add_up_and_the_best_tournament_score_is_kept() {
        let mut stats = PresetStats::default();
        let game = |tournament, hints| GameStats { hands: 5, hints, tournament, ..GameStats::default() };
        stats.add(game(Some(1235), 2));
        stats.add(game(Some(1648), 1));
        stats.add(game(None, 0));
        assert_eq!((stats.hints, stats.best_tournament), (3, Some(1648)));
        let lines: BTreeMap<&str, String> = stats.lines().into_iter().collect();
        assert_eq!(lines["Best tournament score"], "1648");
        assert_eq!(lines["Hints"], "3");
    }
}
