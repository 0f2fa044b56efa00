//! The auction won: the penalty suit to name.
//!
//! ```text
//!   ╭ Name the penalty suit ───────────────────────────────────╮
//!   │ You won the auction for 3: each card of the suit you     │
//!   │  [ ♣ clubs ]  [ ♦ diamonds ]  [ ♠ spades ]  [ ♥ hearts ] │
//!   ╰──────────────────────────────────────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::{Outcome, buttons, frame, step_aside};
use crate::request::Request;
use crate::ui::Seen;
use crate::ui::input::{Button, Command, Hits};
use hearts_engine::Suit;
use hearts_table::Intent;

/// What a key does to the window.
pub fn key(selected: &mut Suit, command: Command) -> Outcome {
    let index = Suit::ALL.iter().position(|suit| suit == selected).unwrap_or(0);
    let answer = match command {
        Command::Left => {
            *selected = Suit::ALL[(index + 3) % 4];
            return Outcome::Stay;
        }
        Command::Right => {
            *selected = Suit::ALL[(index + 1) % 4];
            return Outcome::Stay;
        }
        Command::Confirm | Command::Mark => *selected,
        Command::Button(Button::Suit(suit)) => suit,
        _ => return step_aside(command),
    };
    Outcome::Ask(Request::Table(Intent::NameSuit(answer)))
}

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, seen: &Seen, selected: Suit, hits: &mut Hits) -> Rect {
    let theme = seen.viewer.theme;
    let (rect, inner) = frame(buf, area, 60, 7, "Name the penalty suit", theme);
    let bid = seen.hand.high_bid.map_or(0, |bid| bid.chips);
    let text = vec![
        Line::raw(format!(" You won the auction for {bid}: each card of the suit you")),
        Line::raw(" name is worth 1, and it replaces hearts in every rule."),
    ];
    Paragraph::new(text).render(inner, buf);
    let labels: Vec<String> = Suit::ALL.iter().map(|&suit| format!("{} {}", theme.suit(suit), suit.name())).collect();
    let row: Vec<(&str, Button)> =
        labels.iter().zip(Suit::ALL).map(|(label, suit)| (label.as_str(), Button::Suit(suit))).collect();
    buttons(buf, inner, &row, Some(Button::Suit(selected)), theme, hits);
    rect
}
