//! The side panel of a big terminal: the running score sheet and this
//! hand's tricks so far (who led, who took, the points).
//!
//! ```text
//!  ╭ Scores ──────────────────────────────╮
//!  │ Hand     You   Left  Across   Right  │
//!  │ 1       +3 3  +13 13   +6 6    +4 4  │
//!  ╰──────────────────────────────────────╯
//!  ╭ This hand ───────────────────────────╮
//!  │  1 You       led 2♣  → Left          │
//!  │  2 Left      led K♦  → Left          │
//!  │  3 Left      led 5♥  → Right 2       │
//!  ╰──────────────────────────────────────╯
//! ```

use super::*;

pub(super) fn side_panel(buf: &mut Buffer, area: Rect, app: &Seen<'_>) {
    let theme = app.viewer.theme;
    let sheet_rows = (area.height / 2).max(4);
    let [scores, tricks] = Layout::vertical([Constraint::Length(sheet_rows), Constraint::Min(4)]).areas(area);
    let block =
        |title: &str| Block::bordered().border_set(theme.border()).title(format!(" {title} ")).style(theme.table());
    let sheet = running_totals(app, usize::from(sheet_rows.saturating_sub(2)), area.width.saturating_sub(2));
    let scores_block = block("Scores");
    let inner = scores_block.inner(scores);
    scores_block.render(scores, buf);
    draw_lines(buf, inner, &sheet, Alignment::Left);

    let lines: Vec<Line> = app
        .play
        .tricks
        .iter()
        .zip(&app.play.takes)
        .enumerate()
        .map(|(i, (trick, take))| {
            // Two packs: a trick nobody won waits for the next winner.
            let taker = take.taker.map_or_else(|| "waits".to_string(), |seat| app.name(seat));
            let lead = trick.cards().first().map_or_else(String::new, |card| theme.card(*card));
            let arrow = if theme.ascii { "->" } else { "→" };
            let took = if take.points != 0 { format!(" {}", take.points) } else { String::new() };
            let style = if take.points > 0 { theme.warning() } else { theme.quiet() };
            Line::from(vec![
                Span::raw(format!(" {:>2} {:<9} led {lead:<4}{arrow} ", i + 1, app.name(trick.leader()))),
                Span::styled(format!("{taker}{took}"), style),
            ])
        })
        .collect();
    // At a shared table the last messages take the panel's foot, each
    // wrapped whole, the newest at the foot.
    let room = usize::from(tricks.width).saturating_sub(3);
    let said: Vec<Line> = app
        .chat
        .messages()
        .iter()
        .flat_map(|said| {
            let text = format!("{}: {}", said.from, said.text);
            let from = said.from.chars().count() + 1;
            crate::ui::fit::wrap(&text, room, 2).into_iter().enumerate().map(move |(i, part)| {
                if i == 0 && part.chars().count() >= from {
                    let (name, rest) = part.split_at(part.char_indices().nth(from).map_or(part.len(), |(at, _)| at));
                    Line::from(vec![Span::styled(format!(" {name}"), theme.strong()), Span::raw(rest.to_string())])
                } else {
                    Line::raw(format!(" {part}"))
                }
            })
        })
        .collect();
    let (tricks, chat) = if said.is_empty() {
        (tricks, None)
    } else {
        let rows = (said.len() as u16 + 2).min(tricks.height / 2);
        let [tricks, chat] = Layout::vertical([Constraint::Min(4), Constraint::Length(rows)]).areas(tricks);
        (tricks, Some(chat))
    };
    let tricks_block = block("This hand");
    let inner = tricks_block.inner(tricks);
    tricks_block.render(tricks, buf);
    let skip = lines.len().saturating_sub(usize::from(inner.height));
    draw_lines(buf, inner, &lines[skip..], Alignment::Left);
    if let Some(chat) = chat {
        let chat_block = block("Messages");
        let inner = chat_block.inner(chat);
        chat_block.render(chat, buf);
        let skip = said.len().saturating_sub(usize::from(inner.height));
        draw_lines(buf, inner, &said[skip..], Alignment::Left);
    }
}

/// The running totals after each hand, newest last, a column for each
/// side where every side fits `width`; else a line for each side and a
/// column for each of the last hands (the full sheet with each hand's
/// score is the `s` window).
fn running_totals(app: &Seen<'_>, rows: usize, width: u16) -> Vec<Line<'static>> {
    let rules = app.rules();
    let sides = rules.side_count();
    let widest = if rules.teams == hearts_engine::Teams::Off { 10 } else { 14 };
    let column = (usize::from(width).saturating_sub(5) / sides).min(widest);
    if column < NARROWEST_TOTAL {
        return totals_by_side(app, width);
    }
    let mut header = format!(" {:<4}", "Hand");
    for side in 0..sides {
        let name = crate::ui::window::score_sheet::side_label(app, side, column - 1);
        header += &format!("{name:>column$}");
    }
    let mut lines = vec![Line::styled(header, app.viewer.theme.strong())];
    let history = app.scores.history;
    let skip = history.len().saturating_sub(rows.saturating_sub(1).max(1));
    for (i, record) in history.iter().enumerate().skip(skip) {
        let mut row = format!(" {:<4}", i + 1);
        for side in 0..sides {
            row += &format!("{:>column$}", standing_after(app, record, side));
        }
        lines.push(Line::raw(row));
    }
    lines
}

/// A total with a space before it: "-26", "112".
const NARROWEST_TOTAL: usize = 4;

/// The running totals turned on their side, for tables too big to give
/// each side a column: a line for each side, the last hands across.
fn totals_by_side(app: &Seen<'_>, width: u16) -> Vec<Line<'static>> {
    const NAME: usize = 10;
    const COLUMN: usize = 5;
    let sides = app.rules().side_count();
    let history = app.scores.history;
    let shown = (usize::from(width).saturating_sub(NAME + 1) / COLUMN).max(1);
    let first = history.len().saturating_sub(shown);
    let mut header = format!(" {:<NAME$}", "Hand");
    for number in first + 1..=history.len() {
        header += &format!("{number:>COLUMN$}");
    }
    let mut lines = vec![Line::styled(header, app.viewer.theme.strong())];
    for side in 0..sides {
        let mut row = format!(" {:<NAME$}", crate::ui::window::score_sheet::side_label(app, side, NAME - 1));
        for record in &history[first..] {
            row += &format!("{:>COLUMN$}", standing_after(app, record, side));
        }
        lines.push(Line::raw(row));
    }
    lines
}

/// A side's total (or chips) after a hand.
fn standing_after(app: &Seen<'_>, record: &hearts_engine::HandRecord, side: usize) -> i32 {
    let standing = record.chips.map_or(record.totals, |settled| settled.after.stacks);
    app.rules().side_total(&standing, side)
}

/// A seat's name in two or three letters: `L`, `2L`, `A`, `3R`, `You`.
pub(crate) fn short_name(name: &str) -> String {
    let mut words = name.split(' ');
    match (words.next(), words.next()) {
        (Some(first), Some(side)) => {
            let number: String = first.chars().take_while(char::is_ascii_digit).collect();
            format!("{number}{}", side.chars().next().unwrap_or(' ').to_ascii_uppercase())
        }
        (Some("You"), None) => "You".to_string(),
        (Some(one), None) => one.chars().take(1).collect(),
        _ => String::new(),
    }
}
