//! Who a person is to the server: the public key they logged in with;
//! else their user name, when cleaning left it as typed; else nobody the
//! server can know again. A seat is held, a session taken over and a
//! person's games found by this, never by a name that cleaning made equal
//! to another one.

use super::name::Cleaned;
use hearts_table::people::NAME_TOKEN;

/// Who a person is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Identity {
    /// They logged in with a public key: its SHA256 fingerprint
    /// (`SHA256:...`, as `ssh-keygen -l` prints it).
    Key(String),
    /// No key, and their user name is shown exactly as they typed it.
    Name(String),
    /// No key, and cleaning changed their user name (or left "guest"): nobody known.
    Anonymous,
}

/// How a seat held by a name (not a key) is written.
const NAME: &str = NAME_TOKEN;
/// A seat held by a person nobody can know again (then a random number).
const ANONYMOUS: &str = "anonymous:";
/// A person's second seat at a table (`join CODE also`), before their own token.
const SECOND: &str = "second:";

impl Identity {
    /// Who logged in with the key of fingerprint `key` (if any) as a user
    /// whose name cleaned to `name`.
    pub(super) fn of(key: Option<String>, name: &Cleaned) -> Identity {
        match key {
            Some(fingerprint) => Identity::Key(fingerprint),
            None if name.is_own() => Identity::Name(name.shown.clone()),
            None => Identity::Anonymous,
        }
    }

    /// How the store keeps this identity; `None` for nobody known.
    pub fn stored(&self) -> Option<String> {
        match self {
            Identity::Key(fingerprint) => Some(fingerprint.clone()),
            Identity::Name(name) => Some(format!("{NAME}{name}")),
            Identity::Anonymous => None,
        }
    }

    /// The identity whose seat `holder` (a [`Identity::holder`]) is; a
    /// second seat is its person's.
    pub(super) fn of_holder(holder: &str) -> Identity {
        let holder = holder.strip_prefix(SECOND).unwrap_or(holder);
        if let Some(name) = holder.strip_prefix(NAME) {
            Identity::Name(name.to_string())
        } else if holder.starts_with("SHA256:") {
            Identity::Key(holder.to_string())
        } else {
            Identity::Anonymous
        }
    }

    /// The token a seat this person takes is held by, and their session
    /// is known by among the live ones: their second seat's when `second`;
    /// for nobody known, a random one that no later person has.
    pub(super) fn holder(&self, second: bool) -> String {
        let own = match self.stored() {
            Some(stored) => stored,
            None => format!("{ANONYMOUS}{:016x}", random()),
        };
        if second { format!("{SECOND}{own}") } else { own }
    }

    /// Whether a person is known again by this: anyone but nobody known.
    pub(super) fn is_known(&self) -> bool {
        !matches!(self, Identity::Anonymous)
    }
}

/// A random number; without the system's randomness, the clock's.
fn random() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_err() {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        return nanos as u64;
    }
    u64::from_le_bytes(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::name::clean;

    #[test]
    fn a_key_is_the_identity_whatever_the_name() {
        let key = Some("SHA256:abc".to_string());
        assert_eq!(Identity::of(key.clone(), &clean("alice")), Identity::Key("SHA256:abc".into()));
        assert_eq!(Identity::of(key, &clean("alice\u{1b}")), Identity::Key("SHA256:abc".into()));
    }

    #[test]
    fn without_a_key_only_a_name_cleaning_left_alone_is_an_identity() {
        assert_eq!(Identity::of(None, &clean("alice")), Identity::Name("alice".into()));
        for changed in ["alice\u{1b}", "ａｌｉｃｅ", "ali\u{200b}ce", " alice", "\u{3164}", "guest"] {
            assert_eq!(Identity::of(None, &clean(changed)), Identity::Anonymous, "{changed:?}");
        }
    }

    #[test]
    fn seat_tokens_tell_people_apart_and_lead_back_to_them() {
        let key = Identity::Key("SHA256:abc".into());
        let name = Identity::Name("alice".into());
        assert_eq!(key.holder(false), "SHA256:abc");
        assert_eq!(name.holder(false), "name:alice");
        assert_ne!(key.holder(true), key.holder(false), "a second seat is another holder");
        assert_ne!(
            Identity::Anonymous.holder(false),
            Identity::Anonymous.holder(false),
            "nobody known is never matched"
        );
        for identity in [key, name] {
            assert_eq!(Identity::of_holder(&identity.holder(false)), identity);
            assert_eq!(Identity::of_holder(&identity.holder(true)), identity, "a second seat is the person's own");
        }
        assert_eq!(Identity::of_holder(&Identity::Anonymous.holder(false)), Identity::Anonymous);
        // A user name that looks like a token is still a name.
        let sly = Identity::Name("SHA256:abc".into());
        assert_ne!(sly.holder(false), "SHA256:abc");
        assert_eq!(Identity::of_holder(&sly.holder(false)), sly);
    }
}
