//! Draws the lobby on the table's felt, in the table's theme, and records
//! where it drew what can be clicked. From 80x24 one list at a time (Tab
//! between them), each table on two lines so that every name fits:
//!
//! ```text
//!  Hearts  Lobby · carol · 3 tables · 7 people seated
//! ╭ Tables (3) ─ Your games (2) ─────────────────────────────────────────────────╮
//! │> 7Q4K    omnibus        playing, hand 3   2 of 4 seats free                  │
//! │    alice · bob (away) · normal bot · hard bot                                │
//! │  FULL    spot-hearts    playing, hand 7   full                               │
//! │    erin · fay · gus · hal                                                    │
//! ╰──────────────────────────────────────────────────────────────────────────────╯
//!  Table 7Q4K, omnibus: Enter sits you at a free seat, w watches
//!   Enter sit   w watch   n new table   j join   Tab your games   ? help   q quit
//! ```
//!
//! From 120x36 your record per preset and your games stand beside the
//! tables; where a line holds four whole names besides the rest (from
//! about 190 columns), each table takes one line under column heads:
//!
//! ```text
//! ╭ Tables (3) ─────────────────────────────────────────────────╮╭ Your record ───────────────────────────╮
//! │  Code    Rules          Game              Free    Seats     ││ Rules      Games  Wins  Points a hand  │
//! │> 7Q4K    omnibus        playing, hand 3   2 of 4  alice · … ││ omnibus       12     5           2.31  │
//! ```

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::form::CreateForm;
use super::{Focus, Lobby, LobbyHits, LobbyWindow, PastGame, SeatSummary, TableSummary};
use crate::theme::Theme;
use crate::ui::draw::{BIG_HEIGHT, BIG_WIDTH, MIN_HEIGHT, MIN_WIDTH, too_small};
use crate::ui::fit::wrap;
use crate::ui::input::{Button, Row};
use crate::words::count;

/// Columns of a table's row: the cursor mark, the code, the rules, the game.
const MARK: u16 = 2;
const CODE: u16 = 8;
const RULES: u16 = 15;
const GAME: u16 = 18;
/// The seats-free column of a one-line row.
const FREE: u16 = 8;
/// The side column's width on a big screen, borders included; on a
/// screen not as wide as [`WIDE`], the narrower one.
const SIDE: u16 = 64;
const NARROW_SIDE: u16 = 40;
const WIDE: u16 = 160;
/// The room a table's line needs to show four names of 16 characters whole.
const ONE_LINE: u16 = MARK + CODE + RULES + GAME + FREE + 4 * 16 + 3 * 3;
/// A game's date column.
const WHEN: u16 = 18;

/// Draws the whole lobby and returns what can be clicked.
pub(crate) fn draw(buf: &mut Buffer, area: Rect, lobby: &Lobby) -> LobbyHits {
    let theme = lobby.theme;
    let mut hits = LobbyHits::default();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        too_small(buf, area, theme, ("The lobby", "leave", "or use the line mode: ssh -T, or ssh HOST plain"));
        return hits;
    }
    buf.set_style(area, theme.table());
    let [top, body, status, keys] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(0), Constraint::Length(1), Constraint::Length(1)])
            .areas(area);
    top_line(buf, top, lobby);
    if area.width >= BIG_WIDTH && area.height >= BIG_HEIGHT {
        big_body(buf, body, lobby, &mut hits);
    } else {
        small_body(buf, body, lobby, &mut hits);
    }
    status_line(buf, status, lobby);
    if let Some(window) = &lobby.window {
        // A window's keys, not the lobby's, while it is open.
        let arrows = if theme.ascii { "Left Right" } else { "←→" };
        let sep = theme.separator();
        let words = match window {
            LobbyWindow::Help => "Esc close".to_string(),
            LobbyWindow::Create(_) => format!("up/down line{sep}{arrows} change{sep}Enter create{sep}Esc cancel"),
            LobbyWindow::Join(_) => format!("type the code{sep}Enter sit{sep}Esc cancel"),
            LobbyWindow::GiveUp(_) => format!("y give it up{sep}any other key keeps it"),
        };
        put(buf, keys.x + 1, keys.y, &words, keys.width.saturating_sub(1), theme.quiet(), theme);
        hits = LobbyHits::default();
        draw_window(buf, area, lobby, window, &mut hits);
    } else {
        button_bar(buf, keys, lobby, &mut hits);
    }
    hits
}

/// The title, whose lobby, and how many tables and people.
fn top_line(buf: &mut Buffer, area: Rect, lobby: &Lobby) {
    let theme = lobby.theme;
    let seated: usize = lobby.tables.iter().map(|table| table.seats.iter().filter(|seat| seat.person).count()).sum();
    let parts = [
        "Lobby".to_string(),
        clean(&lobby.name),
        count(lobby.tables.len(), "table", "tables"),
        format!("{} seated", count(seated, "person", "people")),
    ];
    let title = " Hearts  ";
    let rest = cut(&parts.join(theme.separator()), usize::from(area.width) - title.len(), theme);
    Paragraph::new(Line::from(vec![Span::styled(title, theme.strong()), Span::raw(rest)])).render(area, buf);
}

/// One list at a time, the other's name beside it on the border.
fn small_body(buf: &mut Buffer, area: Rect, lobby: &Lobby, hits: &mut LobbyHits) {
    let theme = lobby.theme;
    let block = Block::bordered().border_set(theme.border()).style(theme.table());
    let inner = block.inner(area);
    block.render(area, buf);
    let tabs = [
        (format!(" Tables ({}) ", lobby.tables.len()), Focus::Tables, Button::Tables),
        (format!(" Your games ({}) ", lobby.games.len()), Focus::Games, Button::Games),
    ];
    let mut x = area.x + 1;
    for (label, focus, button) in tabs {
        let style = if lobby.focus == focus { theme.active() } else { theme.strong() };
        let width = text_width(&label) as u16;
        buf.set_string(x, area.y, &label, style);
        hits.buttons.push((Rect::new(x, area.y, width, 1), button));
        x += width + 1;
    }
    match lobby.focus {
        Focus::Tables => tables_list(buf, inner, lobby, false, hits),
        Focus::Games => {
            let record_rows = (records_lines(lobby, inner.width) + 2).min(inner.height / 2);
            let [records, games] = Layout::vertical([Constraint::Length(record_rows), Constraint::Min(0)]).areas(inner);
            put(buf, records.x + 1, records.y, "Your record", records.width - 1, theme.strong(), theme);
            records_list(buf, records.inner(ratatui::layout::Margin::new(0, 1)), lobby);
            put(buf, games.x + 1, games.y, "Your games", games.width - 1, theme.strong(), theme);
            let games = Rect { y: games.y + 1, height: games.height.saturating_sub(1), ..games };
            games_list(buf, games, lobby, true, hits);
        }
    }
}

/// The tables beside your record and your games.
fn big_body(buf: &mut Buffer, area: Rect, lobby: &Lobby, hits: &mut LobbyHits) {
    let theme = lobby.theme;
    let side = if area.width >= WIDE { SIDE } else { NARROW_SIDE };
    let [main, side] = Layout::horizontal([Constraint::Min(MIN_WIDTH), Constraint::Length(side)]).areas(area);
    let record_rows = (records_lines(lobby, side.width.saturating_sub(2)) + 2).min(side.height / 2);
    let [records, games] = Layout::vertical([Constraint::Length(record_rows), Constraint::Min(0)]).areas(side);
    let panels = [
        (main, format!("Tables ({})", lobby.tables.len()), Some((Focus::Tables, Button::Tables))),
        (records, "Your record".to_string(), None),
        (games, format!("Your games ({})", lobby.games.len()), Some((Focus::Games, Button::Games))),
    ];
    let mut inners = Vec::new();
    for (rect, title, tab) in panels {
        let style = match tab {
            Some((focus, _)) if focus == lobby.focus => theme.active(),
            _ => theme.strong(),
        };
        let title = Span::styled(format!(" {title} "), style);
        let block = Block::bordered().border_set(theme.border()).title(title.clone()).style(theme.table());
        inners.push(block.inner(rect));
        block.render(rect, buf);
        if let Some((_, button)) = tab {
            hits.buttons.push((Rect::new(rect.x + 1, rect.y, title.width() as u16, 1), button));
        }
    }
    tables_list(buf, inners[0], lobby, inners[0].width >= ONE_LINE, hits);
    records_list(buf, inners[1], lobby);
    games_list(buf, inners[2], lobby, lobby.focus == Focus::Games, hits);
}

/// The tables, one line each under column heads (`one_line`) or two
/// lines each (the seats under the rest); the cursor's row in view.
fn tables_list(buf: &mut Buffer, area: Rect, lobby: &Lobby, one_line: bool, hits: &mut LobbyHits) {
    let theme = lobby.theme;
    let focused = lobby.focus == Focus::Tables;
    if lobby.tables.is_empty() {
        let lines = [
            "No table is open yet.",
            "n opens a new table: the rules, the target, the bots in empty seats, the pace, listed or private.",
            "j joins a private table by its code.",
        ];
        let text: Vec<Line> = lines.iter().map(|line| Line::raw(format!(" {line}"))).collect();
        Paragraph::new(text).wrap(Wrap { trim: false }).render(area, buf);
        return;
    }
    let mut top = area.y;
    if one_line {
        let head = format!(
            "{:mark$}{:code$}{:rules$}{:game$}{:free$}Seats",
            "",
            "Code",
            "Rules",
            "Game",
            "Free",
            mark = usize::from(MARK),
            code = usize::from(code_width(lobby)),
            rules = usize::from(RULES),
            game = usize::from(GAME),
            free = usize::from(FREE),
        );
        put(buf, area.x, top, &head, area.width, theme.quiet(), theme);
        top += 1;
    }
    let lines_each = if one_line { 1 } else { 2 };
    let shown = usize::from((area.bottom() - top) / lines_each);
    let first = scroll(lobby.table_cursor, shown);
    for (index, table) in lobby.tables.iter().enumerate().skip(first).take(shown) {
        let y = top + (index - first) as u16 * lines_each;
        let chosen = focused && index == lobby.table_cursor;
        table_row(buf, Rect::new(area.x, y, area.width, lines_each), table, chosen, one_line, lobby);
        hits.rows.push((Rect::new(area.x, y, area.width, lines_each), Row::Table(index)));
    }
}

/// The code column's width: [`CODE`], or the longest code listed and a space.
fn code_width(lobby: &Lobby) -> u16 {
    let longest = lobby.tables.iter().map(|table| clean(&table.code).chars().count()).max().unwrap_or(0);
    CODE.max(longest as u16 + 1)
}

/// A table's row: code, rules, game, free seats and who sits where.
fn table_row(buf: &mut Buffer, area: Rect, table: &TableSummary, chosen: bool, one_line: bool, lobby: &Lobby) {
    let theme = lobby.theme;
    let (mark, code_style) = if chosen { ("> ", theme.active()) } else { ("  ", theme.strong()) };
    let mut x = area.x;
    x += put(buf, x, area.y, mark, MARK, Style::default(), theme);
    // The code column is as wide as the longest code shown: a private table's code is never cut.
    let code = code_width(lobby);
    x += put(buf, x, area.y, &clean(&table.code), code - 1, code_style, theme) + 1;
    x = x.max(area.x + MARK + code);
    put(buf, x, area.y, &clean(&table.label), RULES - 1, Style::default(), theme);
    x += RULES;
    let game = if table.playing { format!("playing, hand {}", table.hand) } else { "waiting".to_string() };
    put(buf, x, area.y, &game, GAME - 1, if table.playing { theme.strong() } else { theme.quiet() }, theme);
    x += GAME;
    let free = table.free_seats();
    let seats = table.players.max(table.seats.len());
    if one_line {
        let free = if free == 0 { "full".to_string() } else { format!("{free} of {seats}") };
        put(buf, x, area.y, &free, FREE - 1, Style::default(), theme);
        x += FREE;
        seats_line(buf, Rect::new(x, area.y, area.right().saturating_sub(x), 1), table, lobby);
    } else {
        let free = match free {
            0 => "full".to_string(),
            _ => format!("{free} of {seats} seats free"),
        };
        put(buf, x, area.y, &free, area.right().saturating_sub(x), Style::default(), theme);
        let indent = MARK + 2;
        let under = Rect::new(area.x + indent, area.y + 1, area.width.saturating_sub(indent + 1), 1);
        seats_line(buf, under, table, lobby);
    }
}

/// Who sits where, in seat order: people by name (away when their
/// connection dropped), the bots of free seats by level; every name whole
/// where they all fit, else the longest cut first. A private table (listed
/// for the person who opened it only) says so first.
fn seats_line(buf: &mut Buffer, area: Rect, table: &TableSummary, lobby: &Lobby) {
    let theme = lobby.theme;
    let mut area = area;
    if !table.listed {
        let taken = put(buf, area.x, area.y, PRIVATE, area.width, theme.warning(), theme) + 1;
        area = Rect { x: area.x + taken, width: area.width.saturating_sub(taken), ..area };
    }
    let shown: Vec<(String, Style)> = table.seats.iter().map(|seat| seat_shown(seat, lobby)).collect();
    let room = usize::from(area.width);
    let gaps = shown.len().saturating_sub(1);
    let separator = [theme.separator(), ", "]
        .into_iter()
        .find(|separator| {
            let total: usize = shown.iter().map(|(text, _)| text_width(text)).sum();
            total + gaps * text_width(separator) <= room
        })
        .unwrap_or(", ");
    let widths: Vec<usize> = shown.iter().map(|(text, _)| text_width(text)).collect();
    let cap = widest_that_fits(&widths, room.saturating_sub(gaps * text_width(separator)));
    let mut spans = Vec::new();
    for (i, (text, style)) in shown.iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(separator, theme.quiet()));
        }
        spans.push(Span::styled(cut(text, cap, theme), *style));
    }
    Paragraph::new(Line::from(spans)).render(area, buf);
}

/// What a private table's seats line starts with, in its opener's lobby.
const PRIVATE: &str = "private:";

/// A seat as the seats line shows it, and its style.
fn seat_shown(seat: &SeatSummary, lobby: &Lobby) -> (String, Style) {
    let theme = lobby.theme;
    match (seat.person, seat.away(Instant::now())) {
        (true, None) if seat.held_by(lobby.holder.as_deref()) => {
            (format!("{} (you)", clean(&seat.name)), theme.strong())
        }
        (true, None) => (clean(&seat.name), theme.strong()),
        (true, Some(away)) => (format!("{} ({away})", clean(&seat.name)), Style::default()),
        (false, _) => (format!("{} bot", clean(&seat.name)), theme.quiet()),
    }
}

/// The largest width every part may take so that all of them, each cut
/// to it, fit in `room` (at least 1).
fn widest_that_fits(widths: &[usize], room: usize) -> usize {
    let widest = widths.iter().copied().max().unwrap_or(0);
    (1..=widest).rev().find(|&cap| widths.iter().map(|&w| w.min(cap)).sum::<usize>() <= room).unwrap_or(1)
}

/// What the record says before any game of yours has ended.
const NO_RECORD: &str = "Your games, wins and points a hand show here, per preset, once a game of yours ends.";

/// The lines the record takes at `width`: a head and a line a preset, or
/// the words saying what will show, wrapped whole.
fn records_lines(lobby: &Lobby, width: u16) -> u16 {
    match lobby.records.len() {
        0 => wrap(NO_RECORD, usize::from(width).saturating_sub(1), 0).len() as u16,
        presets => presets as u16 + 1,
    }
}

/// The person's record: games, wins and points a hand, per preset.
fn records_list(buf: &mut Buffer, area: Rect, lobby: &Lobby) {
    let theme = lobby.theme;
    if lobby.records.is_empty() {
        let lines = wrap(NO_RECORD, usize::from(area.width).saturating_sub(1), 0);
        let lines = lines.into_iter().map(|line| Line::styled(format!(" {line}"), theme.quiet()));
        Paragraph::new(lines.collect::<Vec<_>>()).render(area, buf);
        return;
    }
    let room = usize::from(area.width);
    // Games and wins take 6 columns each; the rules name gives way first, down to 12.
    let (points_head, points) = if room >= 1 + 16 + 12 + 15 { ("Points a hand", 15) } else { ("Pts/hand", 10) };
    let rules = room.saturating_sub(1 + 12 + points).clamp(12, 16);
    let head = format!(" {:<rules$}{:>6}{:>6}{points_head:>points$}", "Rules", "Games", "Wins");
    put(buf, area.x, area.y, &head, area.width, theme.quiet(), theme);
    for (i, record) in lobby.records.iter().take(usize::from(area.height.saturating_sub(1))).enumerate() {
        let per_hand =
            if record.points_per_hand.is_finite() { format!("{:.2}", record.points_per_hand) } else { "-".into() };
        let label = cut(&clean(&record.label), rules - 1, theme);
        let line = format!(" {label:<rules$}{:>6}{:>6}{per_hand:>points$}", record.games, record.wins);
        put(buf, area.x, area.y + 1 + i as u16, &line, area.width, Style::default(), theme);
    }
}

/// The person's games: when, the rules and how it went; on two lines each
/// where one leaves too little room for the result.
fn games_list(buf: &mut Buffer, area: Rect, lobby: &Lobby, focused: bool, hits: &mut LobbyHits) {
    let theme = lobby.theme;
    if lobby.games.is_empty() {
        let text = " No game of yours has finished here yet: sit at a table, and r replays your games here.";
        Paragraph::new(Line::styled(text, theme.quiet())).wrap(Wrap { trim: false }).render(area, buf);
        return;
    }
    let lines_each: u16 = if area.width >= MARK + WHEN + RULES + 20 { 1 } else { 2 };
    let shown = usize::from(area.height / lines_each);
    let first = scroll(lobby.game_cursor, shown);
    for (index, game) in lobby.games.iter().enumerate().skip(first).take(shown) {
        let y = area.y + (index - first) as u16 * lines_each;
        let chosen = focused && index == lobby.game_cursor;
        game_row(buf, Rect::new(area.x, y, area.width, lines_each), game, chosen, theme);
        hits.rows.push((Rect::new(area.x, y, area.width, lines_each), Row::Game(index)));
    }
}

fn game_row(buf: &mut Buffer, area: Rect, game: &PastGame, chosen: bool, theme: Theme) {
    let (mark, style) = if chosen { ("> ", theme.active()) } else { ("  ", Style::default()) };
    let mut x = area.x + put(buf, area.x, area.y, mark, MARK, Style::default(), theme);
    put(buf, x, area.y, &clean(&game.when), WHEN - 1, style, theme);
    x += WHEN;
    put(buf, x, area.y, &clean(&game.label), RULES - 1, Style::default(), theme);
    x += RULES;
    let (x, y) = if area.height > 1 { (area.x + MARK + 2, area.y + 1) } else { (x, area.y) };
    put(buf, x, y, &clean(&game.result), area.right().saturating_sub(x), theme.strong(), theme);
}

/// The first row to show so that row `cursor` is among `shown` rows.
fn scroll(cursor: usize, shown: usize) -> usize {
    (cursor + 1).saturating_sub(shown.max(1))
}

/// A note from the server, else what the keys do to the row under the cursor.
fn status_line(buf: &mut Buffer, area: Rect, lobby: &Lobby) {
    let theme = lobby.theme;
    let (text, style) = match &lobby.note {
        Some(note) => (clean(note), theme.warning()),
        None => (what_keys_do(lobby), Style::default()),
    };
    put(buf, area.x + 1, area.y, &text, area.width - 1, style, theme);
}

fn what_keys_do(lobby: &Lobby) -> String {
    match lobby.focus {
        Focus::Tables => match lobby.tables.get(lobby.table_cursor) {
            Some(table) => {
                let (code, label) = (clean(&table.code), clean(&table.label));
                let yours = table.kept_for(lobby.holder.as_deref());
                match table.free_seats() {
                    _ if yours => format!("Table {code}, {label}: your seat is kept for you, Enter takes it back"),
                    _ if !table.listed => {
                        format!("Your private table {code}, {label}: give its code to whom you invite; Enter sits you")
                    }
                    0 => format!("Table {code}, {label}, is full: w watches it"),
                    _ => format!("Table {code}, {label}: Enter sits you at a free seat, w watches"),
                }
            }
            None => "n opens a table, j joins a private one by its code".to_string(),
        },
        Focus::Games => match lobby.games.get(lobby.game_cursor) {
            Some(game) => {
                format!("{}, {}: r replays it, v reviews it with the expert", clean(&game.label), clean(&game.when))
            }
            None => "Tab goes back to the tables".to_string(),
        },
    }
}

/// The keys as buttons along the bottom line, as many as fit; sitting
/// and watching only where the table under the cursor allows them.
fn button_bar(buf: &mut Buffer, area: Rect, lobby: &Lobby, hits: &mut LobbyHits) {
    let theme = lobby.theme;
    let table = lobby.tables.get(lobby.table_cursor);
    let may_sit = table.is_some_and(|table| table.has_room_for(lobby.holder.as_deref()));
    let acts = |button: &Button| match button {
        Button::Sit => may_sit,
        Button::Watch => table.is_some(),
        _ => true,
    };
    let row: [(&str, Button); 7] = match lobby.focus {
        Focus::Tables => [
            ("Enter sit", Button::Sit),
            ("w watch", Button::Watch),
            ("n new table", Button::NewTable),
            ("j join", Button::Join),
            ("Tab your games", Button::Games),
            ("? help", Button::Help),
            ("q quit", Button::Quit),
        ],
        Focus::Games => [
            ("r replay", Button::Replay),
            ("v review", Button::Review),
            ("n new table", Button::NewTable),
            ("j join", Button::Join),
            ("Tab tables", Button::Tables),
            ("? help", Button::Help),
            ("q quit", Button::Quit),
        ],
    };
    let mut x = area.x + 1;
    for (label, button) in row.into_iter().filter(|(_, button)| acts(button)) {
        let text = format!(" {label} ");
        let width = text_width(&text) as u16;
        if x + width > area.right() {
            continue;
        }
        buf.set_string(x, area.y, &text, theme.button(false));
        hits.buttons.push((Rect::new(x, area.y, width, 1), button));
        x += width + 1;
    }
}

/// A window over the lobby.
fn draw_window(buf: &mut Buffer, area: Rect, lobby: &Lobby, window: &LobbyWindow, hits: &mut LobbyHits) {
    let theme = lobby.theme;
    let rect = match window {
        LobbyWindow::Help => {
            let (rect, inner) = framed(buf, area, 66, HELP.len() as u16 + 2, "Lobby keys", theme);
            let lines: Vec<Line> = HELP
                .iter()
                .map(|&(key, what)| {
                    let key = if theme.ascii { key.replace("↑ ↓", "Up Down") } else { key.to_string() };
                    Line::from(vec![Span::styled(format!(" {key:<12}"), theme.strong()), Span::raw(what)])
                })
                .collect();
            Paragraph::new(lines).render(inner, buf);
            rect
        }
        LobbyWindow::Create(form) => create_window(buf, area, form, theme, hits),
        LobbyWindow::Join(code) => {
            let (rect, inner) = framed(buf, area, 50, 6, "Join a table", theme);
            let text = vec![
                Line::raw(" The table's code (a private table's too):"),
                Line::from(vec![
                    Span::raw(" Code: "),
                    Span::styled(format!("{code:_<width$}", width = super::MAX_CODE), theme.active()),
                ]),
            ];
            Paragraph::new(text).render(inner, buf);
            buttons(buf, inner, &[("Enter Sit", Button::Start), ("Esc Cancel", Button::Close)], theme, hits);
            rect
        }
        LobbyWindow::GiveUp(code) => {
            let (rect, inner) = framed(buf, area, 56, 5, "Give up your seat", theme);
            let text = vec![
                Line::raw(format!(" Give up your seat at {} for good?", clean(code))),
                Line::raw(" Its bot plays it, and the next to come may take it."),
                Line::styled(" y gives it up; any other key keeps it.", theme.strong()),
            ];
            Paragraph::new(text).render(inner, buf);
            rect
        }
    };
    hits.overlay = Some(rect);
}

/// The new-table window: a line per choice, then why it cannot start,
/// then its buttons.
fn create_window(buf: &mut Buffer, area: Rect, form: &CreateForm, theme: Theme, hits: &mut LobbyHits) -> Rect {
    const WIDTH: u16 = 52;
    let lines = form.lines();
    let problem: Vec<Line> = form
        .problem()
        .map(|problem| vec![Line::styled(cut(&format!(" {problem}"), usize::from(WIDTH) - 3, theme), theme.warning())])
        .unwrap_or_default();
    let height = (lines.len() + problem.len()) as u16 + 4;
    let (rect, inner) = framed(buf, area, WIDTH, height, "New table", theme);
    let current = form.current();
    let mut text: Vec<Line> = lines
        .iter()
        .map(|&line| {
            let (label, value) = form.line(line);
            let (mark, style) = if line == current { ("> ", theme.active()) } else { ("  ", Style::default()) };
            Line::from(vec![Span::raw(format!(" {mark}{label:<18}")), Span::styled(format!("< {value} >"), style)])
        })
        .collect();
    for (i, _) in lines.iter().enumerate().take(usize::from(inner.height)) {
        hits.rows.push((Rect::new(inner.x, inner.y + i as u16, inner.width, 1), Row::FormLine(i)));
    }
    text.push(Line::raw(""));
    text.extend(problem);
    Paragraph::new(text).render(inner, buf);
    buttons(buf, inner, &[("Create", Button::Start), ("Esc Cancel", Button::Close)], theme, hits);
    rect
}

/// The keys, as the help window lists them.
const HELP: [(&str, &str); 12] = [
    ("↑ ↓", "choose a table or a game (Home, End: the ends)"),
    ("Enter", "sit at the table (a free seat, or yours kept)"),
    ("w", "watch the table"),
    ("g", "give up the seat kept for you there (asks)"),
    ("n", "open a new table"),
    ("j", "join a table by its code (private ones too)"),
    ("Tab", "your games and record / the tables"),
    ("r / v", "replay / review the game of yours"),
    ("click", "choose a row, press a button"),
    ("Esc", "close a window"),
    ("?", "this help"),
    ("q", "leave"),
];

/// A window `width` by `height` (within `area`) in the middle of `area`,
/// with a title: its rectangle and the room inside its border.
fn framed(buf: &mut Buffer, area: Rect, width: u16, height: u16, title: &str, theme: Theme) -> (Rect, Rect) {
    let width = width.min(area.width);
    let height = height.min(area.height);
    let rect = Rect::new(area.x + (area.width - width) / 2, area.y + (area.height - height) / 2, width, height);
    Clear.render(rect, buf);
    let block = Block::bordered().border_set(theme.border()).title(format!(" {title} ")).style(theme.table());
    let inner = block.inner(rect);
    block.render(rect, buf);
    (rect, inner)
}

/// A row of buttons along the bottom line of `inner`, the first one chosen.
fn buttons(buf: &mut Buffer, inner: Rect, row: &[(&str, Button)], theme: Theme, hits: &mut LobbyHits) {
    let texts: Vec<String> = row.iter().map(|(label, _)| format!("[ {label} ]")).collect();
    let total = texts.iter().map(|text| text_width(text) as u16 + 2).sum::<u16>().saturating_sub(2);
    let mut x = inner.x + inner.width.saturating_sub(total) / 2;
    let y = inner.bottom().saturating_sub(1);
    for (i, (text, &(_, button))) in texts.iter().zip(row).enumerate() {
        let width = text_width(text) as u16;
        buf.set_string(x, y, text, theme.button(i == 0));
        hits.buttons.push((Rect::new(x, y, width, 1), button));
        x += width + 2;
    }
}

/// `text` at (`x`, `y`) in at most `room` columns (cut with an ellipsis
/// where longer); the columns it took.
fn put(buf: &mut Buffer, x: u16, y: u16, text: &str, room: u16, style: Style, theme: Theme) -> u16 {
    let shown = cut(text, usize::from(room), theme);
    buf.set_string(x, y, &shown, style);
    text_width(&shown) as u16
}

/// `text` as it may be drawn: no control characters (no escape sequence
/// reaches a terminal), no invisible or direction-changing marks, and
/// single spaces between words.
pub(super) fn clean(text: &str) -> String {
    const INVISIBLE: [std::ops::RangeInclusive<char>; 5] = [
        '\u{200b}'..='\u{200f}',
        '\u{202a}'..='\u{202e}',
        '\u{2060}'..='\u{2069}',
        '\u{feff}'..='\u{feff}',
        '\u{061c}'..='\u{061c}',
    ];
    let kept: String = text
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|c| !c.is_control() && !INVISIBLE.iter().any(|range| range.contains(c)))
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Columns `text` takes on a terminal.
fn text_width(text: &str) -> usize {
    Span::raw(text).width()
}

/// `text` in at most `room` columns: whole where it fits, else cut with
/// the theme's ellipsis.
fn cut(text: &str, room: usize, theme: Theme) -> String {
    if text_width(text) <= room {
        return text.to_string();
    }
    let ellipsis = theme.ellipsis();
    let keep = room.saturating_sub(text_width(ellipsis));
    let mut shown = String::new();
    let mut used = 0;
    for c in text.chars() {
        let width = text_width(c.encode_utf8(&mut [0; 4]));
        if used + width > keep {
            break;
        }
        shown.push(c);
        used += width;
    }
    if room >= text_width(ellipsis) {
        shown.push_str(ellipsis);
    }
    shown
}
