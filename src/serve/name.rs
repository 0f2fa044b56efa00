//! A player's name from the SSH user name, safe to show to anyone:
//! Unicode NFKC, then letters, digits, ASCII punctuation and single
//! spaces, at most two combining marks on a letter, at most 16 of them;
//! and the skeleton names are told apart by, so two names that look alike
//! ("alice" with a Cyrillic "а") are one name at a table.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

use hearts_table::chat::invisible;

/// Longest name shown, in characters (combining marks not counted).
pub(super) const MAX_NAME: usize = 16;
/// Longest name shown, in bytes: with " 99" added to make it unique, it
/// stays within what the store keeps.
const MAX_NAME_BYTES: usize = 48;
/// Combining marks kept on one character (accents stack two deep in
/// Vietnamese; more is a "Zalgo" name written over its neighbours).
const MAX_MARKS: usize = 2;
/// Characters of a user name looked at: SSH allows a long one, and no name
/// needs more to reach 16 shown.
const MAX_LOOKED_AT: usize = 256;
/// The name of a person whose user name leaves nothing to show.
const GUEST: &str = "guest";

/// A user name made safe to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Cleaned {
    /// The name shown.
    pub(super) shown: String,
    /// Whether cleaning changed the user name (then the name is no one's
    /// identity: `alice\x1b` is shown as `alice` but is not alice).
    pub(super) changed: bool,
}

/// The name shown for an SSH user name: NFKC; control characters, escape
/// sequences' bytes, symbols, invisible (default-ignorable) characters
/// and fillers removed; spaces squeezed; at most two combining marks on a
/// character; cut to [`MAX_NAME`]; "guest" when nothing visible is left.
pub(super) fn clean(user: &str) -> Cleaned {
    let looked_at: String = user.chars().take(MAX_LOOKED_AT).collect();
    let mut shown = String::new();
    let (mut count, mut marks, mut on_letter, mut space) = (0, 0, false, false);
    for c in looked_at.nfkc() {
        if c.is_whitespace() {
            // Squeezed, and dropped at either end.
            space = !shown.is_empty();
            on_letter = false;
            continue;
        }
        if invisible(c) {
            continue;
        }
        if is_combining_mark(c) {
            // A mark belongs on the character before it: none on a space or at the start, and few.
            if on_letter && marks < MAX_MARKS && shown.len() + c.len_utf8() <= MAX_NAME_BYTES {
                shown.push(c);
                marks += 1;
            }
            continue;
        }
        if !(c.is_ascii_graphic() || (!c.is_ascii() && c.is_alphanumeric())) {
            continue;
        }
        let needed = c.len_utf8() + usize::from(space);
        if count + usize::from(space) >= MAX_NAME || shown.len() + needed > MAX_NAME_BYTES {
            break;
        }
        if std::mem::take(&mut space) {
            shown.push(' ');
            count += 1;
        }
        shown.push(c);
        (count, marks, on_letter) = (count + 1, 0, true);
    }
    if shown.is_empty() {
        shown = GUEST.to_string();
    }
    if reserved(&shown) {
        // Marked as a person's: "North" must not read as a seat at the table.
        if shown.chars().count() >= MAX_NAME {
            shown.pop();
        }
        shown.insert(0, '@');
    }
    // The same name sent composed or decomposed ("Zoë") is one name, its person's.
    let changed = shown != user.nfc().collect::<String>();
    Cleaned { shown, changed }
}

/// Whether a name is what the table calls a seat, a bot or nobody: the
/// compass seats, the seats as each person sees them (You, Left, Across,
/// Right, "2nd left"), "Seat 3", anything ending in "bot", "nobody";
/// told apart as names are, by their skeletons.
fn reserved(name: &str) -> bool {
    const SEATS: [&str; 10] =
        ["south", "west", "north", "east", "you", "left", "right", "across", "nobody", "everyone"];
    let look = skeleton(name);
    let words: Vec<String> = name.split(' ').map(skeleton).collect();
    let seat_number =
        (1..=99).any(|n| [format!("seat {n}"), format!("seat{n}")].iter().any(|seat| look == skeleton(seat)));
    let ordinal_side = words.len() == 2
        && ["2nd", "3rd", "4th", "5th"].iter().any(|ordinal| words[0] == skeleton(ordinal))
        && [skeleton("left"), skeleton("right")].contains(&words[1]);
    SEATS.iter().any(|seat| look == skeleton(seat))
        || seat_number
        || ordinal_side
        || words.last().is_some_and(|last| *last == skeleton("bot") || last.ends_with(&skeleton("'s bot")))
}

impl Cleaned {
    /// Whether the name is its person's: shown as it was typed, and not
    /// "guest", the name of everyone without one.
    pub(super) fn is_own(&self) -> bool {
        !self.changed && self.shown != GUEST
    }
}

/// What a name looks like, to tell names apart: Unicode's confusable
/// skeleton (UTS #39) of the name lower-cased, lower-cased and taken again
/// (some prototypes are capitals: "0" is "O"), so that "аlice" with a
/// Cyrillic "а", "ALICE" and "a1ice" are all "alice", and "b0b" is "bob".
pub(super) fn skeleton(name: &str) -> String {
    let first: String = unicode_security::skeleton(&name.to_lowercase()).collect();
    unicode_security::skeleton(&first.to_lowercase()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(user: &str) -> String {
        clean(user).shown
    }

    #[test]
    fn an_ordinary_name_is_kept_and_unchanged() {
        assert_eq!(clean("carol"), Cleaned { shown: "carol".into(), changed: false });
        assert_eq!(clean("Zoë Ng"), Cleaned { shown: "Zoë Ng".into(), changed: false });
        assert_eq!(clean("Nguyễn"), Cleaned { shown: "Nguyễn".into(), changed: false });
        assert_eq!(clean("नमस्ते"), Cleaned { shown: "नमस्ते".into(), changed: false }, "Devanagari keeps its vowel signs");
    }

    #[test]
    fn escape_sequences_and_controls_lose_their_escape_and_the_name_is_changed() {
        assert_eq!(shown("\u{1b}[2J\u{1b}]0;pwned\u{7}bob"), "[2J]0;pwnedbob");
        assert!(shown("a\u{9b}31mb\u{202e}c\u{200b}d").chars().all(|c| c.is_alphanumeric()));
        assert_eq!(clean("alice\u{1b}"), Cleaned { shown: "alice".into(), changed: true });
    }

    #[test]
    fn no_one_takes_a_name_the_table_calls_a_seat_or_a_bot_by() {
        for seat in ["North", "west", "EAST", "Left", "Across", "You", "Seat 1", "seat10", "2nd left", "Nobody"] {
            assert_eq!(clean(seat), Cleaned { shown: format!("@{seat}"), changed: true }, "{seat}");
        }
        assert_eq!(shown("N0rth"), "@N0rth", "told apart as names are");
        assert_eq!(shown("hard bot"), "@hard bot");
        assert_eq!(shown("sam's bot"), "@sam's bot");
        assert_eq!(shown("abcdefghijkl bot").chars().count(), MAX_NAME, "marked within the longest name");
        for person in ["Northrop", "Abbot", "robot", "Seaton", "Lefty", "bot fan"] {
            assert_eq!(clean(person), Cleaned { shown: person.into(), changed: false }, "{person}");
        }
    }

    #[test]
    fn a_name_sent_decomposed_is_the_same_name_and_its_persons() {
        assert_eq!(clean("Zoe\u{308}"), Cleaned { shown: "Zoë".into(), changed: false });
        assert_eq!(clean("Zoe\u{308}"), clean("Zoë"));
    }

    #[test]
    fn a_long_name_is_cut_and_an_empty_one_is_a_guest() {
        assert_eq!(shown(&"x".repeat(100)).chars().count(), MAX_NAME);
        assert_eq!(shown(&"x".repeat(100_000)).chars().count(), MAX_NAME);
        assert_eq!(clean("\u{1b}\u{7}\r\n"), Cleaned { shown: "guest".into(), changed: true });
        assert_eq!(shown("  a \t  b  "), "a b");
        assert!(shown(&"語".repeat(40)).len() <= MAX_NAME_BYTES);
        assert!(shown(&"𐐷".repeat(40)).len() <= MAX_NAME_BYTES, "four-byte letters are cut by bytes too");
    }

    #[test]
    fn only_a_name_shown_as_typed_is_its_persons_and_guest_is_nobodys() {
        assert!(clean("carol").is_own());
        assert!(!clean("carol\u{7}").is_own());
        assert!(!clean("guest").is_own(), "strangers who all type guest are not one person");
        assert!(!clean("").is_own());
    }

    #[test]
    fn nfkc_folds_compatibility_forms_and_that_is_a_change() {
        assert_eq!(clean("ａｌｉｃｅ"), Cleaned { shown: "alice".into(), changed: true });
        assert_eq!(clean("𝐚𝐥𝐢𝐜𝐞"), Cleaned { shown: "alice".into(), changed: true });
    }

    #[test]
    fn fillers_and_invisible_characters_never_make_a_blank_name() {
        for filler in ['\u{3164}', '\u{2800}', '\u{115F}', '\u{1160}', '\u{FFA0}', '\u{200B}', '\u{2060}', '\u{FEFF}'] {
            let user: String = std::iter::repeat_n(filler, 8).collect();
            assert_eq!(shown(&user), "guest", "U+{:04X}", u32::from(filler));
            assert_eq!(shown(&format!("bo{filler}b")), "bob", "U+{:04X}", u32::from(filler));
        }
        assert_eq!(shown("\u{E0041}\u{E0042}x\u{FE0F}"), "x", "tags and variation selectors");
        assert_eq!(shown("\u{3000}\u{2003}a\u{00A0}b"), "a b", "wide spaces are spaces");
    }

    #[test]
    fn at_most_two_combining_marks_stay_on_a_letter() {
        let zalgo = format!("x{}y", "\u{0336}\u{0301}\u{0317}\u{0345}".repeat(20));
        let name = shown(&zalgo);
        assert_eq!(name.chars().filter(|&c| is_combining_mark(c)).count(), 2, "{name:?}");
        assert!(name.starts_with('x') && name.ends_with('y'), "{name:?}");
        assert_eq!(shown("\u{0301}\u{0301}x"), "x", "no mark without a letter under it");
        assert_eq!(shown("a \u{0301}b"), "a b", "nor on a space");
    }

    #[test]
    fn the_invisible_characters_are_unicodes_default_ignorables() {
        for c in ['\u{00AD}', '\u{034F}', '\u{061C}', '\u{180E}', '\u{200D}', '\u{202E}', '\u{2066}', '\u{3164}'] {
            assert!(invisible(c), "U+{:04X}", u32::from(c));
        }
        for c in ['a', 'Z', '7', '-', 'ß', 'я', '語', '\u{0301}'] {
            assert!(!invisible(c), "{c}");
        }
    }

    #[test]
    fn look_alike_names_have_one_skeleton() {
        assert_eq!(skeleton("\u{430}lice"), skeleton("alice"), "a Cyrillic а");
        assert_eq!(skeleton("ALICE"), skeleton("alice"));
        assert_eq!(skeleton("a1ice"), skeleton("alice"));
        assert_eq!(skeleton("b0b"), skeleton("bob"));
        assert_eq!(skeleton("Y0u"), skeleton("You"));
        assert_ne!(skeleton("alice"), skeleton("alicia"));
        assert_ne!(skeleton("bob"), skeleton("bob 2"));
    }
}
