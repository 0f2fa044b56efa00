//! The bytes a client's terminal sends, decoded by termina's parser (the
//! one Helix uses) and turned into crossterm's events, so the table's own
//! key and mouse mapping ([`crate::ui::input`]) serves SSH sessions too.

use std::time::{Duration, Instant};

use crossterm::event as ct;
use termina::event as tm;

/// The longest key or click sequence kept waiting for its end (a mouse
/// report or a key with modifiers is a few dozen bytes); a longer one is
/// dropped, so a sequence that never ends cannot hold a session's input.
const MAX_SEQUENCE: usize = 256;

/// How long an Esc waits for the rest of an escape sequence: a terminal
/// sends a sequence in one write, so its bytes come together.
const ESCAPE_WAIT: Duration = Duration::from_millis(30);

/// A session's keys as they come: its [`Decoder`], and when bytes waiting
/// for the rest of their sequence (a lone Esc) are taken as they are.
#[derive(Debug, Default)]
pub(super) struct Keys {
    decoder: Decoder,
    /// The bytes waiting are taken as complete once this passes.
    deadline: Option<Instant>,
}

impl Keys {
    /// The keys and clicks in bytes typed at `now`. Bytes left waiting
    /// from an earlier read whose wait is over come first, as they are:
    /// a lone Esc typed a moment before another key is two keys, not Alt
    /// and that key.
    pub(super) fn typed(&mut self, bytes: &[u8], now: Instant) -> Vec<ct::Event> {
        let mut events = self.flush(now);
        events.extend(self.decoder.decode(bytes));
        self.deadline = self.decoder.waiting().then(|| now + ESCAPE_WAIT);
        events
    }

    /// When the bytes waiting are to be taken as complete, if any wait:
    /// whoever reads the session wakes then and calls [`Keys::flush`].
    pub(super) fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The keys held back for a sequence that did not come, once their
    /// wait is over at `now` (a lone Esc is then the Esc key).
    pub(super) fn flush(&mut self, now: Instant) -> Vec<ct::Event> {
        if self.deadline.is_none_or(|at| now < at) {
            return Vec::new();
        }
        self.deadline = None;
        self.decoder.flush()
    }
}

/// Decodes a session's input; a sequence split across two reads is kept
/// until its end arrives.
#[derive(Debug, Default)]
pub(super) struct Decoder {
    parser: termina::Parser,
    /// Bytes given to the parser since it last finished an event.
    unfinished: usize,
}

impl Decoder {
    /// The keys and clicks in `bytes`; an unfinished escape sequence at
    /// the end waits for more bytes or for [`Decoder::flush`].
    pub(super) fn decode(&mut self, bytes: &[u8]) -> Vec<ct::Event> {
        let mut events = Vec::new();
        for byte in bytes {
            self.parser.parse(std::slice::from_ref(byte), true);
            self.unfinished += 1;
            while let Some(parsed) = self.parser.pop() {
                self.unfinished = 0;
                events.extend(event(parsed));
            }
            if self.unfinished > MAX_SEQUENCE {
                self.forget_unfinished();
            }
        }
        events
    }

    /// Whether bytes wait for the rest of their sequence (a lone Esc, a
    /// sequence split across reads).
    fn waiting(&self) -> bool {
        self.unfinished > 0
    }

    /// What is waiting, taken as complete: a lone Esc is the Esc key once
    /// no more bytes came soon after it; a sequence still unfinished is
    /// dropped (termina keeps an OSC or DCS without its end for good).
    pub(super) fn flush(&mut self) -> Vec<ct::Event> {
        self.parser.parse(&[], false);
        let events = std::iter::from_fn(|| self.parser.pop()).filter_map(event).collect();
        self.forget_unfinished();
        events
    }

    fn forget_unfinished(&mut self) {
        self.parser = termina::Parser::default();
        self.unfinished = 0;
    }
}

/// The crossterm event for a termina one; `None` for what the table does not use.
fn event(event: termina::Event) -> Option<ct::Event> {
    match event {
        termina::Event::Key(key) => Some(ct::Event::Key(ct::KeyEvent {
            code: key_code(key.code)?,
            modifiers: modifiers(key.modifiers),
            kind: match key.kind {
                tm::KeyEventKind::Press => ct::KeyEventKind::Press,
                tm::KeyEventKind::Release => ct::KeyEventKind::Release,
                tm::KeyEventKind::Repeat => ct::KeyEventKind::Repeat,
            },
            state: ct::KeyEventState::NONE,
        })),
        termina::Event::Mouse(mouse) => Some(ct::Event::Mouse(ct::MouseEvent {
            kind: match mouse.kind {
                tm::MouseEventKind::Down(button) => ct::MouseEventKind::Down(button_of(button)),
                tm::MouseEventKind::Up(button) => ct::MouseEventKind::Up(button_of(button)),
                tm::MouseEventKind::Drag(button) => ct::MouseEventKind::Drag(button_of(button)),
                tm::MouseEventKind::Moved => ct::MouseEventKind::Moved,
                tm::MouseEventKind::ScrollDown => ct::MouseEventKind::ScrollDown,
                tm::MouseEventKind::ScrollUp => ct::MouseEventKind::ScrollUp,
                tm::MouseEventKind::ScrollLeft => ct::MouseEventKind::ScrollLeft,
                tm::MouseEventKind::ScrollRight => ct::MouseEventKind::ScrollRight,
            },
            column: mouse.column,
            row: mouse.row,
            modifiers: modifiers(mouse.modifiers),
        })),
        _ => None,
    }
}

fn key_code(code: tm::KeyCode) -> Option<ct::KeyCode> {
    Some(match code {
        tm::KeyCode::Char(c) => ct::KeyCode::Char(c),
        tm::KeyCode::Enter => ct::KeyCode::Enter,
        tm::KeyCode::Backspace => ct::KeyCode::Backspace,
        tm::KeyCode::Tab => ct::KeyCode::Tab,
        tm::KeyCode::BackTab => ct::KeyCode::BackTab,
        tm::KeyCode::Escape => ct::KeyCode::Esc,
        tm::KeyCode::Left => ct::KeyCode::Left,
        tm::KeyCode::Right => ct::KeyCode::Right,
        tm::KeyCode::Up => ct::KeyCode::Up,
        tm::KeyCode::Down => ct::KeyCode::Down,
        tm::KeyCode::Home => ct::KeyCode::Home,
        tm::KeyCode::End => ct::KeyCode::End,
        tm::KeyCode::PageUp => ct::KeyCode::PageUp,
        tm::KeyCode::PageDown => ct::KeyCode::PageDown,
        tm::KeyCode::Insert => ct::KeyCode::Insert,
        tm::KeyCode::Delete => ct::KeyCode::Delete,
        tm::KeyCode::Function(n) => ct::KeyCode::F(n),
        _ => return None,
    })
}

fn modifiers(from: tm::Modifiers) -> ct::KeyModifiers {
    let pairs = [
        (tm::Modifiers::SHIFT, ct::KeyModifiers::SHIFT),
        (tm::Modifiers::ALT, ct::KeyModifiers::ALT),
        (tm::Modifiers::CONTROL, ct::KeyModifiers::CONTROL),
        (tm::Modifiers::SUPER, ct::KeyModifiers::SUPER),
        (tm::Modifiers::HYPER, ct::KeyModifiers::HYPER),
        (tm::Modifiers::META, ct::KeyModifiers::META),
    ];
    pairs.into_iter().filter(|(t, _)| from.contains(*t)).fold(ct::KeyModifiers::NONE, |all, (_, c)| all | c)
}

fn button_of(button: tm::MouseButton) -> ct::MouseButton {
    match button {
        tm::MouseButton::Left => ct::MouseButton::Left,
        tm::MouseButton::Right => ct::MouseButton::Right,
        tm::MouseButton::Middle => ct::MouseButton::Middle,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::input::{Command, KeyMap, key_command};

    fn commands(bytes: &[u8]) -> Vec<Command> {
        commands_after(&mut Decoder::default(), bytes)
    }

    fn key_of(event: &ct::Event) -> Option<Command> {
        if let ct::Event::Key(key) = event { key_command(*key, KeyMap::Table) } else { None }
    }

    fn commands_after(decoder: &mut Decoder, bytes: &[u8]) -> Vec<Command> {
        let mut events = decoder.decode(bytes);
        events.extend(decoder.flush());
        events.iter().filter_map(key_of).collect()
    }

    #[test]
    fn the_table_keys_come_through_as_the_local_table_reads_them() {
        assert_eq!(
            commands(b"\x1b[D\x1b[C \r?q"),
            [Command::Left, Command::Right, Command::Mark, Command::Confirm, Command::Help, Command::Quit]
        );
        assert_eq!(commands(b"\x03"), [Command::ForceQuit]);
        assert_eq!(commands(b"\x7f"), [Command::Erase]);
        assert_eq!(commands(b"\x1b"), [Command::Cancel]);
    }

    #[test]
    fn a_sequence_split_across_reads_is_one_key() {
        let mut decoder = Decoder::default();
        let mut events = decoder.decode(b"\x1b[");
        events.extend(decoder.decode(b"D"));
        events.extend(decoder.flush());
        let keys: Vec<_> =
            events.into_iter().filter_map(|e| if let ct::Event::Key(k) = e { Some(k.code) } else { None }).collect();
        assert_eq!(keys, [ct::KeyCode::Left]);
    }

    #[test]
    fn a_sequence_without_its_end_is_dropped_at_the_pause_and_keys_after_it_count() {
        for unended in [&b"\x1b]2;title"[..], b"\x1bP+q544e", b"\x1b[200~pasted", b"\x1bP+q544e\x1b\\"] {
            let mut decoder = Decoder::default();
            assert!(decoder.decode(unended).is_empty());
            assert!(decoder.flush().is_empty());
            assert_eq!(commands_after(&mut decoder, b"?"), [Command::Help], "after {unended:?}");
        }
    }

    #[test]
    fn a_sequence_that_never_ends_is_dropped_without_a_pause() {
        let mut decoder = Decoder::default();
        let mut flood = b"\x1b]0;".to_vec();
        flood.extend(std::iter::repeat_n(b'x', MAX_SEQUENCE));
        flood.extend(b"?");
        let keys: Vec<_> = decoder.decode(&flood).iter().filter_map(key_of).collect();
        assert_eq!(keys.last(), Some(&Command::Help), "{keys:?}");
    }

    fn codes(events: &[ct::Event]) -> Vec<(ct::KeyCode, ct::KeyModifiers)> {
        events
            .iter()
            .filter_map(|e| if let ct::Event::Key(k) = e { Some((k.code, k.modifiers)) } else { None })
            .collect()
    }

    #[test]
    fn a_lone_esc_is_the_esc_key_once_its_wait_is_over_and_the_next_key_is_a_key_of_its_own() {
        let none = ct::KeyModifiers::NONE;
        let start = Instant::now();
        let mut keys = Keys::default();
        assert!(keys.typed(b"\x1b", start).is_empty(), "an Esc may start a sequence");
        assert_eq!(keys.deadline(), Some(start + ESCAPE_WAIT));
        assert!(keys.flush(start + ESCAPE_WAIT / 2).is_empty(), "not before its wait is over");
        assert_eq!(codes(&keys.flush(start + ESCAPE_WAIT)), [(ct::KeyCode::Esc, none)]);
        assert_eq!(keys.deadline(), None, "nothing waits any more");
        // Esc, then a key typed after the Esc's wait but before anyone flushed: both keys, in order.
        let later = start + Duration::from_millis(500);
        assert!(keys.typed(b"\x1b", later).is_empty());
        let both = keys.typed(b"j", later + Duration::from_millis(100));
        assert_eq!(codes(&both), [(ct::KeyCode::Esc, none), (ct::KeyCode::Char('j'), none)]);
        // Esc then an arrow: the arrow is whole.
        let then = later + Duration::from_secs(1);
        assert!(keys.typed(b"\x1b", then).is_empty());
        let both = keys.typed(b"\x1b[B", then + Duration::from_millis(100));
        assert_eq!(codes(&both), [(ct::KeyCode::Esc, none), (ct::KeyCode::Down, none)]);
        // A sequence whose bytes come together is one key, and nothing waits after it.
        let whole = keys.typed(b"\x1b[A", then + Duration::from_secs(1));
        assert_eq!(codes(&whole), [(ct::KeyCode::Up, none)]);
        assert_eq!(keys.deadline(), None);
        // Alt and a key, sent together, stay Alt and that key.
        let alt = keys.typed(b"\x1bj", then + Duration::from_secs(2));
        assert_eq!(codes(&alt), [(ct::KeyCode::Char('j'), ct::KeyModifiers::ALT)]);
    }

    #[test]
    fn a_click_comes_through_at_its_cell() {
        // SGR mouse: left button down at column 10, row 5 (1-based on the wire).
        let events = Decoder::default().decode(b"\x1b[<0;10;5M");
        assert_eq!(
            events,
            [ct::Event::Mouse(ct::MouseEvent {
                kind: ct::MouseEventKind::Down(ct::MouseButton::Left),
                column: 9,
                row: 4,
                modifiers: ct::KeyModifiers::NONE,
            })]
        );
    }
}
