//! The unfinished game on disk (`game.json` in the data directory),
//! written atomically (a temporary file renamed over the old one); a save
//! that cannot be read is moved aside, never deleted.

use std::fs;
use std::path::{Path, PathBuf};

use crate::files::{self as store, FileError};
use hearts_table::saved::{Programs, SavedGame};

/// The save file in a data directory.
pub fn save_path(dir: &Path) -> PathBuf {
    dir.join("game.json")
}

/// Saves a game; on failure the last good save stays.
pub fn write(dir: &Path, saved: &SavedGame) -> Result<(), FileError> {
    let text = serde_json::to_string_pretty(saved).expect("a save serialises");
    store::write_atomically(&save_path(dir), &(text + "\n"))
}

/// Removes the save of a finished game.
pub fn remove(dir: &Path) -> Result<(), FileError> {
    let path = save_path(dir);
    match fs::remove_file(&path) {
        Err(source) if source.kind() != std::io::ErrorKind::NotFound => Err(FileError::Io { path, source }),
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
    /// A save that could not be read or replayed, moved aside (or a
    /// save that could not be read at all, left where it is).
    Corrupt(FileError),
}

/// Reads the save, moving a corrupt one aside as `game.corrupt-N.json`.
pub fn read(dir: &Path) -> Found {
    let path = save_path(dir);
    let text = match store::read_if_present(&path) {
        Ok(Some(text)) => text,
        Ok(None) => return Found::Nothing,
        Err(error) => return Found::Corrupt(error),
    };
    let saved: SavedGame = match serde_json::from_str(&text) {
        Ok(saved) => saved,
        Err(error) => return Found::Corrupt(store::set_aside(&path, format!("it is not a save: {error}"))),
    };
    match saved.replay(Programs::Replace) {
        Ok(_) => Found::Game(Box::new(saved)),
        Err(problem) => Found::Corrupt(store::set_aside(&path, problem.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Scratch;
    use hearts_bots::record::DealCode;
    use hearts_table::saved::test_games::{played_game, table};
    use std::time::Duration;

    fn scratch(name: &str) -> Scratch {
        Scratch::new(&format!("save-{name}"))
    }

    #[test]
    fn saves_are_written_and_read_back() {
        let dir = scratch("roundtrip");
        let (_, log) = played_game(20);
        let saved =
            SavedGame::new(&table(), DealCode { seed: 77, hand: 1 }, &log, 0, Some(Duration::from_millis(61_000)));
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
            Found::Corrupt(FileError::Corrupt { problem, kept_at, .. }) => {
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
        let mut saved = SavedGame::new(&table(), DealCode { seed: 77, hand: 1 }, &log, 0, None);
        saved.actions.push("play 2 2C".into());
        saved.actions.push("play 2 2C".into());
        write(&dir, &saved).unwrap();
        match read(&dir) {
            Found::Corrupt(FileError::Corrupt { problem, .. }) => assert!(problem.contains("action"), "{problem}"),
            other => panic!("expected a corrupt save, found {other:?}"),
        }
    }
}
