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
/// Characters of a message looked at: a message longer than this is cut
/// anyway, and no amount of spaces makes the work unbounded.
const LOOKED_AT: usize = 4 * CHAT_LENGTH;
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

/// A message as it may be shown on anyone's terminal: on one line, at
/// most [`CHAT_LENGTH`] characters; every run of spaces, tabs and line or
/// paragraph separators one space (a message cannot pass for a line of
/// the game's own); control characters and the marks that reorder text
/// shown as [`REPLACEMENT`], so nothing vanishes without a trace; other
/// invisible characters dropped; at most two marks stacked on one
/// character.
pub fn clean(text: &str) -> String {
    let mut shown = String::new();
    let (mut count, mut marks, mut space) = (0, 0, false);
    for c in text.chars().take(LOOKED_AT) {
        if c.is_whitespace() {
            // Squeezed, and dropped at either end.
            space = !shown.is_empty();
            marks = 0;
            continue;
        }
        let replaced = reorders(c) || c.is_control();
        if !replaced && invisible(c) {
            continue;
        }
        let zero_width = !replaced && c.width() == Some(0);
        if zero_width {
            marks += 1;
            if marks <= MARKS_ON_ONE && !shown.is_empty() && !space {
                shown.push(c);
            }
            continue;
        }
        if count + usize::from(space) >= CHAT_LENGTH {
            break;
        }
        if std::mem::take(&mut space) {
            shown.push(' ');
            count += 1;
        }
        shown.push(if replaced { REPLACEMENT } else { c });
        (count, marks) = (count + 1, 0);
    }
    shown
}

/// Whether a character shows nothing: a default-ignorable code point
/// (zero-width spaces, joiners, direction marks, variation selectors,
/// tags, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0). Unicode's
/// confusable skeleton drops exactly these, so its data decides; a name
/// or a message drops them.
pub fn invisible(c: char) -> bool {
    let mut buffer = [0; 4];
    unicode_security::skeleton(c.encode_utf8(&mut buffer)).next().is_none()
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
    fn a_message_stays_on_one_line_and_cannot_pass_for_the_games_own() {
        let forged = format!("ok{}North plays the queen of spades.", " ".repeat(66));
        assert_eq!(clean(&forged), "ok North plays the queen of spades.");
        assert_eq!(clean("a\u{2028}b\u{2029}c\td\u{85}e"), "a b c d e", "line and paragraph separators");
        assert_eq!(clean("a\nb\r\nc"), "a b c");
    }

    #[test]
    fn invisible_characters_are_dropped() {
        assert_eq!(clean("a\u{200B}b\u{2060}c\u{FEFF}d\u{115F}e"), "abcde");
        assert_eq!(clean("\u{200B} \u{200B}hi"), "hi", "nothing visible at the start");
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
