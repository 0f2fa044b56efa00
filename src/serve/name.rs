//! A player's name from the SSH user name, safe to show to anyone:
//! letters, digits, punctuation and spaces only, at most 16 of them.

/// Longest name shown.
pub(super) const MAX_NAME: usize = 16;

/// The name shown for an SSH user name: control characters, escape
/// sequences' bytes and invisible or direction-changing marks removed,
/// spaces squeezed, cut to [`MAX_NAME`]; "guest" when nothing is left.
pub(super) fn safe_name(user: &str) -> String {
    let kept: String = user
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|&c| c == ' ' || c.is_ascii_graphic() || (!c.is_ascii() && c.is_alphanumeric()))
        .collect();
    let name: String = kept.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(MAX_NAME).collect();
    match name.trim_end() {
        "" => "guest".to_string(),
        name => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ordinary_name_is_kept() {
        assert_eq!(safe_name("carol"), "carol");
        assert_eq!(safe_name("Zoë Ng"), "Zoë Ng");
    }

    #[test]
    fn escape_sequences_and_controls_lose_their_escape() {
        assert_eq!(safe_name("\u{1b}[2J\u{1b}]0;pwned\u{7}bob"), "[2J]0;pwnedbob");
        assert!(safe_name("a\u{9b}31mb\u{202e}c\u{200b}d").chars().all(|c| c.is_alphanumeric()));
    }

    #[test]
    fn a_long_name_is_cut_and_an_empty_one_is_a_guest() {
        assert_eq!(safe_name(&"x".repeat(100)).chars().count(), MAX_NAME);
        assert_eq!(safe_name("\u{1b}\u{7}\r\n"), "guest");
        assert_eq!(safe_name("  a \t  b  "), "a b");
    }
}
