//! Before the first lead of Chasse Coeur: declare the Generale, or pass.
//!
//! ```text
//!   ╭ The Generale ────────────────────────────────────────────╮
//!   │ Declare the Generale? You promise to take every point.   │
//!   │ Made: you score 0, the others 70. Failed: you 70.        │
//!   │             [ y Declare ]  [ n Pass ]                    │
//!   ╰──────────────────────────────────────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::{Outcome, buttons, frame, step_aside};
use crate::request::Request;
use crate::ui::Seen;
use crate::ui::input::{Button, Command, Hits};
use hearts_table::Intent;

/// What a key does to the window.
pub fn key(selected: &mut Button, command: Command) -> Outcome {
    let answer = match command {
        Command::Left | Command::Right => {
            *selected = if *selected == Button::Yes { Button::No } else { Button::Yes };
            return Outcome::Stay;
        }
        Command::Confirm | Command::Mark => *selected == Button::Yes,
        Command::Yes | Command::Button(Button::Yes) => true,
        Command::New | Command::Cancel | Command::Button(Button::No) => false,
        _ => return step_aside(command),
    };
    Outcome::Ask(Request::Table(Intent::Declare(answer)))
}

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, seen: &Seen, selected: Button, hits: &mut Hits) -> Rect {
    let theme = seen.viewer.theme;
    let points = seen.rules().penalty_total();
    let (rect, inner) = frame(buf, area, 60, 7, "The Generale", theme);
    let text = vec![
        Line::raw(" Declare the Generale? You promise to take every point."),
        Line::raw(format!(" Made: you score 0, the others {points}. Failed: you {points}.")),
    ];
    Paragraph::new(text).render(inner, buf);
    let row = [("y Declare", Button::Yes), ("n Pass", Button::No)];
    buttons(buf, inner, &row, Some(selected), theme, hits);
    rect
}
