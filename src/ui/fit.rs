//! Fitting a line of parts to a width: the part that must be read stays
//! whole, the others are shortened or left out, the least important first.
//!
//! ```text
//!  Follow spades · You received 3♣ 4♦ 5♥ from 5th right             (wide)
//!  Follow spades · You received 3♣ 4♦…                            (narrow)
//! ```

/// How much a part of a line matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Priority {
    /// Never shortened nor dropped: what you must do now.
    Must,
    /// Kept whole where it fits, else shortened before anything is dropped.
    High,
    /// Shortened or dropped first.
    Low,
}

/// One part of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The part in full.
    pub text: String,
    /// A shorter form, used where the full one does not fit.
    pub short: Option<String>,
    /// How much it matters.
    pub priority: Priority,
}

impl Part {
    /// A part with no shorter form.
    pub fn new(text: impl Into<String>, priority: Priority) -> Part {
        Part { text: text.into(), short: None, priority }
    }

    /// A part with a shorter form.
    pub fn with_short(text: impl Into<String>, short: impl Into<String>, priority: Priority) -> Part {
        Part { text: text.into(), short: Some(short.into()), priority }
    }
}

/// The fewest characters a part cut at a word keeps: less says nothing.
const SHORTEST_CUT: usize = 10;

/// Fits `parts`, joined by `separator`, into `width` characters. Parts
/// are placed by priority (in their order within one priority): whole
/// where they fit, else in their shorter form, else (all but [`Priority::Must`])
/// cut after a word with `ellipsis`, else left out. A `Must` part is always
/// whole. Returns what each part shows, in the parts' order (`None`: left out).
pub fn fit(parts: &[Part], width: usize, separator: &str, ellipsis: &str) -> Vec<Option<String>> {
    let len = |text: &str| text.chars().count();
    let mut order: Vec<usize> = (0..parts.len()).collect();
    order.sort_by_key(|&i| parts[i].priority);
    let mut shown: Vec<Option<String>> = vec![None; parts.len()];
    let mut used = 0;
    for i in order {
        let part = &parts[i];
        let gap = if used == 0 { 0 } else { len(separator) };
        let room = width.saturating_sub(used + gap);
        let text = if part.priority == Priority::Must || len(&part.text) <= room {
            Some(part.text.clone())
        } else if let Some(short) = part.short.as_ref().filter(|short| len(short) <= room) {
            Some(short.clone())
        } else {
            cut_after_word(&part.text, room, ellipsis)
        };
        if let Some(text) = text {
            used += gap + len(&text);
            shown[i] = Some(text);
        }
    }
    shown
}

/// `text` cut after its last whole word that leaves room for `ellipsis`
/// within `room` characters; `None` where that keeps too little.
pub fn cut_after_word(text: &str, room: usize, ellipsis: &str) -> Option<String> {
    let keep = room.checked_sub(ellipsis.chars().count())?;
    let mut cut = String::new();
    for word in text.split(' ') {
        let wider = if cut.is_empty() { word.to_string() } else { format!("{cut} {word}") };
        if wider.chars().count() > keep {
            break;
        }
        cut = wider;
    }
    // An aside cut open ("(4…") says less than none.
    let cut = match (cut.rfind('('), cut.rfind(')')) {
        (Some(open), close) if close.is_none_or(|close| close < open) => &cut[..open],
        _ => &cut,
    };
    let cut = cut.trim_end_matches([':', ',', ';', ' ']);
    (cut.chars().count() >= SHORTEST_CUT).then(|| format!("{cut}{ellipsis}"))
}

/// `text` cut to `room` characters, the cut marked by `ellipsis`: after a
/// word where one leaves enough, else within the word (a long word is
/// still shown in part).
pub fn cut_to(text: &str, room: usize, ellipsis: &str) -> String {
    cut_after_word(text, room, ellipsis).unwrap_or_else(|| {
        let keep = room.saturating_sub(ellipsis.chars().count());
        format!("{}{ellipsis}", text.chars().take(keep).collect::<String>())
    })
}

/// Breaks `text` into lines of at most `width` characters at spaces,
/// every line after the first indented by `hang` spaces; a word longer
/// than a line goes on over the next lines.
pub fn wrap(text: &str, width: usize, hang: usize) -> Vec<String> {
    let piece = width.saturating_sub(hang).max(1);
    let mut words: Vec<String> = Vec::new();
    for word in text.split(' ').filter(|word| !word.is_empty()) {
        let chars: Vec<char> = word.chars().collect();
        words.extend(chars.chunks(piece).map(|chunk| chunk.iter().collect::<String>()));
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    wrap_units(&words, " ", width, hang)
}

/// Lays `units` (words, or phrases never broken) in lines of at most
/// `width` characters, joined by `separator`, every line after the first
/// indented by `hang` spaces (a unit longer than a line is cut, the only
/// way it can be shown).
pub fn wrap_units(units: &[&str], separator: &str, width: usize, hang: usize) -> Vec<String> {
    let len = |text: &str| text.chars().count();
    let mut lines: Vec<String> = Vec::new();
    for unit in units {
        match lines.last_mut() {
            Some(line) if len(line) + len(separator) + len(unit) <= width => {
                line.push_str(separator);
                line.push_str(unit);
            }
            last => {
                let start = if last.is_none() { String::new() } else { " ".repeat(hang) };
                let room = width.saturating_sub(len(&start)).max(1);
                lines.push(format!("{start}{}", unit.chars().take(room).collect::<String>()));
            }
        }
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEP: &str = " · ";

    fn shown(parts: &[Part], width: usize) -> String {
        fit(parts, width, SEP, "…").into_iter().flatten().collect::<Vec<_>>().join(SEP)
    }

    #[test]
    fn a_word_longer_than_a_line_goes_on_over_the_next_lines_whole() {
        let long = "A".repeat(120);
        let lines = wrap(&format!("see {long} there"), 50, 2);
        let shown: String = lines.iter().map(|line| line.trim()).collect();
        assert_eq!(shown.matches('A').count(), 120, "{lines:#?}");
        assert!(lines.iter().all(|line| line.chars().count() <= 50), "{lines:#?}");
        assert_eq!(lines.last().map(|line| line.trim_start().ends_with("there")), Some(true));
    }

    #[test]
    fn a_cut_falls_after_a_word_else_within_a_long_one() {
        assert_eq!(cut_to("one two three four", 16, "…"), "one two three…");
        assert_eq!(cut_to(&"A".repeat(40), 10, "…"), format!("{}…", "A".repeat(9)));
    }

    #[test]
    fn everything_shows_where_it_fits() {
        let parts =
            [Part::new("Follow spades", Priority::Must), Part::new("You received 3♣ from Left", Priority::High)];
        assert_eq!(shown(&parts, 80), "Follow spades · You received 3♣ from Left");
    }

    #[test]
    fn the_instruction_stays_whole_and_the_note_is_cut_after_a_word() {
        let parts = [
            Part::new("Follow spades", Priority::Must),
            Part::new("Nobody wins the trick: its cards wait for the next trick's winner (5 now)", Priority::High),
        ];
        // 13 + 3 leave 24: "Nobody wins the trick" and the ellipsis.
        assert_eq!(shown(&parts, 40), "Follow spades · Nobody wins the trick…");
        assert_eq!(shown(&parts, 20), "Follow spades", "too little room to say anything: left out");
        assert_eq!(shown(&parts, 5), "Follow spades", "the instruction is never cut, even past the width");
    }

    #[test]
    fn the_least_important_part_gives_way_first_and_short_forms_come_before_cuts() {
        let parts = [
            Part::new("Follow hearts", Priority::Must),
            Part::with_short("no points left: o plays the hand out", "o plays out", Priority::Low),
            Part::new("Right took the widow (4 cards)", Priority::High),
        ];
        assert_eq!(
            shown(&parts, 90),
            "Follow hearts · no points left: o plays the hand out · Right took the widow (4 cards)"
        );
        assert_eq!(shown(&parts, 64), "Follow hearts · o plays out · Right took the widow (4 cards)");
        assert_eq!(shown(&parts, 50), "Follow hearts · Right took the widow (4 cards)");
        assert_eq!(shown(&parts, 40), "Follow hearts · Right took the widow…");
    }

    #[test]
    fn a_cut_ends_on_a_word_not_on_a_colon_or_bracket() {
        assert_eq!(cut_after_word("Right took the widow (4 cards)", 25, "…").as_deref(), Some("Right took the widow…"));
        assert_eq!(
            cut_after_word("Nobody wins the trick: its cards wait", 25, "…").as_deref(),
            Some("Nobody wins the trick…")
        );
        assert_eq!(cut_after_word("Nobody wins", 8, "…"), None);
    }

    #[test]
    fn wrapping_breaks_at_spaces_and_indents_what_follows() {
        let lines = wrap("Auction: bid chips to name the penalty suit (1 a card) and lead", 30, 2);
        assert_eq!(lines, ["Auction: bid chips to name the", "  penalty suit (1 a card) and", "  lead"]);
        let keys = wrap_units(&["t or left: earlier", "right: later", "Esc: close"], "   ", 36, 0);
        assert_eq!(keys, ["t or left: earlier   right: later", "Esc: close"], "a key and what it does stay together");
        assert_eq!(wrap("", 10, 0), [""]);
        assert_eq!(wrap("abcdefghijkl", 5, 0), ["abcde", "fghij", "kl"], "a word longer than the line goes on");
    }
}
