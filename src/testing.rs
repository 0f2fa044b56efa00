//! Helpers for this crate's unit tests.

use std::ops::Deref;
use std::path::{Path, PathBuf};

/// A test's own place in the system's temporary directory: nothing there
/// at the start, everything there removed when the test is done with it
/// (or fails), so that runs leave nothing behind.
pub(crate) struct Scratch(PathBuf);

impl Scratch {
    /// The place for the test called `name` in this run (the process id
    /// keeps two runs apart); it does not exist yet.
    pub(crate) fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("hearts-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Scratch(dir)
    }

    /// The place, made as an empty directory.
    pub(crate) fn made(name: &str) -> Scratch {
        let scratch = Scratch::new(name);
        std::fs::create_dir_all(&scratch.0).expect("the temporary directory takes a directory");
        scratch
    }
}

impl Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scratch_place_starts_empty_and_is_gone_after_its_test() {
        let path = {
            let scratch = Scratch::made("scratch-itself");
            assert_eq!(std::fs::read_dir(&*scratch).unwrap().count(), 0);
            std::fs::write(scratch.join("kept"), "x").unwrap();
            scratch.to_path_buf()
        };
        assert!(!path.exists(), "{} is left behind", path.display());
        let again = Scratch::new("scratch-itself");
        assert!(!again.exists(), "a new place does not exist yet");
    }
}
