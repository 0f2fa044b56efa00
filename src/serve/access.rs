//! Who may come in: the holders of listed keys, whoever knows a shared
//! password, or anyone (by choice, or on loopback where only this machine
//! reaches the port).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use russh::keys::PublicKey;
use russh::keys::ssh_key::AuthorizedKeys;

use super::ServeError;

/// The access flag given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AccessChoice {
    /// None: allowed on loopback only, where it lets anyone on this machine in.
    Unchosen,
    /// `--authorized-keys FILE`.
    AuthorizedKeys(PathBuf),
    /// `--password-file FILE`.
    PasswordFile(PathBuf),
    /// `--open`.
    Open,
}

/// Who the server lets in.
#[derive(Debug)]
pub(super) enum Access {
    /// Anyone who reaches the port, with no prompt.
    Anyone,
    /// The holders of these keys.
    Keys(Vec<PublicKey>),
    /// Whoever gives this password.
    Password(String),
}

impl Access {
    /// The access `choice` gives at `listen`, its file read; refused
    /// without a choice on an address other than loopback.
    pub(super) fn choose(choice: &AccessChoice, listen: SocketAddr) -> Result<Access, ServeError> {
        match choice {
            AccessChoice::Unchosen if !listen.ip().is_loopback() => Err(ServeError::NoAccessChoice(listen)),
            AccessChoice::Unchosen | AccessChoice::Open => Ok(Access::Anyone),
            AccessChoice::AuthorizedKeys(path) => read_keys(path).map(Access::Keys),
            AccessChoice::PasswordFile(path) => read_password(path).map(Access::Password),
        }
    }

    /// Whether this key may come in.
    pub(super) fn admits_key(&self, key: &PublicKey) -> bool {
        match self {
            Access::Anyone => true,
            Access::Keys(keys) => keys.iter().any(|known| known.key_data() == key.key_data()),
            Access::Password(_) => false,
        }
    }

    /// Whether this password lets one in.
    pub(super) fn admits_password(&self, given: &str) -> bool {
        match self {
            Access::Anyone => true,
            Access::Keys(_) => false,
            Access::Password(password) => same_in_constant_time(password.as_bytes(), given.as_bytes()),
        }
    }

    /// Whether one comes in without a key or a password.
    pub(super) fn admits_anyone(&self) -> bool {
        matches!(self, Access::Anyone)
    }
}

/// Compares without stopping at the first difference, so the time taken
/// does not tell how much of a guess was right.
fn same_in_constant_time(a: &[u8], b: &[u8]) -> bool {
    let differences = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    a.len() == b.len() && differences == 0
}

fn read_file(path: &Path) -> Result<String, ServeError> {
    std::fs::read_to_string(path)
        .map_err(|source| ServeError::AccessFile { path: path.to_path_buf(), problem: source.to_string() })
}

/// The keys of an OpenSSH `authorized_keys` file; at least one.
fn read_keys(path: &Path) -> Result<Vec<PublicKey>, ServeError> {
    let text = read_file(path)?;
    let problem = |problem: String| ServeError::AccessFile { path: path.to_path_buf(), problem };
    let keys = AuthorizedKeys::new(&text)
        .map(|entry| entry.map(|entry| entry.public_key().clone()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|error| problem(format!("not an authorized_keys file: {error}")))?;
    if keys.is_empty() {
        return Err(problem("holds no key".into()));
    }
    Ok(keys)
}

/// The password: the file's first line; not empty.
fn read_password(path: &Path) -> Result<String, ServeError> {
    let text = read_file(path)?;
    let password = text.lines().next().unwrap_or_default().to_string();
    if password.is_empty() {
        return Err(ServeError::AccessFile { path: path.to_path_buf(), problem: "the first line is empty".into() });
    }
    Ok(password)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_may_leave_the_choice_out() {
        let local: SocketAddr = "127.0.0.1:2222".parse().unwrap();
        let everywhere: SocketAddr = "0.0.0.0:2222".parse().unwrap();
        assert!(Access::choose(&AccessChoice::Unchosen, local).unwrap().admits_anyone());
        assert!(matches!(Access::choose(&AccessChoice::Unchosen, everywhere), Err(ServeError::NoAccessChoice(_))));
        assert!(Access::choose(&AccessChoice::Open, everywhere).unwrap().admits_anyone());
    }

    #[test]
    fn a_password_must_match_whole() {
        let access = Access::Password("hunter2".into());
        assert!(access.admits_password("hunter2"));
        assert!(!access.admits_password("hunter"));
        assert!(!access.admits_password("hunter22"));
        assert!(!access.admits_password(""));
        assert!(!access.admits_anyone());
    }
}
