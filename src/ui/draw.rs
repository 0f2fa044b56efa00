//! Draws the table from a person's sight of it and their own view, and
//! records where it drew what can be clicked. Drawing changes nothing. One file per region,
//! each with a sketch of its part: `top_line`, `seats`, `trick` (the middle
//! and the played-cards panel), `hand` (your line and cards), `status` (the
//! two bottom lines) and `side` (the panel of a big screen); the windows
//! over the table draw themselves ([`super::window`]). They share the
//! imports and helpers of this file.
//!
//! ```text
//!  Hearts  Hand 3 · pass across · to 100 · black-lady · seed 1234 · hearts broken
//!                          Across · normal
//!                          3 pts · total 41 · ▒▒ 12
//!   Left · normal                 ┌───┐                  Right · hard
//!   0 pts · total 7               │Q ♠│                  0 pts · total 18
//!   ▒▒ 12                 ┌───┐   └───┘   ┌───┐          ▒▒ 12
//!                         │7 ♣│           │9 ♣│
//!                         └───┘   ┌───┐   └───┘
//!                                 │2 ♣│
//!                                 └───┘
//!  You · 0 pts · total 12                                        [ PASS ]
//!  ┌───┐┌───┐┌───┐ ...   your hand, sorted by suit then rank
//!  Follow clubs                                             (status line)
//!  ←→ move · Enter play · i hint · ? help · q quit           (keys)
//! ```

use std::f64::consts::TAU;
use std::time::Instant;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use hearts_engine::{Card, CardSet, GamePhase, HandPhase, Seat, Suit};

use super::Seen;
use super::input::{Button, Hits};
use super::window::Window;
use crate::theme::Theme;
use hearts_table::Finish;

mod hand;
mod place;
mod seats;
mod side;
mod status;
mod text;
mod top_line;
mod trick;

use hand::{your_hand, your_line};
use seats::{detail_for, seats};
pub(crate) use side::short_name;
use side::side_panel;
use status::{key_line, status_line};
pub use status::{keys_now, status};
use text::{draw_line, draw_lines};
use top_line::info_bar;
pub(crate) use trick::{covered_corner, draw_card};
use trick::{played_panel, trick};

/// The smallest terminal the table fits in.
pub const MIN_WIDTH: u16 = 80;
/// The smallest terminal the table fits in.
pub const MIN_HEIGHT: u16 = 24;

const SEAT_WIDTH: u16 = 24;

/// From this size on the table uses the room: larger cards, a wider
/// trick and the side panel.
pub const BIG_WIDTH: u16 = 120;
/// From this size on the table uses the room.
pub const BIG_HEIGHT: u16 = 36;
/// The side panel's width on a big terminal.
pub(crate) const SIDE_WIDTH: u16 = 40;

/// How big the cards are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CardSize {
    width: u16,
    height: u16,
}

impl CardSize {
    /// Five columns by three rows: rank and suit on one line.
    pub(crate) const SMALL: CardSize = CardSize { width: 5, height: 3 };
    /// Seven by five: rank at the top left and bottom right, the suit in
    /// the middle, readable from across a desk.
    pub(crate) const LARGE: CardSize = CardSize { width: 7, height: 5 };

    /// Columns a card takes.
    pub(crate) fn width(self) -> u16 {
        self.width
    }

    /// Rows a card takes.
    pub(crate) fn height(self) -> u16 {
        self.height
    }

    /// The size for a screen.
    fn for_screen(area: Rect) -> CardSize {
        if is_big(area) { CardSize::LARGE } else { CardSize::SMALL }
    }
}

/// Whether the screen has room for the big layout.
fn is_big(area: Rect) -> bool {
    area.width >= BIG_WIDTH && area.height >= BIG_HEIGHT
}

/// Draws the whole screen and returns what can be clicked.
pub fn draw(frame: &mut Frame, app: &Seen<'_>, now: Instant) -> Hits {
    let area = frame.area();
    let buf = frame.buffer_mut();
    draw_screen(buf, area, app, now)
}

/// Draws into a buffer (the frame's, or a test's).
pub fn draw_screen(buf: &mut Buffer, area: Rect, app: &Seen<'_>, now: Instant) -> Hits {
    let theme = app.viewer.theme;
    let mut hits = Hits::default();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let (leave, lines) = match app.kind {
            hearts_table::Kind::Local => ("quit", "or play in the line mode: hearts --plain"),
            hearts_table::Kind::Shared => ("leave the table", "or use the line mode: ssh -T, or plain join CODE"),
        };
        too_small(buf, area, theme, ("Hearts", leave, lines));
        return hits;
    }
    style_all(buf, area, theme.table());
    let size = CardSize::for_screen(area);
    let [info, body, status, keys] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(16), Constraint::Length(1), Constraint::Length(1)])
            .areas(area);
    let (main, side) = if is_big(area) {
        let [main, side] = Layout::horizontal([Constraint::Min(MIN_WIDTH), Constraint::Length(SIDE_WIDTH)]).areas(body);
        (main, Some(side))
    } else {
        (body, None)
    };
    let [table, you, hand] =
        Layout::vertical([Constraint::Min(14), Constraint::Length(1), Constraint::Length(size.height + 1)]).areas(main);
    if let Some(offer @ Window::Resume(_)) = &app.viewer.window {
        // Nothing of the new deal shows until the offer is answered.
        return offer_on_an_empty_table(buf, area, [status, keys], app, offer, now);
    }
    info_bar(buf, info, app);
    // Large trick cards for five or more seats need a wide table.
    let trick_size = if app.players() > 4 && table.width < 110 { CardSize::SMALL } else { size };
    let detail = detail_for(app, table, is_big(area), trick_size);
    seats(buf, table, app, detail);
    trick(buf, table, app, now, trick_size, detail.height());
    if app.viewer.show_played {
        played_panel(buf, table, app);
    }
    if let Some(side) = side {
        side_panel(buf, side, app);
    }
    your_line(buf, you, app, &mut hits);
    your_hand(buf, hand, app, size, &mut hits);
    let long_note = status_line(buf, status, app);
    key_line(buf, keys, app, long_note, now);
    if let Some(window) = &app.viewer.window {
        hits.buttons.clear();
        hits.cards.clear();
        // A window lies over the table, not over the side panel's scores.
        let over = if side.is_some() { Rect { width: main.width, ..area } } else { area };
        window.draw(buf, over, app, &mut hits);
    }
    hits
}

/// Sets the style of every cell of `area`: a cell at a time, not by its
/// position, when the area is the whole buffer (as a screen's is).
fn style_all(buf: &mut Buffer, area: Rect, style: Style) {
    if area == buf.area {
        for cell in &mut buf.content {
            cell.set_style(style);
        }
    } else {
        buf.set_style(area, style);
    }
}

/// The resume offer alone on the table, with a note (a file that could
/// not be read) and the keys below it.
fn offer_on_an_empty_table(
    buf: &mut Buffer,
    area: Rect,
    [status, keys]: [Rect; 2],
    app: &Seen<'_>,
    offer: &Window,
    now: Instant,
) -> Hits {
    let mut hits = Hits::default();
    let mut rest = None;
    if let Some(note) = &app.viewer.note {
        // A note too long for its row goes on over the key line, as at the table.
        let lines = crate::ui::fit::wrap(note, usize::from(status.width).saturating_sub(1), 0);
        if let Some((first, more)) = lines.split_first() {
            Paragraph::new(Span::styled(format!(" {first}"), app.viewer.theme.warning())).render(status, buf);
            rest = (!more.is_empty()).then(|| more.join(" "));
        }
    }
    key_line(buf, keys, app, rest, now);
    offer.draw(buf, area, app, &mut hits);
    hits
}

/// What a screen under the least size says: `what` ("Hearts", "The
/// lobby") needs a bigger terminal, q does `leave` ("quit", "leave"), and
/// `lines` says how to ask for the line mode, which fits any terminal.
pub(crate) fn too_small(buf: &mut Buffer, area: Rect, theme: Theme, (what, leave, lines): (&str, &str, &str)) {
    let text = vec![
        Line::styled(format!("{what} needs a bigger terminal"), theme.strong()),
        Line::raw(format!("at least {MIN_WIDTH}x{MIN_HEIGHT}; this one is {}x{}", area.width, area.height)),
        Line::styled(format!("enlarge the window, press q to {leave},"), theme.quiet()),
        Line::styled(lines.to_string(), theme.quiet()),
    ];
    let height = (text.len() as u16).min(area.height);
    let top = area.y + area.height.saturating_sub(height) / 2;
    Paragraph::new(text)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(Rect::new(area.x, top, area.width, height), buf);
}

/// Points in a hand: "1 pt", "0 pts".
pub fn points(n: i32) -> String {
    format!("{n} {}", if n == 1 { "pt" } else { "pts" })
}
