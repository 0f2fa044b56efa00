//! One server per data directory: a lock file held while serving. Two
//! servers on one database would both serve a table under its code, each
//! saving over the other's moves.

use std::fs::{File, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::Path;

use super::ServeError;
use crate::files::{FileError, owner_only};

/// The lock file's name in the data directory.
const FILE: &str = "serve.lock";

/// The claim of this process on the data directory; released when
/// dropped, or by the system when the process ends however it ends.
#[derive(Debug)]
pub(super) struct ServeLock {
    // Held for its lock.
    _file: File,
}

impl ServeLock {
    /// Takes the data directory `dir` for this process; refused while
    /// another process holds it.
    pub(super) fn take(dir: &Path) -> Result<ServeLock, ServeError> {
        let path = dir.join(FILE);
        let io = |source| ServeError::File(FileError::Io { path: path.clone(), source });
        let mut file = owner_only().read(true).write(true).create(true).truncate(false).open(&path).map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                // The holder wrote its process id; an unreadable one leaves the message without it.
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim().parse::<u32>().ok();
                return Err(ServeError::Busy { dir: dir.to_path_buf(), holder });
            }
            Err(TryLockError::Error(source)) => return Err(io(source)),
        }
        // Whoever is refused reads who holds the directory.
        file.set_len(0)
            .and_then(|()| file.rewind())
            .and_then(|()| write!(file, "{}", std::process::id()))
            .map_err(io)?;
        Ok(ServeLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Scratch;

    #[test]
    fn a_second_claim_is_refused_naming_the_holder_until_the_first_lets_go() {
        let dir = Scratch::made("serve-lock");
        let first = ServeLock::take(&dir).unwrap();
        match ServeLock::take(&dir) {
            Err(ServeError::Busy { dir: busy, holder }) => {
                assert_eq!((busy, holder), (dir.to_path_buf(), Some(std::process::id())));
            }
            other => panic!("a second claim was not refused: {other:?}"),
        }
        drop(first);
        assert!(ServeLock::take(&dir).is_ok(), "the directory is free again");
        let mode = std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(dir.join(FILE)).unwrap().permissions());
        assert_eq!(mode & 0o777, 0o600);
    }
}
