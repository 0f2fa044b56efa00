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

use super::seats::{centre, direction, placed};
use super::*;

pub(super) fn trick(buf: &mut Buffer, area: Rect, app: &App, now: Instant) {
    let players = app.players();
    let trick = app.table_trick(now);
    let winner = if app.showing_trick(now) { trick.winning_card() } else { None };
    let (cx, cy) = centre(area);
    let (reach_x, reach_y) = if players > 4 { (11.0, 4.0) } else { (9.0, 3.0) };
    for (seat, card) in trick.plays(players) {
        let (dx, dy) = direction(seat, players);
        let rect = placed(area, (cx + dx * reach_x, cy + dy * reach_y), CARD_WIDTH, CARD_HEIGHT);
        let frame = if Some(card) == winner { app.theme.marked() } else { app.theme.frame() };
        draw_card(buf, rect.x, rect.y, card, app.theme.card_face(card), frame, app.theme);
    }
    if let Some((cards, at)) = app.pending_pass {
        // Your pass crosses the table, face down, from you to its receiver.
        let target = app.game.hand().pass_target(YOU);
        let delay = app.speed.trick_delay().as_secs_f64().max(1e-3);
        let progress = (1.0 - at.saturating_duration_since(now).as_secs_f64() / delay).clamp(0.0, 1.0);
        let (from, to) = (direction(YOU, players), direction(target, players));
        let along = |a: f64, b: f64| a + (b - a) * progress;
        let point = (cx + along(from.0, to.0) * reach_x, cy + along(from.1, to.1) * reach_y);
        let backs = vec![app.theme.card_back(); cards.len()].join(" ");
        let text = format!("{backs} to {}", app.table.seat_name(target));
        let rect = placed(area, point, text.chars().count() as u16, 1);
        Paragraph::new(Line::styled(text, app.theme.strong())).render(rect, buf);
    }
}

/// One card, five columns by three rows: a frame around rank and suit.
pub(super) fn draw_card(buf: &mut Buffer, x: u16, y: u16, card: Card, face: Style, frame: Style, theme: Theme) {
    let (top, side, bottom) =
        if theme.ascii { ("+---+", "|", "+---+") } else { ("┌───┐", "│", "└───┘") };
    buf.set_string(x, y, top, frame);
    buf.set_string(x, y + 1, side, frame);
    buf.set_string(x + 1, y + 1, format!("{:<2}{}", Theme::rank(card.rank()), theme.suit(card.suit())), face);
    buf.set_string(x + 4, y + 1, side, frame);
    buf.set_string(x, y + 2, bottom, frame);
}

pub(super) fn played_panel(buf: &mut Buffer, area: Rect, app: &App) {
    let theme = app.theme;
    let played = app.game.hand().played();
    // Narrow enough to stay clear of the trick in the middle at 80 columns.
    let rect = Rect::new(area.x, area.y, 30.min(area.width), 6.min(area.height));
    Clear.render(rect, buf);
    let block = Block::bordered().border_set(theme.card_border()).title(" Played (c) ").style(theme.table());
    let inner = block.inner(rect);
    block.render(rect, buf);
    let lines: Vec<Line> = Suit::NOTATION_ORDER
        .iter()
        .map(|&suit| {
            let mut spans = vec![Span::styled(format!("{} ", theme.suit(suit)), theme.suit_ink(suit))];
            for card in CardSet::suit(suit) {
                // One letter a rank (T for ten) keeps the panel narrow.
                let text = format!("{} ", card.rank().letter());
                spans.push(if played.contains(card) {
                    Span::styled(text, theme.strong())
                } else {
                    Span::styled(if theme.ascii { ". " } else { "· " }, theme.quiet())
                });
            }
            Line::from(spans)
        })
        .collect();
    Paragraph::new(lines).render(inner, buf);
}
