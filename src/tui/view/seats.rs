//! The other seats round the table: name, player, points and cards left,
//! placed on an ellipse (South at the bottom, then clockwise).
//!
//! ```text
//!                          Across · normal
//!                          3 pts · total 41
//!                          ▒▒ 12
//!   Left · normal                                        Right · hard
//!   0 pts · total 7                                      0 pts · total 18
//!   ▒▒ 12                                                ▒▒ 12
//! ```

use super::*;

/// Where a seat sits: a unit vector from the table's centre, South at the
/// bottom and the seats going clockwise (Left, then Across, then Right).
pub(super) fn direction(seat: Seat, players: usize) -> (f64, f64) {
    let angle = TAU * seat.index() as f64 / players as f64;
    // Rounded so that seats opposite each other land on the same row.
    let tidy = |v: f64| (v * 1e6).round() / 1e6;
    (tidy(-angle.sin()), tidy(angle.cos()))
}

pub(super) fn centre(area: Rect) -> (f64, f64) {
    (f64::from(area.x) + f64::from(area.width) / 2.0, f64::from(area.y) + f64::from(area.height) / 2.0)
}

/// A rectangle of `width` x `height` centred on a point, kept inside `area`.
pub(super) fn placed(area: Rect, (x, y): (f64, f64), width: u16, height: u16) -> Rect {
    let left = (x - f64::from(width) / 2.0).round().max(f64::from(area.x)) as u16;
    let top = (y - f64::from(height) / 2.0).round().max(f64::from(area.y)) as u16;
    let left = left.min(area.right().saturating_sub(width));
    let top = top.min(area.bottom().saturating_sub(height));
    Rect::new(left, top, width.min(area.width), height.min(area.height))
}

pub(super) fn seats(buf: &mut Buffer, area: Rect, app: &App, now: Instant) {
    let players = app.players();
    let (cx, cy) = centre(area);
    let reach_x = f64::from(area.width) / 2.0 - f64::from(SEAT_WIDTH) / 2.0 - 1.0;
    let reach_y = f64::from(area.height) / 2.0 - 1.5;
    for seat in Seat::all(players).skip(1) {
        let (dx, dy) = direction(seat, players);
        let rect = placed(area, (cx + dx * reach_x, cy + dy * reach_y), SEAT_WIDTH, 3);
        let lines = seat_lines(app, seat, now);
        let alignment = if dx < -0.3 {
            Alignment::Left
        } else if dx > 0.3 {
            Alignment::Right
        } else {
            Alignment::Center
        };
        Paragraph::new(lines).alignment(alignment).render(rect, buf);
    }
}

pub(super) fn seat_lines(app: &App, seat: Seat, now: Instant) -> Vec<Line<'static>> {
    let theme = app.theme;
    let hand = app.game.hand();
    let to_act = app.seat_to_act() == Some(seat) && !app.showing_trick(now) && app.overlay.is_none();
    let name_style = if to_act { theme.active() } else { theme.strong() };
    let level = app.table.players.get(seat.index()).map(|p| p.name()).unwrap_or_default();
    let level: String = level.chars().take(12).collect();
    let mut count = format!("{} {}", theme.card_back(), hand.holding(seat).len());
    if hand.is_out(seat) {
        count = "out of cards".to_string();
    }
    if hand.phase() == HandPhase::Passing && app.game.phase() == GamePhase::InHand {
        count += theme.separator();
        count += if hand.awaits_pass_from(seat) { "passing" } else { "passed" };
    } else if let Some(partner) = app.table.rules.partner(seat) {
        // Partners are named once the passing is over (your line names yours throughout).
        count += theme.separator();
        count += &if partner == YOU { "partner".to_string() } else { format!("with {}", app.table.seat_name(partner)) };
    }

    vec![
        Line::from(vec![
            Span::styled(app.table.seat_name(seat), name_style),
            Span::styled(format!("{}{level}", theme.separator()), theme.quiet()),
        ]),
        Line::raw(format!(
            "{}{}{} {}",
            points(app.points_this_hand(seat)),
            app.theme.separator(),
            app.standing_word(),
            app.standing(seat)
        )),
        Line::styled(count, theme.quiet()),
    ]
}
