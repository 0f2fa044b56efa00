//! The rules of this game in a few lines (`?` twice).
//!
//! ```text
//!   ╭ This game: black-lady ─────────────────────────────────────────╮
//!   │ 4 players, game to 100: the lowest total wins                  │
//!   │ 52 cards, 13 each                                              │
//!   │ Points: each heart 1, Q♠ 13                                    │
//!   ╰────────────────────────────────────────────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::{frame, wrapped};
use crate::ui::Seen;
use crate::words::rules::rules_in_brief;

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, seen: &Seen) -> Rect {
    const WIDTH: u16 = 72;
    let theme = seen.viewer.theme;
    let lines: Vec<Line> = rules_in_brief(seen.rules(), |card| theme.card(card))
        .iter()
        .flat_map(|line| wrapped(line, WIDTH.min(area.width), Style::default()))
        .collect();
    let title = format!("This game: {}", seen.setup.label);
    let (rect, inner) = frame(buf, area, WIDTH, lines.len() as u16 + 2, &title, theme);
    Paragraph::new(lines).render(inner, buf);
    rect
}
