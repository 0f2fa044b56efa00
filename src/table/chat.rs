//! Messages people send to the table: cleaned so that they cannot move
//! another person's cursor or hide text, limited in length and rate, and
//! kept for a history anyone at the table may read.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use unicode_width::UnicodeWidthChar;

/// The longest message to the table, in characters.
pub const CHAT_LENGTH: usize = 120;
/// Messages the table keeps for its history.
pub const CHAT_KEPT: usize = 100;
/// Messages a person may send in [`CHAT_WINDOW`].
const CHAT_BURST: usize = 3;
/// The window of the rate limit.
const CHAT_WINDOW: Duration = Duration::from_secs(10);
/// Marks that may stack on one character.
const MARKS_ON_ONE: usize = 2;
/// What stands in the place of a character that may not be shown.
pub const REPLACEMENT: char = '\u{FFFD}';

/// A message to the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// Who said it.
    pub from: String,
    /// What, made safe to show.
    pub text: String,
    /// When.
    pub at: Instant,
}

/// The messages a table keeps, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chat {
    said: VecDeque<Said>,
}

impl Chat {
    /// Every message kept, oldest first.
    pub fn messages(&self) -> &VecDeque<Said> {
        &self.said
    }

    /// The newest message.
    pub fn newest(&self) -> Option<&Said> {
        self.said.back()
    }

    /// Keeps a message, forgetting the oldest beyond [`CHAT_KEPT`].
    pub(crate) fn keep(&mut self, said: Said) {
        if self.said.len() == CHAT_KEPT {
            self.said.pop_front();
        }
        self.said.push_back(said);
    }

    /// Whether a person who sent at `sent` may send again at `now`; the
    /// times outside the window are forgotten.
    pub(crate) fn may_send(sent: &mut VecDeque<Instant>, now: Instant) -> bool {
        while sent.front().is_some_and(|&at| now.saturating_duration_since(at) >= CHAT_WINDOW) {
            sent.pop_front();
        }
        sent.len() < CHAT_BURST
    }
}

/// A message as it may be shown on anyone's terminal: trimmed, at most
/// [`CHAT_LENGTH`] characters; control characters and the marks that
/// reorder text shown as [`REPLACEMENT`], so nothing vanishes without a
/// trace; at most two marks stacked on one character.
pub fn clean(text: &str) -> String {
    let mut shown = String::new();
    let mut marks = 0;
    for c in text.trim().chars().take(CHAT_LENGTH) {
        if reorders(c) || c.is_control() {
            shown.push(REPLACEMENT);
            marks = 0;
        } else if c.width() == Some(0) {
            marks += 1;
            if marks <= MARKS_ON_ONE && !shown.is_empty() {
                shown.push(c);
            }
        } else {
            shown.push(c);
            marks = 0;
        }
    }
    shown
}

/// The marks that change the direction or order of the text after them
/// (a message must not turn the rest of a line around).
fn reorders(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_text_and_emoji_are_kept() {
        assert_eq!(clean("  good game, Zoë ♥ 🙂  "), "good game, Zoë ♥ 🙂");
    }

    #[test]
    fn controls_and_reordering_marks_are_replaced_visibly() {
        assert_eq!(clean("a\u{1b}[2Jb"), "a\u{FFFD}[2Jb");
        assert_eq!(clean("abc\u{202E}def"), "abc\u{FFFD}def");
    }

    #[test]
    fn marks_stack_two_deep_at_most() {
        let piled = format!("e{}", "\u{0301}".repeat(119));
        assert_eq!(clean(&piled), "e\u{0301}\u{0301}");
        assert_eq!(clean("\u{0301}x"), "x", "a mark with nothing under it goes");
    }

    #[test]
    fn a_message_is_at_most_its_length() {
        assert_eq!(clean(&"x".repeat(500)).chars().count(), CHAT_LENGTH);
    }

    #[test]
    fn three_messages_in_ten_seconds_then_wait() {
        let start = Instant::now();
        let mut sent = VecDeque::new();
        for _ in 0..3 {
            assert!(Chat::may_send(&mut sent, start));
            sent.push_back(start);
        }
        assert!(!Chat::may_send(&mut sent, start + Duration::from_secs(9)));
        assert!(Chat::may_send(&mut sent, start + Duration::from_secs(10)));
    }
}
