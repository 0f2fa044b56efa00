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
use crate::theme::Theme;
use crate::ui::Seen;
use crate::ui::draw::short_name;
use crate::words::count;
use hearts_engine::{HandRecord, Rules, Teams};

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
    label(&side_names(app, side), width)
}

/// The names of a side's seats, as this person says them.
fn side_names(app: &Seen<'_>, side: usize) -> Vec<String> {
    app.side_seats(side).into_iter().map(|seat| app.name(seat)).collect()
}

/// A side's name from its seats' names in at most `width` characters.
fn label(names: &[String], width: usize) -> String {
    let full = names.join(" & ");
    if full.chars().count() <= width {
        return full;
    }
    let short: Vec<String> = names.iter().map(|name| short_name(name)).collect();
    short.join("+").chars().take(width).collect()
}

/// The score sheet of the game `app` sees: one row per hand, each side's
/// (seat's or team's) score and running total, the last hands that fit
/// `rows` lines, in columns that fit `room`.
pub fn score_sheet(app: &Seen<'_>, rows: usize, room: u16) -> Vec<Line<'static>> {
    let rules = app.rules();
    let column = sheet_column(rules.side_count(), rules.teams != Teams::Off, room);
    let sides = (0..rules.side_count()).map(|side| (side, side_names(app, side))).collect();
    let sheet = ScoreSheet { rules, history: app.scores.history, sides, first_hand: 1 };
    sheet.lines(rows, column, app.viewer.theme)
}

/// A score sheet: the hands scored under some rules, one column a side.
/// The table's window, the hand's summary and the replay all draw it.
pub struct ScoreSheet<'a> {
    /// The rules the hands were scored by.
    pub rules: &'a Rules,
    /// The hands scored.
    pub history: &'a [HandRecord],
    /// Each column's side and its seats' names, in the order drawn.
    pub sides: Vec<(usize, Vec<String>)>,
    /// The number of the first hand of `history`.
    pub first_hand: usize,
}

impl ScoreSheet<'_> {
    /// The sheet in at most `rows` lines (the last hands, where there are
    /// more, after a line saying how many are left out), each side's
    /// column `column` wide: a hand's score and the total after it, or
    /// the total alone where narrow; a moon marked on its shooter's side.
    pub fn lines(&self, rows: usize, column: usize, theme: Theme) -> Vec<Line<'static>> {
        let rules = self.rules;
        let mut header = format!(" {:<6}", "Hand");
        for (_, names) in &self.sides {
            let name = label(names, column - 1);
            header += &format!("{name:>column$}");
        }
        let mut lines = vec![Line::styled(header, theme.strong())];
        let history = self.history;
        let skip = history.len().saturating_sub(rows.saturating_sub(2).max(1));
        if skip > 0 {
            lines.push(Line::styled(format!(" ({} earlier)", count(skip, "hand", "hands")), theme.quiet()));
        }
        for (i, record) in history.iter().enumerate().skip(skip) {
            let mut row = format!(" {:<6}", self.first_hand + i);
            for &(side, _) in &self.sides {
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
}
