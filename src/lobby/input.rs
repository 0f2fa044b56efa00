//! A click in the lobby becomes a [`Command`] (the table's vocabulary; its
//! keys are read by `ui::input::key_command`): a pure hit test against
//! what the last frame drew.

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

use crate::ui::input::{Button, Command, Row};

/// Where the last frame drew what can be clicked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LobbyHits {
    /// Rows of the lists, and lines of a window.
    pub(crate) rows: Vec<(Rect, Row)>,
    /// Buttons.
    pub(crate) buttons: Vec<(Rect, Button)>,
    /// A window over the lobby: clicks beside it dismiss it.
    pub(crate) overlay: Option<Rect>,
}

/// The command a mouse event stands for, given what the last frame drew:
/// a button, else (under a window) a line of it or a dismissal, else a row;
/// the wheel moves along the list.
pub(crate) fn mouse_command(event: MouseEvent, hits: &LobbyHits) -> Option<Command> {
    match event.kind {
        MouseEventKind::ScrollUp => return Some(Command::Up),
        MouseEventKind::ScrollDown => return Some(Command::Down),
        MouseEventKind::Down(MouseButton::Left) => {}
        _ => return None,
    }
    let at = Position::new(event.column, event.row);
    if let Some((_, button)) = hits.buttons.iter().find(|(rect, _)| rect.contains(at)) {
        return Some(Command::Button(*button));
    }
    let row = hits.rows.iter().find(|(rect, _)| rect.contains(at)).map(|(_, row)| Command::Row(*row));
    match hits.overlay {
        Some(window) if !window.contains(at) => Some(Command::Dismiss),
        _ => row,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyModifiers;

    fn click(column: u16, row: u16) -> MouseEvent {
        MouseEvent { kind: MouseEventKind::Down(MouseButton::Left), column, row, modifiers: KeyModifiers::NONE }
    }

    #[test]
    fn a_click_picks_a_button_then_a_row_and_beside_a_window_dismisses_it() {
        let mut hits = LobbyHits {
            rows: vec![(Rect::new(1, 3, 78, 2), Row::Table(0)), (Rect::new(1, 5, 78, 2), Row::Table(1))],
            buttons: vec![(Rect::new(2, 23, 10, 1), Button::Sit)],
            overlay: None,
        };
        assert_eq!(mouse_command(click(40, 6), &hits), Some(Command::Row(Row::Table(1))));
        assert_eq!(mouse_command(click(5, 23), &hits), Some(Command::Button(Button::Sit)));
        assert_eq!(mouse_command(click(40, 12), &hits), None);
        hits.overlay = Some(Rect::new(20, 2, 40, 10));
        hits.rows = vec![(Rect::new(21, 4, 38, 1), Row::FormLine(1))];
        hits.buttons = vec![(Rect::new(30, 10, 10, 1), Button::Start)];
        assert_eq!(mouse_command(click(32, 10), &hits), Some(Command::Button(Button::Start)));
        assert_eq!(mouse_command(click(40, 4), &hits), Some(Command::Row(Row::FormLine(1))));
        assert_eq!(mouse_command(click(40, 6), &hits), None, "inside the window, on no line");
        assert_eq!(mouse_command(click(2, 12), &hits), Some(Command::Dismiss));
        let mut wheel = click(40, 6);
        wheel.kind = MouseEventKind::ScrollDown;
        assert_eq!(mouse_command(wheel, &hits), Some(Command::Down));
    }
}
