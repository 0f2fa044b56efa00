//! The auction, this person's turn: chips bid for the right to name the
//! penalty suit, or a pass.
//!
//! ```text
//!   ╭ The auction ─────────────────────────────────────────────╮
//!   │ Bid chips for the right to name the penalty suit and     │
//!   │ Your bid: < 3 >                                          │
//!   │            [ Enter Bid 3 ]  [ n Pass ]                  │
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
use hearts_table::{Intent, Question, Sight};

/// What a key does to the window.
pub fn key(offer: &mut u32, command: Command, sight: &Sight) -> Outcome {
    let (least, most) = match sight.own.as_ref().and_then(|own| own.question) {
        Some(Question::Bid { least, most }) => (least, most),
        _ => (*offer, *offer),
    };
    let answer = match command {
        Command::Left | Command::Down => {
            *offer = offer.saturating_sub(1).max(least);
            return Outcome::Stay;
        }
        Command::Right | Command::Up => {
            *offer = (*offer + 1).min(most);
            return Outcome::Stay;
        }
        Command::Confirm | Command::Mark | Command::Yes | Command::Button(Button::Yes) => Some(*offer),
        Command::New | Command::Cancel | Command::Button(Button::No) => None,
        _ => return step_aside(command),
    };
    Outcome::Ask(Request::Table(Intent::Bid(answer)))
}

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, seen: &Seen, offer: u32, hits: &mut Hits) -> Rect {
    let theme = seen.viewer.theme;
    let (rect, inner) = frame(buf, area, 60, 9, "The auction", theme);
    let high = match seen.hand.high_bid {
        Some(bid) => format!(" Highest bid: {} by {}.", bid.chips, seen.name(bid.seat)),
        None => " Nobody has bid yet.".to_string(),
    };
    let chips = seen.own.as_ref().map_or(0, |own| own.chips);
    let text = vec![
        Line::raw(" Bid chips for the right to name the penalty suit and"),
        Line::raw(" lead; the winner pays the bid into the pot."),
        Line::raw(format!("{high} You have {chips} chips.")),
        Line::styled(format!(" Your bid: < {offer} >"), theme.strong()),
    ];
    Paragraph::new(text).render(inner, buf);
    let bid = format!("Enter Bid {offer}");
    let row = [(bid.as_str(), Button::Yes), ("n Pass", Button::No)];
    buttons(buf, inner, &row, Some(Button::Yes), theme, hits);
    rect
}
