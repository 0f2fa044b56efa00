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

/// The most players seated on an ellipse; bigger tables go round the edge.
const MOST_ON_AN_ELLIPSE: usize = 7;

/// Where a seat's label is centred. Up to seven players sit on an ellipse
/// through the table's edges. At a bigger table (two packs) the ellipse
/// would stack the labels at the top on each other, so the seats go round
/// the edge instead: up the left side, along the top, down the right.
fn seat_point(area: Rect, seat: Seat, players: usize) -> (f64, f64) {
    let (cx, cy) = centre(area);
    if players <= MOST_ON_AN_ELLIPSE {
        let reach_x = f64::from(area.width) / 2.0 - f64::from(SEAT_WIDTH) / 2.0 - 1.0;
        let reach_y = f64::from(area.height) / 2.0 - 1.5;
        let (dx, dy) = direction(seat, players);
        return (cx + dx * reach_x, cy + dy * reach_y);
    }
    let others = players - 1;
    let top = if others.is_multiple_of(2) { 2 } else { 1 };
    let side = (others - top) / 2;
    // Rows on the sides: below the top row's three lines, up from the bottom.
    let (highest, lowest) = (f64::from(area.y) + 4.5, f64::from(area.bottom()) - 1.5);
    let row = |up: usize| match side {
        1 => (highest + lowest) / 2.0,
        _ => lowest - (lowest - highest) * up as f64 / (side - 1) as f64,
    };
    let half = f64::from(SEAT_WIDTH) / 2.0;
    let from_left = seat.index() - 1;
    if from_left < side {
        (f64::from(area.x) + half, row(from_left))
    } else if from_left < side + top {
        let along = (from_left - side + 1) as f64 / (top + 1) as f64;
        (f64::from(area.x) + f64::from(area.width) * along, f64::from(area.y) + 1.5)
    } else {
        (f64::from(area.right()) - half, row(others - 1 - from_left))
    }
}

pub(super) fn seats(buf: &mut Buffer, area: Rect, app: &App, now: Instant) {
    let players = app.players();
    for seat in Seat::all(players).skip(1) {
        let (dx, _) = direction(seat, players);
        let rect = placed(area, seat_point(area, seat, players), SEAT_WIDTH, 3);
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
    let mut count = format!("{} {}", theme.card_back(), hand.hand_of(seat).len());
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
