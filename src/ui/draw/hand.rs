//! Your seat: the line with your points and buttons, and your hand.
//!
//! ```text
//!  You · 0 pts · total 12 · passed Q♠ A♥ K♥ to Left        [ PASS ]
//!  ┌───┐ ┌───┐ ┌───┐ ...   sorted by suit then rank, marked cards raised
//!  │2 ♣│ │7 ♣│ │Q ♦│
//!  └───┘ └───┘ └───┘
//! ```

use super::trick::{covered_corner, draw_card};
use super::*;
use hearts_engine::CardBag;

pub(super) fn your_line(buf: &mut Buffer, area: Rect, app: &Seen<'_>, hits: &mut Hits) {
    let theme = app.viewer.theme;
    let Some(me) = app.seat else {
        // A watcher sees South's place at the bottom, but not its hand.
        let south = Seat::SOUTH;
        let line = Line::from(vec![
            Span::styled(format!(" {}", app.name(south)), theme.strong()),
            Span::raw(format!(
                "{sep}{}{sep}{} {}",
                points(app.play.points[south.index()]),
                app.standing_word(),
                app.scores.standings[south],
                sep = theme.separator()
            )),
            Span::styled(format!("{}you are watching", theme.separator()), theme.quiet()),
        ]);
        draw_line(buf, area, &line);
        return;
    };
    let to_act = app.to_act() && app.viewer.window.is_none();
    let name_style = if to_act { theme.active() } else { theme.strong() };
    let mut spans = vec![
        Span::styled(" You", name_style),
        Span::raw(format!(
            "{sep}{}{sep}{} {}",
            points(app.play.points[me.index()]),
            app.standing_word(),
            app.scores.standings[me],
            sep = app.viewer.theme.separator()
        )),
    ];
    if let Some(partner) = app.rules().partner(me) {
        let rules = app.rules();
        let mut text = format!("{}with {}", theme.separator(), app.name(partner));
        if rules.teams == hearts_engine::Teams::Individual {
            // Your own total is above; the team's decides the game.
            text += &format!("{}team {}", theme.separator(), app.side_standing(rules.side(me)));
        }
        spans.push(Span::styled(text, theme.strong()));
    }
    // What you passed stays in view for the hand.
    // (Both copies where you passed two.)
    let passed = app.own.as_ref().map_or(CardBag::EMPTY, |own| own.passed);
    if app.hand.phase != HandPhase::Passing && !passed.is_empty() {
        let target = app.name(app.hand.pass_targets[me.index()]);
        let text = format!("{}passed {} to {target}", theme.separator(), theme.cards(passed.iter()));
        spans.push(Span::styled(text, theme.quiet()));
    }
    let line = Line::from(spans);
    draw_line(buf, area, &line);
    let mut right = area.right();
    let mut button = |label: &str, which: Button, ready: bool| {
        let width = label.chars().count() as u16;
        right = right.saturating_sub(width + 1);
        let rect = Rect::new(right, area.y, width, 1);
        buf.set_string(rect.x, rect.y, label, theme.button(ready));
        hits.buttons.push((rect, which));
    };
    if app.is_passing() {
        let ready = app.viewer.marked.len() == app.hand.pass_count;
        button("[ PASS ]", Button::Pass, ready);
    }
    if app.hand.can_play_out {
        button("[ PLAY OUT ]", Button::PlayOut, true);
    }
}

pub(super) fn your_hand(buf: &mut Buffer, area: Rect, app: &Seen<'_>, size: CardSize, hits: &mut Hits) {
    let theme = app.viewer.theme;
    let Some(own) = &app.own else { return };
    let slots = &own.row;
    let held = slots.iter().filter(|(_, position)| position.is_some()).count();
    if held == 0 {
        return;
    }
    let count = slots.len() as u16;
    let step = (area.width.saturating_sub(2) / count).clamp(3, size.width + 1);
    let width = step * (count - 1) + size.width;
    let left = area.x + area.width.saturating_sub(width) / 2;
    // Dimmed as soon as the turn comes (a card may be led while the last trick is on show), as the cursor skips them.
    let your_turn = app.plays_now();
    let legal = if your_turn { own.legal } else { CardSet::DECK | CardSet::JOKERS };
    let cursor = app.viewer.cursor.min(held - 1);
    for (i, &(card, position)) in slots.iter().enumerate() {
        // The slot of the card just played is left empty.
        let Some(position) = position else { continue };
        // Two packs: the first copy of a card held twice is marked first.
        let copy = slots[..i].iter().filter(|&&(other, held)| other == card && held.is_some()).count();
        let x = left + step * i as u16;
        let raised = copy < app.viewer.marked.count(card) || own.queued == Some(card);
        let y = if raised { area.y } else { area.y + 1 };
        let face = if legal.contains(card) { theme.card_face(card) } else { theme.dimmed_face(card) };
        let frame = if position == cursor {
            theme.cursor()
        } else if raised || app.viewer.hint.contains(card) || own.new.contains(card) {
            theme.marked()
        } else {
            theme.frame()
        };
        // Without colour a card you may not play is told by its dashed frame, not by faint text alone.
        let border = if legal.contains(card) { theme.card_border() } else { theme.unplayable_border() };
        draw_card(buf, x, y, card, face, (frame, border), theme, size);
        let covered = slots.get(i + 1).is_some_and(|(_, next)| next.is_some());
        covered_corner(buf, (x, y), card, face, theme, if covered { step } else { size.width });
        let mark_row = y + size.height - 1;
        if own.new.contains(card) {
            buf.set_string(x + 1, mark_row, "new", theme.marked());
        } else if app.viewer.hint.contains(card) {
            buf.set_string(x + 1, mark_row, "hnt", theme.marked());
        } else if own.queued == Some(card) {
            buf.set_string(x + 1, mark_row, "que", theme.marked());
        }
        // The visible part of a card is what the next card does not cover.
        let visible = if i + 1 < slots.len() { step.min(size.width) } else { size.width };
        hits.cards.push((Rect::new(x, area.y, visible, size.height + 1), card));
    }
}
