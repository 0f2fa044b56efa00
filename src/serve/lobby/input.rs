//! Keys and clicks in the lobby become [`LobbyCommand`]s: one `match` for
//! the keys, and a pure hit test of a click against what the last frame drew.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

/// What the person asked for in the lobby, whatever key or click said it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LobbyCommand {
    /// Up a row or a line.
    Up,
    /// Down a row or a line.
    Down,
    /// Left: the previous value in the new-table window.
    Left,
    /// Right: the next value.
    Right,
    /// Home: the first row.
    First,
    /// End: the last row.
    Last,
    /// Enter: sit at the table, replay the game, create, join.
    Confirm,
    /// Esc: close a window.
    Cancel,
    /// Backspace.
    Erase,
    /// Space: the next value in the new-table window.
    Mark,
    /// A digit (the target and the seed).
    Digit(char),
    /// A character typed into the code field.
    Text(char),
    /// Tab: between the tables and your games.
    Tab,
    /// `w`: watch the table.
    Watch,
    /// `g`: give up the seat kept for you at the table.
    GiveUp,
    /// `y`: yes to the question asked.
    Yes,
    /// `n`: the new-table window.
    New,
    /// `j`: the field to join a table by its code.
    Join,
    /// `r`: replay the game.
    Replay,
    /// `v`: review the game.
    Review,
    /// `?`: the keys.
    Help,
    /// `q`: leave.
    Quit,
    /// Ctrl-C: leave, whatever is open.
    ForceQuit,
    /// A click on a row of a list.
    Row(Row),
    /// A click on a button.
    Button(LobbyButton),
    /// A click beside a window.
    Dismiss,
    /// Any other key.
    Other,
}

/// A row of one of the lobby's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Row {
    /// A table, by its place among the tables shown.
    Table(usize),
    /// One of your games, by its place in the list.
    Game(usize),
    /// A line of the new-table window.
    FormLine(usize),
}

/// The buttons the lobby draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LobbyButton {
    /// Sit at the chosen table.
    Sit,
    /// Watch it.
    Watch,
    /// Open the new-table window.
    New,
    /// Open the code field.
    Join,
    /// Show the tables.
    Tables,
    /// Show your games.
    Games,
    /// Replay the chosen game.
    Replay,
    /// Review it.
    Review,
    /// The keys.
    Help,
    /// Leave.
    Quit,
    /// Create the table the window describes, or join the code typed.
    Go,
    /// Close the window.
    Close,
}

/// Where the last frame drew what can be clicked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LobbyHits {
    /// Rows of the lists, and lines of a window.
    pub(crate) rows: Vec<(Rect, Row)>,
    /// Buttons.
    pub(crate) buttons: Vec<(Rect, LobbyButton)>,
    /// A window over the lobby: clicks beside it dismiss it.
    pub(crate) overlay: Option<Rect>,
}

/// The command a key press stands for; `typing` when the code field is
/// open, where every printable character is text. `None` for releases.
pub(crate) fn key_command(key: KeyEvent, typing: bool) -> Option<LobbyCommand> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char('c') if ctrl => LobbyCommand::ForceQuit,
        _ if ctrl => LobbyCommand::Other,
        KeyCode::Char(c) if typing => LobbyCommand::Text(c),
        KeyCode::Up => LobbyCommand::Up,
        KeyCode::Down => LobbyCommand::Down,
        KeyCode::Left | KeyCode::Char('h') => LobbyCommand::Left,
        KeyCode::Right | KeyCode::Char('l') => LobbyCommand::Right,
        KeyCode::Home => LobbyCommand::First,
        KeyCode::End => LobbyCommand::Last,
        KeyCode::Enter => LobbyCommand::Confirm,
        KeyCode::Esc => LobbyCommand::Cancel,
        KeyCode::Backspace => LobbyCommand::Erase,
        KeyCode::Tab | KeyCode::BackTab => LobbyCommand::Tab,
        KeyCode::Char(' ') => LobbyCommand::Mark,
        KeyCode::Char(digit) if digit.is_ascii_digit() => LobbyCommand::Digit(digit),
        KeyCode::Char('w') => LobbyCommand::Watch,
        KeyCode::Char('g') => LobbyCommand::GiveUp,
        KeyCode::Char('y') => LobbyCommand::Yes,
        KeyCode::Char('n') => LobbyCommand::New,
        KeyCode::Char('j') => LobbyCommand::Join,
        KeyCode::Char('r') => LobbyCommand::Replay,
        KeyCode::Char('v') => LobbyCommand::Review,
        KeyCode::Char('?') | KeyCode::F(1) => LobbyCommand::Help,
        KeyCode::Char('q') => LobbyCommand::Quit,
        _ => LobbyCommand::Other,
    })
}

/// The command a mouse event stands for, given what the last frame drew:
/// a button, else (under a window) a line of it or a dismissal, else a row;
/// the wheel moves along the list.
pub(crate) fn mouse_command(event: MouseEvent, hits: &LobbyHits) -> Option<LobbyCommand> {
    match event.kind {
        MouseEventKind::ScrollUp => return Some(LobbyCommand::Up),
        MouseEventKind::ScrollDown => return Some(LobbyCommand::Down),
        MouseEventKind::Down(MouseButton::Left) => {}
        _ => return None,
    }
    let at = Position::new(event.column, event.row);
    if let Some((_, button)) = hits.buttons.iter().find(|(rect, _)| rect.contains(at)) {
        return Some(LobbyCommand::Button(*button));
    }
    let row = hits.rows.iter().find(|(rect, _)| rect.contains(at)).map(|(_, row)| LobbyCommand::Row(*row));
    match hits.overlay {
        Some(window) if !window.contains(at) => Some(LobbyCommand::Dismiss),
        _ => row,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn click(column: u16, row: u16) -> MouseEvent {
        MouseEvent { kind: MouseEventKind::Down(MouseButton::Left), column, row, modifiers: KeyModifiers::NONE }
    }

    #[test]
    fn the_lobby_keys_have_their_commands() {
        let keys = [
            (KeyCode::Enter, LobbyCommand::Confirm),
            (KeyCode::Esc, LobbyCommand::Cancel),
            (KeyCode::Up, LobbyCommand::Up),
            (KeyCode::Down, LobbyCommand::Down),
            (KeyCode::Tab, LobbyCommand::Tab),
            (KeyCode::Char('w'), LobbyCommand::Watch),
            (KeyCode::Char('n'), LobbyCommand::New),
            (KeyCode::Char('j'), LobbyCommand::Join),
            (KeyCode::Char('r'), LobbyCommand::Replay),
            (KeyCode::Char('v'), LobbyCommand::Review),
            (KeyCode::Char('?'), LobbyCommand::Help),
            (KeyCode::Char('q'), LobbyCommand::Quit),
            (KeyCode::Char('7'), LobbyCommand::Digit('7')),
        ];
        for (code, command) in keys {
            assert_eq!(key_command(press(code), false), Some(command), "{code:?}");
        }
        assert_eq!(
            key_command(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL), false),
            Some(LobbyCommand::ForceQuit)
        );
    }

    #[test]
    fn in_the_code_field_letters_are_text_and_enter_and_esc_keep_their_meaning() {
        assert_eq!(key_command(press(KeyCode::Char('q')), true), Some(LobbyCommand::Text('q')));
        assert_eq!(key_command(press(KeyCode::Char('7')), true), Some(LobbyCommand::Text('7')));
        assert_eq!(key_command(press(KeyCode::Enter), true), Some(LobbyCommand::Confirm));
        assert_eq!(key_command(press(KeyCode::Esc), true), Some(LobbyCommand::Cancel));
        assert_eq!(
            key_command(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL), true),
            Some(LobbyCommand::ForceQuit)
        );
        let mut release = press(KeyCode::Enter);
        release.kind = KeyEventKind::Release;
        assert_eq!(key_command(release, true), None);
    }

    #[test]
    fn a_click_picks_a_button_then_a_row_and_beside_a_window_dismisses_it() {
        let mut hits = LobbyHits {
            rows: vec![(Rect::new(1, 3, 78, 2), Row::Table(0)), (Rect::new(1, 5, 78, 2), Row::Table(1))],
            buttons: vec![(Rect::new(2, 23, 10, 1), LobbyButton::Sit)],
            overlay: None,
        };
        assert_eq!(mouse_command(click(40, 6), &hits), Some(LobbyCommand::Row(Row::Table(1))));
        assert_eq!(mouse_command(click(5, 23), &hits), Some(LobbyCommand::Button(LobbyButton::Sit)));
        assert_eq!(mouse_command(click(40, 12), &hits), None);
        hits.overlay = Some(Rect::new(20, 2, 40, 10));
        hits.rows = vec![(Rect::new(21, 4, 38, 1), Row::FormLine(1))];
        hits.buttons = vec![(Rect::new(30, 10, 10, 1), LobbyButton::Go)];
        assert_eq!(mouse_command(click(32, 10), &hits), Some(LobbyCommand::Button(LobbyButton::Go)));
        assert_eq!(mouse_command(click(40, 4), &hits), Some(LobbyCommand::Row(Row::FormLine(1))));
        assert_eq!(mouse_command(click(40, 6), &hits), None, "inside the window, on no line");
        assert_eq!(mouse_command(click(2, 12), &hits), Some(LobbyCommand::Dismiss));
        let mut wheel = click(40, 6);
        wheel.kind = MouseEventKind::ScrollDown;
        assert_eq!(mouse_command(wheel, &hits), Some(LobbyCommand::Down));
    }
}
