//! The data directory and how files in it are written: atomically (a
//! temporary file renamed over the old one, so a crash or a full disk
//! leaves the last good copy), never deleted when unreadable (moved aside
//! as `NAME.corrupt-N.EXT`), and one open game at a time (a lock file).
//! The directory and its files are its owner's only: they hold every game
//! in progress.

use std::fs;
use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
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

/// Makes `dir` (with its parents) if it is missing, its owner's only
/// (0700), or narrows it and the files directly in it to their owner if
/// it is there.
pub fn private_dir(dir: &Path) -> Result<(), FileError> {
    make_dir(dir)?;
    narrow(dir).map_err(FileError::io(dir))?;
    for entry in fs::read_dir(dir).map_err(FileError::io(dir))? {
        let path = entry.map_err(FileError::io(dir))?.path();
        // A link is left alone: narrowing would change what it points to.
        if fs::symlink_metadata(&path).is_ok_and(|meta| meta.is_file()) {
            narrow(&path).map_err(FileError::io(&path))?;
        }
    }
    Ok(())
}

/// Makes `dir` and its missing parents; the last made 0700.
fn make_dir(dir: &Path) -> Result<(), FileError> {
    if let Some(parent) = dir.parent().filter(|parent| !parent.as_os_str().is_empty()) {
        fs::create_dir_all(parent).map_err(FileError::io(parent))?;
    }
    match fs::DirBuilder::new().mode(0o700).create(dir) {
        Err(error) if error.kind() != std::io::ErrorKind::AlreadyExists => {
            Err(FileError::Io { path: dir.into(), source: error })
        }
        _ => Ok(()),
    }
}

/// Takes read, write and search away from everyone but the owner.
pub fn narrow(path: &Path) -> std::io::Result<()> {
    let mode = fs::metadata(path)?.permissions().mode();
    if mode & 0o077 != 0 {
        fs::set_permissions(path, fs::Permissions::from_mode(mode & 0o700))?;
    }
    Ok(())
}

/// Options that make a file only its owner may read (0600).
pub fn owner_only() -> fs::OpenOptions {
    let mut options = fs::OpenOptions::new();
    options.mode(0o600);
    options
}

/// Writes `contents` to `path` atomically: a temporary file beside it,
/// flushed to disk, then renamed over it. On any failure the old file is
/// untouched and the temporary one removed. The file is its owner's only.
pub fn write_atomically(path: &Path, contents: &str) -> Result<(), FileError> {
    if let Some(dir) = path.parent().filter(|dir| !dir.exists()) {
        make_dir(dir)?;
    }
    let temporary = path.with_extension("tmp");
    let written = owner_only()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&temporary)
        .and_then(|mut file| {
            file.write_all(contents.as_bytes())?;
            // A temporary file left by an older run keeps its mode when opened: narrow it.
            if file.metadata()?.permissions().mode() & 0o077 != 0 {
                file.set_permissions(fs::Permissions::from_mode(0o600))?;
            }
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
        private_dir(dir)?;
        let path = dir.join("game.lock");
        let file = owner_only().create(true).truncate(false).write(true).open(&path).map_err(FileError::io(&path))?;
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
    use crate::testing::Scratch;

    fn scratch(name: &str) -> Scratch {
        Scratch::made(&format!("store-{name}"))
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

    fn mode(path: &Path) -> u32 {
        fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn files_written_are_their_owners_only_whatever_was_there() {
        let dir = scratch("modes");
        let path = dir.join("game.json");
        write_atomically(&path, "new").unwrap();
        assert_eq!(mode(&path), 0o600);
        // An older run's file and temporary file, readable by everyone.
        for old in [&path, &dir.join("game.tmp")] {
            fs::write(old, "old").unwrap();
            fs::set_permissions(old, fs::Permissions::from_mode(0o644)).unwrap();
        }
        write_atomically(&path, "newer").unwrap();
        assert_eq!((mode(&path), fs::read_to_string(&path).unwrap().as_str()), (0o600, "newer"));
        let lock = GameLock::take(&dir).unwrap();
        assert_eq!(mode(&dir.join("game.lock")), 0o600);
        drop(lock);
    }

    #[test]
    fn the_data_directory_is_made_private_and_an_open_one_narrowed_with_its_files() {
        let parent = scratch("private");
        let made = parent.join("new").join("hearts");
        private_dir(&made).unwrap();
        assert_eq!(mode(&made), 0o700);
        let open = parent.join("open");
        fs::create_dir(&open).unwrap();
        fs::set_permissions(&open, fs::Permissions::from_mode(0o755)).unwrap();
        fs::write(open.join("stats.json"), "{}").unwrap();
        fs::set_permissions(open.join("stats.json"), fs::Permissions::from_mode(0o664)).unwrap();
        let outside = parent.join("outside");
        fs::write(&outside, "not ours").unwrap();
        fs::set_permissions(&outside, fs::Permissions::from_mode(0o644)).unwrap();
        std::os::unix::fs::symlink(&outside, open.join("link")).unwrap();
        GameLock::take(&open).unwrap();
        assert_eq!((mode(&open), mode(&open.join("stats.json"))), (0o700, 0o600));
        assert_eq!(mode(&outside), 0o644, "a link's target is left alone");
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
