//! This person's record for the rules in play (`S`): the terminal's own
//! statistics, or their record at the server they play on.
//!
//! ```text
//!   ╭ Statistics ──────────────────────────────╮
//!   │ black-lady, 4 players, normal bots       │
//!   │ Games played                          12 │
//!   ╰──────────────────────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::frame;
use crate::ui::Seen;
use crate::ui::fit::wrap;

/// What the record window shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The window's title.
    pub title: String,
    /// What the record is of (the rules and line-up).
    pub heading: String,
    /// Each figure: its label and value.
    pub lines: Vec<(String, String)>,
}

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, seen: &Seen) -> Rect {
    let theme = seen.viewer.theme;
    let record = &seen.viewer.record;
    let lines: Vec<Line> = wrap(&record.heading, 40, 0)
        .into_iter()
        .map(|part| Line::styled(format!(" {part}"), theme.strong()))
        .chain(record.lines.iter().map(|(label, value)| Line::raw(format!(" {label:<24}{value:>10}"))))
        .collect();
    let title = if record.title.is_empty() { "Statistics" } else { &record.title };
    let (rect, inner) = frame(buf, area, 44, lines.len() as u16 + 2, title, theme);
    Paragraph::new(lines).render(inner, buf);
    rect
}
