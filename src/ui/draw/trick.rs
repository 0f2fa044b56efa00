//! The middle of the table: each seat's card of the trick in front of it,
//! a pass crossing the table, and the played-cards panel (`c`) in the
//! corner.
//!
//! ```text
//!  ┌ Played (c) ────────────────┐     ┌───┐
//!  │♣ 2 3 · · ...               │     │Q ♠│
//!  └────────────────────────────┘     └───┘
//!                              ┌───┐         ┌───┐
//!                              │7 ♣│         │9 ♣│
//!                              └───┘  ┌───┐  └───┘
//!                                     │2 ♣│
//!                                     └───┘
//! ```

use super::place::{card_rect, centre, direction, placed, trick_reach};
use super::*;

pub(super) fn trick(buf: &mut Buffer, area: Rect, app: &Seen<'_>, now: Instant, size: CardSize, seat_height: u16) {
    let players = app.players();
    let trick = app.play.trick;
    let winner = if app.play.showing_trick { trick.winning_card() } else { None };
    let (cx, cy) = centre(area);
    let reach = trick_reach(area, players, size, seat_height);
    let (reach_x, reach_y) = reach;
    // Two packs: a pair played twice cancels, drawn faint (the top line
    // names it).
    let cancelled = trick.cancelled();
    for (seat, card) in trick.plays(players) {
        let rect = card_rect(area, app.place(seat), players, size, reach, seat_height);
        let (face, frame) = match (Some(card) == winner, cancelled.contains(card)) {
            (true, _) => (app.viewer.theme.card_face(card), app.viewer.theme.marked()),
            (false, true) => (app.viewer.theme.quiet(), app.viewer.theme.quiet()),
            (false, false) => (app.viewer.theme.card_face(card), app.viewer.theme.frame()),
        };
        draw_card(buf, rect.x, rect.y, card, face, (frame, app.viewer.theme.card_border()), app.viewer.theme, size);
    }

    if let (Some(me), Some((cards, at))) = (app.seat, app.pending_pass()) {
        // Your pass crosses the table, face down, from you to its receiver.
        let target = app.hand.pass_targets[me.index()];
        let delay = app.speed.trick_delay().as_secs_f64().max(1e-3);
        let progress = (1.0 - at.saturating_duration_since(now).as_secs_f64() / delay).clamp(0.0, 1.0);
        let (from, to) = (direction(app.place(me), players), direction(app.place(target), players));
        let along = |a: f64, b: f64| a + (b - a) * progress;
        let point = (cx + along(from.0, to.0) * reach_x, cy + along(from.1, to.1) * reach_y);
        let backs = vec![app.viewer.theme.card_back(); cards.len()].join(" ");
        let text = format!("{backs} to {}", app.name(target));
        let rect = placed(area, point, text.chars().count() as u16, 1);
        draw_line(buf, rect, &Line::styled(text, app.viewer.theme.strong()));
    }
}

/// One card: a frame around its rank and suit; small cards on one line
/// (`10♥`), large ones with the rank in two corners and the suit between.
#[allow(clippy::too_many_arguments)]
pub(crate) fn draw_card(
    buf: &mut Buffer,
    x: u16,
    y: u16,
    card: Card,
    face: Style,
    (frame, border): (Style, ratatui::symbols::border::Set<'static>),
    theme: Theme,
    size: CardSize,
) {
    let inner = usize::from(size.width - 2);
    // The frame a cell at a time: each of its symbols takes one column.
    let mut frame_cell = |x: u16, y: u16, symbol: &str| {
        if let Some(cell) = buf.cell_mut((x, y)) {
            cell.set_symbol(symbol).set_style(frame);
        }
    };
    let bottom = y + size.height - 1;
    frame_cell(x, y, border.top_left);
    frame_cell(x, bottom, border.bottom_left);
    for column in x + 1..x + size.width - 1 {
        frame_cell(column, y, border.horizontal_top);
        frame_cell(column, bottom, border.horizontal_bottom);
    }
    frame_cell(x + size.width - 1, y, border.top_right);
    frame_cell(x + size.width - 1, bottom, border.bottom_right);
    for row in y + 1..bottom {
        frame_cell(x, row, border.vertical_left);
        frame_cell(x + size.width - 1, row, border.vertical_right);
    }
    let (rank, suit) = theme.face(card);
    let faces: Vec<String> = if size == CardSize::SMALL {
        vec![format!("{rank:<2}{suit}")]
    } else {
        vec![format!("{rank:<inner$}"), format!("{suit:^inner$}"), format!("{rank:>inner$}")]
    };
    for (row, text) in faces.iter().enumerate() {
        buf.set_string(x + 1, y + 1 + row as u16, text, face);
    }
}

/// Columns of a card that show its rank and suit when the next card
/// covers the rest: its left edge and a face as wide as `10♥`.
pub(crate) const FACE_SHOWN: u16 = 4;

/// Marks a card that the next one covers but for `shown` columns: where
/// too few show for its face, its top left gives the rank as one letter (T
/// for ten) and the suit, `T♥`, so that no card is known by its colour
/// alone.
pub(crate) fn covered_corner(buf: &mut Buffer, (x, y): (u16, u16), card: Card, face: Style, theme: Theme, shown: u16) {
    if shown >= FACE_SHOWN {
        return;
    }
    let (rank, suit) = theme.face(card);
    let letter = if rank == "10" { 'T' } else { rank.chars().next().unwrap_or(' ') };
    buf.set_string(x + 1, y + 1, format!("{letter}{suit}"), face);
}

pub(super) fn played_panel(buf: &mut Buffer, area: Rect, app: &Seen<'_>) {
    let theme = app.viewer.theme;
    let played = app.play.played;
    // Narrow enough to stay clear of the trick in the middle at 80 columns.
    let rect = Rect::new(area.x, area.y, 31.min(area.width), 6.min(area.height));
    Clear.render(rect, buf);
    let block = Block::bordered().border_set(theme.card_border()).title(" Played (c) ").style(theme.table());
    let inner = block.inner(rect);
    block.render(rect, buf);
    let lines: Vec<Line> = Suit::NOTATION_ORDER
        .iter()
        .map(|&suit| {
            let symbol = Span::styled(theme.suit(suit).to_string(), theme.suit_ink(suit));
            let mut spans = vec![symbol, Span::raw(" ")];
            for card in CardSet::suit(suit) {
                let (rank, _) = theme.face(card);
                let text = format!("{rank} ");
                spans.push(if played.contains(card) {
                    Span::styled(text, theme.strong())
                } else {
                    // A card not yet played keeps its rank's width, so the columns line up.
                    let dot = if theme.ascii { "." } else { "·" };
                    Span::styled(format!("{dot:<width$}", width = rank.chars().count() + 1), theme.quiet())
                });
            }
            Line::from(spans)
        })
        .collect();
    draw_lines(buf, inner, &lines, Alignment::Left);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_cards_of_a_trick_overlap_at_any_table_size() {
        // The middle of the table at 80x24, 120x36, 120x40 (small cards) and 200x60 (large).
        let tables = [
            (Rect::new(0, 1, 80, 16), CardSize::SMALL),
            (Rect::new(0, 1, 80, 26), CardSize::SMALL),
            (Rect::new(0, 1, 80, 30), CardSize::SMALL),
            (Rect::new(0, 1, 160, 50), CardSize::LARGE),
        ];
        for (area, size) in tables {
            for players in 3..=11 {
                let reach = trick_reach(area, players, size, 3);
                let cards: Vec<Rect> =
                    Seat::all(players).map(|seat| card_rect(area, seat, players, size, reach, 3)).collect();
                for (i, a) in cards.iter().enumerate() {
                    assert!(
                        area.contains(a.as_position()) && a.right() <= area.right() && a.bottom() <= area.bottom(),
                        "{players} in {area:?}: {a:?}"
                    );
                    for b in &cards[i + 1..] {
                        assert!(!a.intersects(*b), "{players} players in {area:?}: {a:?} and {b:?} overlap");
                    }
                }
            }
        }
    }
}
