//! The data directory and how files in it are written: atomically (a
//! temporary file renamed over the old one, so a crash or a full disk
//! leaves the last good copy), never deleted when unreadable (moved aside
//! as `NAME.corrupt-N.EXT`), and one open game at a time (a lock file).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a file of the data directory could not be used.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// Neither `XDG_DATA_HOME` nor `HOME` is set.
    #[error("no data directory: set HOME or XDG_DATA_HOME")]
    NoDataDir,
    /// The system refused to read or write a file.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file that does not read as what it should be; it was moved aside.
    #[error("{} could not be read ({problem}); it was kept as {}", path.display(), kept_at.display())]
    Corrupt {
        /// Where it was.
        path: PathBuf,
        /// What is wrong with it.
        problem: String,
        /// Where it is now (the same place if moving it failed).
        kept_at: PathBuf,
    },
}

impl FileError {
    fn io(path: &Path) -> impl FnOnce(std::io::Error) -> FileError + '_ {
        move |source| FileError::Io { path: path.to_path_buf(), source }
    }
}

/// Where the game keeps its files: `$XDG_DATA_HOME/hearts`, else
/// `~/.local/share/hearts`.
pub fn data_dir() -> Result<PathBuf, FileError> {
    let data_home = std::env::var_os("XDG_DATA_HOME")
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".local").join("share")))
        .ok_or(FileError::NoDataDir)?;
    Ok(data_home.join("hearts"))
}

/// Writes `contents` to `path` atomically: a temporary file beside it,
/// flushed to disk, then renamed over it. On any failure the old file is
/// untouched and the temporary one removed.
pub fn write_atomically(path: &Path, contents: &str) -> Result<(), FileError> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(FileError::io(dir))?;
    }
    let temporary = path.with_extension("tmp");
    let written = fs::File::create(&temporary)
        .and_then(|mut file| {
            file.write_all(contents.as_bytes())?;
            file.sync_all()
        })
        .and_then(|()| fs::rename(&temporary, path));
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written.map_err(FileError::io(path))
}

/// Reads a file; `None` when there is none.
pub fn read_if_present(path: &Path) -> Result<Option<String>, FileError> {
    match fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(FileError::Io { path: path.to_path_buf(), source }),
    }
}

/// Moves an unreadable file aside as `NAME.corrupt-N.EXT` (the first free
/// N) and says so in the error it returns.
pub fn set_aside(path: &Path, problem: String) -> FileError {
    let stem = path.file_stem().map_or_else(|| "file".into(), |s| s.to_string_lossy().into_owned());
    let extension = path.extension().map_or_else(String::new, |e| format!(".{}", e.to_string_lossy()));
    let kept_at = (1..)
        .map(|n| path.with_file_name(format!("{stem}.corrupt-{n}{extension}")))
        .find(|candidate| !candidate.exists())
        .expect("some number is free");
    match fs::rename(path, &kept_at) {
        Ok(()) => FileError::Corrupt { path: path.to_path_buf(), problem, kept_at },
        Err(error) => FileError::Corrupt {
            path: path.to_path_buf(),
            problem: format!("{problem}; moving it aside failed: {error}"),
            kept_at: path.to_path_buf(),
        },
    }
}

/// The claim of one `hearts` process on the saved game: while it is held,
/// another process neither resumes nor writes the save.
#[derive(Debug)]
pub struct GameLock {
    // Held for its lock; released when dropped or when the process ends.
    _file: fs::File,
}

impl GameLock {
    /// Takes the lock of the data directory's game; `Ok(None)` when
    /// another process holds it.
    pub fn take(dir: &Path) -> Result<Option<GameLock>, FileError> {
        fs::create_dir_all(dir).map_err(FileError::io(dir))?;
        let path = dir.join("game.lock");
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(FileError::io(&path))?;
        match file.try_lock() {
            Ok(()) => Ok(Some(GameLock { _file: file })),
            Err(fs::TryLockError::WouldBlock) => Ok(None),
            Err(fs::TryLockError::Error(source)) => Err(FileError::Io { path, source }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hearts-store-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_full_disk_keeps_the_last_good_copy() {
        let dir = scratch("full");
        let path = dir.join("game.json");
        write_atomically(&path, "good").unwrap();
        // Writing through /dev/full fails with "no space left on device".
        std::os::unix::fs::symlink("/dev/full", dir.join("game.tmp")).unwrap();
        let error = write_atomically(&path, "newer").unwrap_err();
        assert!(matches!(&error, FileError::Io { source, .. } if source.raw_os_error() == Some(28)), "{error}");
        assert_eq!(fs::read_to_string(&path).unwrap(), "good");
        assert!(!dir.join("game.tmp").exists(), "the failed temporary file is cleaned up");
    }

    #[test]
    fn a_data_directory_that_cannot_be_made_is_an_error_naming_it() {
        let dir = scratch("blocked");
        let blocker = dir.join("hearts");
        fs::write(&blocker, "a file where the directory should be").unwrap();
        let error = write_atomically(&blocker.join("game.json"), "x").unwrap_err();
        assert!(error.to_string().contains("hearts"), "{error}");
    }

    #[test]
    fn an_unreadable_file_is_moved_aside_under_the_first_free_number() {
        let dir = scratch("aside");
        let path = dir.join("stats.json");
        fs::write(dir.join("stats.corrupt-1.json"), "older").unwrap();
        fs::write(&path, "{ broken").unwrap();
        match set_aside(&path, "not JSON".into()) {
            FileError::Corrupt { kept_at, problem, .. } => {
                assert_eq!(kept_at, dir.join("stats.corrupt-2.json"));
                assert_eq!(problem, "not JSON");
                assert_eq!(fs::read_to_string(kept_at).unwrap(), "{ broken");
            }
            other => panic!("expected a corrupt file, found {other}"),
        }
        assert!(!path.exists());
        assert_eq!(fs::read_to_string(dir.join("stats.corrupt-1.json")).unwrap(), "older");
    }

    #[test]
    fn only_one_holder_of_the_game_lock_at_a_time() {
        let dir = scratch("lock");
        let first = GameLock::take(&dir).unwrap();
        assert!(first.is_some());
        assert!(GameLock::take(&dir).unwrap().is_none(), "a second claim is refused while the first is held");
        drop(first);
        assert!(GameLock::take(&dir).unwrap().is_some(), "the lock is free again once dropped");
    }
}
