//! The table's messages (`M`), newest at the bottom, each wrapped whole;
//! the arrows scroll back through the history.
//!
//! ```text
//!   ╭ Messages (3) ──────────────────────────────────────────╮
//!   │ alice: good luck all                                   │
//!   │ bob: you too, and a message long enough to wrap onto   │
//!   │   the next line                                        │
//!   ╰────────────────────────────────────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::{MARGINS, Outcome, frame};
use crate::ui::Seen;
use crate::ui::fit::wrap;
use crate::ui::input::Command;
use hearts_table::Sight;

/// How far back the history is scrolled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChatHistory {
    /// Lines scrolled back from the newest.
    pub back: usize,
}

/// What a key does to the window.
pub fn key(history: &mut ChatHistory, command: Command, sight: &Sight) -> Outcome {
    let kept = sight.chat.messages().len();
    match command {
        Command::Up | Command::Left => history.back = (history.back + 1).min(kept * 4),
        Command::Down | Command::Right => history.back = history.back.saturating_sub(1),
        Command::Chat => return Outcome::Write,
        Command::ChatHistory | Command::Cancel | Command::Confirm | Command::Dismiss | Command::Button(_) => {
            return Outcome::Close;
        }
        Command::Quit => return Outcome::Close,
        _ => {}
    }
    Outcome::Stay
}

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, seen: &Seen, history: &ChatHistory) -> Rect {
    let theme = seen.viewer.theme;
    let width = area.width.saturating_sub(4).min(80);
    let room = usize::from(width).saturating_sub(MARGINS);
    let mut lines: Vec<Line> = Vec::new();
    for said in seen.chat.messages() {
        let text = format!("{}: {}", said.from, said.text);
        for (i, part) in wrap(&text, room, 2).into_iter().enumerate() {
            if i == 0 && part.starts_with(&said.from) {
                let (name, rest) = part.split_at(said.from.len());
                lines.push(Line::from(vec![
                    Span::styled(format!(" {name}"), theme.strong()),
                    Span::raw(rest.to_string()),
                ]));
            } else {
                lines.push(Line::raw(format!(" {part}")));
            }
        }
    }
    if lines.is_empty() {
        lines.push(Line::styled(" No messages yet: m writes one", theme.quiet()));
    }
    let height = (lines.len() as u16 + 2).min(area.height.saturating_sub(2)).max(3);
    let shown = usize::from(height.saturating_sub(2));
    let back = history.back.min(lines.len().saturating_sub(shown));
    let end = lines.len() - back;
    let start = end.saturating_sub(shown);
    let title = format!("Messages ({})", seen.chat.messages().len());
    let (rect, inner) = frame(buf, area, width, height, &title, theme);
    Paragraph::new(lines[start..end].to_vec()).render(inner, buf);
    rect
}
