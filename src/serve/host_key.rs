//! The server's host key: an ed25519 key made at the first start and kept
//! in the data directory, readable by its owner only, so clients see the
//! same fingerprint every time.

use std::fs;
use std::io::Write;
use std::path::Path;

use russh::keys::PrivateKey;
use russh::keys::ssh_key::LineEnding;
use russh::keys::ssh_key::private::Ed25519Keypair;

use super::ServeError;
use crate::files::FileError;

/// The file's name in the data directory.
const FILE: &str = "ssh_host_ed25519_key";

/// What is wrong with the host key's file.
#[derive(Debug, thiserror::Error)]
pub enum HostKeyProblem {
    /// It could not be read, kept to its owner, or written.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// It holds no OpenSSH private key.
    #[error("not an OpenSSH private key: {0}")]
    NotOpenSsh(russh::keys::ssh_key::Error),
    /// A new key could not be written out.
    #[error("{0}")]
    Encode(russh::keys::ssh_key::Error),
    /// The system gave no randomness to make a key from.
    #[error("no randomness: {0}")]
    NoRandomness(getrandom::Error),
}

/// The host key kept in `dir`, made (and kept) when there is none.
pub(super) fn load_or_make(dir: &Path) -> Result<PrivateKey, ServeError> {
    let path = dir.join(FILE);
    let problem = |problem: HostKeyProblem| ServeError::HostKey { path: path.clone(), problem };
    match fs::read_to_string(&path) {
        Ok(text) => {
            owner_only(&path).map_err(|error| problem(error.into()))?;
            PrivateKey::from_openssh(text).map_err(|error| problem(HostKeyProblem::NotOpenSsh(error)))
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            fs::create_dir_all(dir).map_err(|source| FileError::Io { path: dir.to_path_buf(), source })?;
            let mut seed = [0u8; 32];
            getrandom::fill(&mut seed).map_err(|error| problem(HostKeyProblem::NoRandomness(error)))?;
            let key = PrivateKey::from(Ed25519Keypair::from_seed(&seed));
            let text = key.to_openssh(LineEnding::LF).map_err(|error| problem(HostKeyProblem::Encode(error)))?;
            write_owner_only(&path, text.as_bytes()).map_err(|error| problem(error.into()))?;
            Ok(key)
        }
        Err(error) => Err(problem(error.into())),
    }
}

/// Writes a new file that only its owner may read; never replaces one.
fn write_owner_only(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    file.write_all(contents)?;
    file.sync_all()
}

/// Takes read and write away from everyone but the owner (a key copied in
/// by hand may have come with more).
fn owner_only(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(path)?.permissions().mode();
        if mode & 0o077 != 0 {
            fs::set_permissions(path, fs::Permissions::from_mode(mode & 0o700))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Scratch;
    use russh::keys::HashAlg;

    fn scratch(name: &str) -> Scratch {
        Scratch::new(&format!("host-key-{name}"))
    }

    #[test]
    fn the_key_is_made_once_and_kept_for_its_owner_only() {
        let dir = scratch("kept");
        let first = load_or_make(&dir).unwrap();
        let again = load_or_make(&dir).unwrap();
        assert_eq!(first.public_key().fingerprint(HashAlg::Sha256), again.public_key().fingerprint(HashAlg::Sha256));
        assert_eq!(first.algorithm(), russh::keys::Algorithm::Ed25519);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.join(FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_key_others_can_read_is_made_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("opened");
        load_or_make(&dir).unwrap();
        let path = dir.join(FILE);
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        load_or_make(&dir).unwrap();
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
    }
}
