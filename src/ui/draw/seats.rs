//! The other seats round the table: name, player, points and cards left,
//! placed on an ellipse (South at the bottom, then clockwise). On a big
//! terminal each seat shows what a player at a real table sees: its hand
//! as a fan of card backs, the penalty cards it has taken, and the passes
//! between it and you (the cards you passed it, the cards it passed you).
//!
//! ```text
//!                          Across · normal
//!                          3 pts · total 41
//!                          ▒▒ 12
//!   Left · normal                                        Right · hard
//!   0 pts · total 7                                      0 pts · total 18
//!   ▒▒ 12                                                ▒▒ 12
//!
//!   on a big terminal:
//!   Left · normal
//!   1 pt · total 16
//!   ┌┬┬┬┬┬┬┬┬──┐
//!   │││││││││▒▒│ 9
//!   └┴┴┴┴┴┴┴┴──┘
//!   took Q♠ 7♥ 5♥
//!   passed you 3♣ 4♦ 5♥
//! ```

use super::place::{MOST_ON_AN_ELLIPSE, card_rect, centre, direction, placed, trick_reach};
use super::*;
use hearts_table::sight::AtSeat;

/// How much a seat's label holds: the brief three lines ("▒▒ 13"), or a
/// fan of card backs (one row, or three) and lines of notes below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Detail {
    /// Rows of the fan of card backs; 0 for the brief label.
    fan: u16,
    /// Lines below the fan: what the seat took, the passes you know of.
    notes: u16,
}

impl Detail {
    /// Name, points, and the card count beside a card back.
    const BRIEF: Detail = Detail { fan: 0, notes: 0 };

    /// From the richest to the leanest, for a big terminal.
    const BIG: [Detail; 7] = [
        Detail { fan: 3, notes: 4 },
        Detail { fan: 3, notes: 3 },
        Detail { fan: 1, notes: 4 },
        Detail { fan: 1, notes: 3 },
        Detail { fan: 3, notes: 2 },
        Detail { fan: 1, notes: 2 },
        Detail::BRIEF,
    ];

    /// The label's height in rows.
    pub(super) fn height(self) -> u16 {
        2 + self.fan.max(1) + self.notes
    }
}

/// Where a seat's label is centred. Up to seven players sit on an ellipse
/// through the table's edges. At a bigger table (two packs) the ellipse
/// would stack the labels at the top on each other, so the seats go round
/// the edge instead: up the left side, along the top, down the right.
fn seat_point(area: Rect, seat: Seat, players: usize, height: u16) -> (f64, f64) {
    let (cx, cy) = centre(area);
    let half_height = f64::from(height) / 2.0;
    if players <= MOST_ON_AN_ELLIPSE {
        let reach_x = f64::from(area.width) / 2.0 - f64::from(SEAT_WIDTH) / 2.0 - 1.0;
        let reach_y = f64::from(area.height) / 2.0 - half_height;
        let (dx, dy) = direction(seat, players);
        return (cx + dx * reach_x, cy + dy * reach_y);
    }
    let others = players - 1;
    let top = if others.is_multiple_of(2) { 2 } else { 1 };
    let side = (others - top) / 2;
    // Rows on the sides: below the top row's labels, up from the bottom.
    let (highest, lowest) =
        (f64::from(area.y) + f64::from(height) + half_height, f64::from(area.bottom()) - half_height);
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
        (f64::from(area.x) + f64::from(area.width) * along, f64::from(area.y) + half_height)
    } else {
        (f64::from(area.right()) - half, row(others - 1 - from_left))
    }
}

/// Where the label of each place but the bottom one goes, with labels
/// `height` rows tall.
fn seat_rects(area: Rect, players: usize, height: u16) -> Vec<(Seat, Rect)> {
    Seat::all(players)
        .skip(1)
        .map(|seat| (seat, placed(area, seat_point(area, seat, players, height), SEAT_WIDTH, height)))
        .collect()
}

/// The richest labels that fit: on a big terminal, the first whose text
/// overlaps neither another label nor the place of a card of the trick.
pub(super) fn detail_for(app: &Seen<'_>, area: Rect, big: bool, trick_size: CardSize) -> Detail {
    if !big {
        return Detail::BRIEF;
    }
    let players = app.players();
    let fits = |detail: Detail| {
        let labels = labels(app, area, detail);
        if labels.iter().any(|(rect, _, _)| rect.height < detail.height()) {
            return false;
        }
        let reach = trick_reach(area, players, trick_size, detail.height());
        let cards: Vec<Rect> =
            Seat::all(players).map(|seat| card_rect(area, seat, players, trick_size, reach, detail.height())).collect();
        let texts: Vec<Rect> =
            labels.iter().map(|(rect, lines, alignment)| text_rect(*rect, lines, *alignment)).collect();
        // Labels keep a blank row and column between them, to read apart.
        let spaced = |text: &Rect| Rect { width: text.width + 1, height: text.height + 1, ..*text };
        texts.iter().enumerate().all(|(i, text)| {
            texts[i + 1..].iter().all(|other| !spaced(text).intersects(spaced(other)))
                && cards.iter().all(|card| !text.intersects(*card))
        })
    };
    Detail::BIG.into_iter().find(|&detail| fits(detail)).unwrap_or(Detail::BRIEF)
}

/// Each other seat's label: where it goes, its lines, and how they align
/// (towards the table's edge the seat is at).
fn labels(app: &Seen<'_>, area: Rect, detail: Detail) -> Vec<(Rect, Vec<Line<'static>>, Alignment)> {
    let players = app.players();
    seat_rects(area, players, detail.height())
        .into_iter()
        .map(|(place, rect)| {
            let seat = app.seat_at(place);
            let (dx, _) = direction(place, players);
            let alignment = if dx < -0.3 {
                Alignment::Left
            } else if dx > 0.3 {
                Alignment::Right
            } else {
                Alignment::Center
            };
            (rect, seat_lines(app, seat, detail), alignment)
        })
        .collect()
}

/// The part of a label's rectangle its text covers.
fn text_rect(rect: Rect, lines: &[Line], alignment: Alignment) -> Rect {
    let width = lines.iter().map(Line::width).max().unwrap_or(0).min(usize::from(rect.width)) as u16;
    let x = match alignment {
        Alignment::Left => rect.x,
        Alignment::Right => rect.right() - width,
        Alignment::Center => rect.x + (rect.width - width) / 2,
    };
    Rect::new(x, rect.y, width, (lines.len() as u16).min(rect.height))
}

pub(super) fn seats(buf: &mut Buffer, area: Rect, app: &Seen<'_>, detail: Detail) {
    for (rect, lines, alignment) in labels(app, area, detail) {
        draw_lines(buf, rect, &lines, alignment);
    }
}

pub(super) fn seat_lines(app: &Seen<'_>, seat: Seat, detail: Detail) -> Vec<Line<'static>> {
    let theme = app.viewer.theme;
    let to_act = app.hand.to_act == Some(seat) && !app.play.showing_trick && app.viewer.window.is_none();
    let name_style = if to_act { theme.active() } else { theme.strong() };
    // A person's seat says whether they are here; a bot's, its level.
    let level = match app.at_seats.get(seat.index()) {
        Some(AtSeat::Person { here: false, .. }) => "away".to_string(),
        Some(AtSeat::Person { .. }) => "here".to_string(),
        _ => app.setup.players.get(seat.index()).map(|p| p.name()).unwrap_or_default(),
    };
    let level: String = level.chars().take(12).collect();
    let held = app.hand.held[seat.index()];
    let mut state = String::new();
    if app.hand.out[seat.index()] {
        state = "out of cards".to_string();
    } else if app.hand.phase == HandPhase::Passing && app.phase == GamePhase::InHand {
        state = if app.hand.choosing_pass.contains(&seat) { "passing" } else { "passed" }.to_string();
    } else if let Some(partner) = app.rules().partner(seat) {
        // Partners are named once the passing is over (your line names yours throughout).
        state = if app.is_mine(partner) { "partner".to_string() } else { format!("with {}", app.name(partner)) };
    }

    let mut lines = vec![
        Line::from(vec![
            Span::styled(app.name(seat), name_style),
            Span::styled(format!("{}{level}", theme.separator()), theme.quiet()),
        ]),
        Line::raw(format!(
            "{}{}{} {}",
            points(app.play.points[seat.index()]),
            app.viewer.theme.separator(),
            app.standing_word(),
            app.scores.standings[seat]
        )),
    ];
    if detail == Detail::BRIEF {
        let mut count = format!("{} {held}", theme.card_back());
        if app.hand.out[seat.index()] {
            count.clear();
        }
        let joined = [count, state].into_iter().filter(|part| !part.is_empty()).collect::<Vec<_>>();
        lines.push(Line::styled(joined.join(theme.separator()), theme.quiet()));
        return lines;
    }
    let mut fan = fan_of_backs(held, detail.fan, theme);
    let mut notes = Vec::new();
    if !state.is_empty() {
        // Beside a one-row fan where it fits, else on a line of its own.
        let beside = format!("{}{state}", theme.separator());
        match fan.last_mut() {
            Some(row) if detail.fan == 1 && row.width() + beside.chars().count() <= usize::from(SEAT_WIDTH) => {
                row.spans.push(Span::styled(beside, theme.quiet()));
            }
            _ => notes.push(Line::styled(state, theme.quiet())),
        }
    }
    notes.extend(seat_notes(app, seat));
    notes.truncate(usize::from(detail.notes));
    lines.extend(fan);
    lines.extend(notes);
    lines
}

/// The most card backs drawn in a fan; the count says how many there are.
const MOST_BACKS: usize = 16;

/// A hand held face down: `rows` 3 draws the cards' edges fanned out with
/// the last card's back showing, 1 a row of backs; the count beside it.
fn fan_of_backs(held: usize, rows: u16, theme: Theme) -> Vec<Line<'static>> {
    let backs = held.min(MOST_BACKS);
    let count = format!(" {held}");
    let back = if theme.ascii { "#" } else { "▒" };
    if held == 0 {
        return vec![Line::styled("no cards", theme.quiet())];
    }
    if rows < 3 {
        return vec![Line::from(vec![
            Span::styled(back.repeat(backs), theme.frame()),
            Span::styled(count, theme.quiet()),
        ])];
    }
    let (edges, top, bottom, side) =
        if theme.ascii { ("|", ("+", "-"), ("+", "-"), "|") } else { ("│", ("┬", "─"), ("┴", "─"), "│") };
    let (top_left, top_right, bottom_left, bottom_right) =
        if theme.ascii { ("+", "+", "+", "+") } else { ("┌", "┐", "└", "┘") };
    let pad = " ".repeat(count.chars().count());
    let behind = backs - 1;
    vec![
        Line::styled(format!("{top_left}{}{}{top_right}{pad}", top.0.repeat(behind), top.1.repeat(2)), theme.frame()),
        Line::from(vec![
            Span::styled(format!("{}{back}{back}{side}", edges.repeat(behind + 1)), theme.frame()),
            Span::styled(count, theme.quiet()),
        ]),
        Line::styled(
            format!("{bottom_left}{}{}{bottom_right}{pad}", bottom.0.repeat(behind), bottom.1.repeat(2)),
            theme.frame(),
        ),
    ]
}

/// What you know of a seat's cards beyond its count: the penalty cards it
/// has taken this hand, the cards it passed you, the cards you passed it
/// (each once the exchange is made, as you see them at a real table).
fn seat_notes(app: &Seen<'_>, seat: Seat) -> Vec<Line<'static>> {
    let scoring = app.play.scoring_cards;
    let mut notes = Vec::new();
    let mut took: Vec<Card> = app.play.taken[seat.index()].iter().filter(|&card| scoring.contains(card)).collect();
    took.reverse();
    notes.extend(card_lines("took", &took, 2, app.viewer.theme));
    if let Some(own) = app.own.as_ref().filter(|_| app.hand.phase != HandPhase::Passing) {
        let me = own.seat;
        if app.hand.pass_targets[seat.index()] == me && seat != me {
            let gave: Vec<Card> = own.received.iter().collect();
            notes.extend(card_lines("passed you", &gave, 1, app.viewer.theme));
        }
        if app.hand.pass_targets[me.index()] == seat {
            let yours: Vec<Card> = own.passed.iter().collect();
            notes.extend(card_lines("you passed", &yours, 1, app.viewer.theme));
        }
    }
    notes
}

/// `label` and the cards in at most `most` lines of the seat's width (the
/// cards left over counted at the end); nothing for no cards.
fn card_lines(label: &str, cards: &[Card], most: usize, theme: Theme) -> Vec<Line<'static>> {
    if cards.is_empty() {
        return Vec::new();
    }
    let width = usize::from(SEAT_WIDTH);
    let mut lines: Vec<Vec<Span<'static>>> = vec![vec![Span::styled(label.to_string(), theme.quiet())]];
    let mut used = label.chars().count();
    for (i, &card) in cards.iter().enumerate() {
        let text = theme.card(card);
        let left = cards.len() - i - 1;
        // The last line keeps room for "+N" when cards would be left over.
        let reserve = if lines.len() == most && left > 0 { format!(" +{left}").len() } else { 0 };
        if used + 1 + text.chars().count() + reserve > width {
            if lines.len() == most {
                let rest = cards.len() - i;
                lines.last_mut().expect("a line").push(Span::styled(format!(" +{rest}"), theme.quiet()));
                break;
            }
            lines.push(Vec::new());
            used = 0;
        } else {
            lines.last_mut().expect("a line").push(Span::raw(" "));
            used += 1;
        }
        used += text.chars().count();
        lines.last_mut().expect("a line").push(Span::styled(text, theme.suit_ink(card.suit())));
    }
    lines.into_iter().map(Line::from).collect()
}
