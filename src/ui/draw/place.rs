//! Where things lie on the table: each seat's direction from the centre,
//! a rectangle placed round a point, and where a seat's card of the trick
//! lies. The seats (`seats.rs`) and the trick (`trick.rs`) both place by it.

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
pub(super) const MOST_ON_AN_ELLIPSE: usize = 7;

/// How far from the centre each seat's card of the trick lies: on a big
/// table the trick spreads out with the cards, as far as the seats' labels
/// (`seat_height` rows, SEAT_WIDTH wide, on an ellipse through the table's
/// edges) allow.
pub(super) fn trick_reach(area: Rect, players: usize, size: CardSize, seat_height: u16) -> (f64, f64) {
    match (size == CardSize::LARGE, players > 4) {
        (false, false) => (9.0, 3.0),
        // Eight to eleven seats go round the edge: the trick has the middle,
        // a ring tall enough that the cards at its sides clear each other and
        // narrow enough that the top ones clear the labels above.
        (false, true) if players > 7 => (10.0, 6.0),
        (false, true) => (11.0, 4.0),
        (true, many) => {
            let half_label = f64::from(seat_height) / 2.0;
            let seats_x = f64::from(area.width) / 2.0 - f64::from(SEAT_WIDTH) / 2.0 - 1.0;
            let seats_y = f64::from(area.height) / 2.0 - half_label;
            let clear_x = seats_x - f64::from(SEAT_WIDTH) / 2.0 - f64::from(size.width) / 2.0 - 2.0;
            let clear_y = seats_y - half_label - f64::from(size.height) / 2.0 - 1.0;
            // Eight to eleven cards need a taller ring, or those at the sides
            // overlap.
            let (want_x, want_y): (f64, f64) = match (many, players > 7) {
                (true, true) => (20.0, 10.0),
                (true, false) => (17.0, 6.0),
                (false, _) => (14.0, 5.0),
            };
            (want_x.min(clear_x).max(9.0), want_y.min(clear_y).max(3.0))
        }
    }
}

/// Where a seat's card of the trick lies. Where the seats go round the
/// edge, the card of a seat at the top middle lies below its label
/// (`seat_height` rows), not over it.
pub(super) fn card_rect(
    area: Rect,
    seat: Seat,
    players: usize,
    size: CardSize,
    (reach_x, reach_y): (f64, f64),
    seat_height: u16,
) -> Rect {
    let (cx, cy) = centre(area);
    let (dx, dy) = direction(seat, players);
    let mut rect = placed(area, (cx + dx * reach_x, cy + dy * reach_y), size.width, size.height);
    if players > MOST_ON_AN_ELLIPSE && dx.abs() < 0.1 && dy < 0.0 {
        rect.y = rect.y.max(area.y + seat_height).min(area.bottom().saturating_sub(rect.height));
    }
    rect
}
