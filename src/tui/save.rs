//! The unfinished game on disk: the rules, the seats, the seed and every
//! action, replayed through the engine on resume. Written atomically
//! (a temporary file renamed over the old one); a save that cannot be read
//! is moved aside, never deleted.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::bot::Player;
use crate::bot::protocol::moon_name;
use crate::config::{rules_from_json, rules_to_json};
use crate::engine::{Action, Card, CardSet, Game, MoonScoring, Seat};

use super::app::Table;

/// The save format's version; another version is not read.
const VERSION: u32 = 1;

/// An unfinished game as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SavedGame {
    /// The save format's version.
    pub version: u32,
    /// The rules, as rules.toml keys.
    pub rules: serde_json::Value,
    /// The rules' label (preset).
    pub label: String,
    /// The player of every seat, seat 0 being you.
    pub players: Vec<String>,
    /// The game seed.
    pub seed: u64,
    /// Every action since the first deal: `pass SEAT CARDS`, `play SEAT CARD`,
    /// `moon SEAT SCORING`, `next`.
    pub actions: Vec<String>,
    /// Undos taken.
    pub undos: u32,
    /// The timed game's clock, in milliseconds left.
    pub clock_ms_left: Option<u64>,
}

impl SavedGame {
    /// The save of a game in progress.
    pub fn new(table: &Table, seed: u64, log: &[Action], undos: u32, clock: Option<Duration>) -> SavedGame {
        SavedGame {
            version: VERSION,
            rules: rules_to_json(&table.rules),
            label: table.label.clone(),
            players: table
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| if i == 0 { "you".into() } else { p.name() })
                .collect(),
            seed,
            actions: log.iter().map(|&action| action_text(action)).collect(),
            undos,
            clock_ms_left: clock.map(|left| left.as_millis() as u64),
        }
    }

    /// The actions as the engine takes them.
    pub fn parsed_actions(&self) -> Result<Vec<Action>, String> {
        self.actions
            .iter()
            .enumerate()
            .map(|(i, text)| parse_action(text).map_err(|e| format!("action {}: {e}", i + 1)))
            .collect()
    }

    /// The table and the game this save describes, every action replayed
    /// and checked by the engine.
    pub fn replay(&self) -> Result<(Table, Game), String> {
        if self.version != VERSION {
            return Err(format!("save format {} is not {VERSION}", self.version));
        }
        let rules = rules_from_json(&self.rules).map_err(|e| format!("rules: {e}"))?;
        if self.players.len() != rules.player_count() {
            return Err(format!("{} players named for a table of {}", self.players.len(), rules.player_count()));
        }
        let mut players = vec![Player::Builtin(crate::bot::Level::Normal)];
        for name in &self.players[1..] {
            players.push(name.parse().map_err(|e| format!("player {name}: {e}"))?);
        }
        let mut game = Game::new(rules, self.seed).map_err(|e| format!("rules: {e}"))?;
        for (i, action) in self.parsed_actions()?.into_iter().enumerate() {
            game.apply(action).map_err(|e| format!("action {} ({}): {e}", i + 1, self.actions[i]))?;
        }
        Ok((Table { rules, label: self.label.clone(), players }, game))
    }

    /// A one-line description for the resume question.
    pub fn describe(&self) -> String {
        match self.replay() {
            Ok((table, game)) => {
                let totals: Vec<String> = Seat::all(table.rules.player_count())
                    .map(|seat| format!("{} {}", table.seat_name(seat), game.totals()[seat]))
                    .collect();
                format!("{}, hand {}, seed {}: {}", table.label, game.hand_number(), game.seed(), totals.join(", "))
            }
            Err(error) => error,
        }
    }
}

fn action_text(action: Action) -> String {
    match action {
        Action::Pass { seat, cards } => format!("pass {} {}", seat.index(), cards.to_string().replace(' ', ",")),
        Action::Play { seat, card } => format!("play {} {card}", seat.index()),
        Action::ChooseMoon { seat, scoring } => format!("moon {} {}", seat.index(), moon_name(scoring)),
        Action::NextHand => "next".to_string(),
    }
}

fn parse_action(text: &str) -> Result<Action, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let seat =
        |word: &str| word.parse::<usize>().ok().and_then(Seat::new).ok_or_else(|| format!("\"{word}\" is not a seat"));
    match words.as_slice() {
        ["next"] => Ok(Action::NextHand),
        ["pass", s, cards] => {
            Ok(Action::Pass { seat: seat(s)?, cards: cards.parse::<CardSet>().map_err(|e| e.to_string())? })
        }
        ["play", s, card] => {
            Ok(Action::Play { seat: seat(s)?, card: card.parse::<Card>().map_err(|e| e.to_string())? })
        }
        ["moon", s, "add-to-others"] => Ok(Action::ChooseMoon { seat: seat(s)?, scoring: MoonScoring::AddToOthers }),
        ["moon", s, "subtract-from-shooter"] => {
            Ok(Action::ChooseMoon { seat: seat(s)?, scoring: MoonScoring::SubtractFromShooter })
        }
        _ => Err(format!("\"{text}\" is not an action")),
    }
}

/// Where the game keeps its files: `$XDG_DATA_HOME/hearts`, else
/// `~/.local/share/hearts`.
pub fn data_dir() -> Option<PathBuf> {
    let data_home = std::env::var_os("XDG_DATA_HOME")
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".local").join("share")))?;
    Some(data_home.join("hearts"))
}

/// Writes `contents` to `path` atomically: a temporary file beside it,
/// flushed to disk, then renamed over it.
pub fn write_atomically(path: &Path, contents: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let temporary = path.with_extension("tmp");
    let mut file = fs::File::create(&temporary)?;
    file.write_all(contents.as_bytes())?;
    file.sync_all()?;
    fs::rename(&temporary, path)
}

/// The save file in a data directory.
pub fn save_path(dir: &Path) -> PathBuf {
    dir.join("game.json")
}

/// Saves a game.
pub fn write(dir: &Path, saved: &SavedGame) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(saved).expect("a save serialises");
    write_atomically(&save_path(dir), &(text + "\n"))
}

/// Removes the save of a finished game.
pub fn remove(dir: &Path) -> std::io::Result<()> {
    match fs::remove_file(save_path(dir)) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

/// What was found in the data directory.
#[derive(Debug)]
pub enum Found {
    /// No unfinished game.
    Nothing,
    /// An unfinished game that replays.
    Game(Box<SavedGame>),
    /// A save that could not be read: why, and where it was moved.
    Corrupt {
        /// What is wrong with it.
        problem: String,
        /// Where it is now.
        kept_at: PathBuf,
    },
}

/// Reads the save, moving a corrupt one aside as `game.corrupt-N.json`.
pub fn read(dir: &Path) -> Found {
    let path = save_path(dir);
    let text = match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Found::Nothing,
        Err(error) => return set_aside(&path, format!("cannot read it: {error}")),
    };
    let saved: SavedGame = match serde_json::from_str(&text) {
        Ok(saved) => saved,
        Err(error) => return set_aside(&path, format!("it is not a save: {error}")),
    };
    match saved.replay() {
        Ok(_) => Found::Game(Box::new(saved)),
        Err(problem) => set_aside(&path, problem),
    }
}

fn set_aside(path: &Path, problem: String) -> Found {
    let kept_at = (1..)
        .map(|n| path.with_file_name(format!("game.corrupt-{n}.json")))
        .find(|candidate| !candidate.exists())
        .expect("some number is free");
    match fs::rename(path, &kept_at) {
        Ok(()) => Found::Corrupt { problem, kept_at },
        Err(error) => Found::Corrupt {
            problem: format!("{problem}; moving it aside failed: {error}"),
            kept_at: path.to_path_buf(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{Level, Think, decide};

    fn table() -> Table {
        Table {
            rules: crate::engine::Rules::default(),
            label: "black-lady".into(),
            players: vec![Player::Builtin(Level::Normal); 4],
        }
    }

    fn played_game(actions: usize) -> (Game, Vec<Action>) {
        let mut game = Game::new(table().rules, 77).unwrap();
        let mut bots: Vec<_> = Seat::all(4).map(|s| Level::Normal.bot(77, s, Think::Samples(1))).collect();
        let mut log = Vec::new();
        while log.len() < actions {
            let seat = crate::bot::seat_to_act(&game).unwrap();
            let action = decide(&game, seat, bots[seat.index()].as_mut()).unwrap();
            game.apply(action).unwrap();
            log.push(action);
        }
        (game, log)
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hearts-save-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_save_replays_to_the_same_game() {
        let (game, log) = played_game(40);
        let saved = SavedGame::new(&table(), 77, &log, 2, None);
        let (restored_table, restored) = saved.replay().unwrap();
        assert_eq!(restored, game);
        assert_eq!(restored_table, table());
    }

    #[test]
    fn saves_are_written_and_read_back() {
        let dir = scratch("roundtrip");
        let (_, log) = played_game(20);
        let saved = SavedGame::new(&table(), 77, &log, 0, Some(Duration::from_millis(61_000)));
        write(&dir, &saved).unwrap();
        match read(&dir) {
            Found::Game(found) => assert_eq!(*found, saved),
            other => panic!("expected the game, found {other:?}"),
        }
        remove(&dir).unwrap();
        assert!(matches!(read(&dir), Found::Nothing));
    }

    #[test]
    fn a_corrupt_save_is_moved_aside_with_its_contents() {
        let dir = scratch("corrupt");
        fs::create_dir_all(&dir).unwrap();
        fs::write(save_path(&dir), "{ not json").unwrap();
        match read(&dir) {
            Found::Corrupt { problem, kept_at } => {
                assert!(problem.contains("not a save"), "{problem}");
                assert_eq!(fs::read_to_string(kept_at).unwrap(), "{ not json");
            }
            other => panic!("expected a corrupt save, found {other:?}"),
        }
        assert!(!save_path(&dir).exists());
    }

    #[test]
    fn a_save_with_an_illegal_action_is_corrupt() {
        let dir = scratch("illegal");
        let (_, log) = played_game(10);
        let mut saved = SavedGame::new(&table(), 77, &log, 0, None);
        saved.actions.push("play 2 2C".into());
        saved.actions.push("play 2 2C".into());
        write(&dir, &saved).unwrap();
        match read(&dir) {
            Found::Corrupt { problem, .. } => assert!(problem.contains("action"), "{problem}"),
            other => panic!("expected a corrupt save, found {other:?}"),
        }
    }
}
