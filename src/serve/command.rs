//! What a client may run: `join CODE` or `watch CODE`, perhaps followed by
//! `also`, and each perhaps after `plain` (the line mode; `plain` alone is
//! the lobby in it); anything else gets one sentence that says what was
//! meant.

/// Where a session goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Going {
    /// The lobby.
    Lobby,
    /// Sit at this table.
    Join(String),
    /// Watch this table.
    Watch(String),
    /// Say what may be run, and end.
    Help,
}

/// What a session asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct SessionRequest {
    /// Where it goes.
    pub(super) going: Going,
    /// As a second seat of its person (`join CODE also`): it takes no
    /// earlier session over, and holds a seat of its own.
    pub(super) also: bool,
    /// In the line mode, though the client has a terminal (`plain ...`).
    pub(super) plain: bool,
}

/// What a client may run: `join CODE` and `watch CODE`, each perhaps
/// followed by `also`.
pub(super) fn known_command(command: &[u8]) -> Option<SessionRequest> {
    let text = std::str::from_utf8(command).ok()?;
    let words: Vec<&str> = text.split_whitespace().collect();
    let (plain, words) = match words.as_slice() {
        ["plain"] => return Some(SessionRequest { going: Going::Lobby, also: false, plain: true }),
        ["plain", rest @ ..] => (true, rest),
        words => (false, words),
    };
    if let ["help" | "--help" | "-h" | "?"] = words {
        return Some(SessionRequest { going: Going::Help, also: false, plain });
    }
    let code_like = |code: &str| (1..=12).contains(&code.len()) && code.chars().all(|c| c.is_ascii_alphanumeric());
    let (going, rest) = match words {
        ["join", code, rest @ ..] if code_like(code) => (Going::Join(code.to_ascii_uppercase()), rest),
        ["watch", code, rest @ ..] if code_like(code) => (Going::Watch(code.to_ascii_uppercase()), rest),
        _ => return None,
    };
    match rest {
        [] => Some(SessionRequest { going, also: false, plain }),
        ["also"] => Some(SessionRequest { going, also: true, plain }),
        _ => None,
    }
}

/// Why a command a client sent is not one it may run; its words are the
/// one sentence that tells the person what they may run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(super) enum CommandError {
    /// `join` or `watch` alone.
    #[error("hearts: {verb} needs a table's code, as in {verb} 7Q4K")]
    NoCode {
        /// `join` or `watch`.
        verb: &'static str,
    },
    /// `join` or `watch` with something that is no code (shown safely).
    #[error("hearts: `{0}` is not a table's code: a code is letters and digits")]
    NotACode(String),
    /// `join` or `watch` with more than a code.
    #[error("hearts: {verb} takes one table's code (and also, for a second seat), as in {verb} 7Q4K")]
    TooMuch {
        /// `join` or `watch`.
        verb: &'static str,
    },
    /// Nothing at all.
    #[error("hearts: an empty command; {COMMANDS}")]
    Empty,
    /// Another word (shown safely), and the command it may have meant.
    #[error("hearts: unknown command `{word}`; {COMMANDS}{}", near.map(|known| format!(" (did you mean {known}?)")).unwrap_or_default())]
    Unknown {
        /// The word.
        word: String,
        /// A command a typo or two away.
        near: Option<&'static str>,
    },
}

/// What a client may run ([`known_command`]); else why not.
pub(super) fn parse_command(command: &[u8]) -> Result<SessionRequest, CommandError> {
    if let Some(request) = known_command(command) {
        return Ok(request);
    }
    let text = String::from_utf8_lossy(command);
    let words: Vec<&str> = text.split_whitespace().collect();
    let verb = |word: &str| if word == "join" { "join" } else { "watch" };
    Err(match words.as_slice() {
        [word @ ("join" | "watch")] => CommandError::NoCode { verb: verb(word) },
        ["join" | "watch", code] => CommandError::NotACode(shown(code)),
        [word @ ("join" | "watch"), ..] => CommandError::TooMuch { verb: verb(word) },
        [] => CommandError::Empty,
        [word, ..] => {
            let near = ["join", "watch"].into_iter().find(|known| distance(&word.to_ascii_lowercase(), known) <= 2);
            CommandError::Unknown { word: shown(word), near }
        }
    })
}

/// What the commands are, as a refusal says it.
const COMMANDS: &str = "the commands are join CODE, watch CODE, plain (the line mode) and help";

/// What `help` (or `plain help`) says: what may be run, and the line mode.
pub(super) const HELP: &str = "hearts over ssh: ssh with no command opens the lobby; join CODE sits at a table; \
watch CODE watches one; join CODE also takes a second seat. Put plain first (plain, plain join CODE) for the line \
mode: the table told in sentences, for screen readers and scripts, where help lists what to type. Without a \
terminal (ssh -T, or a key marked no-pty) the line mode is the only one.";

/// A word the client sent, fit to be shown in a sentence: printable
/// ASCII only (no escape sequence reaches the terminal), and short.
fn shown(word: &str) -> String {
    let printable: String = word.chars().filter(char::is_ascii_graphic).take(24).collect();
    if word.chars().count() > 24 { format!("{printable}...") } else { printable }
}

/// The edit distance between two words (insertions, deletions,
/// substitutions), for "did you mean"; a long word is far from everything.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().take(32).collect(), b.chars().collect());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &y) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(x != y));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_join_and_watch_with_a_code_are_commands() {
        let request = |going, also| Some(SessionRequest { going, also, plain: false });
        assert_eq!(known_command(b"join 7Q4K"), request(Going::Join("7Q4K".into()), false));
        assert_eq!(known_command(b"watch 7q4k"), request(Going::Watch("7Q4K".into()), false));
        assert_eq!(known_command(b"join 7Q4K also"), request(Going::Join("7Q4K".into()), true));
        let plain = |going| Some(SessionRequest { going, also: false, plain: true });
        assert_eq!(known_command(b"plain"), plain(Going::Lobby));
        assert_eq!(known_command(b"plain join 7Q4K"), plain(Going::Join("7Q4K".into())));
        assert_eq!(known_command(b"plain watch 7Q4K"), plain(Going::Watch("7Q4K".into())));
        assert_eq!(known_command(b"plain help"), plain(Going::Help));
        assert_eq!(known_command(b"help"), request(Going::Help, false));
        let refused: [&[u8]; 11] = [
            b"ls",
            b"plain plain",
            b"plain ls",
            b"join",
            b"join 7Q4K now",
            b"join ../../etc",
            b"sh -c join",
            b"join \xff",
            b"",
            b"also",
            b"join 7Q4K also also",
        ];
        for refused in refused {
            assert_eq!(known_command(refused), None, "{}", String::from_utf8_lossy(refused));
        }
    }

    #[test]
    fn a_refusal_is_one_sentence_that_says_what_was_meant() {
        let refusal = |typed: &[u8]| parse_command(typed).unwrap_err().to_string();
        assert_eq!(
            refusal(b"joni W6HZ"),
            "hearts: unknown command `joni`; the commands are join CODE, watch CODE, plain (the line mode) and help (did you mean join?)"
        );
        assert!(refusal(b"WACH 7Q4K").ends_with("(did you mean watch?)"));
        assert_eq!(
            refusal(b"ls -la"),
            "hearts: unknown command `ls`; the commands are join CODE, watch CODE, plain (the line mode) and help"
        );
        assert_eq!(refusal(b"join"), "hearts: join needs a table's code, as in join 7Q4K");
        // What the client typed never reaches the terminal raw.
        let escape = refusal(b"\x1b]0;pwned\x07 x");
        assert!(escape.is_ascii() && !escape.contains('\x1b') && !escape.contains('\x07'), "{escape:?}");
        assert!(refusal(&[b'x'; 5000]).len() < 200);
    }

    #[test]
    fn edit_distance_counts_single_changes() {
        assert_eq!(distance("joni", "join"), 2);
        assert_eq!(distance("jion", "join"), 2);
        assert_eq!(distance("jon", "join"), 1);
        assert_eq!(distance("watch", "watch"), 0);
        assert_eq!(distance("ls", "watch"), 5);
    }
}
