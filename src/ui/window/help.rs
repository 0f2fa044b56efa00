//! The keys (`?`), and what the windows that only show something share:
//! the key that opened one closes it, as do Esc, Enter and a click.
//!
//! ```text
//!   ╭ Keys ─────────────────────────────────────────────────────╮
//!   │ ← → or h l  move along your hand (Home, End: to the ends) │
//!   │ ...                                                       │
//!   ╰───────────────────────────────────────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::{Outcome, Window, frame};
use crate::request::Request;
use crate::ui::Seen;
use crate::ui::input::Command;
use hearts_table::{DealShown, Kind, Sight};

/// The keys of the terminal's own table, as the help window and the
/// README list them.
pub const KEYS: [(&str, &str); 20] = [
    ("← → or h l", "move along your hand (Home, End: to the ends)"),
    ("Space", "mark to pass / play a card (early: queue it)"),
    ("Enter", "pass, play, continue, choose"),
    ("click", "mark or play a card, press a button"),
    ("Esc", "close a window, clear marks and queue"),
    ("i", "hint: what the expert would do"),
    ("u", "undo your last pass or card"),
    ("t", "the last trick; again for earlier ones"),
    ("c", "cards played so far, by suit"),
    ("s / S", "score sheet / statistics for these rules"),
    ("v", "how the cards look: suit letters, four colours"),
    ("o", "play out a hand with no points left"),
    ("p", "pace: slow, normal, fast, instant"),
    ("m", "a message to the others at a shared table"),
    ("r / n", "deal this hand again (asks) / a new game"),
    ("?", "this help; again: the rules of this game"),
    ("q", "quit (asks first; the game is saved)"),
    ("Ctrl-C", "quit at once (the game is saved)"),
    ("Ctrl-Z", "suspend to the shell (fg comes back)"),
    ("any key", "skips a wait"),
];

/// The keys this person may use here: the terminal's own table has them
/// all; at a shared table what only a table of one's own allows goes, and
/// a watcher has the keys that look.
pub fn keys_here(sight: &Sight) -> Vec<(&'static str, &'static str)> {
    if sight.kind == Kind::Local {
        return KEYS.iter().copied().filter(|&(key, _)| key != "m").collect();
    }
    let looking = [
        ("t", "the last trick; again for earlier ones"),
        ("c", "cards played so far, by suit"),
        ("s / S", "score sheet / your record at this server"),
        ("v", "how the cards look: suit letters, four colours"),
        ("m / M", "a message to the table / the messages"),
        ("?", "this help; again: the rules of this game"),
    ];
    if sight.seat.is_none() {
        let mut keys = looking.to_vec();
        keys.extend([("q / Ctrl-C", "leave the table for the lobby")]);
        return keys;
    }
    let mut keys = vec![
        ("← → or h l", "move along your hand (Home, End: to the ends)"),
        ("Space", "mark to pass / play a card (early: queue it)"),
        ("Enter", "pass, play, continue, choose"),
        ("click", "mark or play a card, press a button"),
        ("Esc", "close a window, clear marks and queue"),
    ];
    if sight.may.hint.is_ok() {
        keys.push(("i", "hint: what the expert would do"));
    }
    if sight.may.undo.is_ok() {
        keys.push(("u", "undo your last pass or card"));
    }
    if sight.waiting.more_time {
        keys.push(("+", "more time on the turn clock, once a decision"));
    }
    keys.extend(looking);
    if sight.alone {
        keys.extend([("o", "play out a hand with no points left"), ("p", "pace: slow, normal, fast, instant")]);
        keys.push(("r / n", "deal this hand again (asks) / a new game"));
    } else {
        keys.push(("n", "propose a new game (again: withdraw it)"));
        keys.push(("F", "propose to let go the seat of someone long away"));
    }
    keys.extend([
        ("q", "leave the table (your seat waits for you)"),
        ("Ctrl-C", "leave for the lobby at once (your seat waits)"),
    ]);
    keys
}

/// What a key does to a window that only shows something (the keys, the
/// rules, the score sheet, the record).
pub fn key(window: &mut Window, command: Command, sight: &Sight) -> Outcome {
    match (&*window, command) {
        (Window::Help, Command::Help) => Outcome::Open(Window::Rules),
        // The key that opened a window closes it; so do Esc, Enter and a click.
        (
            _,
            Command::Help
            | Command::LastTrick
            | Command::ScoreSheet
            | Command::Stats
            | Command::Cancel
            | Command::Confirm
            | Command::Dismiss
            | Command::Button(_),
        ) => Outcome::Close,
        (_, Command::Quit) if sight.scores.finish.is_some() => Outcome::Ask(Request::Leave),
        (_, Command::Quit) => Outcome::Open(Window::ConfirmQuit),
        _ => Outcome::Stay,
    }
}

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, seen: &Seen) -> Rect {
    let theme = seen.viewer.theme;
    // The timed game says what it takes away, in the place of the line on waits (it has none to skip).
    let timed = seen.scores.clock.map(|_| ("timed game", "no hints or undo; clock runs on your turns"));
    let mut lines: Vec<Line> = keys_here(seen.sight)
        .into_iter()
        .filter(|&(key, _)| !(key == "any key" && timed.is_some()))
        .chain(timed)
        .map(|(key, what)| {
            // In letters the arrows are named, in the key column's width.
            let key = if theme.ascii { key.replace("← → or h l", "h l, arrows") } else { key.to_string() };
            Line::from(vec![Span::styled(format!(" {key:<12}"), theme.strong()), Span::raw(what)])
        })
        .collect();
    if let Some(code) = seen.code {
        lines.push(Line::raw(""));
        lines.push(Line::from(vec![Span::styled(format!(" {:<12}", "table"), theme.strong()), Span::raw(code)]));
    }
    match &seen.deal {
        DealShown::Code(_) => {}
        DealShown::Sealed { digest } => {
            let text = "sealed until the end: sha256".to_string();
            lines.push(Line::from(vec![Span::styled(format!(" {:<12}", "deal"), theme.strong()), Span::raw(text)]));
            // The whole digest, in halves that break nowhere else.
            for half in digest_halves(digest) {
                lines.push(Line::raw(format!(" {:<12}{half}", "")));
            }
        }
        DealShown::Opened { code, .. } => {
            let text = format!("{code} (opened: see the end of the game)");
            lines.push(Line::from(vec![Span::styled(format!(" {:<12}", "deal"), theme.strong()), Span::raw(text)]));
        }
    }
    let (rect, inner) = frame(buf, area, 62, lines.len() as u16 + 2, "Keys", theme);
    Paragraph::new(lines).render(inner, buf);
    rect
}

/// A SHA-256 digest as two lines of 32 hex digits: whole, and broken only
/// in its middle where a window is too narrow for its 64.
pub fn digest_halves(digest: &str) -> Vec<&str> {
    let middle = digest.len() / 2;
    match digest.is_char_boundary(middle) {
        true => vec![&digest[..middle], &digest[middle..]],
        false => vec![digest],
    }
}
