//! The score sheet (`s`): one row per hand, each side's score for the hand
//! and its running total.
//!
//! ```text
//!   ╭ Score sheet ─────────────────────────────────────────╮
//!   │ Hand       You    Left  Across   Right               │
//!   │ 1        +3   3 +13  13  +6   6  +4   4              │
//!   ╰──────────────────────────────────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::frame;
use crate::ui::Seen;
use crate::ui::draw::{count, short_name};
use hearts_engine::Teams;

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, seen: &Seen) -> Rect {
    let theme = seen.viewer.theme;
    let sheet = score_sheet(seen, area.height.saturating_sub(6) as usize, area.width);
    let width = sheet_width(seen, area.width).max(40);
    let (rect, inner) = frame(buf, area, width, sheet.len() as u16 + 2, "Score sheet", theme);
    Paragraph::new(sheet).render(inner, buf);
    rect
}

/// The hand number's column of the score sheet, with its leading space.
pub const SHEET_HAND_COLUMN: usize = 7;

/// The width of each side's column in the score sheet: up to 14 (12 for
/// a seat alone), narrower so that the whole sheet fits in `room` columns
/// (never below what a total needs; below [`SCORE_AND_TOTAL`] a column
/// shows the total alone).
pub fn sheet_column(sides: usize, teams: bool, room: u16) -> usize {
    let inner = (room as usize).saturating_sub(3 + SHEET_HAND_COLUMN);
    (inner / sides).clamp(6, if teams { 14 } else { 12 })
}

/// The narrowest column that holds a hand's score and the total after it.
const SCORE_AND_TOTAL: usize = 9;

/// The width of a window holding the score sheet, borders included.
pub fn sheet_width(app: &Seen<'_>, room: u16) -> u16 {
    let rules = app.rules();
    let sides = rules.side_count();
    // The borders and a blank column before the right one.
    (3 + SHEET_HAND_COLUMN + sheet_column(sides, rules.teams != Teams::Off, room) * sides) as u16
}

/// A side's name in at most `width` characters: "You & Across", or the
/// seats' short names ("You+A") where the full name does not fit.
pub fn side_label(app: &Seen<'_>, side: usize, width: usize) -> String {
    let full = app.side_name(side);
    if full.chars().count() <= width {
        return full;
    }
    let short: Vec<String> = app.side_seats(side).into_iter().map(|seat| short_name(&app.name(seat))).collect();
    short.join("+").chars().take(width).collect()
}

/// The score sheet: one row per hand, each side's (seat's or team's)
/// score and running total, the last `rows` hands when there are more, in
/// columns that fit `room`.
pub fn score_sheet(app: &Seen<'_>, rows: usize, room: u16) -> Vec<Line<'static>> {
    let theme = app.viewer.theme;
    let rules = app.rules();
    let sides = rules.side_count();
    let column = sheet_column(sides, rules.teams != Teams::Off, room);
    let mut header = format!(" {:<6}", "Hand");
    for side in 0..sides {
        let name = side_label(app, side, column - 1);
        header += &format!("{name:>column$}");
    }
    let mut lines = vec![Line::styled(header, theme.strong())];
    let history = app.scores.history;
    let skip = history.len().saturating_sub(rows.saturating_sub(2).max(1));
    if skip > 0 {
        lines.push(Line::styled(format!(" ({} earlier)", count(skip, "hand", "hands")), theme.quiet()));
    }
    for (i, record) in history.iter().enumerate().skip(skip) {
        let mut row = format!(" {:<6}", i + 1);
        for side in 0..sides {
            let shot = record.result.shooter.is_some_and(|shooter| rules.side(shooter) == side);
            let moon = if shot && record.moon.is_some() { theme.moon() } else { "" };
            let (score, standing) = match record.chips {
                Some(settled) => {
                    (rules.side_total(&settled.change, side), rules.side_total(&settled.after.stacks, side))
                }
                None => (rules.side_total(&record.scores, side), rules.side_total(&record.totals, side)),
            };
            let cell = if column < SCORE_AND_TOTAL {
                // Eleven seats in 80 columns: the totals alone.
                format!("{moon}{standing}")
            } else {
                format!("{moon}{score:+} {standing:>3}")
            };
            row += &format!("{cell:>column$}");
        }
        lines.push(Line::raw(row));
    }
    if history.is_empty() {
        lines.push(Line::styled(" No hand has been scored yet", theme.quiet()));
    }
    lines
}
