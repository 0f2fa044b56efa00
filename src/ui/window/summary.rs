//! The hand just scored: what each seat took, the hand's scores and the
//! totals, what happened (a moon, a Generale, the pot), and the score
//! sheet below. Enter reads on: the next hand once everyone has, or the
//! final standings.
//!
//! ```text
//!          ╭ Hand 2 scored ──────────────────────────╮
//!          │           Took                Hand Total │
//!          │ You       Q♥ J♥ 10♥              +7   22 │
//!          │ ...                                      │
//!          │            [ Enter Next hand ]           │
//!          ╰──────────────────────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::score_sheet::{score_sheet, sheet_width, side_label};
use super::{Outcome, Window, buttons, frame, wrapped};
use crate::request::Request;
use crate::ui::Seen;
use crate::ui::fit::wrap;
use crate::ui::input::{Button, Command, Hits};
use crate::words::hand::hand_events;
use hearts_engine::{Card, GamePhase, Seat, Teams};
use hearts_table::{Intent, Sight};

/// What a key does to the window.
pub fn key(command: Command, _: &Sight) -> Outcome {
    match command {
        Command::Confirm | Command::Mark | Command::Dismiss | Command::Button(Button::Continue) => {
            Outcome::Ask(Request::Table(Intent::Continue))
        }
        Command::Quit => Outcome::Open(Window::ConfirmQuit),
        _ => Outcome::Stay,
    }
}

/// What Enter does at a hand's summary, for its button and the key line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnterDoes {
    /// The game is over: on to its final standings.
    FinalStandings,
    /// A watcher moves no hand along: it only puts the scores away.
    Close,
    /// A seat reads on to the next hand.
    NextHand,
}

/// What Enter does at a hand's summary for this person.
pub fn enter_does(sight: &Sight) -> EnterDoes {
    if sight.phase == GamePhase::GameOver || sight.scores.finish.is_some() {
        EnterDoes::FinalStandings
    } else if sight.seat.is_none() {
        EnterDoes::Close
    } else {
        EnterDoes::NextHand
    }
}

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, app: &Seen<'_>, hits: &mut Hits) -> Rect {
    let theme = app.viewer.theme;
    let players = app.players();
    let Some(record) = app.scores.history.last() else {
        return frame(buf, area, 40, 4, "Hand over", theme).0;
    };
    let rules = app.rules();
    let scoring = app.play.scoring_cards;
    let (gain, standing) = if record.chips.is_some() { ("Chips", "Stack") } else { ("Hand", "Total") };
    let mut lines = vec![Line::styled(format!(" {:<10}{:<34}{gain:>6}{standing:>7}", "", "Took"), theme.strong())];
    for seat in Seat::all(players) {
        let taken = app.play.taken[seat.index()].iter().filter(|&card| scoring.contains(card));
        // With two packs a card taken twice is shown twice.
        let mut shown: Vec<Card> = taken.collect();
        shown.reverse();
        // The whole list, on as many lines as it takes (a moon's is long).
        let mut took = wrap(&theme.cards(shown), 33, 0);
        if took == [""] {
            took = vec!["-".to_string()];
        }
        let (score, total) = match record.chips {
            Some(settled) => (settled.change[seat], settled.after.stacks[seat].to_string()),
            // A combined team's score is on the team's line: here what the seat took.
            None if rules.teams == Teams::Combined => (record.result.points_taken[seat], String::new()),
            None => (record.scores[seat], record.totals[seat].to_string()),
        };
        for (i, part) in took.into_iter().enumerate() {
            let name = if i == 0 { app.name(seat) } else { String::new() };
            let mut spans = vec![Span::raw(format!(" {name:<10}{part:<34}"))];
            if i == 0 {
                spans.push(Span::styled(format!("{score:>+6}{total:>7}"), theme.strong()));
            }
            lines.push(Line::from(spans));
        }
    }
    if rules.teams != Teams::Off {
        for side in 0..rules.side_count() {
            let score = rules.side_total(&record.scores, side);
            let total = rules.side_total(&record.totals, side);
            let name = side_label(app, side, 43);
            lines.push(Line::styled(format!(" {name:<44}{score:>+6}{total:>7}"), theme.strong()));
        }
    }
    let width = 66.max(sheet_width(app, area.width));
    for line in hand_events(app, |card| theme.card(card), record) {
        lines.extend(wrapped(&line, width.min(area.width), theme.warning()));
    }
    lines.push(Line::raw(""));
    let room = area.height.saturating_sub(lines.len() as u16 + 5) as usize;
    lines.extend(score_sheet(app, room, area.width));
    let height = lines.len() as u16 + 4;
    let (rect, inner) = frame(buf, area, width, height, &format!("Hand {} scored", app.hand.number), theme);
    Paragraph::new(lines).render(inner, buf);
    let label = match enter_does(app) {
        EnterDoes::FinalStandings => "Enter Final standings",
        EnterDoes::Close => "Enter Close",
        EnterDoes::NextHand => "Enter Next hand",
    };
    buttons(buf, inner, &[(label, Button::Continue)], Some(Button::Continue), theme, hits);
    rect
}
