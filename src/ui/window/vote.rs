//! A new game proposed in the middle of one: this person's yes or no.
//!
//! ```text
//!   ╭ A new game? ─────────────────────────────────────────╮
//!   │ alice proposes a new game: omnibus, not black-lady;  │
//!   │   target-score 30, not 100.                          │
//!   │ Agreed: alice. Waiting for: bob, you.                │
//!   │          [ y Agree ]  [ n Decline ]                  │
//!   ╰──────────────────────────────────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::{Outcome, buttons, frame, wrapped};
use crate::request::Request;
use crate::ui::Seen;
use crate::ui::input::{Button, Command, Hits};
use hearts_table::Intent;

/// What a key does to the window.
pub fn key(command: Command) -> Outcome {
    match command {
        // Only its letter agrees: Enter, pressed to play a card, must not.
        Command::Yes | Command::Button(Button::Yes) => Outcome::Ask(Request::Table(Intent::Vote(true))),
        Command::New | Command::Cancel | Command::Button(Button::No) => {
            Outcome::Ask(Request::Table(Intent::Vote(false)))
        }
        _ => Outcome::Stay,
    }
}

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, seen: &Seen, hits: &mut Hits) -> Rect {
    const WIDTH: u16 = 64;
    let theme = seen.viewer.theme;
    let mut lines = Vec::new();
    if let Some(proposal) = &seen.proposal {
        let width = WIDTH.min(area.width);
        let text = format!("{} proposes {}.", proposal.by, proposal.game_words());
        lines.extend(wrapped(&text, width, theme.strong()));
        if !proposal.dropped.is_empty() {
            let text = format!("It has no seat for {}: they would watch.", proposal.dropped.join(", "));
            lines.extend(wrapped(&text, width, theme.warning()));
        }
        let text = format!("Agreed: {}. Waiting for: {}.", proposal.agreed.join(", "), proposal.waiting.join(", "));
        lines.extend(wrapped(&text, width, theme.quiet()));
    }
    lines.push(Line::raw(""));
    let frees = seen.proposal.as_ref().is_some_and(|proposal| proposal.frees.is_some());
    let title = if frees { "Let the seat go?" } else { "A new game?" };
    let (rect, inner) = frame(buf, area, WIDTH, lines.len() as u16 + 3, title, theme);
    Paragraph::new(lines).render(inner, buf);
    buttons(buf, inner, &[("y Agree", Button::Yes), ("n Decline", Button::No)], None, theme, hits);
    rect
}
